//! Adjoints accumulated in locals inside parallel bodies (see
//! `ad-macros/src/codegen/reverse/hoist.rs`): where the inner loop reads an
//! element at the same index in every iteration, and where it must not
//! apply because it also reads the buffer at a varying index.

use crate::common::scalar;
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

/// Parallel over the 2D points of `x` (`par_chunks(2)`), all points of `y`
/// inside: in the loop over `j`, `p[0]`, `p[1]` (the iteration's own piece
/// of `dx`) and `w[0]`, `w[1]` (a private shadow) are read at the same index
/// in every iteration and accumulated in locals; `y[2 * j]` is not.
#[autodiff(reverse, d_field, Duplicated, Duplicated, Duplicated, Active)]
#[autodiff(forward, field_fwd, Dual, Dual, Dual, Dual)]
pub fn field(x: &[f64], y: &[f64], w: &[f64]) -> f64 {
    let m = y.len() / 2;
    x.par_chunks(2)
        .map(|p| {
            let mut e = 0.0;
            for j in 0..m {
                let dx = p[0] - y[2 * j];
                let dy = p[1] - y[2 * j + 1];
                e += w[0] / (dx * dx + dy * dy + w[1] * w[1]);
            }
            e * e
        })
        .sum()
}

#[autodiff(reverse, d_field_serial, Duplicated, Duplicated, Duplicated, Active)]
pub fn field_serial(x: &[f64], y: &[f64], w: &[f64]) -> f64 {
    let m = y.len() / 2;
    let mut s = 0.0;
    for i in 0..x.len() / 2 {
        let mut e = 0.0;
        for j in 0..m {
            let dx = x[2 * i] - y[2 * j];
            let dy = x[2 * i + 1] - y[2 * j + 1];
            e += w[0] / (dx * dx + dy * dy + w[1] * w[1]);
        }
        s += e * e;
    }
    s
}

/// Must not apply: in the loop over `j`, `x[i]` is read at the same index
/// in every iteration, but `x[j]` is read too, so the shadow of `x` is
/// touched at a varying index.
#[autodiff(reverse, d_all_pairs, Duplicated, Active)]
#[autodiff(forward, all_pairs_fwd, Dual, Dual)]
pub fn all_pairs(x: &[f64]) -> f64 {
    (0..x.len())
        .into_par_iter()
        .map(|i| {
            let mut e = 0.0;
            for j in 0..x.len() {
                e += (x[i] - 0.5 * x[j]).powi(2) * x[i];
            }
            e
        })
        .sum()
}

#[autodiff(reverse, d_all_pairs_serial, Duplicated, Active)]
pub fn all_pairs_serial(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        let mut e = 0.0;
        for j in 0..x.len() {
            e += (x[i] - 0.5 * x[j]).powi(2) * x[i];
        }
        s += e;
    }
    s
}

#[test]
fn invariant_index_in_a_parallel_body() {
    let (nx, ny) = (9, 5);
    let x = [random_vec(2 * nx + 2 * ny, -1.0, 1.0, 1201), random_vec(2, 0.5, 1.5, 1202)].concat();
    let (a, b) = (2 * nx, 2 * nx + 2 * ny);
    let primal = |x: &[f64]| field(&x[..a], &x[a..b], &x[b..]);
    let grad = |x: &[f64], dx: &mut [f64], s: f64, serial: bool| {
        let (dxs, rest) = dx.split_at_mut(a);
        let (dys, dws) = rest.split_at_mut(b - a);
        if serial {
            d_field_serial(&x[..a], dxs, &x[a..b], dys, &x[b..], dws, s)
        } else {
            d_field(&x[..a], dxs, &x[a..b], dys, &x[b..], dws, s)
        }
    };
    let fwd = |x: &[f64], t: &[f64]| field_fwd(&x[..a], &t[..a], &x[a..b], &t[a..b], &x[b..], &t[b..]);
    scalar(&x, primal, |x, dx, s| grad(x, dx, s, false), fwd, |x, dx, s| grad(x, dx, s, true));
}

#[test]
fn shadow_touched_at_a_varying_index_in_a_parallel_body() {
    let x = random_vec(11, -1.0, 1.0, 1203);
    scalar(&x, all_pairs, d_all_pairs, all_pairs_fwd, d_all_pairs_serial);
}
