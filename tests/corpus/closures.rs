//! Closures stored in variables and called by name (also passed to `map`):
//! capturing active and constant values, with typed and untyped parameters, a block body, a
//! closure calling another, a closure writing into a captured buffer
//! (`FnMut`), an integer-valued closure used as an index, and a name
//! shadowed after the closure was made (the closure keeps what it
//! captured).

use crate::support::{self, TOL};
use parad::autodiff;
use parad::check::random_vec;

/// A smooth penalty and a scaled wave, both closures over active values.
#[autodiff(reverse, d_penalty_sum, Duplicated, Active, Active)]
#[autodiff(forward, penalty_sum_fwd, Dual, Dual, Dual)]
pub fn penalty_sum(x: &[f64], k: f64) -> f64 {
    let scale = x[0] * k;
    let wave = |v: f64| scale * v.sin();
    let penalty = |v| {
        let d = v - 0.5;
        d * d * wave(v)
    };
    let mut s = 0.0;
    for i in 0..x.len() {
        s += penalty(x[i]) + wave(x[i] * 2.0);
    }
    s + x.iter().copied().map(wave).sum::<f64>()
}

/// The closure reads `a` as it was when the closure was made, not the
/// `a` that shadows it later.
#[autodiff(reverse, d_captured, Duplicated, Active)]
#[autodiff(forward, captured_fwd, Dual, Dual)]
pub fn captured(x: &[f64]) -> f64 {
    let a = x[0] * x[1];
    let times_a = |v: f64| a * v;
    let a = x[2].exp();
    let mut s = a;
    for i in 0..x.len() {
        s += times_a(x[i]);
    }
    s
}

/// A closure adding into a captured output, and one computing a
/// neighbour's index.
#[autodiff(reverse, d_scatter, Duplicated, Duplicated)]
#[autodiff(forward, scatter_fwd, Dual, Dual)]
pub fn scatter(x: &[f64], out: &mut [f64]) {
    let n = x.len();
    let next = |i: usize| (i + 1) % n;
    let mut add = |i: usize, v: f64| {
        out[i] += v * v;
    };
    for i in 0..n {
        add(next(i), x[i]);
        add(i, 0.5 * x[next(i)]);
    }
}

#[test]
fn closures_over_active_values() {
    let x = random_vec(7, -1.0, 1.0, 930);
    let k = 1.3;
    support::scalar(
        &[x.as_slice(), &[k]].concat(),
        TOL,
        |x| penalty_sum(&x[..7], x[7]),
        |x, dx, seed| {
            let (v, dk) = d_penalty_sum(&x[..7], &mut dx[..7], x[7], seed);
            dx[7] += dk;
            v
        },
        |x, t| penalty_sum_fwd(&x[..7], &t[..7], x[7], t[7]),
    );
}

#[test]
fn closure_keeps_its_captures() {
    let x = random_vec(5, -1.0, 1.0, 931);
    support::slice_fn(&x, captured, d_captured, captured_fwd);
    // The value: `a` inside the closure is `x[0] * x[1]`.
    let a = x[0] * x[1];
    let want = x[2].exp() + x.iter().map(|v| a * v).sum::<f64>();
    support::assert_close("captured", captured(&x), want, 1e-14);
    let mut dx = vec![0.0; 5];
    support::assert_close("d_captured value", d_captured(&x, &mut dx, 1.0), want, 1e-14);
}

#[test]
fn closure_writing_a_captured_buffer() {
    let n = 6;
    let x = random_vec(n, -1.0, 1.0, 932);
    support::map(
        &x,
        n,
        TOL,
        933,
        |x| {
            let mut out = vec![0.0; n];
            scatter(x, &mut out);
            out
        },
        |x, dx, w| {
            let mut out = vec![0.0; n];
            let mut dout = w.to_vec();
            d_scatter(x, dx, &mut out, &mut dout);
            out
        },
        |x, t| {
            let mut out = vec![0.0; n];
            let mut tout = vec![0.0; n];
            scatter_fwd(x, t, &mut out, &mut tout);
            (out, tout)
        },
    );
}

/// Closures with reference parameters (`|v: &f64|`, `|v: &&f64|`) passed by
/// name to `filter` and `map`, and one called directly on an element.
#[autodiff(reverse, d_by_reference, Duplicated, Active)]
#[autodiff(forward, by_reference_fwd, Dual, Dual)]
pub fn by_reference(x: &[f64]) -> f64 {
    let keep = |v: &&f64| **v > -0.2;
    let wave = |v: &f64| v * v.sin();
    let kept: f64 = x.iter().filter(keep).map(wave).sum();
    kept + wave(&x[0])
}

#[test]
fn closures_with_reference_parameters() {
    let x = random_vec(9, -1.0, 1.0, 932);
    support::slice_fn(&x, by_reference, d_by_reference, by_reference_fwd);
    let wave = |v: f64| v * v.sin();
    let want = x.iter().filter(|v| **v > -0.2).map(|v| wave(*v)).sum::<f64>() + wave(x[0]);
    support::assert_close("by_reference", by_reference(&x), want, 1e-14);
}
