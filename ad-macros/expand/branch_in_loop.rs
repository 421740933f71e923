#[autodiff(reverse, d_hinge, Duplicated, Active)]
fn hinge(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        let m = 1.0 - x[i] * x[i];
        if m > 0.0 {
            s += m.sqrt();
        } else {
            s += 0.1 * m;
        }
    }
    s
}
