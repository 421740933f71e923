#![doc = include_str!("guide.md")]
#![deny(missing_docs)]

pub use parad_macros::{autodiff, autodiff_forward, autodiff_reverse, derivative, kernel};
pub use parad_runtime::check;
/// Checkpointing schedules (binomial, periodic, online), snapshot stores in
/// memory or on disk, and a driver: how a loop is reversed holding only a
/// few of its states. See the module's docs for the contract of its actions.
pub use parad_runtime::checkpoint;
/// The bound of float-generic functions (`fn f<T: Float>(x: &[T]) -> T`):
/// `num_traits::Float` with compound assignment, `Sum` and what derivatives
/// need; `f32` and `f64` implement it.
pub use parad_runtime::float::Float;
/// GPU kernels (`#[kernel]`): intrinsics, `LaunchConfig`, `Gpu` (feature
/// `cuda`) and the CPU path that runs every kernel without a GPU.
pub use parad_runtime::gpu;
pub use parad_runtime::no_grad;
/// The `num_traits` crate `Float` builds on (`ToPrimitive`, `NumCast`, ...).
pub use parad_runtime::num_traits;
/// Tape memory kept per thread for the next call of a derivative (see
/// the repository's `docs/how-it-works.md`).
pub use parad_runtime::tape::{release_tape_memory, retained_tape_memory};
/// Value types (`#[autodiff]` on a `Copy` struct): what generated code adds
/// when it moves a value whole.
pub use parad_runtime::value::Value;

/// MPI adjoints (feature `mpi`): rsmpi's operations with a record of what
/// the reverse sweep needs, and their adjoints. See the module's docs for
/// how to seed a derivative that communicates.
#[cfg(feature = "mpi")]
pub use parad_runtime::mpi;

#[doc(hidden)]
pub use parad_runtime::__private;
