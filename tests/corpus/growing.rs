//! A `Duplicated` `&mut Vec<F>` whose length the function changes: `push`,
//! `extend_from_slice`, `resize`, `truncate`, `pop`, `clear`, `*out = ..`,
//! an early `return`, the vector lent to a helper, and values collected by
//! rayon appended. `dout` holds on entry the seed of each final element and
//! on return the adjoint of each initial one; `tout` the tangent of the
//! initial contents on entry and of the final ones on return. Checked
//! against central differences of `<w, out>` (with `w` random, one weight
//! per final element) as a function of the inputs and of the initial
//! contents, and forward against reverse.

use crate::support::{self, TOL};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

/// Keeps the positive inputs' sines, then a window of the inputs, then two
/// copies of `k²`; whatever `out` held is dropped.
#[autodiff(reverse, d_emit, Duplicated, Active, Duplicated)]
#[autodiff(forward, emit_fwd, Dual, Dual, Dual)]
pub fn emit(x: &[f64], k: f64, out: &mut Vec<f64>) {
    out.clear();
    for i in 0..x.len() {
        if x[i] > 0.0 {
            out.push(k * x[i].sin());
        }
    }
    out.extend_from_slice(&x[1..3]);
    out.resize(out.len() + 2, k * k);
}

/// Appends to what `out` holds, after scaling it and dropping its last
/// element; stops early at the first large input.
#[autodiff(reverse, d_append, Duplicated, Duplicated)]
#[autodiff(forward, append_fwd, Dual, Dual)]
pub fn append(x: &[f64], out: &mut Vec<f64>) {
    out.pop();
    scale(out, 1.5);
    for i in 0..x.len() {
        if x[i] > 0.95 {
            return;
        }
        out.push(x[i] * out[0]);
    }
    out.truncate(out.len() - 1);
}

#[autodiff]
pub fn scale(v: &mut [f64], k: f64) {
    for e in v.iter_mut() {
        *e *= k;
    }
}

/// The whole vector replaced, then values computed by rayon appended.
#[autodiff(reverse, d_replace, Duplicated, Duplicated)]
#[autodiff(forward, replace_fwd, Dual, Dual)]
pub fn replace(x: &[f64], out: &mut Vec<f64>) {
    let first = out[0];
    *out = vec![first * x[0]; 2];
    let squares: Vec<f64> = x.par_iter().map(|v| v * v + first).collect();
    out.extend_from_slice(&squares);
    out.resize(3, 0.0);
}

/// `<w, out>` after `f(x, out)` and its gradient with respect to `x` and
/// the initial contents, packed as `[x.., out..]`; checked against central
/// differences and forward mode.
fn check_growth(
    packed: &[f64],
    n: usize,
    f: impl Fn(&[f64], &mut Vec<f64>),
    d_f: impl Fn(&[f64], &mut [f64], &mut Vec<f64>, &mut Vec<f64>),
    f_fwd: impl Fn(&[f64], &[f64], &mut Vec<f64>, &mut Vec<f64>),
) {
    let final_len = {
        let mut out = packed[n..].to_vec();
        f(&packed[..n], &mut out);
        out.len()
    };
    let w = random_vec(final_len, -1.0, 1.0, 4001 + final_len as u64);
    let rev = |p: &[f64], dp: &mut [f64], s: f64| {
        let (x, initial) = p.split_at(n);
        let (dx, dinitial) = dp.split_at_mut(n);
        let mut out = initial.to_vec();
        let mut dout: Vec<f64> = w.iter().map(|v| v * s).collect();
        d_f(x, dx, &mut out, &mut dout);
        assert_eq!(dout.len(), initial.len(), "dout on return: one adjoint per initial element");
        assert_eq!(out.len(), final_len);
        dinitial.iter_mut().zip(&dout).for_each(|(a, b)| *a += b);
        support::inner(&out, &w)
    };
    let fwd = |p: &[f64], t: &[f64]| {
        let mut out = p[n..].to_vec();
        let mut tout = t[n..].to_vec();
        f_fwd(&p[..n], &t[..n], &mut out, &mut tout);
        assert_eq!(tout.len(), out.len(), "tout on return: one tangent per final element");
        (support::inner(&out, &w), support::inner(&tout, &w))
    };
    let primal = |p: &[f64]| {
        let mut out = p[n..].to_vec();
        f(&p[..n], &mut out);
        support::inner(&out, &w)
    };
    support::scalar(packed, TOL, primal, rev, fwd);
}

#[test]
fn a_vector_cleared_pushed_extended_and_resized() {
    // x (four, two of them negative), k, and three initial elements.
    let mut p = random_vec(8, 0.1, 1.0, 4010);
    p[1] = -p[1];
    p[3] = -p[3];
    check_growth(
        &p,
        5,
        |xk, out| emit(&xk[..4], xk[4], out),
        |xk, dxk, out, dout| {
            let (dx, dk) = dxk.split_at_mut(4);
            dk[0] += d_emit(&xk[..4], dx, xk[4], out, dout);
        },
        |xk, t, out, tout| emit_fwd(&xk[..4], &t[..4], xk[4], t[4], out, tout),
    );
    // The final length: two positive inputs, two copied, two appended.
    let mut out = vec![1.0; 3];
    emit(&p[..4], p[4], &mut out);
    assert_eq!(out.len(), 6);
}

#[test]
fn a_vector_appended_to_after_a_pop_and_an_early_return() {
    let x = random_vec(5, 0.0, 0.9, 4011);
    let initial = random_vec(4, -1.0, 1.0, 4012);
    // Every input below the threshold, then one above it: both exits.
    let mut stops = x.clone();
    stops[3] = 0.97;
    for x in [&x, &stops] {
        let p: Vec<f64> = x.iter().chain(&initial).copied().collect();
        check_growth(&p, 5, append, d_append, append_fwd);
    }
}

#[test]
fn a_vector_replaced_whole_and_extended_by_rayon() {
    let p: Vec<f64> = random_vec(6, -1.0, 1.0, 4013);
    check_growth(&p, 4, replace, d_replace, replace_fwd);
}

/// The seed's length is checked once the final length is known, when the
/// forward sweep ends.
#[test]
fn a_seed_of_another_length_is_refused() {
    let x = [0.5, 0.2, 0.1, 0.4];
    let msg = support::panic_message(move || {
        let (mut out, mut dout) = (vec![0.0; 2], vec![1.0; 3]);
        d_emit(&x, &mut [0.0; 4], 0.3, &mut out, &mut dout);
    });
    assert!(msg.contains("must have the length of the resulting vector"), "{msg}");
}

/// Float-generic: the derivative is generic the same way.
#[autodiff(reverse, d_gather, Duplicated, Duplicated)]
#[autodiff(forward, gather_fwd, Dual, Dual)]
pub fn gather<T: parad::Float>(x: &[T], out: &mut Vec<T>) {
    let scale = out.iter().fold(T::one(), |a, b| a + *b * *b);
    for i in 0..x.len() {
        out.push(x[i] * x[i] / scale);
    }
}

#[test]
fn a_float_generic_vector_grown_at_f64_and_f32() {
    let p = random_vec(6, -1.0, 1.0, 4014);
    check_growth(&p, 4, gather::<f64>, d_gather::<f64>, gather_fwd::<f64>);
    let x32 = support::to_f32(&p[..4]);
    let (mut out32, mut dout32) = (support::to_f32(&p[4..]), vec![1.0f32; 6]);
    let mut dx32 = vec![0.0f32; 4];
    d_gather(&x32, &mut dx32, &mut out32, &mut dout32);
    let (mut out, mut dout) = (p[4..].to_vec(), vec![1.0; 6]);
    let mut dx = vec![0.0; 4];
    d_gather(&p[..4], &mut dx, &mut out, &mut dout);
    support::assert_all_close("f32 adjoint of x", &support::to_f64(&dx32), &dx, 1e-5);
    support::assert_all_close("f32 adjoint of the initial contents", &support::to_f64(&dout32), &dout, 1e-5);
}
