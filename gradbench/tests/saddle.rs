//! `saddle`: the four variants (outer mode over inner mode) against the
//! eval's constants and each other; the nested derivatives (a derivative of
//! code that runs a gradient descent calling a derivative) against finite
//! differences and the closed form; and nesting where the inner gradient
//! depends on the outer variable, which the eval's objective does not test.

use parad::autodiff;
use parad::check::{gradient, random_vec};
use parad_gradbench::evals::prepare;
use parad_gradbench::evals::saddle::{
    argmax, argmin, d_max_f, d_max_r, inner_gradient, max_r, max_value, objective, outer_gradient, saddle, t_max_f,
    t_max_r, Mode,
};
use serde_json::json;

/// What `python/gradbench/gradbench/evals/saddle/run.py` expects for every
/// coordinate, from `start = [1, 1]`.
const EXPECTED: f64 = 8.246324826140356e-06;

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
fn eval_outputs_match_the_expected_constants() {
    let input = json!({ "start": [1.0, 1.0], "min_runs": 1, "min_seconds": 0 });
    for (name, _, _) in VARIANTS {
        let mut job = prepare("saddle", name, &input).expect("prepared");
        job.run();
        let out = job.output();
        let out: Vec<f64> = out.as_array().expect("an array").iter().map(|v| v.as_f64().expect("a number")).collect();
        assert_eq!(out.len(), 4, "{name}: {out:?}");
        for (k, &v) in out.iter().enumerate() {
            assert!(gradbench_difference(v, EXPECTED) <= 1e-4, "{name}[{k}]: {v}");
            // The eval's tolerance hides everything near zero; ask for more.
            assert!(close(v, EXPECTED, 1e-9), "{name}[{k}]: {v}, want {EXPECTED}");
        }
        // Running again gives the same answer (the job keeps no state).
        job.run();
        assert_eq!(job.output(), json!(out), "{name}: second run");
    }
}

#[test]
fn the_four_variants_agree_from_other_starts() {
    for (k, start) in [[1.0, 1.0], [0.5, -2.0], [-3.0, 0.25]].into_iter().enumerate() {
        let results: Vec<[f64; 4]> = VARIANTS.iter().map(|&(_, o, i)| saddle(o, i, start)).collect();
        for (r, &(name, _, _)) in results.iter().zip(&VARIANTS) {
            for j in 0..4 {
                assert!(close(r[j], results[0][j], 1e-9), "start {k}, {name}[{j}]: {} vs {}", r[j], results[0][j]);
                // The saddle point is the origin; the descent stops within its tolerance.
                assert!(r[j].abs() < 1e-4, "start {k}, {name}[{j}] = {}", r[j]);
            }
        }
    }
}

#[test]
fn bad_inputs_are_refused() {
    let input = json!({ "start": [1.0, 1.0] });
    assert!(prepare("saddle", "gradient", &input).is_err());
    assert!(prepare("saddle", "fff", &input).is_err());
    assert!(prepare("saddle", "rr", &json!({ "start": [1.0] })).err().unwrap().contains("start"));
    assert!(prepare("saddle", "rr", &json!({})).is_err());
}

#[test]
fn inner_gradients_forward_and_reverse() {
    let p = random_vec(4, -2.0, 2.0, 7);
    let (x, y) = ([p[0], p[1]], [p[2], p[3]]);
    for mode in [Mode::Forward, Mode::Reverse] {
        let g = inner_gradient(mode, &x, &y);
        assert_eq!(g, [-2.0 * y[0], -2.0 * y[1]], "{mode:?}");
    }
}

/// The outer cost `max_y f(x, y)` is `|x|^2 - |y|^2` at the `y` where the
/// inner descent stops, and its gradient is `2 x` (the inner gradient `-2 y`
/// does not depend on `x`, so neither does the path of `y`). All four nested
/// derivatives give it, and agree with finite differences of the cost.
#[test]
fn nested_derivatives_of_the_outer_cost() {
    for seed in 0..6 {
        let p = random_vec(4, -2.0, 2.0, 100 + seed);
        let (x, s) = ([p[0], p[1]], [p[2], p[3]]);
        // The descent stops early when `|x|^2` swamps the improvements in
        // `f` (its comparisons round), or at once when the first step is
        // short (`eta` starts at 1e-5), so the value is only bounded.
        let v = max_value(Mode::Reverse, &x, &s);
        assert_eq!(max_value(Mode::Forward, &x, &s), v, "seed {seed}");
        assert!(
            v <= x[0] * x[0] + x[1] * x[1] && v >= x[0] * x[0] + x[1] * x[1] - s[0] * s[0] - s[1] * s[1],
            "seed {seed}: {v}"
        );
        for &(name, outer, inner) in &VARIANTS {
            let g = outer_gradient(outer, inner, &x, &s);
            for j in 0..2 {
                assert!(close(g[j], 2.0 * x[j], 1e-14), "seed {seed} {name}: g[{j}] = {}, want {}", g[j], 2.0 * x[j]);
            }
        }
        gradient(
            |x, dx| {
                let (v, a, b) = d_max_r(x[0], x[1], s[0], s[1], 1.0);
                dx[0] += a;
                dx[1] += b;
                v
            },
            &x,
            1e-6,
        );
        gradient(
            |x, dx| {
                let (v, a, b) = d_max_f(x[0], x[1], s[0], s[1], 1.0);
                dx[0] += a;
                dx[1] += b;
                v
            },
            &x,
            1e-6,
        );
        gradient(
            |x, dx| {
                let (v, a) = t_max_r(x[0], 1.0, x[1], 0.0, s[0], s[1]);
                dx[0] += a;
                dx[1] += t_max_r(x[0], 0.0, x[1], 1.0, s[0], s[1]).1;
                assert_eq!(v, max_r(x[0], x[1], s[0], s[1]));
                v
            },
            &x,
            1e-6,
        );
        gradient(
            |x, dx| {
                let (v, a) = t_max_f(x[0], 1.0, x[1], 0.0, s[0], s[1]);
                dx[0] += a;
                dx[1] += t_max_f(x[0], 0.0, x[1], 1.0, s[0], s[1]).1;
                v
            },
            &x,
            1e-6,
        );
    }
}

#[test]
fn descent_rules() {
    // A quadratic bowl: the descent ends within its step tolerance of the minimum.
    let c = [3.0, -1.5];
    let f = |x: &[f64; 2]| (x[0] - c[0]).powi(2) + 4.0 * (x[1] - c[1]).powi(2);
    let g = |x: &[f64; 2], g: &mut [f64; 2]| *g = [2.0 * (x[0] - c[0]), 8.0 * (x[1] - c[1])];
    let x = argmin(f, g, [0.0, 0.0]);
    assert!((x[0] - c[0]).abs() < 1e-3 && (x[1] - c[1]).abs() < 1e-3, "{x:?}");
    let y = argmax(
        |x| -f(x),
        |x, o| {
            g(x, o);
            o.iter_mut().for_each(|v| *v = -*v)
        },
        [0.0, 0.0],
    );
    assert_eq!(x, y);
    // A start at the minimum returns at once.
    assert_eq!(argmin(f, g, c), c);
    assert_eq!(objective(1.0, 2.0, 3.0, 4.0), (1.0 + 4.0) - (9.0 + 16.0));
}

// Nesting where the inner gradient depends on the outer variables: a few
// steps of gradient ascent in `y` (not converged, so the path of `y` matters)
// on a coupled objective, then its value, differentiated for `x`.

#[autodiff(reverse, d_h, Const, Const, Active, Active, Active)]
#[autodiff(forward, t_h, Const, Const, Dual, Dual, Dual)]
fn h(x1: f64, x2: f64, y1: f64, y2: f64) -> f64 {
    (x1 * x1 + x2 * x2) - (y1 * y1 + y2 * y2) + x1.sin() * y1 + x1 * x2 * y2 + 0.5 * (x2 * y1).cos()
}

const STEPS: usize = 5;
const ETA: f64 = 0.1;

#[autodiff(reverse, d_hmax_r, Active, Active, Const, Const, Active)]
#[autodiff(forward, t_hmax_r, Dual, Dual, Const, Const, Dual)]
fn hmax_r(x1: f64, x2: f64, s1: f64, s2: f64) -> f64 {
    let mut y1 = s1;
    let mut y2 = s2;
    let mut k = 0;
    while k < STEPS {
        let (_, g1, g2) = d_h(x1, x2, y1, y2, 1.0);
        y1 += ETA * g1;
        y2 += ETA * g2;
        k += 1;
    }
    h(x1, x2, y1, y2)
}

#[autodiff(reverse, d_hmax_f, Active, Active, Const, Const, Active)]
#[autodiff(forward, t_hmax_f, Dual, Dual, Const, Const, Dual)]
fn hmax_f(x1: f64, x2: f64, s1: f64, s2: f64) -> f64 {
    let mut y1 = s1;
    let mut y2 = s2;
    for _ in 0..STEPS {
        let (_, g1) = t_h(x1, x2, y1, 1.0, y2, 0.0);
        let (_, g2) = t_h(x1, x2, y1, 0.0, y2, 1.0);
        y1 += ETA * g1;
        y2 += ETA * g2;
    }
    h(x1, x2, y1, y2)
}

/// The ascent's end point, by the same steps (for the partial derivatives).
fn ascent(x1: f64, x2: f64, s1: f64, s2: f64) -> (f64, f64) {
    let (mut y1, mut y2) = (s1, s2);
    for _ in 0..STEPS {
        let (_, g1, g2) = d_h(x1, x2, y1, y2, 1.0);
        y1 += ETA * g1;
        y2 += ETA * g2;
    }
    (y1, y2)
}

#[test]
fn nested_derivatives_with_coupling() {
    for seed in 0..6 {
        let p = random_vec(4, -1.0, 1.0, 200 + seed);
        let (x, s) = ([p[0], p[1]], [p[2], p[3]]);
        let rr = d_hmax_r(x[0], x[1], s[0], s[1], 1.0);
        let rf = d_hmax_f(x[0], x[1], s[0], s[1], 1.0);
        let fr = [t_hmax_r(x[0], 1.0, x[1], 0.0, s[0], s[1]), t_hmax_r(x[0], 0.0, x[1], 1.0, s[0], s[1])];
        let ff = [t_hmax_f(x[0], 1.0, x[1], 0.0, s[0], s[1]), t_hmax_f(x[0], 0.0, x[1], 1.0, s[0], s[1])];
        let v = hmax_r(x[0], x[1], s[0], s[1]);
        assert!(close(hmax_f(x[0], x[1], s[0], s[1]), v, 1e-14));
        for (name, got) in
            [("rr", rr), ("rf", rf), ("fr", (fr[0].0, fr[0].1, fr[1].1)), ("ff", (ff[0].0, ff[0].1, ff[1].1))]
        {
            assert!(close(got.0, v, 1e-14), "seed {seed} {name}: value {} vs {v}", got.0);
            assert!(close(got.1, rr.1, 1e-12) && close(got.2, rr.2, 1e-12), "seed {seed} {name}: {got:?} vs rr {rr:?}");
        }
        // The path of y matters: the total derivative is not the partial one at the end point.
        let (y1, y2) = ascent(x[0], x[1], s[0], s[1]);
        let partial = [2.0 * x[0] + x[0].cos() * y1 + x[1] * y2, 2.0 * x[1] + x[0] * y2 - 0.5 * (x[1] * y1).sin() * y1];
        assert!((rr.1 - partial[0]).abs() + (rr.2 - partial[1]).abs() > 1e-2, "seed {seed}: {rr:?} vs {partial:?}");
        gradient(
            |x, dx| {
                let (v, a, b) = d_hmax_r(x[0], x[1], s[0], s[1], 1.0);
                dx[0] += a;
                dx[1] += b;
                v
            },
            &x,
            1e-8,
        );
        gradient(
            |x, dx| {
                let (v, a) = t_hmax_f(x[0], 1.0, x[1], 0.0, s[0], s[1]);
                dx[0] += a;
                dx[1] += t_hmax_f(x[0], 0.0, x[1], 1.0, s[0], s[1]).1;
                v
            },
            &x,
            1e-8,
        );
    }
}
