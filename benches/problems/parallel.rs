//! The three problems of the parallel benchmarks, shared by
//! `benches/parallel.rs`, `tests/parallel_problems.rs` and
//! `tests/parallel/programs.rs` (which checks them against forward mode and
//! serial twins).
//!
//! The functions (2D heat stencil, pairwise particle energy, docking score)
//! are written as a user would write them and carry
//! `#[autodiff(reverse, d_NAME, ...)]` and `#[autodiff(forward, NAME_fwd, ...)]`.
//! Each is wrapped in a [`Problem`]: its active inputs packed in one vector
//! `x` (the Active scalars last), and the primal and the gradient as
//! functions of that vector, so that the bench and the test handle the three
//! alike.

// Not every item is used by both the bench and the test that include this file.
#![allow(dead_code, clippy::needless_range_loop)]

use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

/// A benchmark problem: a scalar function of the packed active inputs.
pub trait Problem: Sync {
    /// The criterion group, also the row label of the report.
    const NAME: &'static str;

    /// The size, in words, for the report.
    fn size(&self) -> String;

    /// The point the function is evaluated at: the active inputs, packed.
    fn x(&self) -> &[f64];

    /// The plain function at `x`.
    fn primal(&self, x: &[f64]) -> f64;

    /// parad's gradient at `x` (seed 1): adds `d f / d x` into `dx` and
    /// returns the value. The unpacking is slicing only, so it costs nothing
    /// next to the derivative.
    fn grad(&self, x: &[f64], dx: &mut [f64]) -> f64;
}

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
                    row[c] =
                        u[k] + alpha * (u[k - n] + u[k + n] + u[k - 1] + u[k + 1] - 4.0 * u[k]);
                }
            }
        });
        std::mem::swap(&mut u, &mut next);
    }
    u.par_iter().map(|v| v * v).sum::<f64>() / (n * n) as f64
}

/// [`heat2d`] with `x = [u0 (n * n), alpha]`: the gradient is for the
/// initial state and the diffusion number.
pub struct Heat {
    x: Vec<f64>,
    n: usize,
    steps: usize,
}

impl Heat {
    /// A random initial state in `[0, 1)` on an `n x n` grid, `alpha = 0.2`.
    pub fn new(n: usize, steps: usize) -> Self {
        let mut x = random_vec(n * n + 1, 0.0, 1.0, 41);
        x[n * n] = 0.2;
        Heat { x, n, steps }
    }
}

impl Problem for Heat {
    const NAME: &'static str = "heat2d";

    fn size(&self) -> String {
        format!("{} x {} grid, {} steps", self.n, self.n, self.steps)
    }

    fn x(&self) -> &[f64] {
        &self.x
    }

    fn primal(&self, x: &[f64]) -> f64 {
        let m = self.n * self.n;
        heat2d(&x[..m], x[m], self.n, self.steps)
    }

    fn grad(&self, x: &[f64], dx: &mut [f64]) -> f64 {
        let m = self.n * self.n;
        let (du0, dalpha) = dx.split_at_mut(m);
        let (v, g) = d_heat2d(&x[..m], du0, x[m], self.n, self.steps, 1.0);
        dalpha[0] += g;
        v
    }
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

/// [`particle_energy`] with `x = [pos (3 n), eps]`.
pub struct Particles {
    x: Vec<f64>,
}

impl Particles {
    /// `n` particles uniform in a box of side `n^(1/3)` (unit density), `eps = 1`.
    pub fn new(n: usize) -> Self {
        let side = (n as f64).cbrt();
        let mut x = random_vec(3 * n + 1, 0.0, side, 42);
        x[3 * n] = 1.0;
        Particles { x }
    }

    fn n(&self) -> usize {
        self.x.len() / 3
    }
}

impl Problem for Particles {
    const NAME: &'static str = "particles";

    fn size(&self) -> String {
        format!("{} particles", self.n())
    }

    fn x(&self) -> &[f64] {
        &self.x
    }

    fn primal(&self, x: &[f64]) -> f64 {
        let m = 3 * self.n();
        particle_energy(&x[..m], x[m])
    }

    fn grad(&self, x: &[f64], dx: &mut [f64]) -> f64 {
        let m = 3 * self.n();
        let (dpos, deps) = dx.split_at_mut(m);
        let (v, g) = d_particle_energy(&x[..m], dpos, x[m], 1.0);
        deps[0] += g;
        v
    }
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

/// [`docking`] with `x = [poses (3 p), ligand (3 nl)]`; the protein and the
/// charges are constants.
pub struct Docking {
    x: Vec<f64>,
    poses: usize,
    protein: Vec<f64>,
    charges: Vec<f64>,
}

impl Docking {
    /// `poses` translations in `[-1, 1)^3` of a ligand of `nl` atoms in
    /// `[-2, 2)^3`, against `np` protein atoms spread over `[-15, 15)^3`,
    /// charges in `[-0.5, 0.5)`: every pose's energy stays of order one to
    /// a hundred, so no `exp(-e)` of the soft minimum underflows.
    pub fn new(poses: usize, nl: usize, np: usize) -> Self {
        let mut x = random_vec(3 * poses, -1.0, 1.0, 43);
        x.extend(random_vec(3 * nl, -2.0, 2.0, 44));
        Docking {
            x,
            poses,
            protein: random_vec(3 * np, -15.0, 15.0, 45),
            charges: random_vec(nl + np, -0.5, 0.5, 46),
        }
    }
}

impl Problem for Docking {
    const NAME: &'static str = "docking";

    fn size(&self) -> String {
        let nl = self.x.len() / 3 - self.poses;
        let np = self.protein.len() / 3;
        format!("{} poses x {nl} ligand x {np} protein atoms", self.poses)
    }

    fn x(&self) -> &[f64] {
        &self.x
    }

    fn primal(&self, x: &[f64]) -> f64 {
        let (poses, ligand) = x.split_at(3 * self.poses);
        docking(poses, ligand, &self.protein, &self.charges)
    }

    fn grad(&self, x: &[f64], dx: &mut [f64]) -> f64 {
        let (poses, ligand) = x.split_at(3 * self.poses);
        let (dposes, dligand) = dx.split_at_mut(3 * self.poses);
        d_docking(
            poses,
            dposes,
            ligand,
            dligand,
            &self.protein,
            &self.charges,
            1.0,
        )
    }
}
