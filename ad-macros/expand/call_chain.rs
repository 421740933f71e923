#[autodiff]
fn norm2(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
}

#[autodiff(reverse, d_rows, Duplicated, Const, Active)]
fn sum_row_norms(m: &[f64], cols: usize) -> f64 {
    let mut total = 0.0;
    for row in m.chunks(cols) {
        total += norm2(row);
    }
    total
}
