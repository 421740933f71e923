use parad::autodiff;
pub fn cross(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}
#[doc(hidden)]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_array_cross(a: &[f64; 3], b: &[f64; 3], out: &mut [f64; 3]) {
    let result: [f64; 3] = [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ];
    out.copy_from_slice(&result);
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_tan___parad_array_cross(
    a: &[f64; 3],
    ta: &[f64],
    b: &[f64; 3],
    tb: &[f64],
    out: &mut [f64; 3],
    tout: &mut [f64],
) -> ((), ()) {
    let ta = ::parad::__private::TangentSlice::new(ta);
    let tb = ::parad::__private::TangentSlice::new(tb);
    let mut tout = ::parad::__private::ShadowSlice::new(tout);
    let tresult = [
        ta[1] * b[2] + a[1] * tb[2] - (ta[2] * b[1] + a[2] * tb[1]),
        ta[2] * b[0] + a[2] * tb[0] - (ta[0] * b[2] + a[0] * tb[2]),
        ta[0] * b[1] + a[0] * tb[1] - (ta[1] * b[0] + a[1] * tb[0]),
    ];
    let result: [f64; 3] = [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ];
    if out.len() != result.len() {
        ::core::panic!(
            "copy_from_slice: the source and destination slices have different lengths"
        );
    }
    let hi = out.len();
    for k in 0..hi {
        tout[k] = tresult[k];
        out[k] = result[k];
    }
    ((), ())
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_tanl___parad_array_cross<const __PARAD_N: usize>(
    a: &[f64; 3],
    ta: &[::parad::__private::lanes::Lanes<__PARAD_N>],
    b: &[f64; 3],
    tb: &[::parad::__private::lanes::Lanes<__PARAD_N>],
    out: &mut [f64; 3],
    tout: &mut [::parad::__private::lanes::Lanes<__PARAD_N>],
) -> ((), ()) {
    let ta = ::parad::__private::TangentSlice::new(ta);
    let tb = ::parad::__private::TangentSlice::new(tb);
    let mut tout = ::parad::__private::ShadowSlice::new(tout);
    let tresult = [
        ta[1] * b[2] + a[1] * tb[2] - (ta[2] * b[1] + a[2] * tb[1]),
        ta[2] * b[0] + a[2] * tb[0] - (ta[0] * b[2] + a[0] * tb[2]),
        ta[0] * b[1] + a[0] * tb[1] - (ta[1] * b[0] + a[1] * tb[0]),
    ];
    let result: [f64; 3] = [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ];
    if out.len() != result.len() {
        ::core::panic!(
            "copy_from_slice: the source and destination slices have different lengths"
        );
    }
    let hi = out.len();
    for k in 0..hi {
        tout[k] = tresult[k];
        out[k] = result[k];
    }
    ((), ())
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_fwd___parad_array_cross(
    a: &[f64; 3],
    b: &[f64; 3],
    out: &mut [f64; 3],
) -> (
    (),
    impl ::core::ops::FnOnce(
        &[f64; 3],
        &mut [f64],
        &[f64; 3],
        &mut [f64],
        &mut [f64; 3],
        &mut [f64],
        (),
    ) + use<>,
) {
    let mut saved_out = ::parad::__private::Tape::new();
    let result: [f64; 3] = [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ];
    if out.len() != result.len() {
        ::core::panic!(
            "copy_from_slice: the source and destination slices have different lengths"
        );
    }
    let hi = out.len();
    saved_out.reserve(hi);
    let out_w = ::parad::__private::window_mut(&mut out[..], 0, 0..hi);
    let result_w = ::parad::__private::window(&result[..], 0, 0..hi);
    for k in 0..hi {
        saved_out.push_reserved(out_w[k]);
        out_w[k] = result_w[k];
    }
    let reverse = move |
        a: &[f64; 3],
        da: &mut [f64],
        b: &[f64; 3],
        db: &mut [f64],
        out: &mut [f64; 3],
        dout: &mut [f64],
        seed: ()|
    {
        let mut da = ::parad::__private::ShadowSlice::new(da);
        let mut db = ::parad::__private::ShadowSlice::new(db);
        let mut dout = ::parad::__private::ShadowSlice::new(dout);
        let mut dresult = [0.0; 3];
        let out_w_2 = ::parad::__private::window_mut(&mut out[..], 0, 0..hi);
        let saved_out_w = ::parad::__private::window(&saved_out[..], 0, 0..hi);
        let dresult_w = ::parad::__private::window_mut(&mut dresult[..], 0, 0..hi);
        for k in (0..hi).rev() {
            out_w_2[k] = saved_out_w[k];
            let g = dout[k];
            dout[k] = 0.0;
            dresult_w[k] += g;
        }
        let g_2 = dresult[0];
        da[1] += g_2 * b[2];
        db[2] += g_2 * a[1];
        let g_3 = -g_2;
        da[2] += g_3 * b[1];
        db[1] += g_3 * a[2];
        let g_4 = dresult[1];
        da[2] += g_4 * b[0];
        db[0] += g_4 * a[2];
        let g_5 = -g_4;
        da[0] += g_5 * b[2];
        db[2] += g_5 * a[0];
        let g_6 = dresult[2];
        da[0] += g_6 * b[1];
        db[1] += g_6 * a[0];
        let g_7 = -g_6;
        da[1] += g_7 * b[0];
        db[0] += g_7 * a[1];
    };
    ((), reverse)
}
#[allow(dead_code)]
pub fn torque(x: &[f64; 6]) -> f64 {
    let r = [x[0], x[1], x[2]];
    let f = [x[3], x[4], x[5]];
    let t: [f64; 3] = cross(&r, &f);
    t[0] * t[0] + t[1] * t[1] + t[2] * t[2]
}
/// Reverse-mode derivative of [`torque`], generated by `#[autodiff]`.
#[allow(unused, non_snake_case, clippy::all)]
pub fn d_torque(x: &[f64; 6], dx: &mut [f64; 6], seed: f64) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let r = [x[0], x[1], x[2]];
    let f = [x[3], x[4], x[5]];
    let mut t: [f64; 3] = [0.0; 3];
    let (_, __parad_array_cross_reverse) = __parad_fwd___parad_array_cross(
        &r,
        &f,
        &mut t,
    );
    let ret: f64 = t[0] * t[0] + t[1] * t[1] + t[2] * t[2];
    let dx = &mut dx[..x.len()];
    let mut dret = seed;
    let mut dr = [0.0; 3];
    let mut df = [0.0; 3];
    let mut dt = [0.0; 3];
    dt[0] += dret * (2.0 * t[0]);
    dt[1] += dret * (2.0 * t[1]);
    dt[2] += dret * (2.0 * t[2]);
    __parad_array_cross_reverse(
        &r,
        &mut dr[..],
        &f,
        &mut df[..],
        &mut t,
        &mut dt[..],
        ::core::default::Default::default(),
    );
    dx[3] += df[0];
    dx[4] += df[1];
    dx[5] += df[2];
    dx[0] += dr[0];
    dx[1] += dr[1];
    dx[2] += dr[2];
    ret
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_tan___parad_joint_torque(
    x: &[f64; 6],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tdx = ::parad::__private::ShadowSlice::new(tdx);
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `torque` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`, functions calling each other)"
    );
    ((), ())
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_fwd___parad_joint_torque(
    x: &[f64; 6],
    dx: &mut [f64],
    seed: f64,
) -> (
    (),
    impl ::core::ops::FnOnce(
        &[f64; 6],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        (),
    ) -> (f64,) + use<>,
) {
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `torque` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`, functions calling each other)"
    );
    let reverse = move |
        x: &[f64; 6],
        dx_2: &mut [f64],
        dx: &mut [f64],
        ddx: &mut [f64],
        seed_2: (),
    | -> (f64,) {
        let mut dx_2 = ::parad::__private::ShadowSlice::new(dx_2);
        let mut ddx = ::parad::__private::ShadowSlice::new(ddx);
        let mut dseed: f64 = 0.0;
        (dseed,)
    };
    ((), reverse)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_tan_torque(x: &[f64; 6], tx: &[f64]) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let tr = [tx[0], tx[1], tx[2]];
    let r = [x[0], x[1], x[2]];
    let tf = [tx[3], tx[4], tx[5]];
    let f = [x[3], x[4], x[5]];
    let mut tt = [0.0; 3];
    let mut t: [f64; 3] = [0.0; 3];
    let (_, _) = __parad_tan___parad_array_cross(
        &r,
        &tr[..],
        &f,
        &tf[..],
        &mut t,
        &mut tt[..],
    );
    let tret = tt[0] * t[0] + t[0] * tt[0] + (tt[1] * t[1] + t[1] * tt[1])
        + (tt[2] * t[2] + t[2] * tt[2]);
    let ret: f64 = t[0] * t[0] + t[1] * t[1] + t[2] * t[2];
    (ret, tret)
}
#[doc(hidden)]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_tanl_torque<const __PARAD_N: usize>(
    x: &[f64; 6],
    tx: &[::parad::__private::lanes::Lanes<__PARAD_N>],
) -> (f64, ::parad::__private::lanes::Lanes<__PARAD_N>) {
    const {
        if __PARAD_N > 0 {
            ::core::panic!(
                "`torque` cannot be called by a batched derivative: it calls another differentiated function, and the functions a batched derivative calls may not (yet): inline the call"
            )
        }
    };
    ::core::unreachable!()
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_fwd_torque(
    x: &[f64; 6],
) -> (f64, impl ::core::ops::FnOnce(&[f64; 6], &mut [f64], f64) + use<>) {
    let r = [x[0], x[1], x[2]];
    let f = [x[3], x[4], x[5]];
    let mut t: [f64; 3] = [0.0; 3];
    let (_, __parad_array_cross_reverse) = __parad_fwd___parad_array_cross(
        &r,
        &f,
        &mut t,
    );
    let ret: f64 = t[0] * t[0] + t[1] * t[1] + t[2] * t[2];
    let reverse = move |x: &[f64; 6], dx: &mut [f64], seed: f64| {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dret = seed;
        let mut dr = [0.0; 3];
        let mut df = [0.0; 3];
        let mut dt = [0.0; 3];
        dt[0] += dret * (2.0 * t[0]);
        dt[1] += dret * (2.0 * t[1]);
        dt[2] += dret * (2.0 * t[2]);
        __parad_array_cross_reverse(
            &r,
            &mut dr[..],
            &f,
            &mut df[..],
            &mut t,
            &mut dt[..],
            ::core::default::Default::default(),
        );
        dx[3] += df[0];
        dx[4] += df[1];
        dx[5] += df[2];
        dx[0] += dr[0];
        dx[1] += dr[1];
        dx[2] += dr[2];
    };
    (ret, reverse)
}
