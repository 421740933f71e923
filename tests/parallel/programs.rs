//! The required parallel programs, each with its serial twin. The heat
//! stencil (and its twin), the particle energy and the docking score are
//! the benchmarks' own functions (`benches/problems/parallel.rs`), tested
//! here.

use crate::bench_problems::{
    d_docking, d_heat2d, d_heat2d_serial, d_particle_energy, docking, docking_fwd, heat2d, heat2d_fwd, particle_energy,
    particle_energy_fwd,
};
use crate::common::{map, scalar};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

// ------------------------------------------------------------ 2D heat

/// Packs `(u0, alpha)` for the scalar drivers.
fn heat_drivers(
    n: usize,
    steps: usize,
) -> (
    impl Fn(&[f64]) -> f64,
    impl Fn(&[f64], &mut [f64], f64) -> f64 + Sync + Send,
    impl Fn(&[f64], &[f64]) -> (f64, f64),
    impl Fn(&[f64], &mut [f64], f64) -> f64,
) {
    let m = n * n;
    let primal = move |x: &[f64]| heat2d(&x[..m], x[m], n, steps);
    let rev = move |x: &[f64], dx: &mut [f64], s: f64| {
        let (du, da) = dx.split_at_mut(m);
        let (v, g) = d_heat2d(&x[..m], du, x[m], n, steps, s);
        da[0] += g;
        v
    };
    let fwd = move |x: &[f64], t: &[f64]| heat2d_fwd(&x[..m], &t[..m], x[m], t[m], n, steps);
    let twin = move |x: &[f64], dx: &mut [f64], s: f64| {
        let (du, da) = dx.split_at_mut(m);
        let (v, g) = d_heat2d_serial(&x[..m], du, x[m], n, steps, s);
        da[0] += g;
        v
    };
    (primal, rev, fwd, twin)
}

/// Each step writes all of `next`, which is saved whole: copied on the 9 x 9
/// grid, moved on the 24 x 24 one (4.5 KiB, over the runtime's page).
#[test]
fn heat_stencil_2d_par_chunks_mut() {
    for (n, steps) in [(9, 12), (24, 6)] {
        let mut x = random_vec(n * n + 1, 0.0, 1.0, 21);
        x[n * n] = 0.2;
        let (primal, rev, fwd, twin) = heat_drivers(n, steps);
        scalar(&x, primal, rev, fwd, twin);
    }
}

// ------------------------------------------------------------ particles

#[autodiff(reverse, d_particle_energy_serial, Duplicated, Active, Active)]
pub fn particle_energy_serial(pos: &[f64], eps: f64) -> f64 {
    let n = pos.len() / 3;
    let mut total = 0.0;
    for i in 0..n {
        for j in 0..n {
            if j != i {
                let dx = pos[3 * i] - pos[3 * j];
                let dy = pos[3 * i + 1] - pos[3 * j + 1];
                let dz = pos[3 * i + 2] - pos[3 * j + 2];
                let r2 = dx * dx + dy * dy + dz * dz + eps;
                let inv = 1.0 / (r2 * r2 * r2);
                total += inv * inv - inv;
            }
        }
    }
    0.5 * total
}

#[test]
fn particle_energy_all_pairs() {
    let n = 24;
    let mut x = random_vec(3 * n + 1, 0.0, 3.0, 22);
    x[3 * n] = 1.0;
    let m = 3 * n;
    let primal = |x: &[f64]| particle_energy(&x[..m], x[m]);
    let rev = |x: &[f64], dx: &mut [f64], s: f64| {
        let (dp, de) = dx.split_at_mut(m);
        let (v, g) = d_particle_energy(&x[..m], dp, x[m], s);
        de[0] += g;
        v
    };
    let fwd = |x: &[f64], t: &[f64]| particle_energy_fwd(&x[..m], &t[..m], x[m], t[m]);
    let twin = |x: &[f64], dx: &mut [f64], s: f64| {
        let (dp, de) = dx.split_at_mut(m);
        let (v, g) = d_particle_energy_serial(&x[..m], dp, x[m], s);
        de[0] += g;
        v
    };
    scalar(&x, primal, rev, fwd, twin);
}

// ------------------------------------------------------------------ GMM

/// ADBench's Gaussian-mixture objective, parallel over the points: `k`
/// components in `d` dimensions; `icf` holds per component the log of the
/// diagonal of the lower-triangular inverse-covariance factor `L` (`d`
/// values) and then its strictly-lower part column by column; a Wishart
/// prior with `gamma = 1`, `m = 0`.
#[autodiff(reverse, d_gmm, Duplicated, Duplicated, Duplicated, Const, Const, Const, Active)]
#[autodiff(forward, gmm_fwd, Dual, Dual, Dual, Const, Const, Const, Dual)]
pub fn gmm(alphas: &[f64], means: &[f64], icf: &[f64], x: &[f64], d: usize, k: usize) -> f64 {
    let tri = d * (d + 1) / 2;
    let slse: f64 = x
        .par_chunks(d)
        .map(|xi| {
            let mut terms = vec![0.0; k];
            let mut top = f64::NEG_INFINITY;
            for c in 0..k {
                let q = &icf[c * tri..(c + 1) * tri];
                let mut sum_q = 0.0;
                let mut norm = 0.0;
                for r in 0..d {
                    sum_q += q[r];
                    let mut lx = q[r].exp() * (xi[r] - means[c * d + r]);
                    for col in 0..r {
                        let idx = d + col * (2 * d - col - 1) / 2 + (r - col - 1);
                        lx += q[idx] * (xi[col] - means[c * d + col]);
                    }
                    norm += lx * lx;
                }
                terms[c] = alphas[c] + sum_q - 0.5 * norm;
                top = top.max(terms[c]);
            }
            let mut s = 0.0;
            for c in 0..k {
                s += (terms[c] - top).exp();
            }
            s.ln() + top
        })
        .sum();
    let mut amax = f64::NEG_INFINITY;
    for c in 0..k {
        amax = amax.max(alphas[c]);
    }
    let mut asum = 0.0;
    for c in 0..k {
        asum += (alphas[c] - amax).exp();
    }
    let n = (x.len() / d) as f64;
    let mut prior = 0.0;
    for c in 0..k {
        let q = &icf[c * tri..(c + 1) * tri];
        for r in 0..d {
            prior += 0.5 * (2.0 * q[r]).exp();
        }
        for r in d..tri {
            prior += 0.5 * q[r] * q[r];
        }
    }
    slse - n * (asum.ln() + amax) + prior
}

#[autodiff(reverse, d_gmm_serial, Duplicated, Duplicated, Duplicated, Const, Const, Const, Active)]
pub fn gmm_serial(alphas: &[f64], means: &[f64], icf: &[f64], x: &[f64], d: usize, k: usize) -> f64 {
    let tri = d * (d + 1) / 2;
    let n = x.len() / d;
    let mut slse = 0.0;
    let mut terms = vec![0.0; k];
    for i in 0..n {
        let mut top = f64::NEG_INFINITY;
        for c in 0..k {
            let mut sum_q = 0.0;
            let mut norm = 0.0;
            for r in 0..d {
                sum_q += icf[c * tri + r];
                let mut lx = icf[c * tri + r].exp() * (x[i * d + r] - means[c * d + r]);
                for col in 0..r {
                    let idx = d + col * (2 * d - col - 1) / 2 + (r - col - 1);
                    lx += icf[c * tri + idx] * (x[i * d + col] - means[c * d + col]);
                }
                norm += lx * lx;
            }
            terms[c] = alphas[c] + sum_q - 0.5 * norm;
            top = top.max(terms[c]);
        }
        let mut s = 0.0;
        for c in 0..k {
            s += (terms[c] - top).exp();
        }
        slse += s.ln() + top;
    }
    let mut amax = f64::NEG_INFINITY;
    for c in 0..k {
        amax = amax.max(alphas[c]);
    }
    let mut asum = 0.0;
    for c in 0..k {
        asum += (alphas[c] - amax).exp();
    }
    let mut prior = 0.0;
    for c in 0..k {
        for r in 0..d {
            prior += 0.5 * (2.0 * icf[c * tri + r]).exp();
        }
        for r in d..tri {
            prior += 0.5 * icf[c * tri + r] * icf[c * tri + r];
        }
    }
    slse - n as f64 * (asum.ln() + amax) + prior
}

#[test]
fn gmm_log_likelihood_par_points() {
    let (d, k, n) = (3, 4, 30);
    let tri = d * (d + 1) / 2;
    let (na, nm, nq) = (k, k * d, k * tri);
    let params = random_vec(na + nm + nq, -0.5, 0.5, 23);
    let data = random_vec(n * d, -1.0, 1.0, 24);
    let split = |x: &[f64]| (x[..na].to_vec(), x[na..na + nm].to_vec(), x[na + nm..].to_vec());
    let primal = |x: &[f64]| {
        let (a, m, q) = split(x);
        gmm(&a, &m, &q, &data, d, k)
    };
    let grad = |x: &[f64], dx: &mut [f64], s: f64, serial: bool| {
        let (a, m, q) = split(x);
        let (da, rest) = dx.split_at_mut(na);
        let (dm, dq) = rest.split_at_mut(nm);
        if serial {
            d_gmm_serial(&a, da, &m, dm, &q, dq, &data, d, k, s)
        } else {
            d_gmm(&a, da, &m, dm, &q, dq, &data, d, k, s)
        }
    };
    let fwd = |x: &[f64], t: &[f64]| {
        let (a, m, q) = split(x);
        let (ta, tm, tq) = split(t);
        gmm_fwd(&a, &ta, &m, &tm, &q, &tq, &data, d, k)
    };
    scalar(&params, primal, |x, dx, s| grad(x, dx, s, false), fwd, |x, dx, s| grad(x, dx, s, true));
}

// ------------------------------------------------------------ matvec

/// `y = A x` parallel over rows: `par_chunks(m)` of `A` zipped with
/// `par_iter_mut()` of `y`; `dA` is owned row by row, `dx` private.
#[autodiff(reverse, d_matvec, Duplicated, Duplicated, Duplicated)]
#[autodiff(forward, matvec_fwd, Dual, Dual, Dual)]
pub fn matvec(a: &[f64], x: &[f64], y: &mut [f64]) {
    let m = x.len();
    a.par_chunks(m).zip(y.par_iter_mut()).for_each(|(row, yi)| {
        *yi = row.iter().zip(x.iter()).map(|(p, q)| p * q).sum();
    });
}

#[autodiff(reverse, d_matvec_serial, Duplicated, Duplicated, Duplicated)]
pub fn matvec_serial(a: &[f64], x: &[f64], y: &mut [f64]) {
    let m = x.len();
    for i in 0..y.len() {
        let mut s = 0.0;
        for j in 0..m {
            s += a[i * m + j] * x[j];
        }
        y[i] = s;
    }
}

#[test]
fn matvec_par_rows() {
    let (rows, cols) = (45, 7);
    let na = rows * cols;
    let x = random_vec(na + cols, -1.0, 1.0, 25);
    let drivers = |f: fn(&[f64], &mut [f64], &[f64], &mut [f64], &mut [f64], &mut [f64])| {
        move |x: &[f64], dx: &mut [f64], w: &[f64]| {
            let (da, dv) = dx.split_at_mut(na);
            let mut y = vec![0.0; rows];
            let mut dy = w.to_vec();
            f(&x[..na], da, &x[na..], dv, &mut y, &mut dy);
            y
        }
    };
    let primal = |x: &[f64]| {
        let mut y = vec![0.0; rows];
        matvec(&x[..na], &x[na..], &mut y);
        y
    };
    let fwd = |x: &[f64], t: &[f64]| {
        let (mut y, mut ty) = (vec![0.0; rows], vec![0.0; rows]);
        matvec_fwd(&x[..na], &t[..na], &x[na..], &t[na..], &mut y, &mut ty);
        (y, ty)
    };
    let rev = drivers(d_matvec);
    let twin = drivers(d_matvec_serial);
    map(&x, rows, primal, rev, fwd, twin);
}

// ------------------------------------------------------------- docking

#[autodiff(reverse, d_docking_serial, Duplicated, Duplicated, Const, Const, Active)]
pub fn docking_serial(poses: &[f64], ligand: &[f64], protein: &[f64], charges: &[f64]) -> f64 {
    let nl = ligand.len() / 3;
    let np = protein.len() / 3;
    let mut s = 0.0;
    for p in 0..poses.len() / 3 {
        let mut e = 0.0;
        for a in 0..nl {
            for b in 0..np {
                let dx = ligand[3 * a] + poses[3 * p] - protein[3 * b];
                let dy = ligand[3 * a + 1] + poses[3 * p + 1] - protein[3 * b + 1];
                let dz = ligand[3 * a + 2] + poses[3 * p + 2] - protein[3 * b + 2];
                let r2 = dx * dx + dy * dy + dz * dz + 0.5;
                let inv = 1.0 / r2;
                e += charges[a] * charges[nl + b] * inv.sqrt() + inv * inv * inv;
            }
        }
        s += (-e).exp();
    }
    -s.ln()
}

#[test]
fn docking_par_poses() {
    let (poses, nl, np) = (10, 5, 8);
    let protein = random_vec(3 * np, -2.0, 2.0, 26);
    let charges = random_vec(nl + np, -1.0, 1.0, 27);
    let x = random_vec(3 * poses + 3 * nl, -1.0, 1.0, 28);
    let m = 3 * poses;
    let primal = |x: &[f64]| docking(&x[..m], &x[m..], &protein, &charges);
    let grad = |x: &[f64], dx: &mut [f64], s: f64, serial: bool| {
        let (dp, dl) = dx.split_at_mut(m);
        if serial {
            d_docking_serial(&x[..m], dp, &x[m..], dl, &protein, &charges, s)
        } else {
            d_docking(&x[..m], dp, &x[m..], dl, &protein, &charges, s)
        }
    };
    let fwd = |x: &[f64], t: &[f64]| docking_fwd(&x[..m], &t[..m], &x[m..], &t[m..], &protein, &charges);
    scalar(&x, primal, |x, dx, s| grad(x, dx, s, false), fwd, |x, dx, s| grad(x, dx, s, true));
}
