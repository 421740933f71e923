//! `particle`: the control `w` that makes a charged particle, pushed by two
//! fixed charges at `(10, 10 - w)` and `(10, 0)`, cross the x axis at the
//! origin; gradient descent on `w` over a naive Euler simulation whose force
//! is itself a gradient (nested AD).
//!
//! The inner gradient (of the potential [`accel`] for the particle's
//! position) is a parad derivative: reverse ([`d_accel`]) or forward
//! ([`t_accel`], one pass per coordinate). The simulation ([`euler_r`],
//! [`euler_f`]) calls it in every step and is differentiated again for `w`,
//! by reverse ([`d_euler_r`], [`d_euler_f`]) or forward ([`t_euler_r`],
//! [`t_euler_f`]) mode. The descent over `w` is plain Rust
//! ([`saddle::argmin`](super::saddle::argmin), the rules of GradBench's
//! `multivariate_argmin`).
//!
//! Function names are the outer mode, then the inner one: `rf` minimises
//! with reverse mode over forces computed by forward mode.

use super::saddle::{argmin, mode_of, Mode};
use super::{job, unknown_function, Job};
use crate::json::f64_of;
use parad::autodiff;
use serde_json::Value;

pub const READY: bool = true;

/// The Euler time step.
const DT: f64 = 0.1;

/// The potential at `(x, y)` of unit charges at `(ax, ay)` and `(bx, by)`:
/// the sum of the inverse distances.
#[autodiff(reverse, d_accel, Const, Const, Const, Const, Active, Active, Active)]
#[autodiff(forward, t_accel, Const, Const, Const, Const, Dual, Dual, Dual)]
pub fn accel(ax: f64, ay: f64, bx: f64, by: f64, x: f64, y: f64) -> f64 {
    let da = ((ax - x) * (ax - x) + (ay - y) * (ay - y)).sqrt();
    let db = ((bx - x) * (bx - x) + (by - y) * (by - y)).sqrt();
    1.0 / da + 1.0 / db
}

/// The squared distance from the origin at which the particle crosses the
/// x axis, for charges at `(10, 10 - w)` and `(10, 0)`; the force (minus
/// the gradient of the potential) by reverse mode.
#[autodiff(reverse, d_euler_r, Active, Active)]
#[autodiff(forward, t_euler_r, Dual, Dual)]
pub fn euler_r(w: f64) -> f64 {
    let ax = 10.0;
    let ay = 10.0 - w;
    let bx = 10.0;
    let by = 0.0;
    let mut x = 0.0;
    let mut y = 8.0;
    let mut vx = 0.75;
    let mut vy = 0.0;
    loop {
        let (_, gx, gy) = d_accel(ax, ay, bx, by, x, y, 1.0);
        let fx = -gx;
        let fy = -gy;
        x += DT * vx;
        y += DT * vy;
        if y <= 0.0 {
            let dtf = -y / vy;
            let xf = x + dtf * vx;
            return xf * xf;
        }
        vx += DT * fx;
        vy += DT * fy;
    }
}

/// As [`euler_r`], the force by forward mode (one pass per coordinate).
#[autodiff(reverse, d_euler_f, Active, Active)]
#[autodiff(forward, t_euler_f, Dual, Dual)]
pub fn euler_f(w: f64) -> f64 {
    let ax = 10.0;
    let ay = 10.0 - w;
    let bx = 10.0;
    let by = 0.0;
    let mut x = 0.0;
    let mut y = 8.0;
    let mut vx = 0.75;
    let mut vy = 0.0;
    loop {
        let (_, gx) = t_accel(ax, ay, bx, by, x, 1.0, y, 0.0);
        let (_, gy) = t_accel(ax, ay, bx, by, x, 0.0, y, 1.0);
        let fx = -gx;
        let fy = -gy;
        x += DT * vx;
        y += DT * vy;
        if y <= 0.0 {
            let dtf = -y / vy;
            let xf = x + dtf * vx;
            return xf * xf;
        }
        vx += DT * fx;
        vy += DT * fy;
    }
}

/// The simulation's value, the force by `inner` mode.
pub fn cost(inner: Mode, w: f64) -> f64 {
    match inner {
        Mode::Reverse => euler_r(w),
        Mode::Forward => euler_f(w),
    }
}

/// The derivative of the simulation for `w`, by `outer` mode over `inner` mode.
pub fn cost_derivative(outer: Mode, inner: Mode, w: f64) -> f64 {
    match (outer, inner) {
        (Mode::Reverse, Mode::Reverse) => d_euler_r(w, 1.0).1,
        (Mode::Reverse, Mode::Forward) => d_euler_f(w, 1.0).1,
        (Mode::Forward, Mode::Reverse) => t_euler_r(w, 1.0).1,
        (Mode::Forward, Mode::Forward) => t_euler_f(w, 1.0).1,
    }
}

/// The `w` that minimises the crossing distance, from `w0`.
pub fn particle(outer: Mode, inner: Mode, w0: f64) -> f64 {
    argmin(|w| cost(inner, w[0]), |w, g| g[0] = cost_derivative(outer, inner, w[0]), [w0])[0]
}

pub fn prepare(function: &str, input: &Value) -> Result<Box<dyn Job>, String> {
    let (outer, inner) = mode_of(function).ok_or_else(|| unknown_function("particle", function))?;
    let w0 = f64_of(input, "w")?;
    Ok(job((w0, 0.0), move |s| s.1 = particle(outer, inner, s.0), |s| Value::from(s.1)))
}
