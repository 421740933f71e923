#[allow(dead_code)]
fn row_norms(a: &[f64], n: usize) -> f64 {
    let mut out = 0.0;
    for i in 0..a.len() / n {
        let mut v = 0.0;
        for j in 0..n {
            v += a[i * n + j] * a[i * n + j].sin();
        }
        out += v * v;
    }
    out
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
fn __parad_fwd_row_norms(
    a: &[f64],
    n: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut tape_v = ::parad::__private::Tape::new();
    let mut out = 0.0;
    tape_v.reserve(a.len() / n);
    for i in 0..a.len() / n {
        let mut v = 0.0;
        let a_w = ::parad::__private::window(&a[..], i * n, 0..n);
        for j in 0..n {
            v += a_w[j] * a_w[j].sin();
        }
        out += v * v;
        tape_v.push_reserved(v);
    }
    let ret: f64 = out;
    let reverse = move |a: &[f64], da: &mut [f64], seed: f64| {
        let mut da = ::parad::__private::ShadowSlice::new(da);
        let mut dret = seed;
        let mut dout = 0.0;
        dout = dret;
        let tape_v_w = ::parad::__private::window(&tape_v[..], 0, 0..a.len() / n);
        for i in 0..a.len() / n {
            let mut v = tape_v_w[i];
            let mut dv = 0.0;
            dv = dout * (2.0 * v);
            let a_w_2 = ::parad::__private::window(&a[..], i * n, 0..n);
            for j in 0..n {
                da[i * n + j] += dv * a_w_2[j].sin() + dv * a_w_2[j] * a_w_2[j].cos();
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
fn __parad_tan_row_norms(a: &[f64], ta: &[f64], n: usize) -> (f64, f64) {
    let ta = ::parad::__private::TangentSlice::new(ta);
    let mut tout = 0.0;
    let mut out = 0.0;
    for i in 0..a.len() / n {
        let mut tv = 0.0;
        let mut v = 0.0;
        for j in 0..n {
            tv
                += ta[i * n + j] * a[i * n + j].sin()
                    + a[i * n + j] * (ta[i * n + j] * a[i * n + j].cos());
            v += a[i * n + j] * a[i * n + j].sin();
        }
        tout += tv * v + v * tv;
        out += v * v;
    }
    let tret = tout;
    let ret: f64 = out;
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
fn __parad_fwd___parad_joint_row_norms(
    a: &[f64],
    da: &mut [f64],
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
    let mut tape_v = ::parad::__private::Tape::new();
    let mut tape_dv = ::parad::__private::Tape::new();
    let mut saved_da = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    let mut out = 0.0;
    let dret = seed;
    let mut dout = 0.0;
    dout = dret;
    tape_v.reserve(a.len() / n);
    tape_dv.reserve(a.len() / n);
    saved_da.reserve(a.len() / n * n);
    for i in 0..a.len() / n {
        let mut v = 0.0;
        let a_w = ::parad::__private::window(&a[..], i * n, 0..n);
        for j in 0..n {
            v += a_w[j] * a_w[j].sin();
        }
        out += v * v;
        let mut dv = 0.0;
        dv = dout * (2.0 * v);
        let da_w = ::parad::__private::window_mut(&mut da[..], i * n, 0..n);
        let a_w_2 = ::parad::__private::window(&a[..], i * n, 0..n);
        for j_2 in 0..n {
            saved_da.push_reserved(da_w[j_2]);
            da_w[j_2] += dv * a_w_2[j_2].sin() + dv * a_w_2[j_2] * a_w_2[j_2].cos();
        }
        tape_v.push_reserved(v);
        tape_dv.push_reserved(dv);
    }
    let ret: f64 = out;
    let primal_2 = ret;
    let reverse = move |
        a: &[f64],
        da_2: &mut [f64],
        da: &mut [f64],
        dda: &mut [f64],
        seed_2: (),
    | -> (f64,) {
        let mut da_2 = ::parad::__private::ShadowSlice::new(da_2);
        let mut dda = ::parad::__private::ShadowSlice::new(dda);
        let mut dseed: f64 = 0.0;
        let _ = seed_2;
        let mut dout_2 = 0.0;
        let mut ddret = 0.0;
        let mut ddout = 0.0;
        let mut dret_2 = 0.0;
        let mut dprimal_2 = 0.0;
        dret_2 = dprimal_2;
        dout_2 = dret_2;
        let tape_v_w = ::parad::__private::window(&tape_v[..], 0, 0..a.len() / n);
        let tape_dv_w = ::parad::__private::window(&tape_dv[..], 0, 0..a.len() / n);
        for i in (0..a.len() / n).rev() {
            let mut v = tape_v_w[i];
            let mut dv = tape_dv_w[i];
            let mut dv_2 = 0.0;
            let mut ddv = 0.0;
            let da_w_2 = ::parad::__private::window_mut(&mut da[..], i * n, 0..n);
            let saved_da_w = ::parad::__private::window(&saved_da[..], i * n, 0..n);
            let a_w_3 = ::parad::__private::window(&a[..], i * n, 0..n);
            for j_2 in (0..n).rev() {
                da_w_2[j_2] = saved_da_w[j_2];
                let g = dda[i * n + j_2];
                let g_2 = g * a_w_3[j_2].cos();
                ddv += g * a_w_3[j_2].sin() + g_2 * a_w_3[j_2];
                da_2[i * n + j_2]
                    += g * dv * a_w_3[j_2].cos() + g_2 * dv
                        + -(g * (dv * a_w_3[j_2]) * a_w_3[j_2].sin());
            }
            let g_3 = ddv;
            ddv = 0.0;
            dv_2 = g_3 * dout * 2.0 + dout_2 * (2.0 * v);
            let a_w_4 = ::parad::__private::window(&a[..], i * n, 0..n);
            for j in 0..n {
                da_2[i * n + j]
                    += dv_2 * a_w_4[j].sin() + dv_2 * a_w_4[j] * a_w_4[j].cos();
            }
            ddout += g_3 * (2.0 * v);
        }
        let g_4 = ddout;
        ddout = 0.0;
        ddret = g_4;
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
fn __parad_tan___parad_joint_row_norms(
    a: &[f64],
    ta: &[f64],
    da: &mut [f64],
    tda: &mut [f64],
    n: usize,
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let ta = ::parad::__private::TangentSlice::new(ta);
    let mut tda = ::parad::__private::ShadowSlice::new(tda);
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    let mut tout = 0.0;
    let mut out = 0.0;
    let tdret = tseed;
    let dret = seed;
    let mut tdout = 0.0;
    let mut dout = 0.0;
    tdout = tdret;
    dout = dret;
    for i in 0..a.len() / n {
        let mut tv = 0.0;
        let mut v = 0.0;
        for j in 0..n {
            tv
                += ta[i * n + j] * a[i * n + j].sin()
                    + a[i * n + j] * (ta[i * n + j] * a[i * n + j].cos());
            v += a[i * n + j] * a[i * n + j].sin();
        }
        tout += tv * v + v * tv;
        out += v * v;
        let mut tdv = 0.0;
        let mut dv = 0.0;
        tdv = tdout * (2.0 * v) + dout * (2.0 * tv);
        dv = dout * (2.0 * v);
        for j_2 in 0..n {
            tda[i * n + j_2]
                += tdv * a[i * n + j_2].sin()
                    + dv * (ta[i * n + j_2] * a[i * n + j_2].cos())
                    + ((tdv * a[i * n + j_2] + dv * ta[i * n + j_2])
                        * a[i * n + j_2].cos()
                        + dv * a[i * n + j_2]
                            * -(ta[i * n + j_2] * a[i * n + j_2].sin()));
            da[i * n + j_2]
                += dv * a[i * n + j_2].sin()
                    + dv * a[i * n + j_2] * a[i * n + j_2].cos();
        }
    }
    let tret = tout;
    let ret: f64 = out;
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
fn __parad_fwd_d_row_norms(
    a: &[f64],
    da: &mut [f64],
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
    let mut tape_v = ::parad::__private::Tape::new();
    let mut tape_dv = ::parad::__private::Tape::new();
    let mut saved_da = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    let mut out = 0.0;
    let dret = seed;
    let mut dout = 0.0;
    dout = dret;
    tape_v.reserve(a.len() / n);
    tape_dv.reserve(a.len() / n);
    saved_da.reserve(a.len() / n * n);
    for i in 0..a.len() / n {
        let mut v = 0.0;
        let a_w = ::parad::__private::window(&a[..], i * n, 0..n);
        for j in 0..n {
            v += a_w[j] * a_w[j].sin();
        }
        out += v * v;
        let mut dv = 0.0;
        dv = dout * (2.0 * v);
        let da_w = ::parad::__private::window_mut(&mut da[..], i * n, 0..n);
        let a_w_2 = ::parad::__private::window(&a[..], i * n, 0..n);
        for j_2 in 0..n {
            saved_da.push_reserved(da_w[j_2]);
            da_w[j_2] += dv * a_w_2[j_2].sin() + dv * a_w_2[j_2] * a_w_2[j_2].cos();
        }
        tape_v.push_reserved(v);
        tape_dv.push_reserved(dv);
    }
    let ret: f64 = out;
    let primal_2 = ret;
    let ret_2: f64 = primal_2;
    let reverse = move |
        a: &[f64],
        da_2: &mut [f64],
        da: &mut [f64],
        dda: &mut [f64],
        seed_2: f64,
    | -> (f64,) {
        let mut da_2 = ::parad::__private::ShadowSlice::new(da_2);
        let mut dda = ::parad::__private::ShadowSlice::new(dda);
        let mut dseed: f64 = 0.0;
        let mut dret_2_2 = seed_2;
        let mut dout_2 = 0.0;
        let mut ddret = 0.0;
        let mut ddout = 0.0;
        let mut dret_2 = 0.0;
        let mut dprimal_2 = 0.0;
        dprimal_2 = dret_2_2;
        dret_2 = dprimal_2;
        dout_2 = dret_2;
        let tape_v_w = ::parad::__private::window(&tape_v[..], 0, 0..a.len() / n);
        let tape_dv_w = ::parad::__private::window(&tape_dv[..], 0, 0..a.len() / n);
        for i in (0..a.len() / n).rev() {
            let mut v = tape_v_w[i];
            let mut dv = tape_dv_w[i];
            let mut dv_2 = 0.0;
            let mut ddv = 0.0;
            let da_w_2 = ::parad::__private::window_mut(&mut da[..], i * n, 0..n);
            let saved_da_w = ::parad::__private::window(&saved_da[..], i * n, 0..n);
            let a_w_3 = ::parad::__private::window(&a[..], i * n, 0..n);
            for j_2 in (0..n).rev() {
                da_w_2[j_2] = saved_da_w[j_2];
                let g = dda[i * n + j_2];
                let g_2 = g * a_w_3[j_2].cos();
                ddv += g * a_w_3[j_2].sin() + g_2 * a_w_3[j_2];
                da_2[i * n + j_2]
                    += g * dv * a_w_3[j_2].cos() + g_2 * dv
                        + -(g * (dv * a_w_3[j_2]) * a_w_3[j_2].sin());
            }
            let g_3 = ddv;
            ddv = 0.0;
            dv_2 = g_3 * dout * 2.0 + dout_2 * (2.0 * v);
            let a_w_4 = ::parad::__private::window(&a[..], i * n, 0..n);
            for j in 0..n {
                da_2[i * n + j]
                    += dv_2 * a_w_4[j].sin() + dv_2 * a_w_4[j] * a_w_4[j].cos();
            }
            ddout += g_3 * (2.0 * v);
        }
        let g_4 = ddout;
        ddout = 0.0;
        ddret = g_4;
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
fn __parad_tan_d_row_norms(
    a: &[f64],
    ta: &[f64],
    da: &mut [f64],
    tda: &mut [f64],
    n: usize,
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let ta = ::parad::__private::TangentSlice::new(ta);
    let mut tda = ::parad::__private::ShadowSlice::new(tda);
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    let mut tout = 0.0;
    let mut out = 0.0;
    let tdret = tseed;
    let dret = seed;
    let mut tdout = 0.0;
    let mut dout = 0.0;
    tdout = tdret;
    dout = dret;
    for i in 0..a.len() / n {
        let mut tv = 0.0;
        let mut v = 0.0;
        for j in 0..n {
            tv
                += ta[i * n + j] * a[i * n + j].sin()
                    + a[i * n + j] * (ta[i * n + j] * a[i * n + j].cos());
            v += a[i * n + j] * a[i * n + j].sin();
        }
        tout += tv * v + v * tv;
        out += v * v;
        let mut tdv = 0.0;
        let mut dv = 0.0;
        tdv = tdout * (2.0 * v) + dout * (2.0 * tv);
        dv = dout * (2.0 * v);
        for j_2 in 0..n {
            tda[i * n + j_2]
                += tdv * a[i * n + j_2].sin()
                    + dv * (ta[i * n + j_2] * a[i * n + j_2].cos())
                    + ((tdv * a[i * n + j_2] + dv * ta[i * n + j_2])
                        * a[i * n + j_2].cos()
                        + dv * a[i * n + j_2]
                            * -(ta[i * n + j_2] * a[i * n + j_2].sin()));
            da[i * n + j_2]
                += dv * a[i * n + j_2].sin()
                    + dv * a[i * n + j_2] * a[i * n + j_2].cos();
        }
    }
    let tret = tout;
    let ret: f64 = out;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tret_2 = tprimal_2;
    let ret_2: f64 = primal_2;
    (ret_2, tret_2)
}
/// Reverse-mode derivative of [`row_norms`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    clippy::all
)]
fn d_row_norms(a: &[f64], da: &mut [f64], n: usize, seed: f64) -> f64 {
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    let mut out = 0.0;
    let da = &mut da[..a.len()];
    let mut dret = seed;
    let mut dout = 0.0;
    dout = dret;
    for i in 0..a.len() / n {
        let mut v = 0.0;
        let a_w = ::parad::__private::window(&a[..], i * n, 0..n);
        for j in 0..n {
            v += a_w[j] * a_w[j].sin();
        }
        out += v * v;
        let mut dv = 0.0;
        dv = dout * (2.0 * v);
        let da_w = ::parad::__private::window_mut(&mut da[..], i * n, 0..n);
        let a_w_2 = ::parad::__private::window(&a[..], i * n, 0..n);
        for j in 0..n {
            da_w[j] += dv * a_w_2[j].sin() + dv * a_w_2[j] * a_w_2[j].cos();
        }
    }
    let ret: f64 = out;
    let primal = ret;
    primal
}
