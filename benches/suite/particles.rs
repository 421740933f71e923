//! Pairwise particle energy (`particle_energy` in
//! `benches/problems/parallel.rs`: rayon over particles, every other
//! particle inside), differentiated with respect to the positions and the
//! softening. The hand-written adjoint is here.

use super::problem::{Problem, Spec};
use super::programs::{d_particle_energy, particle_energy};
use parad::check::random_vec;
use rayon::prelude::*;

/// `x = [positions (3 n), eps]`.
pub struct Particles {
    x: Vec<f64>,
}

impl Particles {
    /// `n` particles uniform in a box of side `n^(1/3)` (unit density), `eps = 1`.
    pub fn new(n: usize) -> Particles {
        let side = (n as f64).cbrt();
        let mut x = random_vec(3 * n + 1, 0.0, side, 42);
        x[3 * n] = 1.0;
        Particles { x }
    }

    fn n(&self) -> usize {
        self.x.len() / 3
    }
}

/// The signature of [`d_particle_energy`], which [`particles_adjoint`] shares.
type Gradient = fn(&[f64], &mut [f64], f64, f64) -> (f64, f64);

impl Particles {
    /// Runs `grad` (parad's or the hand-written one) at `x`, into `dx`.
    fn gradient(&self, grad: Gradient, x: &[f64], dx: &mut [f64]) -> f64 {
        let m = 3 * self.n();
        let (dpos, deps) = dx.split_at_mut(m);
        let (v, g) = grad(&x[..m], dpos, x[m], 1.0);
        deps[0] += g;
        v
    }
}

impl Problem for Particles {
    fn name(&self) -> String {
        format!("particles_{}", self.n())
    }
    fn label(&self) -> &'static str {
        "particles, rayon"
    }
    fn size(&self) -> String {
        format!("{} particles", self.n())
    }
    fn wrt(&self) -> &'static str {
        "positions and softening"
    }
    fn parallel(&self) -> bool {
        true
    }
    fn x(&self) -> &[f64] {
        &self.x
    }
    fn primal(&self, x: &[f64]) -> f64 {
        let m = 3 * self.n();
        particle_energy(&x[..m], x[m])
    }
    fn parad(&self, x: &[f64], dx: &mut [f64]) -> f64 {
        self.gradient(d_particle_energy, x, dx)
    }
    fn hand(&self, x: &[f64], dx: &mut [f64]) -> f64 {
        self.gradient(particles_adjoint, x, dx)
    }
    fn spec(&self) -> Spec {
        Spec {
            function: "particles",
            params: vec![("n", self.n() as f64)],
            parts: vec![("pos", 3 * self.n()), ("eps", 1)],
            data: vec![],
        }
    }
}

/// Hand-written adjoint of [`particle_energy`], with the signature of
/// parad's [`d_particle_energy`]: returns `(value, seed d/deps)` and adds
/// `seed d/dpos` into `dpos`.
///
/// One pass over the ordered pairs, parallel over `i` like the primal, each
/// `i` gathering its own gradient: every unordered pair is in the sum twice
/// with the factor 1/2, so `d/dp_i = sum_{j != i} phi'(r2) 2 (p_i - p_j)`
/// with `phi = inv^2 - inv`, `inv = r2^-3`, `phi' = -3 inv (2 inv - 1) / r2`.
/// No write is shared, so no tape and no reduction of shadows; the value
/// comes out of the same pass (one division more per pair than the primal).
pub fn particles_adjoint(pos: &[f64], dpos: &mut [f64], eps: f64, seed: f64) -> (f64, f64) {
    let (e, de) = dpos
        .par_chunks_mut(3)
        .enumerate()
        .map(|(i, dp)| {
            let (pi, mut g, mut e, mut de) = (&pos[3 * i..3 * i + 3], [0.0; 3], 0.0, 0.0);
            for (j, pj) in pos.chunks_exact(3).enumerate() {
                if j != i {
                    let d = [pi[0] - pj[0], pi[1] - pj[1], pi[2] - pj[2]];
                    let r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + eps;
                    let inv = 1.0 / (r2 * r2 * r2);
                    e += inv * inv - inv;
                    let f = -3.0 * inv * (2.0 * inv - 1.0) / r2;
                    de += f;
                    for k in 0..3 {
                        g[k] += 2.0 * f * d[k];
                    }
                }
            }
            for k in 0..3 {
                dp[k] += seed * g[k];
            }
            (e, de)
        })
        .reduce(|| (0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
    (0.5 * e, seed * 0.5 * de)
}
