#[allow(dead_code)]
pub fn gmm_objective(
    alpha: &[f64],
    mu: &[f64],
    q: &[f64],
    l: &[f64],
    x: &[f64],
    d: usize,
    gamma: f64,
    m: usize,
) -> f64 {
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
                lrow[c * lsz + (r * r - r) / 2 + s] = l[c * lsz
                    + (s * (2 * d - s - 1)) / 2 + r - s - 1];
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
#[doc(hidden)]
#[inline]
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn __parad_fwd_gmm_objective(
    alpha: &[f64],
    mu: &[f64],
    q: &[f64],
    l: &[f64],
    x: &[f64],
    d: usize,
    gamma: f64,
    m: usize,
) -> (
    f64,
    impl ::core::ops::FnOnce(
        &[f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        f64,
    ) -> (f64,) + use<>,
) {
    let mut tape_se = ::parad::__private::Tape::new();
    let mut tape_exp = ::parad::__private::Tape::new();
    let mut tape_exp_2 = ::parad::__private::Tape::new();
    let mut tape_frob = ::parad::__private::Tape::new();
    let mut saved_qx = ::parad::__private::WholeTape::new();
    let k = alpha.len();
    let n = x.len() / d;
    let lsz = d * (d - 1) / 2;
    let mut qdiag = ::std::vec![0.0; k * d];
    let mut sum_q = ::std::vec![0.0; k];
    for c in 0..k {
        let qdiag_w = ::parad::__private::window_mut(&mut qdiag[..], c * d, 0..d);
        let q_w = ::parad::__private::window(&q[..], c * d, 0..d);
        for j in 0..d {
            qdiag_w[j] = q_w[j].exp();
            sum_q[c] += q_w[j];
        }
    }
    let mut lrow = ::std::vec![0.0; k * lsz];
    for c_2 in 0..k {
        for r in 1..d {
            let lrow_w = ::parad::__private::window_mut(
                &mut lrow[..],
                c_2 * lsz + (r * r - r) / 2,
                0..r,
            );
            for s in 0..r {
                lrow_w[s] = l[c_2 * lsz + s * (2 * d - s - 1) / 2 + r - s - 1];
            }
        }
    }
    let mut xc = ::std::vec![0.0; d];
    let mut qx = ::std::vec![0.0; d];
    let mut beta = ::std::vec![0.0; k];
    let mut slse = 0.0;
    tape_se.reserve(n);
    tape_exp.reserve(n * k);
    for i in 0..n {
        let beta_w = ::parad::__private::window_mut(&mut beta[..], 0, 0..k);
        let alpha_w = ::parad::__private::window(&alpha[..], 0, 0..k);
        let sum_q_w = ::parad::__private::window(&sum_q[..], 0, 0..k);
        for c_3 in 0..k {
            let xc_w = ::parad::__private::window_mut(&mut xc[..], 0, 0..d);
            let x_w = ::parad::__private::window(&x[..], i * d, 0..d);
            let mu_w = ::parad::__private::window(&mu[..], c_3 * d, 0..d);
            for j_2 in 0..d {
                xc_w[j_2] = x_w[j_2] - mu_w[j_2];
            }
            ::parad::__private::save_whole(&mut saved_qx, &mut qx, d);
            let qdiag_w_2 = ::parad::__private::window(&qdiag[..], c_3 * d, 0..d);
            let xc_w_3 = ::parad::__private::window(&xc[..], 0, 0..d);
            let qx_w = ::parad::__private::window_mut(&mut qx[..], 0, 0..d);
            for r_2 in 0..d {
                let row = c_3 * lsz + (r_2 * r_2 - r_2) / 2;
                let mut v = qdiag_w_2[r_2] * xc_w_3[r_2];
                let lrow_w_2 = ::parad::__private::window(&lrow[..], row, 0..r_2);
                let xc_w_2 = ::parad::__private::window(&xc[..], 0, 0..r_2);
                for s_2 in 0..r_2 {
                    v += lrow_w_2[s_2] * xc_w_2[s_2];
                }
                qx_w[r_2] = v;
            }
            let mut sq = 0.0;
            let qx_w_2 = ::parad::__private::window(&qx[..], 0, 0..d);
            for r_3 in 0..d {
                sq += qx_w_2[r_3] * qx_w_2[r_3];
            }
            beta_w[c_3] = alpha_w[c_3] + sum_q_w[c_3] - 0.5 * sq;
        }
        let mut mx = f64::NEG_INFINITY;
        let beta_w_2 = ::parad::__private::window(&beta[..], 0, 0..k);
        for c_4 in 0..k {
            mx = mx.max(beta_w_2[c_4]);
        }
        let mut se = 0.0;
        let beta_w_3 = ::parad::__private::window(&beta[..], 0, 0..k);
        for c_5 in 0..k {
            let exp = (beta_w_3[c_5] - mx).exp();
            se += exp;
            tape_exp.push_reserved(exp);
        }
        let ln = se.ln();
        slse += mx + ln;
        tape_se.push_reserved(se);
    }
    let mut amx = f64::NEG_INFINITY;
    let alpha_w_2 = ::parad::__private::window(&alpha[..], 0, 0..k);
    for c_6 in 0..k {
        amx = amx.max(alpha_w_2[c_6]);
    }
    let mut ase = 0.0;
    tape_exp_2.reserve(k);
    let alpha_w_3 = ::parad::__private::window(&alpha[..], 0, 0..k);
    for c_7 in 0..k {
        let exp_2 = (alpha_w_3[c_7] - amx).exp();
        ase += exp_2;
        tape_exp_2.push_reserved(exp_2);
    }
    let ln_2 = ase.ln();
    let lse_alpha = amx + ln_2;
    let mut prior = 0.0;
    tape_frob.reserve(k);
    let sum_q_w_2 = ::parad::__private::window(&sum_q[..], 0, 0..k);
    for c_8 in 0..k {
        let mut frob = 0.0;
        let qdiag_w_3 = ::parad::__private::window(&qdiag[..], c_8 * d, 0..d);
        for j_3 in 0..d {
            frob += qdiag_w_3[j_3] * qdiag_w_3[j_3];
        }
        let l_w = ::parad::__private::window(&l[..], c_8 * lsz, 0..lsz);
        for j_4 in 0..lsz {
            frob += l_w[j_4] * l_w[j_4];
        }
        prior += m as f64 * sum_q_w_2[c_8] - 0.5 * gamma * gamma * frob;
        tape_frob.push_reserved(frob);
    }
    let ret: f64 = slse - n as f64 * lse_alpha + prior;
    let reverse = move |
        alpha: &[f64],
        dalpha: &mut [f64],
        mu: &[f64],
        dmu: &mut [f64],
        q: &[f64],
        dq: &mut [f64],
        l: &[f64],
        dl: &mut [f64],
        x: &[f64],
        dx: &mut [f64],
        seed: f64,
    | -> (f64,) {
        let mut dalpha = ::parad::__private::ShadowSlice::new(dalpha);
        let mut dmu = ::parad::__private::ShadowSlice::new(dmu);
        let mut dq = ::parad::__private::ShadowSlice::new(dq);
        let mut dl = ::parad::__private::ShadowSlice::new(dl);
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dgamma: f64 = 0.0;
        let mut dret = seed;
        let mut dqdiag = ::std::vec![0.0; qdiag.len()];
        let mut dsum_q = ::std::vec![0.0; sum_q.len()];
        let mut dlrow = ::std::vec![0.0; lrow.len()];
        let mut dxc = ::std::vec![0.0; xc.len()];
        let mut dqx = ::std::vec![0.0; qx.len()];
        let mut dbeta = ::std::vec![0.0; beta.len()];
        let mut dlse_alpha = -dret * n as f64;
        let mut dprior = dret;
        let tape_frob_w = ::parad::__private::window(&tape_frob[..], 0, 0..k);
        let dsum_q_w = ::parad::__private::window_mut(&mut dsum_q[..], 0, 0..k);
        for c_8 in 0..k {
            let mut frob = tape_frob_w[c_8];
            let g = -dprior;
            let g_2 = g * frob;
            let mut dfrob = g * (0.5 * gamma * gamma);
            let l_w_2 = ::parad::__private::window(&l[..], c_8 * lsz, 0..lsz);
            for j_4 in 0..lsz {
                dl[c_8 * lsz + j_4] += dfrob * (2.0 * l_w_2[j_4]);
            }
            let dqdiag_w = ::parad::__private::window_mut(
                &mut dqdiag[..],
                c_8 * d,
                0..d,
            );
            let qdiag_w_4 = ::parad::__private::window(&qdiag[..], c_8 * d, 0..d);
            for j_3 in 0..d {
                dqdiag_w[j_3] += dfrob * (2.0 * qdiag_w_4[j_3]);
            }
            dsum_q_w[c_8] += dprior * m as f64;
            dgamma += g_2 * gamma * 0.5 + g_2 * (0.5 * gamma);
        }
        let mut dln_2 = dlse_alpha;
        let mut dase = dln_2 / ase;
        let tape_exp_2_w = ::parad::__private::window(&tape_exp_2[..], 0, 0..k);
        for c_7 in 0..k {
            let exp_2 = tape_exp_2_w[c_7];
            let mut dexp_2 = dase;
            dalpha[c_7] += dexp_2 * exp_2;
        }
        let mut dslse = dret;
        let tape_se_w = ::parad::__private::window(&tape_se[..], 0, 0..n);
        for i in (0..n).rev() {
            let mut se = tape_se_w[i];
            let mut dln = dslse;
            let mut dse = dln / se;
            let tape_exp_w = ::parad::__private::window(&tape_exp[..], i * k, 0..k);
            let dbeta_w = ::parad::__private::window_mut(&mut dbeta[..], 0, 0..k);
            for c_5 in 0..k {
                let exp = tape_exp_w[c_5];
                let mut dexp = dse;
                dbeta_w[c_5] += dexp * exp;
            }
            let dbeta_w_2 = ::parad::__private::window_mut(&mut dbeta[..], 0, 0..k);
            let dsum_q_w_2 = ::parad::__private::window_mut(&mut dsum_q[..], 0, 0..k);
            for c_3 in (0..k).rev() {
                let xc_w_6 = ::parad::__private::window_mut(&mut xc[..], 0, 0..d);
                let x_w_2 = ::parad::__private::window(&x[..], i * d, 0..d);
                let mu_w_2 = ::parad::__private::window(&mu[..], c_3 * d, 0..d);
                for j_2 in 0..d {
                    xc_w_6[j_2] = x_w_2[j_2] - mu_w_2[j_2];
                }
                let g_3 = dbeta_w_2[c_3];
                dbeta_w_2[c_3] = 0.0;
                let mut dsq = -g_3 * 0.5;
                let dqx_w = ::parad::__private::window_mut(&mut dqx[..], 0, 0..d);
                let qx_w_3 = ::parad::__private::window(&qx[..], 0, 0..d);
                for r_3 in 0..d {
                    dqx_w[r_3] += dsq * (2.0 * qx_w_3[r_3]);
                }
                let dqx_w_2 = ::parad::__private::window_mut(&mut dqx[..], 0, 0..d);
                let xc_w_5 = ::parad::__private::window(&xc[..], 0, 0..d);
                let dqdiag_w_2 = ::parad::__private::window_mut(
                    &mut dqdiag[..],
                    c_3 * d,
                    0..d,
                );
                let qdiag_w_5 = ::parad::__private::window(&qdiag[..], c_3 * d, 0..d);
                for r_2 in 0..d {
                    let row = c_3 * lsz + (r_2 * r_2 - r_2) / 2;
                    let g_4 = dqx_w_2[r_2];
                    dqx_w_2[r_2] = 0.0;
                    let mut dv = g_4;
                    let dlrow_w = ::parad::__private::window_mut(
                        &mut dlrow[..],
                        row,
                        0..r_2,
                    );
                    let xc_w_4 = ::parad::__private::window(&xc[..], 0, 0..r_2);
                    let dxc_w = ::parad::__private::window_mut(&mut dxc[..], 0, 0..r_2);
                    let lrow_w_3 = ::parad::__private::window(&lrow[..], row, 0..r_2);
                    for s_2 in 0..r_2 {
                        dlrow_w[s_2] += dv * xc_w_4[s_2];
                        dxc_w[s_2] += dv * lrow_w_3[s_2];
                    }
                    dqdiag_w_2[r_2] += dv * xc_w_5[r_2];
                    dxc[r_2] += dv * qdiag_w_5[r_2];
                }
                ::parad::__private::restore_whole(&mut saved_qx, &mut qx);
                let dxc_w_2 = ::parad::__private::window_mut(&mut dxc[..], 0, 0..d);
                for j_2 in 0..d {
                    let g_5 = dxc_w_2[j_2];
                    dxc_w_2[j_2] = 0.0;
                    dx[i * d + j_2] += g_5;
                    dmu[c_3 * d + j_2] += -g_5;
                }
                dalpha[c_3] += g_3;
                dsum_q_w_2[c_3] += g_3;
            }
        }
        for c_2 in (0..k).rev() {
            for r in (1..d).rev() {
                let dlrow_w_2 = ::parad::__private::window_mut(
                    &mut dlrow[..],
                    c_2 * lsz + (r * r - r) / 2,
                    0..r,
                );
                for s in (0..r).rev() {
                    let g_6 = dlrow_w_2[s];
                    dlrow_w_2[s] = 0.0;
                    dl[c_2 * lsz + s * (2 * d - s - 1) / 2 + r - s - 1] += g_6;
                }
            }
        }
        for c in (0..k).rev() {
            let dqdiag_w_3 = ::parad::__private::window_mut(
                &mut dqdiag[..],
                c * d,
                0..d,
            );
            let q_w_2 = ::parad::__private::window(&q[..], c * d, 0..d);
            for j in (0..d).rev() {
                let g_7 = dqdiag_w_3[j];
                dqdiag_w_3[j] = 0.0;
                dq[c * d + j] += dsum_q[c] + g_7 * q_w_2[j].exp();
            }
        }
        (dgamma,)
    };
    (ret, reverse)
}
#[doc(hidden)]
#[inline]
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn __parad_tan_gmm_objective(
    alpha: &[f64],
    talpha: &[f64],
    mu: &[f64],
    tmu: &[f64],
    q: &[f64],
    tq: &[f64],
    l: &[f64],
    tl: &[f64],
    x: &[f64],
    tx: &[f64],
    d: usize,
    gamma: f64,
    mut tgamma: f64,
    m: usize,
) -> (f64, f64) {
    let talpha = ::parad::__private::TangentSlice::new(talpha);
    let tmu = ::parad::__private::TangentSlice::new(tmu);
    let tq = ::parad::__private::TangentSlice::new(tq);
    let tl = ::parad::__private::TangentSlice::new(tl);
    let tx = ::parad::__private::TangentSlice::new(tx);
    let k = alpha.len();
    let n = x.len() / d;
    let lsz = d * (d - 1) / 2;
    let mut tqdiag = ::std::vec![0.0; k * d];
    let mut qdiag = ::std::vec![0.0; k * d];
    let mut tsum_q = ::std::vec![0.0; k];
    let mut sum_q = ::std::vec![0.0; k];
    for c in 0..k {
        for j in 0..d {
            tqdiag[c * d + j] = tq[c * d + j] * q[c * d + j].exp();
            qdiag[c * d + j] = q[c * d + j].exp();
            tsum_q[c] += tq[c * d + j];
            sum_q[c] += q[c * d + j];
        }
    }
    let mut tlrow = ::std::vec![0.0; k * lsz];
    let mut lrow = ::std::vec![0.0; k * lsz];
    for c_2 in 0..k {
        for r in 1..d {
            for s in 0..r {
                tlrow[c_2 * lsz + (r * r - r) / 2 + s] = tl[c_2 * lsz
                    + s * (2 * d - s - 1) / 2 + r - s - 1];
                lrow[c_2 * lsz + (r * r - r) / 2 + s] = l[c_2 * lsz
                    + s * (2 * d - s - 1) / 2 + r - s - 1];
            }
        }
    }
    let mut txc = ::std::vec![0.0; d];
    let mut xc = ::std::vec![0.0; d];
    let mut tqx = ::std::vec![0.0; d];
    let mut qx = ::std::vec![0.0; d];
    let mut tbeta = ::std::vec![0.0; k];
    let mut beta = ::std::vec![0.0; k];
    let mut tslse = 0.0;
    let mut slse = 0.0;
    for i in 0..n {
        for c_3 in 0..k {
            for j_2 in 0..d {
                txc[j_2] = tx[i * d + j_2] - tmu[c_3 * d + j_2];
                xc[j_2] = x[i * d + j_2] - mu[c_3 * d + j_2];
            }
            for r_2 in 0..d {
                let row = c_3 * lsz + (r_2 * r_2 - r_2) / 2;
                let mut tv = tqdiag[c_3 * d + r_2] * xc[r_2]
                    + qdiag[c_3 * d + r_2] * txc[r_2];
                let mut v = qdiag[c_3 * d + r_2] * xc[r_2];
                for s_2 in 0..r_2 {
                    tv += tlrow[row + s_2] * xc[s_2] + lrow[row + s_2] * txc[s_2];
                    v += lrow[row + s_2] * xc[s_2];
                }
                tqx[r_2] = tv;
                qx[r_2] = v;
            }
            let mut tsq = 0.0;
            let mut sq = 0.0;
            for r_3 in 0..d {
                tsq += tqx[r_3] * qx[r_3] + qx[r_3] * tqx[r_3];
                sq += qx[r_3] * qx[r_3];
            }
            tbeta[c_3] = talpha[c_3] + tsum_q[c_3] - 0.5 * tsq;
            beta[c_3] = alpha[c_3] + sum_q[c_3] - 0.5 * sq;
        }
        let mut mx = f64::NEG_INFINITY;
        for c_4 in 0..k {
            mx = mx.max(beta[c_4]);
        }
        let mut tse = 0.0;
        let mut se = 0.0;
        for c_5 in 0..k {
            let exp = (beta[c_5] - mx).exp();
            let texp = tbeta[c_5] * exp;
            tse += texp;
            se += exp;
        }
        let tln = tse / se;
        let ln = se.ln();
        tslse += tln;
        slse += mx + ln;
    }
    let mut amx = f64::NEG_INFINITY;
    for c_6 in 0..k {
        amx = amx.max(alpha[c_6]);
    }
    let mut tase = 0.0;
    let mut ase = 0.0;
    for c_7 in 0..k {
        let exp_2 = (alpha[c_7] - amx).exp();
        let texp_2 = talpha[c_7] * exp_2;
        tase += texp_2;
        ase += exp_2;
    }
    let tln_2 = tase / ase;
    let ln_2 = ase.ln();
    let tlse_alpha = tln_2;
    let lse_alpha = amx + ln_2;
    let mut tprior = 0.0;
    let mut prior = 0.0;
    for c_8 in 0..k {
        let mut tfrob = 0.0;
        let mut frob = 0.0;
        for j_3 in 0..d {
            tfrob
                += tqdiag[c_8 * d + j_3] * qdiag[c_8 * d + j_3]
                    + qdiag[c_8 * d + j_3] * tqdiag[c_8 * d + j_3];
            frob += qdiag[c_8 * d + j_3] * qdiag[c_8 * d + j_3];
        }
        for j_4 in 0..lsz {
            tfrob
                += tl[c_8 * lsz + j_4] * l[c_8 * lsz + j_4]
                    + l[c_8 * lsz + j_4] * tl[c_8 * lsz + j_4];
            frob += l[c_8 * lsz + j_4] * l[c_8 * lsz + j_4];
        }
        tprior
            += m as f64 * tsum_q[c_8]
                - ((0.5 * tgamma * gamma + 0.5 * gamma * tgamma) * frob
                    + 0.5 * gamma * gamma * tfrob);
        prior += m as f64 * sum_q[c_8] - 0.5 * gamma * gamma * frob;
    }
    let tret = tslse - n as f64 * tlse_alpha + tprior;
    let ret: f64 = slse - n as f64 * lse_alpha + prior;
    (ret, tret)
}
#[doc(hidden)]
#[inline]
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn __parad_fwd___parad_joint_gmm_objective(
    alpha: &[f64],
    dalpha: &mut [f64],
    mu: &[f64],
    dmu: &mut [f64],
    q: &[f64],
    dq: &mut [f64],
    l: &[f64],
    dl: &mut [f64],
    x: &[f64],
    dx: &mut [f64],
    d: usize,
    gamma: f64,
    m: usize,
    seed: f64,
) -> (
    f64,
    impl ::core::ops::FnOnce(
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        f64,
    ) -> (f64, f64) + use<>,
) {
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `gmm_objective` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    let ret: f64 = 0.0;
    let reverse = move |
        alpha: &[f64],
        dalpha_2: &mut [f64],
        dalpha: &mut [f64],
        ddalpha: &mut [f64],
        mu: &[f64],
        dmu_2: &mut [f64],
        dmu: &mut [f64],
        ddmu: &mut [f64],
        q: &[f64],
        dq_2: &mut [f64],
        dq: &mut [f64],
        ddq: &mut [f64],
        l: &[f64],
        dl_2: &mut [f64],
        dl: &mut [f64],
        ddl: &mut [f64],
        x: &[f64],
        dx_2: &mut [f64],
        dx: &mut [f64],
        ddx: &mut [f64],
        seed_2: f64,
    | -> (f64, f64) {
        let mut dalpha_2 = ::parad::__private::ShadowSlice::new(dalpha_2);
        let mut ddalpha = ::parad::__private::ShadowSlice::new(ddalpha);
        let mut dmu_2 = ::parad::__private::ShadowSlice::new(dmu_2);
        let mut ddmu = ::parad::__private::ShadowSlice::new(ddmu);
        let mut dq_2 = ::parad::__private::ShadowSlice::new(dq_2);
        let mut ddq = ::parad::__private::ShadowSlice::new(ddq);
        let mut dl_2 = ::parad::__private::ShadowSlice::new(dl_2);
        let mut ddl = ::parad::__private::ShadowSlice::new(ddl);
        let mut dx_2 = ::parad::__private::ShadowSlice::new(dx_2);
        let mut ddx = ::parad::__private::ShadowSlice::new(ddx);
        let mut dgamma: f64 = 0.0;
        let mut dseed: f64 = 0.0;
        let _ = seed_2;
        (dgamma, dseed)
    };
    (ret, reverse)
}
#[doc(hidden)]
#[inline]
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn __parad_tan___parad_joint_gmm_objective(
    alpha: &[f64],
    talpha: &[f64],
    dalpha: &mut [f64],
    tdalpha: &mut [f64],
    mu: &[f64],
    tmu: &[f64],
    dmu: &mut [f64],
    tdmu: &mut [f64],
    q: &[f64],
    tq: &[f64],
    dq: &mut [f64],
    tdq: &mut [f64],
    l: &[f64],
    tl: &[f64],
    dl: &mut [f64],
    tdl: &mut [f64],
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    d: usize,
    gamma: f64,
    mut tgamma: f64,
    m: usize,
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let talpha = ::parad::__private::TangentSlice::new(talpha);
    let mut tdalpha = ::parad::__private::ShadowSlice::new(tdalpha);
    let tmu = ::parad::__private::TangentSlice::new(tmu);
    let mut tdmu = ::parad::__private::ShadowSlice::new(tdmu);
    let tq = ::parad::__private::TangentSlice::new(tq);
    let mut tdq = ::parad::__private::ShadowSlice::new(tdq);
    let tl = ::parad::__private::TangentSlice::new(tl);
    let mut tdl = ::parad::__private::ShadowSlice::new(tdl);
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tdx = ::parad::__private::ShadowSlice::new(tdx);
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `gmm_objective` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    let ret: f64 = 0.0;
    (ret, 0.0)
}
/// Reverse-mode derivative of [`gmm_objective`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_gmm_objective(
    alpha: &[f64],
    dalpha: &mut [f64],
    mu: &[f64],
    dmu: &mut [f64],
    q: &[f64],
    dq: &mut [f64],
    l: &[f64],
    dl: &mut [f64],
    x: &[f64],
    d: usize,
    gamma: f64,
    m: usize,
    seed: f64,
) -> f64 {
    ::core::assert_eq!(
        dalpha.len(), alpha.len(),
        "the shadow of `alpha` must have the length of `alpha`"
    );
    ::core::assert_eq!(
        dmu.len(), mu.len(), "the shadow of `mu` must have the length of `mu`"
    );
    ::core::assert_eq!(
        dq.len(), q.len(), "the shadow of `q` must have the length of `q`"
    );
    ::core::assert_eq!(
        dl.len(), l.len(), "the shadow of `l` must have the length of `l`"
    );
    let mut tape_se = ::parad::__private::Tape::new();
    let mut tape_exp = ::parad::__private::Tape::new();
    let mut tape_exp_2 = ::parad::__private::Tape::new();
    let mut saved_qx = ::parad::__private::WholeTape::new();
    let k = alpha.len();
    let n = x.len() / d;
    let lsz = d * (d - 1) / 2;
    let mut qdiag = ::std::vec![0.0; k * d];
    let mut sum_q = ::std::vec![0.0; k];
    for c in 0..k {
        let qdiag_w = ::parad::__private::window_mut(&mut qdiag[..], c * d, 0..d);
        let q_w = ::parad::__private::window(&q[..], c * d, 0..d);
        for j in 0..d {
            qdiag_w[j] = q_w[j].exp();
            sum_q[c] += q_w[j];
        }
    }
    let mut lrow = ::std::vec![0.0; k * lsz];
    for c_2 in 0..k {
        for r in 1..d {
            let lrow_w = ::parad::__private::window_mut(
                &mut lrow[..],
                c_2 * lsz + (r * r - r) / 2,
                0..r,
            );
            for s in 0..r {
                lrow_w[s] = l[c_2 * lsz + s * (2 * d - s - 1) / 2 + r - s - 1];
            }
        }
    }
    let mut xc = ::std::vec![0.0; d];
    let mut qx = ::std::vec![0.0; d];
    let mut beta = ::std::vec![0.0; k];
    let mut slse = 0.0;
    tape_se.reserve(n);
    tape_exp.reserve(n * k);
    for i in 0..n {
        let beta_w = ::parad::__private::window_mut(&mut beta[..], 0, 0..k);
        let alpha_w = ::parad::__private::window(&alpha[..], 0, 0..k);
        let sum_q_w = ::parad::__private::window(&sum_q[..], 0, 0..k);
        for c_3 in 0..k {
            let xc_w = ::parad::__private::window_mut(&mut xc[..], 0, 0..d);
            let x_w = ::parad::__private::window(&x[..], i * d, 0..d);
            let mu_w = ::parad::__private::window(&mu[..], c_3 * d, 0..d);
            for j_2 in 0..d {
                xc_w[j_2] = x_w[j_2] - mu_w[j_2];
            }
            ::parad::__private::save_whole(&mut saved_qx, &mut qx, d);
            let qdiag_w_2 = ::parad::__private::window(&qdiag[..], c_3 * d, 0..d);
            let xc_w_3 = ::parad::__private::window(&xc[..], 0, 0..d);
            let qx_w = ::parad::__private::window_mut(&mut qx[..], 0, 0..d);
            for r_2 in 0..d {
                let row = c_3 * lsz + (r_2 * r_2 - r_2) / 2;
                let mut v = qdiag_w_2[r_2] * xc_w_3[r_2];
                let lrow_w_2 = ::parad::__private::window(&lrow[..], row, 0..r_2);
                let xc_w_2 = ::parad::__private::window(&xc[..], 0, 0..r_2);
                for s_2 in 0..r_2 {
                    v += lrow_w_2[s_2] * xc_w_2[s_2];
                }
                qx_w[r_2] = v;
            }
            let mut sq = 0.0;
            let qx_w_2 = ::parad::__private::window(&qx[..], 0, 0..d);
            for r_3 in 0..d {
                sq += qx_w_2[r_3] * qx_w_2[r_3];
            }
            beta_w[c_3] = alpha_w[c_3] + sum_q_w[c_3] - 0.5 * sq;
        }
        let mut mx = f64::NEG_INFINITY;
        let beta_w_2 = ::parad::__private::window(&beta[..], 0, 0..k);
        for c_4 in 0..k {
            mx = mx.max(beta_w_2[c_4]);
        }
        let mut se = 0.0;
        let beta_w_3 = ::parad::__private::window(&beta[..], 0, 0..k);
        for c_5 in 0..k {
            let exp = (beta_w_3[c_5] - mx).exp();
            se += exp;
            tape_exp.push_reserved(exp);
        }
        let ln = se.ln();
        slse += mx + ln;
        tape_se.push_reserved(se);
    }
    let mut amx = f64::NEG_INFINITY;
    let alpha_w_2 = ::parad::__private::window(&alpha[..], 0, 0..k);
    for c_6 in 0..k {
        amx = amx.max(alpha_w_2[c_6]);
    }
    let mut ase = 0.0;
    tape_exp_2.reserve(k);
    let alpha_w_3 = ::parad::__private::window(&alpha[..], 0, 0..k);
    for c_7 in 0..k {
        let exp_2 = (alpha_w_3[c_7] - amx).exp();
        ase += exp_2;
        tape_exp_2.push_reserved(exp_2);
    }
    let ln_2 = ase.ln();
    let lse_alpha = amx + ln_2;
    let mut prior = 0.0;
    let dalpha = &mut dalpha[..alpha.len()];
    let dmu = &mut dmu[..mu.len()];
    let dq = &mut dq[..q.len()];
    let dl = &mut dl[..l.len()];
    let mut dgamma: f64 = 0.0;
    let mut dret = seed;
    let mut dqdiag = ::std::vec![0.0; qdiag.len()];
    let mut dsum_q = ::std::vec![0.0; sum_q.len()];
    let mut dlrow = ::std::vec![0.0; lrow.len()];
    let mut dxc = ::std::vec![0.0; xc.len()];
    let mut dqx = ::std::vec![0.0; qx.len()];
    let mut dbeta = ::std::vec![0.0; beta.len()];
    let mut dslse = 0.0;
    let mut dase = 0.0;
    let mut dln_2 = 0.0;
    let mut dlse_alpha = 0.0;
    let mut dprior = 0.0;
    dslse = dret;
    dlse_alpha = -dret * n as f64;
    dprior = dret;
    let dsum_q_w = ::parad::__private::window_mut(&mut dsum_q[..], 0, 0..k);
    let sum_q_w_2 = ::parad::__private::window(&sum_q[..], 0, 0..k);
    for c_8 in 0..k {
        let mut frob = 0.0;
        let qdiag_w_3 = ::parad::__private::window(&qdiag[..], c_8 * d, 0..d);
        for j_3 in 0..d {
            frob += qdiag_w_3[j_3] * qdiag_w_3[j_3];
        }
        let mut dfrob = 0.0;
        dsum_q_w[c_8] += dprior * m as f64;
        dfrob = -dprior * (0.5 * gamma * gamma);
        let l_w = ::parad::__private::window(&l[..], c_8 * lsz, 0..lsz);
        let dl_w = ::parad::__private::window_mut(&mut dl[..], c_8 * lsz, 0..lsz);
        for j_4 in 0..lsz {
            frob += l_w[j_4] * l_w[j_4];
            dl_w[j_4] += dfrob * (2.0 * l_w[j_4]);
        }
        prior += m as f64 * sum_q_w_2[c_8] - 0.5 * gamma * gamma * frob;
        let dqdiag_w = ::parad::__private::window_mut(&mut dqdiag[..], c_8 * d, 0..d);
        let qdiag_w_4 = ::parad::__private::window(&qdiag[..], c_8 * d, 0..d);
        for j_3 in 0..d {
            dqdiag_w[j_3] += dfrob * (2.0 * qdiag_w_4[j_3]);
        }
    }
    let ret: f64 = slse - n as f64 * lse_alpha + prior;
    let primal = ret;
    dln_2 = dlse_alpha;
    dase = dln_2 / ase;
    let tape_exp_2_w = ::parad::__private::window(&tape_exp_2[..], 0, 0..k);
    let dalpha_w = ::parad::__private::window_mut(&mut dalpha[..], 0, 0..k);
    for c_7 in 0..k {
        let exp_2 = tape_exp_2_w[c_7];
        let mut dexp_2 = dase;
        dalpha_w[c_7] += dexp_2 * exp_2;
    }
    let tape_se_w = ::parad::__private::window(&tape_se[..], 0, 0..n);
    for i in (0..n).rev() {
        let mut se = tape_se_w[i];
        let mut dln = dslse;
        let mut dse = dln / se;
        let tape_exp_w = ::parad::__private::window(&tape_exp[..], i * k, 0..k);
        let dbeta_w = ::parad::__private::window_mut(&mut dbeta[..], 0, 0..k);
        for c_5 in 0..k {
            let exp = tape_exp_w[c_5];
            let mut dexp = dse;
            dbeta_w[c_5] += dexp * exp;
        }
        let dbeta_w_2 = ::parad::__private::window_mut(&mut dbeta[..], 0, 0..k);
        let dalpha_w_2 = ::parad::__private::window_mut(&mut dalpha[..], 0, 0..k);
        let dsum_q_w_2 = ::parad::__private::window_mut(&mut dsum_q[..], 0, 0..k);
        for c_3 in (0..k).rev() {
            let xc_w_6 = ::parad::__private::window_mut(&mut xc[..], 0, 0..d);
            let x_w_2 = ::parad::__private::window(&x[..], i * d, 0..d);
            let mu_w_2 = ::parad::__private::window(&mu[..], c_3 * d, 0..d);
            for j_2 in 0..d {
                xc_w_6[j_2] = x_w_2[j_2] - mu_w_2[j_2];
            }
            let g = dbeta_w_2[c_3];
            dbeta_w_2[c_3] = 0.0;
            let mut dsq = -g * 0.5;
            let dqx_w = ::parad::__private::window_mut(&mut dqx[..], 0, 0..d);
            let qx_w_3 = ::parad::__private::window(&qx[..], 0, 0..d);
            for r_3 in 0..d {
                dqx_w[r_3] += dsq * (2.0 * qx_w_3[r_3]);
            }
            let dqx_w_2 = ::parad::__private::window_mut(&mut dqx[..], 0, 0..d);
            let xc_w_5 = ::parad::__private::window(&xc[..], 0, 0..d);
            let dqdiag_w_2 = ::parad::__private::window_mut(
                &mut dqdiag[..],
                c_3 * d,
                0..d,
            );
            let qdiag_w_5 = ::parad::__private::window(&qdiag[..], c_3 * d, 0..d);
            for r_2 in 0..d {
                let row = c_3 * lsz + (r_2 * r_2 - r_2) / 2;
                let g_2 = dqx_w_2[r_2];
                dqx_w_2[r_2] = 0.0;
                let mut dv = g_2;
                let dlrow_w = ::parad::__private::window_mut(
                    &mut dlrow[..],
                    row,
                    0..r_2,
                );
                let xc_w_4 = ::parad::__private::window(&xc[..], 0, 0..r_2);
                let dxc_w = ::parad::__private::window_mut(&mut dxc[..], 0, 0..r_2);
                let lrow_w_3 = ::parad::__private::window(&lrow[..], row, 0..r_2);
                for s_2 in 0..r_2 {
                    dlrow_w[s_2] += dv * xc_w_4[s_2];
                    dxc_w[s_2] += dv * lrow_w_3[s_2];
                }
                dqdiag_w_2[r_2] += dv * xc_w_5[r_2];
                dxc[r_2] += dv * qdiag_w_5[r_2];
            }
            ::parad::__private::restore_whole(&mut saved_qx, &mut qx);
            let dxc_w_2 = ::parad::__private::window_mut(&mut dxc[..], 0, 0..d);
            let dmu_w = ::parad::__private::window_mut(&mut dmu[..], c_3 * d, 0..d);
            for j_2 in 0..d {
                let g_3 = dxc_w_2[j_2];
                dxc_w_2[j_2] = 0.0;
                dmu_w[j_2] += -g_3;
            }
            dalpha_w_2[c_3] += g;
            dsum_q_w_2[c_3] += g;
        }
    }
    for c_2 in (0..k).rev() {
        for r in (1..d).rev() {
            let dlrow_w_2 = ::parad::__private::window_mut(
                &mut dlrow[..],
                c_2 * lsz + (r * r - r) / 2,
                0..r,
            );
            for s in (0..r).rev() {
                let g_4 = dlrow_w_2[s];
                dlrow_w_2[s] = 0.0;
                dl[c_2 * lsz + s * (2 * d - s - 1) / 2 + r - s - 1] += g_4;
            }
        }
    }
    for c in (0..k).rev() {
        let dqdiag_w_3 = ::parad::__private::window_mut(&mut dqdiag[..], c * d, 0..d);
        let dq_w = ::parad::__private::window_mut(&mut dq[..], c * d, 0..d);
        let q_w_2 = ::parad::__private::window(&q[..], c * d, 0..d);
        for j in (0..d).rev() {
            let g_5 = dqdiag_w_3[j];
            dqdiag_w_3[j] = 0.0;
            dq_w[j] += dsum_q[c] + g_5 * q_w_2[j].exp();
        }
    }
    primal
}
