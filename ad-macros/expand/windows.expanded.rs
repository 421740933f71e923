#[allow(dead_code)]
pub fn offset_sum(x: &[f64], off: usize, n: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..n {
        s += x[off + i] * x[off + i];
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
pub fn __parad_fwd_offset_sum(
    x: &[f64],
    off: usize,
    n: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut s = 0.0;
    let x_w = ::parad::__private::window(&x[..], off, 0..n);
    for i in 0..n {
        s += x_w[i] * x_w[i];
    }
    let ret: f64 = s;
    let reverse = move |x: &[f64], dx: &mut [f64], seed: f64| {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dret = seed;
        let mut ds = dret;
        let x_w_2 = ::parad::__private::window(&x[..], off, 0..n);
        for i in 0..n {
            dx[off + i] += ds * (2.0 * x_w_2[i]);
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
pub fn __parad_tan_offset_sum(
    x: &[f64],
    tx: &[f64],
    off: usize,
    n: usize,
) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut ts = 0.0;
    let mut s = 0.0;
    for i in 0..n {
        ts += tx[off + i] * x[off + i] + x[off + i] * tx[off + i];
        s += x[off + i] * x[off + i];
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
pub fn __parad_fwd___parad_joint_offset_sum(
    x: &[f64],
    dx: &mut [f64],
    off: usize,
    n: usize,
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
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut s = 0.0;
    let dret = seed;
    let mut ds = 0.0;
    ds = dret;
    saved_dx.reserve(n);
    let x_w = ::parad::__private::window(&x[..], off, 0..n);
    let dx_w = ::parad::__private::window_mut(&mut dx[..], off, 0..n);
    for i in 0..n {
        s += x_w[i] * x_w[i];
        saved_dx.push_reserved(dx_w[i]);
        dx_w[i] += ds * (2.0 * x_w[i]);
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
        let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], off, 0..n);
        let saved_dx_w = ::parad::__private::window(&saved_dx[..], 0, 0..n);
        let x_w_2 = ::parad::__private::window(&x[..], off, 0..n);
        for i in (0..n).rev() {
            dx_w_2[i] = saved_dx_w[i];
            let g = ddx[off + i];
            dds += g * (2.0 * x_w_2[i]);
            dx_2[off + i] += g * ds * 2.0 + ds_2 * (2.0 * x_w_2[i]);
        }
        let g_2 = dds;
        dds = 0.0;
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
pub fn __parad_tan___parad_joint_offset_sum(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    off: usize,
    n: usize,
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
    for i in 0..n {
        ts += tx[off + i] * x[off + i] + x[off + i] * tx[off + i];
        s += x[off + i] * x[off + i];
        tdx[off + i] += tds * (2.0 * x[off + i]) + ds * (2.0 * tx[off + i]);
        dx[off + i] += ds * (2.0 * x[off + i]);
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
pub fn __parad_fwd_d_offset_sum(
    x: &[f64],
    dx: &mut [f64],
    off: usize,
    n: usize,
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
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut s = 0.0;
    let dret = seed;
    let mut ds = 0.0;
    ds = dret;
    saved_dx.reserve(n);
    let x_w = ::parad::__private::window(&x[..], off, 0..n);
    let dx_w = ::parad::__private::window_mut(&mut dx[..], off, 0..n);
    for i in 0..n {
        s += x_w[i] * x_w[i];
        saved_dx.push_reserved(dx_w[i]);
        dx_w[i] += ds * (2.0 * x_w[i]);
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
        let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], off, 0..n);
        let saved_dx_w = ::parad::__private::window(&saved_dx[..], 0, 0..n);
        let x_w_2 = ::parad::__private::window(&x[..], off, 0..n);
        for i in (0..n).rev() {
            dx_w_2[i] = saved_dx_w[i];
            let g = ddx[off + i];
            dds += g * (2.0 * x_w_2[i]);
            dx_2[off + i] += g * ds * 2.0 + ds_2 * (2.0 * x_w_2[i]);
        }
        let g_2 = dds;
        dds = 0.0;
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
pub fn __parad_tan_d_offset_sum(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    off: usize,
    n: usize,
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
    for i in 0..n {
        ts += tx[off + i] * x[off + i] + x[off + i] * tx[off + i];
        s += x[off + i] * x[off + i];
        tdx[off + i] += tds * (2.0 * x[off + i]) + ds * (2.0 * tx[off + i]);
        dx[off + i] += ds * (2.0 * x[off + i]);
    }
    let tret = ts;
    let ret: f64 = s;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tret_2 = tprimal_2;
    let ret_2: f64 = primal_2;
    (ret_2, tret_2)
}
/// Reverse-mode derivative of [`offset_sum`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_offset_sum(x: &[f64], dx: &mut [f64], off: usize, n: usize, seed: f64) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut s = 0.0;
    let dx = &mut dx[..x.len()];
    let mut dret = seed;
    let mut ds = 0.0;
    ds = dret;
    let x_w = ::parad::__private::window(&x[..], off, 0..n);
    let dx_w = ::parad::__private::window_mut(&mut dx[..], off, 0..n);
    for i in 0..n {
        s += x_w[i] * x_w[i];
        dx_w[i] += ds * (2.0 * x_w[i]);
    }
    let ret: f64 = s;
    let primal = ret;
    primal
}
#[allow(dead_code)]
pub fn guarded(x: &[f64], m: usize, n: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..n {
        if i < m && x[i] > 0.0 {
            s += x[i].sin();
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
pub fn __parad_fwd_guarded(
    x: &[f64],
    m: usize,
    n: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut s = 0.0;
    for i in 0..n {
        if i < m && x[i] > 0.0 {
            let sin = x[i].sin();
            s += sin;
        }
    }
    let ret: f64 = s;
    let reverse = move |x: &[f64], dx: &mut [f64], seed: f64| {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dret = seed;
        let mut ds = dret;
        for i in 0..n {
            if i < m && x[i] > 0.0 {
                let mut dsin = ds;
                dx[i] += dsin * x[i].cos();
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
pub fn __parad_tan_guarded(x: &[f64], tx: &[f64], m: usize, n: usize) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut ts = 0.0;
    let mut s = 0.0;
    for i in 0..n {
        if i < m && x[i] > 0.0 {
            let tsin = tx[i] * x[i].cos();
            let sin = x[i].sin();
            ts += tsin;
            s += sin;
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
pub fn __parad_fwd___parad_joint_guarded(
    x: &[f64],
    dx: &mut [f64],
    m: usize,
    n: usize,
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
    let mut tape_dsin = ::parad::__private::Tape::new();
    let mut tape_cos = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut s = 0.0;
    let dret = seed;
    let mut ds = 0.0;
    ds = dret;
    tape_dsin.resize(n, 0.0);
    tape_cos.resize(n, 0.0);
    saved_dx.resize(n, 0.0);
    for i in 0..n {
        if i < m && x[i] > 0.0 {
            let sin = x[i].sin();
            s += sin;
            let dsin = ds;
            let cos = x[i].cos();
            saved_dx[i] = dx[i];
            dx[i] += dsin * cos;
            tape_dsin[i] = dsin;
            tape_cos[i] = cos;
        }
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
        for i in (0..n).rev() {
            if i < m && x[i] > 0.0 {
                let dsin = tape_dsin[i];
                let cos = tape_cos[i];
                dx[i] = saved_dx[i];
                let g = ddx[i];
                let mut dcos = g * dsin;
                let mut ddsin = g * cos;
                let mut dsin_2 = ds_2;
                dx_2[i] += -(dcos * x[i].sin()) + dsin_2 * x[i].cos();
                dds += ddsin;
            }
        }
        let g_2 = dds;
        dds = 0.0;
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
pub fn __parad_tan___parad_joint_guarded(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    m: usize,
    n: usize,
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
    for i in 0..n {
        if i < m && x[i] > 0.0 {
            let tsin = tx[i] * x[i].cos();
            let sin = x[i].sin();
            ts += tsin;
            s += sin;
            let tdsin = tds;
            let dsin = ds;
            let tcos = -(tx[i] * x[i].sin());
            let cos = x[i].cos();
            tdx[i] += tdsin * cos + dsin * tcos;
            dx[i] += dsin * cos;
        }
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
pub fn __parad_fwd_d_guarded(
    x: &[f64],
    dx: &mut [f64],
    m: usize,
    n: usize,
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
    let mut tape_dsin = ::parad::__private::Tape::new();
    let mut tape_cos = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut s = 0.0;
    let dret = seed;
    let mut ds = 0.0;
    ds = dret;
    tape_dsin.resize(n, 0.0);
    tape_cos.resize(n, 0.0);
    saved_dx.resize(n, 0.0);
    for i in 0..n {
        if i < m && x[i] > 0.0 {
            let sin = x[i].sin();
            s += sin;
            let dsin = ds;
            let cos = x[i].cos();
            saved_dx[i] = dx[i];
            dx[i] += dsin * cos;
            tape_dsin[i] = dsin;
            tape_cos[i] = cos;
        }
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
        for i in (0..n).rev() {
            if i < m && x[i] > 0.0 {
                let dsin = tape_dsin[i];
                let cos = tape_cos[i];
                dx[i] = saved_dx[i];
                let g = ddx[i];
                let mut dcos = g * dsin;
                let mut ddsin = g * cos;
                let mut dsin_2 = ds_2;
                dx_2[i] += -(dcos * x[i].sin()) + dsin_2 * x[i].cos();
                dds += ddsin;
            }
        }
        let g_2 = dds;
        dds = 0.0;
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
pub fn __parad_tan_d_guarded(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    m: usize,
    n: usize,
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
    for i in 0..n {
        if i < m && x[i] > 0.0 {
            let tsin = tx[i] * x[i].cos();
            let sin = x[i].sin();
            ts += tsin;
            s += sin;
            let tdsin = tds;
            let dsin = ds;
            let tcos = -(tx[i] * x[i].sin());
            let cos = x[i].cos();
            tdx[i] += tdsin * cos + dsin * tcos;
            dx[i] += dsin * cos;
        }
    }
    let tret = ts;
    let ret: f64 = s;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tret_2 = tprimal_2;
    let ret_2: f64 = primal_2;
    (ret_2, tret_2)
}
/// Reverse-mode derivative of [`guarded`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_guarded(x: &[f64], dx: &mut [f64], m: usize, n: usize, seed: f64) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut s = 0.0;
    let dx = &mut dx[..x.len()];
    let mut dret = seed;
    let mut ds = 0.0;
    ds = dret;
    for i in 0..n {
        if i < m && x[i] > 0.0 {
            let sin = x[i].sin();
            s += sin;
            let mut dsin = ds;
            dx[i] += dsin * x[i].cos();
        }
    }
    let ret: f64 = s;
    let primal = ret;
    primal
}
#[allow(dead_code)]
pub fn until(x: &[f64], limit: f64, n: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..n {
        if x[i] > limit {
            break;
        }
        s += x[i] * x[i];
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
pub fn __parad_fwd_until(
    x: &[f64],
    limit: f64,
    n: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) -> (f64,) + use<>) {
    let mut tape_cond = ::parad::__private::Tape::new();
    let mut tape_cond_2 = ::parad::__private::Tape::new();
    let mut s = 0.0;
    let mut brk = false;
    tape_cond.reserve(n);
    tape_cond_2.resize(n, false);
    for i in 0..n {
        let cond = !brk;
        if cond {
            if x[i] > limit {
                brk = true;
            }
            let cond_2 = !brk;
            if cond_2 {
                s += x[i] * x[i];
            }
            tape_cond_2[i] = cond_2;
        }
        tape_cond.push_reserved(cond);
    }
    let ret: f64 = s;
    let reverse = move |x: &[f64], dx: &mut [f64], seed: f64| -> (f64,) {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dlimit: f64 = 0.0;
        let mut dret = seed;
        let mut ds = dret;
        let tape_cond_w = ::parad::__private::window(&tape_cond[..], 0, 0..n);
        for i in (0..n).rev() {
            let cond = tape_cond_w[i];
            if cond {
                let cond_2 = tape_cond_2[i];
                if cond_2 {
                    dx[i] += ds * (2.0 * x[i]);
                }
            }
        }
        (dlimit,)
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
pub fn __parad_tan_until(
    x: &[f64],
    tx: &[f64],
    limit: f64,
    mut tlimit: f64,
    n: usize,
) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut ts = 0.0;
    let mut s = 0.0;
    let mut brk = false;
    for i in 0..n {
        let cond = !brk;
        if cond {
            if x[i] > limit {
                brk = true;
            }
            let cond_2 = !brk;
            if cond_2 {
                ts += tx[i] * x[i] + x[i] * tx[i];
                s += x[i] * x[i];
            }
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
pub fn __parad_fwd___parad_joint_until(
    x: &[f64],
    dx: &mut [f64],
    limit: f64,
    n: usize,
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
    let mut tape_cond_3 = ::parad::__private::Tape::new();
    let mut tape_cond_2_2 = ::parad::__private::Tape::new();
    let mut tape_cond_3_2 = ::parad::__private::Tape::new();
    let mut tape_cond_2_2_2 = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tape_cond = ::std::vec::Vec::new();
    let mut tape_cond_2 = ::std::vec::Vec::new();
    let mut s = 0.0;
    let mut brk = false;
    let lo = tape_cond_2.len();
    for i in lo..n {
        tape_cond_2.push(false);
    }
    tape_cond_3.reserve(n);
    tape_cond_2_2.resize(n, false);
    for i_2 in 0..n {
        let cond = !brk;
        if cond {
            if x[i_2] > limit {
                brk = true;
            }
            let cond_2 = !brk;
            if cond_2 {
                s += x[i_2] * x[i_2];
            }
            tape_cond_2[i_2] = cond_2;
            tape_cond_2_2[i_2] = cond_2;
        }
        tape_cond.push(cond);
        tape_cond_3.push_reserved(cond);
    }
    let ret: f64 = s;
    let primal_2 = ret;
    let dlimit_2: f64 = 0.0;
    let dret = seed;
    let ds = dret;
    tape_cond_3_2.resize(n, false);
    tape_cond_2_2_2.resize(n, false);
    saved_dx.resize(n, 0.0);
    let tape_cond_w = ::parad::__private::window(&tape_cond[..], 0, 0..n);
    let tape_cond_3_2_w = ::parad::__private::window_mut(
        &mut tape_cond_3_2[..],
        0,
        0..n,
    );
    for i_3 in (0..n).rev() {
        let cond_3 = tape_cond_w[i_3];
        if cond_3 {
            let cond_2_2 = tape_cond_2[i_3];
            if cond_2_2 {
                saved_dx[i_3] = dx[i_3];
                dx[i_3] += ds * (2.0 * x[i_3]);
            }
            tape_cond_2_2_2[i_3] = cond_2_2;
        }
        tape_cond_3_2_w[i_3] = cond_3;
    }
    let ret_2: f64 = dlimit_2;
    let reverse = move |
        x: &[f64],
        dx_2: &mut [f64],
        dx: &mut [f64],
        ddx: &mut [f64],
        seed_2: f64,
    | -> (f64, f64) {
        let mut dx_2 = ::parad::__private::ShadowSlice::new(dx_2);
        let mut ddx = ::parad::__private::ShadowSlice::new(ddx);
        let mut dlimit: f64 = 0.0;
        let mut dseed: f64 = 0.0;
        let _ = seed_2;
        let mut dprimal_2 = 0.0;
        let mut dds = 0.0;
        let tape_cond_3_2_w_2 = ::parad::__private::window(&tape_cond_3_2[..], 0, 0..n);
        for i_3 in 0..n {
            let cond_3 = tape_cond_3_2_w_2[i_3];
            if cond_3 {
                let cond_2_2 = tape_cond_2_2_2[i_3];
                if cond_2_2 {
                    dx[i_3] = saved_dx[i_3];
                    let g = ddx[i_3];
                    dds += g * (2.0 * x[i_3]);
                    dx_2[i_3] += g * ds * 2.0;
                }
            }
        }
        let mut ddret = dds;
        let mut dret_2 = dprimal_2;
        let mut ds_2 = dret_2;
        let tape_cond_3_w = ::parad::__private::window(&tape_cond_3[..], 0, 0..n);
        for i_2 in (0..n).rev() {
            let cond = tape_cond_3_w[i_2];
            if cond {
                let cond_2 = tape_cond_2_2[i_2];
                if cond_2 {
                    dx_2[i_2] += ds_2 * (2.0 * x[i_2]);
                }
            }
        }
        dseed += ddret;
        (dlimit, dseed)
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
pub fn __parad_tan___parad_joint_until(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    limit: f64,
    mut tlimit: f64,
    n: usize,
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tdx = ::parad::__private::ShadowSlice::new(tdx);
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tape_cond = ::std::vec::Vec::new();
    let mut tape_cond_2 = ::std::vec::Vec::new();
    let mut ts = 0.0;
    let mut s = 0.0;
    let mut brk = false;
    let lo = tape_cond_2.len();
    for i in lo..n {
        tape_cond_2.push(false);
    }
    for i_2 in 0..n {
        let cond = !brk;
        if cond {
            if x[i_2] > limit {
                brk = true;
            }
            let cond_2 = !brk;
            if cond_2 {
                ts += tx[i_2] * x[i_2] + x[i_2] * tx[i_2];
                s += x[i_2] * x[i_2];
            }
            tape_cond_2[i_2] = cond_2;
        }
        tape_cond.push(cond);
    }
    let tret = ts;
    let ret: f64 = s;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let dlimit_2: f64 = 0.0;
    let tdret = tseed;
    let dret = seed;
    let tds = tdret;
    let ds = dret;
    for i_3 in (0..n).rev() {
        let cond_3 = tape_cond[i_3];
        if cond_3 {
            let cond_2_2 = tape_cond_2[i_3];
            if cond_2_2 {
                tdx[i_3] += tds * (2.0 * x[i_3]) + ds * (2.0 * tx[i_3]);
                dx[i_3] += ds * (2.0 * x[i_3]);
            }
        }
    }
    let ret_2: f64 = dlimit_2;
    (ret_2, 0.0)
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
pub fn __parad_fwd_d_until(
    x: &[f64],
    dx: &mut [f64],
    limit: f64,
    n: usize,
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
    let mut tape_cond_3 = ::parad::__private::Tape::new();
    let mut tape_cond_2_2 = ::parad::__private::Tape::new();
    let mut tape_cond_3_2 = ::parad::__private::Tape::new();
    let mut tape_cond_2_2_2 = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tape_cond = ::std::vec::Vec::new();
    let mut tape_cond_2 = ::std::vec::Vec::new();
    let mut s = 0.0;
    let mut brk = false;
    let lo = tape_cond_2.len();
    for i in lo..n {
        tape_cond_2.push(false);
    }
    tape_cond_3.reserve(n);
    tape_cond_2_2.resize(n, false);
    for i_2 in 0..n {
        let cond = !brk;
        if cond {
            if x[i_2] > limit {
                brk = true;
            }
            let cond_2 = !brk;
            if cond_2 {
                s += x[i_2] * x[i_2];
            }
            tape_cond_2[i_2] = cond_2;
            tape_cond_2_2[i_2] = cond_2;
        }
        tape_cond.push(cond);
        tape_cond_3.push_reserved(cond);
    }
    let ret: f64 = s;
    let primal_2 = ret;
    let dlimit_2: f64 = 0.0;
    let dret = seed;
    let ds = dret;
    tape_cond_3_2.resize(n, false);
    tape_cond_2_2_2.resize(n, false);
    saved_dx.resize(n, 0.0);
    let tape_cond_w = ::parad::__private::window(&tape_cond[..], 0, 0..n);
    let tape_cond_3_2_w = ::parad::__private::window_mut(
        &mut tape_cond_3_2[..],
        0,
        0..n,
    );
    for i_3 in (0..n).rev() {
        let cond_3 = tape_cond_w[i_3];
        if cond_3 {
            let cond_2_2 = tape_cond_2[i_3];
            if cond_2_2 {
                saved_dx[i_3] = dx[i_3];
                dx[i_3] += ds * (2.0 * x[i_3]);
            }
            tape_cond_2_2_2[i_3] = cond_2_2;
        }
        tape_cond_3_2_w[i_3] = cond_3;
    }
    let ret_2: f64 = primal_2;
    let reverse = move |
        x: &[f64],
        dx_2: &mut [f64],
        dx: &mut [f64],
        ddx: &mut [f64],
        seed_2: f64,
    | -> (f64, f64) {
        let mut dx_2 = ::parad::__private::ShadowSlice::new(dx_2);
        let mut ddx = ::parad::__private::ShadowSlice::new(ddx);
        let mut dlimit: f64 = 0.0;
        let mut dseed: f64 = 0.0;
        let mut dret_2_2 = seed_2;
        let mut dds = 0.0;
        let tape_cond_3_2_w_2 = ::parad::__private::window(&tape_cond_3_2[..], 0, 0..n);
        for i_3 in 0..n {
            let cond_3 = tape_cond_3_2_w_2[i_3];
            if cond_3 {
                let cond_2_2 = tape_cond_2_2_2[i_3];
                if cond_2_2 {
                    dx[i_3] = saved_dx[i_3];
                    let g = ddx[i_3];
                    dds += g * (2.0 * x[i_3]);
                    dx_2[i_3] += g * ds * 2.0;
                }
            }
        }
        let mut ddret = dds;
        let mut dprimal_2 = dret_2_2;
        let mut dret_2 = dprimal_2;
        let mut ds_2 = dret_2;
        let tape_cond_3_w = ::parad::__private::window(&tape_cond_3[..], 0, 0..n);
        for i_2 in (0..n).rev() {
            let cond = tape_cond_3_w[i_2];
            if cond {
                let cond_2 = tape_cond_2_2[i_2];
                if cond_2 {
                    dx_2[i_2] += ds_2 * (2.0 * x[i_2]);
                }
            }
        }
        dseed += ddret;
        (dlimit, dseed)
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
pub fn __parad_tan_d_until(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    limit: f64,
    mut tlimit: f64,
    n: usize,
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tdx = ::parad::__private::ShadowSlice::new(tdx);
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tape_cond = ::std::vec::Vec::new();
    let mut tape_cond_2 = ::std::vec::Vec::new();
    let mut ts = 0.0;
    let mut s = 0.0;
    let mut brk = false;
    let lo = tape_cond_2.len();
    for i in lo..n {
        tape_cond_2.push(false);
    }
    for i_2 in 0..n {
        let cond = !brk;
        if cond {
            if x[i_2] > limit {
                brk = true;
            }
            let cond_2 = !brk;
            if cond_2 {
                ts += tx[i_2] * x[i_2] + x[i_2] * tx[i_2];
                s += x[i_2] * x[i_2];
            }
            tape_cond_2[i_2] = cond_2;
        }
        tape_cond.push(cond);
    }
    let tret = ts;
    let ret: f64 = s;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let dlimit_2: f64 = 0.0;
    let tdret = tseed;
    let dret = seed;
    let tds = tdret;
    let ds = dret;
    for i_3 in (0..n).rev() {
        let cond_3 = tape_cond[i_3];
        if cond_3 {
            let cond_2_2 = tape_cond_2[i_3];
            if cond_2_2 {
                tdx[i_3] += tds * (2.0 * x[i_3]) + ds * (2.0 * tx[i_3]);
                dx[i_3] += ds * (2.0 * x[i_3]);
            }
        }
    }
    let tret_2 = tprimal_2;
    let ret_2: f64 = primal_2;
    (ret_2, tret_2)
}
/// Reverse-mode derivative of [`until`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_until(x: &[f64], dx: &mut [f64], limit: f64, n: usize, seed: f64) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tape_cond = ::parad::__private::Tape::new();
    let mut tape_cond_2 = ::parad::__private::Tape::new();
    let mut s = 0.0;
    let mut brk = false;
    tape_cond.reserve(n);
    tape_cond_2.resize(n, false);
    for i in 0..n {
        let cond = !brk;
        if cond {
            if x[i] > limit {
                brk = true;
            }
            let cond_2 = !brk;
            if cond_2 {
                s += x[i] * x[i];
            }
            tape_cond_2[i] = cond_2;
        }
        tape_cond.push_reserved(cond);
    }
    let ret: f64 = s;
    let primal = ret;
    let dx = &mut dx[..x.len()];
    let mut dlimit: f64 = 0.0;
    let mut dret = seed;
    let mut ds = dret;
    let tape_cond_w = ::parad::__private::window(&tape_cond[..], 0, 0..n);
    for i in (0..n).rev() {
        let cond = tape_cond_w[i];
        if cond {
            let cond_2 = tape_cond_2[i];
            if cond_2 {
                dx[i] += ds * (2.0 * x[i]);
            }
        }
    }
    primal
}
