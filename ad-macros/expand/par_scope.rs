// A `rayon::scope` with one `spawn` per chunk: the loop of spawns runs as a
// rayon loop over the chunks, each owning its row of `y` and of `dy`.
#[autodiff(reverse, d_scoped_rows, Duplicated, Const)]
pub fn scoped_rows(y: &mut [f64], k: f64) {
    rayon::scope(|s| {
        for (c, row) in y.chunks_mut(4).enumerate() {
            let kc = k * (1.0 + 0.1 * c as f64);
            s.spawn(move |_| {
                for v in row.iter_mut() {
                    *v = (*v * kc).sin() + 0.5 * *v;
                }
            });
        }
    });
}
