#[allow(dead_code)]
fn prod(x: &[f64]) -> f64 {
    let mut p = 1.0;
    for i in 0..x.len() {
        p *= x[i].sin();
    }
    p
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
fn __parad_fwd_prod(
    x: &[f64],
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut saved_p = ::parad::__private::Tape::new();
    let mut p = 1.0;
    saved_p.reserve(x.len());
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    for i in 0..x.len() {
        saved_p.push_reserved(p);
        p *= x_w[i].sin();
    }
    let ret: f64 = p;
    let reverse = move |x: &[f64], dx: &mut [f64], seed: f64| {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dret = seed;
        let mut dp = 0.0;
        dp = dret;
        let saved_p_w = ::parad::__private::window(&saved_p[..], 0, 0..x.len());
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
        for i in (0..x.len()).rev() {
            p = saved_p_w[i];
            let g = dp;
            dp = g * x_w_2[i].sin();
            dx[i] += g * p * x_w_2[i].cos();
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
fn __parad_tan_prod(x: &[f64], tx: &[f64]) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tp = 0.0;
    let mut p = 1.0;
    for i in 0..x.len() {
        tp = tp * x[i].sin() + p * (tx[i] * x[i].cos());
        p *= x[i].sin();
    }
    let tret = tp;
    let ret: f64 = p;
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
fn __parad_fwd___parad_joint_prod(
    x: &[f64],
    dx: &mut [f64],
    seed: f64,
) -> (
    (),
    impl ::core::ops::FnOnce(
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        (),
    ) -> (f64,) + use<>,
) {
    let mut tape_g = ::parad::__private::Tape::new();
    let mut saved_p_2 = ::parad::__private::Tape::new();
    let mut saved_p_3 = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut saved_p = ::std::vec::Vec::new();
    let mut p = 1.0;
    saved_p_2.reserve(x.len());
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    for i in 0..x.len() {
        saved_p.push(p);
        saved_p_2.push_reserved(p);
        p *= x_w[i].sin();
    }
    let ret: f64 = p;
    let primal_2 = ret;
    let dret = seed;
    let mut dp = 0.0;
    dp = dret;
    tape_g.resize(x.len(), 0.0);
    saved_p_3.resize(x.len(), 0.0);
    saved_dx.resize(x.len(), 0.0);
    let saved_p_3_w = ::parad::__private::window_mut(&mut saved_p_3[..], 0, 0..x.len());
    let saved_p_w = ::parad::__private::window(&saved_p[..], 0, 0..x.len());
    let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
    let saved_dx_w = ::parad::__private::window_mut(&mut saved_dx[..], 0, 0..x.len());
    let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
    let tape_g_w = ::parad::__private::window_mut(&mut tape_g[..], 0, 0..x.len());
    for i_2 in (0..x.len()).rev() {
        saved_p_3_w[i_2] = p;
        p = saved_p_w[i_2];
        let g = dp;
        dp = g * x_w_2[i_2].sin();
        saved_dx_w[i_2] = dx_w[i_2];
        dx_w[i_2] += g * p * x_w_2[i_2].cos();
        tape_g_w[i_2] = g;
    }
    let reverse = move |
        x: &[f64],
        dx_2: &mut [f64],
        dx: &mut [f64],
        ddx: &mut [f64],
        seed_2: (),
    | -> (f64,) {
        let mut dx_2 = ::parad::__private::ShadowSlice::new(dx_2);
        let mut ddx = ::parad::__private::ShadowSlice::new(ddx);
        let mut dseed: f64 = 0.0;
        let _ = seed_2;
        let mut dsaved_p = ::std::vec![0.0; saved_p.len()];
        let mut dp_2 = 0.0;
        let mut dret_2 = 0.0;
        let mut dprimal_2 = 0.0;
        let mut ddret = 0.0;
        let mut ddp = 0.0;
        let tape_g_w_2 = ::parad::__private::window(&tape_g[..], 0, 0..x.len());
        let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
        let saved_dx_w_2 = ::parad::__private::window(&saved_dx[..], 0, 0..x.len());
        let x_w_3 = ::parad::__private::window(&x[..], 0, 0..x.len());
        let saved_p_3_w_2 = ::parad::__private::window(&saved_p_3[..], 0, 0..x.len());
        let dsaved_p_w = ::parad::__private::window_mut(
            &mut dsaved_p[..],
            0,
            0..x.len(),
        );
        for i_2 in 0..x.len() {
            let g = tape_g_w_2[i_2];
            let mut dg = 0.0;
            dx_w_2[i_2] = saved_dx_w_2[i_2];
            let g_2 = ddx[i_2];
            let g_3 = g_2 * x_w_3[i_2].cos();
            let g_4 = ddp;
            ddp = 0.0;
            dg = g_3 * p + g_4 * x_w_3[i_2].sin();
            dp_2 += g_3 * g;
            dx_2[i_2]
                += -(g_2 * (g * p) * x_w_3[i_2].sin()) + g_4 * g * x_w_3[i_2].cos();
            p = saved_p_3_w_2[i_2];
            let g_5 = dp_2;
            dp_2 = 0.0;
            ddp += dg;
            dsaved_p_w[i_2] += g_5;
        }
        let g_6 = ddp;
        ddp = 0.0;
        ddret = g_6;
        dret_2 = dprimal_2;
        dp_2 += dret_2;
        let saved_p_2_w = ::parad::__private::window(&saved_p_2[..], 0, 0..x.len());
        let x_w_4 = ::parad::__private::window(&x[..], 0, 0..x.len());
        for i in (0..x.len()).rev() {
            p = saved_p_2_w[i];
            let g_7 = dp_2;
            dp_2 = g_7 * x_w_4[i].sin();
            dx_2[i] += g_7 * p * x_w_4[i].cos();
            let g_8 = dsaved_p.pop().unwrap();
            dp_2 += g_8;
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
fn __parad_tan___parad_joint_prod(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tdx = ::parad::__private::ShadowSlice::new(tdx);
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tsaved_p = ::std::vec::Vec::new();
    let mut saved_p = ::std::vec::Vec::new();
    let mut tp = 0.0;
    let mut p = 1.0;
    for i in 0..x.len() {
        tsaved_p.push(tp);
        saved_p.push(p);
        tp = tp * x[i].sin() + p * (tx[i] * x[i].cos());
        p *= x[i].sin();
    }
    let tret = tp;
    let ret: f64 = p;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tdret = tseed;
    let dret = seed;
    let mut tdp = 0.0;
    let mut dp = 0.0;
    tdp = tdret;
    dp = dret;
    for i_2 in (0..x.len()).rev() {
        tp = tsaved_p[i_2];
        p = saved_p[i_2];
        let tg = tdp;
        let g = dp;
        tdp = tg * x[i_2].sin() + g * (tx[i_2] * x[i_2].cos());
        dp = g * x[i_2].sin();
        tdx[i_2] += (tg * p + g * tp) * x[i_2].cos() + g * p * -(tx[i_2] * x[i_2].sin());
        dx[i_2] += g * p * x[i_2].cos();
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
fn __parad_fwd_d_prod(
    x: &[f64],
    dx: &mut [f64],
    seed: f64,
) -> (
    f64,
    impl ::core::ops::FnOnce(
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        f64,
    ) -> (f64,) + use<>,
) {
    let mut tape_g = ::parad::__private::Tape::new();
    let mut saved_p_2 = ::parad::__private::Tape::new();
    let mut saved_p_3 = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut saved_p = ::std::vec::Vec::new();
    let mut p = 1.0;
    saved_p_2.reserve(x.len());
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    for i in 0..x.len() {
        saved_p.push(p);
        saved_p_2.push_reserved(p);
        p *= x_w[i].sin();
    }
    let ret: f64 = p;
    let primal_2 = ret;
    let dret = seed;
    let mut dp = 0.0;
    dp = dret;
    tape_g.resize(x.len(), 0.0);
    saved_p_3.resize(x.len(), 0.0);
    saved_dx.resize(x.len(), 0.0);
    let saved_p_3_w = ::parad::__private::window_mut(&mut saved_p_3[..], 0, 0..x.len());
    let saved_p_w = ::parad::__private::window(&saved_p[..], 0, 0..x.len());
    let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
    let saved_dx_w = ::parad::__private::window_mut(&mut saved_dx[..], 0, 0..x.len());
    let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
    let tape_g_w = ::parad::__private::window_mut(&mut tape_g[..], 0, 0..x.len());
    for i_2 in (0..x.len()).rev() {
        saved_p_3_w[i_2] = p;
        p = saved_p_w[i_2];
        let g = dp;
        dp = g * x_w_2[i_2].sin();
        saved_dx_w[i_2] = dx_w[i_2];
        dx_w[i_2] += g * p * x_w_2[i_2].cos();
        tape_g_w[i_2] = g;
    }
    let ret_2: f64 = primal_2;
    let reverse = move |
        x: &[f64],
        dx_2: &mut [f64],
        dx: &mut [f64],
        ddx: &mut [f64],
        seed_2: f64,
    | -> (f64,) {
        let mut dx_2 = ::parad::__private::ShadowSlice::new(dx_2);
        let mut ddx = ::parad::__private::ShadowSlice::new(ddx);
        let mut dseed: f64 = 0.0;
        let mut dret_2_2 = seed_2;
        let mut dsaved_p = ::std::vec![0.0; saved_p.len()];
        let mut dp_2 = 0.0;
        let mut dret_2 = 0.0;
        let mut dprimal_2 = 0.0;
        let mut ddret = 0.0;
        let mut ddp = 0.0;
        let tape_g_w_2 = ::parad::__private::window(&tape_g[..], 0, 0..x.len());
        let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
        let saved_dx_w_2 = ::parad::__private::window(&saved_dx[..], 0, 0..x.len());
        let x_w_3 = ::parad::__private::window(&x[..], 0, 0..x.len());
        let saved_p_3_w_2 = ::parad::__private::window(&saved_p_3[..], 0, 0..x.len());
        let dsaved_p_w = ::parad::__private::window_mut(
            &mut dsaved_p[..],
            0,
            0..x.len(),
        );
        for i_2 in 0..x.len() {
            let g = tape_g_w_2[i_2];
            let mut dg = 0.0;
            dx_w_2[i_2] = saved_dx_w_2[i_2];
            let g_2 = ddx[i_2];
            let g_3 = g_2 * x_w_3[i_2].cos();
            let g_4 = ddp;
            ddp = 0.0;
            dg = g_3 * p + g_4 * x_w_3[i_2].sin();
            dp_2 += g_3 * g;
            dx_2[i_2]
                += -(g_2 * (g * p) * x_w_3[i_2].sin()) + g_4 * g * x_w_3[i_2].cos();
            p = saved_p_3_w_2[i_2];
            let g_5 = dp_2;
            dp_2 = 0.0;
            ddp += dg;
            dsaved_p_w[i_2] += g_5;
        }
        let g_6 = ddp;
        ddp = 0.0;
        ddret = g_6;
        dprimal_2 = dret_2_2;
        dret_2 = dprimal_2;
        dp_2 += dret_2;
        let saved_p_2_w = ::parad::__private::window(&saved_p_2[..], 0, 0..x.len());
        let x_w_4 = ::parad::__private::window(&x[..], 0, 0..x.len());
        for i in (0..x.len()).rev() {
            p = saved_p_2_w[i];
            let g_7 = dp_2;
            dp_2 = g_7 * x_w_4[i].sin();
            dx_2[i] += g_7 * p * x_w_4[i].cos();
            let g_8 = dsaved_p.pop().unwrap();
            dp_2 += g_8;
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
fn __parad_tan_d_prod(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tdx = ::parad::__private::ShadowSlice::new(tdx);
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tsaved_p = ::std::vec::Vec::new();
    let mut saved_p = ::std::vec::Vec::new();
    let mut tp = 0.0;
    let mut p = 1.0;
    for i in 0..x.len() {
        tsaved_p.push(tp);
        saved_p.push(p);
        tp = tp * x[i].sin() + p * (tx[i] * x[i].cos());
        p *= x[i].sin();
    }
    let tret = tp;
    let ret: f64 = p;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tdret = tseed;
    let dret = seed;
    let mut tdp = 0.0;
    let mut dp = 0.0;
    tdp = tdret;
    dp = dret;
    for i_2 in (0..x.len()).rev() {
        tp = tsaved_p[i_2];
        p = saved_p[i_2];
        let tg = tdp;
        let g = dp;
        tdp = tg * x[i_2].sin() + g * (tx[i_2] * x[i_2].cos());
        dp = g * x[i_2].sin();
        tdx[i_2] += (tg * p + g * tp) * x[i_2].cos() + g * p * -(tx[i_2] * x[i_2].sin());
        dx[i_2] += g * p * x[i_2].cos();
    }
    let tret_2 = tprimal_2;
    let ret_2: f64 = primal_2;
    (ret_2, tret_2)
}
/// Reverse-mode derivative of [`prod`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    clippy::all
)]
fn d_prod(x: &[f64], dx: &mut [f64], seed: f64) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut saved_p = ::parad::__private::Tape::new();
    let mut p = 1.0;
    saved_p.reserve(x.len());
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    for i in 0..x.len() {
        saved_p.push_reserved(p);
        p *= x_w[i].sin();
    }
    let ret: f64 = p;
    let primal = ret;
    let dx = &mut dx[..x.len()];
    let mut dret = seed;
    let mut dp = 0.0;
    dp = dret;
    let saved_p_w = ::parad::__private::window(&saved_p[..], 0, 0..x.len());
    let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
    let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
    for i in (0..x.len()).rev() {
        p = saved_p_w[i];
        let g = dp;
        dp = g * x_w_2[i].sin();
        dx_w[i] += g * p * x_w_2[i].cos();
    }
    primal
}
