// A rayon loop whose adjoint owns its pieces: `dy` and `dx` split like `y`;
// the Active `k` gets a private copy per chunk, summed in chunk order.
#[autodiff(reverse, d_scale_exp, Duplicated, Duplicated, Active)]
pub fn scale_exp(x: &[f64], y: &mut [f64], k: f64) {
    y.par_iter_mut().zip(x.par_iter()).for_each(|(yi, xi)| *yi = k * (0.3 * xi).exp());
}

// A row and the row's tail passed mutably to a helper: both stay inside the
// iteration's row, so `y` and `dy` are split by rows.
#[autodiff(reverse, d_wave_tails, Duplicated, Active)]
pub fn wave_tails(y: &mut [f64], k: f64) {
    y.par_chunks_mut(4).for_each(|row| {
        wave_row(row, k);
        wave_row(&mut row[1..], 0.5 * k);
    });
}
