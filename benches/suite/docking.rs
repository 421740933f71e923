//! A docking-style score (`docking` in `benches/problems/parallel.rs`:
//! rayon over poses, all ligand-protein atom pairs inside, a soft minimum
//! over poses), differentiated with respect to the poses and the ligand
//! coordinates. The hand-written adjoint is here.

use super::problem::{Problem, Spec};
use super::programs::{d_docking, docking};
use parad::check::random_vec;
use rayon::prelude::*;

/// `x = [poses (3 p), ligand (3 nl)]`; the protein and the charges constant.
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
    pub fn new(poses: usize, nl: usize, np: usize) -> Docking {
        let mut x = random_vec(3 * poses, -1.0, 1.0, 43);
        x.extend(random_vec(3 * nl, -2.0, 2.0, 44));
        Docking { x, poses, protein: random_vec(3 * np, -15.0, 15.0, 45), charges: random_vec(nl + np, -0.5, 0.5, 46) }
    }

    fn atoms(&self) -> (usize, usize) {
        (self.x.len() / 3 - self.poses, self.protein.len() / 3)
    }
}

/// The signature of [`d_docking`], which [`docking_adjoint`] shares.
type Gradient = fn(&[f64], &mut [f64], &[f64], &mut [f64], &[f64], &[f64], f64) -> f64;

impl Docking {
    /// Runs `grad` (parad's or the hand-written one) at `x`, into `dx`.
    fn gradient(&self, grad: Gradient, x: &[f64], dx: &mut [f64]) -> f64 {
        let (poses, ligand) = x.split_at(3 * self.poses);
        let (dposes, dligand) = dx.split_at_mut(3 * self.poses);
        grad(poses, dposes, ligand, dligand, &self.protein, &self.charges, 1.0)
    }
}

impl Problem for Docking {
    fn name(&self) -> String {
        let (nl, np) = self.atoms();
        format!("docking_{}_{nl}_{np}", self.poses)
    }
    fn label(&self) -> &'static str {
        "docking, rayon"
    }
    fn size(&self) -> String {
        let (nl, np) = self.atoms();
        format!("{} poses x {nl} ligand x {np} protein atoms", self.poses)
    }
    fn wrt(&self) -> &'static str {
        "poses and ligand coordinates"
    }
    fn parallel(&self) -> bool {
        true
    }
    fn x(&self) -> &[f64] {
        &self.x
    }
    fn primal(&self, x: &[f64]) -> f64 {
        let (poses, ligand) = x.split_at(3 * self.poses);
        docking(poses, ligand, &self.protein, &self.charges)
    }
    fn parad(&self, x: &[f64], dx: &mut [f64]) -> f64 {
        self.gradient(d_docking, x, dx)
    }
    fn hand(&self, x: &[f64], dx: &mut [f64]) -> f64 {
        self.gradient(docking_adjoint, x, dx)
    }
    fn spec(&self) -> Spec {
        let (nl, np) = self.atoms();
        Spec {
            function: "docking",
            params: vec![("poses", self.poses as f64), ("nl", nl as f64), ("np", np as f64)],
            parts: vec![("poses", 3 * self.poses), ("ligand", 3 * nl)],
            data: vec![("protein", self.protein.clone()), ("charges", self.charges.clone())],
        }
    }
}

/// Hand-written adjoint of [`docking`], with the signature of parad's
/// [`d_docking`]: returns the score and adds `seed` times its gradient into
/// `dposes` and `dligand`.
///
/// The soft minimum's weights `exp(-e_p) / sum exp(-e)` are known only once
/// every pose's energy is, so each pose (in parallel) returns its energy
/// with the unweighted gradients of that energy with respect to its
/// translation (3 numbers) and the ligand (`3 nl`), all from one pass over
/// the atom pairs: `d/dr2` of `q_a q_b inv^(1/2) + inv^3` is
/// `-inv (q_a q_b inv^(1/2) / 2 + 3 inv^3)`, from the quotient and the
/// square root the energy computed, so no division or root is added. The
/// weighting is a serial pass over the poses.
pub fn docking_adjoint(
    poses: &[f64],
    dposes: &mut [f64],
    ligand: &[f64],
    dligand: &mut [f64],
    protein: &[f64],
    charges: &[f64],
    seed: f64,
) -> f64 {
    let nl = ligand.len() / 3;
    let per_pose: Vec<(f64, [f64; 3], Vec<f64>)> = poses
        .par_chunks(3)
        .map(|t| {
            let (mut e, mut gt, mut gl) = (0.0, [0.0; 3], vec![0.0; 3 * nl]);
            for (a, la) in ligand.chunks_exact(3).enumerate() {
                let mut ga = [0.0; 3];
                for (b, pb) in protein.chunks_exact(3).enumerate() {
                    let d = [la[0] + t[0] - pb[0], la[1] + t[1] - pb[1], la[2] + t[2] - pb[2]];
                    let r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + 0.5;
                    let inv = 1.0 / r2;
                    let qq_root = charges[a] * charges[nl + b] * inv.sqrt();
                    let cube = inv * inv * inv;
                    e += qq_root + cube;
                    let f = -2.0 * inv * (0.5 * qq_root + 3.0 * cube);
                    for k in 0..3 {
                        ga[k] += f * d[k];
                    }
                }
                for k in 0..3 {
                    gt[k] += ga[k];
                    gl[3 * a + k] += ga[k];
                }
            }
            (e, gt, gl)
        })
        .collect();
    let mut s = 0.0;
    for (e, _, _) in &per_pose {
        s += (-e).exp();
    }
    for (p, (e, gt, gl)) in per_pose.iter().enumerate() {
        let w = seed * (-e).exp() / s;
        for k in 0..3 {
            dposes[3 * p + k] += w * gt[k];
        }
        for (dl, g) in dligand.iter_mut().zip(gl) {
            *dl += w * g;
        }
    }
    -s.ln()
}
