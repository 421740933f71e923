fn head_sum(v: &[f64]) -> f64 {
    v.iter().map(|a| a * a).sum()
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tan___parad_joint_head_sum(
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
    let tdret = tseed;
    let dret = seed;
    let mut tdsum = 0.0;
    let mut dsum = 0.0;
    tdsum = tdret;
    dsum = dret;
    for i in 0..v.len() {
        let ta_mapped = tv[i] * v[i] + v[i] * tv[i];
        let a_mapped = v[i] * v[i];
        tsum += ta_mapped;
        sum += a_mapped;
        let tda_mapped = tdsum;
        let da_mapped = dsum;
        tdv[i] += tda_mapped * (2.0 * v[i]) + da_mapped * (2.0 * tv[i]);
        dv[i] += da_mapped * (2.0 * v[i]);
    }
    let tret = tsum;
    let ret: f64 = sum;
    ((), ())
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_fwd___parad_joint_head_sum(
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
    let mut tape_da_mapped = ::parad::__private::Tape::new();
    let mut saved_dv = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dv.len(), v.len(), "the shadow of `v` must have the length of `v`"
    );
    let mut sum = 0.0;
    let dret = seed;
    let mut dsum = 0.0;
    dsum = dret;
    tape_da_mapped.reserve(v.len());
    saved_dv.reserve(v.len());
    let v_w = ::parad::__private::window(&v[..], 0, 0..v.len());
    let dv_w = ::parad::__private::window_mut(&mut dv[..], 0, 0..v.len());
    for i in 0..v.len() {
        let a_mapped = v_w[i] * v_w[i];
        sum += a_mapped;
        let da_mapped = dsum;
        saved_dv.push_reserved(dv_w[i]);
        dv_w[i] += da_mapped * (2.0 * v_w[i]);
        tape_da_mapped.push_reserved(da_mapped);
    }
    let ret: f64 = sum;
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
        let mut dret_2 = 0.0;
        let mut dsum_2 = dret_2;
        let tape_da_mapped_w = ::parad::__private::window(
            &tape_da_mapped[..],
            0,
            0..v.len(),
        );
        let dv_w_2 = ::parad::__private::window_mut(&mut dv[..], 0, 0..v.len());
        let saved_dv_w = ::parad::__private::window(&saved_dv[..], 0, 0..v.len());
        let v_w_2 = ::parad::__private::window(&v[..], 0, 0..v.len());
        for i in (0..v.len()).rev() {
            let da_mapped = tape_da_mapped_w[i];
            dv_w_2[i] = saved_dv_w[i];
            let g = ddv[i];
            let mut dda_mapped = g * (2.0 * v_w_2[i]);
            let mut da_mapped_2 = dsum_2;
            dv_2[i] += g * da_mapped * 2.0 + da_mapped_2 * (2.0 * v_w_2[i]);
            ddsum += dda_mapped;
        }
        let g_2 = ddsum;
        ddsum = 0.0;
        let mut ddret = g_2;
        dseed += ddret;
        (dseed,)
    };
    ((), reverse)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tan_head_sum(v: &[f64], tv: &[f64]) -> (f64, f64) {
    let tv = ::parad::__private::TangentSlice::new(tv);
    let mut tsum = 0.0;
    let mut sum = 0.0;
    for i in 0..v.len() {
        let ta_mapped = tv[i] * v[i] + v[i] * tv[i];
        let a_mapped = v[i] * v[i];
        tsum += ta_mapped;
        sum += a_mapped;
    }
    let tret = tsum;
    let ret: f64 = sum;
    (ret, tret)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tanl_head_sum<const __PARAD_N: usize>(
    v: &[f64],
    tv: &[::parad::__private::lanes::Lanes<__PARAD_N>],
) -> (f64, ::parad::__private::lanes::Lanes<__PARAD_N>) {
    let tv = ::parad::__private::TangentSlice::new(tv);
    let mut tsum = ::parad::__private::lanes::Lanes::<__PARAD_N>::ZERO;
    let mut sum = 0.0;
    for i in 0..v.len() {
        let ta_mapped = tv[i] * v[i] + v[i] * tv[i];
        let a_mapped = v[i] * v[i];
        tsum += ta_mapped;
        sum += a_mapped;
    }
    let tret = tsum;
    let ret: f64 = sum;
    (ret, tret)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_fwd_head_sum(
    v: &[f64],
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut sum = 0.0;
    let v_w = ::parad::__private::window(&v[..], 0, 0..v.len());
    for i in 0..v.len() {
        let a_mapped = v_w[i] * v_w[i];
        sum += a_mapped;
    }
    let ret: f64 = sum;
    let reverse = move |v: &[f64], dv: &mut [f64], seed: f64| {
        let mut dv = ::parad::__private::ShadowSlice::new(dv);
        let mut dret = seed;
        let mut dsum = dret;
        let v_w_2 = ::parad::__private::window(&v[..], 0, 0..v.len());
        for i in 0..v.len() {
            let mut da_mapped = dsum;
            dv[i] += da_mapped * (2.0 * v_w_2[i]);
        }
    };
    (ret, reverse)
}
fn wave_row(row: &mut [f64], k: f64) {
    for v in row.iter_mut() {
        *v = (*v * k).sin();
    }
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tan_wave_row(
    row: &mut [f64],
    trow: &mut [f64],
    k: f64,
    mut tk: f64,
) -> ((), ()) {
    let mut trow = ::parad::__private::ShadowSlice::new(trow);
    let hi = row.len();
    for i in 0..hi {
        trow[i] = (trow[i] * k + row[i] * tk) * (row[i] * k).cos();
        row[i] = (row[i] * k).sin();
    }
    ((), ())
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tanl_wave_row<const __PARAD_N: usize>(
    row: &mut [f64],
    trow: &mut [::parad::__private::lanes::Lanes<__PARAD_N>],
    k: f64,
    mut tk: ::parad::__private::lanes::Lanes<__PARAD_N>,
) -> ((), ()) {
    let mut trow = ::parad::__private::ShadowSlice::new(trow);
    let hi = row.len();
    for i in 0..hi {
        trow[i] = (trow[i] * k + row[i] * tk) * (row[i] * k).cos();
        row[i] = (row[i] * k).sin();
    }
    ((), ())
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_fwd_wave_row(
    row: &mut [f64],
    k: f64,
) -> ((), impl ::core::ops::FnOnce(&mut [f64], &mut [f64], ()) -> (f64,) + use<>) {
    let mut saved_row = ::parad::__private::Tape::new();
    let hi = row.len();
    saved_row.reserve(hi);
    let row_w = ::parad::__private::window_mut(&mut row[..], 0, 0..hi);
    for i in 0..hi {
        saved_row.push_reserved(row_w[i]);
        row_w[i] = (row_w[i] * k).sin();
    }
    let reverse = move |row: &mut [f64], drow: &mut [f64], seed: ()| -> (f64,) {
        let mut drow = ::parad::__private::ShadowSlice::new(drow);
        let mut dk: f64 = 0.0;
        let row_w_2 = ::parad::__private::window_mut(&mut row[..], 0, 0..hi);
        let saved_row_w = ::parad::__private::window(&saved_row[..], 0, 0..hi);
        for i in (0..hi).rev() {
            row_w_2[i] = saved_row_w[i];
            let g = drow[i];
            drow[i] = 0.0;
            let g_2 = g * (row_w_2[i] * k).cos();
            drow[i] += g_2 * k;
            dk += g_2 * row_w_2[i];
        }
        (dk,)
    };
    ((), reverse)
}
#[allow(dead_code)]
fn heads(x: &[f64], m: usize) -> f64 {
    let h = &x[..m];
    let t = x[..m].to_vec();
    head_sum(&x[..m]) + head_sum(h) + head_sum(&t)
}
/// Reverse-mode derivative of [`heads`], generated by `#[autodiff]`.
#[allow(unused, non_snake_case, clippy::all)]
fn d_heads(x: &[f64], dx: &mut [f64], m: usize, seed: f64) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    if m > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    let t = x[..m].to_vec();
    let (head_sum_value, head_sum_reverse) = __parad_fwd_head_sum(&x[..m]);
    let (head_sum_value_2, head_sum_reverse_2) = __parad_fwd_head_sum(&x[..m]);
    let (head_sum_value_3, head_sum_reverse_3) = __parad_fwd_head_sum(&t);
    let ret: f64 = head_sum_value + head_sum_value_2 + head_sum_value_3;
    let dx = &mut dx[..x.len()];
    let mut dret = seed;
    let mut dt = ::std::vec![0.0; t.len()];
    let mut dhead_sum_value_3 = dret;
    head_sum_reverse_3(&t, &mut dt[..], dhead_sum_value_3);
    let mut dhead_sum_value_2 = dret;
    head_sum_reverse_2(&x[..m], &mut dx[..m], dhead_sum_value_2);
    let mut dhead_sum_value = dret;
    head_sum_reverse(&x[..m], &mut dx[..m], dhead_sum_value);
    for k in 0..dt.len() {
        dx[k] += dt[k];
    }
    ret
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tan___parad_joint_heads(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    m: usize,
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tdx = ::parad::__private::ShadowSlice::new(tdx);
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    if m > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    let tt = ::parad::__private::copy_or_zeros(
        ::parad::__private::sub_ref(tx.as_slice(), 0, m),
        (&x[..m]).len(),
    );
    let t = x[..m].to_vec();
    let (head_sum_value, mut thead_sum_value) = __parad_tan_head_sum(
        &x[..m],
        ::parad::__private::sub_ref(tx.as_slice(), 0, m),
    );
    let (head_sum_value_2, mut thead_sum_value_2) = __parad_tan_head_sum(
        &x[..m],
        ::parad::__private::sub_ref(tx.as_slice(), 0, m),
    );
    let (head_sum_value_3, mut thead_sum_value_3) = __parad_tan_head_sum(&t, &tt[..]);
    let tret = thead_sum_value + thead_sum_value_2 + thead_sum_value_3;
    let ret: f64 = head_sum_value + head_sum_value_2 + head_sum_value_3;
    let tdret = tseed;
    let dret = seed;
    let mut tdt = ::std::vec![0.0; t.len()];
    let mut dt = ::std::vec![0.0; t.len()];
    let tdhead_sum_value_3 = tdret;
    let dhead_sum_value_3 = dret;
    let (_, _) = __parad_tan___parad_joint_head_sum(
        &t,
        &tt[..],
        &mut dt,
        &mut tdt[..],
        dhead_sum_value_3,
        tdhead_sum_value_3,
    );
    let tdhead_sum_value_2 = tdret;
    let dhead_sum_value_2 = dret;
    if m > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    let (_, _) = __parad_tan___parad_joint_head_sum(
        &x[..m],
        ::parad::__private::sub_ref(tx.as_slice(), 0, m),
        &mut dx[..m],
        ::parad::__private::sub(tdx.as_mut_slice(), 0, m),
        dhead_sum_value_2,
        tdhead_sum_value_2,
    );
    let tdhead_sum_value = tdret;
    let dhead_sum_value = dret;
    if m > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    let (_, _) = __parad_tan___parad_joint_head_sum(
        &x[..m],
        ::parad::__private::sub_ref(tx.as_slice(), 0, m),
        &mut dx[..m],
        ::parad::__private::sub(tdx.as_mut_slice(), 0, m),
        dhead_sum_value,
        tdhead_sum_value,
    );
    let hi = dt.len();
    for k in 0..hi {
        tdx[k] += tdt[k];
        dx[k] += dt[k];
    }
    ((), ())
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_fwd___parad_joint_heads(
    x: &[f64],
    dx: &mut [f64],
    m: usize,
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
    if m > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    let t = x[..m].to_vec();
    let (head_sum_value, head_sum_reverse) = __parad_fwd_head_sum(&x[..m]);
    let (head_sum_value_2, head_sum_reverse_2) = __parad_fwd_head_sum(&x[..m]);
    let (head_sum_value_3, head_sum_reverse_3) = __parad_fwd_head_sum(&t);
    let ret: f64 = head_sum_value + head_sum_value_2 + head_sum_value_3;
    let dret = seed;
    let mut dt = ::std::vec![0.0; t.len()];
    let dhead_sum_value_3 = dret;
    let (_, __parad_joint_head_sum_reverse) = __parad_fwd___parad_joint_head_sum(
        &t,
        &mut dt,
        dhead_sum_value_3,
    );
    let dhead_sum_value_2 = dret;
    if m > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    let (_, __parad_joint_head_sum_reverse_2) = __parad_fwd___parad_joint_head_sum(
        &x[..m],
        &mut dx[..m],
        dhead_sum_value_2,
    );
    let dhead_sum_value = dret;
    if m > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    let (_, __parad_joint_head_sum_reverse_3) = __parad_fwd___parad_joint_head_sum(
        &x[..m],
        &mut dx[..m],
        dhead_sum_value,
    );
    let hi = dt.len();
    saved_dx.reserve(hi);
    let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..hi);
    let dt_w = ::parad::__private::window(&dt[..], 0, 0..hi);
    for k in 0..hi {
        saved_dx.push_reserved(dx_w[k]);
        dx_w[k] += dt_w[k];
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
        let mut dt_2 = ::std::vec![0.0; t.len()];
        let mut dret_2 = 0.0;
        let mut ddt = ::std::vec![0.0; dt.len()];
        let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], 0, 0..hi);
        let saved_dx_w = ::parad::__private::window(&saved_dx[..], 0, 0..hi);
        let ddt_w = ::parad::__private::window_mut(&mut ddt[..], 0, 0..hi);
        for k in (0..hi).rev() {
            dx_w_2[k] = saved_dx_w[k];
            ddt_w[k] += ddx[k];
        }
        let (g,) = __parad_joint_head_sum_reverse_3(
            &x[..m],
            ::parad::__private::sub(dx_2.as_mut_slice(), 0, m),
            &mut dx[..m],
            ::parad::__private::sub(ddx.as_mut_slice(), 0, m),
            ::core::default::Default::default(),
        );
        let mut ddhead_sum_value = g;
        let (g_2,) = __parad_joint_head_sum_reverse_2(
            &x[..m],
            ::parad::__private::sub(dx_2.as_mut_slice(), 0, m),
            &mut dx[..m],
            ::parad::__private::sub(ddx.as_mut_slice(), 0, m),
            ::core::default::Default::default(),
        );
        let mut ddhead_sum_value_2 = g_2;
        let (g_3,) = __parad_joint_head_sum_reverse(
            &t,
            &mut dt_2[..],
            &mut dt,
            &mut ddt[..],
            ::core::default::Default::default(),
        );
        let mut ddhead_sum_value_3 = g_3;
        let mut ddret = ddhead_sum_value + ddhead_sum_value_2 + ddhead_sum_value_3;
        let mut dhead_sum_value_3_2 = dret_2;
        head_sum_reverse_3(&t, &mut dt_2[..], dhead_sum_value_3_2);
        let mut dhead_sum_value_2_2 = dret_2;
        head_sum_reverse_2(
            &x[..m],
            ::parad::__private::sub(dx_2.as_mut_slice(), 0, m),
            dhead_sum_value_2_2,
        );
        let mut dhead_sum_value_4 = dret_2;
        head_sum_reverse(
            &x[..m],
            ::parad::__private::sub(dx_2.as_mut_slice(), 0, m),
            dhead_sum_value_4,
        );
        for k_2 in 0..dt_2.len() {
            dx_2[k_2] += dt_2[k_2];
        }
        dseed += ddret;
        (dseed,)
    };
    ((), reverse)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tan_d_heads(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    m: usize,
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tdx = ::parad::__private::ShadowSlice::new(tdx);
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    if m > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    let tt = ::parad::__private::copy_or_zeros(
        ::parad::__private::sub_ref(tx.as_slice(), 0, m),
        (&x[..m]).len(),
    );
    let t = x[..m].to_vec();
    let (head_sum_value, mut thead_sum_value) = __parad_tan_head_sum(
        &x[..m],
        ::parad::__private::sub_ref(tx.as_slice(), 0, m),
    );
    let (head_sum_value_2, mut thead_sum_value_2) = __parad_tan_head_sum(
        &x[..m],
        ::parad::__private::sub_ref(tx.as_slice(), 0, m),
    );
    let (head_sum_value_3, mut thead_sum_value_3) = __parad_tan_head_sum(&t, &tt[..]);
    let tret = thead_sum_value + thead_sum_value_2 + thead_sum_value_3;
    let ret: f64 = head_sum_value + head_sum_value_2 + head_sum_value_3;
    let tdret = tseed;
    let dret = seed;
    let mut tdt = ::std::vec![0.0; t.len()];
    let mut dt = ::std::vec![0.0; t.len()];
    let tdhead_sum_value_3 = tdret;
    let dhead_sum_value_3 = dret;
    let (_, _) = __parad_tan___parad_joint_head_sum(
        &t,
        &tt[..],
        &mut dt,
        &mut tdt[..],
        dhead_sum_value_3,
        tdhead_sum_value_3,
    );
    let tdhead_sum_value_2 = tdret;
    let dhead_sum_value_2 = dret;
    if m > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    let (_, _) = __parad_tan___parad_joint_head_sum(
        &x[..m],
        ::parad::__private::sub_ref(tx.as_slice(), 0, m),
        &mut dx[..m],
        ::parad::__private::sub(tdx.as_mut_slice(), 0, m),
        dhead_sum_value_2,
        tdhead_sum_value_2,
    );
    let tdhead_sum_value = tdret;
    let dhead_sum_value = dret;
    if m > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    let (_, _) = __parad_tan___parad_joint_head_sum(
        &x[..m],
        ::parad::__private::sub_ref(tx.as_slice(), 0, m),
        &mut dx[..m],
        ::parad::__private::sub(tdx.as_mut_slice(), 0, m),
        dhead_sum_value,
        tdhead_sum_value,
    );
    let hi = dt.len();
    for k in 0..hi {
        tdx[k] += tdt[k];
        dx[k] += dt[k];
    }
    let tret_2 = tret;
    let ret_2: f64 = ret;
    (ret_2, tret_2)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_fwd_d_heads(
    x: &[f64],
    dx: &mut [f64],
    m: usize,
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
    if m > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    let t = x[..m].to_vec();
    let (head_sum_value, head_sum_reverse) = __parad_fwd_head_sum(&x[..m]);
    let (head_sum_value_2, head_sum_reverse_2) = __parad_fwd_head_sum(&x[..m]);
    let (head_sum_value_3, head_sum_reverse_3) = __parad_fwd_head_sum(&t);
    let ret: f64 = head_sum_value + head_sum_value_2 + head_sum_value_3;
    let dret = seed;
    let mut dt = ::std::vec![0.0; t.len()];
    let dhead_sum_value_3 = dret;
    let (_, __parad_joint_head_sum_reverse) = __parad_fwd___parad_joint_head_sum(
        &t,
        &mut dt,
        dhead_sum_value_3,
    );
    let dhead_sum_value_2 = dret;
    if m > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    let (_, __parad_joint_head_sum_reverse_2) = __parad_fwd___parad_joint_head_sum(
        &x[..m],
        &mut dx[..m],
        dhead_sum_value_2,
    );
    let dhead_sum_value = dret;
    if m > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    let (_, __parad_joint_head_sum_reverse_3) = __parad_fwd___parad_joint_head_sum(
        &x[..m],
        &mut dx[..m],
        dhead_sum_value,
    );
    let hi = dt.len();
    saved_dx.reserve(hi);
    let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..hi);
    let dt_w = ::parad::__private::window(&dt[..], 0, 0..hi);
    for k in 0..hi {
        saved_dx.push_reserved(dx_w[k]);
        dx_w[k] += dt_w[k];
    }
    let ret_2: f64 = ret;
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
        let mut dt_2 = ::std::vec![0.0; t.len()];
        let mut ddt = ::std::vec![0.0; dt.len()];
        let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], 0, 0..hi);
        let saved_dx_w = ::parad::__private::window(&saved_dx[..], 0, 0..hi);
        let ddt_w = ::parad::__private::window_mut(&mut ddt[..], 0, 0..hi);
        for k in (0..hi).rev() {
            dx_w_2[k] = saved_dx_w[k];
            ddt_w[k] += ddx[k];
        }
        let (g,) = __parad_joint_head_sum_reverse_3(
            &x[..m],
            ::parad::__private::sub(dx_2.as_mut_slice(), 0, m),
            &mut dx[..m],
            ::parad::__private::sub(ddx.as_mut_slice(), 0, m),
            ::core::default::Default::default(),
        );
        let mut ddhead_sum_value = g;
        let (g_2,) = __parad_joint_head_sum_reverse_2(
            &x[..m],
            ::parad::__private::sub(dx_2.as_mut_slice(), 0, m),
            &mut dx[..m],
            ::parad::__private::sub(ddx.as_mut_slice(), 0, m),
            ::core::default::Default::default(),
        );
        let mut ddhead_sum_value_2 = g_2;
        let (g_3,) = __parad_joint_head_sum_reverse(
            &t,
            &mut dt_2[..],
            &mut dt,
            &mut ddt[..],
            ::core::default::Default::default(),
        );
        let mut ddhead_sum_value_3 = g_3;
        let mut ddret = ddhead_sum_value + ddhead_sum_value_2 + ddhead_sum_value_3;
        let mut dret_2 = dret_2_2;
        let mut dhead_sum_value_3_2 = dret_2;
        head_sum_reverse_3(&t, &mut dt_2[..], dhead_sum_value_3_2);
        let mut dhead_sum_value_2_2 = dret_2;
        head_sum_reverse_2(
            &x[..m],
            ::parad::__private::sub(dx_2.as_mut_slice(), 0, m),
            dhead_sum_value_2_2,
        );
        let mut dhead_sum_value_4 = dret_2;
        head_sum_reverse(
            &x[..m],
            ::parad::__private::sub(dx_2.as_mut_slice(), 0, m),
            dhead_sum_value_4,
        );
        for k_2 in 0..dt_2.len() {
            dx_2[k_2] += dt_2[k_2];
        }
        dseed += ddret;
        (dseed,)
    };
    (ret_2, reverse)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tan_heads(x: &[f64], tx: &[f64], m: usize) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    if m > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    let tt = ::parad::__private::copy_or_zeros(
        ::parad::__private::sub_ref(tx.as_slice(), 0, m),
        (&x[..m]).len(),
    );
    let t = x[..m].to_vec();
    let (head_sum_value, mut thead_sum_value) = __parad_tan_head_sum(
        &x[..m],
        ::parad::__private::sub_ref(tx.as_slice(), 0, m),
    );
    let (head_sum_value_2, mut thead_sum_value_2) = __parad_tan_head_sum(
        &x[..m],
        ::parad::__private::sub_ref(tx.as_slice(), 0, m),
    );
    let (head_sum_value_3, mut thead_sum_value_3) = __parad_tan_head_sum(&t, &tt[..]);
    let tret = thead_sum_value + thead_sum_value_2 + thead_sum_value_3;
    let ret: f64 = head_sum_value + head_sum_value_2 + head_sum_value_3;
    (ret, tret)
}
#[doc(hidden)]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tanl_heads<const __PARAD_N: usize>(
    x: &[f64],
    tx: &[::parad::__private::lanes::Lanes<__PARAD_N>],
    m: usize,
) -> (f64, ::parad::__private::lanes::Lanes<__PARAD_N>) {
    const {
        if __PARAD_N > 0 {
            ::core::panic!(
                "`heads` cannot be called by a batched derivative: it calls another differentiated function, and the functions a batched derivative calls may not (yet): inline the call"
            )
        }
    };
    ::core::unreachable!()
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_fwd_heads(
    x: &[f64],
    m: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    if m > x.len() {
        ::core::panic!("range end index out of range for slice");
    }
    let t = x[..m].to_vec();
    let (head_sum_value, head_sum_reverse) = __parad_fwd_head_sum(&x[..m]);
    let (head_sum_value_2, head_sum_reverse_2) = __parad_fwd_head_sum(&x[..m]);
    let (head_sum_value_3, head_sum_reverse_3) = __parad_fwd_head_sum(&t);
    let ret: f64 = head_sum_value + head_sum_value_2 + head_sum_value_3;
    let reverse = move |x: &[f64], dx: &mut [f64], seed: f64| {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dret = seed;
        let mut dt = ::std::vec![0.0; t.len()];
        let mut dhead_sum_value_3 = dret;
        head_sum_reverse_3(&t, &mut dt[..], dhead_sum_value_3);
        let mut dhead_sum_value_2 = dret;
        head_sum_reverse_2(
            &x[..m],
            ::parad::__private::sub(dx.as_mut_slice(), 0, m),
            dhead_sum_value_2,
        );
        let mut dhead_sum_value = dret;
        head_sum_reverse(
            &x[..m],
            ::parad::__private::sub(dx.as_mut_slice(), 0, m),
            dhead_sum_value,
        );
        for k in 0..dt.len() {
            dx[k] += dt[k];
        }
    };
    (ret, reverse)
}
#[allow(dead_code)]
fn waves(y: &mut [f64], k: f64) {
    for row in y.chunks_mut(4) {
        wave_row(row, k);
    }
    wave_row(&mut y[..2], k);
}
/// Reverse-mode derivative of [`waves`], generated by `#[autodiff]`.
#[allow(unused, non_snake_case, clippy::all)]
fn d_waves(y: &mut [f64], dy: &mut [f64], k: f64) -> f64 {
    ::core::assert_eq!(
        dy.len(), y.len(), "the shadow of `y` must have the length of `y`"
    );
    let mut tape_wave_row = ::parad::__private::Tape::new();
    let hi = y.len().div_ceil(4);
    for i in 0..hi {
        let y_lo = i * 4;
        let y_hi = i * 4 + 4.min(y.len() - i * 4);
        let (_, wave_row_reverse) = __parad_fwd_wave_row(&mut y[y_lo..y_hi], k);
        tape_wave_row.push(wave_row_reverse);
    }
    let (_, wave_row_reverse_2) = __parad_fwd_wave_row(&mut y[..2], k);
    let y_result = y.to_vec();
    let dy = &mut dy[..y.len()];
    let mut dk: f64 = 0.0;
    let (g,) = wave_row_reverse_2(
        &mut y[..2],
        &mut dy[..2],
        ::core::default::Default::default(),
    );
    dk += g;
    for i in (0..hi).rev() {
        let wave_row_reverse = tape_wave_row.pop().unwrap();
        let y_lo = i * 4;
        let y_hi = i * 4 + 4.min(y.len() - i * 4);
        let (g_2,) = wave_row_reverse(
            &mut y[y_lo..y_hi],
            &mut dy[y_lo..y_hi],
            ::core::default::Default::default(),
        );
        dk += g_2;
    }
    y.copy_from_slice(&y_result);
    dk
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tan_waves(y: &mut [f64], ty: &mut [f64], k: f64, mut tk: f64) -> ((), ()) {
    let mut ty = ::parad::__private::ShadowSlice::new(ty);
    let hi = y.len().div_ceil(4);
    for i in 0..hi {
        let y_lo = i * 4;
        let y_hi = i * 4 + 4.min(y.len() - i * 4);
        let (_, _) = __parad_tan_wave_row(
            &mut y[y_lo..y_hi],
            ::parad::__private::sub(ty.as_mut_slice(), y_lo, y_hi),
            k,
            tk,
        );
    }
    let (_, _) = __parad_tan_wave_row(
        &mut y[..2],
        ::parad::__private::sub(ty.as_mut_slice(), 0, 2),
        k,
        tk,
    );
    ((), ())
}
#[doc(hidden)]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tanl_waves<const __PARAD_N: usize>(
    y: &mut [f64],
    ty: &mut [::parad::__private::lanes::Lanes<__PARAD_N>],
    k: f64,
    tk: ::parad::__private::lanes::Lanes<__PARAD_N>,
) -> ((), ()) {
    const {
        if __PARAD_N > 0 {
            ::core::panic!(
                "`waves` cannot be called by a batched derivative: it calls another differentiated function, and the functions a batched derivative calls may not (yet): inline the call"
            )
        }
    };
    ::core::unreachable!()
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_fwd_waves(
    y: &mut [f64],
    k: f64,
) -> ((), impl ::core::ops::FnOnce(&mut [f64], &mut [f64], ()) -> (f64,) + use<>) {
    let mut tape_wave_row = ::parad::__private::Tape::new();
    let hi = y.len().div_ceil(4);
    for i in 0..hi {
        let y_lo = i * 4;
        let y_hi = i * 4 + 4.min(y.len() - i * 4);
        let (_, wave_row_reverse) = __parad_fwd_wave_row(&mut y[y_lo..y_hi], k);
        tape_wave_row.push(wave_row_reverse);
    }
    let (_, wave_row_reverse_2) = __parad_fwd_wave_row(&mut y[..2], k);
    let reverse = move |y: &mut [f64], dy: &mut [f64], seed: ()| -> (f64,) {
        let mut dy = ::parad::__private::ShadowSlice::new(dy);
        let mut dk: f64 = 0.0;
        let (g,) = wave_row_reverse_2(
            &mut y[..2],
            ::parad::__private::sub(dy.as_mut_slice(), 0, 2),
            ::core::default::Default::default(),
        );
        dk += g;
        for i in (0..hi).rev() {
            let wave_row_reverse = tape_wave_row.pop().unwrap();
            let y_lo = i * 4;
            let y_hi = i * 4 + 4.min(y.len() - i * 4);
            let (g_2,) = wave_row_reverse(
                &mut y[y_lo..y_hi],
                ::parad::__private::sub(dy.as_mut_slice(), y_lo, y_hi),
                ::core::default::Default::default(),
            );
            dk += g_2;
        }
        (dk,)
    };
    ((), reverse)
}
#[allow(dead_code)]
fn waves_t(y: &mut [f64], k: f64) {
    for row in y.chunks_mut(4) {
        wave_row(row, k);
    }
    wave_row(&mut y[..2], k);
}
/// Forward-mode derivative of [`waves_t`], generated by `#[autodiff]`.
#[allow(unused, non_snake_case, clippy::all)]
fn waves_fwd(y: &mut [f64], ty: &mut [f64], k: f64, mut tk: f64) -> () {
    ::core::assert_eq!(
        ty.len(), y.len(), "the tangent of `y` must have the length of `y`"
    );
    let ty = &mut ty[..y.len()];
    let hi = y.len().div_ceil(4);
    for i in 0..hi {
        let y_lo = i * 4;
        let y_hi = i * 4 + 4.min(y.len() - i * 4);
        let (_, _) = __parad_tan_wave_row(
            &mut y[y_lo..y_hi],
            &mut ty[y_lo..y_hi],
            k,
            tk,
        );
    }
    let (_, _) = __parad_tan_wave_row(&mut y[..2], &mut ty[..2], k, tk);
    ()
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tan_waves_t(y: &mut [f64], ty: &mut [f64], k: f64, mut tk: f64) -> ((), ()) {
    let mut ty = ::parad::__private::ShadowSlice::new(ty);
    let hi = y.len().div_ceil(4);
    for i in 0..hi {
        let y_lo = i * 4;
        let y_hi = i * 4 + 4.min(y.len() - i * 4);
        let (_, _) = __parad_tan_wave_row(
            &mut y[y_lo..y_hi],
            ::parad::__private::sub(ty.as_mut_slice(), y_lo, y_hi),
            k,
            tk,
        );
    }
    let (_, _) = __parad_tan_wave_row(
        &mut y[..2],
        ::parad::__private::sub(ty.as_mut_slice(), 0, 2),
        k,
        tk,
    );
    ((), ())
}
#[doc(hidden)]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_tanl_waves_t<const __PARAD_N: usize>(
    y: &mut [f64],
    ty: &mut [::parad::__private::lanes::Lanes<__PARAD_N>],
    k: f64,
    tk: ::parad::__private::lanes::Lanes<__PARAD_N>,
) -> ((), ()) {
    const {
        if __PARAD_N > 0 {
            ::core::panic!(
                "`waves_t` cannot be called by a batched derivative: it calls another differentiated function, and the functions a batched derivative calls may not (yet): inline the call"
            )
        }
    };
    ::core::unreachable!()
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
fn __parad_fwd_waves_t(
    y: &mut [f64],
    k: f64,
) -> ((), impl ::core::ops::FnOnce(&mut [f64], &mut [f64], ()) -> (f64,) + use<>) {
    let mut tape_wave_row = ::parad::__private::Tape::new();
    let hi = y.len().div_ceil(4);
    for i in 0..hi {
        let y_lo = i * 4;
        let y_hi = i * 4 + 4.min(y.len() - i * 4);
        let (_, wave_row_reverse) = __parad_fwd_wave_row(&mut y[y_lo..y_hi], k);
        tape_wave_row.push(wave_row_reverse);
    }
    let (_, wave_row_reverse_2) = __parad_fwd_wave_row(&mut y[..2], k);
    let reverse = move |y: &mut [f64], dy: &mut [f64], seed: ()| -> (f64,) {
        let mut dy = ::parad::__private::ShadowSlice::new(dy);
        let mut dk: f64 = 0.0;
        let (g,) = wave_row_reverse_2(
            &mut y[..2],
            ::parad::__private::sub(dy.as_mut_slice(), 0, 2),
            ::core::default::Default::default(),
        );
        dk += g;
        for i in (0..hi).rev() {
            let wave_row_reverse = tape_wave_row.pop().unwrap();
            let y_lo = i * 4;
            let y_hi = i * 4 + 4.min(y.len() - i * 4);
            let (g_2,) = wave_row_reverse(
                &mut y[y_lo..y_hi],
                ::parad::__private::sub(dy.as_mut_slice(), y_lo, y_hi),
                ::core::default::Default::default(),
            );
            dk += g_2;
        }
        (dk,)
    };
    ((), reverse)
}
