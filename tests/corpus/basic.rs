//! Scalars and slices: `Active` scalars and `Duplicated` slices, locals (`let`,
//! `let mut`, shadowing, tuples and their destructuring), assignment and the
//! compound operators on locals and slice elements, integers / `usize` / `bool`
//! that stay inactive, `as f64` casts, and `Active` against `Const` on the same
//! parameter.

use crate::support::{self, assert_all_close, assert_close, cat, TOL};
use parad::autodiff;
use parad::check::random_vec;

/// Rosenbrock's function of two scalars (required: Rosenbrock).
#[autodiff(reverse, d_rosen, Active, Active, Active)]
#[autodiff(forward, rosen_fwd, Dual, Dual, Dual)]
pub fn rosen(x: f64, y: f64) -> f64 {
    (1.0 - x).powi(2) + 100.0 * (y - x * x).powi(2)
}

/// Rosenbrock's function in `n` dimensions.
#[autodiff(reverse, d_rosen_n, Duplicated, Active)]
#[autodiff(forward, rosen_n_fwd, Dual, Dual)]
pub fn rosen_n(x: &[f64]) -> f64 {
    let mut f = 0.0;
    for i in 0..x.len() - 1 {
        f += (1.0 - x[i]).powi(2) + 100.0 * (x[i + 1] - x[i] * x[i]).powi(2);
    }
    f
}

/// Sum of squares (required).
#[autodiff(reverse, d_sum_sq, Duplicated, Active)]
#[autodiff(forward, sum_sq_fwd, Dual, Dual)]
pub fn sum_sq(x: &[f64]) -> f64 {
    x.iter().map(|v| v * v).sum()
}

/// Dot product by an index loop (required), with `b` both active and constant.
#[autodiff(reverse, d_dot, Duplicated, Duplicated, Active)]
#[autodiff(reverse, d_dot_const_b, Duplicated, Const, Active)]
#[autodiff(forward, dot_fwd, Dual, Dual, Dual)]
#[autodiff(forward, dot_fwd_const_b, Dual, Const, Dual)]
pub fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..a.len() {
        s += a[i] * b[i];
    }
    s
}

/// Scalar locals: `let`, `let mut`, reassignment, shadowing, tuples, tuple
/// destructuring and tuple fields.
#[autodiff(reverse, d_locals, Active, Active, Active, Active)]
#[autodiff(forward, locals_fwd, Dual, Dual, Dual, Dual)]
pub fn locals(x: f64, y: f64, z: f64) -> f64 {
    let a = x * y;
    let mut b = a + z;
    b = b * b - x;
    let a = a.sin() + b;
    let pair = (a * z, y - x);
    let (p, q) = pair;
    let t = (p, q, 2.0 * z);
    let b = t.0 * t.2 + t.1 * q;
    p - q + b + pair.1 * 0.5
}

/// `=`, `+=`, `-=`, `*=`, `/=` on scalar locals, one of which starts constant.
#[autodiff(reverse, d_compound, Active, Active, Active)]
#[autodiff(forward, compound_fwd, Dual, Dual, Dual)]
pub fn compound(x: f64, y: f64) -> f64 {
    let mut s = x;
    s += y * y;
    s -= 0.5 * x;
    s *= y;
    s /= 1.0 + x * x;
    let mut t = 3.0;
    t *= s;
    t += x;
    t /= y;
    t -= s * s;
    s - t
}

/// The compound operators on elements of a `&mut [f64]` output.
#[autodiff(reverse, d_update_elements, Duplicated, Duplicated)]
#[autodiff(forward, update_elements_fwd, Dual, Dual)]
pub fn update_elements(x: &[f64], out: &mut [f64]) {
    let n = x.len();
    for i in 0..n {
        out[i] = x[i];
        out[i] *= x[i] + 2.0;
        out[i] += x[(i + 1) % n];
        out[i] -= 0.25 * x[i] * x[i] * x[i];
        out[i] /= 1.0 + x[i] * x[i];
    }
}

/// Integer, `usize` and `bool` parameters and locals, which stay inactive, and
/// their casts to f64.
#[autodiff(reverse, d_inactive_args, Duplicated, Const, Const, Const, Active)]
#[autodiff(forward, inactive_args_fwd, Dual, Const, Const, Const, Dual)]
pub fn inactive_args(x: &[f64], n: usize, k: i32, flag: bool) -> f64 {
    let mut s = 0.0;
    let mut count: usize = 0;
    for i in 0..n {
        let weight = (i as f64 + 1.0) / n as f64;
        let shift = (k - i as i32) as f64;
        s += weight * x[i] * x[i] + shift * x[i];
        count += 1;
    }
    if flag {
        s = s * s;
    }
    let even = count % 2 == 0;
    if even {
        s + count as f64
    } else {
        s - x[0]
    }
}

/// Mean and sample variance: `len()` and integer arithmetic cast to f64.
#[autodiff(reverse, d_mean_variance, Duplicated, Active)]
#[autodiff(forward, mean_variance_fwd, Dual, Dual)]
pub fn mean_variance(x: &[f64]) -> f64 {
    let n = x.len();
    let nf = n as f64;
    let mean = x.iter().sum::<f64>() / nf;
    let mut var = 0.0;
    for v in x.iter() {
        var += (v - mean) * (v - mean);
    }
    var /= (n - 1) as f64;
    let k: u32 = 3;
    mean.powi(k as i32) + var * k as f64
}

/// The same function with `k` Active and with `k` Const.
#[autodiff(reverse, d_scaled, Active, Active, Active)]
#[autodiff(reverse, d_scaled_const_k, Active, Const, Active)]
#[autodiff(forward, scaled_fwd, Dual, Dual, Dual)]
#[autodiff(forward, scaled_fwd_const_k, Dual, Const, Dual)]
pub fn scaled(x: f64, k: f64) -> f64 {
    (k * x).sin() * x.exp() / k
}

#[test]
fn rosenbrock_active_scalars() {
    let x = random_vec(2, -1.5, 1.5, 101);
    support::scalar(
        &x,
        TOL,
        |x| rosen(x[0], x[1]),
        |x, dx, seed| {
            let (v, gx, gy) = d_rosen(x[0], x[1], seed);
            dx[0] += gx;
            dx[1] += gy;
            v
        },
        |x, t| rosen_fwd(x[0], t[0], x[1], t[1]),
    );
}

#[test]
fn rosenbrock_n_dimensional_slice() {
    let x = random_vec(7, -1.5, 1.5, 102);
    support::slice_fn(&x, rosen_n, d_rosen_n, rosen_n_fwd);
}

#[test]
fn rosenbrock_active_scalars_agree_with_duplicated_slice() {
    let x = random_vec(2, -1.5, 1.5, 103);
    let (v, gx, gy) = d_rosen(x[0], x[1], 1.0);
    let mut dx = vec![0.0; 2];
    let vn = d_rosen_n(&x, &mut dx, 1.0);
    assert_close("value", vn, v, 1e-12);
    assert_all_close("gradient", &dx, &[gx, gy], 1e-12);
    // The shadow of a `&` input is added to: a second call doubles it.
    d_rosen_n(&x, &mut dx, 1.0);
    assert_all_close("accumulated gradient", &dx, &[2.0 * gx, 2.0 * gy], 1e-12);
    // Forward mode agrees along each axis.
    assert_close("d/dx", rosen_fwd(x[0], 1.0, x[1], 0.0).1, gx, 1e-12);
    assert_close("d/dy", rosen_n_fwd(&x, &[0.0, 1.0]).1, gy, 1e-12);
}

#[test]
fn sum_of_squares() {
    let x = random_vec(9, -2.0, 2.0, 104);
    support::slice_fn(&x, sum_sq, d_sum_sq, sum_sq_fwd);
    // The gradient is 2x exactly.
    let mut dx = vec![0.0; x.len()];
    d_sum_sq(&x, &mut dx, 1.0);
    let twice: Vec<f64> = x.iter().map(|v| 2.0 * v).collect();
    assert_all_close("gradient of the sum of squares", &dx, &twice, 1e-14);
}

#[test]
fn dot_product_both_duplicated() {
    let n = 6;
    let x = cat(&[&random_vec(n, -1.0, 1.0, 105), &random_vec(n, -1.0, 1.0, 106)]);
    support::scalar(
        &x,
        TOL,
        |x| dot(&x[..n], &x[n..]),
        |x, dx, seed| {
            let (da, db) = dx.split_at_mut(n);
            d_dot(&x[..n], da, &x[n..], db, seed)
        },
        |x, t| dot_fwd(&x[..n], &t[..n], &x[n..], &t[n..]),
    );
}

#[test]
fn dot_product_const_second_argument() {
    let b = random_vec(6, -1.0, 1.0, 107);
    let a = random_vec(6, -1.0, 1.0, 108);
    support::scalar(
        &a,
        TOL,
        |a| dot(a, &b),
        |a, da, seed| d_dot_const_b(a, da, &b, seed),
        |a, ta| dot_fwd_const_b(a, ta, &b),
    );
    // d/da of a.b is b.
    let mut da = vec![0.0; 6];
    d_dot_const_b(&a, &mut da, &b, 1.0);
    assert_all_close("gradient", &da, &b, 1e-15);
}

#[test]
fn locals_let_mut_shadowing_tuples() {
    let x = random_vec(3, -1.0, 1.0, 109);
    support::scalar(
        &x,
        TOL,
        |x| locals(x[0], x[1], x[2]),
        |x, dx, seed| {
            let (v, a, b, c) = d_locals(x[0], x[1], x[2], seed);
            dx[0] += a;
            dx[1] += b;
            dx[2] += c;
            v
        },
        |x, t| locals_fwd(x[0], t[0], x[1], t[1], x[2], t[2]),
    );
}

#[test]
fn compound_assignment_on_locals() {
    let x = random_vec(2, 0.5, 2.0, 110);
    support::scalar(
        &x,
        TOL,
        |x| compound(x[0], x[1]),
        |x, dx, seed| {
            let (v, a, b) = d_compound(x[0], x[1], seed);
            dx[0] += a;
            dx[1] += b;
            v
        },
        |x, t| compound_fwd(x[0], t[0], x[1], t[1]),
    );
}

#[test]
fn compound_assignment_on_slice_elements() {
    let n = 5;
    let x = random_vec(n, -1.0, 1.0, 111);
    support::map(
        &x,
        n,
        TOL,
        112,
        |x| {
            let mut out = vec![0.0; n];
            update_elements(x, &mut out);
            out
        },
        |x, dx, w| {
            let mut out = vec![0.0; n];
            let mut dout = w.to_vec();
            d_update_elements(x, dx, &mut out, &mut dout);
            out
        },
        |x, v| {
            let mut out = vec![0.0; n];
            let mut tout = vec![0.0; n];
            update_elements_fwd(x, v, &mut out, &mut tout);
            (out, tout)
        },
    );
}

#[test]
fn integers_usize_bool_stay_inactive() {
    let x = random_vec(6, -1.0, 1.0, 113);
    // n = 5 < x.len(): the last element does not enter; both branches of
    // `flag`, and both parities of `count`.
    for (n, k, flag) in [(5, 3, true), (5, -2, false), (4, 7, true), (4, 0, false)] {
        support::scalar(
            &x,
            TOL,
            |x| inactive_args(x, n, k, flag),
            |x, dx, seed| d_inactive_args(x, dx, n, k, flag, seed),
            |x, t| inactive_args_fwd(x, t, n, k, flag),
        );
    }
    let mut dx = vec![0.0; 6];
    d_inactive_args(&x, &mut dx, 5, 3, true, 1.0);
    assert_eq!(dx[5], 0.0, "an element the function never reads has zero gradient");
}

#[test]
fn casts_and_integer_locals() {
    let x = random_vec(7, -1.0, 2.0, 114);
    support::slice_fn(&x, mean_variance, d_mean_variance, mean_variance_fwd);
}

#[test]
fn active_scalar_against_const_scalar() {
    let x = random_vec(2, 0.5, 1.5, 115);
    support::scalar(
        &x,
        TOL,
        |x| scaled(x[0], x[1]),
        |x, dx, seed| {
            let (v, a, b) = d_scaled(x[0], x[1], seed);
            dx[0] += a;
            dx[1] += b;
            v
        },
        |x, t| scaled_fwd(x[0], t[0], x[1], t[1]),
    );
    let k = x[1];
    support::scalar(
        &x[..1],
        TOL,
        |x| scaled(x[0], k),
        |x, dx, seed| {
            let (v, a) = d_scaled_const_k(x[0], k, seed);
            dx[0] += a;
            v
        },
        |x, t| scaled_fwd_const_k(x[0], t[0], k),
    );
    // Holding k constant does not change d/dx.
    let (_, dx_all, _) = d_scaled(x[0], x[1], 1.0);
    let (_, dx_const) = d_scaled_const_k(x[0], x[1], 1.0);
    assert_close("d/dx with k Active and Const", dx_const, dx_all, 1e-14);
    assert_close("forward d/dx", scaled_fwd_const_k(x[0], 1.0, k).1, scaled_fwd(x[0], 1.0, k, 0.0).1, 1e-14);
}

/// Names whose shadow or tangent would be a keyword: `o` (`do`), `yn`
/// (`dyn`), `ype` (`type`), `rue` (`true`); the generated names take an
/// underscore instead (`d_o`).
#[autodiff(reverse, d_keyword_shadows, Duplicated, Active, Active)]
#[autodiff(forward, keyword_shadows_fwd, Dual, Dual, Dual)]
pub fn keyword_shadows(o: &[f64], rue: f64) -> f64 {
    let yn = o[0] * rue;
    let ype = yn.sin() + o[1];
    ype * ype + rue
}

#[test]
fn keyword_shadow_names() {
    let x = random_vec(3, -1.0, 1.0, 131);
    support::slice_and_scalar(&x, keyword_shadows, d_keyword_shadows, keyword_shadows_fwd);
}
