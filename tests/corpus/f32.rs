//! The same functions in f32 as elsewhere in f64 (required): Rosenbrock, sum
//! of squares, softmax cross-entropy, the heat equation, a matrix-vector
//! product, Horner's scheme, and a mix of float methods.
//!
//! The f32 derivatives are checked against finite differences of the f64
//! twin (see `support::scalar_f32`) with the looser tolerance `TOL_F32`, and
//! forward against reverse with a single-precision dot-product test.

use crate::support::{self, cat, TOL_F32};
use parad::autodiff;
use parad::check::random_vec;

#[autodiff(reverse, d_rosen32, Active, Active, Active)]
#[autodiff(forward, rosen32_fwd, Dual, Dual, Dual)]
pub fn rosen32(x: f32, y: f32) -> f32 {
    (1.0 - x).powi(2) + 100.0 * (y - x * x).powi(2)
}

#[autodiff(reverse, d_sum_sq32, Duplicated, Active)]
#[autodiff(forward, sum_sq32_fwd, Dual, Dual)]
pub fn sum_sq32(x: &[f32]) -> f32 {
    x.iter().map(|v| v * v).sum()
}

#[autodiff(reverse, d_softmax_cross_entropy32, Duplicated, Const, Active)]
#[autodiff(forward, softmax_cross_entropy32_fwd, Dual, Const, Dual)]
pub fn softmax_cross_entropy32(logits: &[f32], target: usize) -> f32 {
    let m = logits.iter().fold(f32::NEG_INFINITY, |a, &b| a.max(b));
    let sum: f32 = logits.iter().map(|&z| (z - m).exp()).sum();
    let log_z = m + sum.ln();
    log_z - logits[target]
}

#[autodiff(reverse, d_heat_equation32, Duplicated, Active, Active)]
#[autodiff(forward, heat_equation32_fwd, Dual, Dual, Dual)]
pub fn heat_equation32(u0: &[f32], alpha: f32) -> f32 {
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = vec![0.0; n];
    for _ in 0..100 {
        next[0] = u[0];
        next[n - 1] = u[n - 1];
        for i in 1..n - 1 {
            next[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
        }
        std::mem::swap(&mut u, &mut next);
    }
    u.iter().map(|v| v * v).sum::<f32>() / n as f32
}

#[autodiff(reverse, d_matvec32, Duplicated, Duplicated, Duplicated)]
#[autodiff(forward, matvec32_fwd, Dual, Dual, Dual)]
pub fn matvec32(a: &[f32], x: &[f32], y: &mut [f32]) {
    let cols = x.len();
    for i in 0..y.len() {
        let mut s = 0.0;
        for j in 0..cols {
            s += a[i * cols + j] * x[j];
        }
        y[i] = s;
    }
}

#[autodiff(reverse, d_horner32, Duplicated, Active, Active)]
#[autodiff(forward, horner32_fwd, Dual, Dual, Dual)]
pub fn horner32(coeffs: &[f32], t: f32) -> f32 {
    let mut acc = 0.0;
    for i in (0..coeffs.len()).rev() {
        acc = acc * t + coeffs[i];
    }
    acc
}

/// Float methods in f32.
#[autodiff(reverse, d_methods32, Duplicated, Active)]
#[autodiff(forward, methods32_fwd, Dual, Dual)]
pub fn methods32(x: &[f32]) -> f32 {
    let mut s = 0.0;
    for &v in x.iter() {
        s += v.sin() * v.exp() + v.ln() * v.sqrt() + v.tanh().powf(1.5) + v.hypot(1.0) + v.atan2(2.0);
    }
    s
}

/// The f64 twin of `methods32` (a plain reference, not differentiated).
fn methods64(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for &v in x.iter() {
        s += v.sin() * v.exp() + v.ln() * v.sqrt() + v.tanh().powf(1.5) + v.hypot(1.0) + v.atan2(2.0);
    }
    s
}

#[test]
fn rosenbrock_f32_and_f64() {
    let x = random_vec(2, -2.0, 2.0, 901);
    support::scalar_f32(
        &x,
        TOL_F32,
        |x| crate::basic::rosen(x[0], x[1]),
        |x| rosen32(x[0], x[1]),
        |x, dx, seed| {
            let (v, a, b) = d_rosen32(x[0], x[1], seed);
            dx[0] += a;
            dx[1] += b;
            v
        },
        |x, t| rosen32_fwd(x[0], t[0], x[1], t[1]),
    );
}

#[test]
fn sum_of_squares_f32_and_f64() {
    let x = random_vec(9, -20.0, 20.0, 902);
    support::scalar_f32(&x, TOL_F32, crate::basic::sum_sq, sum_sq32, d_sum_sq32, sum_sq32_fwd);
}

#[test]
fn softmax_cross_entropy_f32_and_f64() {
    let x = random_vec(7, -5.0, 5.0, 903);
    support::scalar_f32(
        &x,
        TOL_F32,
        |x| crate::numerics::softmax_cross_entropy(x, 4),
        |x| softmax_cross_entropy32(x, 4),
        |x, dx, seed| d_softmax_cross_entropy32(x, dx, 4, seed),
        |x, t| softmax_cross_entropy32_fwd(x, t, 4),
    );
}

#[test]
fn heat_equation_f32_and_f64() {
    let n = 16;
    let x = cat(&[&random_vec(n, -10.0, 10.0, 904), &random_vec(1, 0.1, 0.4, 905)]);
    support::scalar_f32(
        &x,
        TOL_F32,
        |x| crate::loops::heat_equation(&x[..n], x[n]),
        |x| heat_equation32(&x[..n], x[n]),
        |x, dx, seed| {
            let (du, da) = dx.split_at_mut(n);
            let (v, g) = d_heat_equation32(&x[..n], du, x[n], seed);
            da[0] += g;
            v
        },
        |x, t| heat_equation32_fwd(&x[..n], &t[..n], x[n], t[n]),
    );
}

#[test]
fn matrix_vector_product_f32_and_f64() {
    let (rows, cols) = (4, 3);
    let na = rows * cols;
    let x = cat(&[&random_vec(na, -10.0, 10.0, 906), &random_vec(cols, -10.0, 10.0, 907)]);
    support::map_f32(
        &x,
        rows,
        TOL_F32,
        908,
        |x| {
            let mut y = vec![0.0; rows];
            crate::loops::matvec(&x[..na], &x[na..], &mut y);
            y
        },
        |x| {
            let mut y = vec![0.0f32; rows];
            matvec32(&x[..na], &x[na..], &mut y);
            y
        },
        |x, dx, w| {
            let (da, dv) = dx.split_at_mut(na);
            let mut y = vec![0.0f32; rows];
            let mut dy = w.to_vec();
            d_matvec32(&x[..na], da, &x[na..], dv, &mut y, &mut dy);
            y
        },
        |x, t| {
            let mut y = vec![0.0f32; rows];
            let mut ty = vec![0.0f32; rows];
            matvec32_fwd(&x[..na], &t[..na], &x[na..], &t[na..], &mut y, &mut ty);
            (y, ty)
        },
    );
}

#[test]
fn horner_f32_and_f64() {
    let n = 6;
    let x = cat(&[&random_vec(n, -3.0, 3.0, 909), &random_vec(1, -1.5, 1.5, 910)]);
    support::scalar_f32(
        &x,
        TOL_F32,
        |x| crate::loops::horner(&x[..n], x[n]),
        |x| horner32(&x[..n], x[n]),
        |x, dx, seed| {
            let (dc, dt) = dx.split_at_mut(n);
            let (v, g) = d_horner32(&x[..n], dc, x[n], seed);
            dt[0] += g;
            v
        },
        |x, t| horner32_fwd(&x[..n], &t[..n], x[n], t[n]),
    );
}

#[test]
fn float_methods_f32_and_f64() {
    let x = random_vec(6, 0.5, 3.0, 911);
    support::scalar_f32(&x, TOL_F32, methods64, methods32, d_methods32, methods32_fwd);
}
