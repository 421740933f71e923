#[allow(dead_code)]
fn rosen(x: f64, y: f64) -> f64 {
    (1.0 - x).powi(2) + 100.0 * (y - x * x).powi(2)
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
fn __parad_fwd_rosen(
    x: f64,
    y: f64,
) -> (f64, impl ::core::ops::FnOnce(f64) -> (f64, f64) + use<>) {
    let ret: f64 = (1.0 - x).powi(2) + 100.0 * (y - x * x).powi(2);
    let reverse = move |seed: f64| -> (f64, f64) {
        let mut dx: f64 = 0.0;
        let mut dy: f64 = 0.0;
        let mut dret = seed;
        let g = dret * 100.0 * (2.0 * (y - x * x));
        let g_2 = -g;
        dx += -(dret * (2.0 * (1.0 - x))) + g_2 * (2.0 * x);
        dy += g;
        (dx, dy)
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
fn __parad_tan_rosen(x: f64, mut tx: f64, y: f64, mut ty: f64) -> (f64, f64) {
    let tret = -tx * ::parad::__private::d_powi(1.0 - x, 2)
        + 100.0 * ((ty - (tx * x + x * tx)) * ::parad::__private::d_powi(y - x * x, 2));
    let ret: f64 = (1.0 - x).powi(2) + 100.0 * (y - x * x).powi(2);
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
fn __parad_fwd___parad_joint_rosen(
    x: f64,
    y: f64,
    seed: f64,
) -> ((f64, f64), impl ::core::ops::FnOnce((f64, f64)) -> (f64, f64, f64) + use<>) {
    let ret: f64 = (1.0 - x).powi(2) + 100.0 * (y - x * x).powi(2);
    let primal_2 = ret;
    let mut dx_2: f64 = 0.0;
    let mut dy_2: f64 = 0.0;
    let dret = seed;
    let g = dret * 100.0 * (2.0 * (y - x * x));
    let g_2 = -g;
    dx_2 += -(dret * (2.0 * (1.0 - x))) + g_2 * (2.0 * x);
    dy_2 += g;
    let ret_0: f64 = dx_2;
    let ret_1: f64 = dy_2;
    let reverse = move |seed_2: (f64, f64)| -> (f64, f64, f64) {
        let mut dx: f64 = 0.0;
        let mut dy: f64 = 0.0;
        let mut dseed: f64 = 0.0;
        let (mut dret_0, mut dret_1) = seed_2;
        let mut dprimal_2 = 0.0;
        let mut ddy_2 = dret_1;
        let mut ddx_2 = dret_0;
        let g_3 = -ddx_2;
        let mut dg_2 = ddx_2 * (2.0 * x);
        let mut dg = ddy_2 + -dg_2;
        let g_4 = dg * (dret * 100.0) * 2.0;
        let g_5 = -g_4;
        let mut ddret = g_3 * (2.0 * (1.0 - x)) + dg * (2.0 * (y - x * x)) * 100.0;
        let mut dret_2 = dprimal_2;
        let g_6 = dret_2 * 100.0 * (2.0 * (y - x * x));
        let g_7 = -g_6;
        dx
            += -(g_3 * dret * 2.0) + ddx_2 * g_2 * 2.0 + g_5 * (2.0 * x)
                + -(dret_2 * (2.0 * (1.0 - x))) + g_7 * (2.0 * x);
        dy += g_4 + g_6;
        dseed += ddret;
        (dx, dy, dseed)
    };
    ((ret_0, ret_1), reverse)
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
fn __parad_tan___parad_joint_rosen(
    x: f64,
    mut tx: f64,
    y: f64,
    mut ty: f64,
    seed: f64,
    mut tseed: f64,
) -> ((f64, f64), (f64, f64)) {
    let tret = -tx * ::parad::__private::d_powi(1.0 - x, 2)
        + 100.0 * ((ty - (tx * x + x * tx)) * ::parad::__private::d_powi(y - x * x, 2));
    let ret: f64 = (1.0 - x).powi(2) + 100.0 * (y - x * x).powi(2);
    let tprimal_2 = tret;
    let primal_2 = ret;
    let mut tdx_2 = 0.0;
    let mut dx_2: f64 = 0.0;
    let mut tdy_2 = 0.0;
    let mut dy_2: f64 = 0.0;
    let tdret = tseed;
    let dret = seed;
    let tg = tdret * 100.0 * (2.0 * (y - x * x))
        + dret * 100.0 * (2.0 * (ty - (tx * x + x * tx)));
    let g = dret * 100.0 * (2.0 * (y - x * x));
    let tg_2 = -tg;
    let g_2 = -g;
    tdx_2
        += -(tdret * (2.0 * (1.0 - x)) + dret * (2.0 * -tx))
            + (tg_2 * (2.0 * x) + g_2 * (2.0 * tx));
    dx_2 += -(dret * (2.0 * (1.0 - x))) + g_2 * (2.0 * x);
    tdy_2 += tg;
    dy_2 += g;
    let tret_0 = tdx_2;
    let ret_0: f64 = dx_2;
    let tret_1 = tdy_2;
    let ret_1: f64 = dy_2;
    ((ret_0, ret_1), (tret_0, tret_1))
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
fn __parad_fwd_d_rosen(
    x: f64,
    y: f64,
    seed: f64,
) -> (
    (f64, f64, f64),
    impl ::core::ops::FnOnce((f64, f64, f64)) -> (f64, f64, f64) + use<>,
) {
    let ret: f64 = (1.0 - x).powi(2) + 100.0 * (y - x * x).powi(2);
    let primal_2 = ret;
    let mut dx_2: f64 = 0.0;
    let mut dy_2: f64 = 0.0;
    let dret = seed;
    let g = dret * 100.0 * (2.0 * (y - x * x));
    let g_2 = -g;
    dx_2 += -(dret * (2.0 * (1.0 - x))) + g_2 * (2.0 * x);
    dy_2 += g;
    let ret_0: f64 = primal_2;
    let ret_1: f64 = dx_2;
    let ret_2: f64 = dy_2;
    let reverse = move |seed_2: (f64, f64, f64)| -> (f64, f64, f64) {
        let mut dx: f64 = 0.0;
        let mut dy: f64 = 0.0;
        let mut dseed: f64 = 0.0;
        let (mut dret_0, mut dret_1, mut dret_2_2) = seed_2;
        let mut ddy_2 = dret_2_2;
        let mut ddx_2 = dret_1;
        let g_3 = -ddx_2;
        let mut dg_2 = ddx_2 * (2.0 * x);
        let mut dg = ddy_2 + -dg_2;
        let g_4 = dg * (dret * 100.0) * 2.0;
        let g_5 = -g_4;
        let mut ddret = g_3 * (2.0 * (1.0 - x)) + dg * (2.0 * (y - x * x)) * 100.0;
        let mut dprimal_2 = dret_0;
        let mut dret_2 = dprimal_2;
        let g_6 = dret_2 * 100.0 * (2.0 * (y - x * x));
        let g_7 = -g_6;
        dx
            += -(g_3 * dret * 2.0) + ddx_2 * g_2 * 2.0 + g_5 * (2.0 * x)
                + -(dret_2 * (2.0 * (1.0 - x))) + g_7 * (2.0 * x);
        dy += g_4 + g_6;
        dseed += ddret;
        (dx, dy, dseed)
    };
    ((ret_0, ret_1, ret_2), reverse)
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
fn __parad_tan_d_rosen(
    x: f64,
    mut tx: f64,
    y: f64,
    mut ty: f64,
    seed: f64,
    mut tseed: f64,
) -> ((f64, f64, f64), (f64, f64, f64)) {
    let tret = -tx * ::parad::__private::d_powi(1.0 - x, 2)
        + 100.0 * ((ty - (tx * x + x * tx)) * ::parad::__private::d_powi(y - x * x, 2));
    let ret: f64 = (1.0 - x).powi(2) + 100.0 * (y - x * x).powi(2);
    let tprimal_2 = tret;
    let primal_2 = ret;
    let mut tdx_2 = 0.0;
    let mut dx_2: f64 = 0.0;
    let mut tdy_2 = 0.0;
    let mut dy_2: f64 = 0.0;
    let tdret = tseed;
    let dret = seed;
    let tg = tdret * 100.0 * (2.0 * (y - x * x))
        + dret * 100.0 * (2.0 * (ty - (tx * x + x * tx)));
    let g = dret * 100.0 * (2.0 * (y - x * x));
    let tg_2 = -tg;
    let g_2 = -g;
    tdx_2
        += -(tdret * (2.0 * (1.0 - x)) + dret * (2.0 * -tx))
            + (tg_2 * (2.0 * x) + g_2 * (2.0 * tx));
    dx_2 += -(dret * (2.0 * (1.0 - x))) + g_2 * (2.0 * x);
    tdy_2 += tg;
    dy_2 += g;
    let tret_0 = tprimal_2;
    let ret_0: f64 = primal_2;
    let tret_1 = tdx_2;
    let ret_1: f64 = dx_2;
    let tret_2 = tdy_2;
    let ret_2: f64 = dy_2;
    ((ret_0, ret_1, ret_2), (tret_0, tret_1, tret_2))
}
/// Reverse-mode derivative of [`rosen`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
fn d_rosen(x: f64, y: f64, seed: f64) -> (f64, f64, f64) {
    let ret: f64 = (1.0 - x).powi(2) + 100.0 * (y - x * x).powi(2);
    let primal = ret;
    let mut dx: f64 = 0.0;
    let mut dy: f64 = 0.0;
    let mut dret = seed;
    let g = dret * 100.0 * (2.0 * (y - x * x));
    let g_2 = -g;
    dx += -(dret * (2.0 * (1.0 - x))) + g_2 * (2.0 * x);
    dy += g;
    (primal, dx, dy)
}
