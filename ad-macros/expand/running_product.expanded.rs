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
    let mut tape_sin = ::parad::__private::Tape::new();
    let mut saved_p = ::parad::__private::Tape::new();
    let mut p = 1.0;
    tape_sin.reserve(x.len());
    saved_p.reserve(x.len());
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    for i in 0..x.len() {
        let sin = x_w[i].sin();
        saved_p.push_reserved(p);
        p *= sin;
        tape_sin.push_reserved(sin);
    }
    let ret: f64 = p;
    let reverse = move |x: &[f64], dx: &mut [f64], seed: f64| {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dret = seed;
        let mut dp = dret;
        let tape_sin_w = ::parad::__private::window(&tape_sin[..], 0, 0..x.len());
        let saved_p_w = ::parad::__private::window(&saved_p[..], 0, 0..x.len());
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
        for i in (0..x.len()).rev() {
            let sin = tape_sin_w[i];
            p = saved_p_w[i];
            let g = dp;
            dp = g * sin;
            let mut dsin = g * p;
            dx[i] += dsin * x_w_2[i].cos();
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
        let tsin = tx[i] * x[i].cos();
        let sin = x[i].sin();
        tp = tp * sin + p * tsin;
        p *= sin;
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
    let mut tape_sin_2 = ::parad::__private::Tape::new();
    let mut tape_sin_2_2 = ::parad::__private::Tape::new();
    let mut tape_g = ::parad::__private::Tape::new();
    let mut tape_cos = ::parad::__private::Tape::new();
    let mut saved_p_2 = ::parad::__private::Tape::new();
    let mut saved_p_3 = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tape_sin = ::std::vec::Vec::new();
    let mut saved_p = ::std::vec::Vec::new();
    let mut p = 1.0;
    tape_sin_2.reserve(x.len());
    saved_p_2.reserve(x.len());
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    for i in 0..x.len() {
        let sin = x_w[i].sin();
        saved_p.push(p);
        saved_p_2.push_reserved(p);
        p *= sin;
        tape_sin.push(sin);
        tape_sin_2.push_reserved(sin);
    }
    let ret: f64 = p;
    let primal_2 = ret;
    let dret = seed;
    let mut dp = dret;
    tape_sin_2_2.resize(x.len(), 0.0);
    tape_g.resize(x.len(), 0.0);
    tape_cos.resize(x.len(), 0.0);
    saved_p_3.resize(x.len(), 0.0);
    saved_dx.resize(x.len(), 0.0);
    let tape_sin_w = ::parad::__private::window(&tape_sin[..], 0, 0..x.len());
    let saved_p_3_w = ::parad::__private::window_mut(&mut saved_p_3[..], 0, 0..x.len());
    let saved_p_w = ::parad::__private::window(&saved_p[..], 0, 0..x.len());
    let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
    let saved_dx_w = ::parad::__private::window_mut(&mut saved_dx[..], 0, 0..x.len());
    let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
    let tape_sin_2_2_w = ::parad::__private::window_mut(
        &mut tape_sin_2_2[..],
        0,
        0..x.len(),
    );
    let tape_g_w = ::parad::__private::window_mut(&mut tape_g[..], 0, 0..x.len());
    let tape_cos_w = ::parad::__private::window_mut(&mut tape_cos[..], 0, 0..x.len());
    for i_2 in (0..x.len()).rev() {
        let sin_2 = tape_sin_w[i_2];
        saved_p_3_w[i_2] = p;
        p = saved_p_w[i_2];
        let g = dp;
        dp = g * sin_2;
        let dsin = g * p;
        let cos = x_w_2[i_2].cos();
        saved_dx_w[i_2] = dx_w[i_2];
        dx_w[i_2] += dsin * cos;
        tape_sin_2_2_w[i_2] = sin_2;
        tape_g_w[i_2] = g;
        tape_cos_w[i_2] = cos;
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
        let mut dtape_sin = ::std::vec![0.0; tape_sin.len()];
        let mut dsaved_p = ::std::vec![0.0; saved_p.len()];
        let mut dp_2 = 0.0;
        let mut dprimal_2 = 0.0;
        let mut ddp = 0.0;
        let tape_sin_2_2_w_2 = ::parad::__private::window(
            &tape_sin_2_2[..],
            0,
            0..x.len(),
        );
        let tape_g_w_2 = ::parad::__private::window(&tape_g[..], 0, 0..x.len());
        let tape_cos_w_2 = ::parad::__private::window(&tape_cos[..], 0, 0..x.len());
        let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
        let saved_dx_w_2 = ::parad::__private::window(&saved_dx[..], 0, 0..x.len());
        let saved_p_3_w_2 = ::parad::__private::window(&saved_p_3[..], 0, 0..x.len());
        let x_w_3 = ::parad::__private::window(&x[..], 0, 0..x.len());
        let dsaved_p_w = ::parad::__private::window_mut(
            &mut dsaved_p[..],
            0,
            0..x.len(),
        );
        let dtape_sin_w = ::parad::__private::window_mut(
            &mut dtape_sin[..],
            0,
            0..x.len(),
        );
        for i_2 in 0..x.len() {
            let sin_2 = tape_sin_2_2_w_2[i_2];
            let g = tape_g_w_2[i_2];
            let dsin = g * p;
            let cos = tape_cos_w_2[i_2];
            dx_w_2[i_2] = saved_dx_w_2[i_2];
            let g_2 = ddx[i_2];
            let mut dcos = g_2 * dsin;
            let mut ddsin = g_2 * cos;
            let g_3 = ddp;
            ddp = 0.0;
            let mut dg = ddsin * p + g_3 * sin_2;
            dp_2 += ddsin * g;
            p = saved_p_3_w_2[i_2];
            let g_4 = dp_2;
            dp_2 = 0.0;
            let mut dsin_2_2 = g_3 * g;
            dx_2[i_2] += -(dcos * x_w_3[i_2].sin());
            ddp += dg;
            dsaved_p_w[i_2] += g_4;
            dtape_sin_w[i_2] += dsin_2_2;
        }
        let mut ddret = ddp;
        let mut dret_2 = dprimal_2;
        dp_2 += dret_2;
        let tape_sin_2_w = ::parad::__private::window(&tape_sin_2[..], 0, 0..x.len());
        let saved_p_2_w = ::parad::__private::window(&saved_p_2[..], 0, 0..x.len());
        let x_w_4 = ::parad::__private::window(&x[..], 0, 0..x.len());
        for i in (0..x.len()).rev() {
            let sin = tape_sin_2_w[i];
            let g_5 = dtape_sin.pop().unwrap();
            let mut dsin_2 = g_5;
            p = saved_p_2_w[i];
            let g_6 = dp_2;
            dp_2 = g_6 * sin;
            dsin_2 += g_6 * p;
            let g_7 = dsaved_p.pop().unwrap();
            dp_2 += g_7;
            dx_2[i] += dsin_2 * x_w_4[i].cos();
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
    let mut ttape_sin = ::std::vec::Vec::new();
    let mut tape_sin = ::std::vec::Vec::new();
    let mut tsaved_p = ::std::vec::Vec::new();
    let mut saved_p = ::std::vec::Vec::new();
    let mut tp = 0.0;
    let mut p = 1.0;
    for i in 0..x.len() {
        let tsin = tx[i] * x[i].cos();
        let sin = x[i].sin();
        tsaved_p.push(tp);
        saved_p.push(p);
        tp = tp * sin + p * tsin;
        p *= sin;
        ttape_sin.push(tsin);
        tape_sin.push(sin);
    }
    let tret = tp;
    let ret: f64 = p;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tdret = tseed;
    let dret = seed;
    let mut tdp = tdret;
    let mut dp = dret;
    for i_2 in (0..x.len()).rev() {
        let tsin_2 = ttape_sin[i_2];
        let sin_2 = tape_sin[i_2];
        tp = tsaved_p[i_2];
        p = saved_p[i_2];
        let tg = tdp;
        let g = dp;
        tdp = tg * sin_2 + g * tsin_2;
        dp = g * sin_2;
        let tdsin = tg * p + g * tp;
        let dsin = g * p;
        let tcos = -(tx[i_2] * x[i_2].sin());
        let cos = x[i_2].cos();
        tdx[i_2] += tdsin * cos + dsin * tcos;
        dx[i_2] += dsin * cos;
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
    let mut tape_sin_2 = ::parad::__private::Tape::new();
    let mut tape_sin_2_2 = ::parad::__private::Tape::new();
    let mut tape_g = ::parad::__private::Tape::new();
    let mut tape_cos = ::parad::__private::Tape::new();
    let mut saved_p_2 = ::parad::__private::Tape::new();
    let mut saved_p_3 = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tape_sin = ::std::vec::Vec::new();
    let mut saved_p = ::std::vec::Vec::new();
    let mut p = 1.0;
    tape_sin_2.reserve(x.len());
    saved_p_2.reserve(x.len());
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    for i in 0..x.len() {
        let sin = x_w[i].sin();
        saved_p.push(p);
        saved_p_2.push_reserved(p);
        p *= sin;
        tape_sin.push(sin);
        tape_sin_2.push_reserved(sin);
    }
    let ret: f64 = p;
    let primal_2 = ret;
    let dret = seed;
    let mut dp = dret;
    tape_sin_2_2.resize(x.len(), 0.0);
    tape_g.resize(x.len(), 0.0);
    tape_cos.resize(x.len(), 0.0);
    saved_p_3.resize(x.len(), 0.0);
    saved_dx.resize(x.len(), 0.0);
    let tape_sin_w = ::parad::__private::window(&tape_sin[..], 0, 0..x.len());
    let saved_p_3_w = ::parad::__private::window_mut(&mut saved_p_3[..], 0, 0..x.len());
    let saved_p_w = ::parad::__private::window(&saved_p[..], 0, 0..x.len());
    let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
    let saved_dx_w = ::parad::__private::window_mut(&mut saved_dx[..], 0, 0..x.len());
    let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
    let tape_sin_2_2_w = ::parad::__private::window_mut(
        &mut tape_sin_2_2[..],
        0,
        0..x.len(),
    );
    let tape_g_w = ::parad::__private::window_mut(&mut tape_g[..], 0, 0..x.len());
    let tape_cos_w = ::parad::__private::window_mut(&mut tape_cos[..], 0, 0..x.len());
    for i_2 in (0..x.len()).rev() {
        let sin_2 = tape_sin_w[i_2];
        saved_p_3_w[i_2] = p;
        p = saved_p_w[i_2];
        let g = dp;
        dp = g * sin_2;
        let dsin = g * p;
        let cos = x_w_2[i_2].cos();
        saved_dx_w[i_2] = dx_w[i_2];
        dx_w[i_2] += dsin * cos;
        tape_sin_2_2_w[i_2] = sin_2;
        tape_g_w[i_2] = g;
        tape_cos_w[i_2] = cos;
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
        let mut dtape_sin = ::std::vec![0.0; tape_sin.len()];
        let mut dsaved_p = ::std::vec![0.0; saved_p.len()];
        let mut dp_2 = 0.0;
        let mut ddp = 0.0;
        let tape_sin_2_2_w_2 = ::parad::__private::window(
            &tape_sin_2_2[..],
            0,
            0..x.len(),
        );
        let tape_g_w_2 = ::parad::__private::window(&tape_g[..], 0, 0..x.len());
        let tape_cos_w_2 = ::parad::__private::window(&tape_cos[..], 0, 0..x.len());
        let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
        let saved_dx_w_2 = ::parad::__private::window(&saved_dx[..], 0, 0..x.len());
        let saved_p_3_w_2 = ::parad::__private::window(&saved_p_3[..], 0, 0..x.len());
        let x_w_3 = ::parad::__private::window(&x[..], 0, 0..x.len());
        let dsaved_p_w = ::parad::__private::window_mut(
            &mut dsaved_p[..],
            0,
            0..x.len(),
        );
        let dtape_sin_w = ::parad::__private::window_mut(
            &mut dtape_sin[..],
            0,
            0..x.len(),
        );
        for i_2 in 0..x.len() {
            let sin_2 = tape_sin_2_2_w_2[i_2];
            let g = tape_g_w_2[i_2];
            let dsin = g * p;
            let cos = tape_cos_w_2[i_2];
            dx_w_2[i_2] = saved_dx_w_2[i_2];
            let g_2 = ddx[i_2];
            let mut dcos = g_2 * dsin;
            let mut ddsin = g_2 * cos;
            let g_3 = ddp;
            ddp = 0.0;
            let mut dg = ddsin * p + g_3 * sin_2;
            dp_2 += ddsin * g;
            p = saved_p_3_w_2[i_2];
            let g_4 = dp_2;
            dp_2 = 0.0;
            let mut dsin_2_2 = g_3 * g;
            dx_2[i_2] += -(dcos * x_w_3[i_2].sin());
            ddp += dg;
            dsaved_p_w[i_2] += g_4;
            dtape_sin_w[i_2] += dsin_2_2;
        }
        let mut ddret = ddp;
        let mut dprimal_2 = dret_2_2;
        let mut dret_2 = dprimal_2;
        dp_2 += dret_2;
        let tape_sin_2_w = ::parad::__private::window(&tape_sin_2[..], 0, 0..x.len());
        let saved_p_2_w = ::parad::__private::window(&saved_p_2[..], 0, 0..x.len());
        let x_w_4 = ::parad::__private::window(&x[..], 0, 0..x.len());
        for i in (0..x.len()).rev() {
            let sin = tape_sin_2_w[i];
            let g_5 = dtape_sin.pop().unwrap();
            let mut dsin_2 = g_5;
            p = saved_p_2_w[i];
            let g_6 = dp_2;
            dp_2 = g_6 * sin;
            dsin_2 += g_6 * p;
            let g_7 = dsaved_p.pop().unwrap();
            dp_2 += g_7;
            dx_2[i] += dsin_2 * x_w_4[i].cos();
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
    let mut ttape_sin = ::std::vec::Vec::new();
    let mut tape_sin = ::std::vec::Vec::new();
    let mut tsaved_p = ::std::vec::Vec::new();
    let mut saved_p = ::std::vec::Vec::new();
    let mut tp = 0.0;
    let mut p = 1.0;
    for i in 0..x.len() {
        let tsin = tx[i] * x[i].cos();
        let sin = x[i].sin();
        tsaved_p.push(tp);
        saved_p.push(p);
        tp = tp * sin + p * tsin;
        p *= sin;
        ttape_sin.push(tsin);
        tape_sin.push(sin);
    }
    let tret = tp;
    let ret: f64 = p;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tdret = tseed;
    let dret = seed;
    let mut tdp = tdret;
    let mut dp = dret;
    for i_2 in (0..x.len()).rev() {
        let tsin_2 = ttape_sin[i_2];
        let sin_2 = tape_sin[i_2];
        tp = tsaved_p[i_2];
        p = saved_p[i_2];
        let tg = tdp;
        let g = dp;
        tdp = tg * sin_2 + g * tsin_2;
        dp = g * sin_2;
        let tdsin = tg * p + g * tp;
        let dsin = g * p;
        let tcos = -(tx[i_2] * x[i_2].sin());
        let cos = x[i_2].cos();
        tdx[i_2] += tdsin * cos + dsin * tcos;
        dx[i_2] += dsin * cos;
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
    dead_code,
    clippy::all
)]
fn d_prod(x: &[f64], dx: &mut [f64], seed: f64) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tape_sin = ::parad::__private::Tape::new();
    let mut saved_p = ::parad::__private::Tape::new();
    let mut p = 1.0;
    tape_sin.reserve(x.len());
    saved_p.reserve(x.len());
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    for i in 0..x.len() {
        let sin = x_w[i].sin();
        saved_p.push_reserved(p);
        p *= sin;
        tape_sin.push_reserved(sin);
    }
    let ret: f64 = p;
    let primal = ret;
    let dx = &mut dx[..x.len()];
    let mut dret = seed;
    let mut dp = dret;
    let tape_sin_w = ::parad::__private::window(&tape_sin[..], 0, 0..x.len());
    let saved_p_w = ::parad::__private::window(&saved_p[..], 0, 0..x.len());
    let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
    let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
    for i in (0..x.len()).rev() {
        let sin = tape_sin_w[i];
        p = saved_p_w[i];
        let g = dp;
        dp = g * sin;
        let mut dsin = g * p;
        dx_w[i] += dsin * x_w_2[i].cos();
    }
    primal
}
