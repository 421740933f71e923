//! `sort_by` and `sort_unstable_by` on local buffers, comparing the values
//! themselves: a median, a trimmed mean, an interpolated quantile, sorted
//! ascending and descending, a `Vec` and an array. The gradient flows back
//! through the order the sort found (each sorted value is a read of one
//! input), checked against central differences on random inputs, where
//! no two values tie.

use crate::support::{self, TOL};
use parad::autodiff;
use parad::check::random_vec;

#[autodiff(reverse, d_robust_loss, Duplicated, Active)]
#[autodiff(forward, robust_loss_fwd, Dual, Dual)]
pub fn robust_loss(x: &[f64]) -> f64 {
    let n = x.len();
    let mut r: Vec<f64> = x.iter().map(|v| (v - 0.1).powi(2) + v.sin()).collect();
    r.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let median = r[n / 2];
    // The mean of all but the largest quarter.
    let keep = n - n / 4;
    let mut trimmed = 0.0;
    for k in 0..keep {
        trimmed += r[k];
    }
    trimmed /= keep as f64;
    // The 0.9 quantile, interpolated between its neighbours.
    let pos = 0.9 * (n - 1) as f64;
    let lo = pos.floor() as usize;
    let hi = (lo + 1).min(n - 1);
    let w = pos - lo as f64;
    let q = r[lo] * (1.0 - w) + r[hi] * w;
    median + trimmed * 0.5 + q
}

#[autodiff(reverse, d_top_pair, Duplicated, Active)]
#[autodiff(forward, top_pair_fwd, Dual, Dual)]
pub fn top_pair(x: &[f64]) -> f64 {
    let mut a = [x[0] * x[1], x[1].exp(), x[2] - x[0], x[3] * 0.5];
    a.sort_unstable_by(|p, q| q.total_cmp(p));
    a[0] * a[1] + a[3]
}

#[test]
fn sorted_statistics() {
    for (seed, n) in [(0, 1), (1, 4), (2, 9), (3, 30)] {
        let x = random_vec(n, -2.0, 2.0, 1300 + seed);
        support::slice_fn(&x, robust_loss, d_robust_loss, robust_loss_fwd);
    }
    for seed in 0..4 {
        let x = random_vec(4, -1.5, 1.5, 1310 + seed);
        support::scalar(&x, TOL, top_pair, d_top_pair, top_pair_fwd);
    }
}
