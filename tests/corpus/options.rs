//! Helpers returning `Option`: a guarded logarithm, a Newton solve that may
//! not converge, a search returning an index, `?` between helpers, a
//! float-generic helper, and in a module. Callers take the value with
//! `if let`, `match`, `let .. else`, `unwrap_or`, `unwrap_or_default`,
//! `unwrap`, `expect`, `is_some`, in loops, closures and rayon. Checked
//! against central differences and the other mode on random inputs, where
//! no input sits on a branch's edge.

use crate::support::{self, TOL};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

#[autodiff]
pub fn safe_ln(x: f64) -> Option<f64> {
    if x > 0.0 {
        Some(x.ln())
    } else {
        None
    }
}

/// The square root of `a` by Newton's method from `a`, `None` when it has
/// not converged after a few steps or `a` is not positive.
#[autodiff]
pub fn newton_sqrt(a: f64) -> Option<f64> {
    if a <= 0.0 {
        return None;
    }
    let mut r = a.max(1.0);
    for _ in 0..40 {
        let next = 0.5 * (r + a / r);
        if (next - r).abs() < 1e-14 * next {
            return Some(next);
        }
        r = next;
    }
    None
}

/// The first index whose value passes `t`.
#[allow(clippy::manual_find)]
#[autodiff]
pub fn first_above(x: &[f64], t: f64) -> Option<usize> {
    for i in 0..x.len() {
        if x[i] > t {
            return Some(i);
        }
    }
    None
}

/// The rise into the first value above `t` (its step from the one before),
/// `None` when no value passes or the first one does.
#[autodiff]
pub fn rise_at(x: &[f64], t: f64) -> Option<f64> {
    let i = first_above(x, t)?;
    if i == 0 {
        return None;
    }
    let step = x[i] - x[i - 1];
    match safe_ln(step) {
        Some(l) => Some(l * step),
        None => Some(step),
    }
}

#[autodiff]
pub fn recip<T: parad::Float>(x: T) -> Option<T> {
    if x.abs() < T::epsilon() {
        return None;
    }
    Some(T::one() / x)
}

/// A log-likelihood with guarded logarithms, through every caller idiom.
#[autodiff(reverse, d_guarded, Duplicated, Active)]
#[autodiff(forward, guarded_fwd, Dual, Dual)]
pub fn guarded(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        if let Some(l) = safe_ln(x[i]) {
            s += l * l;
        } else {
            s -= x[i];
        }
        s += safe_ln(x[i] + 0.5).unwrap_or(x[i] * 2.0);
        let Some(m) = safe_ln(x[i] * x[i] + 0.1) else { continue };
        s += 0.5 * m;
        if safe_ln(x[i] - 0.2).is_some() {
            s += safe_ln(x[i] - 0.2).unwrap() * 0.25;
        }
        s += safe_ln(x[i] + 3.0).expect("shifted to positive");
        s += safe_ln(x[i] - 0.7).unwrap_or_default();
    }
    s
}

/// A Newton solve per element, with a fallback where it fails.
#[autodiff(reverse, d_roots, Duplicated, Active)]
#[autodiff(forward, roots_fwd, Dual, Dual)]
pub fn roots(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for v in x {
        let r = match newton_sqrt(*v) {
            Some(r) => r,
            None => -v * v,
        };
        s += r * v;
    }
    s
}

/// An index found by a search, and `?` between helpers.
#[autodiff(reverse, d_searched, Duplicated, Active)]
#[autodiff(forward, searched_fwd, Dual, Dual)]
pub fn searched(x: &[f64]) -> f64 {
    let mut s = 0.0;
    if let Some(k) = first_above(x, 0.3) {
        s += x[k] * x[k];
    }
    s + rise_at(x, 0.5).unwrap_or(0.0) + recip(x[0] + 2.0).unwrap_or(0.0)
}

/// In closures: an iterator's and rayon's.
#[autodiff(reverse, d_mapped, Duplicated, Active)]
#[autodiff(forward, mapped_fwd, Dual, Dual)]
pub fn mapped(x: &[f64]) -> f64 {
    let a: f64 = x.iter().map(|&v| safe_ln(v).unwrap_or(v)).sum();
    let b: f64 = x.par_iter().map(|&v| safe_ln(v * v + 1.0).unwrap_or(0.0)).sum();
    let c: f64 = x
        .par_iter()
        .map(|&v| match safe_ln(v) {
            Some(l) => l * v,
            None => v * v,
        })
        .sum();
    a + b * 0.5 + c
}

#[parad::autodiff]
pub mod model {
    use parad::autodiff;

    pub fn bounded(x: f64, lo: f64) -> Option<f64> {
        if x < lo {
            return None;
        }
        Some((x - lo).sqrt())
    }

    #[autodiff(reverse, d_total, Duplicated, Active)]
    pub fn total(x: &[f64]) -> f64 {
        let mut s = 0.0;
        for v in x {
            s += bounded(*v, -0.5).unwrap_or(0.0);
            if let Some(b) = bounded(v * 2.0, 0.1) {
                s += b * v;
            }
        }
        s
    }
}

/// `x` with each value moved off the edges where a logarithm's argument
/// crosses zero (a value near one is moved by 0.1).
fn away_from(mut x: Vec<f64>, edges: &[f64]) -> Vec<f64> {
    for v in x.iter_mut() {
        if edges.iter().any(|e| (*v - e).abs() < 0.05) {
            *v += 0.1;
        }
    }
    x
}

#[test]
fn callers_take_options_apart() {
    for (seed, n) in [(0, 1), (1, 5), (2, 12)] {
        let x = away_from(random_vec(n, -1.5, 2.5, 1400 + seed), &[0.0, -0.5, 0.2, 0.7]);
        support::slice_fn(&x, guarded, d_guarded, guarded_fwd);
        support::slice_fn(&x, mapped, d_mapped, mapped_fwd);
    }
}

#[test]
fn helpers_returning_options_loop_and_return_early() {
    for (seed, n) in [(0, 1), (1, 6), (2, 15)] {
        let x = random_vec(n, -1.0, 9.0, 1410 + seed);
        support::slice_fn(&x, roots, d_roots, roots_fwd);
        // The Newton fallback is taken for the negative inputs only.
        let mut dx = vec![0.0; n];
        d_roots(&x, &mut dx, 1.0);
        for (v, d) in x.iter().zip(&dx) {
            let want = if *v > 0.0 { 1.5 * v.sqrt() } else { -3.0 * v * v };
            support::assert_close("d/dv of v * sqrt(v) or -v^3", *d, want, 1e-9);
        }
    }
}

#[test]
fn options_of_indices_and_question_marks() {
    for seed in 0..6 {
        let x = random_vec(5, -1.0, 1.0, 1420 + seed);
        support::slice_fn(&x, searched, d_searched, searched_fwd);
    }
    // No value above the threshold: no term but the reciprocal's.
    let x = [0.1, -0.2, 0.25];
    let mut dx = [0.0; 3];
    d_searched(&x, &mut dx, 1.0);
    support::assert_close("reciprocal alone", dx[0], -1.0 / (2.1f64 * 2.1), 1e-12);
    assert_eq!(&dx[1..], &[0.0, 0.0]);
}

#[test]
fn options_in_a_module() {
    for (seed, n) in [(0, 3), (1, 10)] {
        let x = random_vec(n, -1.0, 2.0, 1430 + seed);
        let mut dx = vec![0.0; n];
        let y = model::d_total(&x, &mut dx, 1.0);
        support::assert_close("value", y, model::total(&x), 1e-12);
        parad::check::gradient(|x, dx| model::d_total(x, dx, 1.0), &x, TOL);
    }
}
