// A matrix as one `Vec` per row, `&[Vec<f64>]`: the pipeline runs on one
// flat buffer whose width is a hidden parameter, `__parad_cols_w`
// (`w[i][j]` is `w[i * __parad_cols_w + j]`), and `d_layer` copies `w`
// and `dw` into flat `Vec`s, calls the flat derivative, and copies the
// shadow back. A local `vec![vec![x; n]; m]` is flat from the start.
#[autodiff(reverse, d_layer, Duplicated, Duplicated, Active)]
pub fn layer(w: &[Vec<f64>], x: &[f64]) -> f64 {
    let n = x.len();
    let mut outer = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..n {
            outer[i][j] = x[i] * x[j];
        }
    }
    let mut s = 0.0;
    for (i, row) in w.iter().enumerate() {
        let mut z = 0.0;
        for j in 0..row.len() {
            z += row[j] * x[j] + outer[i][j];
        }
        s += z.tanh();
    }
    s
}
