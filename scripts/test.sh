#!/usr/bin/env bash
# The whole test suite: unit tests, the gradient corpus, tape tests, the
# compile-fail ui-tests, expansion snapshots, examples and benchmarks (each
# benchmark runs once as a test), then the doc tests.
# Everything builds in the test profile, so cargo compiles each crate once.
# The MPI tests (mpi-tests/, run under mpiexec) need MPI and libclang:
# ensure-mpi.sh installs them on Debian as root, or says what to install.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1; then
    echo "error: cargo is not installed; install Rust (https://rustup.rs) and rerun" >&2
    exit 1
fi

bash scripts/ensure-mpi.sh

cargo test --workspace --all-targets
cargo test --workspace --doc
