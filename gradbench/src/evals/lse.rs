//! `lse`: LogSumExp with the max-subtraction trick, and its gradient.

use super::{job, unknown_function, Job};
use crate::json::vec_of;
use parad::{autodiff, no_grad};
use serde_json::Value;

pub const READY: bool = true;

/// The largest element (`-inf` for none).
fn max_of(x: &[f64]) -> f64 {
    x.iter().copied().fold(f64::NEG_INFINITY, f64::max)
}

/// `ln sum_i exp(x_i)`, shifted by the largest element so that no
/// exponential overflows. The shift cancels: `a + ln sum_i exp(x_i - a)`
/// does not depend on `a`, so its derivative through `a` is zero and the
/// shift is taken under `no_grad` (JAX's `logsumexp` stops the gradient at
/// the maximum likewise). The gradient is then `exp(x_i - a) / s`, and
/// parad keeps no tape of the running maximum.
#[autodiff(reverse, d_logsumexp, Duplicated, Active)]
pub fn logsumexp(x: &[f64]) -> f64 {
    let a = no_grad(max_of(x));
    let mut s = 0.0;
    for &v in x {
        s += (v - a).exp();
    }
    a + s.ln()
}

pub fn prepare(function: &str, input: &Value) -> Result<Box<dyn Job>, String> {
    let x = vec_of(input, "x")?;
    match function {
        "primal" => Ok(job((x, 0.0), |s| s.1 = logsumexp(&s.0), |s| Value::from(s.1))),
        "gradient" => {
            let n = x.len();
            Ok(job(
                (x, vec![0.0; n]),
                |s| {
                    s.1.fill(0.0);
                    d_logsumexp(&s.0, &mut s.1, 1.0);
                },
                |s| Value::from(s.1.clone()),
            ))
        }
        _ => Err(unknown_function("lse", function)),
    }
}
