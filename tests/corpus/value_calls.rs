//! Values passed by value to differentiable helpers (`dot(a, b)`): the
//! callee's companion taking values lends each value's shadow to its slot.

use crate::values::{flat, v3, V3};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

#[derive(Clone, Copy, Debug)]
pub enum Norm {
    L2,
    Scaled(f64),
}

#[autodiff]
pub fn dot_v(a: V3, b: V3) -> f64 {
    a.x * b.x + a.y * b.y + a.z * b.z
}

/// Writes its copy of `a` (the caller's value is untouched), and passes
/// it twice to another helper.
#[autodiff]
pub fn stretched(mut a: V3, k: f64) -> f64 {
    a.x *= k;
    a.y = a.y * k - a.z;
    dot_v(a, a)
}

/// An enum matched without its data, and one matched for it.
#[autodiff]
pub fn measured(a: V3, n: Norm) -> f64 {
    match n {
        Norm::L2 => dot_v(a, a).sqrt(),
        Norm::Scaled(s) => s * a.x.abs() + a.y,
    }
}

/// Passes its values on without reading a field.
#[autodiff]
pub fn forwarded(a: V3, b: V3, n: Norm) -> f64 {
    measured(a, n) * stretched(b, 0.5)
}

#[autodiff(reverse, d_passes, Active, Active, Active, Const, Active)]
#[autodiff(forward, passes_fwd, Dual, Dual, Dual, Const, Dual)]
pub fn passes(a: V3, b: V3, k: f64, n: Norm) -> f64 {
    let d = V3 { x: a.x * k - b.x, y: a.y - b.y * k, z: a.z };
    let e = dot_v(d, b) + stretched(a, k) + forwarded(d, a, Norm::L2);
    e + forwarded(b, d, n) * 0.25
}

fn check_passes(a: &[f64], b: &[f64], k: f64, n: Norm) {
    let x: Vec<f64> = a.iter().chain(b).copied().chain([k]).collect();
    crate::support::scalar(
        &x,
        crate::support::TOL,
        |x| passes(v3(&x[..3]), v3(&x[3..6]), x[6], n),
        |x, dx, w| {
            let (y, da, db, dk) = d_passes(v3(&x[..3]), v3(&x[3..6]), x[6], n, w);
            let g: Vec<f64> = flat(da).into_iter().chain(flat(db)).chain([dk]).collect();
            dx.iter_mut().zip(g).for_each(|(d, g)| *d += g);
            y
        },
        |x, v| passes_fwd(v3(&x[..3]), v3(&v[..3]), v3(&x[3..6]), v3(&v[3..6]), x[6], v[6], n),
    );
}

#[test]
fn values_passed_to_helpers_by_value() {
    for seed in 0..4 {
        let a = random_vec(3, 0.3, 1.2, 200 + seed);
        let b = random_vec(3, -1.0, 1.0, 210 + seed);
        let n = if seed % 2 == 0 { Norm::L2 } else { Norm::Scaled(1.5) };
        check_passes(&a, &b, 0.8 + 0.1 * seed as f64, n);
    }
}

/// Values passed in a loop (each call's reverse closure kept on the tape)
/// and from a rayon closure, with a value local written in the loop.
#[autodiff(reverse, d_passes_loop, Active, Duplicated, Active)]
#[autodiff(forward, passes_loop_fwd, Dual, Dual, Dual)]
pub fn passes_loop(a: V3, s: &[f64]) -> f64 {
    let mut p = a;
    let mut e = 0.0;
    for i in 0..s.len() {
        let q = V3 { x: s[i], y: p.x * s[i], z: p.z };
        e += dot_v(p, q);
        p.x = p.y * 0.5 + s[i];
    }
    let par: f64 = s
        .par_iter()
        .map(|v| {
            let q = V3 { x: *v, y: v * v, z: 1.0 };
            dot_v(a, q) * stretched(q, *v)
        })
        .sum();
    e + par
}

#[test]
fn values_passed_in_loops_and_rayon_closures() {
    for (seed, n) in [(0, 5), (1, 40), (2, 97)] {
        let x = random_vec(3 + n, -1.0, 1.0, 220 + seed);
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| passes_loop(v3(&x[..3]), &x[3..]),
            |x, dx, w| {
                let mut ds = vec![0.0; n];
                let (y, da) = d_passes_loop(v3(&x[..3]), &x[3..], &mut ds, w);
                dx.iter_mut().zip(flat(da).into_iter().chain(ds)).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| passes_loop_fwd(v3(&x[..3]), v3(&v[..3]), &x[3..], &v[3..]),
        );
    }
}

#[autodiff]
pub fn grow(a: &mut V3, k: f64) {
    a.x = a.x * k + a.y;
    a.z *= a.x;
}

/// Values lent `&mut` to a helper that writes them, a parameter and a
/// local, also in a loop.
#[autodiff(reverse, d_lends, Active, Active, Active)]
#[autodiff(forward, lends_fwd, Dual, Dual, Dual)]
pub fn lends(mut a: V3, k: f64) -> f64 {
    grow(&mut a, 1.1);
    let mut b = a;
    let before = b.x * b.z;
    grow(&mut b, k);
    let mut s = 0.0;
    for i in 0..3 {
        grow(&mut b, k * 0.5);
        s += b.z * (i as f64 + 1.0);
    }
    before + b.x * b.y + b.z + s + a.y
}

#[test]
fn values_lent_mutably_to_helpers() {
    for seed in 0..4 {
        let x = random_vec(4, -1.0, 1.0, 240 + seed);
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| lends(v3(&x[..3]), x[3]),
            |x, dx, w| {
                let (y, da, dk) = d_lends(v3(&x[..3]), x[3], w);
                dx.iter_mut().zip(flat(da).into_iter().chain([dk])).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| lends_fwd(v3(&x[..3]), v3(&v[..3]), x[3], v[3]),
        );
    }
}
