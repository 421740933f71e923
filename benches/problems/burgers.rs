//! The 2D viscous Burgers' equation on one process, serial and rayon:
//! explicit Euler, central differences for the advection and a five-point
//! Laplacian, on a grid periodic in both directions. The state `w` is all
//! rows of `u`, then all rows of `v` (`2 * ny * nx` values); both functions
//! return the kinetic energy `h^2 / 2 * sum w^2` after `steps` steps.
//!
//! Shared by the benchmark suite (`benches/suite`), its test
//! (`tests/suite.rs`) and the MPI tests (`mpi-tests/src/burgers.rs`, whose
//! distributed version is checked against [`burgers_serial`]).

// Each includer uses part of this file.
#![allow(dead_code, clippy::needless_range_loop)]

use parad::autodiff;
use rayon::prelude::*;

/// The serial Burgers' equation, with wrap-around neighbour indices,
/// written once for two functions: [`burgers_serial`] as is, and
/// [`burgers_checkpointed`] with its time loop under `#[checkpoint]`
/// (Revolve, 8 snapshots), the suite's checkpointing problem.
macro_rules! serial_burgers {
    ($f:ident, $d:ident, [$($ck:tt)*]) => {
        #[autodiff(
            reverse,
            $d,
            Duplicated,
            Const,
            Const,
            Const,
            Const,
            Active
        )]
        pub fn $f(w0: &[f64], nx: usize, steps: usize, dt: f64, nu: f64) -> f64 {
            let ny = w0.len() / (2 * nx);
            let n = ny * nx;
            let h = 1.0 / nx as f64;
            let mut w = w0.to_vec();
            let mut next = vec![0.0; 2 * n];
            $($ck)*
            for _ in 0..steps {
                for r in 0..ny {
                    for c in 0..nx {
                        let o = r * nx + c;
                        let east = r * nx + (c + 1) % nx;
                        let west = r * nx + (c + nx - 1) % nx;
                        let north = ((r + ny - 1) % ny) * nx + c;
                        let south = ((r + 1) % ny) * nx + c;
                        let u = w[o];
                        let v = w[n + o];
                        for k in 0..2 {
                            let q = k * n;
                            let dx = (w[q + east] - w[q + west]) / (2.0 * h);
                            let dy = (w[q + south] - w[q + north]) / (2.0 * h);
                            let lap = (w[q + east] + w[q + west] + w[q + north] + w[q + south]
                                - 4.0 * w[q + o])
                                / (h * h);
                            next[q + o] = w[q + o] + dt * (nu * lap - u * dx - v * dy);
                        }
                    }
                }
                std::mem::swap(&mut w, &mut next);
            }
            let mut energy = 0.0;
            for i in 0..2 * n {
                energy += w[i] * w[i];
            }
            0.5 * h * h * energy
        }
    };
}

serial_burgers!(burgers_serial, d_burgers_serial, []);
serial_burgers!(burgers_checkpointed, d_burgers_checkpointed, [#[checkpoint(binomial(snapshots = 8))]]);

/// [`burgers_serial`] with the rows of each step computed in parallel.
///
/// Each field lives on a grid padded with one ghost cell on every side,
/// `(ny + 2) x (nx + 2)`, refilled from the opposite edge before each step
/// (the halo layout of the MPI version, whose ghost rows come from the
/// neighbouring ranks), so that every neighbour is at a fixed offset from
/// the cell, which parad's parallel adjoint turns into a gather (a
/// wrap-around index `(c + 1) % nx` inside a rayon loop gets a private
/// shadow of the whole grid per chunk instead). Each step updates `u`, then
/// `v`, in two rayon loops (one loop writing both fields, over the zipped
/// rows, compiles too since the chunk's parts are nested tuples: see
/// `two_fields` in `tests/parallel/stencils.rs`). The same expressions as
/// [`burgers_serial`], in the same order, so every state and the energy are
/// bitwise the serial function's.
#[autodiff(reverse, d_burgers_par, Duplicated, Const, Const, Const, Const, Const, Active)]
pub fn burgers_par(w0: &[f64], nx: usize, px: usize, steps: usize, dt: f64, nu: f64) -> f64 {
    let ny = w0.len() / (2 * nx);
    let n = ny * nx;
    let h = 1.0 / nx as f64;
    let pn = (ny + 2) * px;
    let mut u = vec![0.0; pn];
    let mut v = vec![0.0; pn];
    for r in 0..ny {
        for c in 0..nx {
            u[(r + 1) * px + c + 1] = w0[r * nx + c];
            v[(r + 1) * px + c + 1] = w0[n + r * nx + c];
        }
    }
    let mut un = vec![0.0; pn];
    let mut vn = vec![0.0; pn];
    for _ in 0..steps {
        // Ghost columns, then ghost rows (the corners are never read).
        for r in 1..ny + 1 {
            u[r * px] = u[r * px + nx];
            u[r * px + nx + 1] = u[r * px + 1];
            v[r * px] = v[r * px + nx];
            v[r * px + nx + 1] = v[r * px + 1];
        }
        for c in 1..nx + 1 {
            u[c] = u[ny * px + c];
            u[(ny + 1) * px + c] = u[px + c];
            v[c] = v[ny * px + c];
            v[(ny + 1) * px + c] = v[px + c];
        }
        un.par_chunks_mut(px).enumerate().for_each(|(r, row)| {
            if r >= 1 && r <= ny {
                for c in 1..nx + 1 {
                    let k = r * px + c;
                    let dx = (u[k + 1] - u[k - 1]) / (2.0 * h);
                    let dy = (u[k + px] - u[k - px]) / (2.0 * h);
                    let lap = (u[k + 1] + u[k - 1] + u[k - px] + u[k + px] - 4.0 * u[k]) / (h * h);
                    row[c] = u[k] + dt * (nu * lap - u[k] * dx - v[k] * dy);
                }
            }
        });
        vn.par_chunks_mut(px).enumerate().for_each(|(r, row)| {
            if r >= 1 && r <= ny {
                for c in 1..nx + 1 {
                    let k = r * px + c;
                    let dx = (v[k + 1] - v[k - 1]) / (2.0 * h);
                    let dy = (v[k + px] - v[k - px]) / (2.0 * h);
                    let lap = (v[k + 1] + v[k - 1] + v[k - px] + v[k + px] - 4.0 * v[k]) / (h * h);
                    row[c] = v[k] + dt * (nu * lap - u[k] * dx - v[k] * dy);
                }
            }
        });
        std::mem::swap(&mut u, &mut un);
        std::mem::swap(&mut v, &mut vn);
    }
    let mut energy = 0.0;
    for r in 1..ny + 1 {
        for c in 1..nx + 1 {
            energy += u[r * px + c] * u[r * px + c];
        }
    }
    for r in 1..ny + 1 {
        for c in 1..nx + 1 {
            energy += v[r * px + c] * v[r * px + c];
        }
    }
    0.5 * h * h * energy
}

/// A smooth initial state on the whole `ny x nx` grid (u rows, then v rows).
pub fn initial(nx: usize, ny: usize) -> Vec<f64> {
    let mut w = vec![0.0; 2 * nx * ny];
    let tau = 2.0 * std::f64::consts::PI;
    for r in 0..ny {
        for c in 0..nx {
            let (x, y) = (c as f64 / nx as f64, r as f64 / ny as f64);
            w[r * nx + c] = (tau * x).sin() * (tau * y).cos() + 0.5;
            w[nx * ny + r * nx + c] = 0.5 * (tau * y).sin() + 0.2 * (tau * x).cos();
        }
    }
    w
}
