//! `llsq`: the objective against the definition (powers of `t`, not Horner),
//! its generated gradient against finite differences and against the closed
//! form, and the JSON the eval gets back.

// The definition is written as the formula is: index loops.
#![allow(clippy::needless_range_loop)]

use parad::check::{gradient, random_vec};
use parad_gradbench::evals::llsq::{d_llsq_objective, llsq_objective};
use parad_gradbench::evals::prepare;
use serde_json::{json, Value};

/// The sample points and their signs, as the definition states them.
fn samples(n: usize) -> Vec<(f64, f64)> {
    (0..n)
        .map(|i| {
            let t = -1.0 + i as f64 * 2.0 / (n as f64 - 1.0);
            (
                t,
                if t > 0.0 {
                    1.0
                } else if t < 0.0 {
                    -1.0
                } else {
                    0.0
                },
            )
        })
        .collect()
}

/// The residuals `s_i - sum_j x_j t_i^j`, with explicit powers.
fn residuals(x: &[f64], n: usize) -> Vec<f64> {
    samples(n)
        .iter()
        .map(|&(t, s)| s - x.iter().enumerate().map(|(j, xj)| xj * t.powi(j as i32)).sum::<f64>())
        .collect()
}

fn objective_by_definition(x: &[f64], n: usize) -> f64 {
    0.5 * residuals(x, n).iter().map(|r| r * r).sum::<f64>()
}

fn assert_rel(what: &str, got: f64, want: f64, tol: f64) {
    assert!((got - want).abs() <= tol * want.abs().max(1.0), "{what}: got {got}, want {want}");
}

#[test]
fn objective_matches_definition() {
    for (m, n, seed) in [(1, 2, 1), (3, 7, 2), (5, 16, 3), (8, 33, 4), (0, 4, 5)] {
        let x = random_vec(m, -1.0, 1.0, seed);
        assert_rel(&format!("m={m} n={n}"), llsq_objective(&x, n), objective_by_definition(&x, n), 1e-13);
    }
}

#[test]
fn sign_is_zero_at_the_middle_point() {
    // n = 5: t = -1, -0.5, 0, 0.5, 1; with x = 0 the residuals are the signs.
    assert_eq!(llsq_objective(&[0.0, 0.0], 5), 0.5 * 4.0);
}

#[test]
fn gradient_against_finite_differences() {
    for (m, n, seed) in [(1, 3, 11), (4, 9, 12), (6, 20, 13), (12, 64, 14)] {
        let x = random_vec(m, -1.0, 1.0, seed);
        gradient(|x, dx| d_llsq_objective(x, dx, n, 1.0), &x, 1e-8);
    }
}

#[test]
fn gradient_against_closed_form() {
    let (m, n) = (7, 40);
    let x = random_vec(m, -2.0, 2.0, 21);
    let mut g = vec![0.0; m];
    let v = d_llsq_objective(&x, &mut g, n, 1.0);
    assert_rel("value", v, llsq_objective(&x, n), 1e-15);
    // dy/dx_j = -sum_i r_i t_i^j
    let r = residuals(&x, n);
    for j in 0..m {
        let want: f64 = -samples(n).iter().zip(&r).map(|(&(t, _), ri)| ri * t.powi(j as i32)).sum::<f64>();
        assert_rel(&format!("g[{j}]"), g[j], want, 1e-12);
    }
    // The seed scales, and the shadow is added to.
    let mut g2 = vec![1.0; m];
    d_llsq_objective(&x, &mut g2, n, 3.0);
    for j in 0..m {
        assert_rel(&format!("3 g[{j}] + 1"), g2[j], 3.0 * g[j] + 1.0, 1e-12);
    }
}

fn run(function: &str, input: &Value) -> Value {
    let mut job = prepare("llsq", function, input).expect("prepared");
    job.run();
    job.run(); // a second run gives the same output (buffers are reset)
    job.output()
}

#[test]
fn eval_outputs() {
    let x = random_vec(6, 0.0, 1.0, 31);
    let n = 24;
    let input = json!({ "x": x, "n": n, "min_runs": 1, "min_seconds": 0 });
    let p = run("primal", &input);
    assert_rel("primal", p.as_f64().expect("a number"), objective_by_definition(&x, n), 1e-13);
    let g = run("gradient", &input);
    let g: Vec<f64> = g.as_array().expect("an array").iter().map(|v| v.as_f64().expect("numbers")).collect();
    assert_eq!(g.len(), x.len());
    let mut want = vec![0.0; x.len()];
    d_llsq_objective(&x, &mut want, n, 1.0);
    assert_eq!(g, want);
    assert!(prepare("llsq", "hessian", &input).err().unwrap().contains("hessian"));
    assert!(prepare("llsq", "primal", &json!({ "x": x })).err().unwrap().contains("`n`"));
}
