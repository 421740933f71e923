//! `particle`: the four variants (outer mode over inner mode) against the
//! eval's constant and each other; the force (the inner derivative) against
//! the closed form; the nested derivative of the simulation (a derivative
//! of code that calls a derivative in every Euler step) against finite
//! differences.

use parad::check::gradient;
use parad_gradbench::evals::particle::{
    accel, cost, cost_derivative, d_accel, d_euler_f, d_euler_r, euler_f, euler_r, particle, t_accel, t_euler_f,
    t_euler_r,
};
use parad_gradbench::evals::prepare;
use parad_gradbench::evals::saddle::Mode;
use serde_json::json;

/// What `python/gradbench/gradbench/evals/particle/run.py` expects from `w = 0`.
const EXPECTED: f64 = 0.2071918746486116;

const VARIANTS: [(&str, Mode, Mode); 4] = [
    ("ff", Mode::Forward, Mode::Forward),
    ("fr", Mode::Forward, Mode::Reverse),
    ("rf", Mode::Reverse, Mode::Forward),
    ("rr", Mode::Reverse, Mode::Reverse),
];

/// GradBench's comparison: `|a - b| / max(1, |a| + |b|)`.
fn gradbench_difference(a: f64, b: f64) -> f64 {
    (a - b).abs() / (a.abs() + b.abs()).max(1.0)
}

fn close(got: f64, want: f64, rel: f64) -> bool {
    (got - want).abs() <= rel * got.abs().max(want.abs())
}

#[test]
fn eval_outputs_match_the_expected_constant() {
    let input = json!({ "w": 0.0, "min_runs": 1, "min_seconds": 0 });
    for (name, _, _) in VARIANTS {
        let mut job = prepare("particle", name, &input).expect("prepared");
        job.run();
        let w = job.output().as_f64().expect("a number");
        assert!(gradbench_difference(w, EXPECTED) <= 1e-4, "{name}: {w}");
        // The variants differ only in rounding of the forces.
        assert!(close(w, EXPECTED, 1e-12), "{name}: {w}, want {EXPECTED}");
    }
}

#[test]
fn bad_inputs_are_refused() {
    assert!(prepare("particle", "gradient", &json!({ "w": 0.0 })).is_err());
    assert!(prepare("particle", "rr", &json!({})).err().unwrap().contains('w'));
    assert!(prepare("particle", "rr", &json!({ "w": "x" })).is_err());
}

#[test]
fn the_variants_agree_from_other_starts() {
    for w0 in [0.1, -0.2, 0.4] {
        let ws: Vec<f64> = VARIANTS.iter().map(|&(_, o, i)| particle(o, i, w0)).collect();
        for (w, (name, _, _)) in ws.iter().zip(VARIANTS) {
            assert!(close(*w, ws[0], 1e-9), "w0 = {w0}, {name}: {w} vs {}", ws[0]);
        }
        // The descent ends where the particle passes close to the origin.
        assert!(euler_r(ws[0]) < 1e-6, "w0 = {w0}: cost {}", euler_r(ws[0]));
    }
}

/// The force on the particle is minus the gradient of the potential; the
/// generated gradient (either mode) against the closed form.
#[test]
fn inner_gradient_against_the_closed_form() {
    let (ax, ay, bx, by): (f64, f64, f64, f64) = (10.0, 10.0 - 0.3, 10.0, 0.0);
    for (x, y) in [(0.0f64, 8.0f64), (3.5, 2.0), (9.0, -1.0)] {
        let mut want = [0.0; 2];
        for (cx, cy) in [(ax, ay), (bx, by)] {
            let r3 = ((cx - x) * (cx - x) + (cy - y) * (cy - y)).powf(1.5);
            want[0] += (cx - x) / r3;
            want[1] += (cy - y) / r3;
        }
        let (v, gx, gy) = d_accel(ax, ay, bx, by, x, y, 1.0);
        assert_eq!(v, accel(ax, ay, bx, by, x, y));
        let tx = t_accel(ax, ay, bx, by, x, 1.0, y, 0.0).1;
        let ty = t_accel(ax, ay, bx, by, x, 0.0, y, 1.0).1;
        for (got, want) in [(gx, want[0]), (gy, want[1]), (tx, want[0]), (ty, want[1])] {
            assert!(close(got, want, 1e-13), "({x}, {y}): {got} vs {want}");
        }
    }
}

/// The derivative of the simulation for `w`: the four nested derivatives
/// agree, and agree with finite differences of the simulation.
#[test]
fn nested_derivatives_against_finite_differences() {
    for w in [0.0, 0.05, 0.1, 0.2, -0.3, 0.5] {
        let v = euler_r(w);
        assert!(close(euler_f(w), v, 1e-12), "w = {w}");
        let d = cost_derivative(Mode::Reverse, Mode::Reverse, w);
        for &(name, outer, inner) in &VARIANTS {
            assert!(close(cost(inner, w), v, 1e-12));
            let g = cost_derivative(outer, inner, w);
            assert!(close(g, d, 1e-12), "w = {w} {name}: {g} vs {d}");
        }
        assert_eq!(d_euler_r(w, 1.0).0, v);
        assert_eq!(t_euler_r(w, 1.0).0, v);
        let tol = 1e-6;
        gradient(
            |w, dw| {
                let (v, g) = d_euler_r(w[0], 1.0);
                dw[0] += g;
                v
            },
            &[w],
            tol,
        );
        gradient(
            |w, dw| {
                let (v, g) = d_euler_f(w[0], 1.0);
                dw[0] += g;
                v
            },
            &[w],
            tol,
        );
        gradient(
            |w, dw| {
                let (v, g) = t_euler_r(w[0], 1.0);
                dw[0] += g;
                v
            },
            &[w],
            tol,
        );
        gradient(
            |w, dw| {
                let (v, g) = t_euler_f(w[0], 1.0);
                dw[0] += g;
                v
            },
            &[w],
            tol,
        );
    }
}
