#[autodiff(reverse, d_prod, Duplicated, Active)]
fn prod(x: &[f64]) -> f64 {
    let mut p = 1.0;
    for i in 0..x.len() {
        p *= x[i].sin();
    }
    p
}
