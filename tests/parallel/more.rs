//! More rayon shapes in differentiated functions, each with its serial
//! twin: f32 parallel loops, `par_chunks_exact(_mut)`, `with_min_len` and
//! `with_max_len`, `copied` and `cloned`, `into_par_iter` on a local vector,
//! `count()` as a divisor, a parallel in-place update inside a serial time
//! loop, a parallel softmax, two Active scalars in every iteration, a
//! collected vector read at neighbouring indices by a second parallel loop,
//! an `#[autodiff]` helper called on row slices, helpers taking their row
//! mutably, `par_iter_mut` with an element-wise helper, a rayon loop in a
//! `&self` method, and a closure variable called in a rayon loop.

use crate::common::{map, same_in_pools, scalar};
use crate::support::{self, assert_all_close, to_f32, to_f64, TOL_F32};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

/// Relative agreement of an f32 parallel gradient with its f64 serial twin's.
const F32_TWIN_TOL: f64 = 1e-4;

// ------------------------------------------------------------------ f32

/// An f32 `par_iter().map().sum()`.
#[autodiff(reverse, d_par_sum32, Duplicated, Active)]
#[autodiff(forward, par_sum32_fwd, Dual, Dual)]
pub fn par_sum32(x: &[f32]) -> f32 {
    x.par_iter().map(|v| v * v.sin() + 0.5 * v.exp()).sum()
}

/// The f64 serial twin of `par_sum32`.
#[autodiff(reverse, d_par_sum32_twin, Duplicated, Active)]
pub fn par_sum32_twin(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += x[i] * x[i].sin() + 0.5 * x[i].exp();
    }
    s
}

#[test]
fn f32_par_iter_map_sum() {
    let n = 120;
    let x = random_vec(n, -1.5, 1.5, 31);
    support::scalar_f32(&x, TOL_F32, par_sum32_twin, par_sum32, d_par_sum32, par_sum32_fwd);
    let x32 = to_f32(&x);
    let grad = same_in_pools("f32 gradient", || {
        let mut dx = vec![0.0f32; n];
        let v = d_par_sum32(&x32, &mut dx, 1.0);
        dx.push(v);
        to_f64(&dx)
    });
    let mut want = vec![0.0; n];
    let v = d_par_sum32_twin(&x, &mut want, 1.0);
    want.push(v);
    assert_all_close("f32 parallel against f64 serial twin (gradient, then value)", &grad, &want, F32_TWIN_TOL);
}

/// An f32 read-modify-write of `y` through `par_iter_mut().zip(par_iter())`:
/// the initial `y` is an input, and `k` an Active scalar.
#[autodiff(reverse, d_relax32, Duplicated, Duplicated, Active)]
#[autodiff(forward, relax32_fwd, Dual, Dual, Dual)]
pub fn relax32(x: &[f32], y: &mut [f32], k: f32) {
    y.par_iter_mut().zip(x.par_iter()).for_each(|(yi, xi)| {
        *yi = *yi * (k * xi).cos() + xi.tanh();
        *yi += 0.25 * *yi * *yi;
    });
}

/// The f64 serial twin of `relax32`.
#[autodiff(reverse, d_relax32_twin, Duplicated, Duplicated, Active)]
pub fn relax32_twin(x: &[f64], y: &mut [f64], k: f64) {
    for i in 0..y.len() {
        y[i] = y[i] * (k * x[i]).cos() + x[i].tanh();
        y[i] += 0.25 * y[i] * y[i];
    }
}

#[test]
fn f32_par_iter_mut_update() {
    let n = 90;
    // Packed `(x, y0, k)`; the outputs are the final `y`.
    let x = random_vec(2 * n + 1, -1.0, 1.0, 32);
    let twin = |x: &[f64]| {
        let mut y = x[n..2 * n].to_vec();
        relax32_twin(&x[..n], &mut y, x[2 * n]);
        y
    };
    let primal = |x: &[f32]| {
        let mut y = x[n..2 * n].to_vec();
        relax32(&x[..n], &mut y, x[2 * n]);
        y
    };
    let rev = |x: &[f32], dx: &mut [f32], w: &[f32]| {
        let mut y = x[n..2 * n].to_vec();
        let mut dy = w.to_vec();
        let g = d_relax32(&x[..n], &mut dx[..n], &mut y, &mut dy, x[2 * n]);
        for i in 0..n {
            dx[n + i] += dy[i];
        }
        dx[2 * n] += g;
        y
    };
    let fwd = |x: &[f32], t: &[f32]| {
        let mut y = x[n..2 * n].to_vec();
        let mut ty = t[n..2 * n].to_vec();
        relax32_fwd(&x[..n], &t[..n], &mut y, &mut ty, x[2 * n], t[2 * n]);
        (y, ty)
    };
    support::map_f32(&x, n, TOL_F32, 33, twin, primal, rev, fwd);

    let w = random_vec(n, -1.0, 1.0, 34);
    let (x32, w32) = (to_f32(&x), to_f32(&w));
    let grad = same_in_pools("f32 J^T w", || {
        let mut dx = vec![0.0f32; 2 * n + 1];
        let mut y = rev(&x32, &mut dx, &w32);
        dx.append(&mut y);
        to_f64(&dx)
    });
    let mut want = vec![0.0; 2 * n + 1];
    let mut y = x[n..2 * n].to_vec();
    let mut dy = w.clone();
    let g = d_relax32_twin(&x[..n], &mut want[..n], &mut y, &mut dy, x[2 * n]);
    want[n..2 * n].copy_from_slice(&dy);
    want[2 * n] = g;
    want.append(&mut y);
    assert_all_close("f32 parallel against f64 serial twin (J^T w, then outputs)", &grad, &want, F32_TWIN_TOL);
}

// ------------------------------------------------------ chunks_exact

/// `par_chunks_exact_mut(m)` zipped with `par_chunks_exact(m)`: each row of
/// `y` from its row of `a`; `a` has a remainder past the last full row,
/// which the loop never reads (its gradient is zero).
#[autodiff(reverse, d_rows_exact, Duplicated, Duplicated)]
#[autodiff(forward, rows_exact_fwd, Dual, Dual)]
pub fn rows_exact(a: &[f64], y: &mut [f64]) {
    let m = 6;
    y.par_chunks_exact_mut(m).zip(a.par_chunks_exact(m)).for_each(|(yr, ar)| {
        let mut s = 0.0;
        for c in 0..m {
            s += ar[c] * ar[c];
        }
        let inv = 1.0 / (s + 1.0).sqrt();
        for c in 0..m {
            yr[c] = ar[c] * inv + ar[(c + 1) % m].sin();
        }
    });
}

#[autodiff(reverse, d_rows_exact_serial, Duplicated, Duplicated)]
pub fn rows_exact_serial(a: &[f64], y: &mut [f64]) {
    let m = 6;
    for r in 0..y.len() / m {
        let mut s = 0.0;
        for c in 0..m {
            s += a[r * m + c] * a[r * m + c];
        }
        let inv = 1.0 / (s + 1.0).sqrt();
        for c in 0..m {
            y[r * m + c] = a[r * m + c] * inv + a[r * m + (c + 1) % m].sin();
        }
    }
}

/// Packs `x -> y` (`y` starts at zero) for the map drivers.
fn map_out(
    m: usize,
    f: fn(&[f64], &mut [f64]),
    d: fn(&[f64], &mut [f64], &mut [f64], &mut [f64]),
) -> (impl Fn(&[f64]) -> Vec<f64>, impl Fn(&[f64], &mut [f64], &[f64]) -> Vec<f64> + Sync + Send) {
    let primal = move |x: &[f64]| {
        let mut y = vec![0.0; m];
        f(x, &mut y);
        y
    };
    let rev = move |x: &[f64], dx: &mut [f64], w: &[f64]| {
        let mut y = vec![0.0; m];
        let mut dy = w.to_vec();
        d(x, dx, &mut y, &mut dy);
        y
    };
    (primal, rev)
}

#[test]
fn par_chunks_exact_mut_rows() {
    let (rows, m) = (23, 6);
    let x = random_vec(rows * m + 4, -1.0, 1.0, 35);
    let (primal, rev) = map_out(rows * m, rows_exact, d_rows_exact);
    let (_, twin) = map_out(rows * m, rows_exact_serial, d_rows_exact_serial);
    let fwd = |x: &[f64], t: &[f64]| {
        let (mut y, mut ty) = (vec![0.0; rows * m], vec![0.0; rows * m]);
        rows_exact_fwd(x, t, &mut y, &mut ty);
        (y, ty)
    };
    let mut dx = vec![0.0; x.len()];
    rev(&x, &mut dx, &random_vec(rows * m, -1.0, 1.0, 36));
    assert!(dx[rows * m..].iter().all(|&g| g == 0.0), "the remainder of `a` has a gradient: {:?}", &dx[rows * m..]);
    map(&x, rows * m, primal, rev, fwd, twin);
}

// ------------------------------------------- with_min_len, with_max_len

/// `with_min_len(8)` in the middle of a zipped chain and `with_max_len(5)`
/// after a `map`; the two sums combine nonlinearly.
#[autodiff(reverse, d_len_hints, Duplicated, Duplicated, Active)]
#[autodiff(forward, len_hints_fwd, Dual, Dual, Dual)]
pub fn len_hints(x: &[f64], w: &[f64]) -> f64 {
    let s: f64 = x.par_iter().zip(w.par_iter()).with_min_len(8).map(|(a, b)| (a * b).sin() + a * a).sum();
    let t: f64 = x.par_iter().enumerate().map(|(i, a)| a.exp() * (1 + i % 3) as f64).with_max_len(5).sum();
    s + 0.1 * s * t
}

#[autodiff(reverse, d_len_hints_serial, Duplicated, Duplicated, Active)]
pub fn len_hints_serial(x: &[f64], w: &[f64]) -> f64 {
    let mut s = 0.0;
    let mut t = 0.0;
    for i in 0..x.len() {
        s += (x[i] * w[i]).sin() + x[i] * x[i];
    }
    for i in 0..x.len() {
        t += x[i].exp() * (1 + i % 3) as f64;
    }
    s + 0.1 * s * t
}

/// Packs `(x, w)` of equal lengths `n` for the scalar drivers.
fn two_slices(
    n: usize,
    d: fn(&[f64], &mut [f64], &[f64], &mut [f64], f64) -> f64,
) -> impl Fn(&[f64], &mut [f64], f64) -> f64 + Sync + Send {
    move |x: &[f64], dx: &mut [f64], s: f64| {
        let (da, db) = dx.split_at_mut(n);
        d(&x[..n], da, &x[n..], db, s)
    }
}

#[test]
fn par_with_min_len_max_len() {
    let n = 70;
    let x = random_vec(2 * n, -1.0, 1.0, 37);
    let primal = |x: &[f64]| len_hints(&x[..n], &x[n..]);
    let fwd = |x: &[f64], t: &[f64]| len_hints_fwd(&x[..n], &t[..n], &x[n..], &t[n..]);
    scalar(&x, primal, two_slices(n, d_len_hints), fwd, two_slices(n, d_len_hints_serial));
}

// ---------------------------------------------------- copied, cloned

/// `copied()` and `cloned()` on parallel sources, before a `map` and on
/// both sides of a `zip`.
#[autodiff(reverse, d_copied_cloned, Duplicated, Duplicated, Active)]
#[autodiff(forward, copied_cloned_fwd, Dual, Dual, Dual)]
pub fn copied_cloned(x: &[f64], w: &[f64]) -> f64 {
    let a: f64 = x.par_iter().copied().map(|v| v * v.cos()).sum();
    let b: f64 = x.par_iter().cloned().zip(w.par_iter().copied()).map(|(p, q)| (0.5 * (p - q)).exp()).sum();
    a * b
}

#[autodiff(reverse, d_copied_cloned_serial, Duplicated, Duplicated, Active)]
pub fn copied_cloned_serial(x: &[f64], w: &[f64]) -> f64 {
    let mut a = 0.0;
    let mut b = 0.0;
    for i in 0..x.len() {
        a += x[i] * x[i].cos();
        b += (0.5 * (x[i] - w[i])).exp();
    }
    a * b
}

#[test]
fn par_copied_cloned() {
    let n = 60;
    let x = random_vec(2 * n, -1.0, 1.0, 38);
    let primal = |x: &[f64]| copied_cloned(&x[..n], &x[n..]);
    let fwd = |x: &[f64], t: &[f64]| copied_cloned_fwd(&x[..n], &t[..n], &x[n..], &t[n..]);
    scalar(&x, primal, two_slices(n, d_copied_cloned), fwd, two_slices(n, d_copied_cloned_serial));
}

// ------------------------------------------------ time loop, in place

/// A parallel in-place update of a local buffer inside a serial time loop:
/// every step rewrites `u` from itself, reading the coefficients `c` at the
/// same index and the Active step `dt`.
#[autodiff(reverse, d_ode_steps, Duplicated, Duplicated, Active, Const, Active)]
#[autodiff(forward, ode_steps_fwd, Dual, Dual, Dual, Const, Dual)]
pub fn ode_steps(u0: &[f64], c: &[f64], dt: f64, steps: usize) -> f64 {
    let mut u = u0.to_vec();
    for _ in 0..steps {
        u.par_iter_mut().enumerate().for_each(|(i, ui)| {
            *ui = *ui + dt * (c[i] * (*ui).sin() - 0.5 * *ui * *ui * *ui);
        });
    }
    let mut s = 0.0;
    for v in u.iter() {
        s += v * v;
    }
    s
}

#[autodiff(reverse, d_ode_steps_serial, Duplicated, Duplicated, Active, Const, Active)]
pub fn ode_steps_serial(u0: &[f64], c: &[f64], dt: f64, steps: usize) -> f64 {
    let mut u = u0.to_vec();
    for _ in 0..steps {
        for i in 0..u.len() {
            u[i] = u[i] + dt * (c[i] * u[i].sin() - 0.5 * u[i] * u[i] * u[i]);
        }
    }
    let mut s = 0.0;
    for v in u.iter() {
        s += v * v;
    }
    s
}

#[test]
fn par_in_place_time_loop() {
    let (n, steps) = (50, 40);
    let mut x = random_vec(2 * n + 1, -1.0, 1.0, 39);
    x[2 * n] = 0.05;
    let primal = |x: &[f64]| ode_steps(&x[..n], &x[n..2 * n], x[2 * n], steps);
    let grad = |x: &[f64], dx: &mut [f64], s: f64, serial: bool| {
        let (du, rest) = dx.split_at_mut(n);
        let (dc, ddt) = rest.split_at_mut(n);
        let (v, g) = if serial {
            d_ode_steps_serial(&x[..n], du, &x[n..2 * n], dc, x[2 * n], steps, s)
        } else {
            d_ode_steps(&x[..n], du, &x[n..2 * n], dc, x[2 * n], steps, s)
        };
        ddt[0] += g;
        v
    };
    let fwd =
        |x: &[f64], t: &[f64]| ode_steps_fwd(&x[..n], &t[..n], &x[n..2 * n], &t[n..2 * n], x[2 * n], t[2 * n], steps);
    scalar(&x, primal, |x, dx, s| grad(x, dx, s, false), fwd, |x, dx, s| grad(x, dx, s, true));
}

// ----------------------------------------------------------- softmax

/// Softmax into `y` and log-sum-exp returned: a serial max, a parallel
/// `map().sum()` of `exp(x - max)`, then a parallel normalisation.
#[autodiff(reverse, d_softmax, Duplicated, Duplicated, Active)]
#[autodiff(forward, softmax_fwd, Dual, Dual, Dual)]
pub fn softmax(x: &[f64], y: &mut [f64]) -> f64 {
    let mut mx = f64::NEG_INFINITY;
    for v in x.iter() {
        mx = mx.max(*v);
    }
    let s: f64 = x.par_iter().map(|v| (v - mx).exp()).sum();
    y.par_iter_mut().zip(x.par_iter()).for_each(|(yi, xi)| *yi = (xi - mx).exp() / s);
    mx + s.ln()
}

#[autodiff(reverse, d_softmax_serial, Duplicated, Duplicated, Active)]
pub fn softmax_serial(x: &[f64], y: &mut [f64]) -> f64 {
    let mut mx = f64::NEG_INFINITY;
    for v in x.iter() {
        mx = mx.max(*v);
    }
    let mut s = 0.0;
    for i in 0..x.len() {
        s += (x[i] - mx).exp();
    }
    for i in 0..x.len() {
        y[i] = (x[i] - mx).exp() / s;
    }
    mx + s.ln()
}

#[test]
fn par_softmax_log_sum_exp() {
    let n = 80;
    let x = random_vec(n, -3.0, 3.0, 40);
    // The outputs: the softmax, then the log-sum-exp.
    let primal = |x: &[f64]| {
        let mut y = vec![0.0; n];
        let l = softmax(x, &mut y);
        y.push(l);
        y
    };
    let grad = |d: fn(&[f64], &mut [f64], &mut [f64], &mut [f64], f64) -> f64| {
        move |x: &[f64], dx: &mut [f64], w: &[f64]| {
            let mut y = vec![0.0; n];
            let mut dy = w[..n].to_vec();
            let l = d(x, dx, &mut y, &mut dy, w[n]);
            y.push(l);
            y
        }
    };
    let fwd = |x: &[f64], t: &[f64]| {
        let (mut y, mut ty) = (vec![0.0; n], vec![0.0; n]);
        let (l, tl) = softmax_fwd(x, t, &mut y, &mut ty);
        y.push(l);
        ty.push(tl);
        (y, ty)
    };
    map(&x, n + 1, primal, grad(d_softmax), fwd, grad(d_softmax_serial));
}

// ------------------------------------------- into_par_iter on a Vec

/// `t.into_par_iter()` over a local vector built by a serial loop earlier in
/// the function, enumerated to read `x` at the same index.
#[autodiff(reverse, d_vec_into_par, Duplicated, Active)]
#[autodiff(forward, vec_into_par_fwd, Dual, Dual)]
pub fn vec_into_par(x: &[f64]) -> f64 {
    let n = x.len();
    let mut t = vec![0.0; n];
    for i in 0..n {
        t[i] = x[i] * x[(i + 1) % n] + 0.3 * x[i];
    }
    t.into_par_iter().enumerate().map(|(i, v)| v.sin() * x[i] + 0.5 * v * v).sum()
}

#[autodiff(reverse, d_vec_into_par_serial, Duplicated, Active)]
pub fn vec_into_par_serial(x: &[f64]) -> f64 {
    let n = x.len();
    let mut t = vec![0.0; n];
    for i in 0..n {
        t[i] = x[i] * x[(i + 1) % n] + 0.3 * x[i];
    }
    let mut s = 0.0;
    for i in 0..n {
        s += t[i].sin() * x[i] + 0.5 * t[i] * t[i];
    }
    s
}

#[test]
fn into_par_iter_local_vec() {
    let x = random_vec(110, -1.5, 1.5, 41);
    scalar(&x, vec_into_par, d_vec_into_par, vec_into_par_fwd, d_vec_into_par_serial);
}

// ---------------------------------------------- two Active scalars

/// Two Active scalars, both read in every iteration of a parallel
/// `for_each`: each gets private shadows merged in order.
#[autodiff(reverse, d_two_scalars, Duplicated, Duplicated, Active, Active)]
#[autodiff(forward, two_scalars_fwd, Dual, Dual, Dual, Dual)]
pub fn two_scalars(x: &[f64], y: &mut [f64], a: f64, b: f64) {
    y.par_iter_mut().zip(x.par_iter()).for_each(|(yi, xi)| {
        let t = (a * xi + b).tanh();
        *yi = t * b + a * a * xi;
    });
}

#[autodiff(reverse, d_two_scalars_serial, Duplicated, Duplicated, Active, Active)]
pub fn two_scalars_serial(x: &[f64], y: &mut [f64], a: f64, b: f64) {
    for i in 0..x.len() {
        let t = (a * x[i] + b).tanh();
        y[i] = t * b + a * a * x[i];
    }
}

#[test]
fn par_two_active_scalars() {
    let n = 100;
    // Packed `(x, a, b)`.
    let x = random_vec(n + 2, -1.0, 1.0, 42);
    let primal = |x: &[f64]| {
        let mut y = vec![0.0; n];
        two_scalars(&x[..n], &mut y, x[n], x[n + 1]);
        y
    };
    let grad = |d: fn(&[f64], &mut [f64], &mut [f64], &mut [f64], f64, f64) -> (f64, f64)| {
        move |x: &[f64], dx: &mut [f64], w: &[f64]| {
            let mut y = vec![0.0; n];
            let mut dy = w.to_vec();
            let (dxa, dab) = dx.split_at_mut(n);
            let (ga, gb) = d(&x[..n], dxa, &mut y, &mut dy, x[n], x[n + 1]);
            dab[0] += ga;
            dab[1] += gb;
            y
        }
    };
    let fwd = |x: &[f64], t: &[f64]| {
        let (mut y, mut ty) = (vec![0.0; n], vec![0.0; n]);
        two_scalars_fwd(&x[..n], &t[..n], &mut y, &mut ty, x[n], t[n], x[n + 1], t[n + 1]);
        (y, ty)
    };
    map(&x, n, primal, grad(d_two_scalars), fwd, grad(d_two_scalars_serial));
}

// --------------------------------------- collect, then neighbours

/// `collect()` of a `par_iter().zip().map()`, then a second parallel loop
/// reading the collected vector at neighbouring (periodic) indices.
#[autodiff(reverse, d_collect_stencil, Duplicated, Duplicated, Duplicated)]
#[autodiff(forward, collect_stencil_fwd, Dual, Dual, Dual)]
pub fn collect_stencil(x: &[f64], w: &[f64], y: &mut [f64]) {
    let t: Vec<f64> = x.par_iter().zip(w.par_iter()).map(|(a, b)| a * b + a.sin()).collect();
    let n = t.len();
    y.par_iter_mut().enumerate().for_each(|(i, yi)| {
        *yi = t[(i + n - 1) % n] - 2.0 * t[i] + t[(i + 1) % n] + t[i] * t[i];
    });
}

#[autodiff(reverse, d_collect_stencil_serial, Duplicated, Duplicated, Duplicated)]
pub fn collect_stencil_serial(x: &[f64], w: &[f64], y: &mut [f64]) {
    let n = x.len();
    let mut t = vec![0.0; n];
    for i in 0..n {
        t[i] = x[i] * w[i] + x[i].sin();
    }
    for i in 0..n {
        y[i] = t[(i + n - 1) % n] - 2.0 * t[i] + t[(i + 1) % n] + t[i] * t[i];
    }
}

#[test]
fn par_collect_then_neighbours() {
    let n = 75;
    // Packed `(x, w)`.
    let x = random_vec(2 * n, -1.0, 1.0, 43);
    let primal = |x: &[f64]| {
        let mut y = vec![0.0; n];
        collect_stencil(&x[..n], &x[n..], &mut y);
        y
    };
    let grad = |d: fn(&[f64], &mut [f64], &[f64], &mut [f64], &mut [f64], &mut [f64])| {
        move |x: &[f64], dx: &mut [f64], w: &[f64]| {
            let mut y = vec![0.0; n];
            let mut dy = w.to_vec();
            let (da, db) = dx.split_at_mut(n);
            d(&x[..n], da, &x[n..], db, &mut y, &mut dy);
            y
        }
    };
    let fwd = |x: &[f64], t: &[f64]| {
        let (mut y, mut ty) = (vec![0.0; n], vec![0.0; n]);
        collect_stencil_fwd(&x[..n], &t[..n], &x[n..], &t[n..], &mut y, &mut ty);
        (y, ty)
    };
    map(&x, n, primal, grad(d_collect_stencil), fwd, grad(d_collect_stencil_serial));
}

// ----------------------------------------------- helper on row slices

/// A differentiable helper taking a row slice: a smooth maximum of the row
/// with sharpness `k`.
#[autodiff]
pub fn row_soft_max(row: &[f64], k: f64) -> f64 {
    let mut s = 0.0;
    for v in row.iter() {
        s += (k * v).exp();
    }
    s.ln() / k
}

/// Calls `row_soft_max` from a parallel body on `&a[r*m..(r+1)*m]`, with an
/// Active `k`.
#[autodiff(reverse, d_rows_soft_max, Duplicated, Active, Const, Active)]
#[autodiff(forward, rows_soft_max_fwd, Dual, Dual, Const, Dual)]
pub fn rows_soft_max(a: &[f64], k: f64, m: usize) -> f64 {
    let rows = a.len() / m;
    (0..rows).into_par_iter().map(|r| row_soft_max(&a[r * m..(r + 1) * m], k) * (1.0 + 0.1 * r as f64)).sum()
}

#[autodiff(reverse, d_rows_soft_max_serial, Duplicated, Active, Const, Active)]
pub fn rows_soft_max_serial(a: &[f64], k: f64, m: usize) -> f64 {
    let rows = a.len() / m;
    let mut s = 0.0;
    for r in 0..rows {
        s += row_soft_max(&a[r * m..(r + 1) * m], k) * (1.0 + 0.1 * r as f64);
    }
    s
}

#[test]
fn par_calls_helper_on_row_slices() {
    let (rows, m) = (30, 7);
    let na = rows * m;
    // Packed `(a, k)`.
    let mut x = random_vec(na + 1, -1.0, 1.0, 44);
    x[na] = 1.7;
    let primal = |x: &[f64]| rows_soft_max(&x[..na], x[na], m);
    let grad = |x: &[f64], dx: &mut [f64], s: f64, serial: bool| {
        let (da, dk) = dx.split_at_mut(na);
        let (v, g) = if serial {
            d_rows_soft_max_serial(&x[..na], da, x[na], m, s)
        } else {
            d_rows_soft_max(&x[..na], da, x[na], m, s)
        };
        dk[0] += g;
        v
    };
    let fwd = |x: &[f64], t: &[f64]| rows_soft_max_fwd(&x[..na], &t[..na], x[na], t[na], m);
    scalar(&x, primal, |x, dx, s| grad(x, dx, s, false), fwd, |x, dx, s| grad(x, dx, s, true));
}

// ------------------------------------------------- count as divisor

/// A parallel mean and variance: `count() as f64` divides parallel sums,
/// and the mean (a derived Active scalar) is read in every iteration of the
/// second parallel loop.
#[autodiff(reverse, d_par_variance, Duplicated, Active)]
#[autodiff(forward, par_variance_fwd, Dual, Dual)]
pub fn par_variance(x: &[f64]) -> f64 {
    let n = x.par_iter().count() as f64;
    let mean = x.par_iter().map(|v| v.sin()).sum::<f64>() / n;
    let var: f64 = x.par_iter().map(|v| (v.sin() - mean) * (v.sin() - mean)).sum();
    var / n + mean * mean
}

#[autodiff(reverse, d_par_variance_serial, Duplicated, Active)]
pub fn par_variance_serial(x: &[f64]) -> f64 {
    let n = x.len() as f64;
    let mut mean = 0.0;
    for i in 0..x.len() {
        mean += x[i].sin();
    }
    mean /= n;
    let mut var = 0.0;
    for i in 0..x.len() {
        var += (x[i].sin() - mean) * (x[i].sin() - mean);
    }
    var / n + mean * mean
}

#[test]
fn par_count_mean_variance() {
    let x = random_vec(140, -2.0, 2.0, 45);
    scalar(&x, par_variance, d_par_variance, par_variance_fwd, d_par_variance_serial);
}

// ------------------------------------- helper on its own mutable row

/// A differentiable helper that maps its row in place.
#[autodiff(reverse, d_wave_row, Duplicated, Const)]
pub fn wave_row(row: &mut [f64], k: f64) {
    for v in row.iter_mut() {
        *v = (*v * k).sin();
    }
}

/// Each parallel iteration passes its own row, mutably, to `wave_row`: the
/// adjoint call takes the row and its shadow, both bounded by `y.len()`.
/// The last row is shorter than 4.
#[autodiff(reverse, d_waves, Duplicated, Active)]
#[autodiff(forward, waves_fwd, Dual, Dual)]
pub fn waves(y: &mut [f64], k: f64) {
    y.par_chunks_mut(4).for_each(|row| wave_row(row, k));
}

#[autodiff(reverse, d_waves_serial, Duplicated, Active)]
pub fn waves_serial(y: &mut [f64], k: f64) {
    for row in y.chunks_mut(4) {
        wave_row(row, k);
    }
}

/// An element-wise helper.
#[autodiff]
pub fn wave(v: f64, k: f64) -> f64 {
    (v * k).sin()
}

/// `waves` one element at a time: `par_iter_mut` with an element-wise helper.
#[autodiff(reverse, d_waves_elem, Duplicated, Active)]
#[autodiff(forward, waves_elem_fwd, Dual, Dual)]
pub fn waves_elem(y: &mut [f64], k: f64) {
    y.par_iter_mut().for_each(|v| *v = wave(*v, k));
}

/// A helper writing its row from a read-only row of the same length.
#[autodiff]
pub fn mix_row(row: &mut [f64], src: &[f64], k: f64) {
    for c in 0..row.len() {
        row[c] = row[c] * src[c].cos() + k * src[c] * src[c];
    }
}

/// Rows of `y` and `x` zipped and enumerated, two helpers on each row of
/// `y`, `x`'s rows only read.
#[autodiff(reverse, d_mix_rows, Duplicated, Duplicated, Active)]
#[autodiff(forward, mix_rows_fwd, Dual, Dual, Dual)]
pub fn mix_rows(y: &mut [f64], x: &[f64], k: f64) {
    y.par_chunks_mut(5).zip(x.par_chunks(5)).enumerate().for_each(|(r, (row, src))| {
        mix_row(row, src, k * (1.0 + 0.5 * r as f64));
        wave_row(row, k);
    });
}

#[autodiff(reverse, d_mix_rows_serial, Duplicated, Duplicated, Active)]
pub fn mix_rows_serial(y: &mut [f64], x: &[f64], k: f64) {
    for r in 0..y.len().div_ceil(5) {
        for c in r * 5..(r * 5 + 5).min(y.len()) {
            let m = y[c] * x[c].cos() + k * (1.0 + 0.5 * r as f64) * x[c] * x[c];
            y[c] = (m * k).sin();
        }
    }
}

/// The map `(y0, k) -> y` of an in-place `f(y, k)`, its reverse derivative
/// (`d` seeds `dy` with `w` and leaves the adjoint of `y0` in it) and its
/// forward derivative, for the map drivers.
fn in_place(
    n: usize,
    f: fn(&mut [f64], f64),
    d: fn(&mut [f64], &mut [f64], f64) -> f64,
) -> (impl Fn(&[f64]) -> Vec<f64>, impl Fn(&[f64], &mut [f64], &[f64]) -> Vec<f64> + Sync + Send) {
    let primal = move |x: &[f64]| {
        let mut y = x[..n].to_vec();
        f(&mut y, x[n]);
        y
    };
    let rev = move |x: &[f64], dx: &mut [f64], w: &[f64]| {
        let mut y = x[..n].to_vec();
        let mut dy = w.to_vec();
        let g = d(&mut y, &mut dy, x[n]);
        for i in 0..n {
            dx[i] += dy[i];
        }
        dx[n] += g;
        y
    };
    (primal, rev)
}

#[test]
fn par_chunks_mut_row_to_mut_helper() {
    let n = 4 * 9 + 3;
    // Packed `(y0, k)`.
    let mut x = random_vec(n + 1, -1.0, 1.0, 46);
    x[n] = 1.3;
    let (primal, rev) = in_place(n, waves, d_waves);
    let (_, twin) = in_place(n, waves_serial, d_waves_serial);
    let want: Vec<f64> = x[..n].iter().map(|v| (v * x[n]).sin()).collect();
    assert_all_close("waves against sin(y k)", &primal(&x), &want, 1e-15);
    let fwd = |x: &[f64], t: &[f64]| {
        let (mut y, mut ty) = (x[..n].to_vec(), t[..n].to_vec());
        waves_fwd(&mut y, &mut ty, x[n], t[n]);
        (y, ty)
    };
    map(&x, n, primal, rev, fwd, twin);
}

#[test]
fn par_iter_mut_element_helper() {
    let n = 53;
    let mut x = random_vec(n + 1, -1.0, 1.0, 47);
    x[n] = 0.8;
    let (primal, rev) = in_place(n, waves_elem, d_waves_elem);
    let (_, twin) = in_place(n, waves_serial, d_waves_serial);
    let fwd = |x: &[f64], t: &[f64]| {
        let (mut y, mut ty) = (x[..n].to_vec(), t[..n].to_vec());
        waves_elem_fwd(&mut y, &mut ty, x[n], t[n]);
        (y, ty)
    };
    map(&x, n, primal, rev, fwd, twin);
}

#[test]
fn par_chunks_mut_zip_rows_to_helpers() {
    let n = 5 * 11 + 2;
    // Packed `(y0, x, k)`.
    let mut x = random_vec(2 * n + 1, -1.0, 1.0, 48);
    x[2 * n] = 0.6;
    let primal = |x: &[f64]| {
        let mut y = x[..n].to_vec();
        mix_rows(&mut y, &x[n..2 * n], x[2 * n]);
        y
    };
    let grad = |d: fn(&mut [f64], &mut [f64], &[f64], &mut [f64], f64) -> f64| {
        move |x: &[f64], dx: &mut [f64], w: &[f64]| {
            let mut y = x[..n].to_vec();
            let mut dy = w.to_vec();
            let (dy0, rest) = dx.split_at_mut(n);
            let (dxs, dk) = rest.split_at_mut(n);
            dk[0] += d(&mut y, &mut dy, &x[n..2 * n], dxs, x[2 * n]);
            for i in 0..n {
                dy0[i] += dy[i];
            }
            y
        }
    };
    let fwd = |x: &[f64], t: &[f64]| {
        let (mut y, mut ty) = (x[..n].to_vec(), t[..n].to_vec());
        mix_rows_fwd(&mut y, &mut ty, &x[n..2 * n], &t[n..2 * n], x[2 * n], t[2 * n]);
        (y, ty)
    };
    map(&x, n, primal, grad(d_mix_rows), fwd, grad(d_mix_rows_serial));
}

/// Each row, then the row's tail `&mut row[1..]`, passed mutably to a
/// helper: the tail starts inside the row, so the row split still owns it.
#[autodiff(reverse, d_wave_tails, Duplicated, Active)]
#[autodiff(forward, wave_tails_fwd, Dual, Dual)]
pub fn wave_tails(y: &mut [f64], k: f64) {
    y.par_chunks_mut(4).for_each(|row| {
        wave_row(row, k);
        wave_row(&mut row[1..], 0.5 * k);
    });
}

#[autodiff(reverse, d_wave_tails_serial, Duplicated, Active)]
pub fn wave_tails_serial(y: &mut [f64], k: f64) {
    for row in y.chunks_mut(4) {
        wave_row(row, k);
        wave_row(&mut row[1..], 0.5 * k);
    }
}

#[test]
fn par_chunks_mut_row_tail_to_mut_helper() {
    let n = 4 * 8 + 3;
    let mut x = random_vec(n + 1, -1.0, 1.0, 49);
    x[n] = 1.1;
    let (primal, rev) = in_place(n, wave_tails, d_wave_tails);
    let (_, twin) = in_place(n, wave_tails_serial, d_wave_tails_serial);
    let fwd = |x: &[f64], t: &[f64]| {
        let (mut y, mut ty) = (x[..n].to_vec(), t[..n].to_vec());
        wave_tails_fwd(&mut y, &mut ty, x[n], t[n]);
        (y, ty)
    };
    map(&x, n, primal, rev, fwd, twin);
}

// ------------------------------------------------------------------ methods

/// Weighted pair energies of points on a line, the weights and the range
/// fields of the struct: a rayon loop inside a `&self` method, its closure
/// reading `self`'s fields.
pub struct Pairs {
    pub range: f64,
    pub weight: Vec<f64>,
}

impl Pairs {
    #[autodiff(reverse, d_energy, Duplicated, Duplicated, Active)]
    #[autodiff(forward, energy_fwd, Dual, Dual, Dual)]
    pub fn energy(&self, x: &[f64]) -> f64 {
        let n = x.len();
        (0..n)
            .into_par_iter()
            .map(|i| {
                let mut e = 0.0;
                for j in 0..n {
                    let r = x[i] - x[j];
                    e += self.weight[i] * self.weight[j] * (-(r * r) / self.range).exp();
                }
                e
            })
            .sum()
    }

    /// The serial twin.
    #[autodiff(reverse, d_energy_serial, Duplicated, Duplicated, Active)]
    pub fn energy_serial(&self, x: &[f64]) -> f64 {
        let n = x.len();
        let mut total = 0.0;
        for i in 0..n {
            let mut e = 0.0;
            for j in 0..n {
                let r = x[i] - x[j];
                e += self.weight[i] * self.weight[j] * (-(r * r) / self.range).exp();
            }
            total += e;
        }
        total
    }
}

#[test]
fn par_loop_in_a_method() {
    let n = 40;
    // Packed `(x, weight, range)`.
    let x = support::cat(&[&random_vec(2 * n, -1.0, 1.0, 41), &[0.7]]);
    let unpack = |x: &[f64]| Pairs { range: x[2 * n], weight: x[n..2 * n].to_vec() };
    let shadow = || Pairs { range: 0.0, weight: vec![0.0; n] };
    let add = |dp: &Pairs, dx: &mut [f64]| {
        for i in 0..n {
            dx[n + i] += dp.weight[i];
        }
        dx[2 * n] += dp.range;
    };
    scalar(
        &x,
        |x| unpack(x).energy(&x[..n]),
        |x, dx, seed| {
            let mut dp = shadow();
            let v = unpack(x).d_energy(&mut dp, &x[..n], &mut dx[..n], seed);
            add(&dp, dx);
            v
        },
        |x, t| unpack(x).energy_fwd(&unpack(t), &x[..n], &t[..n]),
        |x, dx, seed| {
            let mut dp = shadow();
            let v = unpack(x).d_energy_serial(&mut dp, &x[..n], &mut dx[..n], seed);
            add(&dp, dx);
            v
        },
    );
}

// ------------------------------------------------------------------ closures

/// A closure over an active value, written outside a rayon loop and called
/// inside it.
#[autodiff(reverse, d_par_closure, Duplicated, Active, Active)]
#[autodiff(forward, par_closure_fwd, Dual, Dual, Dual)]
pub fn par_closure(x: &[f64], k: f64) -> f64 {
    let bump = |v: f64| (k * v).tanh() * v;
    x.par_iter().map(|v| bump(*v) + bump(2.0 * v)).sum()
}

/// The serial twin.
#[autodiff(reverse, d_par_closure_serial, Duplicated, Active, Active)]
pub fn par_closure_serial(x: &[f64], k: f64) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += (k * x[i]).tanh() * x[i] + (k * 2.0 * x[i]).tanh() * 2.0 * x[i];
    }
    s
}

#[test]
fn closure_called_in_a_par_loop() {
    let n = 70;
    let x = support::cat(&[&random_vec(n, -1.0, 1.0, 42), &[0.9]]);
    scalar(
        &x,
        |x| par_closure(&x[..n], x[n]),
        |x, dx, seed| {
            let (v, dk) = d_par_closure(&x[..n], &mut dx[..n], x[n], seed);
            dx[n] += dk;
            v
        },
        |x, t| par_closure_fwd(&x[..n], &t[..n], x[n], t[n]),
        |x, dx, seed| {
            let (v, dk) = d_par_closure_serial(&x[..n], &mut dx[..n], x[n], seed);
            dx[n] += dk;
            v
        },
    );
}
