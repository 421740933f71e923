// A stencil whose rows are padded: the chunk width `w` is a local `let`.
#[autodiff(reverse, d_padded, Duplicated, Const, Const, Active)]
pub fn padded(x: &[f64], n: usize, steps: usize) -> f64 {
    let w = n + 2;
    let mut u = vec![0.0; w * w];
    for r in 0..n {
        for c in 0..n {
            u[(r + 1) * w + c + 1] = x[r * n + c];
        }
    }
    let mut next = vec![0.0; w * w];
    for _ in 0..steps {
        next.par_chunks_mut(w).enumerate().for_each(|(r, row)| {
            if r >= 1 && r <= n {
                for c in 1..n + 1 {
                    let k = r * w + c;
                    row[c] = 0.5 * u[k] + 0.125 * (u[k - 1] + u[k + 1] + u[k - w] + u[k + w]);
                }
            }
        });
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for v in u.iter() {
        s += v * v;
    }
    s
}
