fn norm2(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tan___parad_joint_norm2(
    v: &[f64],
    tv: &[f64],
    dv: &mut [f64],
    tdv: &mut [f64],
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let tv = ::parad::__private::TangentSlice::new(tv);
    let mut tdv = ::parad::__private::ShadowSlice::new(tdv);
    ::core::assert_eq!(
        dv.len(), v.len(), "the shadow of `v` must have the length of `v`"
    );
    let mut tsum = 0.0;
    let mut sum = 0.0;
    for i in 0..v.len() {
        let tx_mapped = tv[i] * v[i] + v[i] * tv[i];
        let x_mapped = v[i] * v[i];
        tsum += tx_mapped;
        sum += x_mapped;
    }
    let ret: f64 = sum.sqrt();
    let tret = tsum * 0.5 / ret;
    let tdret = tseed;
    let dret = seed;
    let tdsum = tdret * 0.5 / ret - tret * (dret * 0.5 / ret) / ret;
    let dsum = dret * 0.5 / ret;
    for i_2 in 0..v.len() {
        let tdx_mapped = tdsum;
        let dx_mapped = dsum;
        tdv[i_2] += tdx_mapped * (2.0 * v[i_2]) + dx_mapped * (2.0 * tv[i_2]);
        dv[i_2] += dx_mapped * (2.0 * v[i_2]);
    }
    ((), ())
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_fwd___parad_joint_norm2(
    v: &[f64],
    dv: &mut [f64],
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
    let mut saved_dv = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dv.len(), v.len(), "the shadow of `v` must have the length of `v`"
    );
    let mut sum = 0.0;
    let v_w = ::parad::__private::window(&v[..], 0, 0..v.len());
    for i in 0..v.len() {
        let x_mapped = v_w[i] * v_w[i];
        sum += x_mapped;
    }
    let ret: f64 = sum.sqrt();
    let dret = seed;
    let dsum = dret * 0.5 / ret;
    saved_dv.reserve(v.len());
    let dv_w = ::parad::__private::window_mut(&mut dv[..], 0, 0..v.len());
    let v_w_2 = ::parad::__private::window(&v[..], 0, 0..v.len());
    for i_2 in 0..v.len() {
        let dx_mapped = dsum;
        saved_dv.push_reserved(dv_w[i_2]);
        dv_w[i_2] += dx_mapped * (2.0 * v_w_2[i_2]);
    }
    let reverse = move |
        v: &[f64],
        dv_2: &mut [f64],
        dv: &mut [f64],
        ddv: &mut [f64],
        seed_2: (),
    | -> (f64,) {
        let mut dv_2 = ::parad::__private::ShadowSlice::new(dv_2);
        let mut ddv = ::parad::__private::ShadowSlice::new(ddv);
        let mut dseed: f64 = 0.0;
        let mut ddsum = 0.0;
        let dv_w_2 = ::parad::__private::window_mut(&mut dv[..], 0, 0..v.len());
        let saved_dv_w = ::parad::__private::window(&saved_dv[..], 0, 0..v.len());
        let v_w_3 = ::parad::__private::window(&v[..], 0, 0..v.len());
        for i_2 in (0..v.len()).rev() {
            let dx_mapped = dsum;
            dv_w_2[i_2] = saved_dv_w[i_2];
            let g = ddv[i_2];
            let mut ddx_mapped = g * (2.0 * v_w_3[i_2]);
            dv_2[i_2] += g * dx_mapped * 2.0;
            ddsum += ddx_mapped;
        }
        let mut ddret = ddsum / ret * 0.5;
        let mut dret_2 = -(ddsum * (dret * 0.5 / ret) / ret);
        let mut dsum_2 = dret_2 * 0.5 / ret;
        let v_w_4 = ::parad::__private::window(&v[..], 0, 0..v.len());
        for i in 0..v.len() {
            let mut dx_mapped_2 = dsum_2;
            dv_2[i] += dx_mapped_2 * (2.0 * v_w_4[i]);
        }
        dseed += ddret;
        (dseed,)
    };
    ((), reverse)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
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
    let ret: f64 = sum.sqrt();
    let tret = tsum * 0.5 / ret;
    (ret, tret)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tanl_norm2<const __PARAD_N: usize>(
    v: &[f64],
    tv: &[::parad::__private::lanes::Lanes<__PARAD_N>],
) -> (f64, ::parad::__private::lanes::Lanes<__PARAD_N>) {
    let tv = ::parad::__private::TangentSlice::new(tv);
    let mut tsum = ::parad::__private::lanes::Lanes::<__PARAD_N>::ZERO;
    let mut sum = 0.0;
    for i in 0..v.len() {
        let tx_mapped = tv[i] * v[i] + v[i] * tv[i];
        let x_mapped = v[i] * v[i];
        tsum += tx_mapped;
        sum += x_mapped;
    }
    let ret: f64 = sum.sqrt();
    let tret = tsum * 0.5 / ret;
    (ret, tret)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_fwd_norm2(
    v: &[f64],
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut sum = 0.0;
    let v_w = ::parad::__private::window(&v[..], 0, 0..v.len());
    for i in 0..v.len() {
        let x_mapped = v_w[i] * v_w[i];
        sum += x_mapped;
    }
    let ret: f64 = sum.sqrt();
    let reverse = move |v: &[f64], dv: &mut [f64], seed: f64| {
        let mut dv = ::parad::__private::ShadowSlice::new(dv);
        let mut dret = seed;
        let mut dsum = dret * 0.5 / ret;
        let v_w_2 = ::parad::__private::window(&v[..], 0, 0..v.len());
        for i in 0..v.len() {
            let mut dx_mapped = dsum;
            dv[i] += dx_mapped * (2.0 * v_w_2[i]);
        }
    };
    (ret, reverse)
}
#[allow(dead_code)]
fn sum_row_norms(m: &[f64], cols: usize) -> f64 {
    let mut total = 0.0;
    for row in m.chunks(cols) {
        total += norm2(row);
    }
    total
}
/// Reverse-mode derivative of [`sum_row_norms`], generated by `#[autodiff]`.
#[allow(unused, non_snake_case, clippy::all)]
fn d_rows(m: &[f64], dm: &mut [f64], cols: usize, seed: f64) -> f64 {
    ::core::assert_eq!(
        dm.len(), m.len(), "the shadow of `m` must have the length of `m`"
    );
    let mut tape_norm2 = ::parad::__private::Tape::new();
    let mut total = 0.0;
    for i in 0..m.len().div_ceil(cols) {
        let (norm2_value, norm2_reverse) = __parad_fwd_norm2(
            &m[i * cols..i * cols + cols.min(m.len() - i * cols)],
        );
        tape_norm2.push(norm2_reverse);
        total += norm2_value;
    }
    let ret: f64 = total;
    let dm = &mut dm[..m.len()];
    let mut dret = seed;
    let mut dtotal = dret;
    for i in (0..m.len().div_ceil(cols)).rev() {
        let mut dnorm2_value = dtotal;
        let norm2_reverse = tape_norm2.pop().unwrap();
        let m_lo = i * cols;
        let m_hi = i * cols + cols.min(m.len() - i * cols);
        norm2_reverse(&m[m_lo..m_hi], &mut dm[m_lo..m_hi], dnorm2_value);
    }
    ret
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tan___parad_joint_sum_row_norms(
    m: &[f64],
    tm: &[f64],
    dm: &mut [f64],
    tdm: &mut [f64],
    cols: usize,
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let tm = ::parad::__private::TangentSlice::new(tm);
    let mut tdm = ::parad::__private::ShadowSlice::new(tdm);
    ::core::assert_eq!(
        dm.len(), m.len(), "the shadow of `m` must have the length of `m`"
    );
    let mut ttotal = 0.0;
    let mut total = 0.0;
    for i in 0..m.len().div_ceil(cols) {
        let m_lo_2 = i * cols;
        let m_hi_2 = i * cols + cols.min(m.len() - i * cols);
        let (norm2_value, mut tnorm2_value) = __parad_tan_norm2(
            &m[m_lo_2..m_hi_2],
            ::parad::__private::sub_ref(tm.as_slice(), m_lo_2, m_hi_2),
        );
        ttotal += tnorm2_value;
        total += norm2_value;
    }
    let tret = ttotal;
    let ret: f64 = total;
    let tdret = tseed;
    let dret = seed;
    let tdtotal = tdret;
    let dtotal = dret;
    for i_2 in (0..m.len().div_ceil(cols)).rev() {
        let tdnorm2_value = tdtotal;
        let dnorm2_value = dtotal;
        let m_lo = i_2 * cols;
        let m_hi = i_2 * cols + cols.min(m.len() - i_2 * cols);
        if m_lo > m_hi {
            ::core::panic!("slice index starts after it ends");
        }
        if m_hi > m.len() {
            ::core::panic!("range end index out of range for slice");
        }
        let (_, _) = __parad_tan___parad_joint_norm2(
            &m[m_lo..m_hi],
            ::parad::__private::sub_ref(tm.as_slice(), m_lo, m_hi),
            &mut dm[m_lo..m_hi],
            ::parad::__private::sub(tdm.as_mut_slice(), m_lo, m_hi),
            dnorm2_value,
            tdnorm2_value,
        );
    }
    ((), ())
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_fwd___parad_joint_sum_row_norms(
    m: &[f64],
    dm: &mut [f64],
    cols: usize,
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
    let mut tape_norm2 = ::parad::__private::Tape::new();
    let mut tape___parad_joint_norm2 = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dm.len(), m.len(), "the shadow of `m` must have the length of `m`"
    );
    let mut total = 0.0;
    for i in 0..m.len().div_ceil(cols) {
        let (norm2_value, norm2_reverse) = __parad_fwd_norm2(
            &m[i * cols..i * cols + cols.min(m.len() - i * cols)],
        );
        tape_norm2.push(norm2_reverse);
        total += norm2_value;
    }
    let ret: f64 = total;
    let dret = seed;
    let dtotal = dret;
    for i_2 in (0..m.len().div_ceil(cols)).rev() {
        let dnorm2_value = dtotal;
        let m_lo = i_2 * cols;
        let m_hi = i_2 * cols + cols.min(m.len() - i_2 * cols);
        if m_lo > m_hi {
            ::core::panic!("slice index starts after it ends");
        }
        if m_hi > m.len() {
            ::core::panic!("range end index out of range for slice");
        }
        let (_, __parad_joint_norm2_reverse) = __parad_fwd___parad_joint_norm2(
            &m[m_lo..m_hi],
            &mut dm[m_lo..m_hi],
            dnorm2_value,
        );
        tape___parad_joint_norm2.push(__parad_joint_norm2_reverse);
    }
    let reverse = move |
        m: &[f64],
        dm_2: &mut [f64],
        dm: &mut [f64],
        ddm: &mut [f64],
        seed_2: (),
    | -> (f64,) {
        let mut dm_2 = ::parad::__private::ShadowSlice::new(dm_2);
        let mut ddm = ::parad::__private::ShadowSlice::new(ddm);
        let mut dseed: f64 = 0.0;
        let mut dret_2 = 0.0;
        let mut ddtotal = 0.0;
        for i_2 in 0..m.len().div_ceil(cols) {
            let m_lo = i_2 * cols;
            let m_hi = i_2 * cols + cols.min(m.len() - i_2 * cols);
            let __parad_joint_norm2_reverse = tape___parad_joint_norm2.pop().unwrap();
            let (g,) = __parad_joint_norm2_reverse(
                &m[m_lo..m_hi],
                ::parad::__private::sub(dm_2.as_mut_slice(), m_lo, m_hi),
                &mut dm[m_lo..m_hi],
                ::parad::__private::sub(ddm.as_mut_slice(), m_lo, m_hi),
                ::core::default::Default::default(),
            );
            let mut ddnorm2_value = g;
            ddtotal += ddnorm2_value;
        }
        let mut ddret = ddtotal;
        let mut dtotal_2 = dret_2;
        for i in (0..m.len().div_ceil(cols)).rev() {
            let mut dnorm2_value_2 = dtotal_2;
            let norm2_reverse = tape_norm2.pop().unwrap();
            let m_lo_2 = i * cols;
            let m_hi_2 = i * cols + cols.min(m.len() - i * cols);
            norm2_reverse(
                &m[m_lo_2..m_hi_2],
                ::parad::__private::sub(dm_2.as_mut_slice(), m_lo_2, m_hi_2),
                dnorm2_value_2,
            );
        }
        dseed += ddret;
        (dseed,)
    };
    ((), reverse)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tan_d_rows(
    m: &[f64],
    tm: &[f64],
    dm: &mut [f64],
    tdm: &mut [f64],
    cols: usize,
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let tm = ::parad::__private::TangentSlice::new(tm);
    let mut tdm = ::parad::__private::ShadowSlice::new(tdm);
    ::core::assert_eq!(
        dm.len(), m.len(), "the shadow of `m` must have the length of `m`"
    );
    let mut ttotal = 0.0;
    let mut total = 0.0;
    for i in 0..m.len().div_ceil(cols) {
        let m_lo_2 = i * cols;
        let m_hi_2 = i * cols + cols.min(m.len() - i * cols);
        let (norm2_value, mut tnorm2_value) = __parad_tan_norm2(
            &m[m_lo_2..m_hi_2],
            ::parad::__private::sub_ref(tm.as_slice(), m_lo_2, m_hi_2),
        );
        ttotal += tnorm2_value;
        total += norm2_value;
    }
    let tret = ttotal;
    let ret: f64 = total;
    let tdret = tseed;
    let dret = seed;
    let tdtotal = tdret;
    let dtotal = dret;
    for i_2 in (0..m.len().div_ceil(cols)).rev() {
        let tdnorm2_value = tdtotal;
        let dnorm2_value = dtotal;
        let m_lo = i_2 * cols;
        let m_hi = i_2 * cols + cols.min(m.len() - i_2 * cols);
        if m_lo > m_hi {
            ::core::panic!("slice index starts after it ends");
        }
        if m_hi > m.len() {
            ::core::panic!("range end index out of range for slice");
        }
        let (_, _) = __parad_tan___parad_joint_norm2(
            &m[m_lo..m_hi],
            ::parad::__private::sub_ref(tm.as_slice(), m_lo, m_hi),
            &mut dm[m_lo..m_hi],
            ::parad::__private::sub(tdm.as_mut_slice(), m_lo, m_hi),
            dnorm2_value,
            tdnorm2_value,
        );
    }
    let tret_2 = tret;
    let ret_2: f64 = ret;
    (ret_2, tret_2)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_fwd_d_rows(
    m: &[f64],
    dm: &mut [f64],
    cols: usize,
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
    let mut tape_norm2 = ::parad::__private::Tape::new();
    let mut tape___parad_joint_norm2 = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dm.len(), m.len(), "the shadow of `m` must have the length of `m`"
    );
    let mut total = 0.0;
    for i in 0..m.len().div_ceil(cols) {
        let (norm2_value, norm2_reverse) = __parad_fwd_norm2(
            &m[i * cols..i * cols + cols.min(m.len() - i * cols)],
        );
        tape_norm2.push(norm2_reverse);
        total += norm2_value;
    }
    let ret: f64 = total;
    let dret = seed;
    let dtotal = dret;
    for i_2 in (0..m.len().div_ceil(cols)).rev() {
        let dnorm2_value = dtotal;
        let m_lo = i_2 * cols;
        let m_hi = i_2 * cols + cols.min(m.len() - i_2 * cols);
        if m_lo > m_hi {
            ::core::panic!("slice index starts after it ends");
        }
        if m_hi > m.len() {
            ::core::panic!("range end index out of range for slice");
        }
        let (_, __parad_joint_norm2_reverse) = __parad_fwd___parad_joint_norm2(
            &m[m_lo..m_hi],
            &mut dm[m_lo..m_hi],
            dnorm2_value,
        );
        tape___parad_joint_norm2.push(__parad_joint_norm2_reverse);
    }
    let ret_2: f64 = ret;
    let reverse = move |
        m: &[f64],
        dm_2: &mut [f64],
        dm: &mut [f64],
        ddm: &mut [f64],
        seed_2: f64,
    | -> (f64,) {
        let mut dm_2 = ::parad::__private::ShadowSlice::new(dm_2);
        let mut ddm = ::parad::__private::ShadowSlice::new(ddm);
        let mut dseed: f64 = 0.0;
        let mut dret_2_2 = seed_2;
        let mut ddtotal = 0.0;
        for i_2 in 0..m.len().div_ceil(cols) {
            let m_lo = i_2 * cols;
            let m_hi = i_2 * cols + cols.min(m.len() - i_2 * cols);
            let __parad_joint_norm2_reverse = tape___parad_joint_norm2.pop().unwrap();
            let (g,) = __parad_joint_norm2_reverse(
                &m[m_lo..m_hi],
                ::parad::__private::sub(dm_2.as_mut_slice(), m_lo, m_hi),
                &mut dm[m_lo..m_hi],
                ::parad::__private::sub(ddm.as_mut_slice(), m_lo, m_hi),
                ::core::default::Default::default(),
            );
            let mut ddnorm2_value = g;
            ddtotal += ddnorm2_value;
        }
        let mut ddret = ddtotal;
        let mut dret_2 = dret_2_2;
        let mut dtotal_2 = dret_2;
        for i in (0..m.len().div_ceil(cols)).rev() {
            let mut dnorm2_value_2 = dtotal_2;
            let norm2_reverse = tape_norm2.pop().unwrap();
            let m_lo_2 = i * cols;
            let m_hi_2 = i * cols + cols.min(m.len() - i * cols);
            norm2_reverse(
                &m[m_lo_2..m_hi_2],
                ::parad::__private::sub(dm_2.as_mut_slice(), m_lo_2, m_hi_2),
                dnorm2_value_2,
            );
        }
        dseed += ddret;
        (dseed,)
    };
    (ret_2, reverse)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tan_sum_row_norms(m: &[f64], tm: &[f64], cols: usize) -> (f64, f64) {
    let tm = ::parad::__private::TangentSlice::new(tm);
    let mut ttotal = 0.0;
    let mut total = 0.0;
    for i in 0..m.len().div_ceil(cols) {
        let m_lo = i * cols;
        let m_hi = i * cols + cols.min(m.len() - i * cols);
        let (norm2_value, mut tnorm2_value) = __parad_tan_norm2(
            &m[m_lo..m_hi],
            ::parad::__private::sub_ref(tm.as_slice(), m_lo, m_hi),
        );
        ttotal += tnorm2_value;
        total += norm2_value;
    }
    let tret = ttotal;
    let ret: f64 = total;
    (ret, tret)
}
#[doc(hidden)]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tanl_sum_row_norms<const __PARAD_N: usize>(
    m: &[f64],
    tm: &[::parad::__private::lanes::Lanes<__PARAD_N>],
    cols: usize,
) -> (f64, ::parad::__private::lanes::Lanes<__PARAD_N>) {
    const {
        if __PARAD_N > 0 {
            ::core::panic!(
                "`sum_row_norms` cannot be called by a batched derivative: it calls another differentiated function, and the functions a batched derivative calls may not (yet): inline the call"
            )
        }
    };
    ::core::unreachable!()
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_fwd_sum_row_norms(
    m: &[f64],
    cols: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut tape_norm2 = ::parad::__private::Tape::new();
    let mut total = 0.0;
    for i in 0..m.len().div_ceil(cols) {
        let (norm2_value, norm2_reverse) = __parad_fwd_norm2(
            &m[i * cols..i * cols + cols.min(m.len() - i * cols)],
        );
        tape_norm2.push(norm2_reverse);
        total += norm2_value;
    }
    let ret: f64 = total;
    let reverse = move |m: &[f64], dm: &mut [f64], seed: f64| {
        let mut dm = ::parad::__private::ShadowSlice::new(dm);
        let mut dret = seed;
        let mut dtotal = dret;
        for i in (0..m.len().div_ceil(cols)).rev() {
            let mut dnorm2_value = dtotal;
            let norm2_reverse = tape_norm2.pop().unwrap();
            let m_lo = i * cols;
            let m_hi = i * cols + cols.min(m.len() - i * cols);
            norm2_reverse(
                &m[m_lo..m_hi],
                ::parad::__private::sub(dm.as_mut_slice(), m_lo, m_hi),
                dnorm2_value,
            );
        }
    };
    (ret, reverse)
}
