//! Library methods the macro rewrites into statements it differentiates:
//! `clamp` (on floats and on integer indices), `sin_cos`, the float tests
//! (`is_nan`, `is_finite`, ...), the slice methods `copy_from_slice`,
//! `fill` and `swap`, and array patterns `let [a, b, c] = *p`.

use crate::support::{self, TOL};
use parad::autodiff;
use parad::check::random_vec;

/// A clamped quadratic: the derivative flows to `x` only inside the range,
/// to a bound only where it is taken (both bounds active here).
#[autodiff(reverse, d_clamped, Duplicated, Active, Active, Active)]
#[autodiff(forward, clamped_fwd, Dual, Dual, Dual, Dual)]
pub fn clamped(x: &[f64], lo: f64, hi: f64) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        let c = (2.0 * x[i]).clamp(lo, hi);
        s += c * c * (i as f64 + 1.0);
    }
    s
}

/// `clamp` of an integer index: a window's edge clamped at the ends.
#[autodiff(reverse, d_edge_clamped, Duplicated, Active)]
#[autodiff(forward, edge_clamped_fwd, Dual, Dual)]
pub fn edge_clamped(u: &[f64]) -> f64 {
    let n = u.len() as isize;
    let mut s = 0.0;
    for i in 0..u.len() {
        let left = (i as isize - 1).clamp(0, n - 1) as usize;
        let right = (i as isize + 1).clamp(0, n - 1) as usize;
        s += u[i] * (u[left] + 2.0 * u[right]);
    }
    s
}

/// `sin_cos` and the float tests guarding a fallback.
#[autodiff(reverse, d_rotation, Duplicated, Active)]
#[autodiff(forward, rotation_fwd, Dual, Dual)]
pub fn rotation(x: &[f64]) -> f64 {
    let (s, c) = (x[0] * x[1]).sin_cos();
    let r = x[2] * c - x[3] * s;
    let q = x[2] * s + x[3] * c;
    let ratio = r / q;
    if ratio.is_nan() || !ratio.is_finite() || ratio.is_sign_negative() && ratio.is_infinite() {
        return 0.0;
    }
    ratio.atan() + r * q
}

/// `copy_from_slice` of a whole slice and of sub-slices, `fill` of a tail,
/// `swap` of two elements of a local.
#[autodiff(reverse, d_shuffled, Duplicated, Active)]
#[autodiff(forward, shuffled_fwd, Dual, Dual)]
pub fn shuffled(x: &[f64]) -> f64 {
    let n = x.len();
    let mut y = vec![0.0; n];
    y.copy_from_slice(x);
    y.swap(0, n - 1);
    y.swap(1, 2);
    let mut z = vec![0.0; n + 2];
    z[1..n - 1].copy_from_slice(&y[2..]);
    z[n - 1..].fill(y[0] * y[1]);
    let mut s = 0.0;
    for i in 0..n {
        s += (i as f64 + 1.0) * y[i] * y[i];
    }
    for i in 0..z.len() {
        s += (i as f64 + 0.5) * z[i].sin();
    }
    s
}

/// `copy_from_slice` and `fill` into a `&mut` output: `x` shifted by one,
/// its head `x[0]^2`.
#[autodiff(reverse, d_shift_into, Duplicated, Duplicated)]
#[autodiff(forward, shift_into_fwd, Dual, Dual)]
pub fn shift_into(x: &[f64], out: &mut [f64]) {
    let n = x.len();
    out[1..].copy_from_slice(&x[..n - 1]);
    out[..1].fill(x[0] * x[0]);
}

/// Array patterns on a `&[f64; 3]` parameter and on an array literal (the
/// names swapped), with `_`.
#[autodiff(reverse, d_unpacked, Duplicated, Active)]
#[autodiff(forward, unpacked_fwd, Dual, Dual)]
pub fn unpacked(p: &[f64; 3]) -> f64 {
    let [a, b, c] = *p;
    let [b, _, a] = [a * c, b, b];
    let [u, v]: [f64; 2] = [a.exp(), b.sin()];
    u * v + c
}

#[test]
fn clamp_of_floats_inside_and_at_both_bounds() {
    // 2 x spans [-2, 2] around the bounds [-0.7, 0.9]; no element sits on
    // a kink.
    let x = [-1.0, -0.2, 0.1, 0.3, 0.8, 0.05, -0.6];
    let all = support::cat(&[&x, &[-0.7, 0.9]]);
    support::scalar(
        &all,
        TOL,
        |v| clamped(&v[..7], v[7], v[8]),
        |v, dv, seed| {
            let (value, dlo, dhi) = d_clamped(&v[..7], &mut dv[..7], v[7], v[8], seed);
            dv[7] += dlo;
            dv[8] += dhi;
            value
        },
        |v, t| clamped_fwd(&v[..7], &t[..7], v[7], t[7], v[8], t[8]),
    );
    // Clamped elements give no derivative: the first is below, the fifth above.
    let mut dx = vec![0.0; 7];
    let _ = d_clamped(&x, &mut dx, -0.7, 0.9, 1.0);
    assert_eq!((dx[0], dx[4]), (0.0, 0.0));
    assert!(dx[1] != 0.0 && dx[2] != 0.0);
}

#[test]
fn clamp_keeps_a_nan_as_the_primal_does() {
    let x = [f64::NAN, 0.1];
    let mut dx = [0.0; 2];
    let (value, _, _) = d_clamped(&x, &mut dx, -0.7, 0.9, 1.0);
    assert!(value.is_nan() && clamped(&x, -0.7, 0.9).is_nan());
}

#[test]
fn clamp_of_integer_indices() {
    support::slice_fn(&random_vec(7, -1.0, 1.0, 1101), edge_clamped, d_edge_clamped, edge_clamped_fwd);
}

#[test]
fn sin_cos_and_float_tests() {
    support::slice_fn(&random_vec(4, 0.2, 1.0, 1102), rotation, d_rotation, rotation_fwd);
    // The fallback branch: q = 0 makes the ratio infinite. (Its gradient
    // is NaN, not 0: the adjoint of `r / q` still runs, with a zero
    // adjoint, and 0 * inf is NaN, as in every reverse-mode tool.)
    let x = [0.0, 0.0, 1.0, 0.0];
    let mut dx = [0.0; 4];
    assert_eq!(rotation(&x), 0.0);
    assert_eq!(d_rotation(&x, &mut dx, 1.0), 0.0);
    assert_eq!(rotation_fwd(&x, &[1.0; 4]).0, 0.0);
}

#[test]
fn copy_from_slice_fill_and_swap() {
    support::slice_fn(&random_vec(6, -1.0, 1.0, 1103), shuffled, d_shuffled, shuffled_fwd);
}

#[test]
fn copy_from_slice_into_a_mut_output() {
    support::map(
        &random_vec(5, -1.0, 1.0, 1104),
        5,
        TOL,
        1105,
        |x| {
            let mut out = vec![0.0; 5];
            shift_into(x, &mut out);
            out
        },
        |x, dx, w| {
            let mut out = vec![0.0; 5];
            let mut dout = w.to_vec();
            d_shift_into(x, dx, &mut out, &mut dout);
            out
        },
        |x, v| {
            let (mut out, mut tout) = (vec![0.0; 5], vec![0.0; 5]);
            shift_into_fwd(x, v, &mut out, &mut tout);
            (out, tout)
        },
    );
}

#[test]
#[should_panic(expected = "copy_from_slice: the source and destination slices have different lengths")]
fn copy_from_slice_of_different_lengths_panics_as_the_primal_does() {
    let (x, mut dx) = ([1.0, 2.0, 3.0], [0.0; 3]);
    let mut out = [0.0; 4];
    let mut dout = [0.0; 4];
    d_shift_into(&x, &mut dx, &mut out, &mut dout);
}

#[test]
fn array_patterns() {
    support::scalar(
        &random_vec(3, -1.0, 1.0, 1106),
        TOL,
        |x| unpacked(&[x[0], x[1], x[2]]),
        |x, dx, seed| {
            let mut d = [0.0; 3];
            let value = d_unpacked(&[x[0], x[1], x[2]], &mut d, seed);
            dx.iter_mut().zip(d).for_each(|(a, b)| *a += b);
            value
        },
        |x, t| unpacked_fwd(&[x[0], x[1], x[2]], &[t[0], t[1], t[2]]),
    );
}
