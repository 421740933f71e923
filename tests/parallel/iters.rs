//! rayon sources, adapters and endings in differentiated functions, each
//! with its serial twin.

use crate::common::{map, scalar};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

// ---------------------------------------------------------------- endings

/// `par_iter().map().sum()`.
#[autodiff(reverse, d_sum_sq, Duplicated, Active)]
#[autodiff(forward, sum_sq_fwd, Dual, Dual)]
pub fn sum_sq(x: &[f64]) -> f64 {
    x.par_iter().map(|v| v * v * v.sin()).sum()
}

#[autodiff(reverse, d_sum_sq_serial, Duplicated, Active)]
pub fn sum_sq_serial(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += x[i] * x[i] * x[i].sin();
    }
    s
}

#[test]
fn par_iter_map_sum() {
    let x = random_vec(301, -2.0, 2.0, 1);
    scalar(&x, sum_sq, d_sum_sq, sum_sq_fwd, d_sum_sq_serial);
}

/// `reduce(|| 0.0, |a, b| a + b)`, then a nonlinear use of the sum.
#[autodiff(reverse, d_reduce_log, Duplicated, Active)]
#[autodiff(forward, reduce_log_fwd, Dual, Dual)]
pub fn reduce_log(x: &[f64]) -> f64 {
    let s: f64 = x.par_iter().map(|v| v.exp()).reduce(|| 0.0, |a, b| a + b);
    s.ln()
}

#[autodiff(reverse, d_reduce_log_serial, Duplicated, Active)]
pub fn reduce_log_serial(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for v in x.iter() {
        s += v.exp();
    }
    s.ln()
}

#[test]
fn par_reduce_sum() {
    let x = random_vec(257, -1.0, 1.0, 2);
    scalar(&x, reduce_log, d_reduce_log, reduce_log_fwd, d_reduce_log_serial);
}

/// `(lo..hi).into_par_iter().map(|i| ...).sum()` reading `x[i]`, `w[i]`: owned
/// shadows from the range's counter, and an Active scalar (private).
#[autodiff(reverse, d_range_dot, Duplicated, Duplicated, Active, Active)]
#[autodiff(forward, range_dot_fwd, Dual, Dual, Dual, Dual)]
pub fn range_dot(x: &[f64], w: &[f64], k: f64) -> f64 {
    let n = x.len();
    (1..n).into_par_iter().map(|i| (k * x[i]).tanh() * w[i]).sum::<f64>()
}

#[autodiff(reverse, d_range_dot_serial, Duplicated, Duplicated, Active, Active)]
pub fn range_dot_serial(x: &[f64], w: &[f64], k: f64) -> f64 {
    let mut s = 0.0;
    for i in 1..x.len() {
        s += (k * x[i]).tanh() * w[i];
    }
    s
}

#[test]
fn into_par_iter_range_sum() {
    let n = 97;
    let x = random_vec(2 * n + 1, -1.0, 1.0, 3);
    let f = |x: &[f64]| range_dot(&x[..n], &x[n..2 * n], x[2 * n]);
    let rev = |x: &[f64], dx: &mut [f64], s: f64| {
        let (dxa, rest) = dx.split_at_mut(n);
        let (dw, dk) = rest.split_at_mut(n);
        let (v, g) = d_range_dot(&x[..n], dxa, &x[n..2 * n], dw, x[2 * n], s);
        dk[0] += g;
        v
    };
    let twin = |x: &[f64], dx: &mut [f64], s: f64| {
        let (dxa, rest) = dx.split_at_mut(n);
        let (dw, dk) = rest.split_at_mut(n);
        let (v, g) = d_range_dot_serial(&x[..n], dxa, &x[n..2 * n], dw, x[2 * n], s);
        dk[0] += g;
        v
    };
    let fwd = |x: &[f64], t: &[f64]| range_dot_fwd(&x[..n], &t[..n], &x[n..2 * n], &t[n..2 * n], x[2 * n], t[2 * n]);
    scalar(&x, f, rev, fwd, twin);
}

/// `collect::<Vec<_>>()` of a parallel map, used afterwards.
#[autodiff(reverse, d_collect_then, Duplicated, Active)]
#[autodiff(forward, collect_then_fwd, Dual, Dual)]
pub fn collect_then(x: &[f64]) -> f64 {
    let t: Vec<f64> = x.par_iter().map(|v| (0.5 * v).tanh()).collect();
    let mut s = 0.0;
    for i in 1..t.len() {
        s += t[i] * t[i - 1];
    }
    s
}

#[autodiff(reverse, d_collect_then_serial, Duplicated, Active)]
pub fn collect_then_serial(x: &[f64]) -> f64 {
    let mut t = vec![0.0; x.len()];
    for i in 0..x.len() {
        t[i] = (0.5 * x[i]).tanh();
    }
    let mut s = 0.0;
    for i in 1..t.len() {
        s += t[i] * t[i - 1];
    }
    s
}

#[test]
fn par_collect() {
    let x = random_vec(150, -2.0, 2.0, 4);
    scalar(&x, collect_then, d_collect_then, collect_then_fwd, d_collect_then_serial);
}

// ------------------------------------------------------- for_each, splits

/// `par_iter_mut().zip(par_iter()).for_each`: owned pieces of `y`, `dy`, `dx`;
/// the Active `k` is summed from private copies.
#[autodiff(reverse, d_scale_exp, Duplicated, Duplicated, Active)]
#[autodiff(forward, scale_exp_fwd, Dual, Dual, Dual)]
pub fn scale_exp(x: &[f64], y: &mut [f64], k: f64) {
    y.par_iter_mut().zip(x.par_iter()).for_each(|(yi, xi)| *yi = k * (0.3 * xi).exp());
}

#[autodiff(reverse, d_scale_exp_serial, Duplicated, Duplicated, Active)]
pub fn scale_exp_serial(x: &[f64], y: &mut [f64], k: f64) {
    for i in 0..x.len() {
        y[i] = k * (0.3 * x[i]).exp();
    }
}

/// Packs `(x, k) -> y` for the map drivers.
fn map_xk(
    n: usize,
    f: fn(&[f64], &mut [f64], f64),
    d: fn(&[f64], &mut [f64], &mut [f64], &mut [f64], f64) -> f64,
) -> (impl Fn(&[f64]) -> Vec<f64>, impl Fn(&[f64], &mut [f64], &[f64]) -> Vec<f64> + Sync + Send) {
    let primal = move |x: &[f64]| {
        let mut y = vec![0.0; n];
        f(&x[..n], &mut y, x[n]);
        y
    };
    let rev = move |x: &[f64], dx: &mut [f64], w: &[f64]| {
        let mut y = vec![0.0; n];
        let mut dy = w.to_vec();
        let (dxa, dk) = dx.split_at_mut(n);
        dk[0] += d(&x[..n], dxa, &mut y, &mut dy, x[n]);
        y
    };
    (primal, rev)
}

#[test]
fn par_iter_mut_zip_for_each() {
    let n = 123;
    let x = random_vec(n + 1, -1.0, 1.0, 5);
    let (primal, rev) = map_xk(n, scale_exp, d_scale_exp);
    let (_, twin) = map_xk(n, scale_exp_serial, d_scale_exp_serial);
    let fwd = |x: &[f64], t: &[f64]| {
        let (mut y, mut ty) = (vec![0.0; n], vec![0.0; n]);
        scale_exp_fwd(&x[..n], &t[..n], &mut y, &mut ty, x[n], t[n]);
        (y, ty)
    };
    map(&x, n, primal, rev, fwd, twin);
}

/// `enumerate` with reads at other indices: `dx` needs private copies.
#[autodiff(reverse, d_neighbours, Duplicated, Duplicated, Active)]
#[autodiff(forward, neighbours_fwd, Dual, Dual, Dual)]
pub fn neighbours(x: &[f64], y: &mut [f64], k: f64) {
    let n = x.len();
    y.par_iter_mut().enumerate().for_each(|(i, yi)| {
        let right = x[(i + 1) % n];
        let left = x[(i + n - 1) % n];
        *yi = k * x[i] * right - (left * left).sin();
    });
}

#[autodiff(reverse, d_neighbours_serial, Duplicated, Duplicated, Active)]
pub fn neighbours_serial(x: &[f64], y: &mut [f64], k: f64) {
    let n = x.len();
    for i in 0..n {
        let right = x[(i + 1) % n];
        let left = x[(i + n - 1) % n];
        y[i] = k * x[i] * right - (left * left).sin();
    }
}

#[test]
fn par_iter_mut_enumerate_private() {
    let n = 77;
    let x = random_vec(n + 1, -1.0, 1.0, 6);
    let (primal, rev) = map_xk(n, neighbours, d_neighbours);
    let (_, twin) = map_xk(n, neighbours_serial, d_neighbours_serial);
    let fwd = |x: &[f64], t: &[f64]| {
        let (mut y, mut ty) = (vec![0.0; n], vec![0.0; n]);
        neighbours_fwd(&x[..n], &t[..n], &mut y, &mut ty, x[n], t[n]);
        (y, ty)
    };
    map(&x, n, primal, rev, fwd, twin);
}

/// An in-place update `*yi *= ...` in parallel: the adjoint restores `y`
/// from the chunks' tapes, through owned pieces of `y`.
#[autodiff(reverse, d_in_place, Duplicated, Duplicated, Active)]
#[autodiff(forward, in_place_fwd, Dual, Dual, Dual)]
pub fn in_place(x: &[f64], y: &mut [f64], k: f64) {
    y.par_iter_mut().zip(x.par_iter()).for_each(|(yi, xi)| {
        *yi = xi * xi + k;
        *yi *= (*yi).cos();
        *yi += k * *yi;
    });
}

#[autodiff(reverse, d_in_place_serial, Duplicated, Duplicated, Active)]
pub fn in_place_serial(x: &[f64], y: &mut [f64], k: f64) {
    for i in 0..x.len() {
        y[i] = x[i] * x[i] + k;
        y[i] *= y[i].cos();
        y[i] += k * y[i];
    }
}

#[test]
fn par_in_place_updates() {
    let n = 64;
    let x = random_vec(n + 1, -1.0, 1.0, 7);
    let (primal, rev) = map_xk(n, in_place, d_in_place);
    let (_, twin) = map_xk(n, in_place_serial, d_in_place_serial);
    let fwd = |x: &[f64], t: &[f64]| {
        let (mut y, mut ty) = (vec![0.0; n], vec![0.0; n]);
        in_place_fwd(&x[..n], &t[..n], &mut y, &mut ty, x[n], t[n]);
        (y, ty)
    };
    map(&x, n, primal, rev, fwd, twin);
}

/// Branches and a `while` loop in a parallel body (Newton's square root
/// per element): the iteration counts and branch values live on the
/// chunks' tapes.
#[autodiff(reverse, d_newton_each, Duplicated, Active)]
#[autodiff(forward, newton_each_fwd, Dual, Dual)]
pub fn newton_each(x: &[f64]) -> f64 {
    x.par_iter()
        .map(|&a| {
            let v = if a > 0.0 { a + 1.0 } else { 1.0 - a };
            let mut r = v;
            let mut steps = 0;
            while steps < 6 {
                r = 0.5 * (r + v / r);
                steps += 1;
            }
            r * a
        })
        .sum()
}

#[autodiff(reverse, d_newton_each_serial, Duplicated, Active)]
pub fn newton_each_serial(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        let a = x[i];
        let v = if a > 0.0 { a + 1.0 } else { 1.0 - a };
        let mut r = v;
        let mut steps = 0;
        while steps < 6 {
            r = 0.5 * (r + v / r);
            steps += 1;
        }
        s += r * a;
    }
    s
}

#[test]
fn par_branches_and_while() {
    let x = random_vec(90, -3.0, 3.0, 8);
    scalar(&x, newton_each, d_newton_each, newton_each_fwd, d_newton_each_serial);
}

// ---------------------------------------------------------------- filter

/// `par_iter().filter(..).map(..).sum()` and `filter(..).count()`: the
/// predicate is an `if` inside each iteration of the parallel loop.
#[autodiff(reverse, d_filtered_sum, Duplicated, Active)]
#[autodiff(forward, filtered_sum_fwd, Dual, Dual)]
pub fn filtered_sum(x: &[f64]) -> f64 {
    let low = x.par_iter().filter(|v| **v < 0.3).count();
    let s: f64 = x.par_iter().filter(|v| **v < 0.3).map(|v| v.exp() * v).sum();
    s * (low as f64).sqrt()
}

#[autodiff(reverse, d_filtered_sum_serial, Duplicated, Active)]
pub fn filtered_sum_serial(x: &[f64]) -> f64 {
    let (mut low, mut s) = (0.0, 0.0);
    for v in x.iter() {
        if *v < 0.3 {
            low += 1.0;
            s += v.exp() * v;
        }
    }
    s * f64::sqrt(low)
}

#[test]
fn par_filter_sum_and_count() {
    let x = random_vec(211, -1.0, 1.0, 31);
    scalar(&x, filtered_sum, d_filtered_sum, filtered_sum_fwd, d_filtered_sum_serial);
}

/// `enumerate().filter(..).for_each(..)` writing the kept elements of `y`,
/// its own element each: owned pieces inside the `if`.
#[autodiff(reverse, d_every_third, Duplicated, Duplicated, Active)]
#[autodiff(forward, every_third_fwd, Dual, Dual, Dual)]
pub fn every_third(x: &[f64], y: &mut [f64], k: f64) {
    y.par_iter_mut()
        .zip(x.par_iter())
        .enumerate()
        .filter(|(i, (_, xi))| i % 3 != 0 && **xi > -0.8)
        .for_each(|(_, (yi, xi))| *yi = k * (0.5 * xi).exp());
}

#[autodiff(reverse, d_every_third_serial, Duplicated, Duplicated, Active)]
pub fn every_third_serial(x: &[f64], y: &mut [f64], k: f64) {
    for i in 0..x.len() {
        if i % 3 != 0 && x[i] > -0.8 {
            y[i] = k * (0.5 * x[i]).exp();
        }
    }
}

#[test]
fn par_filter_for_each_owned() {
    let n = 131;
    let x = random_vec(n + 1, -1.0, 1.0, 32);
    let (primal, rev) = map_xk(n, every_third, d_every_third);
    let (_, twin) = map_xk(n, every_third_serial, d_every_third_serial);
    let fwd = |x: &[f64], t: &[f64]| {
        let (mut y, mut ty) = (vec![0.0; n], vec![0.0; n]);
        every_third_fwd(&x[..n], &t[..n], &mut y, &mut ty, x[n], t[n]);
        (y, ty)
    };
    map(&x, n, primal, rev, fwd, twin);
}

// ------------------------------------------------------------- chunks

/// `par_chunks(m)` zipped with `par_iter_mut()`: a row of `a` per output,
/// so `da` is owned row by row.
#[autodiff(reverse, d_row_norms, Duplicated, Duplicated)]
#[autodiff(forward, row_norms_fwd, Dual, Dual)]
pub fn row_norms(a: &[f64], y: &mut [f64]) {
    let m = a.len() / y.len();
    a.par_chunks(m).zip(y.par_iter_mut()).for_each(|(row, yi)| {
        let mut s = 0.0;
        for v in row.iter() {
            s += v * v;
        }
        *yi = (s + 1.0).sqrt();
    });
}

#[autodiff(reverse, d_row_norms_serial, Duplicated, Duplicated)]
pub fn row_norms_serial(a: &[f64], y: &mut [f64]) {
    let m = a.len() / y.len();
    for i in 0..y.len() {
        let mut s = 0.0;
        for j in 0..m {
            s += a[i * m + j] * a[i * m + j];
        }
        y[i] = (s + 1.0).sqrt();
    }
}

/// Packs `x -> y` for the map drivers.
fn map_x(
    n: usize,
    m: usize,
    f: fn(&[f64], &mut [f64]),
    d: fn(&[f64], &mut [f64], &mut [f64], &mut [f64]),
) -> (impl Fn(&[f64]) -> Vec<f64>, impl Fn(&[f64], &mut [f64], &[f64]) -> Vec<f64> + Sync + Send) {
    let primal = move |x: &[f64]| {
        let mut y = vec![0.0; m];
        f(&x[..n], &mut y);
        y
    };
    let rev = move |x: &[f64], dx: &mut [f64], w: &[f64]| {
        let mut y = vec![0.0; m];
        let mut dy = w.to_vec();
        d(&x[..n], dx, &mut y, &mut dy);
        y
    };
    (primal, rev)
}

#[test]
fn par_chunks_zip_rows() {
    let (rows, cols) = (37, 5);
    let x = random_vec(rows * cols, -1.0, 1.0, 9);
    let (primal, rev) = map_x(rows * cols, rows, row_norms, d_row_norms);
    let (_, twin) = map_x(rows * cols, rows, row_norms_serial, d_row_norms_serial);
    let fwd = |x: &[f64], t: &[f64]| {
        let (mut y, mut ty) = (vec![0.0; rows], vec![0.0; rows]);
        row_norms_fwd(x, t, &mut y, &mut ty);
        (y, ty)
    };
    map(&x, rows, primal, rev, fwd, twin);
}

/// `par_chunks_mut(m).enumerate()`: each iteration writes its own row of
/// `y` (the last one shorter), reading the whole of `x`.
#[autodiff(reverse, d_rows_out, Duplicated, Duplicated)]
#[autodiff(forward, rows_out_fwd, Dual, Dual)]
pub fn rows_out(x: &[f64], y: &mut [f64]) {
    let m = 4;
    let n = x.len();
    y.par_chunks_mut(m).enumerate().for_each(|(r, row)| {
        for c in 0..row.len() {
            let j = (r * m + c) % n;
            row[c] = x[j] * x[(j + 1) % n] + (r as f64) * x[j].sin();
        }
    });
}

#[autodiff(reverse, d_rows_out_serial, Duplicated, Duplicated)]
pub fn rows_out_serial(x: &[f64], y: &mut [f64]) {
    let m = 4;
    let n = x.len();
    for k in 0..y.len() {
        let r = k / m;
        let j = k % n;
        y[k] = x[j] * x[(j + 1) % n] + (r as f64) * x[j].sin();
    }
}

#[test]
fn par_chunks_mut_enumerate() {
    let (n, m) = (20, 43);
    let x = random_vec(n, -1.0, 1.0, 10);
    let (primal, rev) = map_x(n, m, rows_out, d_rows_out);
    let (_, twin) = map_x(n, m, rows_out_serial, d_rows_out_serial);
    let fwd = |x: &[f64], t: &[f64]| {
        let (mut y, mut ty) = (vec![0.0; m], vec![0.0; m]);
        rows_out_fwd(x, t, &mut y, &mut ty);
        (y, ty)
    };
    map(&x, m, primal, rev, fwd, twin);
}

// ------------------------------------------------- calls and nesting

/// A differentiable helper called from a parallel body.
#[autodiff]
pub fn soft_cell(a: f64, b: f64) -> f64 {
    (a * a + b * b + 1.0).ln() * a
}

#[autodiff(reverse, d_calls_inside, Duplicated, Active)]
#[autodiff(forward, calls_inside_fwd, Dual, Dual)]
pub fn calls_inside(x: &[f64]) -> f64 {
    let n = x.len();
    (0..n).into_par_iter().map(|i| soft_cell(x[i], x[(i * 7 + 3) % n])).sum()
}

#[autodiff(reverse, d_calls_inside_serial, Duplicated, Active)]
pub fn calls_inside_serial(x: &[f64]) -> f64 {
    let n = x.len();
    let mut s = 0.0;
    for i in 0..n {
        s += soft_cell(x[i], x[(i * 7 + 3) % n]);
    }
    s
}

#[test]
fn par_calls_inside_body() {
    let x = random_vec(64, -1.0, 1.0, 12);
    scalar(&x, calls_inside, d_calls_inside, calls_inside_fwd, d_calls_inside_serial);
}

/// A parallel loop inside a parallel loop (the inner one runs serially in
/// each outer iteration), and a serial loop inside it.
#[autodiff(reverse, d_nested_par, Duplicated, Active)]
#[autodiff(forward, nested_par_fwd, Dual, Dual)]
pub fn nested_par(x: &[f64]) -> f64 {
    let n = x.len();
    (0..n)
        .into_par_iter()
        .map(|i| {
            let inner: f64 = x.par_iter().map(|v| (v * x[i]).cos()).sum();
            let mut p = 1.0;
            for j in 0..3 {
                p *= 1.0 + 0.1 * x[(i + j) % n];
            }
            inner * p
        })
        .sum()
}

#[autodiff(reverse, d_nested_par_serial, Duplicated, Active)]
pub fn nested_par_serial(x: &[f64]) -> f64 {
    let n = x.len();
    let mut s = 0.0;
    for i in 0..n {
        let mut inner = 0.0;
        for k in 0..n {
            inner += (x[k] * x[i]).cos();
        }
        let mut p = 1.0;
        for j in 0..3 {
            p *= 1.0 + 0.1 * x[(i + j) % n];
        }
        s += inner * p;
    }
    s
}

#[test]
fn par_nested_loops() {
    let x = random_vec(40, -1.0, 1.0, 13);
    scalar(&x, nested_par, d_nested_par, nested_par_fwd, d_nested_par_serial);
}

// ------------------------------------------------ stencil and atomic

/// A three-point stencil over `y[1..n-1]`: the adjoint stores partials per
/// offset and gathers them (the stencil strategy).
#[autodiff(reverse, d_smooth, Duplicated, Duplicated)]
#[autodiff(forward, smooth_fwd, Dual, Dual)]
pub fn smooth(x: &[f64], y: &mut [f64]) {
    let n = x.len();
    y[1..n - 1].par_iter_mut().enumerate().for_each(|(k, yk)| {
        let i = k + 1;
        *yk = 0.25 * x[i - 1] * x[i - 1] + 0.5 * x[i].sin() + 0.25 * x[i + 1];
    });
}

#[autodiff(reverse, d_smooth_serial, Duplicated, Duplicated)]
pub fn smooth_serial(x: &[f64], y: &mut [f64]) {
    let n = x.len();
    for i in 1..n - 1 {
        y[i] = 0.25 * x[i - 1] * x[i - 1] + 0.5 * x[i].sin() + 0.25 * x[i + 1];
    }
}

#[test]
fn par_stencil_gather() {
    let n = 70;
    let x = random_vec(n, -1.0, 1.0, 14);
    let (primal, rev) = map_x(n, n, smooth, d_smooth);
    let (_, twin) = map_x(n, n, smooth_serial, d_smooth_serial);
    let fwd = |x: &[f64], t: &[f64]| {
        let (mut y, mut ty) = (vec![0.0; n], vec![0.0; n]);
        smooth_fwd(x, t, &mut y, &mut ty);
        (y, ty)
    };
    map(&x, n, primal, rev, fwd, twin);
}

/// `accumulate = atomic`: scattered adjoint writes through an index array
/// go to one shared shadow. Atomic sums are not bitwise reproducible, so
/// this checks finite differences and the serial twin only.
#[autodiff(reverse, d_gather_sum, Duplicated, Const, Active, accumulate = atomic)]
pub fn gather_sum(x: &[f64], idx: &[usize]) -> f64 {
    idx.par_iter().map(|&j| x[j] * x[j] * x[j].cos()).sum()
}

#[autodiff(reverse, d_gather_sum_private, Duplicated, Const, Active)]
pub fn gather_sum_private(x: &[f64], idx: &[usize]) -> f64 {
    idx.par_iter().map(|&j| x[j] * x[j] * x[j].cos()).sum()
}

#[test]
fn par_atomic_on_request() {
    let n = 40;
    let x = random_vec(n, -1.0, 1.0, 15);
    let idx: Vec<usize> = (0..500).map(|k| (k * 7919) % n).collect();
    let rev = |x: &[f64], dx: &mut [f64]| d_gather_sum(x, dx, &idx, 1.0);
    parad::check::gradient(rev, &x, crate::support::TOL);
    let (mut atomic, mut private) = (vec![0.0; n], vec![0.0; n]);
    d_gather_sum(&x, &mut atomic, &idx, 1.0);
    d_gather_sum_private(&x, &mut private, &idx, 1.0);
    crate::support::assert_all_close("atomic against private", &atomic, &private, 1e-12);
}
