// The 2D heat stencil: rows of `next` in parallel, buffers swapped each step.
// The adjoint's four neighbour reads share one partial (each receives
// `g * alpha`), declared once before the time loop and zeroed by the chunks.
// The step writes every element of `next` and reads none, so `next` is
// saved whole before the step (`save_whole`: its storage moves onto the
// tape, the step writes a spare buffer) and put back after the step's
// adjoint (`restore_whole`).
#[autodiff(reverse, d_heat2d, Duplicated, Active, Const, Const, Active)]
pub fn heat2d(u0: &[f64], alpha: f64, n: usize, steps: usize) -> f64 {
    let mut u = u0.to_vec();
    let mut next = vec![0.0; n * n];
    for _ in 0..steps {
        next.par_chunks_mut(n).enumerate().for_each(|(r, row)| {
            for c in 0..n {
                let k = r * n + c;
                if r == 0 || r == n - 1 || c == 0 || c == n - 1 {
                    row[c] = u[k];
                } else {
                    row[c] = u[k] + alpha * (u[k - n] + u[k + n] + u[k - 1] + u[k + 1] - 4.0 * u[k]);
                }
            }
        });
        std::mem::swap(&mut u, &mut next);
    }
    u.par_iter().map(|v| v * v).sum::<f64>() / (n * n) as f64
}
