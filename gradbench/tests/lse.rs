//! `lse`: the value against the unshifted formula, the generated gradient
//! against finite differences and against the softmax, where the shift by
//! the maximum carries no derivative (`no_grad`), and no overflow at large
//! arguments.

use parad::check::{gradient, random_vec};
use parad_gradbench::evals::lse::{d_logsumexp, logsumexp};

fn assert_rel(what: &str, got: f64, want: f64, tol: f64) {
    assert!((got - want).abs() <= tol * want.abs().max(1.0), "{what}: {got} against {want}");
}

#[test]
fn value_matches_the_unshifted_formula() {
    for (n, seed) in [(1, 1), (5, 2), (64, 3)] {
        let x = random_vec(n, -3.0, 3.0, seed);
        let want = x.iter().map(|v| v.exp()).sum::<f64>().ln();
        assert_rel(&format!("n={n}"), logsumexp(&x), want, 1e-14);
    }
}

#[test]
fn gradient_against_finite_differences() {
    for (n, seed) in [(1, 11), (4, 12), (33, 13)] {
        let x = random_vec(n, -2.0, 2.0, seed);
        gradient(|x, dx| d_logsumexp(x, dx, 1.0), &x, 1e-8);
    }
}

/// The gradient is the softmax, also with ties at the maximum and at
/// arguments whose exponentials overflow.
#[test]
fn gradient_is_the_softmax() {
    let mut cases = vec![random_vec(17, -1.0, 1.0, 21), vec![0.5, 2.0, 2.0, -1.0]];
    cases.push(random_vec(9, 700.0, 800.0, 22));
    for x in cases {
        let mut g = vec![0.0; x.len()];
        let seed = 1.5;
        let v = d_logsumexp(&x, &mut g, seed);
        assert!(v.is_finite());
        assert_rel("value", v, logsumexp(&x), 1e-15);
        let top = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let s: f64 = x.iter().map(|v| (v - top).exp()).sum();
        for (i, (gi, xi)) in g.iter().zip(&x).enumerate() {
            assert_rel(&format!("g[{i}]"), *gi, seed * (xi - top).exp() / s, 1e-14);
        }
    }
}
