// Reads at other iterations' indices: each chunk adds into a private shadow
// of `x`, and the copies are merged in chunk order.
#[autodiff(reverse, d_neighbours, Duplicated, Active)]
pub fn neighbours(x: &[f64]) -> f64 {
    let n = x.len();
    (0..n).into_par_iter().map(|i| x[i] * x[(i + 1) % n]).sum()
}
