#!/usr/bin/env bash
# Runs the GPU checks of issue 8 on a machine with a GPU, from the binaries
# scripts/gpu-bundle.sh put in .gpu/: every kernel and adjoint through
# `launch` against `launch_cpu`, the stencil example, and the kernel
# benchmark (primal and adjoint times, adjoint/primal). Output goes to
# stdout and to $OUT/gpu.log (or .gpu/gpu.log).
set -uo pipefail
cd "$(dirname "$0")/.."
log="${OUT:-.gpu}/gpu.log"
exec > >(tee "$log") 2>&1

# cudarc opens libcuda and libnvrtc by name: add the folders that hold
# them (the CUDA toolkit, the driver, Python's NVIDIA wheels) to the path.
dirs=$(find /usr/local/cuda*/lib64 /usr/local/cuda*/targets/*/lib /usr/local/nvidia/lib64 /usr/lib/x86_64-linux-gnu \
    /opt /usr/local/lib/python3*/dist-packages/nvidia 2>/dev/null \
    \( -name 'libnvrtc.so*' -o -name 'libcuda.so*' \) -printf '%h\n' | sort -u | tr '\n' ':')
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
echo "== kernel_stencil example"
.gpu/kernel_stencil || status=1
echo "== kernels benchmark"
CRITERION_HOME="$PWD/.gpu/criterion" .gpu/kernels_bench --bench --warm-up-time 1 --measurement-time 3 || status=1
exit $status
