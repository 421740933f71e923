// Divisions by loop invariants: the adjoint of `a / b` multiplies by
// `1 / b`, computed once in front of the outermost loop whose iterations
// all see the same `b` (`inv_h2` and `inv_2h` before the time loop);
// `u[i] / (1.0 + i as f64)`, whose divisor changes in the loop, stays a
// division. The primal values the adjoint recomputes keep their divisions
// (`dx`), so that they are bitwise the forward sweep's. The additions of
// the statements of one iteration into one element of `du` are made once
// (`du[i_2 + 1] += g_5 + g_6;`).
#[autodiff(reverse, d_advect, Duplicated, Const, Active)]
pub fn advect(u0: &[f64], steps: usize) -> f64 {
    let n = u0.len();
    let h = 1.0 / n as f64;
    let mut u = u0.to_vec();
    let mut next = vec![0.0; n];
    for _ in 0..steps {
        for i in 1..n - 1 {
            let dx = (u[i + 1] - u[i - 1]) / (2.0 * h);
            let lap = (u[i + 1] - 2.0 * u[i] + u[i - 1]) / (h * h);
            next[i] = u[i] + 0.001 * lap - 0.01 * u[i] * dx;
        }
        next[0] = u[0];
        next[n - 1] = u[n - 1];
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for i in 0..n {
        s += u[i] / (1.0 + i as f64);
    }
    s
}
