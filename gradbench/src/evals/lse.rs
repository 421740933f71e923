//! `lse`: LogSumExp with the max-subtraction trick, and its gradient.

use super::{job, unknown_function, Job};
use crate::json::vec_of;
use parad::autodiff;
use serde_json::Value;

pub const READY: bool = true;

#[autodiff(reverse, d_logsumexp, Duplicated, Active)]
pub fn logsumexp(x: &[f64]) -> f64 {
    let mut a = f64::NEG_INFINITY;
    for &v in x {
        a = a.max(v);
    }
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
