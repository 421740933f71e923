//! Derivatives of derivatives: code that calls a generated derivative is
//! differentiated again, in all four combinations of modes.

use parad::autodiff;
use parad::check::random_vec;

/// f(x, y) = x^2 y + sin(x y) + y^3
#[autodiff(reverse, d_f, Active, Active, Active)]
#[autodiff(forward, t_f, Dual, Dual, Dual)]
fn f(x: f64, y: f64) -> f64 {
    x * x * y + (x * y).sin() + y * y * y
}

/// df/dx by reverse mode, as a function of (x, y).
fn fx_rev(x: f64, y: f64) -> f64 {
    d_f(x, y, 1.0).1
}

#[autodiff(reverse, d_grad_x_rev, Active, Active, Active)]
#[autodiff(forward, t_grad_x_rev, Dual, Dual, Dual)]
fn grad_x_rev(x: f64, y: f64) -> f64 {
    let (_, gx, _) = d_f(x, y, 1.0);
    gx
}

#[autodiff(reverse, d_grad_x_fwd, Active, Active, Active)]
#[autodiff(forward, t_grad_x_fwd, Dual, Dual, Dual)]
fn grad_x_fwd(x: f64, y: f64) -> f64 {
    let (_, tx) = t_f(x, 1.0, y, 0.0);
    tx
}

/// The second derivatives of f, by hand from its formula.
fn hessian(x: f64, y: f64) -> [f64; 3] {
    let s = (x * y).sin();
    let c = (x * y).cos();
    let fxx = 2.0 * y - y * y * s;
    let fxy = 2.0 * x + c - x * y * s;
    let fyy = -x * x * s + 6.0 * y;
    [fxx, fxy, fyy]
}

#[test]
fn second_derivatives_in_all_four_combinations() {
    let p = random_vec(2, -1.0, 1.0, 41);
    let (x, y) = (p[0], p[1]);
    let [fxx, fxy, _] = hessian(x, y);
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * b.abs().max(1.0);
    // reverse over reverse
    let (v, hxx, hxy) = d_grad_x_rev(x, y, 1.0);
    assert!(close(v, fx_rev(x, y)));
    assert!(close(hxx, fxx) && close(hxy, fxy), "rr: {hxx} {hxy} vs {fxx} {fxy}");
    // forward over reverse
    let (_, t) = t_grad_x_rev(x, 1.0, y, 0.0);
    assert!(close(t, fxx), "fr: {t} vs {fxx}");
    let (_, t) = t_grad_x_rev(x, 0.0, y, 1.0);
    assert!(close(t, fxy), "fr: {t} vs {fxy}");
    // reverse over forward
    let (_, hxx, hxy) = d_grad_x_fwd(x, y, 1.0);
    assert!(close(hxx, fxx) && close(hxy, fxy), "rf: {hxx} {hxy} vs {fxx} {fxy}");
    // forward over forward
    let (_, t) = t_grad_x_fwd(x, 1.0, y, 0.0);
    assert!(close(t, fxx), "ff: {t} vs {fxx}");
}
