#!/usr/bin/env bash
# Runs the GPU checks of issue 8 on a machine with a GPU, from the binaries
# scripts/gpu-bundle.sh put in .gpu/: every kernel and adjoint through
# `launch` against `launch_cpu`, the stencil example, the kernel
# benchmark (primal and adjoint times, adjoint/primal), and the rayon
# problems of the benchmark suite in pools of 1, 2, 4, ... all cores (the
# thread table). Output goes to stdout and to $OUT/gpu.log (or
# .gpu/gpu.log), the suite's medians to results.json beside it, which
# `cargo run --release -p parad-bench-report -- --data DIR` turns into the
# report's tables.
set -uo pipefail
cd "$(dirname "$0")/.."
log="${OUT:-.gpu}/gpu.log"
exec > >(tee "$log") 2>&1

# cudarc opens libcuda and libnvrtc by name: add the folders that hold
# them (the CUDA toolkit, the driver, Python's NVIDIA wheels) to the path.
dirs=$(find /usr/local/cuda*/lib64 /usr/local/cuda*/targets/*/lib /usr/local/nvidia/lib64 /usr/lib/x86_64-linux-gnu \
    /opt /usr/local/lib/python3*/dist-packages/nvidia 2>/dev/null \
    -not -path '*stubs*' \( -name 'libnvrtc.so*' -o -name 'libcuda.so*' \) -printf '%h\n' | sort -u | tr '\n' ':')
export LD_LIBRARY_PATH="${dirs}${LD_LIBRARY_PATH:-}"
echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
# cudarc tries libnvrtc.so and libnvrtc.so.12 and older: point a
# libnvrtc.so at a newer one where only that exists.
folders=${dirs//:/ }
if ! find $folders -maxdepth 1 -name libnvrtc.so 2>/dev/null | grep -q .; then
    newest=$(find $folders -maxdepth 1 -name 'libnvrtc.so.*' 2>/dev/null | sort -V | tail -1)
    if [ -n "$newest" ]; then
        mkdir -p .gpu/lib && ln -sf "$newest" .gpu/lib/libnvrtc.so
        export LD_LIBRARY_PATH="$PWD/.gpu/lib:$LD_LIBRARY_PATH"
        echo "libnvrtc.so -> $newest"
    fi
fi
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv || true

status=0
echo "== kernels_gpu: launch against launch_cpu"
.gpu/kernels_gpu --nocapture --test-threads 1 || status=1
# A GPU that nvidia-smi sees but cudarc does not (a stub libcuda first on
# the path, say) would make every test skip and pass: fail instead.
if nvidia-smi -L >/dev/null 2>&1 && grep -q "SKIPPED: no usable GPU" "$log"; then
    echo "gpu-run: nvidia-smi lists a GPU but the tests found none usable"
    status=1
fi
echo "== kernel_stencil example"
.gpu/kernel_stencil || status=1
echo "== kernels benchmark"
CRITERION_HOME="$PWD/.gpu/criterion" .gpu/kernels_bench --bench --warm-up-time 1 --measurement-time 3 || status=1
echo "== rayon problems, pools of 1 to $(nproc) threads"
threads=1
for (( t = 2; t < $(nproc); t *= 2 )); do threads+=",$t"; done
(( $(nproc) > 1 )) && threads+=",$(nproc)"
PARAD_BENCH_MODE=full PARAD_BENCH_THREADS=$threads PARAD_BENCH_DATA="$(dirname "$log")" \
    CRITERION_HOME="$PWD/.gpu/criterion" .gpu/suite_bench --bench 'heat2d_rayon|particles_|docking_|burgers_rayon' \
    --warm-up-time 0.5 --measurement-time 1.5 || status=1
exit $status
