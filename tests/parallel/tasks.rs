//! `rayon::join` and `rayon::scope` in differentiated functions, each with
//! its serial twin: a recursive parallel sum over `split_at` halves, a join
//! on `&x[..m]` / `&x[m..]` whose results combine nonlinearly, a join whose
//! two tasks read all of `x` (private shadows), a join over `split_at_mut`
//! halves that the tasks update in place, a join inside a rayon loop, a
//! `scope` with one `spawn` per chunk of `chunks_mut`, and a `scope` with two
//! direct spawns.

use crate::common::{map, scalar};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

// ----------------------------------------------------------- recursion

/// Below this many elements, `psum` sums serially.
const LEAF: usize = 16;

/// A recursive parallel sum of `sin(x) * x`: halves by `split_at`, the
/// halves summed by `rayon::join`.
#[autodiff(reverse, d_psum, Duplicated, Active)]
#[autodiff(forward, psum_fwd, Dual, Dual)]
pub fn psum(x: &[f64]) -> f64 {
    if x.len() <= LEAF {
        let mut s = 0.0;
        for v in x.iter() {
            s += v.sin() * v;
        }
        return s;
    }
    let mid = x.len() / 2;
    let (l, r) = x.split_at(mid);
    let (a, b) = rayon::join(|| psum(l), || psum(r));
    a + b
}

/// The serial twin of `psum`.
#[autodiff(reverse, d_psum_twin, Duplicated, Active)]
pub fn psum_twin(x: &[f64]) -> f64 {
    x.iter().map(|v| v.sin() * v).sum()
}

#[test]
fn recursive_parallel_sum_with_join() {
    // An odd length, so the halves differ in size at some levels.
    let x = random_vec(203, -2.0, 2.0, 61);
    scalar(&x, psum, d_psum, psum_fwd, d_psum_twin);
}

// ------------------------------------------------ sub-slices, nonlinear

/// `sum w_i x_i^2` over a slice.
#[autodiff(reverse, d_wsq, Duplicated, Const, Active)]
pub fn wsq(x: &[f64], w: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += w[i] * x[i] * x[i];
    }
    s
}

/// `sum cos(x_i)` over a slice.
#[autodiff(reverse, d_cossum, Duplicated, Active)]
pub fn cossum(x: &[f64]) -> f64 {
    x.iter().map(|v| v.cos()).sum()
}

/// Two tasks on `&x[..m]` and `&x[m..]`, results combined nonlinearly.
#[autodiff(reverse, d_halves, Duplicated, Active)]
#[autodiff(forward, halves_fwd, Dual, Dual)]
pub fn halves(x: &[f64]) -> f64 {
    let m = x.len() / 3;
    let w = vec![0.5; x.len()];
    let (a, b) = rayon::join(|| wsq(&x[..m], &w[..m]), || cossum(&x[m..]));
    a * b + a.sin()
}

/// The serial twin of `halves`.
#[autodiff(reverse, d_halves_twin, Duplicated, Active)]
pub fn halves_twin(x: &[f64]) -> f64 {
    let m = x.len() / 3;
    let mut a = 0.0;
    let mut b = 0.0;
    for i in 0..x.len() {
        if i < m {
            a += 0.5 * x[i] * x[i];
        } else {
            b += x[i].cos();
        }
    }
    a * b + a.sin()
}

#[test]
fn join_on_two_sub_slices() {
    let x = random_vec(31, -1.0, 1.0, 62);
    scalar(&x, halves, d_halves, halves_fwd, d_halves_twin);
}

/// Both tasks read all of `x`: their adjoints add into private shadows.
#[autodiff(reverse, d_both_read, Duplicated, Active)]
#[autodiff(forward, both_read_fwd, Dual, Dual)]
pub fn both_read(x: &[f64]) -> f64 {
    let (a, b) = rayon::join(|| cossum(x), || x.iter().map(|v| v * v * v).sum::<f64>());
    a / (1.0 + b * b)
}

/// The serial twin of `both_read`.
#[autodiff(reverse, d_both_read_twin, Duplicated, Active)]
pub fn both_read_twin(x: &[f64]) -> f64 {
    let mut a = 0.0;
    let mut b = 0.0;
    for i in 0..x.len() {
        a += x[i].cos();
        b += x[i] * x[i] * x[i];
    }
    a / (1.0 + b * b)
}

#[test]
fn join_whose_tasks_read_everything() {
    let x = random_vec(24, -1.0, 1.0, 63);
    scalar(&x, both_read, d_both_read, both_read_fwd, d_both_read_twin);
}

// ------------------------------------------------------- in place, mut

/// An element-wise nonlinear update of a slice, in place.
#[autodiff(reverse, d_bend, Duplicated, Const)]
pub fn bend(y: &mut [f64], k: f64) {
    for v in y.iter_mut() {
        *v = (*v * k).sin() + 0.5 * *v;
    }
}

/// The halves of `y` from `split_at_mut`, each bent by its own task.
#[autodiff(reverse, d_bend_halves, Duplicated, Const)]
#[autodiff(forward, bend_halves_fwd, Dual, Const)]
pub fn bend_halves(y: &mut [f64], k: f64) {
    let mid = y.len() / 2;
    let (l, r) = y.split_at_mut(mid);
    rayon::join(|| bend(l, k), || bend(r, 2.0 * k));
}

/// The serial twin of `bend_halves`.
#[autodiff(reverse, d_bend_halves_twin, Duplicated, Const)]
pub fn bend_halves_twin(y: &mut [f64], k: f64) {
    let mid = y.len() / 2;
    for i in 0..y.len() {
        let ki = if i < mid { k } else { 2.0 * k };
        y[i] = (y[i] * ki).sin() + 0.5 * y[i];
    }
}

/// The map `y0 -> y` of an in-place function of `y` with `k = 1.3`.
fn in_place_map(
    n: usize,
    f: fn(&mut [f64], f64),
    d_f: fn(&mut [f64], &mut [f64], f64),
    f_fwd: fn(&mut [f64], &mut [f64], f64),
    d_twin: fn(&mut [f64], &mut [f64], f64),
    seed: u64,
) {
    const K: f64 = 1.3;
    let x = random_vec(n, -1.0, 1.0, seed);
    let primal = |x: &[f64]| {
        let mut y = x.to_vec();
        f(&mut y, K);
        y
    };
    let rev = move |x: &[f64], dx: &mut [f64], w: &[f64]| {
        let mut y = x.to_vec();
        let mut dy = w.to_vec();
        d_f(&mut y, &mut dy, K);
        for i in 0..n {
            dx[i] += dy[i];
        }
        y
    };
    let fwd = |x: &[f64], t: &[f64]| {
        let (mut y, mut ty) = (x.to_vec(), t.to_vec());
        f_fwd(&mut y, &mut ty, K);
        (y, ty)
    };
    let twin = move |x: &[f64], dx: &mut [f64], w: &[f64]| {
        let mut y = x.to_vec();
        let mut dy = w.to_vec();
        d_twin(&mut y, &mut dy, K);
        for i in 0..n {
            dx[i] += dy[i];
        }
        y
    };
    map(&x, n, primal, rev, fwd, twin);
}

#[test]
fn join_on_split_at_mut_halves() {
    in_place_map(27, bend_halves, d_bend_halves, bend_halves_fwd, d_bend_halves_twin, 64);
}

// --------------------------------------------------------------- scope

/// One `spawn` per chunk of `y`, each bending its chunk with a factor that
/// depends on the chunk's position.
#[autodiff(reverse, d_scoped_rows, Duplicated, Const)]
#[autodiff(forward, scoped_rows_fwd, Dual, Const)]
pub fn scoped_rows(y: &mut [f64], k: f64) {
    rayon::scope(|s| {
        for (c, row) in y.chunks_mut(4).enumerate() {
            let kc = k * (1.0 + 0.1 * c as f64);
            s.spawn(move |_| {
                for v in row.iter_mut() {
                    *v = (*v * kc).sin() + 0.5 * *v;
                }
            });
        }
    });
}

/// The serial twin of `scoped_rows`.
#[autodiff(reverse, d_scoped_rows_twin, Duplicated, Const)]
pub fn scoped_rows_twin(y: &mut [f64], k: f64) {
    for i in 0..y.len() {
        let kc = k * (1.0 + 0.1 * (i / 4) as f64);
        y[i] = (y[i] * kc).sin() + 0.5 * y[i];
    }
}

#[test]
fn scope_with_one_spawn_per_chunk() {
    // 4 * 7 + 2: a short last chunk.
    in_place_map(30, scoped_rows, d_scoped_rows, scoped_rows_fwd, d_scoped_rows_twin, 65);
}

/// Two direct spawns on the halves of `split_at_mut`.
#[autodiff(reverse, d_scoped_pair, Duplicated, Const)]
#[autodiff(forward, scoped_pair_fwd, Dual, Const)]
pub fn scoped_pair(y: &mut [f64], k: f64) {
    let mid = y.len() / 2;
    let (l, r) = y.split_at_mut(mid);
    rayon::scope(|s| {
        s.spawn(|_| bend(l, k));
        s.spawn(|_| bend(r, 2.0 * k));
    });
}

#[test]
fn scope_with_two_spawns() {
    in_place_map(21, scoped_pair, d_scoped_pair, scoped_pair_fwd, d_bend_halves_twin, 66);
}

// ------------------------------------------------ join in a rayon loop

/// For each row of `a`, the product of a join's two halves: a join nested
/// in a parallel loop.
#[autodiff(reverse, d_row_joins, Duplicated, Active)]
#[autodiff(forward, row_joins_fwd, Dual, Dual)]
pub fn row_joins(a: &[f64]) -> f64 {
    a.par_chunks(6)
        .map(|row| {
            let (p, q) = rayon::join(|| cossum(&row[..3]), || cossum(&row[3..]));
            p * q
        })
        .sum()
}

/// The serial twin of `row_joins`.
#[autodiff(reverse, d_row_joins_twin, Duplicated, Active)]
pub fn row_joins_twin(a: &[f64]) -> f64 {
    let mut s = 0.0;
    for r in 0..a.len() / 6 {
        let mut p = 0.0;
        let mut q = 0.0;
        for j in 0..3 {
            p += a[6 * r + j].cos();
            q += a[6 * r + 3 + j].cos();
        }
        s += p * q;
    }
    s
}

#[test]
fn join_inside_a_parallel_loop() {
    let x = random_vec(6 * 9, -1.0, 1.0, 67);
    scalar(&x, row_joins, d_row_joins, row_joins_fwd, d_row_joins_twin);
}
