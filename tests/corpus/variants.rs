//! Activity variants of the same function compared with each other:
//! `Active` against `ActiveOnly` (no primal value in the result), `Dual`
//! against `DualOnly` (the tangent alone), `Duplicated` against
//! `DuplicatedOnly` on an output, and one `Active` scalar against a
//! `Duplicated` slice of length one.

use crate::support::{self, assert_all_close, assert_close, TOL};
use parad::autodiff;
use parad::check::random_vec;

/// One Active parameter: `Active` returns `(value, d/dx)`, `ActiveOnly`
/// returns `d/dx` bare.
#[autodiff(reverse, d_cubic, Active, Active)]
#[autodiff(reverse, d_cubic_only, Active, ActiveOnly)]
#[autodiff(forward, cubic_fwd, Dual, Dual)]
#[autodiff(forward, cubic_tangent, Dual, DualOnly)]
pub fn cubic(x: f64) -> f64 {
    x * x * x - 2.0 * x + (0.5 * x).sin()
}

/// Two Active parameters: `ActiveOnly` returns the pair of derivatives.
#[autodiff(reverse, d_bilinear, Active, Active, Active)]
#[autodiff(reverse, d_bilinear_only, Active, Active, ActiveOnly)]
#[autodiff(forward, bilinear_fwd, Dual, Dual, Dual)]
#[autodiff(forward, bilinear_tangent, Dual, Dual, DualOnly)]
pub fn bilinear(x: f64, y: f64) -> f64 {
    x * y + (x - y).exp() + 3.0 * y
}

/// A Duplicated slice and an ActiveOnly return: nothing is returned.
#[autodiff(reverse, d_energy, Duplicated, Active)]
#[autodiff(reverse, d_energy_only, Duplicated, ActiveOnly)]
#[autodiff(forward, energy_fwd, Dual, Dual)]
#[autodiff(forward, energy_tangent, Dual, DualOnly)]
pub fn energy(x: &[f64]) -> f64 {
    let mut e = 0.0;
    for i in 0..x.len() {
        e += 0.5 * x[i] * x[i] + (x[i] * x[(i + 1) % x.len()]).cos();
    }
    e
}

/// A `&mut` output, `Duplicated` and `DuplicatedOnly` (the primal output is not
/// needed, only its shadow): both give the same adjoint of the input.
#[autodiff(reverse, d_blur, Duplicated, Duplicated)]
#[autodiff(reverse, d_blur_shadow_only, Duplicated, DuplicatedOnly)]
#[autodiff(forward, blur_fwd, Dual, Dual)]
pub fn blur(u: &[f64], out: &mut [f64]) {
    let n = u.len();
    for i in 0..n {
        let left = if i > 0 { u[i - 1] } else { u[i] };
        let right = if i + 1 < n { u[i + 1] } else { u[i] };
        out[i] = (0.25 * left + 0.5 * u[i] + 0.25 * right).tanh();
    }
}

/// The same as `cubic` on a slice of length one, for comparing an Active
/// scalar with a Duplicated slice.
#[autodiff(reverse, d_cubic_slice, Duplicated, Active)]
#[autodiff(forward, cubic_slice_fwd, Dual, Dual)]
pub fn cubic_slice(x: &[f64]) -> f64 {
    let x = x[0];
    x * x * x - 2.0 * x + (0.5 * x).sin()
}

#[test]
fn active_against_active_only_one_parameter() {
    let x = random_vec(1, -1.5, 1.5, 1001);
    support::scalar(
        &x,
        TOL,
        |x| cubic(x[0]),
        |x, dx, seed| {
            let (v, g) = d_cubic(x[0], seed);
            dx[0] += g;
            v
        },
        |x, t| cubic_fwd(x[0], t[0]),
    );
    let a = x[0];
    let (_, g) = d_cubic(a, 1.0);
    let g_only: f64 = d_cubic_only(a, 1.0);
    assert_close("ActiveOnly", g_only, g, 1e-13);
    assert_close("ActiveOnly with seed 2.5", d_cubic_only(a, 2.5), 2.5 * g, 1e-13);
    let t_only: f64 = cubic_tangent(a, 1.0);
    assert_close("DualOnly", t_only, cubic_fwd(a, 1.0).1, 1e-13);
    assert_close("DualOnly = ActiveOnly", t_only, g_only, 1e-13);
}

#[test]
fn active_against_active_only_two_parameters() {
    let x = random_vec(2, -1.0, 1.0, 1002);
    support::scalar(
        &x,
        TOL,
        |x| bilinear(x[0], x[1]),
        |x, dx, seed| {
            let (v, a, b) = d_bilinear(x[0], x[1], seed);
            dx[0] += a;
            dx[1] += b;
            v
        },
        |x, t| bilinear_fwd(x[0], t[0], x[1], t[1]),
    );
    let (_, gx, gy) = d_bilinear(x[0], x[1], 1.0);
    let (ox, oy): (f64, f64) = d_bilinear_only(x[0], x[1], 1.0);
    assert_close("ActiveOnly d/dx", ox, gx, 1e-13);
    assert_close("ActiveOnly d/dy", oy, gy, 1e-13);
    let t: f64 = bilinear_tangent(x[0], 0.3, x[1], -0.7);
    assert_close("DualOnly", t, bilinear_fwd(x[0], 0.3, x[1], -0.7).1, 1e-13);
    assert_close("DualOnly = gradient . v", t, 0.3 * gx - 0.7 * gy, 1e-13);
}

#[test]
fn duplicated_with_active_only_return() {
    let x = random_vec(6, -1.0, 1.0, 1003);
    support::slice_fn(&x, energy, d_energy, energy_fwd);
    let mut dx = vec![0.0; 6];
    d_energy(&x, &mut dx, 1.0);
    let mut dx_only = vec![0.0; 6];
    // The result is `()`: the primal value is not returned.
    let () = d_energy_only(&x, &mut dx_only, 1.0);
    assert_all_close("ActiveOnly gradient", &dx_only, &dx, 1e-13);
    let v = random_vec(6, -1.0, 1.0, 1004);
    let t: f64 = energy_tangent(&x, &v);
    assert_close("DualOnly", t, energy_fwd(&x, &v).1, 1e-13);
    assert_close("DualOnly = gradient . v", t, support::inner(&dx, &v), 1e-13);
}

#[test]
fn duplicated_against_duplicated_only_output() {
    let n = 7;
    let x = random_vec(n, -1.0, 1.0, 1005);
    support::map(
        &x,
        n,
        TOL,
        1006,
        |x| {
            let mut out = vec![0.0; n];
            blur(x, &mut out);
            out
        },
        |x, dx, w| {
            let mut out = vec![0.0; n];
            let mut dout = w.to_vec();
            d_blur(x, dx, &mut out, &mut dout);
            out
        },
        |x, t| {
            let mut out = vec![0.0; n];
            let mut tout = vec![0.0; n];
            blur_fwd(x, t, &mut out, &mut tout);
            (out, tout)
        },
    );
    let w = random_vec(n, -1.0, 1.0, 1007);
    let mut du = vec![0.0; n];
    let mut out = vec![0.0; n];
    let mut dout = w.clone();
    d_blur(&x, &mut du, &mut out, &mut dout);
    assert_all_close("write-only output: adjoint of its initial value", &dout, &[0.0; 7], 0.0);
    let mut du_only = vec![0.0; n];
    let mut out_unused = vec![0.0; n];
    let mut dout_only = w.clone();
    d_blur_shadow_only(&x, &mut du_only, &mut out_unused, &mut dout_only);
    assert_all_close("DuplicatedOnly adjoint", &du_only, &du, 1e-13);
}

#[test]
fn active_scalar_against_duplicated_slice() {
    let x = random_vec(1, -1.5, 1.5, 1008);
    support::slice_fn(&x, cubic_slice, d_cubic_slice, cubic_slice_fwd);
    let (v, g) = d_cubic(x[0], 1.0);
    let mut dx = [0.0];
    let vs = d_cubic_slice(&x, &mut dx, 1.0);
    assert_close("value", vs, v, 1e-13);
    assert_close("derivative", dx[0], g, 1e-13);
    assert_close("forward", cubic_slice_fwd(&x, &[1.0]).1, cubic_fwd(x[0], 1.0).1, 1e-13);
}
