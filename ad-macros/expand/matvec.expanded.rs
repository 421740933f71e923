#[allow(dead_code)]
fn matvec(a: &[f64], x: &[f64], y: &mut [f64]) {
    let n = x.len();
    for i in 0..y.len() {
        let mut s = 0.0;
        for j in 0..n {
            s += a[i * n + j] * x[j];
        }
        y[i] = s;
    }
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
fn __parad_fwd_matvec(
    a: &[f64],
    x: &[f64],
    y: &mut [f64],
) -> (
    (),
    impl ::core::ops::FnOnce(
        &[f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        (),
    ) + use<>,
) {
    let mut saved_y = ::parad::__private::Tape::new();
    let n = x.len();
    let hi = y.len();
    saved_y.reserve(hi);
    let y_w = ::parad::__private::window_mut(&mut y[..], 0, 0..hi);
    for i in 0..hi {
        let mut s = 0.0;
        let a_w = ::parad::__private::window(&a[..], i * n, 0..n);
        let x_w = ::parad::__private::window(&x[..], 0, 0..n);
        for j in 0..n {
            s += a_w[j] * x_w[j];
        }
        saved_y.push_reserved(y_w[i]);
        y_w[i] = s;
    }
    let reverse = move |
        a: &[f64],
        da: &mut [f64],
        x: &[f64],
        dx: &mut [f64],
        y: &mut [f64],
        dy: &mut [f64],
        seed: ()|
    {
        let mut da = ::parad::__private::ShadowSlice::new(da);
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dy = ::parad::__private::ShadowSlice::new(dy);
        let _ = seed;
        let y_w_2 = ::parad::__private::window_mut(&mut y[..], 0, 0..hi);
        let saved_y_w = ::parad::__private::window(&saved_y[..], 0, 0..hi);
        for i in (0..hi).rev() {
            y_w_2[i] = saved_y_w[i];
            let g = dy[i];
            dy[i] = 0.0;
            let mut ds = g;
            let x_w_2 = ::parad::__private::window(&x[..], 0, 0..n);
            let a_w_2 = ::parad::__private::window(&a[..], i * n, 0..n);
            for j in 0..n {
                da[i * n + j] += ds * x_w_2[j];
                dx[j] += ds * a_w_2[j];
            }
        }
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
fn __parad_tan_matvec(
    a: &[f64],
    ta: &[f64],
    x: &[f64],
    tx: &[f64],
    y: &mut [f64],
    ty: &mut [f64],
) -> ((), ()) {
    let ta = ::parad::__private::TangentSlice::new(ta);
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut ty = ::parad::__private::ShadowSlice::new(ty);
    let n = x.len();
    let hi = y.len();
    for i in 0..hi {
        let mut ts = 0.0;
        let mut s = 0.0;
        for j in 0..n {
            ts += ta[i * n + j] * x[j] + a[i * n + j] * tx[j];
            s += a[i * n + j] * x[j];
        }
        ty[i] = ts;
        y[i] = s;
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
fn __parad_fwd_d_matvec(
    a: &[f64],
    da: &mut [f64],
    x: &[f64],
    dx: &mut [f64],
    y: &mut [f64],
    dy: &mut [f64],
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
        &mut [f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        (),
    ) + use<>,
) {
    let mut tape_g = ::parad::__private::Tape::new();
    let mut saved_y = ::parad::__private::Tape::new();
    let mut saved_dy = ::parad::__private::Tape::new();
    let mut saved_da = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    ::core::assert_eq!(
        dy.len(), y.len(), "the shadow of `y` must have the length of `y`"
    );
    let n = x.len();
    let hi = y.len();
    tape_g.reserve(hi);
    saved_y.reserve(hi);
    saved_dy.reserve(hi);
    saved_da.reserve(hi * n);
    saved_dx.reserve(hi * n);
    let y_w = ::parad::__private::window_mut(&mut y[..], 0, 0..hi);
    let dy_w = ::parad::__private::window_mut(&mut dy[..], 0, 0..hi);
    for i in 0..hi {
        let mut s = 0.0;
        let a_w = ::parad::__private::window(&a[..], i * n, 0..n);
        let x_w = ::parad::__private::window(&x[..], 0, 0..n);
        for j in 0..n {
            s += a_w[j] * x_w[j];
        }
        saved_y.push_reserved(y_w[i]);
        y_w[i] = s;
        let g = dy_w[i];
        saved_dy.push_reserved(dy_w[i]);
        dy_w[i] = 0.0;
        let ds = g;
        let da_w = ::parad::__private::window_mut(&mut da[..], i * n, 0..n);
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..n);
        let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..n);
        let a_w_2 = ::parad::__private::window(&a[..], i * n, 0..n);
        for j_2 in 0..n {
            saved_da.push_reserved(da_w[j_2]);
            da_w[j_2] += ds * x_w_2[j_2];
            saved_dx.push_reserved(dx_w[j_2]);
            dx_w[j_2] += ds * a_w_2[j_2];
        }
        tape_g.push_reserved(g);
    }
    let reverse = move |
        a: &[f64],
        da_2: &mut [f64],
        da: &mut [f64],
        dda: &mut [f64],
        x: &[f64],
        dx_2: &mut [f64],
        dx: &mut [f64],
        ddx: &mut [f64],
        y: &mut [f64],
        dy_2: &mut [f64],
        dy: &mut [f64],
        ddy: &mut [f64],
        seed: ()|
    {
        let mut da_2 = ::parad::__private::ShadowSlice::new(da_2);
        let mut dda = ::parad::__private::ShadowSlice::new(dda);
        let mut dx_2 = ::parad::__private::ShadowSlice::new(dx_2);
        let mut ddx = ::parad::__private::ShadowSlice::new(ddx);
        let mut dy_2 = ::parad::__private::ShadowSlice::new(dy_2);
        let mut ddy = ::parad::__private::ShadowSlice::new(ddy);
        let _ = seed;
        let tape_g_w = ::parad::__private::window(&tape_g[..], 0, 0..hi);
        let dy_w_2 = ::parad::__private::window_mut(&mut dy[..], 0, 0..hi);
        let saved_dy_w = ::parad::__private::window(&saved_dy[..], 0, 0..hi);
        let y_w_2 = ::parad::__private::window_mut(&mut y[..], 0, 0..hi);
        let saved_y_w = ::parad::__private::window(&saved_y[..], 0, 0..hi);
        for i in (0..hi).rev() {
            let g = tape_g_w[i];
            let ds = g;
            let mut dds = 0.0;
            let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], 0, 0..n);
            let saved_dx_w = ::parad::__private::window(&saved_dx[..], i * n, 0..n);
            let da_w_2 = ::parad::__private::window_mut(&mut da[..], i * n, 0..n);
            let saved_da_w = ::parad::__private::window(&saved_da[..], i * n, 0..n);
            let a_w_3 = ::parad::__private::window(&a[..], i * n, 0..n);
            let x_w_3 = ::parad::__private::window(&x[..], 0, 0..n);
            for j_2 in (0..n).rev() {
                dx_w_2[j_2] = saved_dx_w[j_2];
                let g_2 = ddx[j_2];
                da_w_2[j_2] = saved_da_w[j_2];
                let g_3 = dda[i * n + j_2];
                dds += g_2 * a_w_3[j_2] + g_3 * x_w_3[j_2];
                da_2[i * n + j_2] += g_2 * ds;
                dx_2[j_2] += g_3 * ds;
            }
            dy_w_2[i] = saved_dy_w[i];
            let g_4 = ddy[i];
            ddy[i] = 0.0;
            let mut dg = dds;
            y_w_2[i] = saved_y_w[i];
            let g_5 = dy_2[i];
            dy_2[i] = 0.0;
            let mut ds_2 = g_5;
            let x_w_4 = ::parad::__private::window(&x[..], 0, 0..n);
            let a_w_4 = ::parad::__private::window(&a[..], i * n, 0..n);
            for j in 0..n {
                da_2[i * n + j] += ds_2 * x_w_4[j];
                dx_2[j] += ds_2 * a_w_4[j];
            }
            ddy[i] += dg;
        }
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
fn __parad_tan_d_matvec(
    a: &[f64],
    ta: &[f64],
    da: &mut [f64],
    tda: &mut [f64],
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    y: &mut [f64],
    ty: &mut [f64],
    dy: &mut [f64],
    tdy: &mut [f64],
) -> ((), ()) {
    let ta = ::parad::__private::TangentSlice::new(ta);
    let mut tda = ::parad::__private::ShadowSlice::new(tda);
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tdx = ::parad::__private::ShadowSlice::new(tdx);
    let mut ty = ::parad::__private::ShadowSlice::new(ty);
    let mut tdy = ::parad::__private::ShadowSlice::new(tdy);
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    ::core::assert_eq!(
        dy.len(), y.len(), "the shadow of `y` must have the length of `y`"
    );
    let n = x.len();
    let hi = y.len();
    for i in 0..hi {
        let mut ts = 0.0;
        let mut s = 0.0;
        for j in 0..n {
            ts += ta[i * n + j] * x[j] + a[i * n + j] * tx[j];
            s += a[i * n + j] * x[j];
        }
        ty[i] = ts;
        y[i] = s;
        let tg = tdy[i];
        let g = dy[i];
        tdy[i] = 0.0;
        dy[i] = 0.0;
        let tds = tg;
        let ds = g;
        for j_2 in 0..n {
            tda[i * n + j_2] += tds * x[j_2] + ds * tx[j_2];
            da[i * n + j_2] += ds * x[j_2];
            tdx[j_2] += tds * a[i * n + j_2] + ds * ta[i * n + j_2];
            dx[j_2] += ds * a[i * n + j_2];
        }
    }
    ((), ())
}
/// Reverse-mode derivative of [`matvec`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
fn d_matvec(
    a: &[f64],
    da: &mut [f64],
    x: &[f64],
    dx: &mut [f64],
    y: &mut [f64],
    dy: &mut [f64],
) -> () {
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    ::core::assert_eq!(
        dy.len(), y.len(), "the shadow of `y` must have the length of `y`"
    );
    let n = x.len();
    let hi = y.len();
    let da = &mut da[..a.len()];
    let dx = &mut dx[..x.len()];
    let dy = &mut dy[..y.len()];
    let y_w = ::parad::__private::window_mut(&mut y[..], 0, 0..hi);
    let dy_w = ::parad::__private::window_mut(&mut dy[..], 0, 0..hi);
    for i in 0..hi {
        let mut s = 0.0;
        let a_w = ::parad::__private::window(&a[..], i * n, 0..n);
        let x_w = ::parad::__private::window(&x[..], 0, 0..n);
        for j in 0..n {
            s += a_w[j] * x_w[j];
        }
        y_w[i] = s;
        let g = dy_w[i];
        dy_w[i] = 0.0;
        let mut ds = g;
        let da_w = ::parad::__private::window_mut(&mut da[..], i * n, 0..n);
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..n);
        let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..n);
        let a_w_2 = ::parad::__private::window(&a[..], i * n, 0..n);
        for j in 0..n {
            da_w[j] += ds * x_w_2[j];
            dx_w[j] += ds * a_w_2[j];
        }
    }
}
