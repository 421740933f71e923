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
    let mut tape_sin = ::parad::__private::Tape::new();
    let mut out = 0.0;
    tape_v.reserve(a.len() / n);
    tape_sin.reserve(a.len() / n * n);
    for i in 0..a.len() / n {
        let mut v = 0.0;
        let a_w = ::parad::__private::window(&a[..], i * n, 0..n);
        for j in 0..n {
            let sin = a_w[j].sin();
            v += a_w[j] * sin;
            tape_sin.push_reserved(sin);
        }
        out += v * v;
        tape_v.push_reserved(v);
    }
    let ret: f64 = out;
    let reverse = move |a: &[f64], da: &mut [f64], seed: f64| {
        let mut da = ::parad::__private::ShadowSlice::new(da);
        let mut dret = seed;
        let mut dout = dret;
        let tape_v_w = ::parad::__private::window(&tape_v[..], 0, 0..a.len() / n);
        for i in 0..a.len() / n {
            let mut v = tape_v_w[i];
            let mut dv = dout * (2.0 * v);
            let tape_sin_w = ::parad::__private::window(&tape_sin[..], i * n, 0..n);
            let a_w_2 = ::parad::__private::window(&a[..], i * n, 0..n);
            for j in 0..n {
                let sin = tape_sin_w[j];
                let mut dsin = dv * a_w_2[j];
                da[i * n + j] += dv * sin + dsin * a_w_2[j].cos();
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
            let tsin = ta[i * n + j] * a[i * n + j].cos();
            let sin = a[i * n + j].sin();
            tv += ta[i * n + j] * sin + a[i * n + j] * tsin;
            v += a[i * n + j] * sin;
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
    let mut tape_sin_2 = ::parad::__private::Tape::new();
    let mut tape_sin_2_2 = ::parad::__private::Tape::new();
    let mut tape_cos = ::parad::__private::Tape::new();
    let mut saved_da = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    let mut tape_sin = ::std::vec::Vec::new();
    let mut out = 0.0;
    let dret = seed;
    let mut dout = 0.0;
    dout = dret;
    tape_v.reserve(a.len() / n);
    tape_sin_2.reserve(a.len() / n * n);
    tape_sin_2_2.reserve(a.len() / n * n);
    tape_cos.reserve(a.len() / n * n);
    saved_da.reserve(a.len() / n * n);
    for i in 0..a.len() / n {
        let mut v = 0.0;
        let a_w = ::parad::__private::window(&a[..], i * n, 0..n);
        for j in 0..n {
            let sin = a_w[j].sin();
            v += a_w[j] * sin;
            tape_sin.push(sin);
            tape_sin_2.push_reserved(sin);
        }
        out += v * v;
        let dv = dout * (2.0 * v);
        let tape_sin_w = ::parad::__private::window(&tape_sin[..], i * n, 0..n);
        let a_w_2 = ::parad::__private::window(&a[..], i * n, 0..n);
        let da_w = ::parad::__private::window_mut(&mut da[..], i * n, 0..n);
        for j_2 in 0..n {
            let sin_2 = tape_sin_w[j_2];
            let dsin = dv * a_w_2[j_2];
            let cos = a_w_2[j_2].cos();
            saved_da.push_reserved(da_w[j_2]);
            da_w[j_2] += dv * sin_2 + dsin * cos;
            tape_sin_2_2.push_reserved(sin_2);
            tape_cos.push_reserved(cos);
        }
        tape_v.push_reserved(v);
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
        let mut dtape_sin = ::std::vec![0.0; tape_sin.len()];
        let mut ddout = 0.0;
        let mut dprimal_2 = 0.0;
        let mut dret_2 = dprimal_2;
        let mut dout_2 = dret_2;
        let tape_v_w = ::parad::__private::window(&tape_v[..], 0, 0..a.len() / n);
        for i in (0..a.len() / n).rev() {
            let mut v = tape_v_w[i];
            let dv = dout * (2.0 * v);
            let mut ddv = 0.0;
            let tape_sin_2_2_w = ::parad::__private::window(
                &tape_sin_2_2[..],
                i * n,
                0..n,
            );
            let a_w_3 = ::parad::__private::window(&a[..], i * n, 0..n);
            let tape_cos_w = ::parad::__private::window(&tape_cos[..], i * n, 0..n);
            let da_w_2 = ::parad::__private::window_mut(&mut da[..], i * n, 0..n);
            let saved_da_w = ::parad::__private::window(&saved_da[..], i * n, 0..n);
            let dtape_sin_w = ::parad::__private::window_mut(
                &mut dtape_sin[..],
                i * n,
                0..n,
            );
            for j_2 in (0..n).rev() {
                let sin_2 = tape_sin_2_2_w[j_2];
                let dsin = dv * a_w_3[j_2];
                let cos = tape_cos_w[j_2];
                da_w_2[j_2] = saved_da_w[j_2];
                let g = dda[i * n + j_2];
                let mut dcos = g * dsin;
                let mut ddsin = g * cos;
                let mut dsin_2_2 = g * dv;
                ddv += g * sin_2 + ddsin * a_w_3[j_2];
                da_2[i * n + j_2] += -(dcos * a_w_3[j_2].sin()) + ddsin * dv;
                dtape_sin_w[j_2] += dsin_2_2;
            }
            let mut dv_2 = ddv * dout * 2.0 + dout_2 * (2.0 * v);
            let tape_sin_2_w = ::parad::__private::window(&tape_sin_2[..], i * n, 0..n);
            let a_w_4 = ::parad::__private::window(&a[..], i * n, 0..n);
            for j in (0..n).rev() {
                let sin = tape_sin_2_w[j];
                let g_2 = dtape_sin.pop().unwrap();
                let mut dsin_2 = g_2;
                dsin_2 += dv_2 * a_w_4[j];
                da_2[i * n + j] += dv_2 * sin + dsin_2 * a_w_4[j].cos();
            }
            ddout += ddv * (2.0 * v);
        }
        let g_3 = ddout;
        ddout = 0.0;
        let mut ddret = g_3;
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
    let mut ttape_sin = ::std::vec::Vec::new();
    let mut tape_sin = ::std::vec::Vec::new();
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
            let tsin = ta[i * n + j] * a[i * n + j].cos();
            let sin = a[i * n + j].sin();
            tv += ta[i * n + j] * sin + a[i * n + j] * tsin;
            v += a[i * n + j] * sin;
            ttape_sin.push(tsin);
            tape_sin.push(sin);
        }
        tout += tv * v + v * tv;
        out += v * v;
        let tdv = tdout * (2.0 * v) + dout * (2.0 * tv);
        let dv = dout * (2.0 * v);
        for j_2 in 0..n {
            let tsin_2 = ttape_sin[i * n + j_2];
            let sin_2 = tape_sin[i * n + j_2];
            let tdsin = tdv * a[i * n + j_2] + dv * ta[i * n + j_2];
            let dsin = dv * a[i * n + j_2];
            let tcos = -(ta[i * n + j_2] * a[i * n + j_2].sin());
            let cos = a[i * n + j_2].cos();
            tda[i * n + j_2] += tdv * sin_2 + dv * tsin_2 + (tdsin * cos + dsin * tcos);
            da[i * n + j_2] += dv * sin_2 + dsin * cos;
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
    let mut tape_sin_2 = ::parad::__private::Tape::new();
    let mut tape_sin_2_2 = ::parad::__private::Tape::new();
    let mut tape_cos = ::parad::__private::Tape::new();
    let mut saved_da = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    let mut tape_sin = ::std::vec::Vec::new();
    let mut out = 0.0;
    let dret = seed;
    let mut dout = 0.0;
    dout = dret;
    tape_v.reserve(a.len() / n);
    tape_sin_2.reserve(a.len() / n * n);
    tape_sin_2_2.reserve(a.len() / n * n);
    tape_cos.reserve(a.len() / n * n);
    saved_da.reserve(a.len() / n * n);
    for i in 0..a.len() / n {
        let mut v = 0.0;
        let a_w = ::parad::__private::window(&a[..], i * n, 0..n);
        for j in 0..n {
            let sin = a_w[j].sin();
            v += a_w[j] * sin;
            tape_sin.push(sin);
            tape_sin_2.push_reserved(sin);
        }
        out += v * v;
        let dv = dout * (2.0 * v);
        let tape_sin_w = ::parad::__private::window(&tape_sin[..], i * n, 0..n);
        let a_w_2 = ::parad::__private::window(&a[..], i * n, 0..n);
        let da_w = ::parad::__private::window_mut(&mut da[..], i * n, 0..n);
        for j_2 in 0..n {
            let sin_2 = tape_sin_w[j_2];
            let dsin = dv * a_w_2[j_2];
            let cos = a_w_2[j_2].cos();
            saved_da.push_reserved(da_w[j_2]);
            da_w[j_2] += dv * sin_2 + dsin * cos;
            tape_sin_2_2.push_reserved(sin_2);
            tape_cos.push_reserved(cos);
        }
        tape_v.push_reserved(v);
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
        let mut dtape_sin = ::std::vec![0.0; tape_sin.len()];
        let mut ddout = 0.0;
        let mut dprimal_2 = dret_2_2;
        let mut dret_2 = dprimal_2;
        let mut dout_2 = dret_2;
        let tape_v_w = ::parad::__private::window(&tape_v[..], 0, 0..a.len() / n);
        for i in (0..a.len() / n).rev() {
            let mut v = tape_v_w[i];
            let dv = dout * (2.0 * v);
            let mut ddv = 0.0;
            let tape_sin_2_2_w = ::parad::__private::window(
                &tape_sin_2_2[..],
                i * n,
                0..n,
            );
            let a_w_3 = ::parad::__private::window(&a[..], i * n, 0..n);
            let tape_cos_w = ::parad::__private::window(&tape_cos[..], i * n, 0..n);
            let da_w_2 = ::parad::__private::window_mut(&mut da[..], i * n, 0..n);
            let saved_da_w = ::parad::__private::window(&saved_da[..], i * n, 0..n);
            let dtape_sin_w = ::parad::__private::window_mut(
                &mut dtape_sin[..],
                i * n,
                0..n,
            );
            for j_2 in (0..n).rev() {
                let sin_2 = tape_sin_2_2_w[j_2];
                let dsin = dv * a_w_3[j_2];
                let cos = tape_cos_w[j_2];
                da_w_2[j_2] = saved_da_w[j_2];
                let g = dda[i * n + j_2];
                let mut dcos = g * dsin;
                let mut ddsin = g * cos;
                let mut dsin_2_2 = g * dv;
                ddv += g * sin_2 + ddsin * a_w_3[j_2];
                da_2[i * n + j_2] += -(dcos * a_w_3[j_2].sin()) + ddsin * dv;
                dtape_sin_w[j_2] += dsin_2_2;
            }
            let mut dv_2 = ddv * dout * 2.0 + dout_2 * (2.0 * v);
            let tape_sin_2_w = ::parad::__private::window(&tape_sin_2[..], i * n, 0..n);
            let a_w_4 = ::parad::__private::window(&a[..], i * n, 0..n);
            for j in (0..n).rev() {
                let sin = tape_sin_2_w[j];
                let g_2 = dtape_sin.pop().unwrap();
                let mut dsin_2 = g_2;
                dsin_2 += dv_2 * a_w_4[j];
                da_2[i * n + j] += dv_2 * sin + dsin_2 * a_w_4[j].cos();
            }
            ddout += ddv * (2.0 * v);
        }
        let g_3 = ddout;
        ddout = 0.0;
        let mut ddret = g_3;
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
    let mut ttape_sin = ::std::vec::Vec::new();
    let mut tape_sin = ::std::vec::Vec::new();
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
            let tsin = ta[i * n + j] * a[i * n + j].cos();
            let sin = a[i * n + j].sin();
            tv += ta[i * n + j] * sin + a[i * n + j] * tsin;
            v += a[i * n + j] * sin;
            ttape_sin.push(tsin);
            tape_sin.push(sin);
        }
        tout += tv * v + v * tv;
        out += v * v;
        let tdv = tdout * (2.0 * v) + dout * (2.0 * tv);
        let dv = dout * (2.0 * v);
        for j_2 in 0..n {
            let tsin_2 = ttape_sin[i * n + j_2];
            let sin_2 = tape_sin[i * n + j_2];
            let tdsin = tdv * a[i * n + j_2] + dv * ta[i * n + j_2];
            let dsin = dv * a[i * n + j_2];
            let tcos = -(ta[i * n + j_2] * a[i * n + j_2].sin());
            let cos = a[i * n + j_2].cos();
            tda[i * n + j_2] += tdv * sin_2 + dv * tsin_2 + (tdsin * cos + dsin * tcos);
            da[i * n + j_2] += dv * sin_2 + dsin * cos;
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
    dead_code,
    clippy::all
)]
fn d_row_norms(a: &[f64], da: &mut [f64], n: usize, seed: f64) -> f64 {
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    let mut tape_sin = ::parad::__private::Tape::new();
    let mut out = 0.0;
    let da = &mut da[..a.len()];
    let mut dret = seed;
    let mut dout = 0.0;
    dout = dret;
    tape_sin.reserve(a.len() / n * n);
    for i in 0..a.len() / n {
        let mut v = 0.0;
        let a_w = ::parad::__private::window(&a[..], i * n, 0..n);
        for j in 0..n {
            let sin = a_w[j].sin();
            v += a_w[j] * sin;
            tape_sin.push_reserved(sin);
        }
        out += v * v;
        let mut dv = dout * (2.0 * v);
        let tape_sin_w = ::parad::__private::window(&tape_sin[..], i * n, 0..n);
        let a_w_2 = ::parad::__private::window(&a[..], i * n, 0..n);
        let da_w = ::parad::__private::window_mut(&mut da[..], i * n, 0..n);
        for j in 0..n {
            let sin = tape_sin_w[j];
            let mut dsin = dv * a_w_2[j];
            da_w[j] += dv * sin + dsin * a_w_2[j].cos();
        }
    }
    let ret: f64 = out;
    let primal = ret;
    primal
}
