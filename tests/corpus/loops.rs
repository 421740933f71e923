//! `for` loops: over ranges (also `.rev()` and `.step_by(k)`), nested loops
//! (matrix-vector and matrix-matrix products), and over `iter()`, `iter_mut()`,
//! `enumerate()`, `zip()`, `chunks()`, `chunks_mut()`, `windows()`. Also the
//! required loop programs: Horner's polynomial, an in-place prefix sum, an
//! insertion sort with data-dependent swaps, and a 1D explicit heat equation
//! over 100 steps with two Vecs swapped by `std::mem::swap` each step.
//! Loops whose counters are signed (`i32`, `i64`), which the tape indexes
//! through a cast, also stepped and reversed.

use crate::support::{self, assert_all_close, cat, TOL};
use parad::autodiff;
use parad::check::random_vec;

/// Matrix-vector product `y = A x`, `A` row-major with `x.len()` columns.
#[autodiff(reverse, d_matvec, Duplicated, Duplicated, Duplicated)]
#[autodiff(forward, matvec_fwd, Dual, Dual, Dual)]
pub fn matvec(a: &[f64], x: &[f64], y: &mut [f64]) {
    let cols = x.len();
    for i in 0..y.len() {
        let mut s = 0.0;
        for j in 0..cols {
            s += a[i * cols + j] * x[j];
        }
        y[i] = s;
    }
}

/// Matrix-matrix product `C = A B` with `A` n x k, `B` k x m, all row-major.
#[autodiff(reverse, d_matmul, Duplicated, Duplicated, Duplicated, Const, Const, Const)]
#[autodiff(forward, matmul_fwd, Dual, Dual, Dual, Const, Const, Const)]
pub fn matmul(a: &[f64], b: &[f64], c: &mut [f64], n: usize, k: usize, m: usize) {
    for i in 0..n {
        for j in 0..m {
            c[i * m + j] = 0.0;
            for l in 0..k {
                c[i * m + j] += a[i * k + l] * b[l * m + j];
            }
        }
    }
}

/// Horner's scheme, `coeffs[0] + coeffs[1] t + ...`, over a reversed range.
#[autodiff(reverse, d_horner, Duplicated, Active, Active)]
#[autodiff(forward, horner_fwd, Dual, Dual, Dual)]
pub fn horner(coeffs: &[f64], t: f64) -> f64 {
    let mut acc = 0.0;
    for i in (0..coeffs.len()).rev() {
        acc = acc * t + coeffs[i];
    }
    acc
}

/// Ranges with `.step_by(k)`, also after `.rev()`.
#[autodiff(reverse, d_strided, Duplicated, Active)]
#[autodiff(forward, strided_fwd, Dual, Dual)]
pub fn strided(x: &[f64]) -> f64 {
    let n = x.len();
    let mut even = 0.0;
    for i in (0..n).step_by(2) {
        even += x[i] * x[i];
    }
    let mut back = 1.0;
    for i in (0..n).rev().step_by(3) {
        back = back * x[i] + 1.0;
    }
    let mut odd = 0.0;
    for i in (1..n).step_by(2) {
        odd += (x[i] * back).sin();
    }
    even + back + odd
}

/// In-place prefix sum (required): `x` is both input and output.
#[autodiff(reverse, d_prefix_sum, Duplicated)]
#[autodiff(forward, prefix_sum_fwd, Dual)]
pub fn prefix_sum(x: &mut [f64]) {
    for i in 1..x.len() {
        x[i] += x[i - 1];
    }
}

/// 1D explicit heat equation, 100 steps, fixed ends, double buffer swapped by
/// `std::mem::swap` (required); returns the mean square of the final state.
#[autodiff(reverse, d_heat_equation, Duplicated, Active, Active)]
#[autodiff(forward, heat_equation_fwd, Dual, Dual, Dual)]
pub fn heat_equation(u0: &[f64], alpha: f64) -> f64 {
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = vec![0.0; n];
    for _ in 0..100 {
        next[0] = u[0];
        next[n - 1] = u[n - 1];
        for i in 1..n - 1 {
            next[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
        }
        std::mem::swap(&mut u, &mut next);
    }
    u.iter().map(|v| v * v).sum::<f64>() / n as f64
}

/// Insertion sort in place, by data-dependent swaps of neighbours.
#[autodiff(reverse, d_insertion_sort, Duplicated)]
#[autodiff(forward, insertion_sort_fwd, Dual)]
pub fn insertion_sort(v: &mut [f64]) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && v[j - 1] > v[j] {
            let t = v[j - 1];
            v[j - 1] = v[j];
            v[j] = t;
            j -= 1;
        }
    }
}

/// A copy of `x` sorted by `insertion_sort`, then weighted by `w` (required).
#[autodiff(reverse, d_sorted_weighted_sum, Duplicated, Duplicated, Active)]
#[autodiff(forward, sorted_weighted_sum_fwd, Dual, Dual, Dual)]
pub fn sorted_weighted_sum(x: &[f64], w: &[f64]) -> f64 {
    let mut v = x.to_vec();
    insertion_sort(&mut v);
    let mut s = 0.0;
    for i in 0..v.len() {
        s += w[i] * v[i];
    }
    s
}

/// `for v in x.iter()`.
#[autodiff(reverse, d_for_iter, Duplicated, Active)]
#[autodiff(forward, for_iter_fwd, Dual, Dual)]
pub fn for_iter(x: &[f64]) -> f64 {
    let mut s = 0.0;
    let mut p = 1.0;
    for v in x.iter() {
        s += v.cos();
        p *= 1.0 + 0.1 * v;
    }
    s * p
}

/// `for v in x.iter_mut()`, in place, with an Active scalar and no return value:
/// the reverse derivative returns `d/da` alone.
#[autodiff(reverse, d_scale_in_place, Duplicated, Active)]
#[autodiff(forward, scale_in_place_fwd, Dual, Dual)]
pub fn scale_in_place(x: &mut [f64], a: f64) {
    for v in x.iter_mut() {
        *v = a * *v + v.sin();
    }
}

/// `for (i, v) in x.iter().enumerate()`.
#[autodiff(reverse, d_for_enumerate, Duplicated, Active)]
#[autodiff(forward, for_enumerate_fwd, Dual, Dual)]
pub fn for_enumerate(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for (i, v) in x.iter().enumerate() {
        s += (i as f64 + 1.0) * v * v - v / (i + 2) as f64;
    }
    s
}

/// `for ((o, x), y) in out.iter_mut().zip(a.iter()).zip(b.iter())`.
#[autodiff(reverse, d_for_zip, Duplicated, Duplicated, Duplicated)]
#[autodiff(forward, for_zip_fwd, Dual, Dual, Dual)]
pub fn for_zip(a: &[f64], b: &[f64], out: &mut [f64]) {
    for ((o, x), y) in out.iter_mut().zip(a.iter()).zip(b.iter()) {
        *o = x * y + (x - y).exp();
    }
}

/// `for c in x.chunks(3)`, the last chunk shorter.
#[autodiff(reverse, d_for_chunks, Duplicated, Active)]
#[autodiff(forward, for_chunks_fwd, Dual, Dual)]
pub fn for_chunks(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for c in x.chunks(3) {
        let mut p = 1.0;
        for j in 0..c.len() {
            p *= c[j];
        }
        s += p / c.len() as f64;
    }
    s
}

/// `for (i, c) in out.chunks_mut(2).enumerate()`: polar to Cartesian coordinates.
#[autodiff(reverse, d_polar_to_cartesian, Duplicated, Duplicated, Duplicated)]
#[autodiff(forward, polar_to_cartesian_fwd, Dual, Dual, Dual)]
pub fn polar_to_cartesian(r: &[f64], theta: &[f64], out: &mut [f64]) {
    for (i, c) in out.chunks_mut(2).enumerate() {
        c[0] = r[i] * theta[i].cos();
        c[1] = r[i] * theta[i].sin();
    }
}

/// `for w in x.windows(3)`.
#[autodiff(reverse, d_for_windows, Duplicated, Active)]
#[autodiff(forward, for_windows_fwd, Dual, Dual)]
pub fn for_windows(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for w in x.windows(3) {
        s += (w[0] - 2.0 * w[1] + w[2]).powi(2) + w[1] * w[0];
    }
    s
}

#[test]
fn matrix_vector_product_nested_loops() {
    let (rows, cols) = (4, 3);
    let x = cat(&[&random_vec(rows * cols, -1.0, 1.0, 301), &random_vec(cols, -1.0, 1.0, 302)]);
    let na = rows * cols;
    support::map(
        &x,
        rows,
        TOL,
        303,
        |x| {
            let mut y = vec![0.0; rows];
            matvec(&x[..na], &x[na..], &mut y);
            y
        },
        |x, dx, w| {
            let (da, dv) = dx.split_at_mut(na);
            let mut y = vec![0.0; rows];
            let mut dy = w.to_vec();
            d_matvec(&x[..na], da, &x[na..], dv, &mut y, &mut dy);
            y
        },
        |x, t| {
            let mut y = vec![0.0; rows];
            let mut ty = vec![0.0; rows];
            matvec_fwd(&x[..na], &t[..na], &x[na..], &t[na..], &mut y, &mut ty);
            (y, ty)
        },
    );
}

#[test]
fn matrix_matrix_product_nested_loops() {
    let (n, k, m) = (3, 4, 2);
    let (na, nb) = (n * k, k * m);
    let x = cat(&[&random_vec(na, -1.0, 1.0, 304), &random_vec(nb, -1.0, 1.0, 305)]);
    support::map(
        &x,
        n * m,
        TOL,
        306,
        |x| {
            let mut c = vec![0.0; n * m];
            matmul(&x[..na], &x[na..], &mut c, n, k, m);
            c
        },
        |x, dx, w| {
            let (da, db) = dx.split_at_mut(na);
            let mut c = vec![0.0; n * m];
            let mut dc = w.to_vec();
            d_matmul(&x[..na], da, &x[na..], db, &mut c, &mut dc, n, k, m);
            c
        },
        |x, t| {
            let mut c = vec![0.0; n * m];
            let mut tc = vec![0.0; n * m];
            matmul_fwd(&x[..na], &t[..na], &x[na..], &t[na..], &mut c, &mut tc, n, k, m);
            (c, tc)
        },
    );
}

#[test]
fn horner_polynomial_reversed_range() {
    let n = 7;
    let x = cat(&[&random_vec(n, -1.0, 1.0, 307), &random_vec(1, -1.5, 1.5, 308)]);
    support::scalar(
        &x,
        TOL,
        |x| horner(&x[..n], x[n]),
        |x, dx, seed| {
            let (dc, dt) = dx.split_at_mut(n);
            let (v, g) = d_horner(&x[..n], dc, x[n], seed);
            dt[0] += g;
            v
        },
        |x, t| horner_fwd(&x[..n], &t[..n], x[n], t[n]),
    );
    // d/dcoeffs[i] = t^i.
    let t = x[n];
    let mut dc = vec![0.0; n];
    d_horner(&x[..n], &mut dc, t, 1.0);
    let want: Vec<f64> = (0..n).map(|i| t.powi(i as i32)).collect();
    assert_all_close("d/dcoeffs", &dc, &want, 1e-13);
}

#[test]
fn range_rev_and_step_by() {
    for (n, seed) in [(9, 309), (10, 310)] {
        let x = random_vec(n, -1.0, 1.0, seed);
        support::slice_fn(&x, strided, d_strided, strided_fwd);
    }
}

#[test]
fn prefix_sum_in_place() {
    let n = 8;
    let x = random_vec(n, -1.0, 1.0, 311);
    support::map(
        &x,
        n,
        TOL,
        312,
        |x| {
            let mut v = x.to_vec();
            prefix_sum(&mut v);
            v
        },
        |x, dx, w| {
            // The shadow holds the seed of the final value on entry and the
            // adjoint of the initial value on return.
            let mut v = x.to_vec();
            let mut dv = w.to_vec();
            d_prefix_sum(&mut v, &mut dv);
            for (d, g) in dx.iter_mut().zip(&dv) {
                *d += g;
            }
            v
        },
        |x, t| {
            let mut v = x.to_vec();
            let mut tv = t.to_vec();
            prefix_sum_fwd(&mut v, &mut tv);
            (v, tv)
        },
    );
    // The adjoint of a prefix sum is a suffix sum of the seed.
    let w = random_vec(n, -1.0, 1.0, 313);
    let mut v = x.clone();
    let mut dv = w.clone();
    d_prefix_sum(&mut v, &mut dv);
    let want: Vec<f64> = (0..n).map(|i| w[i..].iter().sum()).collect();
    assert_all_close("suffix sums", &dv, &want, 1e-14);
}

#[test]
fn heat_equation_100_steps_double_buffer() {
    let n = 16;
    let x = cat(&[&random_vec(n, -1.0, 1.0, 314), &random_vec(1, 0.1, 0.4, 315)]);
    support::scalar(
        &x,
        TOL,
        |x| heat_equation(&x[..n], x[n]),
        |x, dx, seed| {
            let (du, da) = dx.split_at_mut(n);
            let (v, g) = d_heat_equation(&x[..n], du, x[n], seed);
            da[0] += g;
            v
        },
        |x, t| heat_equation_fwd(&x[..n], &t[..n], x[n], t[n]),
    );
}

#[test]
fn insertion_sort_in_place() {
    let n = 8;
    // Distinct values, so that the order is stable under small perturbations.
    let x = random_vec(n, -1.0, 1.0, 316);
    support::map(
        &x,
        n,
        TOL,
        317,
        |x| {
            let mut v = x.to_vec();
            insertion_sort(&mut v);
            v
        },
        |x, dx, w| {
            let mut v = x.to_vec();
            let mut dv = w.to_vec();
            d_insertion_sort(&mut v, &mut dv);
            for (d, g) in dx.iter_mut().zip(&dv) {
                *d += g;
            }
            v
        },
        |x, t| {
            let mut v = x.to_vec();
            let mut tv = t.to_vec();
            insertion_sort_fwd(&mut v, &mut tv);
            (v, tv)
        },
    );
}

#[test]
fn insertion_sort_then_weighted_sum() {
    let n = 8;
    let x = cat(&[&random_vec(n, -1.0, 1.0, 318), &random_vec(n, -1.0, 1.0, 319)]);
    support::scalar(
        &x,
        TOL,
        |x| sorted_weighted_sum(&x[..n], &x[n..]),
        |x, dx, seed| {
            let (dv, dw) = dx.split_at_mut(n);
            d_sorted_weighted_sum(&x[..n], dv, &x[n..], dw, seed)
        },
        |x, t| sorted_weighted_sum_fwd(&x[..n], &t[..n], &x[n..], &t[n..]),
    );
    // d/dx[i] is the weight of the rank of x[i].
    let (v, w) = (&x[..n], &x[n..]);
    let mut dv = vec![0.0; n];
    let mut dw = vec![0.0; n];
    d_sorted_weighted_sum(v, &mut dv, w, &mut dw, 1.0);
    let want: Vec<f64> = v.iter().map(|a| w[v.iter().filter(|b| *b < a).count()]).collect();
    assert_all_close("d/dx", &dv, &want, 1e-15);
}

#[test]
fn for_over_iter() {
    support::slice_fn(&random_vec(7, -1.0, 1.0, 320), for_iter, d_for_iter, for_iter_fwd);
}

#[test]
fn for_over_iter_mut_in_place_with_active_scalar() {
    let n = 6;
    let x = cat(&[&random_vec(n, -1.0, 1.0, 321), &random_vec(1, 0.5, 1.5, 322)]);
    support::map(
        &x,
        n,
        TOL,
        323,
        |x| {
            let mut v = x[..n].to_vec();
            scale_in_place(&mut v, x[n]);
            v
        },
        |x, dx, w| {
            let mut v = x[..n].to_vec();
            let mut dv = w.to_vec();
            let da: f64 = d_scale_in_place(&mut v, &mut dv, x[n]);
            for (d, g) in dx.iter_mut().zip(&dv) {
                *d += g;
            }
            dx[n] += da;
            v
        },
        |x, t| {
            let mut v = x[..n].to_vec();
            let mut tv = t[..n].to_vec();
            scale_in_place_fwd(&mut v, &mut tv, x[n], t[n]);
            (v, tv)
        },
    );
}

#[test]
fn for_over_enumerate() {
    support::slice_fn(&random_vec(7, -1.0, 1.0, 324), for_enumerate, d_for_enumerate, for_enumerate_fwd);
}

#[test]
fn for_over_zip() {
    let n = 5;
    let x = cat(&[&random_vec(n, -1.0, 1.0, 325), &random_vec(n, -1.0, 1.0, 326)]);
    support::map(
        &x,
        n,
        TOL,
        327,
        |x| {
            let mut out = vec![0.0; n];
            for_zip(&x[..n], &x[n..], &mut out);
            out
        },
        |x, dx, w| {
            let (da, db) = dx.split_at_mut(n);
            let mut out = vec![0.0; n];
            let mut dout = w.to_vec();
            d_for_zip(&x[..n], da, &x[n..], db, &mut out, &mut dout);
            out
        },
        |x, t| {
            let mut out = vec![0.0; n];
            let mut tout = vec![0.0; n];
            for_zip_fwd(&x[..n], &t[..n], &x[n..], &t[n..], &mut out, &mut tout);
            (out, tout)
        },
    );
}

#[test]
fn for_over_chunks() {
    support::slice_fn(&random_vec(8, 0.5, 1.5, 328), for_chunks, d_for_chunks, for_chunks_fwd);
}

#[test]
fn for_over_chunks_mut() {
    let n = 4;
    let x = cat(&[&random_vec(n, 0.5, 2.0, 329), &random_vec(n, -3.0, 3.0, 330)]);
    support::map(
        &x,
        2 * n,
        TOL,
        331,
        |x| {
            let mut out = vec![0.0; 2 * n];
            polar_to_cartesian(&x[..n], &x[n..], &mut out);
            out
        },
        |x, dx, w| {
            let (dr, dt) = dx.split_at_mut(n);
            let mut out = vec![0.0; 2 * n];
            let mut dout = w.to_vec();
            d_polar_to_cartesian(&x[..n], dr, &x[n..], dt, &mut out, &mut dout);
            out
        },
        |x, t| {
            let mut out = vec![0.0; 2 * n];
            let mut tout = vec![0.0; 2 * n];
            polar_to_cartesian_fwd(&x[..n], &t[..n], &x[n..], &t[n..], &mut out, &mut tout);
            (out, tout)
        },
    );
}

#[test]
fn for_over_windows() {
    support::slice_fn(&random_vec(7, -1.0, 1.0, 332), for_windows, d_for_windows, for_windows_fwd);
}

/// A loop over `-n..n` (`i32`) that overwrites elements under a condition:
/// the saved values are indexed by the signed counter.
#[autodiff(reverse, d_symmetric_sweep, Duplicated, Active)]
#[autodiff(forward, symmetric_sweep_fwd, Dual, Dual)]
pub fn symmetric_sweep(x: &mut [f64]) -> f64 {
    let n = x.len() as i32;
    let mut s = 0.0;
    for i in -n..n {
        let k = i.unsigned_abs() as usize % x.len();
        if x[k] > 0.0 {
            x[k] = x[k] * x[k] + 0.1 * i as f64;
        }
        s += x[k] * i as f64;
    }
    s
}

/// Loops over `0..m` and `(1..m).step_by(2)` with `m: i64`, the second
/// reversed in the adjoint.
#[autodiff(reverse, d_signed_steps, Duplicated, Const, Active)]
#[autodiff(forward, signed_steps_fwd, Dual, Const, Dual)]
pub fn signed_steps(x: &[f64], m: i64) -> f64 {
    let mut s = 0.0;
    let mut t = 1.0;
    for j in 0..m {
        t = t * x[j as usize % x.len()];
        if t > 0.5 {
            t = 0.5 * t;
        }
        s += t;
    }
    for j in (1..m).step_by(2) {
        t = (t * x[j as usize % x.len()]).sin();
    }
    s + t
}

#[test]
fn signed_loop_counters() {
    for seed in 0..4 {
        let x = random_vec(5, -1.0, 1.0, 1701 + seed);
        support::scalar(
            &x,
            TOL,
            |x| symmetric_sweep(&mut x.to_vec()),
            |x, dx, seed| {
                let (mut y, mut dy) = (x.to_vec(), vec![0.0; x.len()]);
                let value = d_symmetric_sweep(&mut y, &mut dy, seed);
                dx.iter_mut().zip(&dy).for_each(|(a, b)| *a += b);
                value
            },
            |x, t| symmetric_sweep_fwd(&mut x.to_vec(), &mut t.to_vec()),
        );
        let m = 7;
        support::scalar(
            &x,
            TOL,
            |x| signed_steps(x, m),
            |x, dx, seed| d_signed_steps(x, dx, m, seed),
            |x, t| signed_steps_fwd(x, t, m),
        );
    }
}
