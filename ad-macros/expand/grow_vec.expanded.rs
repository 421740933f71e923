#[allow(dead_code)]
fn emit(x: &[f64], out: &mut Vec<f64>) {
    out.clear();
    for i in 0..x.len() {
        if x[i] > 0.0 {
            out.push(x[i].sin());
        }
    }
    out.extend_from_slice(&x[..2]);
}
#[allow(unused, non_snake_case, clippy::all)]
#[allow(dead_code)]
#[doc(hidden)]
fn __parad_grow_emit(x: &[f64], out_initial: &[f64]) -> ::std::vec::Vec<f64> {
    let mut out = out_initial.to_vec();
    out = ::std::vec::Vec::new();
    for i in 0..x.len() {
        if x[i] > 0.0 {
            out.push(x[i].sin());
        }
    }
    {
        let src = &x[..2];
        for i_3 in 0..src.len() {
            out.push(src[i_3]);
        }
    };
    out
}
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
#[doc(hidden)]
fn __parad_grow_d_emit(
    x: &[f64],
    dx: &mut [f64],
    out_initial: &[f64],
    dout_initial: &mut [f64],
    seed: &[f64],
) -> ::std::vec::Vec<f64> {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    ::core::assert_eq!(
        dout_initial.len(), out_initial.len(),
        "the shadow of `out_initial` must have the length of `out_initial`"
    );
    let mut out: ::std::vec::Vec<f64> = out_initial.to_vec();
    let mut out_new = ::std::vec::Vec::new();
    ::core::mem::swap(&mut out, &mut out_new);
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    for i in 0..x.len() {
        if x_w[i] > 0.0 {
            out.push(x_w[i].sin());
        }
    }
    if 2 > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    for i_3 in 0..2 {
        out.push(x[i_3]);
    }
    ::core::assert_eq!(
        seed.len(), out.len(),
        "the seed (of a returned `Vec`, or the shadow of a `&mut Vec` the function resizes) must have the length of the resulting vector"
    );
    let primal = out;
    let dx = &mut dx[..x.len()];
    let dout_initial = &mut dout_initial[..out_initial.len()];
    let mut dout = seed.to_vec();
    let mut dout_new = ::std::vec![0.0; out_new.len()];
    for i_3 in (0..2).rev() {
        let g = dout.pop().unwrap();
        dx[i_3] += g;
    }
    let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
    for i in (0..x.len()).rev() {
        if x_w_2[i] > 0.0 {
            let g_2 = dout.pop().unwrap();
            dx[i] += g_2 * x_w_2[i].cos();
        }
    }
    ::core::mem::swap(&mut dout, &mut dout_new);
    for k in 0..dout.len() {
        dout_initial[k] += dout[k];
    }
    primal
}
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
#[doc(hidden)]
fn __parad_tan___parad_grow_emit(
    x: &[f64],
    tx: &[f64],
    out_initial: &[f64],
    tout_initial: &[f64],
) -> (::std::vec::Vec<f64>, ::std::vec::Vec<f64>) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let tout_initial = ::parad::__private::TangentSlice::new(tout_initial);
    let mut tout = ::parad::__private::copy_or_zeros(
        tout_initial.as_slice(),
        (out_initial).len(),
    );
    let mut out: ::std::vec::Vec<f64> = out_initial.to_vec();
    let mut tout_new = ::std::vec::Vec::new();
    let mut out_new = ::std::vec::Vec::new();
    ::core::mem::swap(&mut tout, &mut tout_new);
    ::core::mem::swap(&mut out, &mut out_new);
    for i in 0..x.len() {
        if x[i] > 0.0 {
            tout.push(tx[i] * x[i].cos());
            out.push(x[i].sin());
        }
    }
    if 2 > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    for i_3 in 0..2 {
        tout.push(tx[i_3]);
        out.push(x[i_3]);
    }
    let tangent = tout;
    (out, tangent)
}
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
#[doc(hidden)]
fn __parad_fwd___parad_grow_emit(
    x: &[f64],
    out_initial: &[f64],
) -> (
    ::std::vec::Vec<f64>,
    impl ::core::ops::FnOnce(&[f64], &mut [f64], &[f64], &mut [f64], &[f64]) + use<>,
) {
    let mut out: ::std::vec::Vec<f64> = out_initial.to_vec();
    let mut out_new = ::std::vec::Vec::new();
    ::core::mem::swap(&mut out, &mut out_new);
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    for i in 0..x.len() {
        if x_w[i] > 0.0 {
            out.push(x_w[i].sin());
        }
    }
    if 2 > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    for i_3 in 0..2 {
        out.push(x[i_3]);
    }
    let out_len = out.len();
    let reverse = move |
        x: &[f64],
        dx: &mut [f64],
        out_initial: &[f64],
        dout_initial: &mut [f64],
        seed: &[f64]|
    {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dout_initial = ::parad::__private::ShadowSlice::new(dout_initial);
        let mut dout = ::parad::__private::copy_or_zeros(seed, out_len);
        let mut dout_new = ::std::vec![0.0; out_new.len()];
        for i_3 in (0..2).rev() {
            let g = dout.pop().unwrap();
            dx[i_3] += g;
        }
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
        for i in (0..x.len()).rev() {
            if x_w_2[i] > 0.0 {
                let g_2 = dout.pop().unwrap();
                dx[i] += g_2 * x_w_2[i].cos();
            }
        }
        ::core::mem::swap(&mut dout, &mut dout_new);
        for k in 0..dout.len() {
            dout_initial[k] += dout[k];
        }
    };
    (out, reverse)
}
/// Reverse-mode derivative of [`emit`], generated by `#[autodiff]`.
#[allow(unused, non_snake_case, clippy::all)]
fn d_emit(
    x: &[f64],
    dx: &mut [f64],
    out: &mut ::std::vec::Vec<f64>,
    dout: &mut ::std::vec::Vec<f64>,
) {
    let initial = ::core::mem::take(out);
    let mut d_initial = ::std::vec![::core::default::Default::default(); initial.len()];
    let seed_of_final = ::core::mem::take(dout);
    *out = __parad_grow_d_emit(x, dx, &initial, &mut d_initial, &seed_of_final);
    *dout = d_initial;
}
