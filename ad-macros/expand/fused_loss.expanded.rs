#[allow(dead_code)]
fn loss(p: &[f64], t: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..t.len() {
        let r = p[0] * (-p[1] * t[i]).exp() - 1.0;
        s += r * r;
    }
    0.5 * s
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
fn __parad_fwd_loss(
    p: &[f64],
    t: &[f64],
) -> (
    f64,
    impl ::core::ops::FnOnce(&[f64], &mut [f64], &[f64], &mut [f64], f64) + use<>,
) {
    let mut tape_exp = ::parad::__private::Tape::new();
    let mut s = 0.0;
    tape_exp.reserve(t.len());
    let t_w = ::parad::__private::window(&t[..], 0, 0..t.len());
    for i in 0..t.len() {
        let exp = (-p[1] * t_w[i]).exp();
        let r = p[0] * exp - 1.0;
        s += r * r;
        tape_exp.push_reserved(exp);
    }
    let ret: f64 = 0.5 * s;
    let reverse = move |p: &[f64], dp: &mut [f64], t: &[f64], dt: &mut [f64], seed: f64| {
        let mut dp = ::parad::__private::ShadowSlice::new(dp);
        let mut dt = ::parad::__private::ShadowSlice::new(dt);
        let mut dret = seed;
        let mut ds = dret * 0.5;
        let mut dp_1 = 0.0;
        let mut dp_0 = 0.0;
        let tape_exp_w = ::parad::__private::window(&tape_exp[..], 0, 0..t.len());
        let t_w_2 = ::parad::__private::window(&t[..], 0, 0..t.len());
        for i in 0..t.len() {
            let exp = tape_exp_w[i];
            let r = p[0] * exp - 1.0;
            let mut dr = ds * (2.0 * r);
            dp_0 += dr * exp;
            let mut dexp = dr * p[0];
            let g = dexp * exp;
            dp_1 += -(g * t_w_2[i]);
            dt[i] += g * -p[1];
        }
        if t.len() > 0 {
            dp[1] += dp_1;
            dp[0] += dp_0;
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
fn __parad_tan_loss(p: &[f64], tp: &[f64], t: &[f64], tt: &[f64]) -> (f64, f64) {
    let tp = ::parad::__private::TangentSlice::new(tp);
    let tt = ::parad::__private::TangentSlice::new(tt);
    let mut ts = 0.0;
    let mut s = 0.0;
    for i in 0..t.len() {
        let exp = (-p[1] * t[i]).exp();
        let texp = (-tp[1] * t[i] + -p[1] * tt[i]) * exp;
        let tr = tp[0] * exp + p[0] * texp;
        let r = p[0] * exp - 1.0;
        ts += tr * r + r * tr;
        s += r * r;
    }
    let tret = 0.5 * ts;
    let ret: f64 = 0.5 * s;
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
fn __parad_fwd___parad_joint_loss(
    p: &[f64],
    dp: &mut [f64],
    t: &[f64],
    dt: &mut [f64],
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
    let mut tape_exp = ::parad::__private::Tape::new();
    let mut saved_dt = ::parad::__private::Tape::new();
    let mut saved_dp = ::core::option::Option::None;
    let mut saved_dp_2 = ::core::option::Option::None;
    ::core::assert_eq!(
        dp.len(), p.len(), "the shadow of `p` must have the length of `p`"
    );
    ::core::assert_eq!(
        dt.len(), t.len(), "the shadow of `t` must have the length of `t`"
    );
    let mut s = 0.0;
    let dret = seed;
    let mut ds = 0.0;
    ds = dret * 0.5;
    let mut dp_1 = 0.0;
    let mut dp_0 = 0.0;
    tape_exp.reserve(t.len());
    saved_dt.reserve(t.len());
    let t_w = ::parad::__private::window(&t[..], 0, 0..t.len());
    let dt_w = ::parad::__private::window_mut(&mut dt[..], 0, 0..t.len());
    for i in 0..t.len() {
        let exp = (-p[1] * t_w[i]).exp();
        let r = p[0] * exp - 1.0;
        s += r * r;
        let dr = ds * (2.0 * r);
        dp_0 += dr * exp;
        let dexp = dr * p[0];
        let g = dexp * exp;
        dp_1 += -(g * t_w[i]);
        saved_dt.push_reserved(dt_w[i]);
        dt_w[i] += g * -p[1];
        tape_exp.push_reserved(exp);
    }
    if t.len() > 0 {
        saved_dp = ::core::option::Option::Some(dp[1]);
        dp[1] += dp_1;
        saved_dp_2 = ::core::option::Option::Some(dp[0]);
        dp[0] += dp_0;
    }
    let ret: f64 = 0.5 * s;
    let primal_2 = ret;
    let reverse = move |
        p: &[f64],
        dp_2: &mut [f64],
        dp: &mut [f64],
        ddp: &mut [f64],
        t: &[f64],
        dt_2: &mut [f64],
        dt: &mut [f64],
        ddt: &mut [f64],
        seed_2: (),
    | -> (f64,) {
        let mut dp_2 = ::parad::__private::ShadowSlice::new(dp_2);
        let mut ddp = ::parad::__private::ShadowSlice::new(ddp);
        let mut dt_2 = ::parad::__private::ShadowSlice::new(dt_2);
        let mut ddt = ::parad::__private::ShadowSlice::new(ddt);
        let mut dseed: f64 = 0.0;
        let _ = seed_2;
        let mut dds = 0.0;
        let mut ddp_1 = 0.0;
        let mut ddp_0 = 0.0;
        let mut dprimal_2 = 0.0;
        let mut dret_2 = dprimal_2;
        if t.len() > 0 {
            dp[0] = saved_dp_2.take().unwrap();
            dp[1] = saved_dp.take().unwrap();
            ddp_0 += ddp[0];
            ddp_1 += ddp[1];
        }
        let mut ds_2 = dret_2 * 0.5;
        let mut dp_2_1 = 0.0;
        let mut dp_2_0 = 0.0;
        let tape_exp_w = ::parad::__private::window(&tape_exp[..], 0, 0..t.len());
        let dt_w_2 = ::parad::__private::window_mut(&mut dt[..], 0, 0..t.len());
        let saved_dt_w = ::parad::__private::window(&saved_dt[..], 0, 0..t.len());
        let t_w_2 = ::parad::__private::window(&t[..], 0, 0..t.len());
        for i in (0..t.len()).rev() {
            let exp = tape_exp_w[i];
            let r = p[0] * exp - 1.0;
            let dr = ds * (2.0 * r);
            let dexp = dr * p[0];
            let g = dexp * exp;
            dt_w_2[i] = saved_dt_w[i];
            let g_2 = ddt[i];
            dp_2_1 += -(g_2 * g);
            let g_3 = -ddp_1;
            let mut dg = g_2 * -p[1] + g_3 * t_w_2[i];
            let mut ddexp = dg * exp;
            dp_2_0 += ddexp * dr;
            let mut ddr = ddexp * p[0] + ddp_0 * exp;
            let mut dr_2 = ddr * ds * 2.0 + ds_2 * (2.0 * r);
            dp_2_0 += dr_2 * exp;
            let mut dexp_2 = dg * dexp + ddp_0 * dr + dr_2 * p[0];
            let g_4 = dexp_2 * exp;
            dp_2_1 += -(g_4 * t_w_2[i]);
            dt_2[i] += g_3 * g + g_4 * -p[1];
            dds += ddr * (2.0 * r);
        }
        if t.len() > 0 {
            dp_2[1] += dp_2_1;
            dp_2[0] += dp_2_0;
        }
        let g_5 = dds;
        dds = 0.0;
        let mut ddret = g_5 * 0.5;
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
fn __parad_tan___parad_joint_loss(
    p: &[f64],
    tp: &[f64],
    dp: &mut [f64],
    tdp: &mut [f64],
    t: &[f64],
    tt: &[f64],
    dt: &mut [f64],
    tdt: &mut [f64],
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let tp = ::parad::__private::TangentSlice::new(tp);
    let mut tdp = ::parad::__private::ShadowSlice::new(tdp);
    let tt = ::parad::__private::TangentSlice::new(tt);
    let mut tdt = ::parad::__private::ShadowSlice::new(tdt);
    ::core::assert_eq!(
        dp.len(), p.len(), "the shadow of `p` must have the length of `p`"
    );
    ::core::assert_eq!(
        dt.len(), t.len(), "the shadow of `t` must have the length of `t`"
    );
    let mut ts = 0.0;
    let mut s = 0.0;
    let tdret = tseed;
    let dret = seed;
    let mut tds = 0.0;
    let mut ds = 0.0;
    tds = tdret * 0.5;
    ds = dret * 0.5;
    let mut tdp_1 = 0.0;
    let mut dp_1 = 0.0;
    let mut tdp_0 = 0.0;
    let mut dp_0 = 0.0;
    for i in 0..t.len() {
        let exp = (-p[1] * t[i]).exp();
        let texp = (-tp[1] * t[i] + -p[1] * tt[i]) * exp;
        let tr = tp[0] * exp + p[0] * texp;
        let r = p[0] * exp - 1.0;
        ts += tr * r + r * tr;
        s += r * r;
        let tdr = tds * (2.0 * r) + ds * (2.0 * tr);
        let dr = ds * (2.0 * r);
        tdp_0 += tdr * exp + dr * texp;
        dp_0 += dr * exp;
        let tdexp = tdr * p[0] + dr * tp[0];
        let dexp = dr * p[0];
        let tg = tdexp * exp + dexp * texp;
        let g = dexp * exp;
        tdp_1 += -(tg * t[i] + g * tt[i]);
        dp_1 += -(g * t[i]);
        tdt[i] += tg * -p[1] + g * -tp[1];
        dt[i] += g * -p[1];
    }
    if t.len() > 0 {
        tdp[1] += tdp_1;
        dp[1] += dp_1;
        tdp[0] += tdp_0;
        dp[0] += dp_0;
    }
    let tret = 0.5 * ts;
    let ret: f64 = 0.5 * s;
    let tprimal_2 = tret;
    let primal_2 = ret;
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
fn __parad_fwd_d_loss(
    p: &[f64],
    dp: &mut [f64],
    t: &[f64],
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
        f64,
    ) -> (f64,) + use<>,
) {
    let mut tape_exp = ::parad::__private::Tape::new();
    let mut saved_dp = ::core::option::Option::None;
    let mut saved_dp_2 = ::core::option::Option::None;
    ::core::assert_eq!(
        dp.len(), p.len(), "the shadow of `p` must have the length of `p`"
    );
    let mut s = 0.0;
    let dret = seed;
    let mut ds = 0.0;
    ds = dret * 0.5;
    let mut dp_1 = 0.0;
    let mut dp_0 = 0.0;
    tape_exp.reserve(t.len());
    let t_w = ::parad::__private::window(&t[..], 0, 0..t.len());
    for i in 0..t.len() {
        let exp = (-p[1] * t_w[i]).exp();
        let r = p[0] * exp - 1.0;
        s += r * r;
        let dr = ds * (2.0 * r);
        dp_0 += dr * exp;
        let dexp = dr * p[0];
        dp_1 += -(dexp * exp * t_w[i]);
        tape_exp.push_reserved(exp);
    }
    if t.len() > 0 {
        saved_dp = ::core::option::Option::Some(dp[1]);
        dp[1] += dp_1;
        saved_dp_2 = ::core::option::Option::Some(dp[0]);
        dp[0] += dp_0;
    }
    let ret: f64 = 0.5 * s;
    let primal_2 = ret;
    let ret_2: f64 = primal_2;
    let reverse = move |
        p: &[f64],
        dp_2: &mut [f64],
        dp: &mut [f64],
        ddp: &mut [f64],
        t: &[f64],
        dt: &mut [f64],
        seed_2: f64,
    | -> (f64,) {
        let mut dp_2 = ::parad::__private::ShadowSlice::new(dp_2);
        let mut ddp = ::parad::__private::ShadowSlice::new(ddp);
        let mut dt = ::parad::__private::ShadowSlice::new(dt);
        let mut dseed: f64 = 0.0;
        let mut dret_2_2 = seed_2;
        let mut dds = 0.0;
        let mut ddp_1 = 0.0;
        let mut ddp_0 = 0.0;
        let mut dprimal_2 = dret_2_2;
        let mut dret_2 = dprimal_2;
        if t.len() > 0 {
            dp[0] = saved_dp_2.take().unwrap();
            dp[1] = saved_dp.take().unwrap();
            ddp_0 += ddp[0];
            ddp_1 += ddp[1];
        }
        let mut ds_2 = dret_2 * 0.5;
        let mut dp_2_1 = 0.0;
        let mut dp_2_0 = 0.0;
        let tape_exp_w = ::parad::__private::window(&tape_exp[..], 0, 0..t.len());
        let t_w_2 = ::parad::__private::window(&t[..], 0, 0..t.len());
        for i in 0..t.len() {
            let exp = tape_exp_w[i];
            let r = p[0] * exp - 1.0;
            let dr = ds * (2.0 * r);
            let dexp = dr * p[0];
            let g = -ddp_1;
            let g_2 = g * t_w_2[i];
            let mut ddexp = g_2 * exp;
            dp_2_0 += ddexp * dr;
            let mut ddr = ddexp * p[0] + ddp_0 * exp;
            let mut dr_2 = ddr * ds * 2.0 + ds_2 * (2.0 * r);
            dp_2_0 += dr_2 * exp;
            let mut dexp_2 = g_2 * dexp + ddp_0 * dr + dr_2 * p[0];
            let g_3 = dexp_2 * exp;
            dp_2_1 += -(g_3 * t_w_2[i]);
            dt[i] += g * (dexp * exp) + g_3 * -p[1];
            dds += ddr * (2.0 * r);
        }
        if t.len() > 0 {
            dp_2[1] += dp_2_1;
            dp_2[0] += dp_2_0;
        }
        let g_4 = dds;
        dds = 0.0;
        let mut ddret = g_4 * 0.5;
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
fn __parad_tan_d_loss(
    p: &[f64],
    tp: &[f64],
    dp: &mut [f64],
    tdp: &mut [f64],
    t: &[f64],
    tt: &[f64],
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let tp = ::parad::__private::TangentSlice::new(tp);
    let mut tdp = ::parad::__private::ShadowSlice::new(tdp);
    let tt = ::parad::__private::TangentSlice::new(tt);
    ::core::assert_eq!(
        dp.len(), p.len(), "the shadow of `p` must have the length of `p`"
    );
    let mut ts = 0.0;
    let mut s = 0.0;
    let tdret = tseed;
    let dret = seed;
    let mut tds = 0.0;
    let mut ds = 0.0;
    tds = tdret * 0.5;
    ds = dret * 0.5;
    let mut tdp_1 = 0.0;
    let mut dp_1 = 0.0;
    let mut tdp_0 = 0.0;
    let mut dp_0 = 0.0;
    for i in 0..t.len() {
        let exp = (-p[1] * t[i]).exp();
        let texp = (-tp[1] * t[i] + -p[1] * tt[i]) * exp;
        let tr = tp[0] * exp + p[0] * texp;
        let r = p[0] * exp - 1.0;
        ts += tr * r + r * tr;
        s += r * r;
        let tdr = tds * (2.0 * r) + ds * (2.0 * tr);
        let dr = ds * (2.0 * r);
        tdp_0 += tdr * exp + dr * texp;
        dp_0 += dr * exp;
        let tdexp = tdr * p[0] + dr * tp[0];
        let dexp = dr * p[0];
        tdp_1 += -((tdexp * exp + dexp * texp) * t[i] + dexp * exp * tt[i]);
        dp_1 += -(dexp * exp * t[i]);
    }
    if t.len() > 0 {
        tdp[1] += tdp_1;
        dp[1] += dp_1;
        tdp[0] += tdp_0;
        dp[0] += dp_0;
    }
    let tret = 0.5 * ts;
    let ret: f64 = 0.5 * s;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tret_2 = tprimal_2;
    let ret_2: f64 = primal_2;
    (ret_2, tret_2)
}
/// Reverse-mode derivative of [`loss`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
fn d_loss(p: &[f64], dp: &mut [f64], t: &[f64], seed: f64) -> f64 {
    ::core::assert_eq!(
        dp.len(), p.len(), "the shadow of `p` must have the length of `p`"
    );
    let mut s = 0.0;
    let dp = &mut dp[..p.len()];
    let mut dret = seed;
    let mut ds = 0.0;
    ds = dret * 0.5;
    let mut dp_1 = 0.0;
    let mut dp_0 = 0.0;
    let t_w = ::parad::__private::window(&t[..], 0, 0..t.len());
    for i in 0..t.len() {
        let exp = (-p[1] * t_w[i]).exp();
        let r = p[0] * exp - 1.0;
        s += r * r;
        let mut dr = ds * (2.0 * r);
        dp_0 += dr * exp;
        let mut dexp = dr * p[0];
        dp_1 += -(dexp * exp * t_w[i]);
    }
    if t.len() > 0 {
        dp[1] += dp_1;
        dp[0] += dp_0;
    }
    let ret: f64 = 0.5 * s;
    let primal = ret;
    primal
}
