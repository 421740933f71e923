//! GPU kernels (`#[kernel]`) and their adjoints, on every machine: through
//! the CPU path (`cpu`), and their CUDA source compiled by the host C++
//! compiler against `cuda_host.h` and run (`host_cuda`, helpers in `host`)
//! and compiled for the device to PTX by clang (`device`).

// The serial references are index loops over blocks and threads.
#![allow(clippy::needless_range_loop)]

mod cpu;
mod device;
mod host;
mod host_cuda;
mod host_fn;
mod programs;
mod support;
