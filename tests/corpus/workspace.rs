//! Workspaces: a `&mut [F]` or `&mut Vec<F>` parameter marked `Const` that
//! the function writes values carrying derivatives into and reads back (the
//! state buffer of ADBench's LSTM). No derivative is asked for with respect
//! to it, so the derivative gives it a zero shadow of its own; the caller
//! gets the workspace back as the function left it. Serial, rayon and
//! through a helper, in both modes.

use crate::support::{self, TOL};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

/// `work` holds products of neighbours, then is read twice.
#[autodiff(reverse, d_pairs, Duplicated, Const, Active)]
#[autodiff(forward, pairs_fwd, Dual, Const, Dual)]
pub fn pairs(x: &[f64], work: &mut [f64]) -> f64 {
    let n = x.len();
    for i in 0..n {
        work[i] = x[i].sin() * x[(i + 1) % n];
    }
    let mut s = 0.0;
    for i in 0..n {
        s += work[i] * work[(i + 2) % n] + 0.5 * work[i];
    }
    s
}

/// [`pairs`] with rayon loops writing and reading the workspace.
#[autodiff(reverse, d_pairs_par, Duplicated, Const, Active)]
#[autodiff(forward, pairs_par_fwd, Dual, Const, Dual)]
pub fn pairs_par(x: &[f64], work: &mut [f64]) -> f64 {
    let n = x.len();
    work.par_iter_mut().enumerate().for_each(|(i, w)| *w = x[i].sin() * x[(i + 1) % n]);
    (0..n).into_par_iter().map(|i| work[i] * work[(i + 2) % n] + 0.5 * work[i]).sum()
}

#[autodiff]
fn fill(x: &[f64], work: &mut Vec<f64>) {
    for i in 0..x.len() {
        work[i] = (x[i] * x[i] + 1.0).ln();
    }
}

/// A `Vec` workspace, written by a helper, updated in place, then read.
#[autodiff(reverse, d_through_helper, Duplicated, Const, Active)]
#[autodiff(forward, through_helper_fwd, Dual, Const, Dual)]
pub fn through_helper(x: &[f64], work: &mut Vec<f64>) -> f64 {
    fill(x, work);
    for i in 1..work.len() {
        work[i] += work[i - 1] * x[i];
    }
    work.iter().map(|w| w * w).sum::<f64>()
}

type Primal = fn(&[f64], &mut Vec<f64>) -> f64;
type Rev = fn(&[f64], &mut [f64], &mut Vec<f64>, f64) -> f64;
type Fwd = fn(&[f64], &[f64], &mut Vec<f64>) -> (f64, f64);

/// Checks `f(x, work)` against central differences and the other mode,
/// the workspace starting from `start` in every call; and that each
/// derivative leaves it as the function does.
fn check(n: usize, seed: u64, f: Primal, d_f: Rev, f_fwd: Fwd) {
    let x = random_vec(n, -1.0, 1.0, seed);
    let start = random_vec(n, -1.0, 1.0, seed + 1);
    support::scalar(
        &x,
        TOL,
        |x| f(x, &mut start.clone()),
        |x, dx, w| d_f(x, dx, &mut start.clone(), w),
        |x, t| f_fwd(x, t, &mut start.clone()),
    );
    let mut after = start.clone();
    f(&x, &mut after);
    let (mut by_rev, mut by_fwd) = (start.clone(), start.clone());
    d_f(&x, &mut vec![0.0; n], &mut by_rev, 1.0);
    f_fwd(&x, &vec![0.0; n], &mut by_fwd);
    assert_eq!(by_rev, after, "the reverse derivative leaves the workspace as the function does");
    assert_eq!(by_fwd, after, "the forward derivative leaves the workspace as the function does");
}

#[test]
fn a_constant_workspace_written_with_active_values() {
    for (n, seed) in [(3, 1401), (8, 1403)] {
        check(n, seed, |x, w| pairs(x, w), |x, dx, w, s| d_pairs(x, dx, w, s), |x, t, w| pairs_fwd(x, t, w));
        check(
            n,
            seed + 10,
            |x, w| pairs_par(x, w),
            |x, dx, w, s| d_pairs_par(x, dx, w, s),
            |x, t, w| pairs_par_fwd(x, t, w),
        );
        check(n, seed + 20, through_helper, d_through_helper, through_helper_fwd);
    }
}
