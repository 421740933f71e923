//! One addition per shadow element: the additions of consecutive
//! statements' adjoints into the same element are made once (see
//! `ad-macros/src/codegen/reverse/merge.rs`). Functions where that applies
//! (a stencil read by several statements), and where it must not move an
//! addition past code that could see it: a write of the same buffer at an
//! index that may be the same element, an index variable reassigned in
//! between, a call that reads the shadow.

use crate::support::{self, TOL};
use parad::autodiff;
use parad::check::random_vec;

/// `x[i]` is read by three statements, `x[i - 1]` and `x[i + 1]` by two.
#[autodiff(reverse, d_three_reads, Duplicated, Active)]
#[autodiff(forward, three_reads_fwd, Dual, Dual)]
pub fn three_reads(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 1..x.len() - 1 {
        let a = x[i - 1] * x[i];
        let b = (x[i] + x[i + 1]).sin();
        let c = x[i + 1] - x[i - 1] + x[i] * x[i];
        s += a * b + c * c;
    }
    s
}

/// `y[j]` is overwritten between two reads of `y[i]` and `y[k]`; when `j`
/// is `i` or `k`, the write's adjoint reads (and clears) the element the
/// later read added into.
#[autodiff(reverse, d_write_between, Duplicated, Const, Const, Active)]
#[autodiff(forward, write_between_fwd, Dual, Const, Const, Dual)]
pub fn write_between(x: &[f64], j: usize, k: usize) -> f64 {
    let mut y = x.to_vec();
    let mut s = 0.0;
    for i in 0..y.len() {
        let a = y[i] * y[k];
        y[j] = y[j] * 0.5 + a;
        let b = (y[i] + y[k]).sin();
        s += a + b;
    }
    s
}

/// `x[m]` before and after `m` changes: two elements, not one.
#[autodiff(reverse, d_index_between, Duplicated, Active)]
#[autodiff(forward, index_between_fwd, Dual, Dual)]
pub fn index_between(x: &[f64]) -> f64 {
    let mut m = 0;
    let mut s = 0.0;
    for i in 0..x.len() {
        let a = x[m] * x[i];
        m = (m + 2) % x.len();
        let b = x[m].cos();
        s += a * b;
    }
    s
}

/// The square of the sum of `y`: its adjoint reads all of `dy`.
#[autodiff(reverse, d_square_of_sum, Duplicated, Active)]
#[autodiff(forward, square_of_sum_fwd, Dual, Dual)]
pub fn square_of_sum(y: &[f64]) -> f64 {
    let mut s = 0.0;
    for v in y {
        s += v;
    }
    s * s
}

/// `y[0]` is read before and after a call that reads `y` whole, and then
/// written: the call's adjoint reads `dy`.
#[autodiff(reverse, d_call_between, Duplicated, Active)]
#[autodiff(forward, call_between_fwd, Dual, Dual)]
pub fn call_between(x: &[f64]) -> f64 {
    let mut y = x.to_vec();
    let a = y[0] * y[1];
    let t = square_of_sum(&y);
    let b = (y[0] * t).sin();
    y[0] = a * b;
    y[0] * y[0] + t
}

#[test]
fn merged_stencil_reads() {
    let x = random_vec(7, -1.0, 1.0, 1401);
    support::slice_fn(&x, three_reads, d_three_reads, three_reads_fwd);
}

#[test]
fn merged_past_a_write_of_the_buffer() {
    let x = random_vec(4, -0.8, 0.8, 1403);
    for (j, k) in [(0, 0), (1, 2), (2, 2), (3, 1)] {
        support::scalar(
            &x,
            TOL,
            |x| write_between(x, j, k),
            |x, dx, seed| d_write_between(x, dx, j, k, seed),
            |x, t| write_between_fwd(x, t, j, k),
        );
    }
}

#[test]
fn merged_past_an_index_change() {
    let x = random_vec(5, -1.0, 1.0, 1405);
    support::slice_fn(&x, index_between, d_index_between, index_between_fwd);
}

#[test]
fn merged_past_a_call() {
    let x = random_vec(4, -1.0, 1.0, 1407);
    support::slice_fn(&x, call_between, d_call_between, call_between_fwd);
}
