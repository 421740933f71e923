//! Divisions by loop invariants: the adjoint of `a / b` multiplies by the
//! reciprocal of `b`, computed once before the outermost loop `b` is the
//! same in (see `ad-macros/src/codegen/reverse/recip.rs`). Functions where
//! that applies (a `Const` parameter, a literal, a local computed once, a
//! product, a cast, a length, an active divisor, a divisor of an outer
//! loop's local, a `while` loop, f32), and divisors where it must not: one
//! that changes in the loop, a buffer element.
//!
//! A primal value the reverse sweep recomputes keeps its divisions: where
//! it decides something it must be bitwise the forward's. The last three
//! functions recompute `q = x[i] / c` and let it decide a branch, an index
//! and a `max`, at `x[i] = c = 49.0`, where `x[i] / c` is `1.0` but
//! `x[i] * (1.0 / c)` is `0.9999999999999999`: recomputed with the
//! reciprocal, each would take the other piece. Each returns `sin(s / 10)`
//! of its sum, so that the loop's adjoint runs after it (a sum's adjoint
//! would run with the forward iteration, recomputing nothing).

use crate::support::{self, TOL, TOL_F32};
use parad::autodiff;
use parad::check::random_vec;

/// `x[i] / c` and `x[i] / (c * c)` with `c` a `Const` parameter,
/// `x[i] / 3.0` (a quotient of literals, `g * (1.0 / 3.0)`), and
/// `x[i] / (1.0 + i as f64)`, whose divisor changes in the loop.
#[autodiff(reverse, d_const_divisor, Duplicated, Const, Active)]
#[autodiff(forward, const_divisor_fwd, Dual, Const, Dual)]
pub fn const_divisor(x: &[f64], c: f64) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += (x[i] / c).sin() + x[i] * x[i] / (c * c) + x[i] / (1.0 + i as f64) + (x[i] / 3.0).cos();
    }
    s
}

/// A one-dimensional stencil over two steps, divided by a grid spacing
/// computed once (`h`, `2.0 * h`, `h * h`, `(n * n) as f64`) and by a
/// buffer element (`x[0]`, not a divisor that qualifies).
#[autodiff(reverse, d_spacing, Duplicated, Active)]
#[autodiff(forward, spacing_fwd, Dual, Dual)]
pub fn spacing(x: &[f64]) -> f64 {
    let n = x.len();
    let h = 1.0 / n as f64;
    let mut u = x.to_vec();
    let mut next = vec![0.0; n];
    for _ in 0..2 {
        for i in 1..n - 1 {
            let dx = (u[i + 1] - u[i - 1]) / (2.0 * h);
            let lap = (u[i + 1] - 2.0 * u[i] + u[i - 1]) / (h * h);
            next[i] = u[i] + 0.001 * lap - 0.01 * u[i] * dx + u[i] / (n * n) as f64;
        }
        next[0] = u[0] / x[0];
        next[n - 1] = u[n - 1];
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for i in 0..n {
        s += u[i] * u[i] / h;
    }
    s
}

/// `x[i] / w`, `w` an active scalar: the adjoint of the divisor,
/// `-(g * (a / b)) / b`, takes the reciprocal too.
#[autodiff(reverse, d_active_divisor, Duplicated, Active, Active)]
#[autodiff(forward, active_divisor_fwd, Dual, Dual, Dual)]
pub fn active_divisor(x: &[f64], w: f64) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += (x[i] / w).cos() + x[i] * x[i] / (w * w + 1.0);
    }
    s
}

/// `d` is a local of the loop over `i`: the same in the loop over `j` (its
/// reciprocal is computed in the adjoint of each `i`), not in the loop over
/// `i`; `x[j] / (x.len() as f64)` is the same in both.
#[autodiff(reverse, d_outer_local, Duplicated, Active)]
#[autodiff(forward, outer_local_fwd, Dual, Dual)]
pub fn outer_local(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        let d = 1.0 + (i * i) as f64;
        for j in 0..x.len() {
            s += (x[i] * x[j] / d).sin() + x[j] / (x.len() as f64);
        }
    }
    s
}

/// A `while` loop dividing by a `Const` parameter.
#[autodiff(reverse, d_while_divisor, Duplicated, Const, Active)]
#[autodiff(forward, while_divisor_fwd, Dual, Const, Dual)]
pub fn while_divisor(x: &[f64], c: f64) -> f64 {
    let mut v = 1.0;
    let mut k = 0;
    while k < 4 {
        v = v * x[k % x.len()] / c + (v / (c * c)).sin();
        k += 1;
    }
    v
}

/// [`spacing`] in f32: the reciprocals take the divisor's type.
#[autodiff(reverse, d_spacing32, Duplicated, Active)]
#[autodiff(forward, spacing32_fwd, Dual, Dual)]
pub fn spacing32(x: &[f32]) -> f32 {
    let n = x.len();
    let h = 1.0 / n as f32;
    let mut u = x.to_vec();
    let mut next = vec![0.0; n];
    for _ in 0..2 {
        for i in 1..n - 1 {
            let dx = (u[i + 1] - u[i - 1]) / (2.0 * h);
            let lap = (u[i + 1] - 2.0 * u[i] + u[i - 1]) / (h * h);
            next[i] = u[i] + 0.001 * lap - 0.01 * u[i] * dx + u[i] / (n * n) as f32;
        }
        next[0] = u[0] / x[0];
        next[n - 1] = u[n - 1];
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for i in 0..n {
        s += u[i] * u[i] / h;
    }
    s
}

/// `q = x[i] / c` decides a branch.
#[autodiff(reverse, d_branch_on_quotient, Duplicated, Const, Active)]
#[autodiff(forward, branch_on_quotient_fwd, Dual, Const, Dual)]
pub fn branch_on_quotient(x: &[f64], c: f64) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        let q = x[i] / c;
        if q >= 1.0 {
            s += 3.0 * q;
        } else {
            s += q * q;
        }
    }
    (0.1 * s).sin()
}

/// `q = x[i] / c` picks, as an integer, the element of `y` it multiplies.
#[autodiff(reverse, d_index_from_quotient, Duplicated, Duplicated, Const, Active)]
#[autodiff(forward, index_from_quotient_fwd, Dual, Dual, Const, Dual)]
pub fn index_from_quotient(x: &[f64], y: &[f64], c: f64) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        let q = x[i] / c;
        let k = q as usize;
        s += y[k] * q;
    }
    (0.1 * s).sin()
}

/// `q = x[i] / c` decides which side of a `max` the derivative takes.
#[autodiff(reverse, d_max_of_quotient, Duplicated, Const, Active)]
#[autodiff(forward, max_of_quotient_fwd, Dual, Const, Dual)]
pub fn max_of_quotient(x: &[f64], c: f64) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        let q = x[i] / c;
        s += q.max(1.0) * x[i];
    }
    (0.1 * s).sin()
}

/// Inputs where recomputing `x[i] / c` as `x[i] * (1.0 / c)` changes it:
/// `c = 49` and `x[i] = 49` among random values in `[1, 98)`.
fn at_the_edge(seed: u64) -> (Vec<f64>, f64) {
    let c = 49.0;
    assert_ne!(49.0 * (1.0 / c), 49.0 / c, "the edge the tests stand on");
    let mut x = random_vec(5, 1.0, 98.0, seed);
    x[2] = 49.0;
    (x, c)
}

#[test]
fn a_recomputed_quotient_that_decides_a_branch_is_the_forward_one() {
    let (x, c) = at_the_edge(1313);
    // Forward mode against reverse, no finite differences: they cannot see
    // a piece at a kink.
    support::modes_agree(
        &x,
        |x, dx, seed| d_branch_on_quotient(x, dx, c, seed),
        |x, t| branch_on_quotient_fwd(x, t, c),
    );
    let x = random_vec(6, 1.0, 98.0, 1315);
    support::scalar(
        &x,
        TOL,
        |x| branch_on_quotient(x, c),
        |x, dx, seed| d_branch_on_quotient(x, dx, c, seed),
        |x, t| branch_on_quotient_fwd(x, t, c),
    );
}

#[test]
fn a_recomputed_quotient_that_picks_an_index_is_the_forward_one() {
    let (x, c) = at_the_edge(1317);
    let y = random_vec(2, -1.0, 1.0, 1319);
    let n = x.len();
    let packed = support::cat(&[&x, &y]);
    support::modes_agree(
        &packed,
        |p, dp, seed| {
            let (dx, dy) = dp.split_at_mut(n);
            d_index_from_quotient(&p[..n], dx, &p[n..], dy, c, seed)
        },
        |p, t| index_from_quotient_fwd(&p[..n], &t[..n], &p[n..], &t[n..], c),
    );
}

#[test]
fn a_recomputed_quotient_in_a_max_is_the_forward_one() {
    let (x, c) = at_the_edge(1321);
    support::modes_agree(&x, |x, dx, seed| d_max_of_quotient(x, dx, c, seed), |x, t| max_of_quotient_fwd(x, t, c));
}

#[test]
fn divisor_a_const_parameter() {
    let x = random_vec(6, -1.0, 1.0, 1301);
    for c in [0.7, -2.5] {
        support::scalar(
            &x,
            TOL,
            |x| const_divisor(x, c),
            |x, dx, seed| d_const_divisor(x, dx, c, seed),
            |x, t| const_divisor_fwd(x, t, c),
        );
    }
}

#[test]
fn divisor_a_local_computed_once() {
    let x = random_vec(7, 0.5, 1.5, 1303);
    support::slice_fn(&x, spacing, d_spacing, spacing_fwd);
}

#[test]
fn divisor_active() {
    let x = random_vec(6, -1.0, 1.0, 1305);
    let packed: Vec<f64> = x.iter().copied().chain([1.3]).collect();
    let n = x.len();
    support::scalar(
        &packed,
        TOL,
        |p| active_divisor(&p[..n], p[n]),
        |p, dp, seed| {
            let (dx, dw) = dp.split_at_mut(n);
            let (v, g) = d_active_divisor(&p[..n], dx, p[n], seed);
            dw[0] += g;
            v
        },
        |p, t| active_divisor_fwd(&p[..n], &t[..n], p[n], t[n]),
    );
}

#[test]
fn divisor_a_local_of_an_outer_loop() {
    let x = random_vec(5, -1.0, 1.0, 1307);
    support::slice_fn(&x, outer_local, d_outer_local, outer_local_fwd);
}

#[test]
fn divisor_in_a_while_loop() {
    let x = random_vec(3, 0.5, 1.5, 1309);
    let c = 1.7;
    support::scalar(
        &x,
        TOL,
        |x| while_divisor(x, c),
        |x, dx, seed| d_while_divisor(x, dx, c, seed),
        |x, t| while_divisor_fwd(x, t, c),
    );
}

#[test]
fn divisor_in_f32() {
    let x = random_vec(7, 0.5, 1.5, 1311);
    support::scalar_f32(&x, TOL_F32, spacing, spacing32, d_spacing32, spacing32_fwd);
}
