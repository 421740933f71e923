#[autodiff]
fn head_sum(v: &[f64]) -> f64 {
    v.iter().map(|a| a * a).sum()
}

#[autodiff]
fn wave_row(row: &mut [f64], k: f64) {
    for v in row.iter_mut() {
        *v = (*v * k).sin();
    }
}

#[autodiff(reverse, d_heads, Duplicated, Const, Active)]
fn heads(x: &[f64], m: usize) -> f64 {
    let h = &x[..m];
    let t = x[..m].to_vec();
    head_sum(&x[..m]) + head_sum(h) + head_sum(&t)
}

#[autodiff(reverse, d_waves, Duplicated, Active)]
fn waves(y: &mut [f64], k: f64) {
    for row in y.chunks_mut(4) {
        wave_row(row, k);
    }
    wave_row(&mut y[..2], k);
}

#[autodiff(forward, waves_fwd, Dual, Dual)]
fn waves_t(y: &mut [f64], k: f64) {
    for row in y.chunks_mut(4) {
        wave_row(row, k);
    }
    wave_row(&mut y[..2], k);
}
