//! The tape plan: values the reverse sweep reads are saved exactly when a
//! later write would destroy them. Each function here is built so that a
//! missing save gives a wrong gradient, and is checked against finite
//! differences and against forward mode.

// The functions are index loops, built to need particular saves.
#![allow(clippy::needless_range_loop)]

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

fn check(n: usize, seed: u64, rev: impl Fn(&[f64], &mut [f64]) -> f64, fwd: impl Fn(&[f64], &[f64]) -> f64) {
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

/// Sweep fusion: the last loop's adjoint runs inside it when the tail is
/// linear in what the loop computes (`0.5 * s`).
#[autodiff(reverse, d_fused_loss, Duplicated, Duplicated, Active)]
#[autodiff(forward, f_fused_loss, Dual, Dual, Dual)]
fn fused_loss(x: &[f64], w: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += w[i] * x[i].sin() * x[(i + 1) % x.len()];
    }
    0.5 * s - 0.25 * s
}

/// Not fusable: the tail reads the loop's result (`sqrt`).
#[autodiff(reverse, d_norm_tail, Duplicated, Active)]
#[autodiff(forward, f_norm_tail, Dual, Dual)]
fn norm_tail(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for v in x {
        s += v * v;
    }
    s.sqrt()
}

/// Not fusable: the accumulator is also read in the loop.
#[autodiff(reverse, d_self_reading, Duplicated, Active)]
#[autodiff(forward, f_self_reading, Dual, Dual)]
fn self_reading(x: &[f64]) -> f64 {
    let mut s = 1.0;
    for i in 0..x.len() {
        s += 0.1 * s * x[i];
    }
    s
}

/// Fusable with an output buffer written at the loop's own index.
#[autodiff(reverse, d_rowwise, Duplicated, Duplicated)]
#[autodiff(forward, f_rowwise, Dual, Dual)]
fn rowwise(x: &[f64], y: &mut [f64]) {
    let n = x.len();
    for i in 0..y.len() {
        let mut acc = 0.0;
        for j in 0..n {
            acc += (x[j] * (i + j) as f64).cos();
        }
        y[i] = acc * x[i % n];
    }
}

#[test]
fn fused_reduction() {
    check(
        10,
        8,
        |x, dx| {
            let (a, b) = x.split_at(5);
            let (da, db) = dx.split_at_mut(5);
            d_fused_loss(a, da, b, db, 1.0)
        },
        |x, t| f_fused_loss(&x[..5], &t[..5], &x[5..], &t[5..]).1,
    );
}

#[test]
fn unfused_tails() {
    check(6, 9, |x, dx| d_norm_tail(x, dx, 1.0), |x, t| f_norm_tail(x, t).1);
    check(6, 10, |x, dx| d_self_reading(x, dx, 1.0), |x, t| f_self_reading(x, t).1);
}

#[test]
fn fused_output_rows() {
    let x = random_vec(4, 0.2, 0.9, 11);
    let w = random_vec(3, -1.0, 1.0, 12);
    // Loss sum_i w_i y_i(x) through the output's shadow.
    gradient(
        |x, dx| {
            let mut y = vec![0.0; 3];
            let mut dy = w.clone();
            d_rowwise(x, dx, &mut y, &mut dy);
            assert!(dy.iter().all(|&d| d == 0.0), "a write-only output's shadow comes back zero");
            y.iter().zip(&w).map(|(a, b)| a * b).sum()
        },
        &x,
        1e-6,
    );
    dot_product(
        |x, t| {
            let (mut y, mut ty) = (vec![0.0; 3], vec![0.0; 3]);
            f_rowwise(x, t, &mut y, &mut ty);
            ty
        },
        |x, w| {
            let mut dx = vec![0.0; x.len()];
            let (mut y, mut dy) = (vec![0.0; 3], w.to_vec());
            d_rowwise(x, &mut dx, &mut y, &mut dy);
            dx
        },
        &x,
    );
}

/// A body-local accumulator filled by an inner loop and read once after it:
/// the inner writes need no saves (the variable is new in every outer
/// iteration), and the gradient must still be right.
#[autodiff(reverse, d_row_norms, Duplicated, Active)]
#[autodiff(forward, f_row_norms, Dual, Dual)]
fn row_norms(a: &[f64]) -> f64 {
    let n = 3;
    let mut out = 0.0;
    for i in 0..a.len() / n {
        let mut v = 0.0;
        for j in 0..n {
            v += a[i * n + j] * a[(i * n + j + 1) % a.len()];
        }
        out += v * v;
    }
    out
}

#[test]
fn body_local_accumulators() {
    check(9, 15, |x, dx| d_row_norms(x, dx, 1.0), |x, t| f_row_norms(x, t).1);
}

/// Tapes come from a per-thread pool: a second call finds the buffers the
/// first gave back, starts them empty and computes the same gradient
/// bitwise; a smaller call in between, on the larger buffers, computes what
/// it computes on fresh ones; and once warm, calls keep the same memory.
#[test]
fn tapes_are_reused_across_calls() {
    let grad = |x: &[f64]| {
        let mut dx = vec![0.0; x.len()];
        let v = d_triangle(x, &mut dx, 1.0);
        dx.push(v);
        dx.iter().map(|d| d.to_bits()).collect::<Vec<u64>>()
    };
    let x = random_vec(300, 0.2, 0.9, 16);
    parad::release_tape_memory();
    let fresh_small = grad(&x[..20]);
    parad::release_tape_memory();
    let first = grad(&x);
    let kept = parad::retained_tape_memory();
    // The stack holds one f64 per (i, j < i) pair.
    assert!(kept >= 300 * 299 / 2 * 8, "the tape was kept: {kept} bytes");
    assert_eq!(grad(&x[..20]), fresh_small);
    assert_eq!(grad(&x), first);
    let warm = parad::retained_tape_memory();
    assert_eq!(grad(&x), first);
    assert_eq!(parad::retained_tape_memory(), warm);
    assert_eq!(parad::release_tape_memory(), warm);
    assert_eq!(parad::retained_tape_memory(), 0);
}
