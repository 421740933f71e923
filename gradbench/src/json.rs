//! Reading eval inputs: numbers, vectors and matrices out of JSON values,
//! with errors that say which field was wrong.

use serde_json::Value;

pub fn field<'a>(v: &'a Value, name: &str) -> Result<&'a Value, String> {
    v.get(name).ok_or_else(|| format!("input has no field `{name}`"))
}

pub fn f64_of(v: &Value, name: &str) -> Result<f64, String> {
    field(v, name)?.as_f64().ok_or_else(|| format!("`{name}` is not a number"))
}

pub fn usize_of(v: &Value, name: &str) -> Result<usize, String> {
    field(v, name)?.as_u64().map(|n| n as usize).ok_or_else(|| format!("`{name}` is not a non-negative integer"))
}

/// A flat vector of numbers.
pub fn vec_of(v: &Value, name: &str) -> Result<Vec<f64>, String> {
    numbers(field(v, name)?).ok_or_else(|| format!("`{name}` is not an array of numbers"))
}

pub fn numbers(v: &Value) -> Option<Vec<f64>> {
    v.as_array()?.iter().map(Value::as_f64).collect()
}

/// A matrix given as an array of rows, flattened row-major; returns (data, rows, cols).
pub fn matrix_of(v: &Value, name: &str) -> Result<(Vec<f64>, usize, usize), String> {
    let rows = field(v, name)?.as_array().ok_or_else(|| format!("`{name}` is not an array of rows"))?;
    let mut data = Vec::new();
    let mut cols = 0;
    for (i, r) in rows.iter().enumerate() {
        let r = numbers(r).ok_or_else(|| format!("row {i} of `{name}` is not an array of numbers"))?;
        if i == 0 {
            cols = r.len();
        } else if r.len() != cols {
            return Err(format!("row {i} of `{name}` has {} entries, expected {cols}", r.len()));
        }
        data.extend(r);
    }
    Ok((data, rows.len(), cols))
}

/// Rows of a row-major matrix as JSON.
pub fn rows_json(data: &[f64], cols: usize) -> Value {
    Value::Array(data.chunks(cols.max(1)).map(|r| Value::from(r.to_vec())).collect())
}
