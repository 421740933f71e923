//! `gmm`: not implemented yet.

use super::Job;
use serde_json::Value;

pub const READY: bool = false;

pub fn prepare(function: &str, _input: &Value) -> Result<Box<dyn Job>, String> {
    Err(super::unknown_function("gmm", function))
}
