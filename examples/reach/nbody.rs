//! A Lennard-Jones cluster over `&[Particle]`, with a `V3` value type and
//! its operators: the energy sums over pairs in a rayon loop, and its
//! gradient gives the forces.

use parad::autodiff;
use rayon::prelude::*;
use std::ops::{Add, Mul, Sub};

#[autodiff]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct V3 {
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

#[autodiff]
impl Add for V3 {
    type Output = V3;
    fn add(self, o: V3) -> V3 {
        V3 { x: self.x + o.x, y: self.y + o.y, z: self.z + o.z }
    }
}

#[autodiff]
impl Sub for V3 {
    type Output = V3;
    fn sub(self, o: V3) -> V3 {
        V3 { x: self.x - o.x, y: self.y - o.y, z: self.z - o.z }
    }
}

#[autodiff]
impl Mul<f64> for V3 {
    type Output = V3;
    fn mul(self, k: f64) -> V3 {
        V3 { x: self.x * k, y: self.y * k, z: self.z * k }
    }
}

#[autodiff]
impl V3 {
    pub fn norm2(self) -> f64 {
        self.x * self.x + self.y * self.y + self.z * self.z
    }
}

#[autodiff]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Particle {
    pub pos: V3,
    /// The well depth of the pair potential scales with the product of
    /// the two particles' `eps`.
    pub eps: f64,
    /// Particles of one group do not interact.
    pub group: usize,
}

/// The Lennard-Jones energy `sum_{i != j} eps_i eps_j (s^12 - s^6) / 2`,
/// `s = sigma / r_ij`, over pairs of particles of different groups.
#[autodiff(reverse, d_energy, Duplicated, Active, Active)]
#[autodiff(forward, energy_fwd, Dual, Dual, Dual)]
pub fn energy(ps: &[Particle], sigma: f64) -> f64 {
    let e: f64 = (0..ps.len())
        .into_par_iter()
        .map(|i| {
            let mut e = 0.0;
            for j in 0..ps.len() {
                if j != i && ps[j].group != ps[i].group {
                    let r: V3 = ps[i].pos - ps[j].pos;
                    let s2 = sigma * sigma / r.norm2();
                    let s6 = s2 * s2 * s2;
                    e += ps[i].eps * ps[j].eps * (s6 * s6 - s6);
                }
            }
            e
        })
        .sum();
    0.5 * e
}

/// The forces `-dE/dx` on every particle.
pub fn forces(ps: &[Particle], sigma: f64) -> Vec<V3> {
    let mut dps = vec![Particle::default(); ps.len()];
    d_energy(ps, &mut dps, sigma, 1.0);
    dps.iter().map(|d| d.pos * -1.0).collect()
}

/// `n` particles on a jittered cubic lattice of spacing `a`, in three
/// alternating groups.
pub fn lattice(n: usize, a: f64, seed: u64) -> Vec<Particle> {
    let side = (n as f64).cbrt().ceil() as usize;
    let jitter = parad::check::random_vec(4 * n, -0.05, 0.05, seed);
    (0..n)
        .map(|k| {
            let (i, j, l) = (k % side, (k / side) % side, k / (side * side));
            let at = |c: usize, u: usize| c as f64 * a + jitter[4 * k + u];
            let pos = V3 { x: at(i, 0), y: at(j, 1), z: at(l, 2) };
            Particle { pos, eps: 1.0 + jitter[4 * k + 3], group: k % 3 }
        })
        .collect()
}
