//! `no_grad` on call arguments and on calls: the value is used, no
//! derivative flows through it, and a plain (non-differentiable) function can
//! be called under it.

// Index loops, as numerical code is.
#![allow(clippy::needless_range_loop)]

use parad::check::random_vec;
use parad::{autodiff, no_grad};

#[autodiff]
fn weighted(a: &[f64], b: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..a.len() {
        s += a[i].sin() * b[i];
    }
    s
}

/// `b` reaches `weighted` through `no_grad`: only `a` gets a gradient.
#[autodiff(reverse, d_frozen_weights, Duplicated, Duplicated, Active)]
fn frozen_weights(a: &[f64], b: &[f64]) -> f64 {
    weighted(a, no_grad(b)) * b[0]
}

/// A plain function, not differentiable, called under `no_grad`.
fn plain_scale(x: &[f64]) -> f64 {
    x.iter().map(|v| v * v).sum::<f64>().sqrt()
}

#[autodiff(reverse, d_scaled, Duplicated, Active)]
fn scaled(x: &[f64]) -> f64 {
    let c: f64 = no_grad(plain_scale(x));
    let mut best = f64::INFINITY;
    for i in 0..x.len() {
        let v = x[i] * x[i] - c;
        if v < best {
            best = v;
        }
    }
    best * x[0]
}

#[test]
fn no_grad_slice_argument() {
    let a = random_vec(4, -1.0, 1.0, 21);
    let b = random_vec(4, 0.5, 1.5, 22);
    let (mut da, mut db) = (vec![0.0; 4], vec![0.0; 4]);
    d_frozen_weights(&a, &mut da, &b, &mut db, 1.0);
    // With b frozen inside the call, f = (sum_i sin(a_i) b_i) * b_0: the
    // gradient in a is cos(a_i) b_i b_0, in b only the outer factor's part.
    for i in 0..4 {
        assert!((da[i] - a[i].cos() * b[i] * b[0]).abs() < 1e-12);
    }
    let inner: f64 = (0..4).map(|i| a[i].sin() * b[i]).sum();
    assert!((db[0] - inner).abs() < 1e-12, "{} vs {inner}", db[0]);
    assert!(db[1..].iter().all(|&d| d == 0.0), "no derivative through no_grad: {db:?}");
}

#[test]
fn no_grad_call_of_a_plain_function() {
    let x = random_vec(5, 0.5, 1.5, 23);
    let c = plain_scale(&x);
    // With c held fixed the function is smooth where the minimum is unique:
    // finite differences of the frozen version agree with parad's gradient.
    let frozen = |x: &[f64]| {
        let best = x.iter().map(|v| v * v - c).fold(f64::INFINITY, f64::min);
        best * x[0]
    };
    let mut dx = vec![0.0; 5];
    let v = d_scaled(&x, &mut dx, 1.0);
    assert!((v - frozen(&x)).abs() < 1e-12);
    let h = 1e-6;
    for i in 0..5 {
        let (mut p, mut m) = (x.clone(), x.clone());
        p[i] += h;
        m[i] -= h;
        let fd = (frozen(&p) - frozen(&m)) / (2.0 * h);
        assert!((fd - dx[i]).abs() < 1e-6 * fd.abs().max(1.0), "entry {i}: {fd} vs {}", dx[i]);
    }
}

/// The same plain function under `no_grad` twice: the first result's
/// temporary must not hide the function from the second call.
#[autodiff(reverse, d_twice_frozen, Duplicated, Active)]
fn twice_frozen(x: &[f64]) -> f64 {
    let a = no_grad(plain_scale(x));
    let b = no_grad(plain_scale(&x[1..]));
    x[0] * a + x[1] * b
}

#[test]
fn no_grad_of_one_function_twice() {
    let x = random_vec(4, 0.5, 1.5, 24);
    let mut dx = vec![0.0; 4];
    let v = d_twice_frozen(&x, &mut dx, 1.0);
    let (a, b) = (plain_scale(&x), plain_scale(&x[1..]));
    assert_eq!(v, x[0] * a + x[1] * b);
    // Both factors frozen: the gradient is (a, b, 0, 0).
    assert_eq!(dx, vec![a, b, 0.0, 0.0]);
}
