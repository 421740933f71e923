#[allow(dead_code)]
pub fn layer(w: &[Vec<f64>], x: &[f64]) -> f64 {
    let n = x.len();
    let mut outer = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..n {
            outer[i][j] = x[i] * x[j];
        }
    }
    let mut s = 0.0;
    for (i, row) in w.iter().enumerate() {
        let mut z = 0.0;
        for j in 0..row.len() {
            z += row[j] * x[j] + outer[i][j];
        }
        s += z.tanh();
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
pub fn __parad_fwd_layer(
    w: &[f64],
    __parad_cols_w: usize,
    x: &[f64],
) -> (
    f64,
    impl ::core::ops::FnOnce(&[f64], &mut [f64], &[f64], &mut [f64], f64) + use<>,
) {
    let mut tape_tanh = ::parad::__private::Tape::new();
    let n = x.len();
    let __parad_cols_outer: usize = n;
    let mut outer = ::std::vec![0.0; n * __parad_cols_outer];
    for i in 0..n {
        let outer_w = ::parad::__private::window_mut(
            &mut outer[..],
            i * __parad_cols_outer,
            0..n,
        );
        let x_w = ::parad::__private::window(&x[..], 0, 0..n);
        for j in 0..n {
            if j >= __parad_cols_outer {
                ::core::panic!(
                    "index out of bounds: the index is past the end of the array"
                );
            }
            outer_w[j] = x[i] * x_w[j];
        }
    }
    let mut s = 0.0;
    tape_tanh.reserve(w.len() / __parad_cols_w);
    for i_2 in 0..w.len() / __parad_cols_w {
        let mut z = 0.0;
        let w_w = ::parad::__private::window(
            &w[..],
            i_2 * __parad_cols_w,
            0..__parad_cols_w,
        );
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..__parad_cols_w);
        let outer_w_2 = ::parad::__private::window(
            &outer[..],
            i_2 * __parad_cols_outer,
            0..__parad_cols_w,
        );
        for j_2 in 0..__parad_cols_w {
            if j_2 >= __parad_cols_outer {
                ::core::panic!(
                    "index out of bounds: the index is past the end of the array"
                );
            }
            z += w_w[j_2] * x_w_2[j_2] + outer_w_2[j_2];
        }
        let tanh = z.tanh();
        s += tanh;
        tape_tanh.push_reserved(tanh);
    }
    let ret: f64 = s;
    let reverse = move |w: &[f64], dw: &mut [f64], x: &[f64], dx: &mut [f64], seed: f64| {
        let mut dw = ::parad::__private::ShadowSlice::new(dw);
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dret = seed;
        let mut douter = ::std::vec![0.0; outer.len()];
        let mut ds = dret;
        let tape_tanh_w = ::parad::__private::window(
            &tape_tanh[..],
            0,
            0..w.len() / __parad_cols_w,
        );
        for i_2 in 0..w.len() / __parad_cols_w {
            let tanh = tape_tanh_w[i_2];
            let mut dtanh = ds;
            let mut dz = dtanh * (1.0 - tanh * tanh);
            let x_w_3 = ::parad::__private::window(&x[..], 0, 0..__parad_cols_w);
            let w_w_2 = ::parad::__private::window(
                &w[..],
                i_2 * __parad_cols_w,
                0..__parad_cols_w,
            );
            let douter_w = ::parad::__private::window_mut(
                &mut douter[..],
                i_2 * __parad_cols_outer,
                0..__parad_cols_w,
            );
            for j_2 in 0..__parad_cols_w {
                dw[i_2 * __parad_cols_w + j_2] += dz * x_w_3[j_2];
                dx[j_2] += dz * w_w_2[j_2];
                douter_w[j_2] += dz;
            }
        }
        for i in (0..n).rev() {
            let mut dx_i = 0.0;
            let douter_w_2 = ::parad::__private::window_mut(
                &mut douter[..],
                i * __parad_cols_outer,
                0..n,
            );
            let x_w_4 = ::parad::__private::window(&x[..], 0, 0..n);
            for j in (0..n).rev() {
                let g = douter_w_2[j];
                douter_w_2[j] = 0.0;
                dx_i += g * x_w_4[j];
                dx[j] += g * x[i];
            }
            if n > 0 {
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
pub fn __parad_tan_layer(
    w: &[f64],
    tw: &[f64],
    __parad_cols_w: usize,
    x: &[f64],
    tx: &[f64],
) -> (f64, f64) {
    let tw = ::parad::__private::TangentSlice::new(tw);
    let tx = ::parad::__private::TangentSlice::new(tx);
    let n = x.len();
    let __parad_cols_outer: usize = n;
    let mut touter = ::std::vec![0.0; n * __parad_cols_outer];
    let mut outer = ::std::vec![0.0; n * __parad_cols_outer];
    for i in 0..n {
        for j in 0..n {
            if j >= __parad_cols_outer {
                ::core::panic!(
                    "index out of bounds: the index is past the end of the array"
                );
            }
            touter[i * __parad_cols_outer + j] = tx[i] * x[j] + x[i] * tx[j];
            outer[i * __parad_cols_outer + j] = x[i] * x[j];
        }
    }
    let mut ts = 0.0;
    let mut s = 0.0;
    for i_2 in 0..w.len() / __parad_cols_w {
        let mut tz = 0.0;
        let mut z = 0.0;
        for j_2 in 0..__parad_cols_w {
            if j_2 >= __parad_cols_outer {
                ::core::panic!(
                    "index out of bounds: the index is past the end of the array"
                );
            }
            tz
                += tw[i_2 * __parad_cols_w + j_2] * x[j_2]
                    + w[i_2 * __parad_cols_w + j_2] * tx[j_2]
                    + touter[i_2 * __parad_cols_outer + j_2];
            z
                += w[i_2 * __parad_cols_w + j_2] * x[j_2]
                    + outer[i_2 * __parad_cols_outer + j_2];
        }
        let tanh = z.tanh();
        let ttanh = tz * (1.0 - tanh * tanh);
        ts += ttanh;
        s += tanh;
    }
    let tret = ts;
    let ret: f64 = s;
    (ret, tret)
}
/// Reverse-mode derivative of [`layer`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_layer(
    w: &[Vec<f64>],
    dw: &mut [Vec<f64>],
    x: &[f64],
    dx: &mut [f64],
    seed: f64,
) -> f64 {
    let __parad_cols_w = ::parad::__private::row_width(w, "w");
    let w_flat = ::parad::__private::flat_rows(w);
    let mut dw_flat = ::parad::__private::flat_rows_like(
        dw,
        w.len(),
        __parad_cols_w,
        "dw",
    );
    let out = __parad_rows_d_layer(&w_flat, &mut dw_flat, __parad_cols_w, x, dx, seed);
    ::parad::__private::unflat_rows(&dw_flat, dw);
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
pub fn __parad_rows_d_layer(
    w: &[f64],
    dw: &mut [f64],
    __parad_cols_w: usize,
    x: &[f64],
    dx: &mut [f64],
    seed: f64,
) -> f64 {
    ::core::assert_eq!(
        dw.len(), w.len(), "the shadow of `w` must have the length of `w`"
    );
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let n = x.len();
    let __parad_cols_outer: usize = n;
    let mut outer = ::std::vec![0.0; n * __parad_cols_outer];
    for i in 0..n {
        let outer_w = ::parad::__private::window_mut(
            &mut outer[..],
            i * __parad_cols_outer,
            0..n,
        );
        let x_w = ::parad::__private::window(&x[..], 0, 0..n);
        for j in 0..n {
            if j >= __parad_cols_outer {
                ::core::panic!(
                    "index out of bounds: the index is past the end of the array"
                );
            }
            outer_w[j] = x[i] * x_w[j];
        }
    }
    let mut s = 0.0;
    let dw = &mut dw[..w.len()];
    let dx = &mut dx[..x.len()];
    let mut dret = seed;
    let mut douter = ::std::vec![0.0; outer.len()];
    let mut ds = 0.0;
    ds = dret;
    for i_2 in 0..w.len() / __parad_cols_w {
        let mut z = 0.0;
        let w_w = ::parad::__private::window(
            &w[..],
            i_2 * __parad_cols_w,
            0..__parad_cols_w,
        );
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..__parad_cols_w);
        let outer_w_2 = ::parad::__private::window(
            &outer[..],
            i_2 * __parad_cols_outer,
            0..__parad_cols_w,
        );
        for j_2 in 0..__parad_cols_w {
            if j_2 >= __parad_cols_outer {
                ::core::panic!(
                    "index out of bounds: the index is past the end of the array"
                );
            }
            z += w_w[j_2] * x_w_2[j_2] + outer_w_2[j_2];
        }
        let tanh = z.tanh();
        s += tanh;
        let mut dtanh = ds;
        let mut dz = dtanh * (1.0 - tanh * tanh);
        let dw_w = ::parad::__private::window_mut(
            &mut dw[..],
            i_2 * __parad_cols_w,
            0..__parad_cols_w,
        );
        let x_w_3 = ::parad::__private::window(&x[..], 0, 0..__parad_cols_w);
        let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..__parad_cols_w);
        let w_w_2 = ::parad::__private::window(
            &w[..],
            i_2 * __parad_cols_w,
            0..__parad_cols_w,
        );
        let douter_w = ::parad::__private::window_mut(
            &mut douter[..],
            i_2 * __parad_cols_outer,
            0..__parad_cols_w,
        );
        for j_2 in 0..__parad_cols_w {
            dw_w[j_2] += dz * x_w_3[j_2];
            dx_w[j_2] += dz * w_w_2[j_2];
            douter_w[j_2] += dz;
        }
    }
    let ret: f64 = s;
    let primal = ret;
    for i in (0..n).rev() {
        let mut dx_i = 0.0;
        let douter_w_2 = ::parad::__private::window_mut(
            &mut douter[..],
            i * __parad_cols_outer,
            0..n,
        );
        let x_w_4 = ::parad::__private::window(&x[..], 0, 0..n);
        let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], 0, 0..n);
        for j in (0..n).rev() {
            let g = douter_w_2[j];
            douter_w_2[j] = 0.0;
            dx_i += g * x_w_4[j];
            dx_w_2[j] += g * x[i];
        }
        if n > 0 {
            dx[i] += dx_i;
        }
    }
    primal
}
