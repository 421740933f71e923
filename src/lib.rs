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
/// The Jacobian of a map from its batched forward derivative,
/// `#[autodiff(forward, d_f, N, Dualv, ..)]`, `N` columns per call:
///
/// ```
/// use parad::autodiff;
///
/// #[autodiff(forward, d_polar, 2, Dualv, Dualv)]
/// fn polar(p: &[f64], xy: &mut [f64]) {
///     xy[0] = p[0] * p[1].cos();
///     xy[1] = p[0] * p[1].sin();
/// }
///
/// let p = [2.0, 0.5];
/// let jac = parad::jacobian::<2>(2, 2, |seeds, tangents| {
///     d_polar(&p, seeds, &mut [0.0; 2], tangents);
/// });
/// // d(r cos t)/dr = cos t, d(r cos t)/dt = -r sin t, ...
/// let want = [0.5f64.cos(), -2.0 * 0.5f64.sin(), 0.5f64.sin(), 2.0 * 0.5f64.cos()];
/// for (a, b) in jac.iter().zip(want) {
///     assert!((a - b).abs() < 1e-15);
/// }
/// ```
pub use parad_runtime::lanes::jacobian;
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
///
/// A ring exchange and an all-reduce, differentiated (run under `mpiexec
/// -n N`; started alone, as here, it is one rank sending to itself):
///
/// ```
/// use parad::autodiff;
/// use parad::mpi::rsmpi::{self as mpi, collective::SystemOperation, topology::SimpleCommunicator, traits::*};
///
/// #[autodiff(reverse, d_ring, Duplicated, Const, Active)]
/// fn ring(x: &[f64], world: &SimpleCommunicator) -> f64 {
///     let (rank, size) = (world.rank(), world.size());
///     let next = world.process_at_rank((rank + 1) % size);
///     let prev = world.process_at_rank((rank + size - 1) % size);
///     let mut y = vec![0.0; x.len()];
///     let mut z = vec![0.0; x.len()];
///     for i in 0..x.len() {
///         y[i] = x[i] * x[i];
///     }
///     mpi::point_to_point::send_receive_into(&y[..], &next, &mut z[..], &prev);
///     let mut local = 0.0;
///     for i in 0..z.len() {
///         local += z[i] * x[i];
///     }
///     let mut total = 0.0;
///     world.all_reduce_into(&local, &mut total, SystemOperation::sum());
///     total
/// }
///
/// fn main() {
///     let universe = mpi::initialize().unwrap();
///     let world = universe.world();
///     let x = [0.5, -1.0, 2.0];
///     parad::check::gradient(|x, dx| d_ring(x, dx, &world, 1.0), &x, 1e-6);
/// }
/// ```
#[cfg(feature = "mpi")]
pub use parad_runtime::mpi;

#[doc(hidden)]
pub use parad_runtime::__private;
