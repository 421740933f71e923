#!/usr/bin/env bash
# The whole test suite: unit tests, the gradient corpus, tape tests, the
# compile-fail ui-tests, expansion snapshots, examples and benchmarks (each
# benchmark runs once as a test), then the doc tests and the packages;
# before them the formatting check, after them clippy with warnings as errors.
# Everything builds in the test profile, so cargo compiles each crate once
# (clippy checks once more, without code generation).
# The MPI tests (mpi-tests/, run under mpiexec) need MPI and libclang:
# ensure-mpi.sh installs them on Debian as root, or says what to install.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1; then
    echo "error: cargo is not installed; install Rust (https://rustup.rs) and rerun" >&2
    exit 1
fi

# Formatting first (fast): the code as rustfmt.toml lays it out.
bash scripts/ensure-rust-tools.sh
cargo fmt --all --check

bash scripts/ensure-mpi.sh

# The kernel tests compile the generated CUDA sources with the host C++
# compiler and, for the device, with clang: installed on Debian as root.
bash scripts/ensure-kernel-compilers.sh

cargo test --workspace --all-targets
# GPU kernels with the `cuda` feature: it builds without CUDA, and the GPU
# tests compare launch with launch_cpu where there is a GPU (SKIPPED else).
cargo test --features cuda --test kernels_gpu --example kernel_stencil
cargo test --workspace --doc
# The API documentation builds without a warning (broken links included);
# missing docs are errors in all three crates (`#![deny(missing_docs)]`).
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -p parad -p parad-macros -p parad-runtime
# The three crates package, and build from their packages alone, as
# `cargo publish` would take them (the unpublished two from a local registry).
# Cargo takes a registry package of a name and version it has seen as
# unchanged: its extraction and its build would be last run's. So the
# packages build in a target directory of their own, made afresh, and
# their extractions are cleared.
rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/parad-runtime-* "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/parad-macros-*
package_target="${CARGO_TARGET_DIR:-target}/package-check"
rm -rf "$package_target"
CARGO_TARGET_DIR="$package_target" cargo package --offline --allow-dirty -p parad-runtime -p parad-macros -p parad
# Lints last: no clippy warning anywhere in the workspace, tests included.
cargo clippy --workspace --all-targets -- -D warnings
