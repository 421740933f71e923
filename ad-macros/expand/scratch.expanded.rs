#[allow(dead_code)]
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
fn __parad_fwd_centred(
    x: &[f64],
    m: &[f64],
    d: usize,
) -> (
    f64,
    impl ::core::ops::FnOnce(&[f64], &mut [f64], &[f64], &mut [f64], f64) + use<>,
) {
    let mut tape_q = ::parad::__private::Tape::new();
    let n = x.len() / d;
    let mut t = ::std::vec![0.0; d];
    let mut s = 0.0;
    tape_q.reserve(n);
    for i in 0..n {
        let t_w = ::parad::__private::window_mut(&mut t[..], 0, 0..d);
        let x_w = ::parad::__private::window(&x[..], i * d, 0..d);
        let m_w = ::parad::__private::window(&m[..], 0, 0..d);
        for j in 0..d {
            t_w[j] = x_w[j] - m_w[j] * (i as f64 + 1.0);
        }
        let mut q = 0.0;
        let t_w_2 = ::parad::__private::window(&t[..], 0, 0..d);
        let m_w_2 = ::parad::__private::window(&m[..], 0, 0..d);
        for j_2 in 0..d {
            q += t_w_2[j_2] * t_w_2[j_2] * m_w_2[j_2];
        }
        let ln = (q + 1.0).ln();
        s += ln;
        tape_q.push_reserved(q);
    }
    let ret: f64 = s;
    let reverse = move |x: &[f64], dx: &mut [f64], m: &[f64], dm: &mut [f64], seed: f64| {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dm = ::parad::__private::ShadowSlice::new(dm);
        let mut dret = seed;
        let mut dt = ::std::vec![0.0; t.len()];
        let mut ds = dret;
        let tape_q_w = ::parad::__private::window(&tape_q[..], 0, 0..n);
        for i in (0..n).rev() {
            let t_w_4 = ::parad::__private::window_mut(&mut t[..], 0, 0..d);
            let x_w_2 = ::parad::__private::window(&x[..], i * d, 0..d);
            let m_w_4 = ::parad::__private::window(&m[..], 0, 0..d);
            for j in 0..d {
                t_w_4[j] = x_w_2[j] - m_w_4[j] * (i as f64 + 1.0);
            }
            let mut q = tape_q_w[i];
            let mut dln = ds;
            let mut dq = dln / (q + 1.0);
            let m_w_3 = ::parad::__private::window(&m[..], 0, 0..d);
            let dt_w = ::parad::__private::window_mut(&mut dt[..], 0, 0..d);
            let t_w_3 = ::parad::__private::window(&t[..], 0, 0..d);
            for j_2 in 0..d {
                let g = dq * m_w_3[j_2];
                dt_w[j_2] += g * (2.0 * t_w_3[j_2]);
                dm[j_2] += dq * (t_w_3[j_2] * t_w_3[j_2]);
            }
            let dt_w_2 = ::parad::__private::window_mut(&mut dt[..], 0, 0..d);
            for j in 0..d {
                let g_2 = dt_w_2[j];
                dt_w_2[j] = 0.0;
                dx[i * d + j] += g_2;
                dm[j] += -g_2 * (i as f64 + 1.0);
            }
        }
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
fn __parad_tan_centred(
    x: &[f64],
    tx: &[f64],
    m: &[f64],
    tm: &[f64],
    d: usize,
) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let tm = ::parad::__private::TangentSlice::new(tm);
    let n = x.len() / d;
    let mut tt = ::std::vec![0.0; d];
    let mut t = ::std::vec![0.0; d];
    let mut ts = 0.0;
    let mut s = 0.0;
    for i in 0..n {
        for j in 0..d {
            tt[j] = tx[i * d + j] - tm[j] * (i as f64 + 1.0);
            t[j] = x[i * d + j] - m[j] * (i as f64 + 1.0);
        }
        let mut tq = 0.0;
        let mut q = 0.0;
        for j_2 in 0..d {
            tq
                += (tt[j_2] * t[j_2] + t[j_2] * tt[j_2]) * m[j_2]
                    + t[j_2] * t[j_2] * tm[j_2];
            q += t[j_2] * t[j_2] * m[j_2];
        }
        let tln = tq / (q + 1.0);
        let ln = (q + 1.0).ln();
        ts += tln;
        s += ln;
    }
    let tret = ts;
    let ret: f64 = s;
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
fn __parad_fwd___parad_joint_centred(
    x: &[f64],
    dx: &mut [f64],
    m: &[f64],
    dm: &mut [f64],
    d: usize,
    seed: f64,
) -> (
    (),
    impl ::core::ops::FnOnce(
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        (),
    ) -> (f64,) + use<>,
) {
    let mut tape_q_2 = ::parad::__private::Tape::new();
    let mut tape_q_2_2 = ::parad::__private::Tape::new();
    let mut saved_t = ::parad::__private::WholeTape::new();
    let mut saved_t_2 = ::parad::__private::WholeTape::new();
    let mut saved_dm = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    let mut saved_dm_2 = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    ::core::assert_eq!(
        dm.len(), m.len(), "the shadow of `m` must have the length of `m`"
    );
    let mut tape_q = ::std::vec::Vec::new();
    let n = x.len() / d;
    let mut t = ::std::vec![0.0; d];
    let mut s = 0.0;
    tape_q_2.reserve(n);
    for i in 0..n {
        ::parad::__private::save_whole(&mut saved_t, &mut t, d);
        let t_w = ::parad::__private::window_mut(&mut t[..], 0, 0..d);
        let x_w = ::parad::__private::window(&x[..], i * d, 0..d);
        let m_w = ::parad::__private::window(&m[..], 0, 0..d);
        for j in 0..d {
            t_w[j] = x_w[j] - m_w[j] * (i as f64 + 1.0);
        }
        let mut q = 0.0;
        let t_w_2 = ::parad::__private::window(&t[..], 0, 0..d);
        let m_w_2 = ::parad::__private::window(&m[..], 0, 0..d);
        for j_2 in 0..d {
            q += t_w_2[j_2] * t_w_2[j_2] * m_w_2[j_2];
        }
        let ln = (q + 1.0).ln();
        s += ln;
        tape_q.push(q);
        tape_q_2.push_reserved(q);
    }
    let ret: f64 = s;
    let primal_2 = ret;
    let dret = seed;
    let mut dt = ::std::vec![0.0; t.len()];
    let ds = dret;
    tape_q_2_2.resize(n, 0.0);
    saved_dm.resize(n * d, 0.0);
    saved_dx.resize(n * d, 0.0);
    saved_dm_2.resize(n * d, 0.0);
    let tape_q_w = ::parad::__private::window(&tape_q[..], 0, 0..n);
    let tape_q_2_2_w = ::parad::__private::window_mut(&mut tape_q_2_2[..], 0, 0..n);
    for i_2 in (0..n).rev() {
        ::parad::__private::save_whole(&mut saved_t_2, &mut t, d);
        let t_w_3 = ::parad::__private::window_mut(&mut t[..], 0, 0..d);
        let x_w_2 = ::parad::__private::window(&x[..], i_2 * d, 0..d);
        let m_w_3 = ::parad::__private::window(&m[..], 0, 0..d);
        for j_3 in 0..d {
            t_w_3[j_3] = x_w_2[j_3] - m_w_3[j_3] * (i_2 as f64 + 1.0);
        }
        let q_2 = tape_q_w[i_2];
        let dln = ds;
        let dq = dln / (q_2 + 1.0);
        let m_w_4 = ::parad::__private::window(&m[..], 0, 0..d);
        let dt_w = ::parad::__private::window_mut(&mut dt[..], 0, 0..d);
        let t_w_4 = ::parad::__private::window(&t[..], 0, 0..d);
        let saved_dm_w = ::parad::__private::window_mut(
            &mut saved_dm[..],
            i_2 * d,
            0..d,
        );
        let dm_w = ::parad::__private::window_mut(&mut dm[..], 0, 0..d);
        for j_2_2 in 0..d {
            let g = dq * m_w_4[j_2_2];
            dt_w[j_2_2] += g * (2.0 * t_w_4[j_2_2]);
            saved_dm_w[j_2_2] = dm_w[j_2_2];
            dm_w[j_2_2] += dq * (t_w_4[j_2_2] * t_w_4[j_2_2]);
        }
        let dt_w_2 = ::parad::__private::window_mut(&mut dt[..], 0, 0..d);
        let saved_dx_w = ::parad::__private::window_mut(
            &mut saved_dx[..],
            i_2 * d,
            0..d,
        );
        let dx_w = ::parad::__private::window_mut(&mut dx[..], i_2 * d, 0..d);
        let saved_dm_2_w = ::parad::__private::window_mut(
            &mut saved_dm_2[..],
            i_2 * d,
            0..d,
        );
        let dm_w_2 = ::parad::__private::window_mut(&mut dm[..], 0, 0..d);
        for j_4 in 0..d {
            let g_2 = dt_w_2[j_4];
            dt_w_2[j_4] = 0.0;
            saved_dx_w[j_4] = dx_w[j_4];
            dx_w[j_4] += g_2;
            saved_dm_2_w[j_4] = dm_w_2[j_4];
            dm_w_2[j_4] += -g_2 * (i_2 as f64 + 1.0);
        }
        tape_q_2_2_w[i_2] = q_2;
    }
    let reverse = move |
        x: &[f64],
        dx_2: &mut [f64],
        dx: &mut [f64],
        ddx: &mut [f64],
        m: &[f64],
        dm_2: &mut [f64],
        dm: &mut [f64],
        ddm: &mut [f64],
        seed_2: (),
    | -> (f64,) {
        let mut dx_2 = ::parad::__private::ShadowSlice::new(dx_2);
        let mut ddx = ::parad::__private::ShadowSlice::new(ddx);
        let mut dm_2 = ::parad::__private::ShadowSlice::new(dm_2);
        let mut ddm = ::parad::__private::ShadowSlice::new(ddm);
        let mut dseed: f64 = 0.0;
        let _ = seed_2;
        let mut dtape_q = ::std::vec![0.0; tape_q.len()];
        let mut dt_2 = ::std::vec![0.0; t.len()];
        let mut dprimal_2 = 0.0;
        let mut ddt = ::std::vec![0.0; dt.len()];
        let mut dds = 0.0;
        let tape_q_2_2_w_2 = ::parad::__private::window(&tape_q_2_2[..], 0, 0..n);
        let dtape_q_w = ::parad::__private::window_mut(&mut dtape_q[..], 0, 0..n);
        for i_2 in 0..n {
            let q_2 = tape_q_2_2_w_2[i_2];
            let dln = ds;
            let dq = dln / (q_2 + 1.0);
            let mut ddq = 0.0;
            let dm_w_3 = ::parad::__private::window_mut(&mut dm[..], 0, 0..d);
            let saved_dm_2_w_2 = ::parad::__private::window(
                &saved_dm_2[..],
                i_2 * d,
                0..d,
            );
            let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], i_2 * d, 0..d);
            let saved_dx_w_2 = ::parad::__private::window(&saved_dx[..], i_2 * d, 0..d);
            let ddt_w = ::parad::__private::window_mut(&mut ddt[..], 0, 0..d);
            for j_4 in (0..d).rev() {
                dm_w_3[j_4] = saved_dm_2_w_2[j_4];
                dx_w_2[j_4] = saved_dx_w_2[j_4];
                let g_3 = ddt_w[j_4];
                ddt_w[j_4] = 0.0;
                let mut dg_2 = -(ddm[j_4] * (i_2 as f64 + 1.0)) + ddx[i_2 * d + j_4];
                ddt_w[j_4] += dg_2;
            }
            let m_w_5 = ::parad::__private::window(&m[..], 0, 0..d);
            let dm_w_4 = ::parad::__private::window_mut(&mut dm[..], 0, 0..d);
            let saved_dm_w_2 = ::parad::__private::window(&saved_dm[..], i_2 * d, 0..d);
            let ddt_w_2 = ::parad::__private::window(&ddt[..], 0, 0..d);
            let t_w_5 = ::parad::__private::window(&t[..], 0, 0..d);
            let dt_2_w = ::parad::__private::window_mut(&mut dt_2[..], 0, 0..d);
            for j_2_2 in (0..d).rev() {
                let g = dq * m_w_5[j_2_2];
                dm_w_4[j_2_2] = saved_dm_w_2[j_2_2];
                let g_4 = ddm[j_2_2];
                let g_5 = g_4 * dq;
                let g_6 = ddt_w_2[j_2_2];
                let mut dg = g_6 * (2.0 * t_w_5[j_2_2]);
                ddq += g_4 * (t_w_5[j_2_2] * t_w_5[j_2_2]) + dg * m_w_5[j_2_2];
                dt_2_w[j_2_2] += g_5 * (2.0 * t_w_5[j_2_2]) + g_6 * g * 2.0;
                dm_2[j_2_2] += dg * dq;
            }
            let mut ddln = ddq / (q_2 + 1.0);
            let mut dq_2_2 = -(ddq * (dln / (q_2 + 1.0)) / (q_2 + 1.0));
            let dt_2_w_2 = ::parad::__private::window_mut(&mut dt_2[..], 0, 0..d);
            for j_3 in 0..d {
                let g_7 = dt_2_w_2[j_3];
                dt_2_w_2[j_3] = 0.0;
                dx_2[i_2 * d + j_3] += g_7;
                dm_2[j_3] += -g_7 * (i_2 as f64 + 1.0);
            }
            ::parad::__private::restore_whole(&mut saved_t_2, &mut t);
            dds += ddln;
            dtape_q_w[i_2] += dq_2_2;
        }
        let mut ddret = dds;
        let mut dret_2 = dprimal_2;
        let mut ds_2 = dret_2;
        let tape_q_2_w = ::parad::__private::window(&tape_q_2[..], 0, 0..n);
        for i in (0..n).rev() {
            let mut q = tape_q_2_w[i];
            let g_8 = dtape_q.pop().unwrap();
            let mut dq_2 = g_8;
            let mut dln_2 = ds_2;
            dq_2 += dln_2 / (q + 1.0);
            let m_w_6 = ::parad::__private::window(&m[..], 0, 0..d);
            let dt_2_w_3 = ::parad::__private::window_mut(&mut dt_2[..], 0, 0..d);
            let t_w_6 = ::parad::__private::window(&t[..], 0, 0..d);
            for j_2 in 0..d {
                let g_9 = dq_2 * m_w_6[j_2];
                dt_2_w_3[j_2] += g_9 * (2.0 * t_w_6[j_2]);
                dm_2[j_2] += dq_2 * (t_w_6[j_2] * t_w_6[j_2]);
            }
            let dt_2_w_4 = ::parad::__private::window_mut(&mut dt_2[..], 0, 0..d);
            for j in 0..d {
                let g_10 = dt_2_w_4[j];
                dt_2_w_4[j] = 0.0;
                dx_2[i * d + j] += g_10;
                dm_2[j] += -g_10 * (i as f64 + 1.0);
            }
            ::parad::__private::restore_whole(&mut saved_t, &mut t);
        }
        dseed += ddret;
        (dseed,)
    };
    ((), reverse)
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
fn __parad_tan___parad_joint_centred(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    m: &[f64],
    tm: &[f64],
    dm: &mut [f64],
    tdm: &mut [f64],
    d: usize,
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tdx = ::parad::__private::ShadowSlice::new(tdx);
    let tm = ::parad::__private::TangentSlice::new(tm);
    let mut tdm = ::parad::__private::ShadowSlice::new(tdm);
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    ::core::assert_eq!(
        dm.len(), m.len(), "the shadow of `m` must have the length of `m`"
    );
    let mut ttape_q = ::std::vec::Vec::new();
    let mut tape_q = ::std::vec::Vec::new();
    let n = x.len() / d;
    let mut tt = ::std::vec![0.0; d];
    let mut t = ::std::vec![0.0; d];
    let mut ts = 0.0;
    let mut s = 0.0;
    for i in 0..n {
        for j in 0..d {
            tt[j] = tx[i * d + j] - tm[j] * (i as f64 + 1.0);
            t[j] = x[i * d + j] - m[j] * (i as f64 + 1.0);
        }
        let mut tq = 0.0;
        let mut q = 0.0;
        for j_2 in 0..d {
            tq
                += (tt[j_2] * t[j_2] + t[j_2] * tt[j_2]) * m[j_2]
                    + t[j_2] * t[j_2] * tm[j_2];
            q += t[j_2] * t[j_2] * m[j_2];
        }
        let tln = tq / (q + 1.0);
        let ln = (q + 1.0).ln();
        ts += tln;
        s += ln;
        ttape_q.push(tq);
        tape_q.push(q);
    }
    let tret = ts;
    let ret: f64 = s;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tdret = tseed;
    let dret = seed;
    let mut tdt = ::std::vec![0.0; t.len()];
    let mut dt = ::std::vec![0.0; t.len()];
    let tds = tdret;
    let ds = dret;
    for i_2 in (0..n).rev() {
        for j_3 in 0..d {
            tt[j_3] = tx[i_2 * d + j_3] - tm[j_3] * (i_2 as f64 + 1.0);
            t[j_3] = x[i_2 * d + j_3] - m[j_3] * (i_2 as f64 + 1.0);
        }
        let tq_2 = ttape_q[i_2];
        let q_2 = tape_q[i_2];
        let tdln = tds;
        let dln = ds;
        let tdq = tdln / (q_2 + 1.0) - tq_2 * (dln / (q_2 + 1.0)) / (q_2 + 1.0);
        let dq = dln / (q_2 + 1.0);
        for j_2_2 in 0..d {
            let tg = tdq * m[j_2_2] + dq * tm[j_2_2];
            let g = dq * m[j_2_2];
            tdt[j_2_2] += tg * (2.0 * t[j_2_2]) + g * (2.0 * tt[j_2_2]);
            dt[j_2_2] += g * (2.0 * t[j_2_2]);
            tdm[j_2_2]
                += tdq * (t[j_2_2] * t[j_2_2])
                    + dq * (tt[j_2_2] * t[j_2_2] + t[j_2_2] * tt[j_2_2]);
            dm[j_2_2] += dq * (t[j_2_2] * t[j_2_2]);
        }
        for j_4 in 0..d {
            let tg_2 = tdt[j_4];
            let g_2 = dt[j_4];
            tdt[j_4] = 0.0;
            dt[j_4] = 0.0;
            tdx[i_2 * d + j_4] += tg_2;
            dx[i_2 * d + j_4] += g_2;
            tdm[j_4] += -tg_2 * (i_2 as f64 + 1.0);
            dm[j_4] += -g_2 * (i_2 as f64 + 1.0);
        }
    }
    ((), ())
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
fn __parad_fwd_d_centred(
    x: &[f64],
    dx: &mut [f64],
    m: &[f64],
    dm: &mut [f64],
    d: usize,
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
        f64,
    ) -> (f64,) + use<>,
) {
    let mut tape_q_2 = ::parad::__private::Tape::new();
    let mut tape_q_2_2 = ::parad::__private::Tape::new();
    let mut saved_t = ::parad::__private::WholeTape::new();
    let mut saved_t_2 = ::parad::__private::WholeTape::new();
    let mut saved_dm = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    let mut saved_dm_2 = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    ::core::assert_eq!(
        dm.len(), m.len(), "the shadow of `m` must have the length of `m`"
    );
    let mut tape_q = ::std::vec::Vec::new();
    let n = x.len() / d;
    let mut t = ::std::vec![0.0; d];
    let mut s = 0.0;
    tape_q_2.reserve(n);
    for i in 0..n {
        ::parad::__private::save_whole(&mut saved_t, &mut t, d);
        let t_w = ::parad::__private::window_mut(&mut t[..], 0, 0..d);
        let x_w = ::parad::__private::window(&x[..], i * d, 0..d);
        let m_w = ::parad::__private::window(&m[..], 0, 0..d);
        for j in 0..d {
            t_w[j] = x_w[j] - m_w[j] * (i as f64 + 1.0);
        }
        let mut q = 0.0;
        let t_w_2 = ::parad::__private::window(&t[..], 0, 0..d);
        let m_w_2 = ::parad::__private::window(&m[..], 0, 0..d);
        for j_2 in 0..d {
            q += t_w_2[j_2] * t_w_2[j_2] * m_w_2[j_2];
        }
        let ln = (q + 1.0).ln();
        s += ln;
        tape_q.push(q);
        tape_q_2.push_reserved(q);
    }
    let ret: f64 = s;
    let primal_2 = ret;
    let dret = seed;
    let mut dt = ::std::vec![0.0; t.len()];
    let ds = dret;
    tape_q_2_2.resize(n, 0.0);
    saved_dm.resize(n * d, 0.0);
    saved_dx.resize(n * d, 0.0);
    saved_dm_2.resize(n * d, 0.0);
    let tape_q_w = ::parad::__private::window(&tape_q[..], 0, 0..n);
    let tape_q_2_2_w = ::parad::__private::window_mut(&mut tape_q_2_2[..], 0, 0..n);
    for i_2 in (0..n).rev() {
        ::parad::__private::save_whole(&mut saved_t_2, &mut t, d);
        let t_w_3 = ::parad::__private::window_mut(&mut t[..], 0, 0..d);
        let x_w_2 = ::parad::__private::window(&x[..], i_2 * d, 0..d);
        let m_w_3 = ::parad::__private::window(&m[..], 0, 0..d);
        for j_3 in 0..d {
            t_w_3[j_3] = x_w_2[j_3] - m_w_3[j_3] * (i_2 as f64 + 1.0);
        }
        let q_2 = tape_q_w[i_2];
        let dln = ds;
        let dq = dln / (q_2 + 1.0);
        let m_w_4 = ::parad::__private::window(&m[..], 0, 0..d);
        let dt_w = ::parad::__private::window_mut(&mut dt[..], 0, 0..d);
        let t_w_4 = ::parad::__private::window(&t[..], 0, 0..d);
        let saved_dm_w = ::parad::__private::window_mut(
            &mut saved_dm[..],
            i_2 * d,
            0..d,
        );
        let dm_w = ::parad::__private::window_mut(&mut dm[..], 0, 0..d);
        for j_2_2 in 0..d {
            let g = dq * m_w_4[j_2_2];
            dt_w[j_2_2] += g * (2.0 * t_w_4[j_2_2]);
            saved_dm_w[j_2_2] = dm_w[j_2_2];
            dm_w[j_2_2] += dq * (t_w_4[j_2_2] * t_w_4[j_2_2]);
        }
        let dt_w_2 = ::parad::__private::window_mut(&mut dt[..], 0, 0..d);
        let saved_dx_w = ::parad::__private::window_mut(
            &mut saved_dx[..],
            i_2 * d,
            0..d,
        );
        let dx_w = ::parad::__private::window_mut(&mut dx[..], i_2 * d, 0..d);
        let saved_dm_2_w = ::parad::__private::window_mut(
            &mut saved_dm_2[..],
            i_2 * d,
            0..d,
        );
        let dm_w_2 = ::parad::__private::window_mut(&mut dm[..], 0, 0..d);
        for j_4 in 0..d {
            let g_2 = dt_w_2[j_4];
            dt_w_2[j_4] = 0.0;
            saved_dx_w[j_4] = dx_w[j_4];
            dx_w[j_4] += g_2;
            saved_dm_2_w[j_4] = dm_w_2[j_4];
            dm_w_2[j_4] += -g_2 * (i_2 as f64 + 1.0);
        }
        tape_q_2_2_w[i_2] = q_2;
    }
    let ret_2: f64 = primal_2;
    let reverse = move |
        x: &[f64],
        dx_2: &mut [f64],
        dx: &mut [f64],
        ddx: &mut [f64],
        m: &[f64],
        dm_2: &mut [f64],
        dm: &mut [f64],
        ddm: &mut [f64],
        seed_2: f64,
    | -> (f64,) {
        let mut dx_2 = ::parad::__private::ShadowSlice::new(dx_2);
        let mut ddx = ::parad::__private::ShadowSlice::new(ddx);
        let mut dm_2 = ::parad::__private::ShadowSlice::new(dm_2);
        let mut ddm = ::parad::__private::ShadowSlice::new(ddm);
        let mut dseed: f64 = 0.0;
        let mut dret_2_2 = seed_2;
        let mut dtape_q = ::std::vec![0.0; tape_q.len()];
        let mut dt_2 = ::std::vec![0.0; t.len()];
        let mut ddt = ::std::vec![0.0; dt.len()];
        let mut dds = 0.0;
        let tape_q_2_2_w_2 = ::parad::__private::window(&tape_q_2_2[..], 0, 0..n);
        let dtape_q_w = ::parad::__private::window_mut(&mut dtape_q[..], 0, 0..n);
        for i_2 in 0..n {
            let q_2 = tape_q_2_2_w_2[i_2];
            let dln = ds;
            let dq = dln / (q_2 + 1.0);
            let mut ddq = 0.0;
            let dm_w_3 = ::parad::__private::window_mut(&mut dm[..], 0, 0..d);
            let saved_dm_2_w_2 = ::parad::__private::window(
                &saved_dm_2[..],
                i_2 * d,
                0..d,
            );
            let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], i_2 * d, 0..d);
            let saved_dx_w_2 = ::parad::__private::window(&saved_dx[..], i_2 * d, 0..d);
            let ddt_w = ::parad::__private::window_mut(&mut ddt[..], 0, 0..d);
            for j_4 in (0..d).rev() {
                dm_w_3[j_4] = saved_dm_2_w_2[j_4];
                dx_w_2[j_4] = saved_dx_w_2[j_4];
                let g_3 = ddt_w[j_4];
                ddt_w[j_4] = 0.0;
                let mut dg_2 = -(ddm[j_4] * (i_2 as f64 + 1.0)) + ddx[i_2 * d + j_4];
                ddt_w[j_4] += dg_2;
            }
            let m_w_5 = ::parad::__private::window(&m[..], 0, 0..d);
            let dm_w_4 = ::parad::__private::window_mut(&mut dm[..], 0, 0..d);
            let saved_dm_w_2 = ::parad::__private::window(&saved_dm[..], i_2 * d, 0..d);
            let ddt_w_2 = ::parad::__private::window(&ddt[..], 0, 0..d);
            let t_w_5 = ::parad::__private::window(&t[..], 0, 0..d);
            let dt_2_w = ::parad::__private::window_mut(&mut dt_2[..], 0, 0..d);
            for j_2_2 in (0..d).rev() {
                let g = dq * m_w_5[j_2_2];
                dm_w_4[j_2_2] = saved_dm_w_2[j_2_2];
                let g_4 = ddm[j_2_2];
                let g_5 = g_4 * dq;
                let g_6 = ddt_w_2[j_2_2];
                let mut dg = g_6 * (2.0 * t_w_5[j_2_2]);
                ddq += g_4 * (t_w_5[j_2_2] * t_w_5[j_2_2]) + dg * m_w_5[j_2_2];
                dt_2_w[j_2_2] += g_5 * (2.0 * t_w_5[j_2_2]) + g_6 * g * 2.0;
                dm_2[j_2_2] += dg * dq;
            }
            let mut ddln = ddq / (q_2 + 1.0);
            let mut dq_2_2 = -(ddq * (dln / (q_2 + 1.0)) / (q_2 + 1.0));
            let dt_2_w_2 = ::parad::__private::window_mut(&mut dt_2[..], 0, 0..d);
            for j_3 in 0..d {
                let g_7 = dt_2_w_2[j_3];
                dt_2_w_2[j_3] = 0.0;
                dx_2[i_2 * d + j_3] += g_7;
                dm_2[j_3] += -g_7 * (i_2 as f64 + 1.0);
            }
            ::parad::__private::restore_whole(&mut saved_t_2, &mut t);
            dds += ddln;
            dtape_q_w[i_2] += dq_2_2;
        }
        let mut ddret = dds;
        let mut dprimal_2 = dret_2_2;
        let mut dret_2 = dprimal_2;
        let mut ds_2 = dret_2;
        let tape_q_2_w = ::parad::__private::window(&tape_q_2[..], 0, 0..n);
        for i in (0..n).rev() {
            let mut q = tape_q_2_w[i];
            let g_8 = dtape_q.pop().unwrap();
            let mut dq_2 = g_8;
            let mut dln_2 = ds_2;
            dq_2 += dln_2 / (q + 1.0);
            let m_w_6 = ::parad::__private::window(&m[..], 0, 0..d);
            let dt_2_w_3 = ::parad::__private::window_mut(&mut dt_2[..], 0, 0..d);
            let t_w_6 = ::parad::__private::window(&t[..], 0, 0..d);
            for j_2 in 0..d {
                let g_9 = dq_2 * m_w_6[j_2];
                dt_2_w_3[j_2] += g_9 * (2.0 * t_w_6[j_2]);
                dm_2[j_2] += dq_2 * (t_w_6[j_2] * t_w_6[j_2]);
            }
            let dt_2_w_4 = ::parad::__private::window_mut(&mut dt_2[..], 0, 0..d);
            for j in 0..d {
                let g_10 = dt_2_w_4[j];
                dt_2_w_4[j] = 0.0;
                dx_2[i * d + j] += g_10;
                dm_2[j] += -g_10 * (i as f64 + 1.0);
            }
            ::parad::__private::restore_whole(&mut saved_t, &mut t);
        }
        dseed += ddret;
        (dseed,)
    };
    (ret_2, reverse)
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
fn __parad_tan_d_centred(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    m: &[f64],
    tm: &[f64],
    dm: &mut [f64],
    tdm: &mut [f64],
    d: usize,
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tdx = ::parad::__private::ShadowSlice::new(tdx);
    let tm = ::parad::__private::TangentSlice::new(tm);
    let mut tdm = ::parad::__private::ShadowSlice::new(tdm);
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    ::core::assert_eq!(
        dm.len(), m.len(), "the shadow of `m` must have the length of `m`"
    );
    let mut ttape_q = ::std::vec::Vec::new();
    let mut tape_q = ::std::vec::Vec::new();
    let n = x.len() / d;
    let mut tt = ::std::vec![0.0; d];
    let mut t = ::std::vec![0.0; d];
    let mut ts = 0.0;
    let mut s = 0.0;
    for i in 0..n {
        for j in 0..d {
            tt[j] = tx[i * d + j] - tm[j] * (i as f64 + 1.0);
            t[j] = x[i * d + j] - m[j] * (i as f64 + 1.0);
        }
        let mut tq = 0.0;
        let mut q = 0.0;
        for j_2 in 0..d {
            tq
                += (tt[j_2] * t[j_2] + t[j_2] * tt[j_2]) * m[j_2]
                    + t[j_2] * t[j_2] * tm[j_2];
            q += t[j_2] * t[j_2] * m[j_2];
        }
        let tln = tq / (q + 1.0);
        let ln = (q + 1.0).ln();
        ts += tln;
        s += ln;
        ttape_q.push(tq);
        tape_q.push(q);
    }
    let tret = ts;
    let ret: f64 = s;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tdret = tseed;
    let dret = seed;
    let mut tdt = ::std::vec![0.0; t.len()];
    let mut dt = ::std::vec![0.0; t.len()];
    let tds = tdret;
    let ds = dret;
    for i_2 in (0..n).rev() {
        for j_3 in 0..d {
            tt[j_3] = tx[i_2 * d + j_3] - tm[j_3] * (i_2 as f64 + 1.0);
            t[j_3] = x[i_2 * d + j_3] - m[j_3] * (i_2 as f64 + 1.0);
        }
        let tq_2 = ttape_q[i_2];
        let q_2 = tape_q[i_2];
        let tdln = tds;
        let dln = ds;
        let tdq = tdln / (q_2 + 1.0) - tq_2 * (dln / (q_2 + 1.0)) / (q_2 + 1.0);
        let dq = dln / (q_2 + 1.0);
        for j_2_2 in 0..d {
            let tg = tdq * m[j_2_2] + dq * tm[j_2_2];
            let g = dq * m[j_2_2];
            tdt[j_2_2] += tg * (2.0 * t[j_2_2]) + g * (2.0 * tt[j_2_2]);
            dt[j_2_2] += g * (2.0 * t[j_2_2]);
            tdm[j_2_2]
                += tdq * (t[j_2_2] * t[j_2_2])
                    + dq * (tt[j_2_2] * t[j_2_2] + t[j_2_2] * tt[j_2_2]);
            dm[j_2_2] += dq * (t[j_2_2] * t[j_2_2]);
        }
        for j_4 in 0..d {
            let tg_2 = tdt[j_4];
            let g_2 = dt[j_4];
            tdt[j_4] = 0.0;
            dt[j_4] = 0.0;
            tdx[i_2 * d + j_4] += tg_2;
            dx[i_2 * d + j_4] += g_2;
            tdm[j_4] += -tg_2 * (i_2 as f64 + 1.0);
            dm[j_4] += -g_2 * (i_2 as f64 + 1.0);
        }
    }
    let tret_2 = tprimal_2;
    let ret_2: f64 = primal_2;
    (ret_2, tret_2)
}
/// Reverse-mode derivative of [`centred`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
fn d_centred(
    x: &[f64],
    dx: &mut [f64],
    m: &[f64],
    dm: &mut [f64],
    d: usize,
    seed: f64,
) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    ::core::assert_eq!(
        dm.len(), m.len(), "the shadow of `m` must have the length of `m`"
    );
    let mut tape_q = ::parad::__private::Tape::new();
    let n = x.len() / d;
    let mut t = ::std::vec![0.0; d];
    let mut s = 0.0;
    tape_q.reserve(n);
    for i in 0..n {
        let t_w = ::parad::__private::window_mut(&mut t[..], 0, 0..d);
        let x_w = ::parad::__private::window(&x[..], i * d, 0..d);
        let m_w = ::parad::__private::window(&m[..], 0, 0..d);
        for j in 0..d {
            t_w[j] = x_w[j] - m_w[j] * (i as f64 + 1.0);
        }
        let mut q = 0.0;
        let t_w_2 = ::parad::__private::window(&t[..], 0, 0..d);
        let m_w_2 = ::parad::__private::window(&m[..], 0, 0..d);
        for j_2 in 0..d {
            q += t_w_2[j_2] * t_w_2[j_2] * m_w_2[j_2];
        }
        let ln = (q + 1.0).ln();
        s += ln;
        tape_q.push_reserved(q);
    }
    let ret: f64 = s;
    let primal = ret;
    let dx = &mut dx[..x.len()];
    let dm = &mut dm[..m.len()];
    let mut dret = seed;
    let mut dt = ::std::vec![0.0; t.len()];
    let mut ds = dret;
    let tape_q_w = ::parad::__private::window(&tape_q[..], 0, 0..n);
    for i in (0..n).rev() {
        let t_w_4 = ::parad::__private::window_mut(&mut t[..], 0, 0..d);
        let x_w_2 = ::parad::__private::window(&x[..], i * d, 0..d);
        let m_w_4 = ::parad::__private::window(&m[..], 0, 0..d);
        for j in 0..d {
            t_w_4[j] = x_w_2[j] - m_w_4[j] * (i as f64 + 1.0);
        }
        let mut q = tape_q_w[i];
        let mut dln = ds;
        let mut dq = dln / (q + 1.0);
        let m_w_3 = ::parad::__private::window(&m[..], 0, 0..d);
        let dt_w = ::parad::__private::window_mut(&mut dt[..], 0, 0..d);
        let t_w_3 = ::parad::__private::window(&t[..], 0, 0..d);
        let dm_w = ::parad::__private::window_mut(&mut dm[..], 0, 0..d);
        for j_2 in 0..d {
            let g = dq * m_w_3[j_2];
            dt_w[j_2] += g * (2.0 * t_w_3[j_2]);
            dm_w[j_2] += dq * (t_w_3[j_2] * t_w_3[j_2]);
        }
        let dt_w_2 = ::parad::__private::window_mut(&mut dt[..], 0, 0..d);
        let dx_w = ::parad::__private::window_mut(&mut dx[..], i * d, 0..d);
        let dm_w_2 = ::parad::__private::window_mut(&mut dm[..], 0, 0..d);
        for j in 0..d {
            let g_2 = dt_w_2[j];
            dt_w_2[j] = 0.0;
            dx_w[j] += g_2;
            dm_w_2[j] += -g_2 * (i as f64 + 1.0);
        }
    }
    primal
}
