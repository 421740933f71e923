#[allow(dead_code)]
fn sumsq(x: &[f64]) -> f64 {
    x.iter().map(|v| v * v).sum()
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
fn __parad_fwd_sumsq(
    x: &[f64],
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut sum = 0.0;
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    for i in 0..x.len() {
        let v_mapped = x_w[i] * x_w[i];
        sum += v_mapped;
    }
    let ret: f64 = sum;
    let reverse = move |x: &[f64], dx: &mut [f64], seed: f64| {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dret = seed;
        let mut dsum = dret;
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
        for i in 0..x.len() {
            let mut dv_mapped = dsum;
            dx[i] += dv_mapped * (2.0 * x_w_2[i]);
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
fn __parad_tan_sumsq(x: &[f64], tx: &[f64]) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tsum = 0.0;
    let mut sum = 0.0;
    for i in 0..x.len() {
        let tv_mapped = tx[i] * x[i] + x[i] * tx[i];
        let v_mapped = x[i] * x[i];
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
fn __parad_fwd___parad_joint_sumsq(
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
    let mut tape_dv_mapped = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut sum = 0.0;
    let dret = seed;
    let mut dsum = 0.0;
    dsum = dret;
    tape_dv_mapped.reserve(x.len());
    saved_dx.reserve(x.len());
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
    for i in 0..x.len() {
        let v_mapped = x_w[i] * x_w[i];
        sum += v_mapped;
        let dv_mapped = dsum;
        saved_dx.push_reserved(dx_w[i]);
        dx_w[i] += dv_mapped * (2.0 * x_w[i]);
        tape_dv_mapped.push_reserved(dv_mapped);
    }
    let ret: f64 = sum;
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
        let mut ddsum = 0.0;
        let mut dprimal_2 = 0.0;
        let mut dret_2 = dprimal_2;
        let mut dsum_2 = dret_2;
        let tape_dv_mapped_w = ::parad::__private::window(
            &tape_dv_mapped[..],
            0,
            0..x.len(),
        );
        let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
        let saved_dx_w = ::parad::__private::window(&saved_dx[..], 0, 0..x.len());
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
        for i in (0..x.len()).rev() {
            let dv_mapped = tape_dv_mapped_w[i];
            dx_w_2[i] = saved_dx_w[i];
            let g = ddx[i];
            let mut ddv_mapped = g * (2.0 * x_w_2[i]);
            let mut dv_mapped_2 = dsum_2;
            dx_2[i] += g * dv_mapped * 2.0 + dv_mapped_2 * (2.0 * x_w_2[i]);
            ddsum += ddv_mapped;
        }
        let g_2 = ddsum;
        ddsum = 0.0;
        let mut ddret = g_2;
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
fn __parad_tan___parad_joint_sumsq(
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
    let mut tsum = 0.0;
    let mut sum = 0.0;
    let tdret = tseed;
    let dret = seed;
    let mut tdsum = 0.0;
    let mut dsum = 0.0;
    tdsum = tdret;
    dsum = dret;
    for i in 0..x.len() {
        let tv_mapped = tx[i] * x[i] + x[i] * tx[i];
        let v_mapped = x[i] * x[i];
        tsum += tv_mapped;
        sum += v_mapped;
        let tdv_mapped = tdsum;
        let dv_mapped = dsum;
        tdx[i] += tdv_mapped * (2.0 * x[i]) + dv_mapped * (2.0 * tx[i]);
        dx[i] += dv_mapped * (2.0 * x[i]);
    }
    let tret = tsum;
    let ret: f64 = sum;
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
fn __parad_fwd_d_sumsq(
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
    let mut tape_dv_mapped = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut sum = 0.0;
    let dret = seed;
    let mut dsum = 0.0;
    dsum = dret;
    tape_dv_mapped.reserve(x.len());
    saved_dx.reserve(x.len());
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
    for i in 0..x.len() {
        let v_mapped = x_w[i] * x_w[i];
        sum += v_mapped;
        let dv_mapped = dsum;
        saved_dx.push_reserved(dx_w[i]);
        dx_w[i] += dv_mapped * (2.0 * x_w[i]);
        tape_dv_mapped.push_reserved(dv_mapped);
    }
    let ret: f64 = sum;
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
        let mut ddsum = 0.0;
        let mut dprimal_2 = dret_2_2;
        let mut dret_2 = dprimal_2;
        let mut dsum_2 = dret_2;
        let tape_dv_mapped_w = ::parad::__private::window(
            &tape_dv_mapped[..],
            0,
            0..x.len(),
        );
        let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
        let saved_dx_w = ::parad::__private::window(&saved_dx[..], 0, 0..x.len());
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
        for i in (0..x.len()).rev() {
            let dv_mapped = tape_dv_mapped_w[i];
            dx_w_2[i] = saved_dx_w[i];
            let g = ddx[i];
            let mut ddv_mapped = g * (2.0 * x_w_2[i]);
            let mut dv_mapped_2 = dsum_2;
            dx_2[i] += g * dv_mapped * 2.0 + dv_mapped_2 * (2.0 * x_w_2[i]);
            ddsum += ddv_mapped;
        }
        let g_2 = ddsum;
        ddsum = 0.0;
        let mut ddret = g_2;
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
fn __parad_tan_d_sumsq(
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
    let mut tsum = 0.0;
    let mut sum = 0.0;
    let tdret = tseed;
    let dret = seed;
    let mut tdsum = 0.0;
    let mut dsum = 0.0;
    tdsum = tdret;
    dsum = dret;
    for i in 0..x.len() {
        let tv_mapped = tx[i] * x[i] + x[i] * tx[i];
        let v_mapped = x[i] * x[i];
        tsum += tv_mapped;
        sum += v_mapped;
        let tdv_mapped = tdsum;
        let dv_mapped = dsum;
        tdx[i] += tdv_mapped * (2.0 * x[i]) + dv_mapped * (2.0 * tx[i]);
        dx[i] += dv_mapped * (2.0 * x[i]);
    }
    let tret = tsum;
    let ret: f64 = sum;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tret_2 = tprimal_2;
    let ret_2: f64 = primal_2;
    (ret_2, tret_2)
}
/// Reverse-mode derivative of [`sumsq`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
fn d_sumsq(x: &[f64], dx: &mut [f64], seed: f64) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut sum = 0.0;
    let dx = &mut dx[..x.len()];
    let mut dret = seed;
    let mut dsum = 0.0;
    dsum = dret;
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
    for i in 0..x.len() {
        let v_mapped = x_w[i] * x_w[i];
        sum += v_mapped;
        let mut dv_mapped = dsum;
        dx_w[i] += dv_mapped * (2.0 * x_w[i]);
    }
    let ret: f64 = sum;
    let primal = ret;
    primal
}
