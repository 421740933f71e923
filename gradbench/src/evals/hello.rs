//! `hello`: `square(x) = x^2` and its derivative `double`.

use super::{job, unknown_function, Job};
use parad::autodiff;
use serde_json::Value;

pub const READY: bool = true;

#[autodiff(reverse, d_square, Active, Active)]
pub fn square(x: f64) -> f64 {
    x * x
}

pub fn prepare(function: &str, input: &Value) -> Result<Box<dyn Job>, String> {
    let x = input.as_f64().ok_or("input is not a number")?;
    match function {
        "square" => Ok(job((x, 0.0), |s| s.1 = square(s.0), |s| Value::from(s.1))),
        "double" => Ok(job((x, 0.0), |s| s.1 = d_square(s.0, 1.0).1, |s| Value::from(s.1))),
        _ => Err(unknown_function("hello", function)),
    }
}
