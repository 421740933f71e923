//! `saddle`: `min_x max_y f(x, y)` for `f(x, y) = (x1^2 + x2^2) - (y1^2 + y2^2)`
//! by gradient descent, both from the same starting point, with nested AD.
//!
//! The inner gradient (of `f` for `y`) is a parad derivative of
//! [`objective`]: reverse ([`d_objective`]) or forward ([`t_objective`], one
//! pass per coordinate). The outer cost `max_y f(x, y)` runs the whole inner
//! gradient descent ([`max_r`], [`max_f`]) and is differentiated again for
//! `x`, by reverse ([`d_max_r`], [`d_max_f`]) or forward ([`t_max_r`],
//! [`t_max_f`]) mode: the outer derivative differentiates code that calls
//! the inner derivative. The outer descent itself ([`argmin`]) is plain Rust.
//!
//! Function names are the outer mode, then the inner one: `rf` minimises
//! with reverse mode over a maximisation by forward mode. The final argmax
//! (step 2: `y` for the found `x`) uses the inner mode, as the C++ tools do.

use super::{job, unknown_function, Job};
use crate::json::vec_of;
use parad::autodiff;
use serde_json::Value;

pub const READY: bool = true;

/// The descent stops when the gradient or the step is this short.
const TOL: f64 = 1e-5;
/// The first step size.
const ETA0: f64 = 1e-5;
/// After this many successful steps in a row the step size doubles.
const STREAK: i32 = 10;

/// The saddle: `(x1^2 + x2^2) - (y1^2 + y2^2)`.
#[autodiff(reverse, d_objective, Const, Const, Active, Active, Active)]
#[autodiff(forward, t_objective, Const, Const, Dual, Dual, Dual)]
pub fn objective(x1: f64, x2: f64, y1: f64, y2: f64) -> f64 {
    (x1 * x1 + x2 * x2) - (y1 * y1 + y2 * y2)
}

/// `max_y f(x, y)` by gradient descent on `-f` from `y = s`, the gradient for
/// `y` by reverse mode. The comparisons and step sizes are constants to the
/// derivative (the branch taken is fixed), as in every AD tool.
#[autodiff(reverse, d_max_r, Active, Active, Const, Const, Active)]
#[autodiff(forward, t_max_r, Dual, Dual, Const, Const, Dual)]
pub fn max_r(x1: f64, x2: f64, s1: f64, s2: f64) -> f64 {
    let mut y1 = s1;
    let mut y2 = s2;
    let mut fy: f64 = -objective(x1, x2, y1, y2);
    let (_, d1, d2) = d_objective(x1, x2, y1, y2, 1.0);
    let mut g1 = -d1;
    let mut g2 = -d2;
    let mut i = 0;
    let mut eta = ETA0;
    loop {
        if parad::no_grad(g1 * g1 + g2 * g2).sqrt() <= TOL {
            break;
        } else if i == STREAK {
            eta *= 2.0;
            i = 0;
        } else {
            let z1 = y1 - eta * g1;
            let z2 = y2 - eta * g2;
            let step1 = parad::no_grad(y1 - z1);
            let step2 = parad::no_grad(y2 - z2);
            if (step1 * step1 + step2 * step2).sqrt() <= TOL {
                break;
            }
            let fz: f64 = -objective(x1, x2, z1, z2);
            if parad::no_grad(fz) < parad::no_grad(fy) {
                y1 = z1;
                y2 = z2;
                fy = fz;
                let (_, e1, e2) = d_objective(x1, x2, y1, y2, 1.0);
                g1 = -e1;
                g2 = -e2;
                i += 1;
            } else {
                eta /= 2.0;
                i = 0;
            }
        }
    }
    objective(x1, x2, y1, y2)
}

/// As [`max_r`], the gradient for `y` by forward mode (one pass per coordinate).
#[autodiff(reverse, d_max_f, Active, Active, Const, Const, Active)]
#[autodiff(forward, t_max_f, Dual, Dual, Const, Const, Dual)]
pub fn max_f(x1: f64, x2: f64, s1: f64, s2: f64) -> f64 {
    let mut y1 = s1;
    let mut y2 = s2;
    let mut fy: f64 = -objective(x1, x2, y1, y2);
    let (_, d1) = t_objective(x1, x2, y1, 1.0, y2, 0.0);
    let (_, d2) = t_objective(x1, x2, y1, 0.0, y2, 1.0);
    let mut g1 = -d1;
    let mut g2 = -d2;
    let mut i = 0;
    let mut eta = ETA0;
    loop {
        if parad::no_grad(g1 * g1 + g2 * g2).sqrt() <= TOL {
            break;
        } else if i == STREAK {
            eta *= 2.0;
            i = 0;
        } else {
            let z1 = y1 - eta * g1;
            let z2 = y2 - eta * g2;
            let step1 = parad::no_grad(y1 - z1);
            let step2 = parad::no_grad(y2 - z2);
            if (step1 * step1 + step2 * step2).sqrt() <= TOL {
                break;
            }
            let fz: f64 = -objective(x1, x2, z1, z2);
            if parad::no_grad(fz) < parad::no_grad(fy) {
                y1 = z1;
                y2 = z2;
                fy = fz;
                let (_, e1) = t_objective(x1, x2, y1, 1.0, y2, 0.0);
                let (_, e2) = t_objective(x1, x2, y1, 0.0, y2, 1.0);
                g1 = -e1;
                g2 = -e2;
                i += 1;
            } else {
                eta /= 2.0;
                i = 0;
            }
        }
    }
    objective(x1, x2, y1, y2)
}

/// Gradient descent for the minimum of `f` from `x0` (the rules of
/// GradBench's `multivariate_argmin`): a step of `eta` times the gradient is
/// taken when it lowers `f`; `eta` halves after a failed step and doubles
/// after ten successful ones in a row; it stops when the gradient or the step
/// is shorter than `1e-5`.
pub fn argmin<const N: usize>(
    f: impl Fn(&[f64; N]) -> f64,
    grad: impl Fn(&[f64; N], &mut [f64; N]),
    x0: [f64; N],
) -> [f64; N] {
    let mut x = x0;
    let mut fx = f(&x);
    let mut gx = [0.0; N];
    grad(&x, &mut gx);
    let mut i = 0;
    let mut eta = ETA0;
    loop {
        if gx.iter().map(|g| g * g).sum::<f64>().sqrt() <= TOL {
            return x;
        } else if i == STREAK {
            eta *= 2.0;
            i = 0;
        } else {
            let mut z = x;
            for j in 0..N {
                z[j] = x[j] - eta * gx[j];
            }
            if x.iter().zip(&z).map(|(a, b)| (a - b) * (a - b)).sum::<f64>().sqrt() <= TOL {
                return x;
            }
            let fz = f(&z);
            if fz < fx {
                x = z;
                fx = fz;
                grad(&x, &mut gx);
                i += 1;
            } else {
                eta /= 2.0;
                i = 0;
            }
        }
    }
}

/// Gradient ascent: [`argmin`] of `-f`.
pub fn argmax<const N: usize>(
    f: impl Fn(&[f64; N]) -> f64,
    grad: impl Fn(&[f64; N], &mut [f64; N]),
    x0: [f64; N],
) -> [f64; N] {
    argmin(
        |x| -f(x),
        |x, g| {
            grad(x, g);
            for v in g.iter_mut() {
                *v = -*v;
            }
        },
        x0,
    )
}

/// The AD modes of one variant: outer (minimisation over `x`) and inner
/// (maximisation over `y`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Forward,
    Reverse,
}

/// The gradient of `max_y f(x, y)` for `x`, by `outer` mode over `inner` mode.
pub fn outer_gradient(outer: Mode, inner: Mode, x: &[f64; 2], s: &[f64; 2]) -> [f64; 2] {
    match (outer, inner) {
        (Mode::Reverse, Mode::Reverse) => {
            let (_, a, b) = d_max_r(x[0], x[1], s[0], s[1], 1.0);
            [a, b]
        }
        (Mode::Reverse, Mode::Forward) => {
            let (_, a, b) = d_max_f(x[0], x[1], s[0], s[1], 1.0);
            [a, b]
        }
        (Mode::Forward, Mode::Reverse) => {
            [t_max_r(x[0], 1.0, x[1], 0.0, s[0], s[1]).1, t_max_r(x[0], 0.0, x[1], 1.0, s[0], s[1]).1]
        }
        (Mode::Forward, Mode::Forward) => {
            [t_max_f(x[0], 1.0, x[1], 0.0, s[0], s[1]).1, t_max_f(x[0], 0.0, x[1], 1.0, s[0], s[1]).1]
        }
    }
}

/// The gradient of `f(x, y)` for `y`, by `inner` mode.
pub fn inner_gradient(inner: Mode, x: &[f64; 2], y: &[f64; 2]) -> [f64; 2] {
    match inner {
        Mode::Reverse => {
            let (_, a, b) = d_objective(x[0], x[1], y[0], y[1], 1.0);
            [a, b]
        }
        Mode::Forward => {
            [t_objective(x[0], x[1], y[0], 1.0, y[1], 0.0).1, t_objective(x[0], x[1], y[0], 0.0, y[1], 1.0).1]
        }
    }
}

/// `max_y f(x, y)` from `s`, the inner gradient by `inner` mode.
pub fn max_value(inner: Mode, x: &[f64; 2], s: &[f64; 2]) -> f64 {
    match inner {
        Mode::Reverse => max_r(x[0], x[1], s[0], s[1]),
        Mode::Forward => max_f(x[0], x[1], s[0], s[1]),
    }
}

/// The saddle point `[x1, x2, y1, y2]` from `start`.
pub fn saddle(outer: Mode, inner: Mode, start: [f64; 2]) -> [f64; 4] {
    let x = argmin(|x| max_value(inner, x, &start), |x, g| *g = outer_gradient(outer, inner, x, &start), start);
    let y = argmax(|y| objective(x[0], x[1], y[0], y[1]), |y, g| *g = inner_gradient(inner, &x, y), start);
    [x[0], x[1], y[0], y[1]]
}

pub fn mode_of(function: &str) -> Option<(Mode, Mode)> {
    let m = |c: u8| match c {
        b'f' => Some(Mode::Forward),
        b'r' => Some(Mode::Reverse),
        _ => None,
    };
    match function.as_bytes() {
        [a, b] => Some((m(*a)?, m(*b)?)),
        _ => None,
    }
}

pub fn prepare(function: &str, input: &Value) -> Result<Box<dyn Job>, String> {
    let (outer, inner) = mode_of(function).ok_or_else(|| unknown_function("saddle", function))?;
    let start = vec_of(input, "start")?;
    let start: [f64; 2] =
        start.try_into().map_err(|v: Vec<f64>| format!("`start` has {} entries, expected 2", v.len()))?;
    Ok(job((start, [0.0; 4]), move |s| s.1 = saddle(outer, inner, s.0), |s| Value::from(s.1.to_vec())))
}
