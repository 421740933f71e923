#[allow(dead_code)]
fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b.iter()).map(|(x, y)| x * y).sum()
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
fn __parad_fwd_dot(
    a: &[f64],
    b: &[f64],
) -> (
    f64,
    impl ::core::ops::FnOnce(&[f64], &mut [f64], &[f64], &mut [f64], f64) + use<>,
) {
    let mut sum = 0.0;
    let a_w = ::parad::__private::window(&a[..], 0, 0..a.len().min(b.len()));
    let b_w = ::parad::__private::window(&b[..], 0, 0..a.len().min(b.len()));
    for i in 0..a.len().min(b.len()) {
        let mapped = a_w[i] * b_w[i];
        sum += mapped;
    }
    let ret: f64 = sum;
    let reverse = move |a: &[f64], da: &mut [f64], b: &[f64], db: &mut [f64], seed: f64| {
        let mut da = ::parad::__private::ShadowSlice::new(da);
        let mut db = ::parad::__private::ShadowSlice::new(db);
        let mut dret = seed;
        let mut dsum = dret;
        let b_w_2 = ::parad::__private::window(&b[..], 0, 0..a.len().min(b.len()));
        let a_w_2 = ::parad::__private::window(&a[..], 0, 0..a.len().min(b.len()));
        for i in 0..a.len().min(b.len()) {
            let mut dmapped = dsum;
            da[i] += dmapped * b_w_2[i];
            db[i] += dmapped * a_w_2[i];
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
fn __parad_tan_dot(a: &[f64], ta: &[f64], b: &[f64], tb: &[f64]) -> (f64, f64) {
    let ta = ::parad::__private::TangentSlice::new(ta);
    let tb = ::parad::__private::TangentSlice::new(tb);
    let mut tsum = 0.0;
    let mut sum = 0.0;
    for i in 0..a.len().min(b.len()) {
        let tmapped = ta[i] * b[i] + a[i] * tb[i];
        let mapped = a[i] * b[i];
        tsum += tmapped;
        sum += mapped;
    }
    let tret = tsum;
    let ret: f64 = sum;
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
fn __parad_fwd___parad_joint_dot(
    a: &[f64],
    da: &mut [f64],
    b: &[f64],
    db: &mut [f64],
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
    let mut tape_dmapped = ::parad::__private::Tape::new();
    let mut saved_da = ::parad::__private::Tape::new();
    let mut saved_db = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    ::core::assert_eq!(
        db.len(), b.len(), "the shadow of `b` must have the length of `b`"
    );
    let mut sum = 0.0;
    let dret = seed;
    let mut dsum = 0.0;
    dsum = dret;
    tape_dmapped.reserve(a.len().min(b.len()));
    saved_da.reserve(a.len().min(b.len()));
    saved_db.reserve(a.len().min(b.len()));
    let a_w = ::parad::__private::window(&a[..], 0, 0..a.len().min(b.len()));
    let b_w = ::parad::__private::window(&b[..], 0, 0..a.len().min(b.len()));
    let da_w = ::parad::__private::window_mut(&mut da[..], 0, 0..a.len().min(b.len()));
    let db_w = ::parad::__private::window_mut(&mut db[..], 0, 0..a.len().min(b.len()));
    for i in 0..a.len().min(b.len()) {
        let mapped = a_w[i] * b_w[i];
        sum += mapped;
        let dmapped = dsum;
        saved_da.push_reserved(da_w[i]);
        da_w[i] += dmapped * b_w[i];
        saved_db.push_reserved(db_w[i]);
        db_w[i] += dmapped * a_w[i];
        tape_dmapped.push_reserved(dmapped);
    }
    let ret: f64 = sum;
    let primal_2 = ret;
    let reverse = move |
        a: &[f64],
        da_2: &mut [f64],
        da: &mut [f64],
        dda: &mut [f64],
        b: &[f64],
        db_2: &mut [f64],
        db: &mut [f64],
        ddb: &mut [f64],
        seed_2: (),
    | -> (f64,) {
        let mut da_2 = ::parad::__private::ShadowSlice::new(da_2);
        let mut dda = ::parad::__private::ShadowSlice::new(dda);
        let mut db_2 = ::parad::__private::ShadowSlice::new(db_2);
        let mut ddb = ::parad::__private::ShadowSlice::new(ddb);
        let mut dseed: f64 = 0.0;
        let _ = seed_2;
        let mut ddsum = 0.0;
        let mut dprimal_2 = 0.0;
        let mut dret_2 = dprimal_2;
        let mut dsum_2 = dret_2;
        let tape_dmapped_w = ::parad::__private::window(
            &tape_dmapped[..],
            0,
            0..a.len().min(b.len()),
        );
        let db_w_2 = ::parad::__private::window_mut(
            &mut db[..],
            0,
            0..a.len().min(b.len()),
        );
        let saved_db_w = ::parad::__private::window(
            &saved_db[..],
            0,
            0..a.len().min(b.len()),
        );
        let da_w_2 = ::parad::__private::window_mut(
            &mut da[..],
            0,
            0..a.len().min(b.len()),
        );
        let saved_da_w = ::parad::__private::window(
            &saved_da[..],
            0,
            0..a.len().min(b.len()),
        );
        let a_w_2 = ::parad::__private::window(&a[..], 0, 0..a.len().min(b.len()));
        let b_w_2 = ::parad::__private::window(&b[..], 0, 0..a.len().min(b.len()));
        for i in (0..a.len().min(b.len())).rev() {
            let dmapped = tape_dmapped_w[i];
            db_w_2[i] = saved_db_w[i];
            let g = ddb[i];
            da_w_2[i] = saved_da_w[i];
            let g_2 = dda[i];
            let mut ddmapped = g * a_w_2[i] + g_2 * b_w_2[i];
            let mut dmapped_2 = dsum_2;
            da_2[i] += g * dmapped + dmapped_2 * b_w_2[i];
            db_2[i] += g_2 * dmapped + dmapped_2 * a_w_2[i];
            ddsum += ddmapped;
        }
        let g_3 = ddsum;
        ddsum = 0.0;
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
fn __parad_tan___parad_joint_dot(
    a: &[f64],
    ta: &[f64],
    da: &mut [f64],
    tda: &mut [f64],
    b: &[f64],
    tb: &[f64],
    db: &mut [f64],
    tdb: &mut [f64],
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let ta = ::parad::__private::TangentSlice::new(ta);
    let mut tda = ::parad::__private::ShadowSlice::new(tda);
    let tb = ::parad::__private::TangentSlice::new(tb);
    let mut tdb = ::parad::__private::ShadowSlice::new(tdb);
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    ::core::assert_eq!(
        db.len(), b.len(), "the shadow of `b` must have the length of `b`"
    );
    let mut tsum = 0.0;
    let mut sum = 0.0;
    let tdret = tseed;
    let dret = seed;
    let mut tdsum = 0.0;
    let mut dsum = 0.0;
    tdsum = tdret;
    dsum = dret;
    for i in 0..a.len().min(b.len()) {
        let tmapped = ta[i] * b[i] + a[i] * tb[i];
        let mapped = a[i] * b[i];
        tsum += tmapped;
        sum += mapped;
        let tdmapped = tdsum;
        let dmapped = dsum;
        tda[i] += tdmapped * b[i] + dmapped * tb[i];
        da[i] += dmapped * b[i];
        tdb[i] += tdmapped * a[i] + dmapped * ta[i];
        db[i] += dmapped * a[i];
    }
    let tret = tsum;
    let ret: f64 = sum;
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
fn __parad_fwd_dot_fwd(
    a: &[f64],
    ta: &[f64],
    b: &[f64],
    tb: &[f64],
) -> (
    (f64, f64),
    impl ::core::ops::FnOnce(
        &[f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        (f64, f64),
    ) + use<>,
) {
    ::core::assert_eq!(
        ta.len(), a.len(), "the tangent of `a` must have the length of `a`"
    );
    ::core::assert_eq!(
        tb.len(), b.len(), "the tangent of `b` must have the length of `b`"
    );
    let mut tsum = 0.0;
    let mut sum = 0.0;
    let ta_w = ::parad::__private::window(&ta[..], 0, 0..a.len().min(b.len()));
    let b_w = ::parad::__private::window(&b[..], 0, 0..a.len().min(b.len()));
    let a_w = ::parad::__private::window(&a[..], 0, 0..a.len().min(b.len()));
    let tb_w = ::parad::__private::window(&tb[..], 0, 0..a.len().min(b.len()));
    for i in 0..a.len().min(b.len()) {
        let tmapped = ta_w[i] * b_w[i] + a_w[i] * tb_w[i];
        let mapped = a_w[i] * b_w[i];
        tsum += tmapped;
        sum += mapped;
    }
    let tret = tsum;
    let ret: f64 = sum;
    let ret_0: f64 = ret;
    let ret_1: f64 = tret;
    let reverse = move |
        a: &[f64],
        da: &mut [f64],
        ta: &[f64],
        dta: &mut [f64],
        b: &[f64],
        db: &mut [f64],
        tb: &[f64],
        dtb: &mut [f64],
        seed: (f64, f64)|
    {
        let mut da = ::parad::__private::ShadowSlice::new(da);
        let mut dta = ::parad::__private::ShadowSlice::new(dta);
        let mut db = ::parad::__private::ShadowSlice::new(db);
        let mut dtb = ::parad::__private::ShadowSlice::new(dtb);
        let (mut dret_0, mut dret_1) = seed;
        let mut dret = dret_0;
        let mut dtret = dret_1;
        let mut dsum = dret;
        let mut dtsum = dtret;
        let b_w_2 = ::parad::__private::window(&b[..], 0, 0..a.len().min(b.len()));
        let tb_w_2 = ::parad::__private::window(&tb[..], 0, 0..a.len().min(b.len()));
        let a_w_2 = ::parad::__private::window(&a[..], 0, 0..a.len().min(b.len()));
        let ta_w_2 = ::parad::__private::window(&ta[..], 0, 0..a.len().min(b.len()));
        for i in 0..a.len().min(b.len()) {
            let mut dmapped = dsum;
            let mut dtmapped = dtsum;
            da[i] += dmapped * b_w_2[i] + dtmapped * tb_w_2[i];
            db[i] += dmapped * a_w_2[i] + dtmapped * ta_w_2[i];
            dta[i] += dtmapped * b_w_2[i];
            dtb[i] += dtmapped * a_w_2[i];
        }
    };
    ((ret_0, ret_1), reverse)
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
fn __parad_tan_dot_fwd(
    a: &[f64],
    ta_2: &[f64],
    ta: &[f64],
    tta: &[f64],
    b: &[f64],
    tb_2: &[f64],
    tb: &[f64],
    ttb: &[f64],
) -> ((f64, f64), (f64, f64)) {
    let ta_2 = ::parad::__private::TangentSlice::new(ta_2);
    let tta = ::parad::__private::TangentSlice::new(tta);
    let tb_2 = ::parad::__private::TangentSlice::new(tb_2);
    let ttb = ::parad::__private::TangentSlice::new(ttb);
    ::core::assert_eq!(
        ta.len(), a.len(), "the tangent of `a` must have the length of `a`"
    );
    ::core::assert_eq!(
        tb.len(), b.len(), "the tangent of `b` must have the length of `b`"
    );
    let mut ttsum = 0.0;
    let mut tsum = 0.0;
    let mut tsum_2 = 0.0;
    let mut sum = 0.0;
    for i in 0..a.len().min(b.len()) {
        let ttmapped = tta[i] * b[i] + ta[i] * tb_2[i]
            + (ta_2[i] * tb[i] + a[i] * ttb[i]);
        let tmapped = ta[i] * b[i] + a[i] * tb[i];
        let tmapped_2 = ta_2[i] * b[i] + a[i] * tb_2[i];
        let mapped = a[i] * b[i];
        ttsum += ttmapped;
        tsum += tmapped;
        tsum_2 += tmapped_2;
        sum += mapped;
    }
    let ttret = ttsum;
    let tret = tsum;
    let tret_2 = tsum_2;
    let ret: f64 = sum;
    let tret_0 = tret_2;
    let ret_0: f64 = ret;
    let tret_1 = ttret;
    let ret_1: f64 = tret;
    ((ret_0, ret_1), (tret_0, tret_1))
}
/// Forward-mode derivative of [`dot`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
fn dot_fwd(a: &[f64], ta: &[f64], b: &[f64], tb: &[f64]) -> (f64, f64) {
    ::core::assert_eq!(
        ta.len(), a.len(), "the tangent of `a` must have the length of `a`"
    );
    ::core::assert_eq!(
        tb.len(), b.len(), "the tangent of `b` must have the length of `b`"
    );
    let ta = &ta[..a.len()];
    let tb = &tb[..b.len()];
    let mut tsum = 0.0;
    let mut sum = 0.0;
    for i in 0..a.len().min(b.len()) {
        let tmapped = ta[i] * b[i] + a[i] * tb[i];
        let mapped = a[i] * b[i];
        tsum += tmapped;
        sum += mapped;
    }
    let tret = tsum;
    let ret: f64 = sum;
    (ret, tret)
}
