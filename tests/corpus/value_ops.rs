//! Operators and methods on values (`a - b`, `e * k`, `-e`, `a.dot(b)`,
//! `(a - b).norm2()`, `2.0 * a` of `impl Mul<V3> for f64`) through
//! `#[autodiff]` on their `impl` blocks, and helpers returning values
//! (`let r: V3 = reflect(a, n)`).

use crate::values::{flat, v3, V3};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;
use std::ops::{Add, Div, Mul, Neg, Sub};

#[autodiff]
impl Add for V3 {
    type Output = V3;
    fn add(self, o: V3) -> V3 {
        V3 { x: self.x + o.x, y: self.y + o.y, z: self.z + o.z }
    }
}

/// Written as operator impls usually are: `Self` and `Self::Output`.
#[autodiff]
impl Sub for V3 {
    type Output = Self;
    fn sub(self, o: Self) -> Self::Output {
        Self { x: self.x - o.x, y: self.y - o.y, z: self.z - o.z }
    }
}

#[autodiff]
impl Mul<f64> for V3 {
    type Output = V3;
    fn mul(self, k: f64) -> V3 {
        V3 { x: self.x * k, y: self.y * k, z: self.z * k }
    }
}

#[autodiff]
impl Div<f64> for V3 {
    type Output = V3;
    fn div(self, k: f64) -> V3 {
        self * (1.0 / k)
    }
}

#[autodiff]
impl Neg for V3 {
    type Output = V3;
    fn neg(self) -> Self::Output {
        V3 { x: -self.x, y: -self.y, z: -self.z }
    }
}

#[autodiff]
impl V3 {
    pub fn dot(self, o: V3) -> f64 {
        self.x * o.x + self.y * o.y + self.z * o.z
    }

    pub fn norm2(self) -> f64 {
        self.dot(self)
    }

    pub fn cross(self, o: V3) -> V3 {
        V3 { x: self.y * o.z - self.z * o.y, y: self.z * o.x - self.x * o.z, z: self.x * o.y - self.y * o.x }
    }
}

/// A helper returning a value: `a` reflected in the plane normal to `n`.
#[autodiff]
pub fn reflect(a: V3, n: V3) -> V3 {
    let k = 2.0 * a.dot(n) / n.norm2();
    a - n * k
}

#[autodiff(reverse, d_ops, Active, Active, Active, Active)]
#[autodiff(forward, ops_fwd, Dual, Dual, Dual, Dual)]
pub fn ops(a: V3, b: V3, k: f64) -> f64 {
    let d = a - b;
    let e = (d + a) * k;
    let f = -e / 1.5;
    let mut s = 0.0;
    for i in 0..3 {
        let g: V3 = reflect(f * (i as f64 + k) - d, b);
        let c: V3 = g.cross(a);
        s += g.dot(d) + c.z;
    }
    e.dot(d) + e.x * s + (f - a).norm2()
}

#[test]
fn operators_methods_and_value_results() {
    for seed in 0..4 {
        let x = random_vec(7, -1.0, 1.0, 300 + seed);
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| ops(v3(&x[..3]), v3(&x[3..6]), x[6]),
            |x, dx, w| {
                let (y, da, db, dk) = d_ops(v3(&x[..3]), v3(&x[3..6]), x[6], w);
                let g: Vec<f64> = flat(da).into_iter().chain(flat(db)).chain([dk]).collect();
                dx.iter_mut().zip(g).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| ops_fwd(v3(&x[..3]), v3(&v[..3]), v3(&x[3..6]), v3(&v[3..6]), x[6], v[6]),
        );
    }
}

/// A soft-core pair energy over particles held flat, the pairs in a rayon
/// loop, each pair's distance an operator and a method.
#[autodiff(reverse, d_pair_energy, Duplicated, Active)]
#[autodiff(forward, pair_energy_fwd, Dual, Dual)]
pub fn pair_energy(x: &[f64]) -> f64 {
    let n = x.len() / 3;
    (0..n)
        .into_par_iter()
        .map(|i| {
            let a = V3 { x: x[3 * i], y: x[3 * i + 1], z: x[3 * i + 2] };
            let mut e = 0.0;
            for j in 0..n {
                if j != i {
                    let b = V3 { x: x[3 * j], y: x[3 * j + 1], z: x[3 * j + 2] };
                    e += 1.0 / (0.5 + (a - b).norm2());
                }
            }
            e
        })
        .sum()
}

#[test]
fn operators_in_a_rayon_loop() {
    for (seed, n) in [(0, 2), (1, 7), (2, 40)] {
        let x = random_vec(3 * n, -2.0, 2.0, 320 + seed);
        crate::support::slice_fn(&x, pair_energy, d_pair_energy, pair_energy_fwd);
    }
}

/// A number times a value: its companions go to `impl V3` (as `rmul`'s).
#[autodiff]
impl Mul<V3> for f64 {
    type Output = V3;
    fn mul(self, v: V3) -> V3 {
        V3 { x: self * v.x, y: self * v.y, z: self * v.z }
    }
}

/// `k * a` with `k` a literal, an active number and an expression, in
/// serial code and in a rayon closure.
#[autodiff(reverse, d_scaled_left, Active, Duplicated, Active, Active)]
#[autodiff(forward, scaled_left_fwd, Dual, Dual, Dual, Dual)]
pub fn scaled_left(a: V3, xs: &[f64], k: f64) -> f64 {
    let b: V3 = 2.0 * a + (k * k) * a * 0.5;
    let c = k * b - a;
    let spread: f64 = (0..xs.len())
        .into_par_iter()
        .map(|i| {
            let p = V3 { x: xs[i], y: xs[i] * xs[i], z: 1.0 };
            (xs[i] * p - k * c).norm2()
        })
        .sum();
    c.dot(b) + spread
}

#[test]
fn a_number_times_a_value() {
    for (seed, n) in [(0, 1), (1, 5)] {
        let x = random_vec(4 + n, -1.0, 1.0, 320 + seed);
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| scaled_left(v3(&x[..3]), &x[4..], x[3]),
            |x, dx, w| {
                let mut dxs = vec![0.0; n];
                let (y, da, dk) = d_scaled_left(v3(&x[..3]), &x[4..], &mut dxs, x[3], w);
                let g: Vec<f64> = flat(da).into_iter().chain([dk]).chain(dxs).collect();
                dx.iter_mut().zip(g).for_each(|(d, g)| *d += g);
                y
            },
            |x, v| scaled_left_fwd(v3(&x[..3]), v3(&v[..3]), &x[4..], &v[4..], x[3], v[3]),
        );
    }
}
