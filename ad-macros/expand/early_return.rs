#[autodiff(reverse, d_first_big, Duplicated, Active)]
fn first_big(x: &[f64]) -> f64 {
    for i in 0..x.len() {
        if x[i] > 1.0 {
            return x[i] * x[i];
        }
    }
    0.0
}
