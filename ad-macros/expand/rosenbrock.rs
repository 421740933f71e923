#[autodiff(reverse, d_rosen, Active, Active, Active)]
fn rosen(x: f64, y: f64) -> f64 {
    (1.0 - x).powi(2) + 100.0 * (y - x * x).powi(2)
}
