//! Control flow: `if` / `else if` / `else` as statements and as expressions,
//! `match` on integers and on a Const enum, `while` (Newton's square root with
//! a tolerance, required), `loop` with `break` and `continue`, a data-dependent
//! `break` in a `loop` and in a `for`, and an early `return` inside a loop (required);
//! labelled loops left from an inner loop by `break 'l` and `continue 'l`.
//!
//! Inputs are drawn from ranges that fix every branch taken, so that finite
//! differences never step across a branch.

use crate::support::{self, assert_close, cat, TOL};
use parad::autodiff;
use parad::check::random_vec;

/// `if` / `else if` / `else` on each element.
#[autodiff(reverse, d_piecewise, Duplicated, Active)]
#[autodiff(forward, piecewise_fwd, Dual, Dual)]
pub fn piecewise(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for &v in x.iter() {
        if v < -1.0 {
            s += -v * v.exp();
        } else if v < 1.0 {
            s += 0.5 * v * v + v.sin();
        } else {
            s += v.ln() * v;
        }
    }
    s
}

/// `if` as an expression: in a `let`, chained with `else if`, and as the tail.
#[autodiff(reverse, d_if_expression, Active, Active, Active)]
#[autodiff(forward, if_expression_fwd, Dual, Dual, Dual)]
pub fn if_expression(x: f64, y: f64) -> f64 {
    let d = if x > y { x - y } else { (y - x).sqrt() };
    let s = if d > 1.0 {
        d.ln() + 1.0
    } else if d > 0.5 {
        d * d
    } else {
        d
    };
    if x > 0.0 {
        s * x
    } else {
        s - x
    }
}

/// `match` on an integer, with an or-pattern and a wildcard.
#[autodiff(reverse, d_match_int, Duplicated, Active)]
#[autodiff(forward, match_int_fwd, Dual, Dual)]
pub fn match_int(x: &[f64]) -> f64 {
    let n = x.len();
    let mut s = 0.0;
    for i in 0..n {
        let term = match i % 4 {
            0 => x[i].sin(),
            1 => x[i] * x[i],
            2 | 3 => 0.5 * x[i].exp(),
            _ => 0.0,
        };
        s += term * (1.0 + x[(i + 1) % n]);
    }
    s
}

/// A Const enum parameter.
#[derive(Clone, Copy, Debug)]
pub enum Activation {
    Tanh,
    Softplus,
    Square,
}

/// `match` on a Const enum.
#[autodiff(reverse, d_activate_sum, Duplicated, Const, Active)]
#[autodiff(forward, activate_sum_fwd, Dual, Const, Dual)]
pub fn activate_sum(x: &[f64], act: Activation) -> f64 {
    let mut s = 0.0;
    for &v in x.iter() {
        s += match act {
            Activation::Tanh => v.tanh(),
            Activation::Softplus => (1.0 + v.exp()).ln(),
            Activation::Square => v * v,
        };
    }
    s
}

/// Newton's square root in a `while` loop with a tolerance (required). The loop
/// stops after a step smaller than 1e-10 relative, which leaves the iterate
/// correct to rounding (the convergence is quadratic).
#[autodiff(reverse, d_newton_sqrt, Active, Active)]
#[autodiff(forward, newton_sqrt_fwd, Dual, Dual)]
pub fn newton_sqrt(a: f64) -> f64 {
    let mut x = if a > 1.0 { a } else { 1.0 };
    let mut step = a;
    let mut iters = 0;
    while step.abs() > 1e-10 * x && iters < 100 {
        let next = 0.5 * (x + a / x);
        step = next - x;
        x = next;
        iters += 1;
    }
    x
}

/// `loop` with `break` and `continue`: skips every third element.
#[autodiff(reverse, d_skip_every_third, Duplicated, Active)]
#[autodiff(forward, skip_every_third_fwd, Dual, Dual)]
pub fn skip_every_third(x: &[f64]) -> f64 {
    let mut i = 0;
    let mut acc = 0.0;
    loop {
        if i >= x.len() {
            break;
        }
        if i % 3 == 2 {
            i += 1;
            continue;
        }
        acc += x[i].sin() * (i as f64 + 1.0) + 0.1 * acc;
        i += 1;
    }
    acc
}

/// `loop` with a data-dependent `break`: sums squares until they pass `budget`.
#[autodiff(reverse, d_until_budget, Duplicated, Const, Active)]
#[autodiff(forward, until_budget_fwd, Dual, Const, Dual)]
pub fn until_budget(x: &[f64], budget: f64) -> f64 {
    let mut total = 0.0;
    let mut i = 0;
    loop {
        total += x[i] * x[i];
        i += 1;
        if total > budget || i == x.len() {
            break;
        }
    }
    total * x[0]
}

/// A `for` loop with a data-dependent `break`: the squares before the first
/// element above `limit`. (The break flag once lived in the iteration, so
/// the derivatives ran on past the break.)
#[autodiff(reverse, d_for_until, Duplicated, Const, Active)]
#[autodiff(forward, for_until_fwd, Dual, Const, Dual)]
pub fn for_until(x: &[f64], limit: f64) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        if x[i] > limit {
            break;
        }
        s += x[i] * x[i];
    }
    s
}

/// An early `return` inside a loop (required).
#[autodiff(reverse, d_first_above, Duplicated, Const, Active)]
#[autodiff(forward, first_above_fwd, Dual, Const, Dual)]
pub fn first_above(x: &[f64], threshold: f64) -> f64 {
    for i in 0..x.len() {
        if x[i] > threshold {
            return x[i] * x[i] * (i as f64 + 1.0) + x[0];
        }
    }
    x.iter().map(|v| v.sin()).sum()
}

/// `break 'outer` from an inner loop: pair terms until two elements lie
/// more than 1.5 apart.
#[autodiff(reverse, d_near_pairs, Duplicated, Active)]
#[autodiff(forward, near_pairs_fwd, Dual, Dual)]
pub fn near_pairs(x: &[f64]) -> f64 {
    let mut e = 0.0;
    'outer: for i in 0..x.len() {
        for j in 0..i {
            if (x[i] - x[j]).abs() > 1.5 {
                break 'outer;
            }
            e += (x[i] - x[j]).powi(2) * x[j];
        }
        e += x[i].sin();
    }
    e
}

/// `continue 'row` from an inner loop: rows of `n` with a negative element
/// are left out.
#[autodiff(reverse, d_nonnegative_rows, Duplicated, Const, Active)]
#[autodiff(forward, nonnegative_rows_fwd, Dual, Const, Dual)]
pub fn nonnegative_rows(x: &[f64], n: usize) -> f64 {
    let mut s = 0.0;
    'row: for r in 0..x.len() / n {
        let mut t = 0.0;
        for c in 0..n {
            if x[r * n + c] < 0.0 {
                continue 'row;
            }
            t += x[r * n + c].sqrt();
        }
        s += t * t;
    }
    s
}

/// `continue 'rows` and `break 'cols` in a `loop` inside a labelled `while`.
#[autodiff(reverse, d_labelled_while, Duplicated, Active)]
#[autodiff(forward, labelled_while_fwd, Dual, Dual)]
pub fn labelled_while(x: &[f64]) -> f64 {
    let mut e = 0.0;
    let mut k = 0;
    'rows: while k < x.len() {
        k += 1;
        let mut j = 0;
        'cols: loop {
            if j >= k {
                break;
            }
            j += 1;
            if x[j - 1] < -0.5 {
                continue 'rows;
            }
            if x[j - 1] > 0.8 {
                break 'cols;
            }
            e += x[j - 1] * x[k - 1];
        }
        e = e * 0.9 + x[k - 1];
    }
    e
}

/// A `while` loop over an index with an Active ratio.
#[autodiff(reverse, d_geometric_while, Duplicated, Active, Active)]
#[autodiff(forward, geometric_while_fwd, Dual, Dual, Dual)]
pub fn geometric_while(x: &[f64], ratio: f64) -> f64 {
    let mut i = 0;
    let mut w = 1.0;
    let mut s = 0.0;
    while i < x.len() {
        s += w * x[i];
        w *= ratio;
        i += 1;
    }
    s * s
}

#[test]
fn if_else_if_else_statements() {
    // Two elements in each of the three branches.
    let x = cat(&[&random_vec(2, -3.0, -1.2, 501), &random_vec(2, -0.8, 0.8, 502), &random_vec(2, 1.2, 3.0, 503)]);
    support::slice_fn(&x, piecewise, d_piecewise, piecewise_fwd);
}

#[test]
fn if_as_expression_every_branch() {
    // (x range, y range, seed): each case fixes the branches taken.
    let cases = [
        ((2.5, 3.0), (0.0, 0.5), 504),     // x > y, d > 1, x > 0
        ((-2.0, -1.5), (0.5, 1.0), 505),   // x < y, d > 1, x < 0
        ((0.6, 0.7), (0.0, 0.05), 506),    // x > y, 0.5 < d < 1, x > 0
        ((0.3, 0.4), (0.0, 0.05), 507),    // x > y, d < 0.5, x > 0
        ((-0.1, -0.05), (0.05, 0.1), 508), // x < y, d < 0.5, x < 0
    ];
    for ((xlo, xhi), (ylo, yhi), seed) in cases {
        let x = cat(&[&random_vec(1, xlo, xhi, seed), &random_vec(1, ylo, yhi, seed + 50)]);
        support::scalar(
            &x,
            TOL,
            |x| if_expression(x[0], x[1]),
            |x, dx, seed| {
                let (v, a, b) = d_if_expression(x[0], x[1], seed);
                dx[0] += a;
                dx[1] += b;
                v
            },
            |x, t| if_expression_fwd(x[0], t[0], x[1], t[1]),
        );
    }
}

#[test]
fn match_on_integer() {
    support::slice_fn(&random_vec(9, -1.0, 1.0, 509), match_int, d_match_int, match_int_fwd);
}

#[test]
fn match_on_const_enum() {
    let x = random_vec(6, -2.0, 2.0, 510);
    for act in [Activation::Tanh, Activation::Softplus, Activation::Square] {
        support::scalar(
            &x,
            TOL,
            |x| activate_sum(x, act),
            |x, dx, seed| d_activate_sum(x, dx, act, seed),
            |x, t| activate_sum_fwd(x, t, act),
        );
    }
}

#[test]
fn newton_sqrt_while_with_tolerance() {
    for (lo, hi, seed) in [(0.05, 0.9, 511), (1.5, 50.0, 512)] {
        let x = random_vec(1, lo, hi, seed);
        support::scalar(
            &x,
            TOL,
            |x| newton_sqrt(x[0]),
            |x, dx, seed| {
                let (v, g) = d_newton_sqrt(x[0], seed);
                dx[0] += g;
                v
            },
            |x, t| newton_sqrt_fwd(x[0], t[0]),
        );
        // The value and derivative of the square root.
        let a = x[0];
        let (v, g) = d_newton_sqrt(a, 1.0);
        assert_close("sqrt", v, a.sqrt(), 1e-14);
        assert_close("d sqrt", g, 0.5 / a.sqrt(), 1e-8);
        assert_close("forward d sqrt", newton_sqrt_fwd(a, 1.0).1, 0.5 / a.sqrt(), 1e-8);
    }
}

#[test]
fn loop_break_continue() {
    support::slice_fn(&random_vec(8, -1.0, 1.0, 513), skip_every_third, d_skip_every_third, skip_every_third_fwd);
}

#[test]
fn loop_data_dependent_break() {
    // The first three squares sum to at least 3 and the first two to at most
    // 2.42, so with a budget of 2.7 the loop stops after three elements.
    let x = cat(&[&random_vec(3, 1.0, 1.1, 514), &random_vec(3, -1.0, 1.0, 515)]);
    support::scalar(
        &x,
        TOL,
        |x| until_budget(x, 2.7),
        |x, dx, seed| d_until_budget(x, dx, 2.7, seed),
        |x, t| until_budget_fwd(x, t, 2.7),
    );
    // A budget never reached: the loop runs to the end.
    support::scalar(
        &x,
        TOL,
        |x| until_budget(x, 100.0),
        |x, dx, seed| d_until_budget(x, dx, 100.0, seed),
        |x, t| until_budget_fwd(x, t, 100.0),
    );
    let mut dx = vec![0.0; 6];
    d_until_budget(&x, &mut dx, 2.7, 1.0);
    assert_eq!(&dx[3..], &[0.0; 3], "elements after the break have zero gradient");
}

#[test]
fn for_loop_data_dependent_break() {
    // Stops at x[3] = 5: the value is the first three squares, and the
    // elements from the break on have zero gradient.
    let mut x = random_vec(7, -1.0, 1.0, 516);
    x[3] = 5.0;
    let f = |x: &[f64]| for_until(x, 2.0);
    support::scalar(&x, TOL, f, |x, dx, seed| d_for_until(x, dx, 2.0, seed), |x, t| for_until_fwd(x, t, 2.0));
    assert_close("value", f(&x), x[..3].iter().map(|v| v * v).sum(), 1e-15);
    let mut dx = vec![0.0; 7];
    assert_close("value of the derivative", d_for_until(&x, &mut dx, 2.0, 1.0), f(&x), 1e-15);
    assert_eq!(&dx[3..], &[0.0; 4], "elements from the break on have zero gradient");
}

#[test]
fn early_return_inside_loop() {
    // Returns at i = 3, the first element above 1.
    let x = cat(&[&random_vec(3, 0.0, 0.5, 516), &random_vec(1, 1.5, 2.0, 517), &random_vec(3, -1.0, 2.0, 518)]);
    support::scalar(
        &x,
        TOL,
        |x| first_above(x, 1.0),
        |x, dx, seed| d_first_above(x, dx, 1.0, seed),
        |x, t| first_above_fwd(x, t, 1.0),
    );
    let mut dx = vec![0.0; x.len()];
    d_first_above(&x, &mut dx, 1.0, 1.0);
    assert_eq!(&dx[4..], &[0.0; 3], "elements after the return have zero gradient");
    assert_close("d/dx[0]", dx[0], 1.0, 1e-15);
    assert_close("d/dx[3]", dx[3], 8.0 * x[3], 1e-14);
}

#[test]
fn loop_without_early_return() {
    let x = random_vec(7, 0.0, 0.5, 519);
    support::scalar(
        &x,
        TOL,
        |x| first_above(x, 1.0),
        |x, dx, seed| d_first_above(x, dx, 1.0, seed),
        |x, t| first_above_fwd(x, t, 1.0),
    );
}

#[test]
fn while_over_index_with_active_ratio() {
    let n = 6;
    let x = cat(&[&random_vec(n, -1.0, 1.0, 520), &random_vec(1, 0.5, 0.9, 521)]);
    support::scalar(
        &x,
        TOL,
        |x| geometric_while(&x[..n], x[n]),
        |x, dx, seed| {
            let (dv, dr) = dx.split_at_mut(n);
            let (v, g) = d_geometric_while(&x[..n], dv, x[n], seed);
            dr[0] += g;
            v
        },
        |x, t| geometric_while_fwd(&x[..n], &t[..n], x[n], t[n]),
    );
}

#[test]
fn labelled_break_from_an_inner_loop() {
    // x[3] lies more than 1.5 from x[0]: the loops stop at i = 3, j = 0.
    let x = cat(&[&random_vec(3, 0.0, 0.5, 531), &random_vec(1, 2.2, 2.5, 532), &random_vec(3, -1.0, 1.0, 533)]);
    support::slice_fn(&x, near_pairs, d_near_pairs, near_pairs_fwd);
    let mut dx = vec![0.0; 7];
    d_near_pairs(&x, &mut dx, 1.0);
    assert_eq!(&dx[3..], &[0.0; 4], "elements from the break on have zero gradient");
}

#[test]
fn labelled_continue_from_an_inner_loop() {
    // Rows 1 and 3 of four hold a negative element.
    let x = cat(&[
        &random_vec(3, 0.2, 1.0, 534),
        &random_vec(2, 0.2, 1.0, 535),
        &random_vec(1, -1.0, -0.2, 536),
        &random_vec(3, 0.2, 1.0, 537),
        &random_vec(1, -1.0, -0.2, 538),
        &random_vec(2, 0.2, 1.0, 539),
    ]);
    let n = 3;
    support::scalar(
        &x,
        TOL,
        |x| nonnegative_rows(x, n),
        |x, dx, seed| d_nonnegative_rows(x, dx, n, seed),
        |x, t| nonnegative_rows_fwd(x, t, n),
    );
    let mut dx = vec![0.0; 12];
    d_nonnegative_rows(&x, &mut dx, n, 1.0);
    assert!(dx[3..6].iter().chain(&dx[9..]).all(|&g| g == 0.0), "the skipped rows have zero gradient: {dx:?}");
    assert!(dx[..3].iter().chain(&dx[6..9]).all(|&g| g > 0.0), "the kept rows have a gradient: {dx:?}");
}

#[test]
fn labelled_while_and_loop() {
    // Elements below -0.5 end a row, those above 0.8 end its inner loop.
    let x = cat(&[
        &random_vec(2, -0.3, 0.6, 540),
        &random_vec(1, 0.85, 1.0, 541),
        &random_vec(1, -0.3, 0.6, 542),
        &random_vec(1, -1.0, -0.6, 543),
        &random_vec(2, -0.3, 0.6, 544),
    ]);
    support::slice_fn(&x, labelled_while, d_labelled_while, labelled_while_fwd);
}

/// `let r = loop { .. break v; .. }`: Newton's square root left with its
/// value, and a labelled `break 'scan v` out of a `for` inside the loop.
#[autodiff(reverse, d_newton_break, Active, Active)]
#[autodiff(forward, newton_break_fwd, Dual, Dual)]
pub fn newton_break(a: f64) -> f64 {
    let mut y = if a > 1.0 { a } else { 1.0 };
    let mut iters = 0;
    let r = loop {
        let next = 0.5 * (y + a / y);
        iters += 1;
        if (next - y).abs() <= 1e-12 * next || iters == 100 {
            break next;
        }
        y = next;
    };
    r * r.sin()
}

/// The first partial sum of `x` above `t`, scaled, or the whole sum: a
/// value out of a `loop` through a labelled break from an inner `for`.
#[autodiff(reverse, d_sum_until_above, Duplicated, Active, Active)]
#[autodiff(forward, sum_until_above_fwd, Dual, Dual, Dual)]
pub fn sum_until_above(x: &[f64], t: f64) -> f64 {
    let mut rounds = 0;
    let s = 'scan: loop {
        let mut acc = 0.0;
        for k in 0..x.len() {
            acc += x[k] * x[k];
            if acc > t {
                break 'scan acc * t;
            }
        }
        rounds += 1;
        if rounds == 2 {
            break acc;
        }
    };
    s.sqrt()
}

#[test]
fn loop_with_a_break_value() {
    for (lo, hi, seed) in [(0.05, 0.9, 521), (1.5, 50.0, 522)] {
        let x = random_vec(1, lo, hi, seed);
        support::scalar(
            &x,
            TOL,
            |x| newton_break(x[0]),
            |x, dx, seed| {
                let (v, g) = d_newton_break(x[0], seed);
                dx[0] += g;
                v
            },
            |x, t| newton_break_fwd(x[0], t[0]),
        );
        let a = x[0];
        let want = a.sqrt() * a.sqrt().cos() * 0.5 / a.sqrt() + 0.5 / a.sqrt() * a.sqrt().sin();
        assert_close("d (sqrt a sin sqrt a)", d_newton_break(a, 1.0).1, want, 1e-8);
    }
}

#[test]
fn labelled_break_value_out_of_an_inner_loop() {
    let x = random_vec(6, 0.5, 1.5, 523);
    // A threshold the partial sums cross midway, and one none reaches.
    for t in [x[..3].iter().map(|v| v * v).sum::<f64>() + 0.05, 100.0] {
        let mut xt = x.clone();
        xt.push(t);
        support::scalar(
            &xt,
            TOL,
            |p| sum_until_above(&p[..6], p[6]),
            |p, dp, seed| {
                let (v, dt) = d_sum_until_above(&p[..6], &mut dp[..6], p[6], seed);
                dp[6] += dt;
                v
            },
            |p, v| sum_until_above_fwd(&p[..6], &v[..6], p[6], v[6]),
        );
    }
}
