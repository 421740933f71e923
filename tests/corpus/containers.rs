//! Parameters `&Vec<F>`, `&mut Vec<F>`, `&[F; N]`; locals `Vec<F>` (from
//! `vec![x; n]`, `to_vec()`, `clone()`, `Vec::with_capacity` + `push`) and
//! arrays `[F; N]`; a double buffer of two Vecs swapped by `std::mem::swap`.

use crate::support::{self, assert_all_close, TOL};
use parad::autodiff;
use parad::check::random_vec;

/// A `&Vec<f64>` parameter: the Euclidean norm.
#[autodiff(reverse, d_vec_norm, Duplicated, Active)]
#[autodiff(forward, vec_norm_fwd, Dual, Dual)]
pub fn vec_norm(x: &Vec<f64>) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += x[i] * x[i];
    }
    s.sqrt()
}

/// A `&mut Vec<f64>` parameter normalised in place.
#[autodiff(reverse, d_normalize, Duplicated)]
#[autodiff(forward, normalize_fwd, Dual)]
pub fn normalize(v: &mut Vec<f64>) {
    let norm = v.iter().map(|a| a * a).sum::<f64>().sqrt();
    for a in v.iter_mut() {
        *a /= norm;
    }
}

/// A `&[f64; 6]` parameter: the (smoothed) area of a triangle, with local arrays.
#[autodiff(reverse, d_triangle_area, Duplicated, Active)]
#[autodiff(forward, triangle_area_fwd, Dual, Dual)]
pub fn triangle_area(p: &[f64; 6]) -> f64 {
    let u = [p[2] - p[0], p[3] - p[1]];
    let v = [p[4] - p[0], p[5] - p[1]];
    let cross = u[0] * v[1] - u[1] * v[0];
    0.5 * (cross * cross + 1e-2).sqrt()
}

/// Local arrays `[f64; 3]`: zero-initialised and accumulated into, literal,
/// built from expressions, iterated.
#[autodiff(reverse, d_local_arrays, Duplicated, Active)]
#[autodiff(forward, local_arrays_fwd, Dual, Dual)]
pub fn local_arrays(x: &[f64]) -> f64 {
    let mut acc = [0.0; 3];
    for i in 0..x.len() {
        acc[i % 3] += x[i] * x[i];
    }
    let w = [1.0, 2.0, 3.0];
    let scaled = [acc[0] * w[0], acc[1] * w[1], acc[2].sqrt() * w[2]];
    let mut s = 0.0;
    for v in scaled.iter() {
        s += v.sin();
    }
    s
}

/// `vec![x; n]` from an Active scalar.
#[autodiff(reverse, d_vec_fill, Active, Const, Active)]
#[autodiff(forward, vec_fill_fwd, Dual, Const, Dual)]
pub fn vec_fill(x: f64, n: usize) -> f64 {
    let mut v = vec![x; n];
    for i in 1..n {
        v[i] = v[i - 1] * x + v[i];
    }
    v[n - 1]
}

/// `vec!` by its path in std, as generated code writes it.
#[autodiff(reverse, d_std_vec, Active, Active)]
#[autodiff(forward, std_vec_fwd, Dual, Dual)]
pub fn std_vec(x: f64) -> f64 {
    let mut v = ::std::vec![x; 3];
    let w = std::vec![x * x, 2.0];
    v[1] *= w[0] + w[1];
    v[0] * v[1] + v[2].sin()
}

/// `to_vec()` and `clone()`: a clone keeps the values from before later writes.
#[autodiff(reverse, d_to_vec_clone, Duplicated, Active)]
#[autodiff(forward, to_vec_clone_fwd, Dual, Dual)]
pub fn to_vec_clone(x: &[f64]) -> f64 {
    let mut a = x.to_vec();
    let b = a.clone();
    for i in 0..a.len() {
        a[i] = a[i] * b[(i + 1) % b.len()];
    }
    let c = a.clone();
    a[0] = 0.0;
    c.iter().zip(a.iter()).map(|(p, q)| p * q + p).sum()
}

/// `Vec::with_capacity` and `push`: the cubes of successive differences.
#[autodiff(reverse, d_differences, Duplicated, Active)]
#[autodiff(forward, differences_fwd, Dual, Dual)]
pub fn differences(x: &[f64]) -> f64 {
    let mut d: Vec<f64> = Vec::with_capacity(x.len() - 1);
    for i in 1..x.len() {
        d.push(x[i] - x[i - 1]);
    }
    let mut s = 0.0;
    for v in d.iter() {
        s += v * v * v;
    }
    s
}

/// `is_empty()` on a sub-slice and on a vector being filled: the squares
/// of the tail after `skip`, or of the first element when the tail is
/// empty; the first kept value is weighted apart.
#[autodiff(reverse, d_tail_squares, Duplicated, Const, Active)]
#[autodiff(forward, tail_squares_fwd, Dual, Const, Dual)]
pub fn tail_squares(x: &[f64], skip: usize) -> f64 {
    let tail = &x[skip..];
    if tail.is_empty() {
        return x[0] * x[0];
    }
    let mut kept: Vec<f64> = Vec::new();
    let mut s = 0.0;
    for i in 0..tail.len() {
        if kept.is_empty() {
            s += 3.0 * tail[i].sin();
        }
        kept.push(tail[i] * tail[i]);
    }
    for v in kept.iter() {
        s += v;
    }
    s
}

/// Five smoothing passes on a periodic signal with a double buffer swapped
/// by `std::mem::swap`, copied into `out`.
#[autodiff(reverse, d_smooth_repeatedly, Duplicated, Duplicated)]
#[autodiff(forward, smooth_repeatedly_fwd, Dual, Dual)]
pub fn smooth_repeatedly(x: &[f64], out: &mut [f64]) {
    let n = x.len();
    let mut a = x.to_vec();
    let mut b = vec![0.0; n];
    for _ in 0..5 {
        for i in 0..n {
            let left = a[(i + n - 1) % n];
            let right = a[(i + 1) % n];
            b[i] = 0.25 * left + 0.5 * a[i] + 0.25 * right + 0.1 * a[i].sin();
        }
        std::mem::swap(&mut a, &mut b);
    }
    for i in 0..n {
        out[i] = a[i];
    }
}

#[test]
fn vec_ref_parameter() {
    let n = 6;
    let x = random_vec(n, -1.0, 1.0, 801);
    support::scalar(
        &x,
        TOL,
        |x| vec_norm(&x.to_vec()),
        |x, dx, seed| {
            let v = x.to_vec();
            let mut dv = vec![0.0; n];
            let y = d_vec_norm(&v, &mut dv, seed);
            for (d, g) in dx.iter_mut().zip(&dv) {
                *d += g;
            }
            y
        },
        |x, t| vec_norm_fwd(&x.to_vec(), &t.to_vec()),
    );
}

#[test]
fn mut_vec_parameter_in_place() {
    let n = 5;
    let x = random_vec(n, -1.0, 1.0, 802);
    support::map(
        &x,
        n,
        TOL,
        803,
        |x| {
            let mut v = x.to_vec();
            normalize(&mut v);
            v
        },
        |x, dx, w| {
            let mut v = x.to_vec();
            let mut dv = w.to_vec();
            d_normalize(&mut v, &mut dv);
            assert_eq!(dv.len(), n, "the shadow keeps its length");
            for (d, g) in dx.iter_mut().zip(&dv) {
                *d += g;
            }
            v
        },
        |x, t| {
            let mut v = x.to_vec();
            let mut tv = t.to_vec();
            normalize_fwd(&mut v, &mut tv);
            (v, tv)
        },
    );
    // The output has unit norm whatever the input, so its tangent along the
    // input is zero.
    let mut v = x.clone();
    let mut tv = x.clone();
    normalize_fwd(&mut v, &mut tv);
    assert_all_close("tangent along x", &tv, &[0.0; 5], 1e-14);
}

#[test]
fn array_parameter() {
    let x = random_vec(6, -1.0, 1.0, 804);
    let arr = |x: &[f64]| -> [f64; 6] { x.try_into().unwrap() };
    support::scalar(
        &x,
        TOL,
        |x| triangle_area(&arr(x)),
        |x, dx, seed| {
            let mut dp = [0.0; 6];
            let y = d_triangle_area(&arr(x), &mut dp, seed);
            for (d, g) in dx.iter_mut().zip(&dp) {
                *d += g;
            }
            y
        },
        |x, t| triangle_area_fwd(&arr(x), &arr(t)),
    );
}

#[test]
fn local_arrays_of_floats() {
    support::slice_fn(&random_vec(8, 0.5, 1.5, 805), local_arrays, d_local_arrays, local_arrays_fwd);
}

#[test]
fn vec_macro_from_active_scalar() {
    let x = random_vec(1, 0.5, 1.2, 806);
    for n in [1, 2, 6] {
        support::scalar(
            &x,
            TOL,
            |x| vec_fill(x[0], n),
            |x, dx, seed| {
                let (v, g) = d_vec_fill(x[0], n, seed);
                dx[0] += g;
                v
            },
            |x, t| vec_fill_fwd(x[0], t[0], n),
        );
    }
}

#[test]
fn vec_macro_by_its_std_path() {
    support::scalar(
        &random_vec(1, 0.5, 1.2, 808),
        TOL,
        |x| std_vec(x[0]),
        |x, dx, seed| {
            let (v, g) = d_std_vec(x[0], seed);
            dx[0] += g;
            v
        },
        |x, t| std_vec_fwd(x[0], t[0]),
    );
}

#[test]
fn to_vec_and_clone() {
    support::slice_fn(&random_vec(6, -1.0, 1.0, 807), to_vec_clone, d_to_vec_clone, to_vec_clone_fwd);
}

#[test]
fn with_capacity_and_push() {
    support::slice_fn(&random_vec(7, -1.0, 1.0, 808), differences, d_differences, differences_fwd);
}

#[test]
fn is_empty_on_a_slice_and_a_vector() {
    let x = random_vec(6, -1.0, 1.0, 811);
    for skip in [2, 6] {
        support::scalar(
            &x,
            TOL,
            |x| tail_squares(x, skip),
            |x, dx, s| d_tail_squares(x, dx, skip, s),
            |x, t| tail_squares_fwd(x, t, skip),
        );
    }
}

#[test]
fn double_buffer_mem_swap() {
    let n = 7;
    let x = random_vec(n, -1.0, 1.0, 809);
    support::map(
        &x,
        n,
        TOL,
        810,
        |x| {
            let mut out = vec![0.0; n];
            smooth_repeatedly(x, &mut out);
            out
        },
        |x, dx, w| {
            let mut out = vec![0.0; n];
            let mut dout = w.to_vec();
            d_smooth_repeatedly(x, dx, &mut out, &mut dout);
            out
        },
        |x, t| {
            let mut out = vec![0.0; n];
            let mut tout = vec![0.0; n];
            smooth_repeatedly_fwd(x, t, &mut out, &mut tout);
            (out, tout)
        },
    );
}

/// `first()` and `last()` taken out of their `Option` at once: with
/// `.copied()`, `.cloned()` or a `*`, by `unwrap()` or `unwrap_or(d)`, of a
/// parameter and of a local `Vec`.
#[autodiff(reverse, d_ends, Duplicated, Active)]
#[autodiff(forward, ends_fwd, Dual, Dual)]
pub fn ends(x: &[f64]) -> f64 {
    let first = x.first().copied().unwrap_or(0.0);
    let last = *x.last().unwrap();
    let squares: Vec<f64> = x.iter().map(|v| v * v).collect();
    let top = squares.last().cloned().unwrap();
    first * last + top.sin() + squares.first().copied().unwrap_or(2.0).sqrt()
}

/// `unwrap_or`'s default where the buffer is empty.
#[autodiff(reverse, d_first_or, Duplicated, Active, Active)]
pub fn first_or(x: &[f64], d: f64) -> f64 {
    x.first().copied().unwrap_or(d) * d
}

#[test]
fn first_and_last_elements() {
    support::slice_fn(&random_vec(5, 0.5, 1.5, 811), ends, d_ends, ends_fwd);
}

#[test]
fn first_of_an_empty_buffer_takes_the_default() {
    let d = random_vec(1, 0.5, 1.5, 812)[0];
    let (value, dd) = d_first_or(&[], &mut [], d, 1.0);
    support::assert_close("value", value, d * d, TOL);
    support::assert_close("d/dd", dd, 2.0 * d, TOL);
    let x = random_vec(3, 0.5, 1.5, 813);
    let mut dx = vec![0.0; 3];
    let (value, dd) = d_first_or(&x, &mut dx, d, 1.0);
    support::assert_close("value", value, x[0] * d, TOL);
    support::assert_all_close("dx", &dx, &[d, 0.0, 0.0], TOL);
    support::assert_close("d/dd", dd, x[0], TOL);
}

#[autodiff]
pub fn weighted(a: &[f64], w: &[f64], b: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..b {
        s += a[i] * w[i];
    }
    s
}

/// A slice variable rebound to later ranges of its buffer in a loop (the
/// LSTM objective's `input = ygold;`), passed to a helper and indexed.
#[autodiff(reverse, d_sliding, Duplicated, Duplicated, Const, Active)]
#[autodiff(forward, sliding_fwd, Dual, Dual, Const, Dual)]
pub fn sliding(seq: &[f64], w: &[f64], b: usize) -> f64 {
    let mut total = 0.0;
    let mut input = &seq[..b];
    for j in 0..seq.len() / b - 1 {
        total += weighted(input, w, b).sin();
        let next = &seq[(j + 1) * b..];
        for i in 0..b {
            total += next[i] * input[i] * w[i];
        }
        input = next;
        if j % 2 == 1 {
            input = &seq[j * b + 1..(j + 1) * b + 1];
        }
    }
    total + input[b - 1]
}

#[test]
fn a_slice_variable_rebound_in_a_loop() {
    for (seed, b, c) in [(0, 1, 2), (1, 3, 4), (2, 4, 6)] {
        let x = random_vec(b * c + b, -1.0, 1.0, 700 + seed);
        let m = b * c;
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| sliding(&x[..m], &x[m..], b),
            |x, dx, w| {
                let (mut ds, mut dw) = (vec![0.0; m], vec![0.0; b]);
                let y = d_sliding(&x[..m], &mut ds, &x[m..], &mut dw, b, w);
                dx.iter_mut().zip(ds.into_iter().chain(dw)).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| sliding_fwd(&x[..m], &v[..m], &x[m..], &v[m..], b),
        );
    }
}
