#[allow(dead_code)]
fn hinge(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        let m = 1.0 - x[i] * x[i];
        if m > 0.0 {
            s += m.sqrt();
        } else {
            s += 0.1 * m;
        }
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
fn __parad_fwd_hinge(
    x: &[f64],
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut s = 0.0;
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    for i in 0..x.len() {
        let m = 1.0 - x_w[i] * x_w[i];
        if m > 0.0 {
            s += m.sqrt();
        } else {
            s += 0.1 * m;
        }
    }
    let ret: f64 = s;
    let reverse = move |x: &[f64], dx: &mut [f64], seed: f64| {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dret = seed;
        let mut ds = dret;
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
        for i in 0..x.len() {
            let m = 1.0 - x_w_2[i] * x_w_2[i];
            let mut dm = 0.0;
            if m > 0.0 {
                dm += ds * 0.5 / m.sqrt();
            } else {
                dm += ds * 0.1;
            }
            let g = -dm;
            dx[i] += g * (2.0 * x_w_2[i]);
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
fn __parad_tan_hinge(x: &[f64], tx: &[f64]) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut ts = 0.0;
    let mut s = 0.0;
    for i in 0..x.len() {
        let tm = -(tx[i] * x[i] + x[i] * tx[i]);
        let m = 1.0 - x[i] * x[i];
        if m > 0.0 {
            ts += tm * 0.5 / m.sqrt();
            s += m.sqrt();
        } else {
            ts += 0.1 * tm;
            s += 0.1 * m;
        }
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
fn __parad_fwd___parad_joint_hinge(
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
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut s = 0.0;
    let dret = seed;
    let mut ds = 0.0;
    ds = dret;
    tape_g.reserve(x.len());
    saved_dx.reserve(x.len());
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
    for i in 0..x.len() {
        let m = 1.0 - x_w[i] * x_w[i];
        let mut dm = 0.0;
        if m > 0.0 {
            s += m.sqrt();
            dm += ds * 0.5 / m.sqrt();
        } else {
            s += 0.1 * m;
            dm += ds * 0.1;
        }
        let g = -dm;
        saved_dx.push_reserved(dx_w[i]);
        dx_w[i] += g * (2.0 * x_w[i]);
        tape_g.push_reserved(g);
    }
    let ret: f64 = s;
    let primal_2 = ret;
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
        let mut dds = 0.0;
        let mut dprimal_2 = 0.0;
        let mut dret_2 = dprimal_2;
        let mut ds_2 = dret_2;
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
        let tape_g_w = ::parad::__private::window(&tape_g[..], 0, 0..x.len());
        let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
        let saved_dx_w = ::parad::__private::window(&saved_dx[..], 0, 0..x.len());
        for i in (0..x.len()).rev() {
            let m = 1.0 - x_w_2[i] * x_w_2[i];
            let g = tape_g_w[i];
            let mut dm_2 = 0.0;
            dx_w_2[i] = saved_dx_w[i];
            let g_2 = ddx[i];
            let mut dg = g_2 * (2.0 * x_w_2[i]);
            let mut ddm = -dg;
            if m > 0.0 {
                dds += ddm / m.sqrt() * 0.5;
                dm_2
                    += -(ddm * (ds * 0.5 / m.sqrt()) / m.sqrt()) * 0.5 / m.sqrt()
                        + ds_2 * 0.5 / m.sqrt();
            } else {
                dds += ddm * 0.1;
                dm_2 += ds_2 * 0.1;
            }
            let g_3 = -dm_2;
            dx_2[i] += g_2 * g * 2.0 + g_3 * (2.0 * x_w_2[i]);
        }
        let g_4 = dds;
        dds = 0.0;
        let mut ddret = g_4;
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
fn __parad_tan___parad_joint_hinge(
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
    let mut ts = 0.0;
    let mut s = 0.0;
    let tdret = tseed;
    let dret = seed;
    let mut tds = 0.0;
    let mut ds = 0.0;
    tds = tdret;
    ds = dret;
    for i in 0..x.len() {
        let tm = -(tx[i] * x[i] + x[i] * tx[i]);
        let m = 1.0 - x[i] * x[i];
        let mut tdm = 0.0;
        let mut dm = 0.0;
        if m > 0.0 {
            ts += tm * 0.5 / m.sqrt();
            s += m.sqrt();
            tdm
                += tds * 0.5 / m.sqrt()
                    - tm * 0.5 / m.sqrt() * (ds * 0.5 / m.sqrt()) / m.sqrt();
            dm += ds * 0.5 / m.sqrt();
        } else {
            ts += 0.1 * tm;
            s += 0.1 * m;
            tdm += tds * 0.1;
            dm += ds * 0.1;
        }
        let tg = -tdm;
        let g = -dm;
        tdx[i] += tg * (2.0 * x[i]) + g * (2.0 * tx[i]);
        dx[i] += g * (2.0 * x[i]);
    }
    let tret = ts;
    let ret: f64 = s;
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
fn __parad_fwd_d_hinge(
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
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut s = 0.0;
    let dret = seed;
    let mut ds = 0.0;
    ds = dret;
    tape_g.reserve(x.len());
    saved_dx.reserve(x.len());
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
    for i in 0..x.len() {
        let m = 1.0 - x_w[i] * x_w[i];
        let mut dm = 0.0;
        if m > 0.0 {
            s += m.sqrt();
            dm += ds * 0.5 / m.sqrt();
        } else {
            s += 0.1 * m;
            dm += ds * 0.1;
        }
        let g = -dm;
        saved_dx.push_reserved(dx_w[i]);
        dx_w[i] += g * (2.0 * x_w[i]);
        tape_g.push_reserved(g);
    }
    let ret: f64 = s;
    let primal_2 = ret;
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
        let mut dds = 0.0;
        let mut dprimal_2 = dret_2_2;
        let mut dret_2 = dprimal_2;
        let mut ds_2 = dret_2;
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
        let tape_g_w = ::parad::__private::window(&tape_g[..], 0, 0..x.len());
        let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
        let saved_dx_w = ::parad::__private::window(&saved_dx[..], 0, 0..x.len());
        for i in (0..x.len()).rev() {
            let m = 1.0 - x_w_2[i] * x_w_2[i];
            let g = tape_g_w[i];
            let mut dm_2 = 0.0;
            dx_w_2[i] = saved_dx_w[i];
            let g_2 = ddx[i];
            let mut dg = g_2 * (2.0 * x_w_2[i]);
            let mut ddm = -dg;
            if m > 0.0 {
                dds += ddm / m.sqrt() * 0.5;
                dm_2
                    += -(ddm * (ds * 0.5 / m.sqrt()) / m.sqrt()) * 0.5 / m.sqrt()
                        + ds_2 * 0.5 / m.sqrt();
            } else {
                dds += ddm * 0.1;
                dm_2 += ds_2 * 0.1;
            }
            let g_3 = -dm_2;
            dx_2[i] += g_2 * g * 2.0 + g_3 * (2.0 * x_w_2[i]);
        }
        let g_4 = dds;
        dds = 0.0;
        let mut ddret = g_4;
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
fn __parad_tan_d_hinge(
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
    let mut ts = 0.0;
    let mut s = 0.0;
    let tdret = tseed;
    let dret = seed;
    let mut tds = 0.0;
    let mut ds = 0.0;
    tds = tdret;
    ds = dret;
    for i in 0..x.len() {
        let tm = -(tx[i] * x[i] + x[i] * tx[i]);
        let m = 1.0 - x[i] * x[i];
        let mut tdm = 0.0;
        let mut dm = 0.0;
        if m > 0.0 {
            ts += tm * 0.5 / m.sqrt();
            s += m.sqrt();
            tdm
                += tds * 0.5 / m.sqrt()
                    - tm * 0.5 / m.sqrt() * (ds * 0.5 / m.sqrt()) / m.sqrt();
            dm += ds * 0.5 / m.sqrt();
        } else {
            ts += 0.1 * tm;
            s += 0.1 * m;
            tdm += tds * 0.1;
            dm += ds * 0.1;
        }
        let tg = -tdm;
        let g = -dm;
        tdx[i] += tg * (2.0 * x[i]) + g * (2.0 * tx[i]);
        dx[i] += g * (2.0 * x[i]);
    }
    let tret = ts;
    let ret: f64 = s;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tret_2 = tprimal_2;
    let ret_2: f64 = primal_2;
    (ret_2, tret_2)
}
/// Reverse-mode derivative of [`hinge`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
fn d_hinge(x: &[f64], dx: &mut [f64], seed: f64) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut s = 0.0;
    let dx = &mut dx[..x.len()];
    let mut dret = seed;
    let mut ds = 0.0;
    ds = dret;
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
    for i in 0..x.len() {
        let m = 1.0 - x_w[i] * x_w[i];
        let mut dm = 0.0;
        if m > 0.0 {
            s += m.sqrt();
            dm += ds * 0.5 / m.sqrt();
        } else {
            s += 0.1 * m;
            dm += ds * 0.1;
        }
        let g = -dm;
        dx_w[i] += g * (2.0 * x_w[i]);
    }
    let ret: f64 = s;
    let primal = ret;
    primal
}
