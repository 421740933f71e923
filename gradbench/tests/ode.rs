//! `ode`: the Runge-Kutta solution against the closed form it approximates,
//! the parad gradient of its last component against finite differences and
//! against the closed form's gradient, and the JSON the eval sees.

use parad::check::{gradient, random_vec};
use parad_gradbench::evals::{self, ode};
use serde_json::{json, Value};

fn close(got: f64, want: f64, rel: f64) -> bool {
    (got - want).abs() <= rel * got.abs().max(want.abs()).max(1.0)
}

/// The exact solution at `t = 2`: `y_i(t) = x_0 x_1 ... x_i t^(i+1) / (i+1)!`.
fn exact(x: &[f64]) -> Vec<f64> {
    let mut y = Vec::with_capacity(x.len());
    let mut p = 1.0;
    for (i, &xi) in x.iter().enumerate() {
        p *= xi * 2.0 / (i + 1) as f64;
        y.push(p);
    }
    y
}

fn solve(x: &[f64], s: usize) -> Vec<f64> {
    let mut y = vec![f64::NAN; x.len()];
    ode::ode(x, s, &mut y);
    y
}

/// The parad gradient of `w . y(2)`, added into `dx`.
fn vjp(x: &[f64], s: usize, w: &[f64], dx: &mut [f64]) -> Vec<f64> {
    let mut y = vec![f64::NAN; x.len()];
    let mut dy = w.to_vec();
    ode::d_ode(x, dx, s, &mut y, &mut dy);
    assert!(dy.iter().all(|&v| v == 0.0), "y is overwritten: the adjoint of its initial value is zero, got {dy:?}");
    y
}

/// The reference's formulation: four passes over the components per step.
fn four_pass(x: &[f64], s: usize) -> Vec<f64> {
    let n = x.len();
    let h = 2.0 / s as f64;
    let f = |y: &[f64], z: &mut [f64]| {
        z[0] = x[0];
        for i in 1..n {
            z[i] = x[i] * y[i - 1];
        }
    };
    let (mut k1, mut k2, mut k3, mut k4, mut t) =
        (vec![0.0; n], vec![0.0; n], vec![0.0; n], vec![0.0; n], vec![0.0; n]);
    let mut y = vec![0.0; n];
    for _ in 0..s {
        f(&y, &mut k1);
        for i in 0..n {
            t[i] = y[i] + h * k1[i] / 2.0;
        }
        f(&t, &mut k2);
        for i in 0..n {
            t[i] = y[i] + h * k2[i] / 2.0;
        }
        f(&t, &mut k3);
        for i in 0..n {
            t[i] = y[i] + h * k3[i];
        }
        f(&t, &mut k4);
        for i in 0..n {
            y[i] += h * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]) / 6.0;
        }
    }
    y
}

#[test]
fn primal_matches_the_four_pass_formulation() {
    for (n, s) in [(1, 1), (2, 1), (5, 3), (50, 10), (1000, 7)] {
        let x = random_vec(n, 0.0, 1.0, 10 + n as u64);
        let (got, want) = (solve(&x, s), four_pass(&x, s));
        for i in 0..n {
            assert!(close(got[i], want[i], 1e-14), "n = {n}, s = {s}, y[{i}]: {} vs {}", got[i], want[i]);
        }
    }
}

#[test]
fn primal_converges_to_the_closed_form() {
    let x = random_vec(6, 0.5, 1.5, 11);
    let want = exact(&x);
    // RK4 is exact for the first components (polynomials of degree <= 4 in t).
    let y = solve(&x, 3);
    for i in 0..4 {
        assert!(close(y[i], want[i], 1e-13), "y[{i}] = {} vs {}", y[i], want[i]);
    }
    // and fourth order overall: the error falls by about 16 when s doubles.
    let e = |s| (solve(&x, s)[5] - want[5]).abs();
    let (e1, e2) = (e(8), e(16));
    assert!(e1 > 0.0 && e1 / e2 > 12.0 && e1 / e2 < 20.0, "errors {e1:e}, {e2:e}");
}

#[test]
fn gradient_matches_finite_differences() {
    for (n, s) in [(1, 1), (2, 3), (7, 1), (7, 10), (12, 4)] {
        let x = random_vec(n, -1.0, 2.0, 20 + n as u64 + s as u64);
        let mut e = vec![0.0; n];
        e[n - 1] = 1.0;
        gradient(|x, dx| vjp(x, s, &e, dx)[n - 1], &x, 1e-8);
        // Every output with a random weight: the whole Jacobian.
        let w = random_vec(n, -1.0, 1.0, 30 + n as u64);
        gradient(
            |x, dx| {
                let y = vjp(x, s, &w, dx);
                y.iter().zip(&w).map(|(a, b)| a * b).sum()
            },
            &x,
            1e-8,
        );
    }
}

#[test]
fn gradient_approaches_the_closed_form() {
    // d y_{n-1}(2) / d x_i = y_{n-1}(2) / x_i for the exact solution.
    let n = 8;
    let x = random_vec(n, 0.5, 1.5, 40);
    let want = exact(&x)[n - 1];
    let mut e = vec![0.0; n];
    e[n - 1] = 1.0;
    let mut dx = vec![0.0; n];
    vjp(&x, 200, &e, &mut dx);
    for i in 0..n {
        assert!(close(dx[i], want / x[i], 1e-8), "dx[{i}] = {} vs {}", dx[i], want / x[i]);
    }
}

fn run(function: &str, input: &Value) -> Vec<f64> {
    let mut job = evals::prepare("ode", function, input).expect("prepared");
    job.run();
    job.run(); // a second run must give the same output
    job.output().as_array().expect("an array").iter().map(|v| v.as_f64().expect("numbers")).collect()
}

#[test]
fn json_shapes() {
    let n = 10;
    let s = 5;
    let x = random_vec(n, 0.0, 1.0, 50);
    let input = json!({ "x": x, "s": s, "min_runs": 1, "min_seconds": 0 });
    assert_eq!(run("primal", &input), solve(&x, s));
    let g = run("gradient", &input);
    assert_eq!(g.len(), n);
    let mut e = vec![0.0; n];
    e[n - 1] = 1.0;
    let mut want = vec![0.0; n];
    vjp(&x, s, &e, &mut want);
    assert_eq!(g, want, "the job resets the gradient between runs");
    assert!(evals::prepare("ode", "jacobian", &input).is_err());
    assert!(evals::prepare("ode", "primal", &json!({ "x": [1.0], "s": 0 })).is_err());
    assert!(evals::prepare("ode", "primal", &json!({ "x": [], "s": 1 })).is_err());
    assert!(evals::prepare("ode", "primal", &json!({ "s": 1 })).is_err());
}
