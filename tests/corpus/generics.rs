//! Float-generic functions (`fn f<T: Float>`): differentiated once,
//! called at `f64` (against central differences and the other mode) and at
//! `f32` (against the `f64` instance as its twin). Constructors of `T`
//! (`T::from(..).unwrap()`, `T::zero()`, `T::epsilon()`), `T::` functions,
//! a `where` clause over `num_traits::Float`, generic helpers, rayon and
//! a checkpointed loop.

use crate::support::{self, TOL, TOL_F32};
use parad::check::random_vec;
use parad::{autodiff, num_traits, Float};
use rayon::prelude::*;

#[autodiff(reverse, d_energy, Duplicated, Active, Active)]
#[autodiff(forward, energy_fwd, Dual, Dual, Dual)]
pub fn energy<T: Float>(x: &[T], k: T) -> T {
    let half = T::from(0.5).unwrap();
    // An `f64` of the user's own, its literal suffixed (`2f64` is an
    // integer literal to the parser): a `T` in the derivatives.
    let stiff: f64 = 2f64;
    let mut s = T::zero();
    for i in 0..x.len() {
        let d = x[i] - x[(i + 1) % x.len()] * T::from(stiff).unwrap() / T::from(2.0f64).unwrap();
        s += half * k * d * d + x[i].sin() / (T::one() + x[i].powi(2)) + T::from(i).unwrap() * (x[i] * k).exp();
    }
    let m = x.iter().fold(T::neg_infinity(), |a, b| a.max(*b));
    s / T::from(x.len()).unwrap() + m.tanh() + T::epsilon() + T::sqrt(k * k + T::one())
}

#[test]
fn generic_energy_at_f64_and_f32() {
    for (seed, n) in [(0, 1), (1, 4), (2, 9)] {
        let x = random_vec(n + 1, -1.0, 1.0, 600 + seed);
        let split = |x: &[f64]| (x[..n].to_vec(), x[n]);
        support::scalar(
            &x,
            TOL,
            |x| energy(&x[..n], x[n]),
            |x, dx, w| {
                let (xs, k) = split(x);
                let mut dxs = vec![0.0; n];
                let (y, dk) = d_energy(&xs, &mut dxs, k, w);
                dx.iter_mut().zip(dxs.iter().chain([&dk])).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| energy_fwd(&x[..n], &v[..n], x[n], v[n]),
        );
        support::scalar_f32(
            &x,
            TOL_F32,
            |x| energy(&x[..n], x[n]),
            |x| energy(&x[..n], x[n]),
            |x, dx, w| {
                let mut dxs = vec![0.0f32; n];
                let (y, dk) = d_energy(&x[..n], &mut dxs, x[n], w);
                dx.iter_mut().zip(dxs.iter().chain([&dk])).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| energy_fwd(&x[..n], &v[..n], x[n], v[n]),
        );
    }
}

/// Bounded in a `where` clause by `num_traits::Float`: the derivatives add
/// `T: parad::Float`. A local `vec!` of `T`, a fold through `T::max`.
#[autodiff(reverse, d_spread, Duplicated, Duplicated, Active)]
#[autodiff(forward, spread_fwd, Dual, Dual, Dual)]
pub fn spread<T>(x: &[T], w: &[T]) -> T
where
    T: num_traits::Float + Send + Sync,
{
    let n = x.len();
    let mut tmp = vec![T::zero(); n];
    for i in 0..n {
        tmp[i] = x[i] * w[i] + T::from(i).unwrap() * T::from(0.1).unwrap();
    }
    let big = tmp.iter().fold(T::min_value(), |m, v| T::max(m, *v));
    tmp.iter().fold(T::zero(), |s, v| s + *v * *v) / T::from(n).unwrap() + big
}

#[autodiff]
pub fn norm2<T: Float>(a: &[T]) -> T {
    a.iter().map(|v| *v * *v).sum()
}

/// Generic helpers called generically; a rayon sum.
#[autodiff(reverse, d_helped, Duplicated, Duplicated, Active)]
#[autodiff(forward, helped_fwd, Dual, Dual, Dual)]
pub fn helped<T: Float>(x: &[T], w: &[T]) -> T {
    let tail = x.par_iter().zip(w).map(|(a, b)| (*a * *b).exp() * T::from(0.5).unwrap()).sum::<T>();
    norm2(x) * norm2(w).sqrt() + tail
}

#[test]
fn generic_helpers_where_clauses_and_rayon() {
    for (seed, n) in [(0, 1), (1, 5), (2, 40)] {
        let x = random_vec(2 * n, -1.0, 1.0, 620 + seed);
        let two = |x: &[f64], dx: &mut [f64], f: &dyn Fn(&mut [f64], &mut [f64]) -> f64| {
            let (mut da, mut db) = (vec![0.0; n], vec![0.0; n]);
            let y = f(&mut da, &mut db);
            dx.iter_mut().zip(da.iter().chain(&db)).for_each(|(d, g)| *d += g);
            let _ = x;
            y
        };
        support::scalar(
            &x,
            TOL,
            |x| spread(&x[..n], &x[n..]),
            |x, dx, s| two(x, dx, &|da, db| d_spread(&x[..n], da, &x[n..], db, s)),
            |x, v| spread_fwd(&x[..n], &v[..n], &x[n..], &v[n..]),
        );
        support::scalar(
            &x,
            TOL,
            |x| helped(&x[..n], &x[n..]),
            |x, dx, s| two(x, dx, &|da, db| d_helped(&x[..n], da, &x[n..], db, s)),
            |x, v| helped_fwd(&x[..n], &v[..n], &x[n..], &v[n..]),
        );
        support::scalar_f32(
            &x,
            TOL_F32,
            |x| helped(&x[..n], &x[n..]),
            |x| helped(&x[..n], &x[n..]),
            |x, dx, s| {
                let (mut da, mut db) = (vec![0.0f32; n], vec![0.0f32; n]);
                let y = d_helped(&x[..n], &mut da, &x[n..], &mut db, s);
                dx.iter_mut().zip(da.iter().chain(&db)).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| helped_fwd(&x[..n], &v[..n], &x[n..], &v[n..]),
        );
    }
}

/// A checkpointed time loop over swapped buffers of `T`, into an output.
#[autodiff(reverse, d_heat, Duplicated, Active, Duplicated)]
#[autodiff(forward, heat_fwd, Dual, Dual, Dual)]
pub fn heat<T: Float>(u0: &[T], alpha: T, out: &mut [T]) {
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = vec![T::zero(); n];
    #[checkpoint(binomial(snapshots = 3))]
    for _ in 0..12 {
        next[0] = u[0];
        next[n - 1] = u[n - 1];
        for i in 1..n - 1 {
            next[i] = u[i] + alpha * (u[i - 1] - T::from(2).unwrap() * u[i] + u[i + 1]);
        }
        std::mem::swap(&mut u, &mut next);
    }
    for i in 0..n {
        out[i] = u[i] * u[i];
    }
}

#[test]
fn generic_checkpointed_heat() {
    for (seed, n) in [(0, 3), (1, 8)] {
        let mut x = random_vec(n + 1, -1.0, 1.0, 640 + seed);
        x[n] = 0.2;
        support::map(
            &x,
            n,
            TOL,
            650 + seed,
            |x| {
                let mut out = vec![0.0; n];
                heat(&x[..n], x[n], &mut out);
                out
            },
            |x, dx, w| {
                let (mut du, mut out, mut dout) = (vec![0.0; n], vec![0.0; n], w.to_vec());
                let da = d_heat(&x[..n], &mut du, x[n], &mut out, &mut dout);
                dx.iter_mut().zip(du.iter().chain([&da])).for_each(|(d, g)| *d += g);
                out
            },
            |x, v| {
                let (mut out, mut tout) = (vec![0.0; n], vec![0.0; n]);
                heat_fwd(&x[..n], &v[..n], x[n], v[n], &mut out, &mut tout);
                (out, tout)
            },
        );
    }
}

/// A const parameter: a weighted sum of squares over `&[f64; N]`.
#[autodiff(reverse, d_sum_sq, Duplicated, Active)]
#[autodiff(forward, sum_sq_fwd, Dual, Dual)]
pub fn sum_sq<const N: usize>(x: &[f64; N]) -> f64 {
    let mut s = 0.0;
    for i in 0..N {
        s += x[i] * x[i] * (i as f64 + 1.0) + (x[i] * x[(i + 1) % N]).sin();
    }
    s
}

/// `|m v|^2` over a float type and a const size: rows `&[[T; N]; N]`.
#[autodiff(reverse, d_quad, Duplicated, Duplicated, Active)]
#[autodiff(forward, quad_fwd, Dual, Dual, Dual)]
pub fn quad<T: Float, const N: usize>(m: &[[T; N]; N], v: &[T; N]) -> T {
    let mut s = T::zero();
    for i in 0..N {
        let mut r = T::zero();
        for j in 0..N {
            r += m[i][j] * v[j];
        }
        s += r * r.tanh();
    }
    s
}

fn rows3<T: Copy>(x: &[T]) -> [[T; 3]; 3] {
    [[x[0], x[1], x[2]], [x[3], x[4], x[5]], [x[6], x[7], x[8]]]
}

#[test]
fn const_generic_sizes() {
    for seed in 0..3 {
        let x = random_vec(4, -1.0, 1.0, 660 + seed);
        let arr = |x: &[f64]| -> [f64; 4] { x.try_into().unwrap() };
        support::scalar(
            &x,
            TOL,
            |x| sum_sq(&arr(x)),
            |x, dx, w| {
                let mut d = [0.0; 4];
                let y = d_sum_sq(&arr(x), &mut d, w);
                dx.iter_mut().zip(d).for_each(|(a, g)| *a += g);
                y
            },
            |x, v| sum_sq_fwd(&arr(x), &arr(v)),
        );
        let x = random_vec(12, -1.0, 1.0, 670 + seed);
        let vec3 = |x: &[f64]| -> [f64; 3] { x.try_into().unwrap() };
        let unpack = |dm: [[f64; 3]; 3], dv: [f64; 3]| dm.into_iter().flatten().chain(dv);
        support::scalar(
            &x,
            TOL,
            |x| quad(&rows3(&x[..9]), &vec3(&x[9..])),
            |x, dx, w| {
                let (mut dm, mut dv) = ([[0.0; 3]; 3], [0.0; 3]);
                let y = d_quad(&rows3(&x[..9]), &mut dm, &vec3(&x[9..]), &mut dv, w);
                dx.iter_mut().zip(unpack(dm, dv)).for_each(|(a, g)| *a += g);
                y
            },
            |x, v| quad_fwd(&rows3(&x[..9]), &rows3(&v[..9]), &vec3(&x[9..]), &vec3(&v[9..])),
        );
        let vec3f = |x: &[f32]| -> [f32; 3] { x.try_into().unwrap() };
        support::scalar_f32(
            &x,
            TOL_F32,
            |x| quad(&rows3(&x[..9]), &vec3(&x[9..])),
            |x| quad(&rows3(&x[..9]), &vec3f(&x[9..])),
            |x, dx, w| {
                let (mut dm, mut dv) = ([[0.0f32; 3]; 3], [0.0f32; 3]);
                let y = d_quad(&rows3(&x[..9]), &mut dm, &vec3f(&x[9..]), &mut dv, w);
                dx.iter_mut().zip(dm.into_iter().flatten().chain(dv)).for_each(|(a, g)| *a += g);
                y
            },
            |x, v| quad_fwd(&rows3(&x[..9]), &rows3(&v[..9]), &vec3f(&x[9..]), &vec3f(&v[9..])),
        );
    }
}

/// A type parameter bounded by the operators it uses rather than `Float`:
/// the derivatives exist at the float types.
#[autodiff(reverse, d_dot, Duplicated, Duplicated, Active)]
#[autodiff(forward, dot_fwd, Dual, Dual, Dual)]
pub fn dot<T: Copy + std::ops::Mul<Output = T> + std::iter::Sum<T>>(a: &[T], b: &[T]) -> T {
    a.iter().zip(b).map(|(x, y)| *x * *y).sum()
}

/// An unbounded type parameter, moved and swapped only (as a bit-reversal
/// permutation is written), under a float-generic caller.
#[autodiff]
pub fn reverse_pairs<T>(data: &mut [T]) {
    let n = data.len();
    for i in 0..n / 2 {
        data.swap(i, n - 1 - i);
    }
}

#[autodiff(reverse, d_weighted_reversed, Duplicated, Active)]
#[autodiff(forward, weighted_reversed_fwd, Dual, Dual)]
pub fn weighted_reversed<T: Float>(x: &[T]) -> T {
    let mut y = x.to_vec();
    reverse_pairs(&mut y);
    let mut s = T::zero();
    for i in 0..y.len() {
        s += y[i] * T::from(i + 1).unwrap() * x[i];
    }
    s
}

#[test]
fn type_parameters_bounded_otherwise() {
    for (seed, n) in [(0, 1), (1, 6)] {
        let x = random_vec(2 * n, -1.0, 1.0, 680 + seed);
        support::scalar(
            &x,
            TOL,
            |x| dot(&x[..n], &x[n..]),
            |x, dx, s| {
                let (mut da, mut db) = (vec![0.0; n], vec![0.0; n]);
                let y = d_dot(&x[..n], &mut da, &x[n..], &mut db, s);
                dx.iter_mut().zip(da.iter().chain(&db)).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| dot_fwd(&x[..n], &v[..n], &x[n..], &v[n..]),
        );
        support::scalar_f32(
            &x,
            TOL_F32,
            |x| dot(&x[..n], &x[n..]),
            |x| dot(&x[..n], &x[n..]),
            |x, dx, s| {
                let (mut da, mut db) = (vec![0.0f32; n], vec![0.0f32; n]);
                let y = d_dot(&x[..n], &mut da, &x[n..], &mut db, s);
                dx.iter_mut().zip(da.iter().chain(&db)).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| dot_fwd(&x[..n], &v[..n], &x[n..], &v[n..]),
        );
        support::slice_fn(&x, weighted_reversed, d_weighted_reversed, weighted_reversed_fwd);
    }
}
