#[autodiff(reverse, d_loss, Duplicated, Const, Active)]
fn loss(p: &[f64], t: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..t.len() {
        let r = p[0] * (-p[1] * t[i]).exp() - 1.0;
        s += r * r;
    }
    0.5 * s
}
