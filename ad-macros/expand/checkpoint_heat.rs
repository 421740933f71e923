// A checkpointed time loop: the state (`u`, `next`) moves into a tuple the
// driver owns; one step is a closure with its own tape.
#[autodiff(reverse, d_heat, Duplicated, Const, Const, Active)]
fn heat(u0: &[f64], alpha: f64, steps: usize) -> f64 {
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = vec![0.0; n];
    #[checkpoint(binomial(snapshots = 3))]
    for _ in 0..steps {
        for i in 1..n - 1 {
            next[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1]) + 0.01 * u[i].sin();
        }
        std::mem::swap(&mut u, &mut next);
    }
    u.iter().map(|v| v * v).sum()
}
