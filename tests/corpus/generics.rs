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
    let mut s = T::zero();
    for i in 0..x.len() {
        let d = x[i] - x[(i + 1) % x.len()];
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
