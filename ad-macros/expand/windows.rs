#[autodiff(reverse, d_offset_sum, Duplicated, Const, Const, Active)]
pub fn offset_sum(x: &[f64], off: usize, n: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..n {
        s += x[off + i] * x[off + i];
    }
    s
}

#[autodiff(reverse, d_guarded, Duplicated, Const, Const, Active)]
pub fn guarded(x: &[f64], m: usize, n: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..n {
        if i < m && x[i] > 0.0 {
            s += x[i].sin();
        }
    }
    s
}

#[autodiff(reverse, d_until, Duplicated, Const, Const, Active)]
pub fn until(x: &[f64], limit: f64, n: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..n {
        if x[i] > limit {
            break;
        }
        s += x[i] * x[i];
    }
    s
}
