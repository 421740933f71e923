#[allow(dead_code)]
pub fn coulomb(r: &[f64]) -> f64 {
    let mut e = 0.0;
    for i in 0..r.len() {
        let r2 = r[i] * r[i] + 0.1;
        let inv = 1.0 / r2;
        e += inv;
    }
    e
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
pub fn __parad_fwd_coulomb(
    r: &[f64],
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut e = 0.0;
    let r_w = ::parad::__private::window(&r[..], 0, 0..r.len());
    for i in 0..r.len() {
        let r2 = r_w[i] * r_w[i] + 0.1;
        let inv = 1.0 / r2;
        e += inv;
    }
    let ret: f64 = e;
    let reverse = move |r: &[f64], dr: &mut [f64], seed: f64| {
        let mut dr = ::parad::__private::ShadowSlice::new(dr);
        let mut dret = seed;
        let mut de = dret;
        let r_w_2 = ::parad::__private::window(&r[..], 0, 0..r.len());
        for i in 0..r.len() {
            let r2 = r_w_2[i] * r_w_2[i] + 0.1;
            let inv = 1.0 / r2;
            let mut dinv = de;
            let mut dr2 = -(dinv * (inv * inv));
            dr[i] += dr2 * (2.0 * r_w_2[i]);
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
pub fn __parad_tan_coulomb(r: &[f64], tr: &[f64]) -> (f64, f64) {
    let tr = ::parad::__private::TangentSlice::new(tr);
    let mut te = 0.0;
    let mut e = 0.0;
    for i in 0..r.len() {
        let tr2 = tr[i] * r[i] + r[i] * tr[i];
        let r2 = r[i] * r[i] + 0.1;
        let inv = 1.0 / r2;
        let tinv = -(tr2 * (inv * inv));
        te += tinv;
        e += inv;
    }
    let tret = te;
    let ret: f64 = e;
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
pub fn __parad_fwd___parad_joint_coulomb(
    r: &[f64],
    dr: &mut [f64],
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
    let mut tape_dinv = ::parad::__private::Tape::new();
    let mut saved_dr = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dr.len(), r.len(), "the shadow of `r` must have the length of `r`"
    );
    let mut e = 0.0;
    let dret = seed;
    let mut de = 0.0;
    de = dret;
    tape_dinv.reserve(r.len());
    saved_dr.reserve(r.len());
    let r_w = ::parad::__private::window(&r[..], 0, 0..r.len());
    let dr_w = ::parad::__private::window_mut(&mut dr[..], 0, 0..r.len());
    for i in 0..r.len() {
        let r2 = r_w[i] * r_w[i] + 0.1;
        let inv = 1.0 / r2;
        e += inv;
        let dinv = de;
        let dr2 = -(dinv * (inv * inv));
        saved_dr.push_reserved(dr_w[i]);
        dr_w[i] += dr2 * (2.0 * r_w[i]);
        tape_dinv.push_reserved(dinv);
    }
    let ret: f64 = e;
    let primal_2 = ret;
    let reverse = move |
        r: &[f64],
        dr_2: &mut [f64],
        dr: &mut [f64],
        ddr: &mut [f64],
        seed_2: (),
    | -> (f64,) {
        let mut dr_2 = ::parad::__private::ShadowSlice::new(dr_2);
        let mut ddr = ::parad::__private::ShadowSlice::new(ddr);
        let mut dseed: f64 = 0.0;
        let _ = seed_2;
        let mut dde = 0.0;
        let mut dprimal_2 = 0.0;
        let mut dret_2 = dprimal_2;
        let mut de_2 = dret_2;
        let r_w_2 = ::parad::__private::window(&r[..], 0, 0..r.len());
        let tape_dinv_w = ::parad::__private::window(&tape_dinv[..], 0, 0..r.len());
        let dr_w_2 = ::parad::__private::window_mut(&mut dr[..], 0, 0..r.len());
        let saved_dr_w = ::parad::__private::window(&saved_dr[..], 0, 0..r.len());
        for i in (0..r.len()).rev() {
            let r2 = r_w_2[i] * r_w_2[i] + 0.1;
            let inv = 1.0 / r2;
            let dinv = tape_dinv_w[i];
            let dr2 = -(dinv * (inv * inv));
            dr_w_2[i] = saved_dr_w[i];
            let g = ddr[i];
            let mut ddr2 = g * (2.0 * r_w_2[i]);
            let g_2 = -ddr2;
            let g_3 = g_2 * dinv;
            let mut ddinv = g_2 * (inv * inv);
            let mut dinv_2 = g_3 * (2.0 * inv) + de_2;
            let mut dr2_2 = -(dinv_2 * (inv * inv));
            dr_2[i] += g * dr2 * 2.0 + dr2_2 * (2.0 * r_w_2[i]);
            dde += ddinv;
        }
        let g_4 = dde;
        dde = 0.0;
        let mut ddret = g_4;
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
pub fn __parad_tan___parad_joint_coulomb(
    r: &[f64],
    tr: &[f64],
    dr: &mut [f64],
    tdr: &mut [f64],
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let tr = ::parad::__private::TangentSlice::new(tr);
    let mut tdr = ::parad::__private::ShadowSlice::new(tdr);
    ::core::assert_eq!(
        dr.len(), r.len(), "the shadow of `r` must have the length of `r`"
    );
    let mut te = 0.0;
    let mut e = 0.0;
    let tdret = tseed;
    let dret = seed;
    let mut tde = 0.0;
    let mut de = 0.0;
    tde = tdret;
    de = dret;
    for i in 0..r.len() {
        let tr2 = tr[i] * r[i] + r[i] * tr[i];
        let r2 = r[i] * r[i] + 0.1;
        let inv = 1.0 / r2;
        let tinv = -(tr2 * (inv * inv));
        te += tinv;
        e += inv;
        let tdinv = tde;
        let dinv = de;
        let tdr2 = -(tdinv * (inv * inv) + dinv * (tinv * inv + inv * tinv));
        let dr2 = -(dinv * (inv * inv));
        tdr[i] += tdr2 * (2.0 * r[i]) + dr2 * (2.0 * tr[i]);
        dr[i] += dr2 * (2.0 * r[i]);
    }
    let tret = te;
    let ret: f64 = e;
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
pub fn __parad_fwd_d_coulomb(
    r: &[f64],
    dr: &mut [f64],
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
    let mut tape_dinv = ::parad::__private::Tape::new();
    let mut saved_dr = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dr.len(), r.len(), "the shadow of `r` must have the length of `r`"
    );
    let mut e = 0.0;
    let dret = seed;
    let mut de = 0.0;
    de = dret;
    tape_dinv.reserve(r.len());
    saved_dr.reserve(r.len());
    let r_w = ::parad::__private::window(&r[..], 0, 0..r.len());
    let dr_w = ::parad::__private::window_mut(&mut dr[..], 0, 0..r.len());
    for i in 0..r.len() {
        let r2 = r_w[i] * r_w[i] + 0.1;
        let inv = 1.0 / r2;
        e += inv;
        let dinv = de;
        let dr2 = -(dinv * (inv * inv));
        saved_dr.push_reserved(dr_w[i]);
        dr_w[i] += dr2 * (2.0 * r_w[i]);
        tape_dinv.push_reserved(dinv);
    }
    let ret: f64 = e;
    let primal_2 = ret;
    let ret_2: f64 = primal_2;
    let reverse = move |
        r: &[f64],
        dr_2: &mut [f64],
        dr: &mut [f64],
        ddr: &mut [f64],
        seed_2: f64,
    | -> (f64,) {
        let mut dr_2 = ::parad::__private::ShadowSlice::new(dr_2);
        let mut ddr = ::parad::__private::ShadowSlice::new(ddr);
        let mut dseed: f64 = 0.0;
        let mut dret_2_2 = seed_2;
        let mut dde = 0.0;
        let mut dprimal_2 = dret_2_2;
        let mut dret_2 = dprimal_2;
        let mut de_2 = dret_2;
        let r_w_2 = ::parad::__private::window(&r[..], 0, 0..r.len());
        let tape_dinv_w = ::parad::__private::window(&tape_dinv[..], 0, 0..r.len());
        let dr_w_2 = ::parad::__private::window_mut(&mut dr[..], 0, 0..r.len());
        let saved_dr_w = ::parad::__private::window(&saved_dr[..], 0, 0..r.len());
        for i in (0..r.len()).rev() {
            let r2 = r_w_2[i] * r_w_2[i] + 0.1;
            let inv = 1.0 / r2;
            let dinv = tape_dinv_w[i];
            let dr2 = -(dinv * (inv * inv));
            dr_w_2[i] = saved_dr_w[i];
            let g = ddr[i];
            let mut ddr2 = g * (2.0 * r_w_2[i]);
            let g_2 = -ddr2;
            let g_3 = g_2 * dinv;
            let mut ddinv = g_2 * (inv * inv);
            let mut dinv_2 = g_3 * (2.0 * inv) + de_2;
            let mut dr2_2 = -(dinv_2 * (inv * inv));
            dr_2[i] += g * dr2 * 2.0 + dr2_2 * (2.0 * r_w_2[i]);
            dde += ddinv;
        }
        let g_4 = dde;
        dde = 0.0;
        let mut ddret = g_4;
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
pub fn __parad_tan_d_coulomb(
    r: &[f64],
    tr: &[f64],
    dr: &mut [f64],
    tdr: &mut [f64],
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let tr = ::parad::__private::TangentSlice::new(tr);
    let mut tdr = ::parad::__private::ShadowSlice::new(tdr);
    ::core::assert_eq!(
        dr.len(), r.len(), "the shadow of `r` must have the length of `r`"
    );
    let mut te = 0.0;
    let mut e = 0.0;
    let tdret = tseed;
    let dret = seed;
    let mut tde = 0.0;
    let mut de = 0.0;
    tde = tdret;
    de = dret;
    for i in 0..r.len() {
        let tr2 = tr[i] * r[i] + r[i] * tr[i];
        let r2 = r[i] * r[i] + 0.1;
        let inv = 1.0 / r2;
        let tinv = -(tr2 * (inv * inv));
        te += tinv;
        e += inv;
        let tdinv = tde;
        let dinv = de;
        let tdr2 = -(tdinv * (inv * inv) + dinv * (tinv * inv + inv * tinv));
        let dr2 = -(dinv * (inv * inv));
        tdr[i] += tdr2 * (2.0 * r[i]) + dr2 * (2.0 * tr[i]);
        dr[i] += dr2 * (2.0 * r[i]);
    }
    let tret = te;
    let ret: f64 = e;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tret_2 = tprimal_2;
    let ret_2: f64 = primal_2;
    (ret_2, tret_2)
}
/// Reverse-mode derivative of [`coulomb`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_coulomb(r: &[f64], dr: &mut [f64], seed: f64) -> f64 {
    ::core::assert_eq!(
        dr.len(), r.len(), "the shadow of `r` must have the length of `r`"
    );
    let mut e = 0.0;
    let dr = &mut dr[..r.len()];
    let mut dret = seed;
    let mut de = 0.0;
    de = dret;
    let r_w = ::parad::__private::window(&r[..], 0, 0..r.len());
    let dr_w = ::parad::__private::window_mut(&mut dr[..], 0, 0..r.len());
    for i in 0..r.len() {
        let r2 = r_w[i] * r_w[i] + 0.1;
        let inv = 1.0 / r2;
        e += inv;
        let mut dinv = de;
        let mut dr2 = -(dinv * (inv * inv));
        dr_w[i] += dr2 * (2.0 * r_w[i]);
    }
    let ret: f64 = e;
    let primal = ret;
    primal
}
