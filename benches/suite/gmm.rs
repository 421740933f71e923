//! ADBench's Gaussian mixture model: the log posterior of `n` points in `d`
//! dimensions under `k` components with a Wishart prior, differentiated
//! with respect to all parameters. The primal and parad's gradient are the
//! GradBench tool's (`gradbench/src/evals/gmm.rs`); the hand-written
//! adjoint is here.

use super::problem::{Problem, Spec};
use parad::check::random_vec;
use parad_gradbench::evals::gmm::{constant_terms, d_gmm_objective, gmm_objective};

/// The Wishart prior's parameters, ADBench's defaults.
const GAMMA: f64 = 1.0;
const M: usize = 0;

/// One instance: `x = [alpha (k), mu (k d), q (k d), l (k d(d-1)/2)]`, the
/// points constant.
pub struct Gmm {
    d: usize,
    k: usize,
    n: usize,
    x: Vec<f64>,
    points: Vec<f64>,
}

impl Gmm {
    /// Random parameters and points (the ranges of GradBench's tests).
    pub fn new(d: usize, k: usize, n: usize) -> Gmm {
        let lsz = d * (d - 1) / 2;
        let mut x = random_vec(k, -1.0, 1.0, 61);
        x.extend(random_vec(k * d, 0.0, 1.0, 62));
        x.extend(random_vec(k * d, -0.5, 0.5, 63));
        x.extend(random_vec(k * lsz, -0.5, 0.5, 64));
        Gmm { d, k, n, x, points: random_vec(n * d, -1.0, 1.5, 65) }
    }

    /// `x` cut into `(alpha, mu, q, l)`.
    fn split<'a>(&self, x: &'a [f64]) -> [&'a [f64]; 4] {
        let (k, kd) = (self.k, self.k * self.d);
        [&x[..k], &x[k..k + kd], &x[k + kd..k + 2 * kd], &x[k + 2 * kd..]]
    }
}

/// The signature of [`d_gmm_objective`], which [`gmm_adjoint`] shares.
pub type Gradient = fn(
    &[f64],
    &mut [f64],
    &[f64],
    &mut [f64],
    &[f64],
    &mut [f64],
    &[f64],
    &mut [f64],
    &[f64],
    usize,
    f64,
    usize,
    f64,
) -> f64;

impl Gmm {
    /// Runs `grad` (parad's or the hand-written one) at `x`, into `dx`.
    fn gradient(&self, grad: Gradient, x: &[f64], dx: &mut [f64]) -> f64 {
        let [alpha, mu, q, l] = self.split(x);
        let (da, rest) = dx.split_at_mut(self.k);
        let (dm, rest) = rest.split_at_mut(self.k * self.d);
        let (dq, dl) = rest.split_at_mut(self.k * self.d);
        grad(alpha, da, mu, dm, q, dq, l, dl, &self.points, self.d, GAMMA, M, 1.0)
    }
}

impl Problem for Gmm {
    fn name(&self) -> String {
        format!("gmm_d{}_k{}_n{}", self.d, self.k, self.n)
    }
    fn label(&self) -> &'static str {
        "GMM"
    }
    fn size(&self) -> String {
        format!("d = {}, K = {}, n = {}", self.d, self.k, self.n)
    }
    fn wrt(&self) -> &'static str {
        "alpha, mu, q, l"
    }
    fn parallel(&self) -> bool {
        false
    }
    fn x(&self) -> &[f64] {
        &self.x
    }
    fn primal(&self, x: &[f64]) -> f64 {
        let [alpha, mu, q, l] = self.split(x);
        gmm_objective(alpha, mu, q, l, &self.points, self.d, GAMMA, M)
    }
    fn parad(&self, x: &[f64], dx: &mut [f64]) -> f64 {
        self.gradient(d_gmm_objective, x, dx)
    }
    fn hand(&self, x: &[f64], dx: &mut [f64]) -> f64 {
        self.gradient(gmm_adjoint, x, dx)
    }
    fn spec(&self) -> Spec {
        let lsz = self.d * (self.d - 1) / 2;
        Spec {
            function: "gmm",
            params: vec![
                ("d", self.d as f64),
                ("k", self.k as f64),
                ("n", self.n as f64),
                ("gamma", GAMMA),
                ("m", M as f64),
            ],
            parts: vec![("alpha", self.k), ("mu", self.k * self.d), ("q", self.k * self.d), ("l", self.k * lsz)],
            data: vec![("points", self.points.clone())],
        }
    }
}

/// Hand-written adjoint of [`gmm_objective`], with the signature of parad's
/// [`d_gmm_objective`]: returns the value and adds `seed` times the gradient
/// into the shadows of `alpha`, `mu`, `q` and `l`.
///
/// With `z = Q_c (x_i - mu_c)` and `beta_ic = alpha_c + sum_j q_cj - |z|^2 / 2`,
/// the adjoint of the log-sum-exp over `c` is the softmax `w_ic`, known as
/// soon as point `i`'s row of `beta` is; so one pass over the points does
/// it all, with `z` kept for the `k` components of the current point only.
/// Everything linear in `dz = -w z` is summed over the points first and
/// transformed once per component at the end: `dmu_c = -Q_c^T sum_i dz`,
/// and the diagonal's `sum_i dz_r xc_r`. What is left per point and
/// component is the forward product `Q_c xc` and the rank-one update of the
/// strictly lower part, `dL += dz xc^T`, both `d^2 / 2` multiply-adds over
/// contiguous rows. The value is computed in the primal's order, so it is
/// bitwise the primal's.
pub fn gmm_adjoint(
    alpha: &[f64],
    dalpha: &mut [f64],
    mu: &[f64],
    dmu: &mut [f64],
    q: &[f64],
    dq: &mut [f64],
    l: &[f64],
    dl: &mut [f64],
    points: &[f64],
    d: usize,
    gamma: f64,
    m: usize,
    seed: f64,
) -> f64 {
    let k = alpha.len();
    let n = points.len() / d;
    let lsz = d * (d - 1) / 2;
    let tri = |r: usize| (r * r - r) / 2; // start of row r of a strictly lower part
    let col = |r: usize, s: usize| (s * (2 * d - s - 1)) / 2 + r - s - 1; // (r, s) in l's column order

    let mut qdiag = vec![0.0; k * d];
    let mut sum_q = vec![0.0; k];
    let mut lrow = vec![0.0; k * lsz];
    for c in 0..k {
        for j in 0..d {
            qdiag[c * d + j] = q[c * d + j].exp();
            sum_q[c] += q[c * d + j];
        }
        for r in 1..d {
            for s in 0..r {
                lrow[c * lsz + tri(r) + s] = l[c * lsz + col(r, s)];
            }
        }
    }

    // Per component, summed over the points: the softmax weights, dz, the
    // diagonal's dz_r xc_r, and dL by rows.
    let (mut g_beta, mut g_z, mut g_diag, mut g_l) =
        (vec![0.0; k], vec![0.0; k * d], vec![0.0; k * d], vec![0.0; k * lsz]);
    // The current point's centred copies, products and exponentials.
    let (mut xc, mut z, mut beta) = (vec![0.0; k * d], vec![0.0; k * d], vec![0.0; k]);
    let mut slse = 0.0;
    for xi in points.chunks_exact(d) {
        for c in 0..k {
            let (xc, z) = (&mut xc[c * d..(c + 1) * d], &mut z[c * d..(c + 1) * d]);
            for ((e, &xj), &mj) in xc.iter_mut().zip(xi).zip(&mu[c * d..(c + 1) * d]) {
                *e = xj - mj;
            }
            let mut sq = 0.0;
            for r in 0..d {
                let row = &lrow[c * lsz + tri(r)..c * lsz + tri(r) + r];
                let mut v = qdiag[c * d + r] * xc[r];
                for (&a, &b) in row.iter().zip(&xc[..r]) {
                    v += a * b;
                }
                z[r] = v;
            }
            for &v in z.iter() {
                sq += v * v;
            }
            beta[c] = alpha[c] + sum_q[c] - 0.5 * sq;
        }
        let mx = beta.iter().fold(f64::NEG_INFINITY, |m, &b| m.max(b));
        let mut se = 0.0;
        for b in beta.iter_mut() {
            *b = (*b - mx).exp(); // beta now holds the exponentials
            se += *b;
        }
        slse += mx + se.ln();
        for c in 0..k {
            let w = seed * beta[c] / se;
            g_beta[c] += w;
            let (xc, z) = (&xc[c * d..(c + 1) * d], &z[c * d..(c + 1) * d]);
            for r in 0..d {
                let dz = -w * z[r];
                g_z[c * d + r] += dz;
                g_diag[c * d + r] += dz * xc[r];
                let row = &mut g_l[c * lsz + tri(r)..c * lsz + tri(r) + r];
                for (g, &b) in row.iter_mut().zip(&xc[..r]) {
                    *g += dz * b;
                }
            }
        }
    }

    // log-sum-exp of alpha, and the prior, in the primal's order.
    let amx = alpha.iter().fold(f64::NEG_INFINITY, |m, &a| m.max(a));
    let mut ase = 0.0;
    for &a in alpha {
        ase += (a - amx).exp();
    }
    let lse_alpha = amx + ase.ln();
    let mut prior = 0.0;
    for c in 0..k {
        let mut frob = 0.0;
        for j in 0..d {
            frob += qdiag[c * d + j] * qdiag[c * d + j];
        }
        for j in 0..lsz {
            frob += l[c * lsz + j] * l[c * lsz + j];
        }
        prior += m as f64 * sum_q[c] - 0.5 * gamma * gamma * frob;
    }

    let g2 = seed * gamma * gamma;
    for c in 0..k {
        dalpha[c] += g_beta[c] - seed * n as f64 * (alpha[c] - amx).exp() / ase;
        for j in 0..d {
            let qd = qdiag[c * d + j];
            dq[c * d + j] += g_beta[c] + qd * g_diag[c * d + j] + seed * m as f64 - g2 * qd * qd;
            // dmu = -Q^T sum_i dz: the diagonal, then the rows below j.
            let mut t = qd * g_z[c * d + j];
            for r in j + 1..d {
                t += lrow[c * lsz + tri(r) + j] * g_z[c * d + r];
            }
            dmu[c * d + j] -= t;
        }
        for r in 1..d {
            for s in 0..r {
                let i = c * lsz + col(r, s);
                dl[i] += g_l[c * lsz + tri(r) + s] - g2 * l[i];
            }
        }
    }
    constant_terms(n, k, d, gamma, m) + slse - n as f64 * lse_alpha + prior
}
