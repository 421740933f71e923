// expect: errors at `Option<f64>` of `d_safe_ln` (no derivative of a function returning Option), at `x.first()?` (`?` on a method), at the tail `r` (not Some/None), at `Option<V2>` (a value struct), at the loop condition, at `Some(ref p)` and at `x.first()` taken apart by `if let`
use parad::autodiff;

#[derive(Clone, Copy, Default)]
#[autodiff]
pub struct V2 {
    x: f64,
    y: f64,
}

#[autodiff(reverse, d_safe_ln, Active, Active)]
fn safe_ln(x: f64) -> Option<f64> {
    if x > 0.0 {
        Some(x.ln())
    } else {
        None
    }
}

#[autodiff]
fn head(x: &[f64]) -> Option<f64> {
    let h = *x.first()?;
    Some(h * 2.0)
}

#[autodiff]
fn kept(x: f64) -> Option<f64> {
    let r = if x > 0.0 { Some(x) } else { None };
    r
}

#[autodiff]
fn pair(x: f64) -> Option<V2> {
    if x > 0.0 {
        Some(V2 { x, y: x })
    } else {
        None
    }
}

#[autodiff]
fn root(x: f64) -> Option<f64> {
    if x >= 0.0 {
        Some(x.sqrt())
    } else {
        None
    }
}

#[autodiff(reverse, d_total, Duplicated, Active)]
fn total(x: &[f64]) -> f64 {
    let mut s = 0.0;
    let mut k = 0;
    while root(x[k]).unwrap_or(0.0) > 1.0 {
        k += 1;
    }
    if let Some(ref p) = root(x[0]) {
        s += p;
    }
    if let Some(f) = x.first() {
        s += f;
    }
    s
}

fn main() {}
