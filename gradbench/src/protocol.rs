//! The GradBench protocol: `start`, `define`, `evaluate` and `analysis`
//! messages, one JSON object per line, each answered with the same `id`.
//!
//! `evaluate` runs the function until both `min_runs` runs and `min_seconds`
//! seconds are reached and reports one `evaluate` timing per run; parsing the
//! input and building the output are outside the timed region.

use crate::evals;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The reply to one line of input. Never panics: a malformed line or an
/// unknown request gets a reply with `"success": false` and an error.
pub fn respond(line: &str) -> Value {
    let msg: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return json!({ "id": null, "success": false, "error": format!("malformed message: {e}") }),
    };
    let id = msg.get("id").cloned().unwrap_or(Value::Null);
    let kind = msg.get("kind").and_then(Value::as_str).unwrap_or("");
    match kind {
        "start" => json!({ "id": id, "tool": "parad" }),
        "define" => {
            let module = msg.get("module").and_then(Value::as_str).unwrap_or("");
            if evals::has_module(module) {
                json!({ "id": id, "success": true })
            } else {
                json!({ "id": id, "success": false, "error": format!("parad has no implementation of module `{module}`") })
            }
        }
        "evaluate" => match evaluate(&msg) {
            Ok((output, timings)) => json!({
                "id": id,
                "success": true,
                "output": output,
                "timings": timings
                    .iter()
                    .map(|t| json!({ "name": "evaluate", "nanoseconds": t.as_nanos() as u64 }))
                    .collect::<Vec<_>>(),
            }),
            Err(e) => json!({ "id": id, "success": false, "error": e }),
        },
        _ => json!({ "id": id }),
    }
}

fn evaluate(msg: &Value) -> Result<(Value, Vec<Duration>), String> {
    let module = msg.get("module").and_then(Value::as_str).ok_or("missing `module`")?;
    let function = msg.get("function").and_then(Value::as_str).ok_or("missing `function`")?;
    let input = msg.get("input").ok_or("missing `input`")?;
    let min_runs = input.get("min_runs").and_then(Value::as_u64).unwrap_or(1).max(1);
    let min_seconds = input.get("min_seconds").and_then(Value::as_f64).unwrap_or(0.0);
    let mut job = evals::prepare(module, function, input)?;
    let mut timings = Vec::new();
    let mut total = Duration::ZERO;
    while (timings.len() as u64) < min_runs || total.as_secs_f64() < min_seconds {
        let start = Instant::now();
        job.run();
        let t = start.elapsed();
        total += t;
        timings.push(t);
    }
    Ok((job.output(), timings))
}
