//! The rayon programs of the benchmark suite, as a user would write them:
//! a 2D heat stencil (and its serial twin), a pairwise particle energy and
//! a docking score, each carrying `#[autodiff(reverse, d_NAME, ...)]` (and
//! `#[autodiff(forward, NAME_fwd, ...)]` for the rayon ones).
//!
//! Shared by the suite (`benches/suite`, which wraps each as a `Problem`
//! with a hand-written adjoint), its test (`tests/suite.rs`) and
//! `tests/parallel/programs.rs` (which checks them against forward mode and
//! serial twins).

// Not every item is used by both the bench and the test that include this file.
#![allow(dead_code, clippy::needless_range_loop)]

use parad::autodiff;
use rayon::prelude::*;

// ------------------------------------------------------------ 2D heat

/// 2D explicit heat equation on an `n x n` grid with fixed edges: each step
/// updates the rows of `next` in parallel (`par_chunks_mut`) from `u`, then
/// swaps the buffers. Returns the mean square of the final state.
#[autodiff(reverse, d_heat2d, Duplicated, Active, Const, Const, Active)]
#[autodiff(forward, heat2d_fwd, Dual, Dual, Const, Const, Dual)]
pub fn heat2d(u0: &[f64], alpha: f64, n: usize, steps: usize) -> f64 {
    let mut u = u0.to_vec();
    let mut next = vec![0.0; n * n];
    for _ in 0..steps {
        next.par_chunks_mut(n).enumerate().for_each(|(r, row)| {
            for c in 0..n {
                let k = r * n + c;
                if r == 0 || r == n - 1 || c == 0 || c == n - 1 {
                    row[c] = u[k];
                } else {
                    row[c] = u[k] + alpha * (u[k - n] + u[k + n] + u[k - 1] + u[k + 1] - 4.0 * u[k]);
                }
            }
        });
        std::mem::swap(&mut u, &mut next);
    }
    u.par_iter().map(|v| v * v).sum::<f64>() / (n * n) as f64
}

/// [`heat2d`] in plain loops: the same stencil and the same final sum,
/// serially (the sum's order differs from rayon's, so values agree to
/// rounding, not bitwise).
#[autodiff(reverse, d_heat2d_serial, Duplicated, Active, Const, Const, Active)]
pub fn heat2d_serial(u0: &[f64], alpha: f64, n: usize, steps: usize) -> f64 {
    let mut u = u0.to_vec();
    let mut next = vec![0.0; n * n];
    for _ in 0..steps {
        for r in 0..n {
            for c in 0..n {
                let k = r * n + c;
                if r == 0 || r == n - 1 || c == 0 || c == n - 1 {
                    next[k] = u[k];
                } else {
                    next[k] = u[k] + alpha * (u[k - n] + u[k + n] + u[k - 1] + u[k + 1] - 4.0 * u[k]);
                }
            }
        }
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for v in u.iter() {
        s += v * v;
    }
    s / (n * n) as f64
}

// ------------------------------------------------------------ particles

/// Pairwise energy of `n` particles (positions packed `x, y, z`), parallel
/// over `i`, each iteration reading every `j`: a softened Lennard-Jones-like
/// pair term, every pair counted from both ends.
#[autodiff(reverse, d_particle_energy, Duplicated, Active, Active)]
#[autodiff(forward, particle_energy_fwd, Dual, Dual, Dual)]
pub fn particle_energy(pos: &[f64], eps: f64) -> f64 {
    let n = pos.len() / 3;
    let total: f64 = (0..n)
        .into_par_iter()
        .map(|i| {
            let mut e = 0.0;
            for j in 0..n {
                if j != i {
                    let dx = pos[3 * i] - pos[3 * j];
                    let dy = pos[3 * i + 1] - pos[3 * j + 1];
                    let dz = pos[3 * i + 2] - pos[3 * j + 2];
                    let r2 = dx * dx + dy * dy + dz * dz + eps;
                    let inv = 1.0 / (r2 * r2 * r2);
                    e += inv * inv - inv;
                }
            }
            e
        })
        .sum();
    0.5 * total
}

// ------------------------------------------------------------- docking

/// A docking-style score: for each pose (a translation of the ligand),
/// parallel over poses, the sum over ligand-protein atom pairs of a
/// Coulomb-like and a repulsive term; the score is a soft minimum over poses.
#[autodiff(reverse, d_docking, Duplicated, Duplicated, Const, Const, Active)]
#[autodiff(forward, docking_fwd, Dual, Dual, Const, Const, Dual)]
pub fn docking(poses: &[f64], ligand: &[f64], protein: &[f64], charges: &[f64]) -> f64 {
    let nl = ligand.len() / 3;
    let np = protein.len() / 3;
    let energies: Vec<f64> = poses
        .par_chunks(3)
        .map(|t| {
            let mut e = 0.0;
            for a in 0..nl {
                for b in 0..np {
                    let dx = ligand[3 * a] + t[0] - protein[3 * b];
                    let dy = ligand[3 * a + 1] + t[1] - protein[3 * b + 1];
                    let dz = ligand[3 * a + 2] + t[2] - protein[3 * b + 2];
                    let r2 = dx * dx + dy * dy + dz * dz + 0.5;
                    let inv = 1.0 / r2;
                    e += charges[a] * charges[nl + b] * inv.sqrt() + inv * inv * inv;
                }
            }
            e
        })
        .collect();
    let mut s = 0.0;
    for e in energies.iter() {
        s += (-e).exp();
    }
    -s.ln()
}
