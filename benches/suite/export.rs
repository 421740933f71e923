//! Files the suite writes for the report: each problem's point, constants
//! and parad's gradient for the Python peers (`PARAD_BENCH_EXPORT`), and
//! the timings of a run (`results.json`), both under
//! [`data_dir`] (`target/bench-data` unless `PARAD_BENCH_DATA` says).
//! Arrays are raw little-endian `f64` files, described by a JSON manifest.

use super::problem::Problem;
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};

/// `$PARAD_BENCH_DATA`, else `bench-data` in the target directory
/// (`$CARGO_TARGET_DIR`, else `target/` of this workspace).
pub fn data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("PARAD_BENCH_DATA") {
        return PathBuf::from(dir);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("bench-data")
}

/// Writes `values` as raw little-endian `f64` to `dir/file`.
fn write_f64(dir: &Path, file: &str, values: &[f64]) -> std::io::Result<()> {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    std::fs::write(dir.join(file), bytes)
}

/// Writes every problem's point, constants and parad gradient (seed 1)
/// into `dir`, with `manifest.json` listing them:
/// `{"mode", "problems": [{"name", "label", "size", "function", "params",
/// "parts": [[name, len]], "data": {name: file}, "x", "grad", "value"}]}`.
pub fn write_inputs(dir: &Path, mode: &str, problems: &[Box<dyn Problem>]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut listed = Vec::new();
    for p in problems {
        let (name, spec, x) = (p.name(), p.spec(), p.x());
        let mut grad = vec![0.0; x.len()];
        let value = p.parad(x, &mut grad);
        write_f64(dir, &format!("{name}.x.f64"), x)?;
        write_f64(dir, &format!("{name}.grad.f64"), &grad)?;
        let mut data = Map::new();
        for (key, values) in &spec.data {
            // Data files are named apart from the point and the gradient.
            let file = format!("{name}.data.{key}.f64");
            write_f64(dir, &file, values)?;
            data.insert(key.to_string(), json!(file));
        }
        let params: Map<String, Value> = spec.params.iter().map(|(k, v)| (k.to_string(), json!(v))).collect();
        listed.push(json!({
            "name": name, "label": p.label(), "size": p.size(), "function": spec.function,
            "params": params, "parts": spec.parts, "data": data,
            "x": format!("{name}.x.f64"), "grad": format!("{name}.grad.f64"), "value": value,
        }));
    }
    let manifest = json!({ "mode": mode, "problems": listed });
    std::fs::write(dir.join("manifest.json"), serde_json::to_string_pretty(&manifest)?)
}
