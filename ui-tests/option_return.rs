// expect: errors at `Option<f64>` (returning floats inside another type is not supported yet) and at `safe_ln(*v)` (taking data out of what a call returns is not supported yet)
use parad::autodiff;

#[autodiff]
fn safe_ln(x: f64) -> Option<f64> {
    if x > 0.0 {
        Some(x.ln())
    } else {
        None
    }
}

#[autodiff(reverse, d_total, Duplicated, Active)]
fn total(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for v in x {
        if let Some(l) = safe_ln(*v) {
            s += l;
        }
    }
    s
}

fn main() {}
