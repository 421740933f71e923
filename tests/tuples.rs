//! Functions returning tuples, called from differentiated code: each
//! element carries its own derivative.

// The bare `#[autodiff]` helpers are called only by the derivatives of
// their callers, and are written as numerical code is (`a = a * t`).
#![allow(dead_code, clippy::assign_op_pattern)]

use parad::autodiff;
use parad::check::{dot_product, gradient, random_vec};

#[autodiff]
fn polar(x: f64, y: f64) -> (f64, f64) {
    let r = (x * x + y * y).sqrt();
    (r, y.atan2(x))
}

#[autodiff]
fn stats(v: &[f64]) -> (f64, usize, f64) {
    let mut s = 0.0;
    let mut q = 0.0;
    for x in v {
        s += x;
        q += x * x;
    }
    (s, v.len(), q)
}

#[autodiff(reverse, d_uses_tuples, Duplicated, Active)]
#[autodiff(forward, f_uses_tuples, Dual, Dual)]
fn uses_tuples(v: &[f64]) -> f64 {
    let (r, theta) = polar(v[0], v[1]);
    let (s, n, q): (f64, usize, f64) = stats(v);
    let mean = s / n as f64;
    r * theta.sin() + q / n as f64 - mean * mean
}

#[test]
fn tuple_results_through_calls() {
    let x = random_vec(5, 0.3, 1.2, 31);
    gradient(|x, dx| d_uses_tuples(x, dx, 1.0), &x, 1e-7);
    dot_product(
        |x, t| vec![f_uses_tuples(x, t).1],
        |x, w| {
            let mut dx = vec![0.0; x.len()];
            d_uses_tuples(x, &mut dx, w[0]);
            dx
        },
        &x,
    );
}

#[autodiff]
fn square_in_place(x: &mut [f64]) -> f64 {
    x[0] = x[0] * x[0];
    x[0]
}

/// A float result dropped by a call statement.
#[autodiff(reverse, d_drop_result, Duplicated)]
#[autodiff(forward, f_drop_result, Dual)]
fn drop_result(x: &mut [f64]) {
    square_in_place(x);
    x[1] = x[0] * x[1];
}

#[test]
fn dropped_results() {
    let x = random_vec(2, 0.5, 1.5, 32);
    // Map x -> x_final, loss sum w_i x_final_i.
    let w = [0.7, -1.3];
    gradient(
        |x, dx| {
            let mut y = x.to_vec();
            let mut dy = w.to_vec();
            d_drop_result(&mut y, &mut dy);
            dx.iter_mut().zip(&dy).for_each(|(a, b)| *a += b);
            y.iter().zip(&w).map(|(a, b)| a * b).sum()
        },
        &x,
        1e-7,
    );
    let mut y = x.clone();
    let mut t = vec![1.0, 0.0];
    f_drop_result(&mut y, &mut t);
    assert!((t[0] - 2.0 * x[0]).abs() < 1e-12 && (t[1] - 2.0 * x[0] * x[1]).abs() < 1e-12, "{t:?}");
}

/// `let (x, y) = if ... { (..) } else { (..) };` (from GradBench's ba).
#[autodiff(reverse, d_tuple_if, Active, Active)]
#[autodiff(forward, f_tuple_if, Dual, Dual)]
fn tuple_if(a: f64) -> f64 {
    let (x, y) = if a > 0.0 {
        (a.sin(), 2.0 * a)
    } else if a > -1.0 {
        (a * a, a)
    } else {
        (0.0, a)
    };
    x * y + x
}

#[test]
fn tuple_from_if() {
    for (k, a) in [0.7, -0.4, -1.5].into_iter().enumerate() {
        gradient(
            |p, dp| {
                let (v, d) = d_tuple_if(p[0], 1.0);
                dp[0] += d;
                v
            },
            &[a],
            1e-7,
        );
        let (_, t) = f_tuple_if(a, 1.0);
        assert!((t - d_tuple_if(a, 1.0).1).abs() < 1e-12, "branch {k}");
    }
}

/// Destructuring assignments: a recurrence `(a, b) = (b, a + r * b)` whose
/// values are all computed before any is assigned, targets that are
/// elements and `_`, an array `[a, b] = [..]`, and a call's tuple.
#[autodiff(reverse, d_recurrence, Duplicated, Active)]
#[autodiff(forward, f_recurrence, Dual, Dual)]
fn recurrence(v: &[f64]) -> f64 {
    let (mut a, mut b) = (v[0], v[1]);
    let mut y = [0.0; 2];
    for k in 0..6 {
        (a, b) = (b, a + 0.5 * b);
        (y[0], _, y[1]) = (a * b, k, y[0] + a);
        [a, b] = [b.sin(), a];
    }
    let (mut r, mut theta) = (0.0, 0.0);
    if y[1] > -10.0 {
        (r, theta) = polar(v[2], v[3]);
    }
    a * b + y[1] * r + theta
}

#[test]
fn destructuring_assignments() {
    let x = random_vec(4, 0.3, 1.2, 33);
    let mut dx = vec![0.0; 4];
    assert_eq!(d_recurrence(&x, &mut dx, 1.0), recurrence(&x));
    assert_eq!(f_recurrence(&x, &x).0, recurrence(&x));
    gradient(|x, dx| d_recurrence(x, dx, 1.0), &x, 1e-7);
    dot_product(
        |x, t| vec![f_recurrence(x, t).1],
        |x, w| {
            let mut dx = vec![0.0; x.len()];
            d_recurrence(x, &mut dx, w[0]);
            dx
        },
        &x,
    );
}

/// A tuple declared without a value, `let (s, c);` and `let (p, q): (f64,
/// f64);`, each name assigned later on both branches.
#[autodiff(reverse, d_declared_later, Duplicated, Active)]
#[autodiff(forward, f_declared_later, Dual, Dual)]
fn declared_later(x: &[f64]) -> f64 {
    let (s, c);
    let (p, q): (f64, f64);
    if x[0] > 0.0 {
        (s, c) = (x[1].sin(), x[1].cos());
        p = x[2] * x[0];
    } else {
        s = x[2];
        c = x[1] * x[2];
        p = x[0].exp();
    }
    q = p.powi(2) + c;
    s * c + q
}

#[test]
fn tuple_declared_without_value() {
    for (seed, sign) in [(34, 1.0), (35, -1.0)] {
        let mut x = random_vec(3, 0.2, 1.0, seed);
        x[0] *= sign;
        let (s, c, p) =
            if sign > 0.0 { (x[1].sin(), x[1].cos(), x[2] * x[0]) } else { (x[2], x[1] * x[2], x[0].exp()) };
        let mut dx = vec![0.0; 3];
        assert_eq!(d_declared_later(&x, &mut dx, 1.0), s * c + (p.powi(2) + c));
        gradient(|x, dx| d_declared_later(x, dx, 1.0), &x, 1e-7);
        dot_product(
            |x, t| vec![f_declared_later(x, t).1],
            |x, w| {
                let mut dx = vec![0.0; x.len()];
                d_declared_later(x, &mut dx, w[0]);
                dx
            },
            &x,
        );
    }
}
