//! Derivatives of derivatives: code that calls a generated derivative is
//! differentiated again, in all four combinations of modes.

use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

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

// Nested derivatives of reverse derivatives that keep a tape: a state
// overwritten step after step (values saved per step), a branch on the
// state, and a `while` loop whose trip count depends on the data (a stack).
// Each Hessian-vector product H v is checked twice: as the gradient of
// x -> <grad f(x), v> against central differences of parad's reverse
// gradient, and against reverse over reverse (H is symmetric).

#[autodiff(reverse, d_steps, Duplicated, Active)]
fn steps(x: &[f64]) -> f64 {
    let mut u = x.to_vec();
    for _ in 0..3 {
        for ui in u.iter_mut() {
            if *ui > 0.2 {
                *ui = (*ui * 1.3).sin() + 0.1 * *ui * *ui;
            } else {
                *ui = *ui * *ui * 0.5 - 0.3;
            }
        }
    }
    let mut s = 0.0;
    for i in 0..u.len() - 1 {
        s += u[i] * u[i + 1];
    }
    s
}

/// The gradient of `steps`, written into `g`.
#[autodiff(forward, hvp_steps, Dual, Dual)]
fn grad_steps(x: &[f64], g: &mut [f64]) {
    for gk in g.iter_mut() {
        *gk = 0.0;
    }
    d_steps(x, g, 1.0);
}

/// `<grad steps(x), w>`, whose gradient is `H w`.
#[autodiff(reverse, d_grad_dot_steps, Duplicated, Const, Active)]
fn grad_dot_steps(x: &[f64], w: &[f64]) -> f64 {
    let mut g = vec![0.0; x.len()];
    d_steps(x, &mut g, 1.0);
    let mut s = 0.0;
    for i in 0..g.len() {
        s += g[i] * w[i];
    }
    s
}

/// `sqrt(a)` by Newton's iteration, run until the step is small: the
/// adjoint reads the iterates back from a stack.
#[autodiff(reverse, d_newton, Active, Active)]
fn newton(a: f64) -> f64 {
    let mut x = a;
    let mut step: f64 = 1.0;
    while step.abs() > 1e-13 * x {
        let next = 0.5 * (x + a / x);
        step = next - x;
        x = next;
    }
    x * (0.3 * x).sin()
}

#[autodiff(forward, t_newton_prime, Dual, Dual)]
#[autodiff(reverse, d_newton_prime, Active, Active)]
fn newton_prime(a: f64) -> f64 {
    let (_, da) = d_newton(a, 1.0);
    da
}

#[test]
fn hessian_vector_products_through_tapes() {
    let n = 7;
    let x = random_vec(n, -0.8, 1.2, 42);
    let v = random_vec(n, -1.0, 1.0, 43);
    // Forward over reverse: H v, checked as the gradient of <grad f, v>.
    let mut hv = vec![0.0; n];
    let mut g = vec![0.0; n];
    hvp_steps(&x, &v, &mut g, &mut hv);
    let (_, mut g_ref) = (steps(&x), vec![0.0; n]);
    d_steps(&x, &mut g_ref, 1.0);
    assert_eq!(g, g_ref, "the primal of the tangent is the gradient");
    parad::check::gradient(
        |y, dy| {
            let mut g = vec![0.0; n];
            let mut t = vec![0.0; n];
            hvp_steps(y, &v, &mut g, &mut t);
            for k in 0..n {
                dy[k] += t[k];
            }
            g.iter().zip(&v).map(|(a, b)| a * b).sum()
        },
        &x,
        1e-7,
    );
    // Reverse over reverse: the gradient of <grad f, v> is H v too.
    let mut hv_rr = vec![0.0; n];
    let value = d_grad_dot_steps(&x, &mut hv_rr, &v, 1.0);
    let dot: f64 = g_ref.iter().zip(&v).map(|(a, b)| a * b).sum();
    assert!((value - dot).abs() <= 1e-12 * dot.abs().max(1.0));
    for k in 0..n {
        assert!((hv[k] - hv_rr[k]).abs() <= 1e-10 * hv[k].abs().max(1.0), "entry {k}: fr {} rr {}", hv[k], hv_rr[k]);
    }
}

#[test]
fn second_derivative_through_a_while_loop() {
    for (k, a) in random_vec(4, 0.5, 3.0, 44).into_iter().enumerate() {
        let (d1, d2) = t_newton_prime(a, 1.0);
        let (d1_rr, d2_rr) = d_newton_prime(a, 1.0);
        // f(a) = r sin(0.3 r), r = sqrt(a): by hand.
        let r = a.sqrt();
        let fr = (0.3 * r).sin() + 0.3 * r * (0.3 * r).cos();
        let frr = 0.6 * (0.3 * r).cos() - 0.09 * r * (0.3 * r).sin();
        let (ra, raa) = (0.5 / r, -0.25 / (a * r));
        let exact1 = fr * ra;
        let exact2 = frr * ra * ra + fr * raa;
        let close = |p: f64, q: f64| (p - q).abs() <= 1e-9 * q.abs().max(1.0);
        assert!(close(d1, exact1) && close(d1_rr, exact1), "case {k}: first {d1} {d1_rr} vs {exact1}");
        assert!(close(d2, exact2) && close(d2_rr, exact2), "case {k}: second fr {d2} rr {d2_rr} vs {exact2}");
    }
}

// Nested derivatives through calls: the inner derivative calls other
// differentiable functions (a scalar one, one taking sub-slices, one given
// a constant table, a recursive one). Its nestable form calls each callee's
// joint function in the adjoint, whose own companions the outer derivative
// calls.

#[autodiff]
fn bump(a: f64, k: usize) -> f64 {
    a * (a * k as f64).sin()
}

#[autodiff]
fn weighted_norm(v: &[f64], w: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..v.len() {
        s += w[i] * v[i] * v[i];
    }
    (s + 0.1).sqrt()
}

#[autodiff]
fn halves(x: &[f64], lo: usize, hi: usize) -> f64 {
    if hi - lo == 1 {
        x[lo].sin()
    } else {
        let mid = (lo + hi) / 2;
        let l = halves(x, lo, mid);
        let r = halves(x, mid, hi);
        l * r.cos() + 0.5 * l
    }
}

#[autodiff(reverse, d_with_calls, Duplicated, Const, Active)]
fn with_calls(x: &[f64], w: &[f64]) -> f64 {
    let mut s = 0.0;
    for (i, xi) in x.iter().enumerate() {
        s += bump(*xi, i + 1);
    }
    s * weighted_norm(&x[1..4], w) + halves(x, 0, x.len())
}

#[autodiff(forward, hvp_with_calls, Dual, Const, Dual)]
fn grad_with_calls(x: &[f64], w: &[f64], g: &mut [f64]) {
    for gk in g.iter_mut() {
        *gk = 0.0;
    }
    d_with_calls(x, g, w, 1.0);
}

#[autodiff(reverse, d_grad_dot_with_calls, Duplicated, Const, Const, Active)]
fn grad_dot_with_calls(x: &[f64], w: &[f64], v: &[f64]) -> f64 {
    let mut g = vec![0.0; x.len()];
    d_with_calls(x, &mut g, w, 1.0);
    let mut s = 0.0;
    for i in 0..g.len() {
        s += g[i] * v[i];
    }
    s
}

#[test]
fn hessian_vector_products_through_calls() {
    let n = 6;
    let x = random_vec(n, -1.0, 1.0, 45);
    let w = random_vec(3, 0.5, 1.5, 46);
    let v = random_vec(n, -1.0, 1.0, 47);
    let mut g = vec![0.0; n];
    let mut hv = vec![0.0; n];
    hvp_with_calls(&x, &v, &w, &mut g, &mut hv);
    let mut g_ref = vec![0.0; n];
    d_with_calls(&x, &mut g_ref, &w, 1.0);
    assert_eq!(g, g_ref, "the primal of the tangent is the gradient");
    parad::check::gradient(
        |y, dy| {
            let (mut g, mut t) = (vec![0.0; n], vec![0.0; n]);
            hvp_with_calls(y, &v, &w, &mut g, &mut t);
            for k in 0..n {
                dy[k] += t[k];
            }
            g.iter().zip(&v).map(|(a, b)| a * b).sum()
        },
        &x,
        1e-7,
    );
    let mut hv_rr = vec![0.0; n];
    d_grad_dot_with_calls(&x, &mut hv_rr, &w, &v, 1.0);
    for k in 0..n {
        assert!((hv[k] - hv_rr[k]).abs() <= 1e-10 * hv[k].abs().max(1.0), "entry {k}: fr {} rr {}", hv[k], hv_rr[k]);
    }
}

/// A callee whose adjoint runs a rayon loop: outside what the pipeline
/// differentiates again, so its joint function's companions are stubs.
#[autodiff]
fn par_energy(x: &[f64]) -> f64 {
    x.par_iter().map(|a| a * a * a).sum()
}

#[autodiff(reverse, d_calls_par, Duplicated, Active)]
fn calls_par(x: &[f64]) -> f64 {
    par_energy(x) * 2.0
}

#[autodiff(forward, hvp_calls_par, Dual, Dual)]
fn grad_calls_par(x: &[f64], g: &mut [f64]) {
    d_calls_par(x, g, 1.0);
}

#[test]
#[should_panic(expected = "a derivative of a derivative through `par_energy` is not supported")]
fn nesting_through_an_unsupported_callee_panics_with_its_name() {
    let x = random_vec(4, -1.0, 1.0, 48);
    let (mut g, mut t) = (vec![0.0; 4], vec![0.0; 4]);
    // The first-order gradient is fine: 6 x^2.
    d_calls_par(&x, &mut g, 1.0);
    for k in 0..4 {
        assert!((g[k] - 6.0 * x[k] * x[k]).abs() < 1e-12);
        g[k] = 0.0;
    }
    hvp_calls_par(&x, &[1.0, 0.0, 0.0, 0.0], &mut g, &mut t);
}
