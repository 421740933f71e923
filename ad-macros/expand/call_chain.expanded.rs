fn norm2(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
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
fn __parad_fwd_norm2(
    v: &[f64],
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut sum = 0.0;
    for i in 0..v.len() {
        let x_mapped = v[i] * v[i];
        sum += x_mapped;
    }
    let ret: f64 = sum.sqrt();
    let reverse = move |v: &[f64], dv: &mut [f64], seed: f64| {
        let mut dv = ::parad::__private::ShadowSlice::new(dv);
        let mut dret = seed;
        let mut dsum = 0.0;
        dsum += dret * 0.5 / sum.sqrt();
        for i in (0..v.len()).rev() {
            let mut dx_mapped = 0.0;
            dx_mapped += dsum;
            dv[i] += dx_mapped * 2.0 * v[i];
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
fn __parad_tan_norm2(v: &[f64], tv: &[f64]) -> (f64, f64) {
    let tv = ::parad::__private::TangentSlice::new(tv);
    let mut tsum = 0.0;
    let mut sum = 0.0;
    for i in 0..v.len() {
        let tx_mapped = tv[i] * v[i] + v[i] * tv[i];
        let x_mapped = v[i] * v[i];
        tsum += tx_mapped;
        sum += x_mapped;
    }
    let tret = tsum * 0.5 / sum.sqrt();
    let ret: f64 = sum.sqrt();
    (ret, tret)
}
fn sum_row_norms(m: &[f64], cols: usize) -> f64 {
    let mut total = 0.0;
    for row in m.chunks(cols) {
        total += norm2(row);
    }
    total
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
fn __parad_fwd_sum_row_norms(
    m: &[f64],
    cols: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut tape_norm2 = ::std::vec::Vec::new();
    let mut total = 0.0;
    for i in 0..m.len().div_ceil(cols) {
        let (norm2, norm2_reverse) = __parad_fwd_norm2(
            &m[i * cols..i * cols + cols.min(m.len() - i * cols)],
        );
        tape_norm2.push(norm2_reverse);
        total += norm2;
    }
    let ret: f64 = total;
    let reverse = move |m: &[f64], dm: &mut [f64], seed: f64| {
        let mut dm = ::parad::__private::ShadowSlice::new(dm);
        let mut dret = seed;
        let mut dtotal = 0.0;
        dtotal += dret;
        for i in (0..m.len().div_ceil(cols)).rev() {
            let mut dnorm2 = 0.0;
            dnorm2 += dtotal;
            let norm2_reverse = tape_norm2.pop().unwrap();
            norm2_reverse(
                &m[i * cols..i * cols + cols.min(m.len() - i * cols)],
                ::parad::__private::sub(
                    dm.as_mut_slice(),
                    i * cols,
                    i * cols + cols.min(m.len() - i * cols),
                ),
                dnorm2,
            );
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
fn __parad_tan_sum_row_norms(m: &[f64], tm: &[f64], cols: usize) -> (f64, f64) {
    let tm = ::parad::__private::TangentSlice::new(tm);
    let mut ttotal = 0.0;
    let mut total = 0.0;
    for i in 0..m.len().div_ceil(cols) {
        let (norm2, mut tnorm2) = __parad_tan_norm2(
            &m[i * cols..i * cols + cols.min(m.len() - i * cols)],
            ::parad::__private::sub_ref(
                tm.as_slice(),
                i * cols,
                i * cols + cols.min(m.len() - i * cols),
            ),
        );
        ttotal += tnorm2;
        total += norm2;
    }
    let tret = ttotal;
    let ret: f64 = total;
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
fn __parad_fwd_sum_row_norms_for_d_rows(
    m: &[f64],
    cols: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut tape_norm2 = ::std::vec::Vec::new();
    let mut total = 0.0;
    for i in 0..m.len().div_ceil(cols) {
        let (norm2, norm2_reverse) = __parad_fwd_norm2(
            &m[i * cols..i * cols + cols.min(m.len() - i * cols)],
        );
        tape_norm2.push(norm2_reverse);
        total += norm2;
    }
    let ret: f64 = total;
    let reverse = move |m: &[f64], dm: &mut [f64], seed: f64| {
        let dm = &mut dm[..m.len()];
        let mut dret = seed;
        let mut dtotal = 0.0;
        dtotal += dret;
        for i in (0..m.len().div_ceil(cols)).rev() {
            let mut dnorm2 = 0.0;
            dnorm2 += dtotal;
            let norm2_reverse = tape_norm2.pop().unwrap();
            norm2_reverse(
                &m[i * cols..i * cols + cols.min(m.len() - i * cols)],
                &mut dm[i * cols..i * cols + cols.min(m.len() - i * cols)],
                dnorm2,
            );
        }
    };
    (ret, reverse)
}
/// Reverse-mode derivative of [`sum_row_norms`], generated by `#[autodiff]`.
#[allow(clippy::too_many_arguments, unused_variables)]
fn d_rows(m: &[f64], dm: &mut [f64], cols: usize, seed: f64) -> f64 {
    ::core::assert_eq!(
        dm.len(), m.len(), "the shadow of `m` must have the length of `m`"
    );
    let (primal, reverse) = __parad_fwd_sum_row_norms_for_d_rows(m, cols);
    reverse(m, dm, seed);
    primal
}
