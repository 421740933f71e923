#[autodiff(reverse, d_row_norms, Duplicated, Const, Active)]
fn row_norms(a: &[f64], n: usize) -> f64 {
    let mut out = 0.0;
    for i in 0..a.len() / n {
        let mut v = 0.0;
        for j in 0..n {
            v += a[i * n + j] * a[i * n + j].sin();
        }
        out += v * v;
    }
    out
}
