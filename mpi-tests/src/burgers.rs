//! The 2D viscous Burgers' equation, explicit Euler, central differences
//! for the advection and a five-point Laplacian, on a grid periodic in both
//! directions: distributed in strips of rows, one strip per rank, with ghost
//! rows exchanged by immediate sends and receives every step, and the energy
//! summed by all-reduce; and the same on one process, for comparison.
//!
//! Shared by the MPI tests (`mpi-tests`) and `examples/burgers_mpi.rs`. The
//! same equation on one process ([`burgers_serial`], and a rayon version)
//! is one of the benchmark problems, in `benches/problems/burgers.rs`.

// The example uses the distributed problem only.
#![allow(dead_code)]

use mpi::collective::SystemOperation;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use parad::autodiff;
use parad::mpi::rsmpi as mpi;

/// The one-process versions and the initial state, shared with the benchmarks.
#[path = "../../benches/problems/burgers.rs"]
mod serial;
// The MPI tests use the serial gradient, the example the initial state.
#[allow(unused_imports)]
pub use serial::{burgers_serial, d_burgers_serial, initial};

/// The distributed problem, written once and stamped out plainly and with
/// its time loop checkpointed (each rank snapshots its own strip; every
/// rank runs the same schedule, so recomputed steps exchange the same
/// messages).
macro_rules! distributed {
    ($f:ident, $d:ident, $t:ident, [$($ck:tt)*]) => {
        /// `w0`: this rank's strip, the rows of `u` then the rows of `v`
        /// (`2 * rows * nx` values). Returns the kinetic energy of the whole grid
        /// after `steps` steps, on every rank.
        #[autodiff(reverse, $d, Duplicated, Const, Const, Const, Const, Const, Active)]
        #[autodiff(forward, $t, Dual, Const, Const, Const, Const, Const, Dual)]
        pub fn $f(w0: &[f64], nx: usize, steps: usize, dt: f64, nu: f64, world: &SimpleCommunicator) -> f64 {
            let rank = world.rank();
            let size = world.size();
            let up = world.process_at_rank((rank + size - 1) % size);
            let down = world.process_at_rank((rank + 1) % size);
            let rows = w0.len() / (2 * nx);
            let h = 1.0 / nx as f64;
            // Each field has a ghost row above and below its strip.
            let stride = (rows + 2) * nx;
            let mut w = vec![0.0; 2 * stride];
            let mut next = vec![0.0; 2 * stride];
            for k in 0..2 {
                for r in 0..rows {
                    for c in 0..nx {
                        w[k * stride + (r + 1) * nx + c] = w0[(k * rows + r) * nx + c];
                    }
                }
            }
            let mut first = vec![0.0; 2 * nx];
            let mut last = vec![0.0; 2 * nx];
            let mut above = vec![0.0; 2 * nx];
            let mut below = vec![0.0; 2 * nx];
            $($ck)*
            for _ in 0..steps {
                for k in 0..2 {
                    for c in 0..nx {
                        first[k * nx + c] = w[k * stride + nx + c];
                        last[k * nx + c] = w[k * stride + rows * nx + c];
                    }
                }
                // Tag 1 goes up, tag 2 down: with two ranks, up and down are the same.
                mpi::request::scope(|scope| {
                    let to_up = up.immediate_send_with_tag(scope, &first[..], 1);
                    let to_down = down.immediate_send_with_tag(scope, &last[..], 2);
                    let from_up = up.immediate_receive_into_with_tag(scope, &mut above[..], 2);
                    let from_down = down.immediate_receive_into_with_tag(scope, &mut below[..], 1);
                    to_up.wait();
                    to_down.wait();
                    from_up.wait();
                    from_down.wait();
                });
                for k in 0..2 {
                    for c in 0..nx {
                        w[k * stride + c] = above[k * nx + c];
                        w[k * stride + (rows + 1) * nx + c] = below[k * nx + c];
                    }
                }
                for r in 1..rows + 1 {
                    for c in 0..nx {
                        let o = r * nx + c;
                        let east = r * nx + (c + 1) % nx;
                        let west = r * nx + (c + nx - 1) % nx;
                        let north = o - nx;
                        let south = o + nx;
                        let u = w[o];
                        let v = w[stride + o];
                        for k in 0..2 {
                            let q = k * stride;
                            let dx = (w[q + east] - w[q + west]) / (2.0 * h);
                            let dy = (w[q + south] - w[q + north]) / (2.0 * h);
                            let lap = (w[q + east] + w[q + west] + w[q + north] + w[q + south] - 4.0 * w[q + o]) / (h * h);
                            next[q + o] = w[q + o] + dt * (nu * lap - u * dx - v * dy);
                        }
                    }
                }
                std::mem::swap(&mut w, &mut next);
            }
            let mut local = 0.0;
            for k in 0..2 {
                for i in nx..(rows + 1) * nx {
                    local += w[k * stride + i] * w[k * stride + i];
                }
            }
            let mut energy = 0.0;
            world.all_reduce_into(&local, &mut energy, SystemOperation::sum());
            0.5 * h * h * energy
        }
    };
}

distributed!(burgers, d_burgers, t_burgers, []);
distributed!(burgers_checkpointed, d_burgers_checkpointed, t_burgers_checkpointed, [#[checkpoint(binomial(snapshots = 2))]]);

/// Rank `rank`'s strip of a whole-grid state, as [`burgers`] takes it.
pub fn strip(w: &[f64], nx: usize, ny: usize, rank: usize, size: usize) -> Vec<f64> {
    let rows = ny / size;
    let n = nx * ny;
    let mut out = Vec::with_capacity(2 * rows * nx);
    for k in 0..2 {
        out.extend_from_slice(&w[k * n + rank * rows * nx..k * n + (rank + 1) * rows * nx]);
    }
    out
}
