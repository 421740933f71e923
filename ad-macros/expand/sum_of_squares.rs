#[autodiff(reverse, d_sumsq, Duplicated, Active)]
fn sumsq(x: &[f64]) -> f64 {
    x.iter().map(|v| v * v).sum()
}
