//! Adjoints accumulated in locals: inside a reversed loop, an adjoint write
//! `dx[k] += g` whose index `k` is the same in every iteration adds into a
//! local, added into the shadow once after the loop (see
//! `ad-macros/src/codegen/reverse/hoist.rs`). Functions where that applies
//! (over one loop and over two, in the fused and the two-pass sweep, through
//! a companion, in f32, in a `while` loop, with an index valid only when
//! the loop runs, beside reads at a varying index, under an `if`, with an
//! index valid only where the `if` holds), and a function where it must
//! not: the buffer is written in the loop.

use crate::support::{self, cat, TOL, TOL_F32};
use parad::autodiff;
use parad::check::random_vec;

/// Pairs of 2D points of `x` and `y`: in the loop over `j`, `x[2 * i]`,
/// `x[2 * i + 1]`, `w[0]` and `w[1]` are read at the same index in every
/// iteration (`dx` is accumulated over `j`); in the loop over `i`, `w[0]`
/// and `w[1]` still are (`dw` is accumulated over all pairs). The function
/// ends in the loop, so its derivative runs the loop's adjoint inside it.
#[autodiff(reverse, d_pair_sum, Duplicated, Duplicated, Duplicated, Active)]
#[autodiff(forward, pair_sum_fwd, Dual, Dual, Dual, Dual)]
pub fn pair_sum(x: &[f64], y: &[f64], w: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() / 2 {
        for j in 0..y.len() / 2 {
            let dx = x[2 * i] - y[2 * j];
            let dy = x[2 * i + 1] - y[2 * j + 1];
            s += w[0] * (dx * dx + dy * dy + w[1] * w[1]).sqrt();
        }
    }
    s
}

/// [`pair_sum`] followed by a logarithm, so that the adjoint is a second
/// pass over the loops.
#[autodiff(reverse, d_pair_log, Duplicated, Duplicated, Duplicated, Active)]
#[autodiff(forward, pair_log_fwd, Dual, Dual, Dual, Dual)]
pub fn pair_log(x: &[f64], y: &[f64], w: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() / 2 {
        for j in 0..y.len() / 2 {
            let dx = x[2 * i] - y[2 * j];
            let dy = x[2 * i + 1] - y[2 * j + 1];
            s += w[0] * (dx * dx + dy * dy + w[1] * w[1]).sqrt();
        }
    }
    (1.0 + s * s).ln()
}

/// Calls [`pair_sum`] through its companion, with `y` constant (an empty
/// shadow, whose additions are dropped).
#[autodiff(reverse, d_pair_caller, Duplicated, Const, Duplicated, Active)]
#[autodiff(forward, pair_caller_fwd, Dual, Const, Dual, Dual)]
pub fn pair_caller(x: &[f64], y: &[f64], w: &[f64]) -> f64 {
    let s = pair_sum(x, y, w);
    s * s.sin()
}

/// `x[i - 1]` is read only when the loop over `j` runs (`i >= 1`): the
/// addition of the accumulated adjoint into `dx[i - 1]` must not run for
/// `i == 0`, where `i - 1` would overflow.
#[autodiff(reverse, d_triangle, Duplicated, Duplicated, Active)]
#[autodiff(forward, triangle_fwd, Dual, Dual, Dual)]
pub fn triangle(x: &[f64], y: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        for j in 0..i {
            s += (x[i - 1] * y[j]).sin();
        }
    }
    s * s
}

/// A `while` loop reading `x[k]` and `x[0]` in every iteration: its adjoint
/// runs as many times as the loop did, with `dx[k]` and `dx[0]` (the same
/// element when `k == 0`) accumulated in locals.
#[autodiff(reverse, d_damped, Duplicated, Const, Active)]
#[autodiff(forward, damped_fwd, Dual, Const, Dual)]
pub fn damped(x: &[f64], k: usize) -> f64 {
    let mut v = 1.0;
    let mut n = 0;
    while n < 5 {
        v = v * x[k] + (v * x[0]).sin();
        n += 1;
    }
    v
}

/// `x[i]` is the same in every iteration of the loop over `j`, and `x[j]`
/// is read there too: `dx[i]` is accumulated beside the additions into
/// `dx[j]`, which meet it once (`j == i`).
#[autodiff(reverse, d_all_pairs, Duplicated, Active)]
#[autodiff(forward, all_pairs_fwd, Dual, Dual)]
pub fn all_pairs(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        for j in 0..x.len() {
            s += (x[i] - 0.5 * x[j]).powi(2) * x[i];
        }
    }
    s.sqrt()
}

/// Must not apply: `v[k]` is read at a fixed index, but `v` is written in
/// the loop (at `j`, which meets `k` once), so the adjoint reads `dv[j]`,
/// which must hold every addition into `dv[k]` when `j == k`.
#[autodiff(reverse, d_rescale, Duplicated, Const, Active)]
#[autodiff(forward, rescale_fwd, Dual, Const, Dual)]
pub fn rescale(x: &[f64], k: usize) -> f64 {
    let mut v = x.to_vec();
    for j in 0..v.len() {
        v[j] = v[j] * v[k] + 0.25 * v[k] * v[k];
    }
    let mut s = 0.0;
    for j in 0..v.len() {
        s += v[j] * v[j] * (j as f64 + 1.0);
    }
    s
}

/// The reads of `x[i]` in the loop over `j` are under an `if`, so they need
/// not run in every iteration: the accumulated adjoint is added only when
/// it is not zero.
#[autodiff(reverse, d_branchy, Duplicated, Duplicated, Active)]
#[autodiff(forward, branchy_fwd, Dual, Dual, Dual)]
pub fn branchy(x: &[f64], y: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        for j in 0..y.len() {
            if y[j] > 0.0 {
                s += x[i] * y[j];
            } else {
                s += (x[i] * y[j]).cos();
            }
        }
    }
    s
}

/// [`next_pairs_sum`] squared, through its companion, whose adjoint is a
/// second pass over the loops.
#[autodiff(reverse, d_next_pairs, Duplicated, Active)]
#[autodiff(forward, next_pairs_fwd, Dual, Dual)]
pub fn next_pairs(x: &[f64]) -> f64 {
    let s = next_pairs_sum(x);
    s * s
}

/// `x[i + 1]` is read only under `if i + 1 < x.len()`, so the accumulated
/// adjoint of the last `i`, whose `i + 1` is out of bounds, must not be
/// added: it stays zero, and the addition is skipped. The derivative runs
/// the loops' adjoints inside them.
#[autodiff(reverse, d_next_pairs_sum, Duplicated, Active)]
#[autodiff(forward, next_pairs_sum_fwd, Dual, Dual)]
pub fn next_pairs_sum(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        for j in 0..x.len() {
            if i + 1 < x.len() {
                s += (x[i + 1] * x[j]).sin();
            }
        }
    }
    s
}

/// [`pair_sum`] in f32: the accumulators take the shadow's type.
#[autodiff(reverse, d_pair_sum32, Duplicated, Duplicated, Duplicated, Active)]
#[autodiff(forward, pair_sum32_fwd, Dual, Dual, Dual, Dual)]
pub fn pair_sum32(x: &[f32], y: &[f32], w: &[f32]) -> f32 {
    let mut s = 0.0;
    for i in 0..x.len() / 2 {
        for j in 0..y.len() / 2 {
            let dx = x[2 * i] - y[2 * j];
            let dy = x[2 * i + 1] - y[2 * j + 1];
            s += w[0] * (dx * dx + dy * dy + w[1] * w[1]).sqrt();
        }
    }
    s
}

/// The packed input of the pair functions: `x` (`nx` points), `y` (`ny`
/// points), `w` (two numbers).
fn pair_input(nx: usize, ny: usize, seed: u64) -> Vec<f64> {
    cat(&[
        &random_vec(2 * nx, -1.0, 1.0, seed),
        &random_vec(2 * ny, -1.0, 1.0, seed + 1),
        &random_vec(2, 0.5, 1.5, seed + 2),
    ])
}

type PairRev = fn(&[f64], &mut [f64], &[f64], &mut [f64], &[f64], &mut [f64], f64) -> f64;
type PairFwd = fn(&[f64], &[f64], &[f64], &[f64], &[f64], &[f64]) -> (f64, f64);

fn check_pairs(nx: usize, ny: usize, seed: u64, f: fn(&[f64], &[f64], &[f64]) -> f64, d_f: PairRev, f_fwd: PairFwd) {
    let x = pair_input(nx, ny, seed);
    let (a, b) = (2 * nx, 2 * nx + 2 * ny);
    support::scalar(
        &x,
        TOL,
        |x| f(&x[..a], &x[a..b], &x[b..]),
        |x, dx, seed| {
            let (dxs, rest) = dx.split_at_mut(a);
            let (dys, dws) = rest.split_at_mut(b - a);
            d_f(&x[..a], dxs, &x[a..b], dys, &x[b..], dws, seed)
        },
        |x, t| f_fwd(&x[..a], &t[..a], &x[a..b], &t[a..b], &x[b..], &t[b..]),
    );
}

#[test]
fn invariant_index_over_one_and_two_loops() {
    check_pairs(4, 5, 1101, pair_sum, d_pair_sum, pair_sum_fwd);
    check_pairs(3, 6, 1104, pair_log, d_pair_log, pair_log_fwd);
    // Empty loops: nothing is added, and no index is evaluated.
    check_pairs(0, 3, 1107, pair_sum, d_pair_sum, pair_sum_fwd);
    check_pairs(3, 0, 1110, pair_log, d_pair_log, pair_log_fwd);
}

#[test]
fn invariant_index_through_a_companion() {
    let (nx, ny) = (3, 4);
    let x = pair_input(nx, ny, 1113);
    let (a, b) = (2 * nx, 2 * nx + 2 * ny);
    let y = x[a..b].to_vec();
    let packed: Vec<f64> = cat(&[&x[..a], &x[b..]]);
    support::scalar(
        &packed,
        TOL,
        |p| pair_caller(&p[..a], &y, &p[a..]),
        |p, dp, seed| {
            let (dxs, dws) = dp.split_at_mut(a);
            d_pair_caller(&p[..a], dxs, &y, &p[a..], dws, seed)
        },
        |p, t| pair_caller_fwd(&p[..a], &t[..a], &y, &p[a..], &t[a..]),
    );
}

#[test]
fn invariant_index_valid_only_when_the_loop_runs() {
    let n = 6;
    let x = random_vec(2 * n, -1.0, 1.0, 1116);
    support::scalar(
        &x,
        TOL,
        |x| triangle(&x[..n], &x[n..]),
        |x, dx, seed| {
            let (da, db) = dx.split_at_mut(n);
            d_triangle(&x[..n], da, &x[n..], db, seed)
        },
        |x, t| triangle_fwd(&x[..n], &t[..n], &x[n..], &t[n..]),
    );
}

#[test]
fn invariant_index_in_a_while_loop() {
    let x = random_vec(4, 0.3, 0.9, 1121);
    for k in [0, 2] {
        support::scalar(&x, TOL, |x| damped(x, k), |x, dx, seed| d_damped(x, dx, k, seed), |x, t| damped_fwd(x, t, k));
    }
}

#[test]
fn shadow_also_touched_at_a_varying_index() {
    let x = random_vec(7, 0.2, 1.0, 1117);
    support::slice_fn(&x, all_pairs, d_all_pairs, all_pairs_fwd);
}

#[test]
fn buffer_written_in_the_loop() {
    let x = random_vec(6, -1.0, 1.0, 1118);
    for k in [0, 3, 5] {
        support::scalar(
            &x,
            TOL,
            |x| rescale(x, k),
            |x, dx, seed| d_rescale(x, dx, k, seed),
            |x, t| rescale_fwd(x, t, k),
        );
    }
}

#[test]
fn invariant_read_under_a_branch() {
    let (n, m) = (4, 6);
    let x = random_vec(n + m, -1.0, 1.0, 1119);
    support::scalar(
        &x,
        TOL,
        |x| branchy(&x[..n], &x[n..]),
        |x, dx, seed| {
            let (da, db) = dx.split_at_mut(n);
            d_branchy(&x[..n], da, &x[n..], db, seed)
        },
        |x, t| branchy_fwd(&x[..n], &t[..n], &x[n..], &t[n..]),
    );
}

#[test]
fn invariant_index_valid_only_under_a_branch() {
    let x = random_vec(6, -1.0, 1.0, 1122);
    support::slice_fn(&x, next_pairs, d_next_pairs, next_pairs_fwd);
    support::slice_fn(&x, next_pairs_sum, d_next_pairs_sum, next_pairs_sum_fwd);
}

#[test]
fn invariant_index_f32_and_f64() {
    let (nx, ny) = (3, 4);
    let x = pair_input(nx, ny, 1120);
    let (a, b) = (2 * nx, 2 * nx + 2 * ny);
    support::scalar_f32(
        &x,
        TOL_F32,
        |x| pair_sum(&x[..a], &x[a..b], &x[b..]),
        |x| pair_sum32(&x[..a], &x[a..b], &x[b..]),
        |x, dx, seed| {
            let (dxs, rest) = dx.split_at_mut(a);
            let (dys, dws) = rest.split_at_mut(b - a);
            d_pair_sum32(&x[..a], dxs, &x[a..b], dys, &x[b..], dws, seed)
        },
        |x, t| pair_sum32_fwd(&x[..a], &t[..a], &x[a..b], &t[a..b], &x[b..], &t[b..]),
    );
}
