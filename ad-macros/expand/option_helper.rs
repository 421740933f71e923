use parad::autodiff;

#[autodiff]
pub fn safe_ln(x: f64) -> Option<f64> {
    if x > 0.0 {
        Some(x.ln())
    } else {
        None
    }
}

#[autodiff(reverse, d_guarded, Duplicated, Active)]
pub fn guarded(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += safe_ln(x[i]).unwrap_or(0.0);
    }
    s
}
