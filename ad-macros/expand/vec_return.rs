// A function returning `Vec<f64>` and a caller. The callee's companion
// returns the vector and a reverse closure taking its seed as `&[f64]`;
// the caller keeps the result's shadow `dh` and hands it over as that
// seed. `u = layer(w, &u)` swaps the new vector into `u` (Rust moves it).
#[autodiff(reverse, d_layer, Duplicated, Const, Duplicated)]
pub fn layer(w: &[f64], x: &[f64]) -> Vec<f64> {
    x.iter().enumerate().map(|(i, v)| (w[i] * v).tanh()).collect()
}

#[autodiff(reverse, d_deep, Duplicated, Const, Active)]
pub fn deep(w: &[f64], x: &[f64]) -> f64 {
    let mut u = x.to_vec();
    for _ in 0..3 {
        u = layer(w, &u);
    }
    let h = layer(w, &u);
    h[0] * h[1]
}
