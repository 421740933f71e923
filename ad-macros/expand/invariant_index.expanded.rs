#[allow(dead_code)]
fn triangle(x: &[f64], y: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        for j in 0..i {
            s += (x[i - 1] * y[j]).sin();
        }
    }
    s * s
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
fn __parad_fwd_triangle(
    x: &[f64],
    y: &[f64],
) -> (
    f64,
    impl ::core::ops::FnOnce(&[f64], &mut [f64], &[f64], &mut [f64], f64) + use<>,
) {
    let mut s = 0.0;
    for i in 0..x.len() {
        let y_w = ::parad::__private::window(&y[..], 0, 0..i);
        for j in 0..i {
            let sin = (x[i - 1] * y_w[j]).sin();
            s += sin;
        }
    }
    let ret: f64 = s * s;
    let reverse = move |x: &[f64], dx: &mut [f64], y: &[f64], dy: &mut [f64], seed: f64| {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dy = ::parad::__private::ShadowSlice::new(dy);
        let mut dret = seed;
        let mut ds = dret * (2.0 * s);
        for i in 0..x.len() {
            let mut dx_i_minus_1 = 0.0;
            let y_w_2 = ::parad::__private::window(&y[..], 0, 0..i);
            for j in 0..i {
                let mut dsin = ds;
                let g = dsin * (x[i - 1] * y_w_2[j]).cos();
                dx_i_minus_1 += g * y_w_2[j];
                dy[j] += g * x[i - 1];
            }
            if i > 0 {
                dx[i - 1] += dx_i_minus_1;
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
fn __parad_tan_triangle(x: &[f64], tx: &[f64], y: &[f64], ty: &[f64]) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let ty = ::parad::__private::TangentSlice::new(ty);
    let mut ts = 0.0;
    let mut s = 0.0;
    for i in 0..x.len() {
        for j in 0..i {
            let tsin = (tx[i - 1] * y[j] + x[i - 1] * ty[j]) * (x[i - 1] * y[j]).cos();
            let sin = (x[i - 1] * y[j]).sin();
            ts += tsin;
            s += sin;
        }
    }
    let tret = ts * s + s * ts;
    let ret: f64 = s * s;
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
fn __parad_fwd___parad_joint_triangle(
    x: &[f64],
    dx: &mut [f64],
    y: &[f64],
    dy: &mut [f64],
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
    let mut tape_cos = ::parad::__private::Tape::new();
    let mut saved_dy = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    ::core::assert_eq!(
        dy.len(), y.len(), "the shadow of `y` must have the length of `y`"
    );
    let mut s = 0.0;
    for i in 0..x.len() {
        let y_w = ::parad::__private::window(&y[..], 0, 0..i);
        for j in 0..i {
            let sin = (x[i - 1] * y_w[j]).sin();
            s += sin;
        }
    }
    let ret: f64 = s * s;
    let primal_2 = ret;
    let dret = seed;
    let ds = dret * (2.0 * s);
    saved_dx.resize(x.len(), 0.0);
    for i_2 in 0..x.len() {
        let mut dx_i_minus_1 = 0.0;
        let y_w_2 = ::parad::__private::window(&y[..], 0, 0..i_2);
        let dy_w = ::parad::__private::window_mut(&mut dy[..], 0, 0..i_2);
        for j_2 in 0..i_2 {
            let dsin = ds;
            let cos = (x[i_2 - 1] * y_w_2[j_2]).cos();
            let g = dsin * cos;
            dx_i_minus_1 += g * y_w_2[j_2];
            saved_dy.push(dy_w[j_2]);
            dy_w[j_2] += g * x[i_2 - 1];
            tape_cos.push(cos);
        }
        if i_2 > 0 {
            saved_dx[i_2] = dx[i_2 - 1];
            dx[i_2 - 1] += dx_i_minus_1;
        }
    }
    let reverse = move |
        x: &[f64],
        dx_2: &mut [f64],
        dx: &mut [f64],
        ddx: &mut [f64],
        y: &[f64],
        dy_2: &mut [f64],
        dy: &mut [f64],
        ddy: &mut [f64],
        seed_2: (),
    | -> (f64,) {
        let mut dx_2 = ::parad::__private::ShadowSlice::new(dx_2);
        let mut ddx = ::parad::__private::ShadowSlice::new(ddx);
        let mut dy_2 = ::parad::__private::ShadowSlice::new(dy_2);
        let mut ddy = ::parad::__private::ShadowSlice::new(ddy);
        let mut dseed: f64 = 0.0;
        let _ = seed_2;
        let mut dprimal_2 = 0.0;
        let mut dds = 0.0;
        for i_2 in (0..x.len()).rev() {
            let mut ddx_i_minus_1 = 0.0;
            if i_2 > 0 {
                dx[i_2 - 1] = saved_dx[i_2];
                ddx_i_minus_1 += ddx[i_2 - 1];
            }
            let mut dx_2_i_2_minus_1 = 0.0;
            let dy_w_2 = ::parad::__private::window_mut(&mut dy[..], 0, 0..i_2);
            let y_w_3 = ::parad::__private::window(&y[..], 0, 0..i_2);
            for j_2 in (0..i_2).rev() {
                let dsin = ds;
                let cos = tape_cos.pop().unwrap();
                let g = dsin * cos;
                dy_w_2[j_2] = saved_dy.pop().unwrap();
                let g_2 = ddy[j_2];
                dx_2_i_2_minus_1 += g_2 * g;
                let mut dg = g_2 * x[i_2 - 1] + ddx_i_minus_1 * y_w_3[j_2];
                let mut dcos = dg * dsin;
                let g_3 = -(dcos * (x[i_2 - 1] * y_w_3[j_2]).sin());
                dx_2_i_2_minus_1 += g_3 * y_w_3[j_2];
                let mut ddsin = dg * cos;
                dy_2[j_2] += ddx_i_minus_1 * g + g_3 * x[i_2 - 1];
                dds += ddsin;
            }
            if i_2 > 0 {
                dx_2[i_2 - 1] += dx_2_i_2_minus_1;
            }
        }
        let mut ddret = dds * (2.0 * s);
        let mut dret_2 = dprimal_2;
        let mut ds_2 = dds * dret * 2.0 + dret_2 * (2.0 * s);
        for i in 0..x.len() {
            let mut dx_2_i_minus_1 = 0.0;
            let y_w_4 = ::parad::__private::window(&y[..], 0, 0..i);
            for j in 0..i {
                let mut dsin_2 = ds_2;
                let g_4 = dsin_2 * (x[i - 1] * y_w_4[j]).cos();
                dx_2_i_minus_1 += g_4 * y_w_4[j];
                dy_2[j] += g_4 * x[i - 1];
            }
            if i > 0 {
                dx_2[i - 1] += dx_2_i_minus_1;
            }
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
fn __parad_tan___parad_joint_triangle(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    y: &[f64],
    ty: &[f64],
    dy: &mut [f64],
    tdy: &mut [f64],
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tdx = ::parad::__private::ShadowSlice::new(tdx);
    let ty = ::parad::__private::TangentSlice::new(ty);
    let mut tdy = ::parad::__private::ShadowSlice::new(tdy);
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    ::core::assert_eq!(
        dy.len(), y.len(), "the shadow of `y` must have the length of `y`"
    );
    let mut ts = 0.0;
    let mut s = 0.0;
    for i in 0..x.len() {
        for j in 0..i {
            let tsin = (tx[i - 1] * y[j] + x[i - 1] * ty[j]) * (x[i - 1] * y[j]).cos();
            let sin = (x[i - 1] * y[j]).sin();
            ts += tsin;
            s += sin;
        }
    }
    let tret = ts * s + s * ts;
    let ret: f64 = s * s;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tdret = tseed;
    let dret = seed;
    let tds = tdret * (2.0 * s) + dret * (2.0 * ts);
    let ds = dret * (2.0 * s);
    for i_2 in 0..x.len() {
        let mut tdx_i_minus_1 = 0.0;
        let mut dx_i_minus_1 = 0.0;
        for j_2 in 0..i_2 {
            let tdsin = tds;
            let dsin = ds;
            let tcos = -((tx[i_2 - 1] * y[j_2] + x[i_2 - 1] * ty[j_2])
                * (x[i_2 - 1] * y[j_2]).sin());
            let cos = (x[i_2 - 1] * y[j_2]).cos();
            let tg = tdsin * cos + dsin * tcos;
            let g = dsin * cos;
            tdx_i_minus_1 += tg * y[j_2] + g * ty[j_2];
            dx_i_minus_1 += g * y[j_2];
            tdy[j_2] += tg * x[i_2 - 1] + g * tx[i_2 - 1];
            dy[j_2] += g * x[i_2 - 1];
        }
        if i_2 > 0 {
            tdx[i_2 - 1] += tdx_i_minus_1;
            dx[i_2 - 1] += dx_i_minus_1;
        }
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
fn __parad_fwd_d_triangle(
    x: &[f64],
    dx: &mut [f64],
    y: &[f64],
    dy: &mut [f64],
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
        &mut [f64],
        &mut [f64],
        f64,
    ) -> (f64,) + use<>,
) {
    let mut tape_cos = ::parad::__private::Tape::new();
    let mut saved_dy = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    ::core::assert_eq!(
        dy.len(), y.len(), "the shadow of `y` must have the length of `y`"
    );
    let mut s = 0.0;
    for i in 0..x.len() {
        let y_w = ::parad::__private::window(&y[..], 0, 0..i);
        for j in 0..i {
            let sin = (x[i - 1] * y_w[j]).sin();
            s += sin;
        }
    }
    let ret: f64 = s * s;
    let primal_2 = ret;
    let dret = seed;
    let ds = dret * (2.0 * s);
    saved_dx.resize(x.len(), 0.0);
    for i_2 in 0..x.len() {
        let mut dx_i_minus_1 = 0.0;
        let y_w_2 = ::parad::__private::window(&y[..], 0, 0..i_2);
        let dy_w = ::parad::__private::window_mut(&mut dy[..], 0, 0..i_2);
        for j_2 in 0..i_2 {
            let dsin = ds;
            let cos = (x[i_2 - 1] * y_w_2[j_2]).cos();
            let g = dsin * cos;
            dx_i_minus_1 += g * y_w_2[j_2];
            saved_dy.push(dy_w[j_2]);
            dy_w[j_2] += g * x[i_2 - 1];
            tape_cos.push(cos);
        }
        if i_2 > 0 {
            saved_dx[i_2] = dx[i_2 - 1];
            dx[i_2 - 1] += dx_i_minus_1;
        }
    }
    let ret_2: f64 = primal_2;
    let reverse = move |
        x: &[f64],
        dx_2: &mut [f64],
        dx: &mut [f64],
        ddx: &mut [f64],
        y: &[f64],
        dy_2: &mut [f64],
        dy: &mut [f64],
        ddy: &mut [f64],
        seed_2: f64,
    | -> (f64,) {
        let mut dx_2 = ::parad::__private::ShadowSlice::new(dx_2);
        let mut ddx = ::parad::__private::ShadowSlice::new(ddx);
        let mut dy_2 = ::parad::__private::ShadowSlice::new(dy_2);
        let mut ddy = ::parad::__private::ShadowSlice::new(ddy);
        let mut dseed: f64 = 0.0;
        let mut dret_2_2 = seed_2;
        let mut dds = 0.0;
        for i_2 in (0..x.len()).rev() {
            let mut ddx_i_minus_1 = 0.0;
            if i_2 > 0 {
                dx[i_2 - 1] = saved_dx[i_2];
                ddx_i_minus_1 += ddx[i_2 - 1];
            }
            let mut dx_2_i_2_minus_1 = 0.0;
            let dy_w_2 = ::parad::__private::window_mut(&mut dy[..], 0, 0..i_2);
            let y_w_3 = ::parad::__private::window(&y[..], 0, 0..i_2);
            for j_2 in (0..i_2).rev() {
                let dsin = ds;
                let cos = tape_cos.pop().unwrap();
                let g = dsin * cos;
                dy_w_2[j_2] = saved_dy.pop().unwrap();
                let g_2 = ddy[j_2];
                dx_2_i_2_minus_1 += g_2 * g;
                let mut dg = g_2 * x[i_2 - 1] + ddx_i_minus_1 * y_w_3[j_2];
                let mut dcos = dg * dsin;
                let g_3 = -(dcos * (x[i_2 - 1] * y_w_3[j_2]).sin());
                dx_2_i_2_minus_1 += g_3 * y_w_3[j_2];
                let mut ddsin = dg * cos;
                dy_2[j_2] += ddx_i_minus_1 * g + g_3 * x[i_2 - 1];
                dds += ddsin;
            }
            if i_2 > 0 {
                dx_2[i_2 - 1] += dx_2_i_2_minus_1;
            }
        }
        let mut ddret = dds * (2.0 * s);
        let mut dprimal_2 = dret_2_2;
        let mut dret_2 = dprimal_2;
        let mut ds_2 = dds * dret * 2.0 + dret_2 * (2.0 * s);
        for i in 0..x.len() {
            let mut dx_2_i_minus_1 = 0.0;
            let y_w_4 = ::parad::__private::window(&y[..], 0, 0..i);
            for j in 0..i {
                let mut dsin_2 = ds_2;
                let g_4 = dsin_2 * (x[i - 1] * y_w_4[j]).cos();
                dx_2_i_minus_1 += g_4 * y_w_4[j];
                dy_2[j] += g_4 * x[i - 1];
            }
            if i > 0 {
                dx_2[i - 1] += dx_2_i_minus_1;
            }
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
fn __parad_tan_d_triangle(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    y: &[f64],
    ty: &[f64],
    dy: &mut [f64],
    tdy: &mut [f64],
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tdx = ::parad::__private::ShadowSlice::new(tdx);
    let ty = ::parad::__private::TangentSlice::new(ty);
    let mut tdy = ::parad::__private::ShadowSlice::new(tdy);
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    ::core::assert_eq!(
        dy.len(), y.len(), "the shadow of `y` must have the length of `y`"
    );
    let mut ts = 0.0;
    let mut s = 0.0;
    for i in 0..x.len() {
        for j in 0..i {
            let tsin = (tx[i - 1] * y[j] + x[i - 1] * ty[j]) * (x[i - 1] * y[j]).cos();
            let sin = (x[i - 1] * y[j]).sin();
            ts += tsin;
            s += sin;
        }
    }
    let tret = ts * s + s * ts;
    let ret: f64 = s * s;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tdret = tseed;
    let dret = seed;
    let tds = tdret * (2.0 * s) + dret * (2.0 * ts);
    let ds = dret * (2.0 * s);
    for i_2 in 0..x.len() {
        let mut tdx_i_minus_1 = 0.0;
        let mut dx_i_minus_1 = 0.0;
        for j_2 in 0..i_2 {
            let tdsin = tds;
            let dsin = ds;
            let tcos = -((tx[i_2 - 1] * y[j_2] + x[i_2 - 1] * ty[j_2])
                * (x[i_2 - 1] * y[j_2]).sin());
            let cos = (x[i_2 - 1] * y[j_2]).cos();
            let tg = tdsin * cos + dsin * tcos;
            let g = dsin * cos;
            tdx_i_minus_1 += tg * y[j_2] + g * ty[j_2];
            dx_i_minus_1 += g * y[j_2];
            tdy[j_2] += tg * x[i_2 - 1] + g * tx[i_2 - 1];
            dy[j_2] += g * x[i_2 - 1];
        }
        if i_2 > 0 {
            tdx[i_2 - 1] += tdx_i_minus_1;
            dx[i_2 - 1] += dx_i_minus_1;
        }
    }
    let tret_2 = tprimal_2;
    let ret_2: f64 = primal_2;
    (ret_2, tret_2)
}
/// Reverse-mode derivative of [`triangle`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
fn d_triangle(x: &[f64], dx: &mut [f64], y: &[f64], dy: &mut [f64], seed: f64) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    ::core::assert_eq!(
        dy.len(), y.len(), "the shadow of `y` must have the length of `y`"
    );
    let mut s = 0.0;
    for i in 0..x.len() {
        let y_w = ::parad::__private::window(&y[..], 0, 0..i);
        for j in 0..i {
            let sin = (x[i - 1] * y_w[j]).sin();
            s += sin;
        }
    }
    let ret: f64 = s * s;
    let primal = ret;
    let dx = &mut dx[..x.len()];
    let dy = &mut dy[..y.len()];
    let mut dret = seed;
    let mut ds = dret * (2.0 * s);
    for i in 0..x.len() {
        let mut dx_i_minus_1 = 0.0;
        let y_w_2 = ::parad::__private::window(&y[..], 0, 0..i);
        let dy_w = ::parad::__private::window_mut(&mut dy[..], 0, 0..i);
        for j in 0..i {
            let mut dsin = ds;
            let g = dsin * (x[i - 1] * y_w_2[j]).cos();
            dx_i_minus_1 += g * y_w_2[j];
            dy_w[j] += g * x[i - 1];
        }
        if i > 0 {
            dx[i - 1] += dx_i_minus_1;
        }
    }
    primal
}
#[allow(dead_code)]
fn all_pairs(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        for j in 0..x.len() {
            s += (x[i] - 0.5 * x[j]).powi(2) * x[i];
        }
    }
    s.sqrt()
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
fn __parad_fwd_all_pairs(
    x: &[f64],
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut s = 0.0;
    for i in 0..x.len() {
        let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
        for j in 0..x.len() {
            s += (x[i] - 0.5 * x_w[j]).powi(2) * x[i];
        }
    }
    let ret: f64 = s.sqrt();
    let reverse = move |x: &[f64], dx: &mut [f64], seed: f64| {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dret = seed;
        let mut ds = dret * 0.5 / ret;
        for i in 0..x.len() {
            let mut dx_i = 0.0;
            let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
            for j in 0..x.len() {
                let g = ds * x[i] * (2.0 * (x[i] - 0.5 * x_w_2[j]));
                dx_i += g;
                dx_i += ds * (x[i] - 0.5 * x_w_2[j]).powi(2);
                dx[j] += -g * 0.5;
            }
            if x.len() > 0 {
                dx[i] += dx_i;
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
fn __parad_tan_all_pairs(x: &[f64], tx: &[f64]) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut ts = 0.0;
    let mut s = 0.0;
    for i in 0..x.len() {
        for j in 0..x.len() {
            ts
                += (tx[i] - 0.5 * tx[j])
                    * ::parad::__private::d_powi(x[i] - 0.5 * x[j], 2) * x[i]
                    + (x[i] - 0.5 * x[j]).powi(2) * tx[i];
            s += (x[i] - 0.5 * x[j]).powi(2) * x[i];
        }
    }
    let ret: f64 = s.sqrt();
    let tret = ts * 0.5 / ret;
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
fn __parad_fwd___parad_joint_all_pairs(
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
    let mut saved_dx = ::parad::__private::Tape::new();
    let mut saved_dx_2 = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut s = 0.0;
    for i in 0..x.len() {
        let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
        for j in 0..x.len() {
            s += (x[i] - 0.5 * x_w[j]).powi(2) * x[i];
        }
    }
    let ret: f64 = s.sqrt();
    let primal_2 = ret;
    let dret = seed;
    let ds = dret * 0.5 / ret;
    saved_dx.reserve(x.len() * x.len());
    saved_dx_2.resize(x.len(), 0.0);
    for i_2 in 0..x.len() {
        let mut dx_i = 0.0;
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
        let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
        for j_2 in 0..x.len() {
            let g = ds * x[i_2] * (2.0 * (x[i_2] - 0.5 * x_w_2[j_2]));
            dx_i += g;
            dx_i += ds * (x[i_2] - 0.5 * x_w_2[j_2]).powi(2);
            saved_dx.push_reserved(dx_w[j_2]);
            dx_w[j_2] += -g * 0.5;
        }
        if x.len() > 0 {
            saved_dx_2[i_2] = dx[i_2];
            dx[i_2] += dx_i;
        }
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
        let mut dprimal_2 = 0.0;
        let mut dds = 0.0;
        for i_2 in (0..x.len()).rev() {
            let mut ddx_i = 0.0;
            if x.len() > 0 {
                dx[i_2] = saved_dx_2[i_2];
                ddx_i += ddx[i_2];
            }
            let mut dx_2_i_2 = 0.0;
            let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
            for j_2 in (0..x.len()).rev() {
                dx_w_2[j_2] = saved_dx[i_2 * x.len() + j_2];
                let g_2 = ddx_i * ds * (2.0 * (x[i_2] - 0.5 * x[j_2]));
                dx_2_i_2 += g_2;
                let mut dg = -(ddx[j_2] * 0.5) + ddx_i;
                let g_3 = dg * (2.0 * (x[i_2] - 0.5 * x[j_2]));
                dx_2_i_2 += g_3 * ds;
                let g_4 = dg * (ds * x[i_2]) * 2.0;
                dx_2_i_2 += g_4;
                dds += ddx_i * (x[i_2] - 0.5 * x[j_2]).powi(2) + g_3 * x[i_2];
                dx_2[j_2] += -g_2 * 0.5 + -g_4 * 0.5;
            }
            if x.len() > 0 {
                dx_2[i_2] += dx_2_i_2;
            }
        }
        let mut ddret = dds / ret * 0.5;
        let mut dret_2 = -(dds * (dret * 0.5 / ret) / ret) + dprimal_2;
        let mut ds_2 = dret_2 * 0.5 / ret;
        for i in 0..x.len() {
            let mut dx_2_i = 0.0;
            let x_w_3 = ::parad::__private::window(&x[..], 0, 0..x.len());
            for j in 0..x.len() {
                let g_5 = ds_2 * x[i] * (2.0 * (x[i] - 0.5 * x_w_3[j]));
                dx_2_i += g_5;
                dx_2_i += ds_2 * (x[i] - 0.5 * x_w_3[j]).powi(2);
                dx_2[j] += -g_5 * 0.5;
            }
            if x.len() > 0 {
                dx_2[i] += dx_2_i;
            }
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
fn __parad_tan___parad_joint_all_pairs(
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
    for i in 0..x.len() {
        for j in 0..x.len() {
            ts
                += (tx[i] - 0.5 * tx[j])
                    * ::parad::__private::d_powi(x[i] - 0.5 * x[j], 2) * x[i]
                    + (x[i] - 0.5 * x[j]).powi(2) * tx[i];
            s += (x[i] - 0.5 * x[j]).powi(2) * x[i];
        }
    }
    let ret: f64 = s.sqrt();
    let tret = ts * 0.5 / ret;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tdret = tseed;
    let dret = seed;
    let tds = tdret * 0.5 / ret - tret * (dret * 0.5 / ret) / ret;
    let ds = dret * 0.5 / ret;
    for i_2 in 0..x.len() {
        let mut tdx_i = 0.0;
        let mut dx_i = 0.0;
        for j_2 in 0..x.len() {
            let tg = (tds * x[i_2] + ds * tx[i_2]) * (2.0 * (x[i_2] - 0.5 * x[j_2]))
                + ds * x[i_2] * (2.0 * (tx[i_2] - 0.5 * tx[j_2]));
            let g = ds * x[i_2] * (2.0 * (x[i_2] - 0.5 * x[j_2]));
            tdx_i += tg;
            dx_i += g;
            tdx_i
                += tds * (x[i_2] - 0.5 * x[j_2]).powi(2)
                    + ds
                        * ((tx[i_2] - 0.5 * tx[j_2])
                            * ::parad::__private::d_powi(x[i_2] - 0.5 * x[j_2], 2));
            dx_i += ds * (x[i_2] - 0.5 * x[j_2]).powi(2);
            tdx[j_2] += -tg * 0.5;
            dx[j_2] += -g * 0.5;
        }
        if x.len() > 0 {
            tdx[i_2] += tdx_i;
            dx[i_2] += dx_i;
        }
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
fn __parad_fwd_d_all_pairs(
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
    let mut saved_dx = ::parad::__private::Tape::new();
    let mut saved_dx_2 = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut s = 0.0;
    for i in 0..x.len() {
        let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
        for j in 0..x.len() {
            s += (x[i] - 0.5 * x_w[j]).powi(2) * x[i];
        }
    }
    let ret: f64 = s.sqrt();
    let primal_2 = ret;
    let dret = seed;
    let ds = dret * 0.5 / ret;
    saved_dx.reserve(x.len() * x.len());
    saved_dx_2.resize(x.len(), 0.0);
    for i_2 in 0..x.len() {
        let mut dx_i = 0.0;
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
        let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
        for j_2 in 0..x.len() {
            let g = ds * x[i_2] * (2.0 * (x[i_2] - 0.5 * x_w_2[j_2]));
            dx_i += g;
            dx_i += ds * (x[i_2] - 0.5 * x_w_2[j_2]).powi(2);
            saved_dx.push_reserved(dx_w[j_2]);
            dx_w[j_2] += -g * 0.5;
        }
        if x.len() > 0 {
            saved_dx_2[i_2] = dx[i_2];
            dx[i_2] += dx_i;
        }
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
        let mut dds = 0.0;
        for i_2 in (0..x.len()).rev() {
            let mut ddx_i = 0.0;
            if x.len() > 0 {
                dx[i_2] = saved_dx_2[i_2];
                ddx_i += ddx[i_2];
            }
            let mut dx_2_i_2 = 0.0;
            let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
            for j_2 in (0..x.len()).rev() {
                dx_w_2[j_2] = saved_dx[i_2 * x.len() + j_2];
                let g_2 = ddx_i * ds * (2.0 * (x[i_2] - 0.5 * x[j_2]));
                dx_2_i_2 += g_2;
                let mut dg = -(ddx[j_2] * 0.5) + ddx_i;
                let g_3 = dg * (2.0 * (x[i_2] - 0.5 * x[j_2]));
                dx_2_i_2 += g_3 * ds;
                let g_4 = dg * (ds * x[i_2]) * 2.0;
                dx_2_i_2 += g_4;
                dds += ddx_i * (x[i_2] - 0.5 * x[j_2]).powi(2) + g_3 * x[i_2];
                dx_2[j_2] += -g_2 * 0.5 + -g_4 * 0.5;
            }
            if x.len() > 0 {
                dx_2[i_2] += dx_2_i_2;
            }
        }
        let mut ddret = dds / ret * 0.5;
        let mut dprimal_2 = dret_2_2;
        let mut dret_2 = -(dds * (dret * 0.5 / ret) / ret) + dprimal_2;
        let mut ds_2 = dret_2 * 0.5 / ret;
        for i in 0..x.len() {
            let mut dx_2_i = 0.0;
            let x_w_3 = ::parad::__private::window(&x[..], 0, 0..x.len());
            for j in 0..x.len() {
                let g_5 = ds_2 * x[i] * (2.0 * (x[i] - 0.5 * x_w_3[j]));
                dx_2_i += g_5;
                dx_2_i += ds_2 * (x[i] - 0.5 * x_w_3[j]).powi(2);
                dx_2[j] += -g_5 * 0.5;
            }
            if x.len() > 0 {
                dx_2[i] += dx_2_i;
            }
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
fn __parad_tan_d_all_pairs(
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
    for i in 0..x.len() {
        for j in 0..x.len() {
            ts
                += (tx[i] - 0.5 * tx[j])
                    * ::parad::__private::d_powi(x[i] - 0.5 * x[j], 2) * x[i]
                    + (x[i] - 0.5 * x[j]).powi(2) * tx[i];
            s += (x[i] - 0.5 * x[j]).powi(2) * x[i];
        }
    }
    let ret: f64 = s.sqrt();
    let tret = ts * 0.5 / ret;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tdret = tseed;
    let dret = seed;
    let tds = tdret * 0.5 / ret - tret * (dret * 0.5 / ret) / ret;
    let ds = dret * 0.5 / ret;
    for i_2 in 0..x.len() {
        let mut tdx_i = 0.0;
        let mut dx_i = 0.0;
        for j_2 in 0..x.len() {
            let tg = (tds * x[i_2] + ds * tx[i_2]) * (2.0 * (x[i_2] - 0.5 * x[j_2]))
                + ds * x[i_2] * (2.0 * (tx[i_2] - 0.5 * tx[j_2]));
            let g = ds * x[i_2] * (2.0 * (x[i_2] - 0.5 * x[j_2]));
            tdx_i += tg;
            dx_i += g;
            tdx_i
                += tds * (x[i_2] - 0.5 * x[j_2]).powi(2)
                    + ds
                        * ((tx[i_2] - 0.5 * tx[j_2])
                            * ::parad::__private::d_powi(x[i_2] - 0.5 * x[j_2], 2));
            dx_i += ds * (x[i_2] - 0.5 * x[j_2]).powi(2);
            tdx[j_2] += -tg * 0.5;
            dx[j_2] += -g * 0.5;
        }
        if x.len() > 0 {
            tdx[i_2] += tdx_i;
            dx[i_2] += dx_i;
        }
    }
    let tret_2 = tprimal_2;
    let ret_2: f64 = primal_2;
    (ret_2, tret_2)
}
/// Reverse-mode derivative of [`all_pairs`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
fn d_all_pairs(x: &[f64], dx: &mut [f64], seed: f64) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut s = 0.0;
    for i in 0..x.len() {
        let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
        for j in 0..x.len() {
            s += (x[i] - 0.5 * x_w[j]).powi(2) * x[i];
        }
    }
    let ret: f64 = s.sqrt();
    let primal = ret;
    let dx = &mut dx[..x.len()];
    let mut dret = seed;
    let mut ds = dret * 0.5 / ret;
    for i in 0..x.len() {
        let mut dx_i = 0.0;
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
        let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
        for j in 0..x.len() {
            let g = ds * x[i] * (2.0 * (x[i] - 0.5 * x_w_2[j]));
            dx_i += g;
            dx_i += ds * (x[i] - 0.5 * x_w_2[j]).powi(2);
            dx_w[j] += -g * 0.5;
        }
        if x.len() > 0 {
            dx[i] += dx_i;
        }
    }
    primal
}
#[allow(dead_code)]
fn damped(x: &[f64], k: usize) -> f64 {
    let mut v = 1.0;
    let mut n = 0;
    while n < 5 {
        v = v * x[k] + 0.5 * v;
        n += 1;
    }
    v
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
fn __parad_fwd_damped(
    x: &[f64],
    k: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut saved_v = ::parad::__private::Tape::new();
    let mut v = 1.0;
    let mut n = 0;
    let mut iterations = 0;
    while n < 5 {
        saved_v.push(v);
        v = v * x[k] + 0.5 * v;
        n += 1;
        iterations += 1;
    }
    let ret: f64 = v;
    let reverse = move |x: &[f64], dx: &mut [f64], seed: f64| {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dret = seed;
        let mut dv = dret;
        let mut dx_k = 0.0;
        for _ in 0..iterations {
            v = saved_v.pop().unwrap();
            let g = dv;
            dv = 0.0;
            dx_k += g * v;
            dv += g * x[k] + g * 0.5;
        }
        if iterations > 0 {
            dx[k] += dx_k;
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
fn __parad_tan_damped(x: &[f64], tx: &[f64], k: usize) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tv = 0.0;
    let mut v = 1.0;
    let mut n = 0;
    let mut iterations = 0;
    while n < 5 {
        tv = tv * x[k] + v * tx[k] + 0.5 * tv;
        v = v * x[k] + 0.5 * v;
        n += 1;
        iterations += 1;
    }
    let tret = tv;
    let ret: f64 = v;
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
fn __parad_fwd___parad_joint_damped(
    x: &[f64],
    dx: &mut [f64],
    k: usize,
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
    let mut saved_v_2 = ::parad::__private::Tape::new();
    let mut saved_saved_v_top = ::parad::__private::Tape::new();
    let mut saved_v_3 = ::parad::__private::Tape::new();
    let mut saved_dx = ::core::option::Option::None;
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut saved_v = ::std::vec::Vec::new();
    let mut saved_v_top = 0;
    let mut v = 1.0;
    let mut n = 0;
    let mut iterations = 0;
    let mut iterations_2 = 0;
    while n < 5 {
        saved_v.push(v);
        saved_v_2.push(v);
        v = v * x[k] + 0.5 * v;
        n += 1;
        iterations += 1;
        iterations_2 += 1;
    }
    let ret: f64 = v;
    let primal_2 = ret;
    let dret = seed;
    saved_v_top = saved_v.len();
    let mut dv = dret;
    let mut dx_k = 0.0;
    let hi = iterations;
    tape_g.reserve(hi);
    saved_saved_v_top.reserve(hi);
    saved_v_3.reserve(hi);
    for i in 0..hi {
        saved_saved_v_top.push_reserved(saved_v_top);
        saved_v_top -= 1;
        saved_v_3.push_reserved(v);
        v = saved_v[saved_v_top];
        let g = dv;
        dv = 0.0;
        dx_k += g * v;
        dv += g * x[k] + g * 0.5;
        tape_g.push_reserved(g);
    }
    let cond = iterations > 0;
    if cond {
        saved_dx = ::core::option::Option::Some(dx[k]);
        dx[k] += dx_k;
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
        let mut dsaved_v = ::std::vec![0.0; saved_v.len()];
        let mut dv_2 = 0.0;
        let mut dprimal_2 = 0.0;
        let mut ddv = 0.0;
        let mut ddx_k = 0.0;
        if cond {
            dx[k] = saved_dx.take().unwrap();
            ddx_k += ddx[k];
        }
        let mut dx_2_k = 0.0;
        let tape_g_w = ::parad::__private::window(&tape_g[..], 0, 0..hi);
        let saved_v_3_w = ::parad::__private::window(&saved_v_3[..], 0, 0..hi);
        let saved_saved_v_top_w = ::parad::__private::window(
            &saved_saved_v_top[..],
            0,
            0..hi,
        );
        for i in (0..hi).rev() {
            let g = tape_g_w[i];
            dx_2_k += ddv * g;
            let mut dg = ddv * x[k] + ddv * 0.5 + ddx_k * v;
            let g_2 = ddv;
            ddv = 0.0;
            dv_2 += ddx_k * g;
            v = saved_v_3_w[i];
            let g_3 = dv_2;
            dv_2 = 0.0;
            dsaved_v[saved_v_top] += g_3;
            saved_v_top = saved_saved_v_top_w[i];
            ddv += dg;
        }
        if hi > 0 {
            dx_2[k] += dx_2_k;
        }
        let mut ddret = ddv;
        let mut dret_2 = dprimal_2;
        dv_2 += dret_2;
        let mut dx_2_k_2 = 0.0;
        for _ in 0..iterations_2 {
            v = saved_v_2.pop().unwrap();
            let g_4 = dv_2;
            dv_2 = 0.0;
            dx_2_k_2 += g_4 * v;
            dv_2 += g_4 * x[k] + g_4 * 0.5;
            let g_5 = dsaved_v.pop().unwrap();
            dv_2 += g_5;
        }
        if iterations_2 > 0 {
            dx_2[k] += dx_2_k_2;
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
fn __parad_tan___parad_joint_damped(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    k: usize,
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tdx = ::parad::__private::ShadowSlice::new(tdx);
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tsaved_v = ::std::vec::Vec::new();
    let mut saved_v = ::std::vec::Vec::new();
    let mut saved_v_top = 0;
    let mut tv = 0.0;
    let mut v = 1.0;
    let mut n = 0;
    let mut iterations = 0;
    let mut iterations_2 = 0;
    while n < 5 {
        tsaved_v.push(tv);
        saved_v.push(v);
        tv = tv * x[k] + v * tx[k] + 0.5 * tv;
        v = v * x[k] + 0.5 * v;
        n += 1;
        iterations += 1;
        iterations_2 += 1;
    }
    let tret = tv;
    let ret: f64 = v;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tdret = tseed;
    let dret = seed;
    saved_v_top = saved_v.len();
    let mut tdv = tdret;
    let mut dv = dret;
    let mut tdx_k = 0.0;
    let mut dx_k = 0.0;
    let hi = iterations;
    for i in 0..hi {
        saved_v_top -= 1;
        tv = tsaved_v[saved_v_top];
        v = saved_v[saved_v_top];
        let tg = tdv;
        let g = dv;
        tdv = 0.0;
        dv = 0.0;
        tdx_k += tg * v + g * tv;
        dx_k += g * v;
        tdv += tg * x[k] + g * tx[k] + tg * 0.5;
        dv += g * x[k] + g * 0.5;
    }
    let cond = iterations > 0;
    if cond {
        tdx[k] += tdx_k;
        dx[k] += dx_k;
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
fn __parad_fwd_d_damped(
    x: &[f64],
    dx: &mut [f64],
    k: usize,
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
    let mut saved_v_2 = ::parad::__private::Tape::new();
    let mut saved_saved_v_top = ::parad::__private::Tape::new();
    let mut saved_v_3 = ::parad::__private::Tape::new();
    let mut saved_dx = ::core::option::Option::None;
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut saved_v = ::std::vec::Vec::new();
    let mut saved_v_top = 0;
    let mut v = 1.0;
    let mut n = 0;
    let mut iterations = 0;
    let mut iterations_2 = 0;
    while n < 5 {
        saved_v.push(v);
        saved_v_2.push(v);
        v = v * x[k] + 0.5 * v;
        n += 1;
        iterations += 1;
        iterations_2 += 1;
    }
    let ret: f64 = v;
    let primal_2 = ret;
    let dret = seed;
    saved_v_top = saved_v.len();
    let mut dv = dret;
    let mut dx_k = 0.0;
    let hi = iterations;
    tape_g.reserve(hi);
    saved_saved_v_top.reserve(hi);
    saved_v_3.reserve(hi);
    for i in 0..hi {
        saved_saved_v_top.push_reserved(saved_v_top);
        saved_v_top -= 1;
        saved_v_3.push_reserved(v);
        v = saved_v[saved_v_top];
        let g = dv;
        dv = 0.0;
        dx_k += g * v;
        dv += g * x[k] + g * 0.5;
        tape_g.push_reserved(g);
    }
    let cond = iterations > 0;
    if cond {
        saved_dx = ::core::option::Option::Some(dx[k]);
        dx[k] += dx_k;
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
        let mut dsaved_v = ::std::vec![0.0; saved_v.len()];
        let mut dv_2 = 0.0;
        let mut ddv = 0.0;
        let mut ddx_k = 0.0;
        if cond {
            dx[k] = saved_dx.take().unwrap();
            ddx_k += ddx[k];
        }
        let mut dx_2_k = 0.0;
        let tape_g_w = ::parad::__private::window(&tape_g[..], 0, 0..hi);
        let saved_v_3_w = ::parad::__private::window(&saved_v_3[..], 0, 0..hi);
        let saved_saved_v_top_w = ::parad::__private::window(
            &saved_saved_v_top[..],
            0,
            0..hi,
        );
        for i in (0..hi).rev() {
            let g = tape_g_w[i];
            dx_2_k += ddv * g;
            let mut dg = ddv * x[k] + ddv * 0.5 + ddx_k * v;
            let g_2 = ddv;
            ddv = 0.0;
            dv_2 += ddx_k * g;
            v = saved_v_3_w[i];
            let g_3 = dv_2;
            dv_2 = 0.0;
            dsaved_v[saved_v_top] += g_3;
            saved_v_top = saved_saved_v_top_w[i];
            ddv += dg;
        }
        if hi > 0 {
            dx_2[k] += dx_2_k;
        }
        let mut ddret = ddv;
        let mut dprimal_2 = dret_2_2;
        let mut dret_2 = dprimal_2;
        dv_2 += dret_2;
        let mut dx_2_k_2 = 0.0;
        for _ in 0..iterations_2 {
            v = saved_v_2.pop().unwrap();
            let g_4 = dv_2;
            dv_2 = 0.0;
            dx_2_k_2 += g_4 * v;
            dv_2 += g_4 * x[k] + g_4 * 0.5;
            let g_5 = dsaved_v.pop().unwrap();
            dv_2 += g_5;
        }
        if iterations_2 > 0 {
            dx_2[k] += dx_2_k_2;
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
fn __parad_tan_d_damped(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    k: usize,
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tdx = ::parad::__private::ShadowSlice::new(tdx);
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tsaved_v = ::std::vec::Vec::new();
    let mut saved_v = ::std::vec::Vec::new();
    let mut saved_v_top = 0;
    let mut tv = 0.0;
    let mut v = 1.0;
    let mut n = 0;
    let mut iterations = 0;
    let mut iterations_2 = 0;
    while n < 5 {
        tsaved_v.push(tv);
        saved_v.push(v);
        tv = tv * x[k] + v * tx[k] + 0.5 * tv;
        v = v * x[k] + 0.5 * v;
        n += 1;
        iterations += 1;
        iterations_2 += 1;
    }
    let tret = tv;
    let ret: f64 = v;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tdret = tseed;
    let dret = seed;
    saved_v_top = saved_v.len();
    let mut tdv = tdret;
    let mut dv = dret;
    let mut tdx_k = 0.0;
    let mut dx_k = 0.0;
    let hi = iterations;
    for i in 0..hi {
        saved_v_top -= 1;
        tv = tsaved_v[saved_v_top];
        v = saved_v[saved_v_top];
        let tg = tdv;
        let g = dv;
        tdv = 0.0;
        dv = 0.0;
        tdx_k += tg * v + g * tv;
        dx_k += g * v;
        tdv += tg * x[k] + g * tx[k] + tg * 0.5;
        dv += g * x[k] + g * 0.5;
    }
    let cond = iterations > 0;
    if cond {
        tdx[k] += tdx_k;
        dx[k] += dx_k;
    }
    let tret_2 = tprimal_2;
    let ret_2: f64 = primal_2;
    (ret_2, tret_2)
}
/// Reverse-mode derivative of [`damped`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
fn d_damped(x: &[f64], dx: &mut [f64], k: usize, seed: f64) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut saved_v = ::parad::__private::Tape::new();
    let mut v = 1.0;
    let mut n = 0;
    let mut iterations = 0;
    while n < 5 {
        saved_v.push(v);
        v = v * x[k] + 0.5 * v;
        n += 1;
        iterations += 1;
    }
    let ret: f64 = v;
    let primal = ret;
    let dx = &mut dx[..x.len()];
    let mut dret = seed;
    let mut dv = dret;
    let mut dx_k = 0.0;
    for _ in 0..iterations {
        v = saved_v.pop().unwrap();
        let g = dv;
        dv = 0.0;
        dx_k += g * v;
        dv += g * x[k] + g * 0.5;
    }
    if iterations > 0 {
        dx[k] += dx_k;
    }
    primal
}
#[allow(dead_code)]
fn next_pairs(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        for j in 0..x.len() {
            if i + 1 < x.len() {
                s += (x[i + 1] * x[j]).sin();
            }
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
fn __parad_fwd_next_pairs(
    x: &[f64],
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut s = 0.0;
    for i in 0..x.len() {
        for j in 0..x.len() {
            if i + 1 < x.len() {
                let sin = (x[i + 1] * x[j]).sin();
                s += sin;
            }
        }
    }
    let ret: f64 = s;
    let reverse = move |x: &[f64], dx: &mut [f64], seed: f64| {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dret = seed;
        let mut ds = dret;
        for i in 0..x.len() {
            let mut dx_i_1 = 0.0;
            for j in 0..x.len() {
                if i + 1 < x.len() {
                    let mut dsin = ds;
                    let g = dsin * (x[i + 1] * x[j]).cos();
                    dx_i_1 += g * x[j];
                    dx[j] += g * x[i + 1];
                }
            }
            if dx_i_1 != 0.0 {
                dx[i + 1] += dx_i_1;
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
fn __parad_tan_next_pairs(x: &[f64], tx: &[f64]) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut ts = 0.0;
    let mut s = 0.0;
    for i in 0..x.len() {
        for j in 0..x.len() {
            if i + 1 < x.len() {
                let tsin = (tx[i + 1] * x[j] + x[i + 1] * tx[j])
                    * (x[i + 1] * x[j]).cos();
                let sin = (x[i + 1] * x[j]).sin();
                ts += tsin;
                s += sin;
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
fn __parad_fwd___parad_joint_next_pairs(
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
    let mut tape_dsin = ::parad::__private::Tape::new();
    let mut tape_cos = ::parad::__private::Tape::new();
    let mut tape_cond = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    let mut saved_dx_2 = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut s = 0.0;
    let dret = seed;
    let mut ds = 0.0;
    ds = dret;
    tape_dsin.resize(x.len() * x.len(), 0.0);
    tape_cos.resize(x.len() * x.len(), 0.0);
    tape_cond.reserve(x.len());
    saved_dx.resize(x.len() * x.len(), 0.0);
    saved_dx_2.resize(x.len(), 0.0);
    for i in 0..x.len() {
        let mut dx_i_1 = 0.0;
        for j in 0..x.len() {
            if i + 1 < x.len() {
                let sin = (x[i + 1] * x[j]).sin();
                s += sin;
                let dsin = ds;
                let cos = (x[i + 1] * x[j]).cos();
                let g = dsin * cos;
                dx_i_1 += g * x[j];
                saved_dx[i * x.len() + j] = dx[j];
                dx[j] += g * x[i + 1];
                tape_dsin[i * x.len() + j] = dsin;
                tape_cos[i * x.len() + j] = cos;
            }
        }
        let cond = dx_i_1 != 0.0;
        if cond {
            saved_dx_2[i] = dx[i + 1];
            dx[i + 1] += dx_i_1;
        }
        tape_cond.push_reserved(cond);
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
        let tape_cond_w = ::parad::__private::window(&tape_cond[..], 0, 0..x.len());
        for i in (0..x.len()).rev() {
            let cond = tape_cond_w[i];
            let mut ddx_i_1 = 0.0;
            if cond {
                dx[i + 1] = saved_dx_2[i];
                ddx_i_1 += ddx[i + 1];
            }
            let mut dx_2_i_1 = 0.0;
            for j in (0..x.len()).rev() {
                if i + 1 < x.len() {
                    let dsin = tape_dsin[i * x.len() + j];
                    let cos = tape_cos[i * x.len() + j];
                    let g = dsin * cos;
                    dx[j] = saved_dx[i * x.len() + j];
                    let g_2 = ddx[j];
                    dx_2_i_1 += g_2 * g;
                    let mut dg = g_2 * x[i + 1] + ddx_i_1 * x[j];
                    let mut dcos = dg * dsin;
                    let g_3 = -(dcos * (x[i + 1] * x[j]).sin());
                    dx_2_i_1 += g_3 * x[j];
                    let mut ddsin = dg * cos;
                    let mut dsin_2 = ds_2;
                    let g_4 = dsin_2 * (x[i + 1] * x[j]).cos();
                    dx_2_i_1 += g_4 * x[j];
                    dx_2[j] += ddx_i_1 * g + g_3 * x[i + 1] + g_4 * x[i + 1];
                    dds += ddsin;
                }
            }
            if dx_2_i_1 != 0.0 {
                dx_2[i + 1] += dx_2_i_1;
            }
        }
        let g_5 = dds;
        dds = 0.0;
        let mut ddret = g_5;
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
fn __parad_tan___parad_joint_next_pairs(
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
        let mut tdx_i_1 = 0.0;
        let mut dx_i_1 = 0.0;
        for j in 0..x.len() {
            if i + 1 < x.len() {
                let tsin = (tx[i + 1] * x[j] + x[i + 1] * tx[j])
                    * (x[i + 1] * x[j]).cos();
                let sin = (x[i + 1] * x[j]).sin();
                ts += tsin;
                s += sin;
                let tdsin = tds;
                let dsin = ds;
                let tcos = -((tx[i + 1] * x[j] + x[i + 1] * tx[j])
                    * (x[i + 1] * x[j]).sin());
                let cos = (x[i + 1] * x[j]).cos();
                let tg = tdsin * cos + dsin * tcos;
                let g = dsin * cos;
                tdx_i_1 += tg * x[j] + g * tx[j];
                dx_i_1 += g * x[j];
                tdx[j] += tg * x[i + 1] + g * tx[i + 1];
                dx[j] += g * x[i + 1];
            }
        }
        let cond = dx_i_1 != 0.0;
        if cond {
            tdx[i + 1] += tdx_i_1;
            dx[i + 1] += dx_i_1;
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
fn __parad_fwd_d_next_pairs(
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
    let mut tape_dsin = ::parad::__private::Tape::new();
    let mut tape_cos = ::parad::__private::Tape::new();
    let mut tape_cond = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    let mut saved_dx_2 = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut s = 0.0;
    let dret = seed;
    let mut ds = 0.0;
    ds = dret;
    tape_dsin.resize(x.len() * x.len(), 0.0);
    tape_cos.resize(x.len() * x.len(), 0.0);
    tape_cond.reserve(x.len());
    saved_dx.resize(x.len() * x.len(), 0.0);
    saved_dx_2.resize(x.len(), 0.0);
    for i in 0..x.len() {
        let mut dx_i_1 = 0.0;
        for j in 0..x.len() {
            if i + 1 < x.len() {
                let sin = (x[i + 1] * x[j]).sin();
                s += sin;
                let dsin = ds;
                let cos = (x[i + 1] * x[j]).cos();
                let g = dsin * cos;
                dx_i_1 += g * x[j];
                saved_dx[i * x.len() + j] = dx[j];
                dx[j] += g * x[i + 1];
                tape_dsin[i * x.len() + j] = dsin;
                tape_cos[i * x.len() + j] = cos;
            }
        }
        let cond = dx_i_1 != 0.0;
        if cond {
            saved_dx_2[i] = dx[i + 1];
            dx[i + 1] += dx_i_1;
        }
        tape_cond.push_reserved(cond);
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
        let tape_cond_w = ::parad::__private::window(&tape_cond[..], 0, 0..x.len());
        for i in (0..x.len()).rev() {
            let cond = tape_cond_w[i];
            let mut ddx_i_1 = 0.0;
            if cond {
                dx[i + 1] = saved_dx_2[i];
                ddx_i_1 += ddx[i + 1];
            }
            let mut dx_2_i_1 = 0.0;
            for j in (0..x.len()).rev() {
                if i + 1 < x.len() {
                    let dsin = tape_dsin[i * x.len() + j];
                    let cos = tape_cos[i * x.len() + j];
                    let g = dsin * cos;
                    dx[j] = saved_dx[i * x.len() + j];
                    let g_2 = ddx[j];
                    dx_2_i_1 += g_2 * g;
                    let mut dg = g_2 * x[i + 1] + ddx_i_1 * x[j];
                    let mut dcos = dg * dsin;
                    let g_3 = -(dcos * (x[i + 1] * x[j]).sin());
                    dx_2_i_1 += g_3 * x[j];
                    let mut ddsin = dg * cos;
                    let mut dsin_2 = ds_2;
                    let g_4 = dsin_2 * (x[i + 1] * x[j]).cos();
                    dx_2_i_1 += g_4 * x[j];
                    dx_2[j] += ddx_i_1 * g + g_3 * x[i + 1] + g_4 * x[i + 1];
                    dds += ddsin;
                }
            }
            if dx_2_i_1 != 0.0 {
                dx_2[i + 1] += dx_2_i_1;
            }
        }
        let g_5 = dds;
        dds = 0.0;
        let mut ddret = g_5;
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
fn __parad_tan_d_next_pairs(
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
        let mut tdx_i_1 = 0.0;
        let mut dx_i_1 = 0.0;
        for j in 0..x.len() {
            if i + 1 < x.len() {
                let tsin = (tx[i + 1] * x[j] + x[i + 1] * tx[j])
                    * (x[i + 1] * x[j]).cos();
                let sin = (x[i + 1] * x[j]).sin();
                ts += tsin;
                s += sin;
                let tdsin = tds;
                let dsin = ds;
                let tcos = -((tx[i + 1] * x[j] + x[i + 1] * tx[j])
                    * (x[i + 1] * x[j]).sin());
                let cos = (x[i + 1] * x[j]).cos();
                let tg = tdsin * cos + dsin * tcos;
                let g = dsin * cos;
                tdx_i_1 += tg * x[j] + g * tx[j];
                dx_i_1 += g * x[j];
                tdx[j] += tg * x[i + 1] + g * tx[i + 1];
                dx[j] += g * x[i + 1];
            }
        }
        let cond = dx_i_1 != 0.0;
        if cond {
            tdx[i + 1] += tdx_i_1;
            dx[i + 1] += dx_i_1;
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
/// Reverse-mode derivative of [`next_pairs`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
fn d_next_pairs(x: &[f64], dx: &mut [f64], seed: f64) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut s = 0.0;
    let dx = &mut dx[..x.len()];
    let mut dret = seed;
    let mut ds = 0.0;
    ds = dret;
    for i in 0..x.len() {
        let mut dx_i_1 = 0.0;
        for j in 0..x.len() {
            if i + 1 < x.len() {
                let sin = (x[i + 1] * x[j]).sin();
                s += sin;
                let mut dsin = ds;
                let g = dsin * (x[i + 1] * x[j]).cos();
                dx_i_1 += g * x[j];
                dx[j] += g * x[i + 1];
            }
        }
        if dx_i_1 != 0.0 {
            dx[i + 1] += dx_i_1;
        }
    }
    let ret: f64 = s;
    let primal = ret;
    primal
}
