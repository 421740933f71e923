// A scratch buffer: every iteration rewrites `t` whole before reading it, so
// no adjoint needs what it held before (the previous iteration's values).
// Instead of saving each element before the rewrite and restoring it at the
// rewrite's adjoint, the adjoint of each iteration starts by running the
// rewrite again (a read of `t` before the rewrite, or after the loop, would
// keep the tape).
#[autodiff(reverse, d_centred, Duplicated, Duplicated, Const, Active)]
fn centred(x: &[f64], m: &[f64], d: usize) -> f64 {
    let n = x.len() / d;
    let mut t = vec![0.0; d];
    let mut s = 0.0;
    for i in 0..n {
        for j in 0..d {
            t[j] = x[i * d + j] - m[j] * (i as f64 + 1.0);
        }
        let mut q = 0.0;
        for j in 0..d {
            q += t[j] * t[j] * m[j];
        }
        s += (q + 1.0).ln();
    }
    s
}
