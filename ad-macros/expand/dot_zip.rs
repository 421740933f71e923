#[autodiff(forward, dot_fwd, Dual, Dual, Dual)]
fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b.iter()).map(|(x, y)| x * y).sum()
}
