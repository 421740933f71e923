//! `llsq`: the linear least-squares objective of cmpad,
//! `y(x) = 1/2 sum_i (s_i - x_0 - x_1 t_i - ... - x_{m-1} t_i^{m-1})^2` with
//! `t_i = -1 + 2 i / (n - 1)` and `s_i = sign(t_i)`, and its gradient.

use super::{job, unknown_function, Job};
use crate::json::{usize_of, vec_of};
use parad::autodiff;
use serde_json::Value;

pub const READY: bool = true;

/// The objective for the coefficients `x` and `n` sample points.
///
/// The polynomial is evaluated by Horner's scheme in `t^2`, on the even and
/// the odd coefficients at once (`p = even(t^2) + t odd(t^2)`): two
/// independent chains of one multiply and one add, so the loop runs at
/// twice the speed of one Horner chain, whose every step waits for the
/// last. Horner carries no power of `t` from one coefficient to the next,
/// so the gradient needs nothing of the inner loop but the residual of
/// each point, and parad runs each point's adjoint right after it.
#[autodiff(reverse, d_llsq_objective, Duplicated, Const, Active)]
pub fn llsq_objective(x: &[f64], n: usize) -> f64 {
    let m = x.len();
    let half = m / 2;
    let mut sum = 0.0;
    for i in 0..n {
        // The same rounding as the reference: (2 i) / (n - 1).
        let ti = -1.0 + i as f64 * 2.0 / (n as f64 - 1.0);
        let si = if ti > 0.0 {
            1.0
        } else if ti < 0.0 {
            -1.0
        } else {
            0.0
        };
        let t2 = ti * ti;
        // An odd count leaves the last coefficient, of an even power.
        let mut even = if m % 2 == 1 { x[m - 1] } else { 0.0 };
        let mut odd = 0.0;
        for k in (0..half).rev() {
            even = even * t2 + x[2 * k];
            odd = odd * t2 + x[2 * k + 1];
        }
        let r = si - (even + ti * odd);
        sum += r * r;
    }
    0.5 * sum
}

pub fn prepare(function: &str, input: &Value) -> Result<Box<dyn Job>, String> {
    let x = vec_of(input, "x")?;
    let n = usize_of(input, "n")?;
    match function {
        "primal" => Ok(job((x, n, 0.0), |s| s.2 = llsq_objective(&s.0, s.1), |s| Value::from(s.2))),
        "gradient" => {
            let m = x.len();
            Ok(job(
                (x, n, vec![0.0; m]),
                |s| {
                    s.2.fill(0.0);
                    d_llsq_objective(&s.0, &mut s.2, s.1, 1.0);
                },
                |s| Value::from(s.2.clone()),
            ))
        }
        _ => Err(unknown_function("llsq", function)),
    }
}
