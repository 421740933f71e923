struct Params {
    k: f64,
    w: Vec<f64>,
}

#[autodiff(reverse, d_energy, Duplicated, Duplicated, Active)]
fn energy(x: &[f64], p: &Params) -> f64 {
    let mut e = 0.0;
    for i in 0..x.len() {
        e += 0.5 * p.k * p.w[i] * x[i] * x[i];
    }
    e
}
