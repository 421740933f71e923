// ADBench's Gaussian mixture model (gradbench's `gmm_objective` without its
// constant terms). For each point and component, `xc` and `qx` are scratch
// buffers, rewritten whole before they are read: the adjoint rewrites `xc`
// again (a subtraction per element), while `qx`, a triangular product, is
// dearer to recompute than to keep, so its old values are saved by
// `push_reserved` into a tape reserved before the loops.
#[autodiff(reverse, d_gmm_objective, Duplicated, Duplicated, Duplicated, Duplicated, Const, Const, Const, Const, Active)]
pub fn gmm_objective(alpha: &[f64], mu: &[f64], q: &[f64], l: &[f64], x: &[f64], d: usize, gamma: f64, m: usize) -> f64 {
    let k = alpha.len();
    let n = x.len() / d;
    let lsz = d * (d - 1) / 2;
    let mut qdiag = vec![0.0; k * d];
    let mut sum_q = vec![0.0; k];
    for c in 0..k {
        for j in 0..d {
            qdiag[c * d + j] = q[c * d + j].exp();
            sum_q[c] += q[c * d + j];
        }
    }
    let mut lrow = vec![0.0; k * lsz];
    for c in 0..k {
        for r in 1..d {
            for s in 0..r {
                lrow[c * lsz + (r * r - r) / 2 + s] = l[c * lsz + (s * (2 * d - s - 1)) / 2 + r - s - 1];
            }
        }
    }
    let mut xc = vec![0.0; d];
    let mut qx = vec![0.0; d];
    let mut beta = vec![0.0; k];
    let mut slse = 0.0;
    for i in 0..n {
        for c in 0..k {
            for j in 0..d {
                xc[j] = x[i * d + j] - mu[c * d + j];
            }
            for r in 0..d {
                let row = c * lsz + (r * r - r) / 2;
                let mut v = qdiag[c * d + r] * xc[r];
                for s in 0..r {
                    v += lrow[row + s] * xc[s];
                }
                qx[r] = v;
            }
            let mut sq = 0.0;
            for r in 0..d {
                sq += qx[r] * qx[r];
            }
            beta[c] = alpha[c] + sum_q[c] - 0.5 * sq;
        }
        let mut mx = f64::NEG_INFINITY;
        for c in 0..k {
            mx = mx.max(parad::no_grad(beta[c]));
        }
        let mut se = 0.0;
        for c in 0..k {
            se += (beta[c] - mx).exp();
        }
        slse += mx + se.ln();
    }
    let mut amx = f64::NEG_INFINITY;
    for c in 0..k {
        amx = amx.max(parad::no_grad(alpha[c]));
    }
    let mut ase = 0.0;
    for c in 0..k {
        ase += (alpha[c] - amx).exp();
    }
    let lse_alpha = amx + ase.ln();
    let mut prior = 0.0;
    for c in 0..k {
        let mut frob = 0.0;
        for j in 0..d {
            frob += qdiag[c * d + j] * qdiag[c * d + j];
        }
        for j in 0..lsz {
            frob += l[c * lsz + j] * l[c * lsz + j];
        }
        prior += m as f64 * sum_q[c] - 0.5 * gamma * gamma * frob;
    }
    slse - n as f64 * lse_alpha + prior
}
