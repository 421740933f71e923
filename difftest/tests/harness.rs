//! The checking harness that every batch carries, tested on hand-written
//! drivers: it must pass right derivatives, catch wrong ones of each kind,
//! and skip (not fail) where finite differences cannot judge.

#[allow(dead_code)]
#[path = "../../fuzz-gen/harness/harness.rs"]
mod harness;

use harness::{check, Entry, Outcome, Sweep};

/// `f(x0, x1) = (x0 * sin(x1), x0^2)`.
fn primal(x: &[f64]) -> Vec<f64> {
    vec![x[0] * x[1].sin(), x[0] * x[0]]
}

fn rev(x: &[f64], w: &[f64], g: &mut [f64]) -> Vec<f64> {
    g[0] = w[0] * x[1].sin() + w[1] * 2.0 * x[0];
    g[1] = w[0] * x[0] * x[1].cos();
    primal(x)
}

fn fwd(x: &[f64], v: &[f64], t: &mut [f64]) -> Vec<f64> {
    t[0] = v[0] * x[1].sin() + x[0] * x[1].cos() * v[1];
    t[1] = 2.0 * x[0] * v[0];
    primal(x)
}

fn rev_wrong(x: &[f64], w: &[f64], g: &mut [f64]) -> Vec<f64> {
    let y = rev(x, w, g);
    g[1] *= 1.01;
    y
}

fn fwd_wrong(x: &[f64], v: &[f64], t: &mut [f64]) -> Vec<f64> {
    let y = fwd(x, v, t);
    t[1] = -t[1];
    y
}

fn rev_bad_value(x: &[f64], w: &[f64], g: &mut [f64]) -> Vec<f64> {
    let mut y = rev(x, w, g);
    y[1] += 1e-6;
    y
}

fn rev_panics(_: &[f64], _: &[f64], _: &mut [f64]) -> Vec<f64> {
    panic!("index out of bounds")
}

fn entry(rev: Sweep, fwd: Sweep) -> Entry {
    Entry { name: "f", source: "", n_in: 2, active: &[true, true], n_out: 2, primal, rev, fwd }
}

const X: [f64; 2] = [0.7, -0.4];
const V: [f64; 2] = [0.3, -0.8];
const W: [f64; 2] = [0.5, 0.9];

#[test]
fn right_derivatives_pass() {
    assert_eq!(check(&entry(rev, fwd), &X, &V, &W), Outcome::Pass);
}

#[test]
fn a_wrong_gradient_fails_against_differences_and_forward_mode() {
    let Outcome::Fail(m) = check(&entry(rev_wrong, fwd), &X, &V, &W) else { panic!("not caught") };
    assert!(m.contains("dot-product"), "{m}");
    // With the forward mode wrong in the same way, differences catch it.
    fn fwd_matching(x: &[f64], v: &[f64], t: &mut [f64]) -> Vec<f64> {
        let y = fwd(x, v, t);
        t[0] += 0.01 * x[0] * x[1].cos() * v[1];
        y
    }
    let Outcome::Fail(m) = check(&entry(rev_wrong, fwd_matching), &X, &V, &W) else { panic!("not caught") };
    assert!(m.contains("central differences"), "{m}");
}

#[test]
fn a_wrong_tangent_fails() {
    assert!(matches!(check(&entry(rev, fwd_wrong), &X, &V, &W), Outcome::Fail(_)));
}

#[test]
fn a_wrong_primal_value_fails() {
    let Outcome::Fail(m) = check(&entry(rev_bad_value, fwd), &X, &V, &W) else { panic!("not caught") };
    assert!(m.contains("primal"), "{m}");
}

#[test]
fn a_panicking_derivative_fails_with_its_message() {
    let Outcome::Fail(m) = check(&entry(rev_panics, fwd), &X, &V, &W) else { panic!("not caught") };
    assert!(m.contains("index out of bounds"), "{m}");
}

#[test]
fn a_kink_inside_the_step_is_skipped_not_failed() {
    // |x0 - c| with c within the first step of x0: the two difference
    // estimates disagree, and the derivative (the sign) matches neither.
    fn p(x: &[f64]) -> Vec<f64> {
        vec![(x[0] - 0.7 - 1e-5).abs()]
    }
    fn r(x: &[f64], w: &[f64], g: &mut [f64]) -> Vec<f64> {
        g[0] = w[0] * (x[0] - 0.7 - 1e-5).signum();
        p(x)
    }
    fn t(x: &[f64], v: &[f64], tan: &mut [f64]) -> Vec<f64> {
        tan[0] = v[0] * (x[0] - 0.7 - 1e-5).signum();
        p(x)
    }
    let e = Entry { name: "kink", source: "", n_in: 1, active: &[true], n_out: 1, primal: p, rev: r, fwd: t };
    assert_eq!(check(&e, &[0.7], &[0.3], &[0.5]), Outcome::NonSmooth);
}

#[test]
fn const_inputs_are_not_differentiated() {
    // Coordinate 1 is `Const`: its (absent) derivative is not compared.
    fn r(x: &[f64], w: &[f64], g: &mut [f64]) -> Vec<f64> {
        let y = rev(x, w, g);
        g[1] = 0.0;
        y
    }
    fn t(x: &[f64], v: &[f64], tan: &mut [f64]) -> Vec<f64> {
        fwd(x, &[v[0], 0.0], tan)
    }
    let e = Entry { name: "c", source: "", n_in: 2, active: &[true, false], n_out: 2, primal, rev: r, fwd: t };
    assert_eq!(check(&e, &X, &[0.3, 0.0], &W), Outcome::Pass);
}

#[test]
fn a_non_finite_primal_is_skipped() {
    fn p(x: &[f64]) -> Vec<f64> {
        vec![(x[0] - 1.0).ln()]
    }
    fn r(x: &[f64], _: &[f64], _: &mut [f64]) -> Vec<f64> {
        p(x)
    }
    fn t(x: &[f64], _: &[f64], _: &mut [f64]) -> Vec<f64> {
        p(x)
    }
    let e = Entry { name: "nan", source: "", n_in: 1, active: &[true], n_out: 1, primal: p, rev: r, fwd: t };
    assert_eq!(check(&e, &[0.5], &[1.0], &[1.0]), Outcome::NonFinite);
}
