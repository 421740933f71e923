// Two coupled fields on padded rows (a Burgers-like advection and
// diffusion), both updated in one rayon loop over the zipped rows of the
// two next states: the adjoint's chunk gets more than twelve pieces,
// partials and tapes, which the generated code passes as nested tuples.
#[autodiff(reverse, d_two_fields, Duplicated, Const, Const, Const, Active)]
pub fn two_fields(w0: &[f64], n: usize, px: usize, steps: usize) -> f64 {
    let pn = (n + 2) * px;
    let mut u = vec![0.0; pn];
    let mut v = vec![0.0; pn];
    for r in 0..n {
        for c in 0..n {
            u[(r + 1) * px + c + 1] = w0[r * n + c];
            v[(r + 1) * px + c + 1] = w0[n * n + r * n + c];
        }
    }
    let mut un = vec![0.0; pn];
    let mut vn = vec![0.0; pn];
    for _ in 0..steps {
        un.par_chunks_mut(px).zip(vn.par_chunks_mut(px)).enumerate().for_each(|(r, (urow, vrow))| {
            if r >= 1 && r <= n {
                for c in 1..n + 1 {
                    let k = r * px + c;
                    let lu = u[k + 1] + u[k - 1] + u[k - px] + u[k + px] - 4.0 * u[k];
                    let lv = v[k + 1] + v[k - 1] + v[k - px] + v[k + px] - 4.0 * v[k];
                    urow[c] = u[k] + 0.1 * lu - 0.05 * (u[k] * (u[k + 1] - u[k - 1]) + v[k] * (u[k + px] - u[k - px]));
                    vrow[c] = v[k] + 0.1 * lv - 0.05 * (u[k] * (v[k + 1] - v[k - 1]) + v[k] * (v[k + px] - v[k - px]));
                }
            }
        });
        std::mem::swap(&mut u, &mut un);
        std::mem::swap(&mut v, &mut vn);
    }
    let mut s = 0.0;
    for k in 0..pn {
        s += u[k] * u[k] + v[k] * v[k];
    }
    s
}

