#!/usr/bin/env bash
# Builds what the GPU checks run, here (the GPU machine of the `device`
# tool has CUDA but no Rust toolchain and no network), and puts it in
# .gpu/ (git-ignored): the kernels_gpu tests, the kernel_stencil example and
# the kernels benchmark, release builds with the `cuda` feature, and the
# benchmark suite for the rayon problems' thread table. Then, on
# the GPU machine, with .gpu carried:
#     bash scripts/gpu-run.sh      # writes $OUT/gpu.log
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf .gpu && mkdir -p .gpu
# The path of the binary cargo names in its "Executable ..." line.
executable() { sed -n 's/^ *Executable .*(\(.*\))$/\1/p' | tail -1; }
test_bin=$(cargo test --release --features cuda --test kernels_gpu --no-run 2>&1 | tee /dev/stderr | executable)
bench_bin=$(cargo bench --features cuda --bench kernels --no-run 2>&1 | tee /dev/stderr | executable)
suite_bin=$(cargo bench --bench suite --no-run 2>&1 | tee /dev/stderr | executable)
cargo build --release --features cuda --example kernel_stencil
cp "$test_bin" .gpu/kernels_gpu
cp "$bench_bin" .gpu/kernels_bench
cp "$suite_bin" .gpu/suite_bench
cp target/release/examples/kernel_stencil .gpu/kernel_stencil
ls -la .gpu
