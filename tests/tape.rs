//! The tape plan: values the reverse sweep reads are saved exactly when a
//! later write would destroy them. Each function here is built so that a
//! missing save gives a wrong gradient, and is checked against finite
//! differences and against forward mode.

use parad::autodiff;
use parad::check::{dot_product, gradient, random_vec};

/// A read (`v[0] * v[1]`) before a write of `v[0]`: the old value is saved.
#[autodiff(reverse, d_read_then_write, Duplicated, Active)]
#[autodiff(forward, f_read_then_write, Dual, Dual)]
fn read_then_write(x: &[f64]) -> f64 {
    let mut v = x.to_vec();
    let s = v[0] * v[1];
    v[0] = v[0].sin();
    s + v[0] * v[2]
}

/// A write before the only read: nothing to save.
#[autodiff(reverse, d_write_then_read, Duplicated, Active)]
#[autodiff(forward, f_write_then_read, Dual, Dual)]
fn write_then_read(x: &[f64]) -> f64 {
    let mut v = x.to_vec();
    v[0] = x[0] * x[1];
    v[1] = v[0].exp();
    v[0] * v[1] + v[2]
}

/// Read and write in the same loop: every iteration's old value is saved.
#[autodiff(reverse, d_loop_rw, Duplicated, Active)]
#[autodiff(forward, f_loop_rw, Dual, Dual)]
fn loop_rw(x: &[f64]) -> f64 {
    let mut v = x.to_vec();
    for _ in 0..4 {
        for i in 0..v.len() - 1 {
            let t = v[i] * v[i + 1];
            v[i] = t.sin() + 0.5 * v[i];
        }
    }
    v.iter().sum()
}

/// A triangular loop nest: the inner trip count varies, so the tape is a stack.
#[autodiff(reverse, d_triangle, Duplicated, Active)]
#[autodiff(forward, f_triangle, Dual, Dual)]
fn triangle(x: &[f64]) -> f64 {
    let n = x.len();
    let mut acc = vec![1.0; n];
    for i in 0..n {
        for j in 0..i {
            acc[j] = acc[j] * x[i] + x[j].cos();
        }
    }
    acc.iter().map(|a| a * a).sum()
}

/// Scalars overwritten in a `while` loop of data-dependent length.
#[autodiff(reverse, d_while_overwrite, Duplicated, Active)]
#[autodiff(forward, f_while_overwrite, Dual, Dual)]
fn while_overwrite(x: &[f64]) -> f64 {
    let mut s = x[0];
    let mut k = 0;
    while k < x.len() && s.abs() < 50.0 {
        s = s * x[k] + (s * 0.3).sin();
        k += 1;
    }
    s
}

/// Two buffers swapped every step with a nonlinear update: what the swap
/// moves must be restored through either name.
#[autodiff(reverse, d_swap_nonlinear, Duplicated, Active)]
#[autodiff(forward, f_swap_nonlinear, Dual, Dual)]
fn swap_nonlinear(x: &[f64]) -> f64 {
    let n = x.len();
    let mut a = x.to_vec();
    let mut b = vec![0.0; n];
    for _ in 0..5 {
        for i in 0..n {
            b[i] = a[i] * a[(i + 1) % n] * 0.7 + a[i].tanh();
        }
        std::mem::swap(&mut a, &mut b);
    }
    a.iter().map(|v| v * v).sum()
}

/// `*=` at the top level: the old value is both read and overwritten by one statement.
#[autodiff(reverse, d_scale_twice, Active, Active, Active)]
#[autodiff(forward, f_scale_twice, Dual, Dual, Dual)]
fn scale_twice(x: f64, y: f64) -> f64 {
    let mut p = x;
    p *= y;
    p *= p;
    p /= x + 2.0;
    p
}

fn check(
    n: usize,
    seed: u64,
    rev: impl Fn(&[f64], &mut [f64]) -> f64,
    fwd: impl Fn(&[f64], &[f64]) -> f64,
) {
    let x = random_vec(n, 0.2, 0.9, seed);
    gradient(&rev, &x, 1e-6);
    dot_product(
        |x, v| vec![fwd(x, v)],
        |x, w| {
            let mut dx = vec![0.0; x.len()];
            rev(x, &mut dx);
            dx.iter().map(|d| d * w[0]).collect()
        },
        &x,
    );
}

#[test]
fn read_before_write_is_saved() {
    check(3, 1, |x, dx| d_read_then_write(x, dx, 1.0), |x, t| f_read_then_write(x, t).1);
}

#[test]
fn write_before_read_needs_nothing() {
    check(3, 2, |x, dx| d_write_then_read(x, dx, 1.0), |x, t| f_write_then_read(x, t).1);
}

#[test]
fn loop_read_write() {
    check(6, 3, |x, dx| d_loop_rw(x, dx, 1.0), |x, t| f_loop_rw(x, t).1);
}

#[test]
fn triangular_nest_uses_stack() {
    check(7, 4, |x, dx| d_triangle(x, dx, 1.0), |x, t| f_triangle(x, t).1);
}

#[test]
fn while_loop_overwrites() {
    check(8, 5, |x, dx| d_while_overwrite(x, dx, 1.0), |x, t| f_while_overwrite(x, t).1);
}

#[test]
fn swapped_buffers_restore() {
    check(5, 6, |x, dx| d_swap_nonlinear(x, dx, 1.0), |x, t| f_swap_nonlinear(x, t).1);
}

#[test]
fn compound_assignments_at_top_level() {
    check(
        2,
        7,
        |x, dx| {
            let (v, a, b) = d_scale_twice(x[0], x[1], 1.0);
            dx[0] += a;
            dx[1] += b;
            v
        },
        |x, t| f_scale_twice(x[0], t[0], x[1], t[1]).1,
    );
}
