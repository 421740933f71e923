//! Rust's bounds on sub-slices. The derivatives index a sub-slice as an
//! offset into its buffer, so an index past the sub-slice's end but inside
//! the buffer would read a neighbour where the primal panics. Each function
//! here is run where it is in bounds (gradient against central differences
//! and forward mode) and where the primal panics: the reverse and the
//! forward derivative panic too, with the message of the check that failed.

use crate::support::{self, panic_message, TOL};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

const PAST_SLICE: &str = "index out of bounds: the index is past the end of the slice";
const PAST_ARRAY: &str = "index out of bounds: the index is past the end of the array";
const RANGE_END: &str = "range end index out of range for slice";
const RANGE_ORDER: &str = "slice index starts after it ends";

/// A segment of a row: `&row[j..j + 2]` of `row = &u[a..b]`.
#[autodiff(reverse, d_segment, Duplicated, Const, Const, Const, Active)]
#[autodiff(forward, segment_fwd, Dual, Const, Const, Const, Dual)]
pub fn segment(u: &[f64], a: usize, b: usize, j: usize) -> f64 {
    let row = &u[a..b];
    let seg = &row[j..j + 2];
    seg[0] * seg[1] + row[0].sin()
}

/// The first `k` elements of the row `u[a..b]`, read by index.
#[autodiff(reverse, d_head, Duplicated, Const, Const, Const, Active)]
#[autodiff(forward, head_fwd, Dual, Const, Const, Const, Dual)]
pub fn head(u: &[f64], a: usize, b: usize, k: usize) -> f64 {
    let row = &u[a..b];
    let mut s = 0.0;
    for i in 0..k {
        s += row[i] * row[i];
    }
    s
}

/// The first and third element of each chunk of three: the last chunk of
/// a slice whose length is not a multiple of three is shorter.
#[autodiff(reverse, d_thirds, Duplicated, Active)]
#[autodiff(forward, thirds_fwd, Dual, Dual)]
pub fn thirds(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for c in x.chunks(3) {
        s += c[0] * c[2];
    }
    s
}

/// Column `k` of rows of three, against column 0.
#[autodiff(reverse, d_column, Duplicated, Const, Active)]
#[autodiff(forward, column_fwd, Dual, Const, Dual)]
pub fn column(p: &[[f64; 3]], k: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..p.len() {
        s += p[i][k] * p[i][0];
    }
    s
}

/// The range `a..b` of each row of three.
#[autodiff(reverse, d_row_range, Duplicated, Const, Const, Active)]
#[autodiff(forward, row_range_fwd, Dual, Const, Const, Dual)]
pub fn row_range(p: &[[f64; 3]], a: usize, b: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..p.len() {
        for v in p[i][a..b].iter() {
            s += v * v;
        }
    }
    s
}

/// Pairs written by a rayon loop over chunks of two.
#[autodiff(reverse, d_pairs, Duplicated, Duplicated)]
#[autodiff(forward, pairs_fwd, Dual, Dual)]
pub fn pairs(x: &[f64], y: &mut [f64]) {
    y.par_chunks_mut(2).enumerate().for_each(|(i, c)| {
        c[0] = x[i].sin();
        c[1] = x[i].cos() * x[i];
    });
}

/// The primal panics, and both derivatives panic with a message that
/// starts with `message`.
fn panics_alike<P, R, F>(
    message: &str,
    primal: impl FnOnce() -> P + std::panic::UnwindSafe,
    rev: impl FnOnce() -> R + std::panic::UnwindSafe,
    fwd: impl FnOnce() -> F + std::panic::UnwindSafe,
) {
    panic_message(|| drop(primal()));
    for (mode, got) in [("reverse", panic_message(|| drop(rev()))), ("forward", panic_message(|| drop(fwd())))] {
        assert!(got.starts_with(message), "the {mode} derivative panicked with {got:?}, not {message:?}");
    }
}

#[test]
fn a_segment_of_a_row_is_checked_against_the_row() {
    let u = random_vec(8, -1.0, 1.0, 1601);
    let (a, b) = (2, 6);
    for j in 0..3 {
        support::scalar(
            &u,
            TOL,
            |u| segment(u, a, b, j),
            |u, du, s| d_segment(u, du, a, b, j, s),
            |u, t| segment_fwd(u, t, a, b, j),
        );
    }
    // `row[3..5]` of a row of four lies inside `u` (at `u[5..7]`).
    let j = 3;
    panics_alike(
        RANGE_END,
        || segment(&u, a, b, j),
        || d_segment(&u, &mut [0.0; 8], a, b, j, 1.0),
        || segment_fwd(&u, &u, a, b, j),
    );
}

#[test]
fn a_range_that_ends_before_it_starts_panics() {
    let u = random_vec(8, -1.0, 1.0, 1603);
    let (a, b) = (5, 3);
    panics_alike(
        RANGE_ORDER,
        || segment(&u, a, b, 0),
        || d_segment(&u, &mut [0.0; 8], a, b, 0, 1.0),
        || segment_fwd(&u, &u, a, b, 0),
    );
}

#[test]
fn an_index_past_a_rows_end_is_checked_against_the_row() {
    let u = random_vec(9, -1.0, 1.0, 1605);
    let (a, b) = (1, 5);
    for k in 0..=4 {
        support::scalar(
            &u,
            TOL,
            |u| head(u, a, b, k),
            |u, du, s| d_head(u, du, a, b, k, s),
            |u, t| head_fwd(u, t, a, b, k),
        );
    }
    // `row[4]` of a row of four is `u[5]`.
    let k = 5;
    panics_alike(
        PAST_SLICE,
        || head(&u, a, b, k),
        || d_head(&u, &mut [0.0; 9], a, b, k, 1.0),
        || head_fwd(&u, &u, a, b, k),
    );
}

/// Past a chunk that ends where its buffer does, the buffer's own check
/// panics (in a rayon loop, the check that an iteration keeps to its chunk).
const PAST_BUFFER: &str = "index out of bounds";
const PAST_CHUNK: &str =
    "a parallel iteration accessed element(s) 5..6 of a buffer, but its chunk owns only elements 4..5";

#[test]
fn the_short_last_chunk_is_checked() {
    let x = random_vec(9, -1.0, 1.0, 1607);
    support::slice_fn(&x, thirds, d_thirds, thirds_fwd);
    let x = random_vec(8, -1.0, 1.0, 1609);
    panics_alike(PAST_BUFFER, || thirds(&x), || d_thirds(&x, &mut [0.0; 8], 1.0), || thirds_fwd(&x, &x));
}

/// Rows of three from a flat vector.
fn rows(x: &[f64]) -> Vec<[f64; 3]> {
    x.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect()
}

/// `f` of rows, as a function of the flat vector, with its derivatives.
fn on_rows(
    x: &[f64],
    primal: impl Fn(&[[f64; 3]]) -> f64,
    rev: impl Fn(&[[f64; 3]], &mut [[f64; 3]], f64) -> f64,
    fwd: impl Fn(&[[f64; 3]], &[[f64; 3]]) -> (f64, f64),
) {
    support::scalar(
        x,
        TOL,
        |x| primal(&rows(x)),
        |x, dx, s| {
            let mut d = vec![[0.0; 3]; x.len() / 3];
            let value = rev(&rows(x), &mut d, s);
            dx.iter_mut().zip(d.as_flattened()).for_each(|(a, b)| *a += b);
            value
        },
        |x, t| fwd(&rows(x), &rows(t)),
    );
}

#[test]
fn an_index_past_a_row_of_an_array_buffer_panics() {
    let x = random_vec(12, -1.0, 1.0, 1611);
    for k in 0..3 {
        on_rows(&x, |p| column(p, k), |p, dp, s| d_column(p, dp, k, s), |p, t| column_fwd(p, t, k));
    }
    // `p[i][3]` is `p[i + 1][0]` in the flat buffer, but for the last row.
    let p = rows(&x);
    panics_alike(PAST_ARRAY, || column(&p, 3), || d_column(&p, &mut [[0.0; 3]; 4], 3, 1.0), || column_fwd(&p, &p, 3));
}

#[test]
fn a_range_past_a_row_of_an_array_buffer_panics() {
    let x = random_vec(12, -1.0, 1.0, 1613);
    for (a, b) in [(0, 3), (1, 3), (2, 2)] {
        on_rows(&x, |p| row_range(p, a, b), |p, dp, s| d_row_range(p, dp, a, b, s), |p, t| row_range_fwd(p, t, a, b));
    }
    let p = rows(&x);
    panics_alike(
        RANGE_END,
        || row_range(&p, 1, 4),
        || d_row_range(&p, &mut [[0.0; 3]; 4], 1, 4, 1.0),
        || row_range_fwd(&p, &p, 1, 4),
    );
}

#[test]
fn the_short_last_chunk_of_a_rayon_loop_is_checked() {
    let x = random_vec(3, -1.0, 1.0, 1615);
    support::map(
        &x,
        6,
        TOL,
        1617,
        |x| {
            let mut y = vec![0.0; 6];
            pairs(x, &mut y);
            y
        },
        |x, dx, w| {
            let (mut y, mut dy) = (vec![0.0; 6], w.to_vec());
            d_pairs(x, dx, &mut y, &mut dy);
            y
        },
        |x, t| {
            let (mut y, mut ty) = (vec![0.0; 6], vec![0.0; 6]);
            pairs_fwd(x, t, &mut y, &mut ty);
            (y, ty)
        },
    );
    // Five elements: the last chunk has one.
    panics_alike(
        PAST_CHUNK,
        || pairs(&x, &mut [0.0; 5]),
        || d_pairs(&x, &mut [0.0; 3], &mut [0.0; 5], &mut [1.0; 5]),
        || pairs_fwd(&x, &x, &mut [0.0; 5], &mut [0.0; 5]),
    );
}
