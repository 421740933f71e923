#[allow(dead_code)]
fn heat(u0: &[f64], alpha: f64, steps: usize) -> f64 {
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = vec![0.0; n];
    for _ in 0..steps {
        next[0] = u[0];
        next[n - 1] = u[n - 1];
        for i in 1..n - 1 {
            next[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
        }
        std::mem::swap(&mut u, &mut next);
    }
    u.iter().map(|v| v * v).sum()
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
fn __parad_fwd_heat(
    u0: &[f64],
    alpha: f64,
    steps: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) -> (f64,) + use<>) {
    let mut saved_next = ::parad::__private::Tape::new();
    let mut saved_next_2 = ::parad::__private::Tape::new();
    let mut saved_next_3 = ::parad::__private::Tape::new();
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = ::std::vec![0.0; n];
    saved_next.reserve(steps);
    saved_next_2.reserve(steps);
    saved_next_3.reserve(steps * ::parad::__private::trip_count(1, n - 1, 1));
    for i in 0..steps {
        saved_next.push_reserved(next[0]);
        next[0] = u[0];
        saved_next_2.push_reserved(next[n - 1]);
        next[n - 1] = u[n - 1];
        let next_w = ::parad::__private::window_mut(&mut next[..], 0, 1..(n - 1));
        let u_w = ::parad::__private::window(&u[..], 0, 1..(n - 1));
        let u_w_2 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
        let u_w_3 = ::parad::__private::window(&u[..], 1, 1..(n - 1));
        for i_2 in 1..(n - 1) {
            saved_next_3.push_reserved(next_w[i_2 - 1]);
            next_w[i_2 - 1] = u_w[i_2 - 1]
                + alpha * (u_w_2[i_2 - 1] - 2.0 * u_w[i_2 - 1] + u_w_3[i_2 - 1]);
        }
        ::core::mem::swap(&mut u, &mut next);
    }
    let mut sum = 0.0;
    let hi = u.len();
    let u_w_4 = ::parad::__private::window(&u[..], 0, 0..hi);
    for i_3 in 0..hi {
        let v_mapped = u_w_4[i_3] * u_w_4[i_3];
        sum += v_mapped;
    }
    let ret: f64 = sum;
    let reverse = move |u0: &[f64], du0: &mut [f64], seed: f64| -> (f64,) {
        let mut du0 = ::parad::__private::ShadowSlice::new(du0);
        let mut dalpha: f64 = 0.0;
        let mut dret = seed;
        let mut du = ::std::vec![0.0; u.len()];
        let mut dnext = ::std::vec![0.0; next.len()];
        let mut dsum = dret;
        let du_w = ::parad::__private::window_mut(&mut du[..], 0, 0..hi);
        let u_w_5 = ::parad::__private::window(&u[..], 0, 0..hi);
        for i_3 in 0..hi {
            let mut dv_mapped = dsum;
            du_w[i_3] += dv_mapped * (2.0 * u_w_5[i_3]);
        }
        let saved_next_2_w = ::parad::__private::window(&saved_next_2[..], 0, 0..steps);
        let saved_next_w = ::parad::__private::window(&saved_next[..], 0, 0..steps);
        for i in (0..steps).rev() {
            ::core::mem::swap(&mut u, &mut next);
            ::core::mem::swap(&mut du, &mut dnext);
            let next_w_2 = ::parad::__private::window_mut(&mut next[..], 0, 1..(n - 1));
            let dnext_w = ::parad::__private::window_mut(&mut dnext[..], 0, 1..(n - 1));
            let u_w_6 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
            let u_w_7 = ::parad::__private::window(&u[..], 0, 1..(n - 1));
            let u_w_8 = ::parad::__private::window(&u[..], 1, 1..(n - 1));
            let du_w_2 = ::parad::__private::window_span_mut(
                &mut du[..],
                -1,
                1,
                1..(n - 1),
            );
            if !du_w_2.is_empty() {
                let (mut du_1, mut du_2) = (
                    du_w_2[(n - 1) - 1],
                    du_w_2[(n - 1) - 1 + 1],
                );
                for i_2 in (1..(n - 1)).rev() {
                    let mut du_0 = du_w_2[i_2 - 1];
                    next_w_2[i_2 - 1] = saved_next_3[i
                        * ::parad::__private::trip_count(1, n - 1, 1) + (i_2 - 1)];
                    let g = dnext_w[i_2 - 1];
                    dnext_w[i_2 - 1] = 0.0;
                    let g_2 = g * alpha;
                    du_1 += g + -g_2 * 2.0;
                    dalpha
                        += g * (u_w_6[i_2 - 1] - 2.0 * u_w_7[i_2 - 1] + u_w_8[i_2 - 1]);
                    du_0 += g_2;
                    du_2 += g_2;
                    du_w_2[i_2 - 1 + 2] = du_2;
                    (du_1, du_2) = (du_0, du_1);
                }
                du_w_2[0] = du_1;
                du_w_2[1] = du_2;
            }
            next[n - 1] = saved_next_2_w[i];
            let g_3 = dnext[n - 1];
            dnext[n - 1] = 0.0;
            next[0] = saved_next_w[i];
            let g_4 = dnext[0];
            dnext[0] = 0.0;
            du[n - 1] += g_3;
            du[0] += g_4;
        }
        for k in 0..du.len() {
            du0[k] += du[k];
        }
        (dalpha,)
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
fn __parad_tan_heat(
    u0: &[f64],
    tu0: &[f64],
    alpha: f64,
    mut talpha: f64,
    steps: usize,
) -> (f64, f64) {
    let tu0 = ::parad::__private::TangentSlice::new(tu0);
    let n = u0.len();
    let mut tu = ::parad::__private::copy_or_zeros(tu0.as_slice(), (u0).len());
    let mut u = u0.to_vec();
    let mut tnext = ::std::vec![0.0; n];
    let mut next = ::std::vec![0.0; n];
    for i in 0..steps {
        tnext[0] = tu[0];
        next[0] = u[0];
        tnext[n - 1] = tu[n - 1];
        next[n - 1] = u[n - 1];
        for i_2 in 1..(n - 1) {
            tnext[i_2] = tu[i_2]
                + (talpha * (u[i_2 - 1] - 2.0 * u[i_2] + u[i_2 + 1])
                    + alpha * (tu[i_2 - 1] - 2.0 * tu[i_2] + tu[i_2 + 1]));
            next[i_2] = u[i_2] + alpha * (u[i_2 - 1] - 2.0 * u[i_2] + u[i_2 + 1]);
        }
        ::core::mem::swap(&mut tu, &mut tnext);
        ::core::mem::swap(&mut u, &mut next);
    }
    let mut tsum = 0.0;
    let mut sum = 0.0;
    let hi = u.len();
    for i_3 in 0..hi {
        let tv_mapped = tu[i_3] * u[i_3] + u[i_3] * tu[i_3];
        let v_mapped = u[i_3] * u[i_3];
        tsum += tv_mapped;
        sum += v_mapped;
    }
    let tret = tsum;
    let ret: f64 = sum;
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
fn __parad_fwd___parad_joint_heat(
    u0: &[f64],
    du0: &mut [f64],
    alpha: f64,
    steps: usize,
    seed: f64,
) -> (
    f64,
    impl ::core::ops::FnOnce(
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        f64,
    ) -> (f64, f64) + use<>,
) {
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `heat` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    let ret: f64 = 0.0;
    let reverse = move |
        u0: &[f64],
        du0_2: &mut [f64],
        du0: &mut [f64],
        ddu0: &mut [f64],
        seed_2: f64,
    | -> (f64, f64) {
        let mut du0_2 = ::parad::__private::ShadowSlice::new(du0_2);
        let mut ddu0 = ::parad::__private::ShadowSlice::new(ddu0);
        let mut dalpha: f64 = 0.0;
        let mut dseed: f64 = 0.0;
        let _ = seed_2;
        (dalpha, dseed)
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
fn __parad_tan___parad_joint_heat(
    u0: &[f64],
    tu0: &[f64],
    du0: &mut [f64],
    tdu0: &mut [f64],
    alpha: f64,
    mut talpha: f64,
    steps: usize,
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let tu0 = ::parad::__private::TangentSlice::new(tu0);
    let mut tdu0 = ::parad::__private::ShadowSlice::new(tdu0);
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `heat` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    let ret: f64 = 0.0;
    (ret, 0.0)
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
fn __parad_fwd_d_heat(
    u0: &[f64],
    du0: &mut [f64],
    alpha: f64,
    steps: usize,
    seed: f64,
) -> (
    f64,
    impl ::core::ops::FnOnce(
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        f64,
    ) -> (f64, f64) + use<>,
) {
    let mut tape_dv_mapped = ::parad::__private::Tape::new();
    let mut tape_g = ::parad::__private::Tape::new();
    let mut saved_next = ::parad::__private::Tape::new();
    let mut saved_next_2 = ::parad::__private::Tape::new();
    let mut saved_next_3 = ::parad::__private::Tape::new();
    let mut saved_du0 = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        du0.len(), u0.len(), "the shadow of `u0` must have the length of `u0`"
    );
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = ::std::vec![0.0; n];
    saved_next.reserve(steps);
    saved_next_2.reserve(steps);
    saved_next_3.reserve(steps * ::parad::__private::trip_count(1, n - 1, 1));
    for i in 0..steps {
        saved_next.push_reserved(next[0]);
        next[0] = u[0];
        saved_next_2.push_reserved(next[n - 1]);
        next[n - 1] = u[n - 1];
        let next_w = ::parad::__private::window_mut(&mut next[..], 0, 1..(n - 1));
        let u_w = ::parad::__private::window(&u[..], 0, 1..(n - 1));
        let u_w_2 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
        let u_w_3 = ::parad::__private::window(&u[..], 1, 1..(n - 1));
        for i_2 in 1..(n - 1) {
            saved_next_3.push_reserved(next_w[i_2 - 1]);
            next_w[i_2 - 1] = u_w[i_2 - 1]
                + alpha * (u_w_2[i_2 - 1] - 2.0 * u_w[i_2 - 1] + u_w_3[i_2 - 1]);
        }
        ::core::mem::swap(&mut u, &mut next);
    }
    let mut sum = 0.0;
    let hi = u.len();
    let dalpha_2: f64 = 0.0;
    let dret = seed;
    let mut du = ::std::vec![0.0; u.len()];
    let mut dnext = ::std::vec![0.0; next.len()];
    let mut dsum = 0.0;
    dsum = dret;
    tape_dv_mapped.reserve(hi);
    let u_w_4 = ::parad::__private::window(&u[..], 0, 0..hi);
    let du_w = ::parad::__private::window_mut(&mut du[..], 0, 0..hi);
    for i_3 in 0..hi {
        let v_mapped = u_w_4[i_3] * u_w_4[i_3];
        sum += v_mapped;
        let dv_mapped = dsum;
        du_w[i_3] += dv_mapped * (2.0 * u_w_4[i_3]);
        tape_dv_mapped.push_reserved(dv_mapped);
    }
    let ret: f64 = sum;
    let primal_2 = ret;
    tape_g.resize(steps * ::parad::__private::trip_count(1, n - 1, 1), 0.0);
    for i_4 in (0..steps).rev() {
        ::core::mem::swap(&mut u, &mut next);
        ::core::mem::swap(&mut du, &mut dnext);
        let dnext_w = ::parad::__private::window_mut(&mut dnext[..], 0, 1..(n - 1));
        let du_w_2 = ::parad::__private::window_span_mut(&mut du[..], -1, 1, 1..(n - 1));
        if !du_w_2.is_empty() {
            let (mut du_0, mut du_1) = (du_w_2[0], du_w_2[1]);
            for i_2_2 in 1..(n - 1) {
                let mut du_2_2 = du_w_2[i_2_2 - 1 + 2];
                let g = dnext_w[i_2_2 - 1];
                dnext_w[i_2_2 - 1] = 0.0;
                let g_2 = g * alpha;
                du_1 += g + -g_2 * 2.0;
                du_0 += g_2;
                du_2_2 += g_2;
                tape_g[i_4 * ::parad::__private::trip_count(1, n - 1, 1)
                    + (i_2_2 - 1)] = g;
                du_w_2[i_2_2 - 1] = du_0;
                (du_0, du_1) = (du_1, du_2_2);
            }
            du_w_2[(n - 1) - 1] = du_0;
            du_w_2[(n - 1) - 1 + 1] = du_1;
        }
        let g_3 = dnext[n - 1];
        dnext[n - 1] = 0.0;
        let g_4 = dnext[0];
        dnext[0] = 0.0;
        du[n - 1] += g_3;
        du[0] += g_4;
    }
    let hi_2 = du.len();
    saved_du0.reserve(hi_2);
    let du0_w = ::parad::__private::window_mut(&mut du0[..], 0, 0..hi_2);
    let du_w_3 = ::parad::__private::window(&du[..], 0, 0..hi_2);
    for k in 0..hi_2 {
        saved_du0.push_reserved(du0_w[k]);
        du0_w[k] += du_w_3[k];
    }
    let ret_2: f64 = primal_2;
    let reverse = move |
        u0: &[f64],
        du0_2: &mut [f64],
        du0: &mut [f64],
        ddu0: &mut [f64],
        seed_2: f64,
    | -> (f64, f64) {
        let mut du0_2 = ::parad::__private::ShadowSlice::new(du0_2);
        let mut ddu0 = ::parad::__private::ShadowSlice::new(ddu0);
        let mut dalpha: f64 = 0.0;
        let mut dseed: f64 = 0.0;
        let mut dret_2_2 = seed_2;
        let mut du_2 = ::std::vec![0.0; u.len()];
        let mut dnext_2 = ::std::vec![0.0; next.len()];
        let mut ddu = ::std::vec![0.0; du.len()];
        let mut ddnext = ::std::vec![0.0; dnext.len()];
        let mut ddsum = 0.0;
        let du0_w_2 = ::parad::__private::window_mut(&mut du0[..], 0, 0..hi_2);
        let saved_du0_w = ::parad::__private::window(&saved_du0[..], 0, 0..hi_2);
        let ddu_w = ::parad::__private::window_mut(&mut ddu[..], 0, 0..hi_2);
        for k in (0..hi_2).rev() {
            du0_w_2[k] = saved_du0_w[k];
            ddu_w[k] += ddu0[k];
        }
        for i_4 in 0..steps {
            let g_5 = ddnext[0];
            ddnext[0] = 0.0;
            let mut dg_4 = ddu[0];
            ddnext[0] += dg_4;
            let g_6 = ddnext[n - 1];
            ddnext[n - 1] = 0.0;
            let mut dg_3 = ddu[n - 1];
            ddnext[n - 1] += dg_3;
            let ddu_w_2 = ::parad::__private::window(&ddu[..], 1, 1..(n - 1));
            let ddu_w_3 = ::parad::__private::window_below(&ddu[..], 1, 1..(n - 1));
            let ddu_w_4 = ::parad::__private::window(&ddu[..], 0, 1..(n - 1));
            let ddnext_w = ::parad::__private::window_mut(
                &mut ddnext[..],
                0,
                1..(n - 1),
            );
            for i_2_2 in (1..(n - 1)).rev() {
                let g = tape_g[i_4 * ::parad::__private::trip_count(1, n - 1, 1)
                    + (i_2_2 - 1)];
                let mut dg_2 = ddu_w_2[i_2_2 - 1] + ddu_w_3[i_2_2 - 1];
                let g_7 = ddu_w_4[i_2_2 - 1];
                dg_2 += -(g_7 * 2.0);
                let g_8 = ddnext_w[i_2_2 - 1];
                ddnext_w[i_2_2 - 1] = 0.0;
                let mut dg = g_7 + dg_2 * alpha;
                dalpha += dg_2 * g;
                ddnext_w[i_2_2 - 1] += dg;
            }
            ::core::mem::swap(&mut ddu, &mut ddnext);
            ::core::mem::swap(&mut u, &mut next);
            ::core::mem::swap(&mut du_2, &mut dnext_2);
        }
        let mut dprimal_2 = dret_2_2;
        let mut dret_2 = dprimal_2;
        let mut dsum_2 = dret_2;
        let tape_dv_mapped_w = ::parad::__private::window(&tape_dv_mapped[..], 0, 0..hi);
        let ddu_w_5 = ::parad::__private::window(&ddu[..], 0, 0..hi);
        let u_w_5 = ::parad::__private::window(&u[..], 0, 0..hi);
        let du_2_w = ::parad::__private::window_mut(&mut du_2[..], 0, 0..hi);
        for i_3 in 0..hi {
            let dv_mapped = tape_dv_mapped_w[i_3];
            let g_9 = ddu_w_5[i_3];
            let mut ddv_mapped = g_9 * (2.0 * u_w_5[i_3]);
            let mut dv_mapped_2 = dsum_2;
            du_2_w[i_3] += g_9 * dv_mapped * 2.0 + dv_mapped_2 * (2.0 * u_w_5[i_3]);
            ddsum += ddv_mapped;
        }
        let g_10 = ddsum;
        ddsum = 0.0;
        let mut ddret = g_10;
        let saved_next_2_w = ::parad::__private::window(&saved_next_2[..], 0, 0..steps);
        let saved_next_w = ::parad::__private::window(&saved_next[..], 0, 0..steps);
        for i in (0..steps).rev() {
            ::core::mem::swap(&mut u, &mut next);
            ::core::mem::swap(&mut du_2, &mut dnext_2);
            let next_w_2 = ::parad::__private::window_mut(&mut next[..], 0, 1..(n - 1));
            let dnext_2_w = ::parad::__private::window_mut(
                &mut dnext_2[..],
                0,
                1..(n - 1),
            );
            let u_w_6 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
            let u_w_7 = ::parad::__private::window(&u[..], 0, 1..(n - 1));
            let u_w_8 = ::parad::__private::window(&u[..], 1, 1..(n - 1));
            let du_2_w_2 = ::parad::__private::window_span_mut(
                &mut du_2[..],
                -1,
                1,
                1..(n - 1),
            );
            if !du_2_w_2.is_empty() {
                let (mut du_2_1, mut du_2_2_2) = (
                    du_2_w_2[(n - 1) - 1],
                    du_2_w_2[(n - 1) - 1 + 1],
                );
                for i_2 in (1..(n - 1)).rev() {
                    let mut du_2_0 = du_2_w_2[i_2 - 1];
                    next_w_2[i_2 - 1] = saved_next_3[i
                        * ::parad::__private::trip_count(1, n - 1, 1) + (i_2 - 1)];
                    let g_11 = dnext_2_w[i_2 - 1];
                    dnext_2_w[i_2 - 1] = 0.0;
                    let g_12 = g_11 * alpha;
                    du_2_1 += g_11 + -g_12 * 2.0;
                    dalpha
                        += g_11
                            * (u_w_6[i_2 - 1] - 2.0 * u_w_7[i_2 - 1] + u_w_8[i_2 - 1]);
                    du_2_0 += g_12;
                    du_2_2_2 += g_12;
                    du_2_w_2[i_2 - 1 + 2] = du_2_2_2;
                    (du_2_1, du_2_2_2) = (du_2_0, du_2_1);
                }
                du_2_w_2[0] = du_2_1;
                du_2_w_2[1] = du_2_2_2;
            }
            next[n - 1] = saved_next_2_w[i];
            let g_13 = dnext_2[n - 1];
            dnext_2[n - 1] = 0.0;
            next[0] = saved_next_w[i];
            let g_14 = dnext_2[0];
            dnext_2[0] = 0.0;
            du_2[n - 1] += g_13;
            du_2[0] += g_14;
        }
        for k_2 in 0..du_2.len() {
            du0_2[k_2] += du_2[k_2];
        }
        dseed += ddret;
        (dalpha, dseed)
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
fn __parad_tan_d_heat(
    u0: &[f64],
    tu0: &[f64],
    du0: &mut [f64],
    tdu0: &mut [f64],
    alpha: f64,
    mut talpha: f64,
    steps: usize,
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let tu0 = ::parad::__private::TangentSlice::new(tu0);
    let mut tdu0 = ::parad::__private::ShadowSlice::new(tdu0);
    ::core::assert_eq!(
        du0.len(), u0.len(), "the shadow of `u0` must have the length of `u0`"
    );
    let n = u0.len();
    let mut tu = ::parad::__private::copy_or_zeros(tu0.as_slice(), (u0).len());
    let mut u = u0.to_vec();
    let mut tnext = ::std::vec![0.0; n];
    let mut next = ::std::vec![0.0; n];
    for i in 0..steps {
        tnext[0] = tu[0];
        next[0] = u[0];
        tnext[n - 1] = tu[n - 1];
        next[n - 1] = u[n - 1];
        for i_2 in 1..(n - 1) {
            tnext[i_2] = tu[i_2]
                + (talpha * (u[i_2 - 1] - 2.0 * u[i_2] + u[i_2 + 1])
                    + alpha * (tu[i_2 - 1] - 2.0 * tu[i_2] + tu[i_2 + 1]));
            next[i_2] = u[i_2] + alpha * (u[i_2 - 1] - 2.0 * u[i_2] + u[i_2 + 1]);
        }
        ::core::mem::swap(&mut tu, &mut tnext);
        ::core::mem::swap(&mut u, &mut next);
    }
    let mut tsum = 0.0;
    let mut sum = 0.0;
    let hi = u.len();
    let dalpha_2: f64 = 0.0;
    let tdret = tseed;
    let dret = seed;
    let mut tdu = ::std::vec![0.0; u.len()];
    let mut du = ::std::vec![0.0; u.len()];
    let mut tdnext = ::std::vec![0.0; next.len()];
    let mut dnext = ::std::vec![0.0; next.len()];
    let mut tdsum = 0.0;
    let mut dsum = 0.0;
    tdsum = tdret;
    dsum = dret;
    for i_3 in 0..hi {
        let tv_mapped = tu[i_3] * u[i_3] + u[i_3] * tu[i_3];
        let v_mapped = u[i_3] * u[i_3];
        tsum += tv_mapped;
        sum += v_mapped;
        let tdv_mapped = tdsum;
        let dv_mapped = dsum;
        tdu[i_3] += tdv_mapped * (2.0 * u[i_3]) + dv_mapped * (2.0 * tu[i_3]);
        du[i_3] += dv_mapped * (2.0 * u[i_3]);
    }
    let tret = tsum;
    let ret: f64 = sum;
    let tprimal_2 = tret;
    let primal_2 = ret;
    for i_4 in (0..steps).rev() {
        ::core::mem::swap(&mut tu, &mut tnext);
        ::core::mem::swap(&mut u, &mut next);
        ::core::mem::swap(&mut tdu, &mut tdnext);
        ::core::mem::swap(&mut du, &mut dnext);
        for i_2_2 in 1..(n - 1) {
            let tg = tdnext[i_2_2];
            let g = dnext[i_2_2];
            tdnext[i_2_2] = 0.0;
            dnext[i_2_2] = 0.0;
            let tg_2 = tg * alpha + g * talpha;
            let g_2 = g * alpha;
            tdu[i_2_2] += tg + -tg_2 * 2.0;
            du[i_2_2] += g + -g_2 * 2.0;
            tdu[i_2_2 - 1] += tg_2;
            du[i_2_2 - 1] += g_2;
            tdu[i_2_2 + 1] += tg_2;
            du[i_2_2 + 1] += g_2;
        }
        let tg_3 = tdnext[n - 1];
        let g_3 = dnext[n - 1];
        tdnext[n - 1] = 0.0;
        dnext[n - 1] = 0.0;
        let tg_4 = tdnext[0];
        let g_4 = dnext[0];
        tdnext[0] = 0.0;
        dnext[0] = 0.0;
        tdu[n - 1] += tg_3;
        du[n - 1] += g_3;
        tdu[0] += tg_4;
        du[0] += g_4;
    }
    let hi_2 = du.len();
    for k in 0..hi_2 {
        tdu0[k] += tdu[k];
        du0[k] += du[k];
    }
    let tret_2 = tprimal_2;
    let ret_2: f64 = primal_2;
    (ret_2, tret_2)
}
/// Reverse-mode derivative of [`heat`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
fn d_heat(u0: &[f64], du0: &mut [f64], alpha: f64, steps: usize, seed: f64) -> f64 {
    ::core::assert_eq!(
        du0.len(), u0.len(), "the shadow of `u0` must have the length of `u0`"
    );
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = ::std::vec![0.0; n];
    for i in 0..steps {
        next[0] = u[0];
        next[n - 1] = u[n - 1];
        let next_w = ::parad::__private::window_mut(&mut next[..], 0, 1..(n - 1));
        let u_w = ::parad::__private::window(&u[..], 0, 1..(n - 1));
        let u_w_2 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
        let u_w_3 = ::parad::__private::window(&u[..], 1, 1..(n - 1));
        for i_2 in 1..(n - 1) {
            next_w[i_2 - 1] = u_w[i_2 - 1]
                + alpha * (u_w_2[i_2 - 1] - 2.0 * u_w[i_2 - 1] + u_w_3[i_2 - 1]);
        }
        ::core::mem::swap(&mut u, &mut next);
    }
    let mut sum = 0.0;
    let hi = u.len();
    let du0 = &mut du0[..u0.len()];
    let mut dalpha: f64 = 0.0;
    let mut dret = seed;
    let mut du = ::std::vec![0.0; u.len()];
    let mut dnext = ::std::vec![0.0; next.len()];
    let mut dsum = 0.0;
    dsum = dret;
    let u_w_4 = ::parad::__private::window(&u[..], 0, 0..hi);
    let du_w = ::parad::__private::window_mut(&mut du[..], 0, 0..hi);
    for i_3 in 0..hi {
        let v_mapped = u_w_4[i_3] * u_w_4[i_3];
        sum += v_mapped;
        let mut dv_mapped = dsum;
        du_w[i_3] += dv_mapped * (2.0 * u_w_4[i_3]);
    }
    let ret: f64 = sum;
    let primal = ret;
    for i in (0..steps).rev() {
        ::core::mem::swap(&mut u, &mut next);
        ::core::mem::swap(&mut du, &mut dnext);
        let dnext_w = ::parad::__private::window_mut(&mut dnext[..], 0, 1..(n - 1));
        let du_w_2 = ::parad::__private::window_span_mut(&mut du[..], -1, 1, 1..(n - 1));
        if !du_w_2.is_empty() {
            let (mut du_0, mut du_1) = (du_w_2[0], du_w_2[1]);
            for i_2 in 1..(n - 1) {
                let mut du_2 = du_w_2[i_2 - 1 + 2];
                let g = dnext_w[i_2 - 1];
                dnext_w[i_2 - 1] = 0.0;
                let g_2 = g * alpha;
                du_1 += g + -g_2 * 2.0;
                du_0 += g_2;
                du_2 += g_2;
                du_w_2[i_2 - 1] = du_0;
                (du_0, du_1) = (du_1, du_2);
            }
            du_w_2[(n - 1) - 1] = du_0;
            du_w_2[(n - 1) - 1 + 1] = du_1;
        }
        let g_3 = dnext[n - 1];
        dnext[n - 1] = 0.0;
        let g_4 = dnext[0];
        dnext[0] = 0.0;
        du[n - 1] += g_3;
        du[0] += g_4;
    }
    for k in 0..du.len() {
        du0[k] += du[k];
    }
    primal
}
