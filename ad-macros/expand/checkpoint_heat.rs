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

// A `while` loop to a tolerance under an online schedule whose number of
// snapshots is a parameter; the plain function still reads it.
#[autodiff(reverse, d_relax, Duplicated, Const, Const, Active)]
fn relax(x0: &[f64], tol: f64, snapshots: usize) -> f64 {
    let mut x = x0.to_vec();
    let mut change = 1.0;
    #[checkpoint(online(snapshots = snapshots))]
    while change > tol {
        change = 0.0;
        for i in 0..x.len() {
            let y = 0.5 * x[i].cos();
            change += (y - x[i]).abs();
            x[i] = y;
        }
    }
    x.iter().sum()
}
