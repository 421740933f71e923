//! `ode`: cmpad's `an_ode`, `y_0' = x_0`, `y_i' = x_i y_{i-1}`, `y(0) = 0`,
//! integrated to `t = 2` by `s` classical Runge-Kutta steps; the gradient of
//! the last component of `y(2)` with respect to `x`.
//!
//! The gradient is parad's reverse mode of `ode` with the output seeded at
//! its last component.

// Index loops, as numerical code is written; `d_ode` returns `()` as generated.
#![allow(clippy::needless_range_loop, clippy::unused_unit)]

use super::{job, unknown_function, Job};
use crate::json::{usize_of, vec_of};
use parad::autodiff;
use serde_json::Value;

pub const READY: bool = true;

/// `y(2)` into `yf` (of the length of `x`), by `s` Runge-Kutta steps.
///
/// The right-hand side couples component `i` only to component `i - 1`, so
/// one pass over the components does all four stages of a step: the stage
/// inputs of component `i - 1` (`yf`, then `yf + h k1 / 2`, `yf + h k2 / 2`,
/// `yf + h k3`) are carried to component `i` in `p1 .. p4`. The reference
/// runs the stages as four passes over the components; the values agree
/// with it to rounding (`h / 6 (k1 + ...)` here, `h (k1 + ...) / 6` there).
///
/// The time loop is checkpointed at every step: the gradient keeps `y` at
/// the start of each step (one number per component) instead of the four
/// stage values a step overwrites, and runs each step again, with a tape of
/// that step only, in its adjoint. At `n = 10^5` the full tape is 32 bytes a
/// component a step, which leaves the caches; a step's tape stays in them.
#[autodiff(reverse, d_ode, Duplicated, Const, Duplicated)]
pub fn ode(x: &[f64], s: usize, yf: &mut [f64]) {
    let n = x.len();
    let h = 2.0 / s as f64;
    for i in 0..n {
        yf[i] = 0.0;
    }
    #[checkpoint(periodic(every = 1))]
    for _ in 0..s {
        // Component 0: y_0' = x_0 at every stage.
        let k = x[0];
        let y = yf[0];
        let mut p1 = y;
        let mut p2 = y + h * k * 0.5;
        let mut p3 = y + h * k * 0.5;
        let mut p4 = y + h * k;
        yf[0] = y + h / 6.0 * (k + 2.0 * k + 2.0 * k + k);
        for i in 1..n {
            let y = yf[i];
            let k1 = x[i] * p1;
            let k2 = x[i] * p2;
            let k3 = x[i] * p3;
            let k4 = x[i] * p4;
            p1 = y;
            p2 = y + h * k1 * 0.5;
            p3 = y + h * k2 * 0.5;
            p4 = y + h * k3;
            yf[i] = y + h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
        }
    }
}

pub fn prepare(function: &str, input: &Value) -> Result<Box<dyn Job>, String> {
    let x = vec_of(input, "x")?;
    let s = usize_of(input, "s")?;
    let n = x.len();
    if n == 0 || s == 0 {
        return Err(format!("need a non-empty `x` and `s` > 0, got {n} entries and s = {s}"));
    }
    match function {
        "primal" => Ok(job((x, s, vec![0.0; n]), |st| ode(&st.0, st.1, &mut st.2), |st| Value::from(st.2.clone()))),
        "gradient" => Ok(job(
            (x, s, vec![0.0; n], vec![0.0; n], vec![0.0; n]),
            |st| {
                let (x, s, yf, dyf, dx) = st;
                dx.fill(0.0);
                dyf.fill(0.0);
                dyf[x.len() - 1] = 1.0;
                d_ode(x, dx, *s, yf, dyf);
            },
            |st| Value::from(st.4.clone()),
        )),
        _ => Err(unknown_function("ode", function)),
    }
}
