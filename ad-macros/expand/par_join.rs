// `rayon::join` as a parallel loop over two tasks: the results are sums of
// one term each, and `x`'s shadow is cut where `split_at` cut `x`, so each
// task's adjoint owns its half (`PerIter::cut`).
#[autodiff(reverse, d_psum, Duplicated, Active)]
pub fn psum(x: &[f64]) -> f64 {
    if x.len() <= 16 {
        return x.iter().map(|v| v.sin() * v).sum();
    }
    let mid = x.len() / 2;
    let (l, r) = x.split_at(mid);
    let (a, b) = rayon::join(|| psum(l), || psum(r));
    a + b
}

// The halves of `split_at_mut`, updated in place by two tasks: `y` and its
// shadow are cut at `mid` in both sweeps.
#[autodiff(reverse, d_bend_halves, Duplicated, Const)]
pub fn bend_halves(y: &mut [f64], k: f64) {
    let mid = y.len() / 2;
    let (l, r) = y.split_at_mut(mid);
    rayon::join(|| bend(l, k), || bend(r, 2.0 * k));
}
