#[allow(dead_code)]
fn first_big(x: &[f64]) -> f64 {
    for i in 0..x.len() {
        if x[i] > 1.0 {
            return x[i] * x[i];
        }
    }
    0.0
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
fn __parad_fwd_first_big(
    x: &[f64],
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut tape_cond = ::parad::__private::Tape::new();
    let mut ret: f64 = 0.0;
    let mut returned = false;
    tape_cond.reserve(x.len());
    for i in 0..x.len() {
        let cond = !returned;
        if cond {
            if x[i] > 1.0 {
                ret = x[i] * x[i];
                returned = true;
            }
        }
        tape_cond.push_reserved(cond);
    }
    let cond_2 = !returned;
    if cond_2 {
        ret = 0.0;
    }
    let reverse = move |x: &[f64], dx: &mut [f64], seed: f64| {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dret = seed;
        if cond_2 {
            let g = dret;
            dret = 0.0;
        }
        let tape_cond_w = ::parad::__private::window(&tape_cond[..], 0, 0..x.len());
        for i in (0..x.len()).rev() {
            let cond = tape_cond_w[i];
            if cond {
                if x[i] > 1.0 {
                    let g_2 = dret;
                    dret = 0.0;
                    dx[i] += g_2 * (2.0 * x[i]);
                }
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
fn __parad_tan_first_big(x: &[f64], tx: &[f64]) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tret = 0.0;
    let mut ret: f64 = 0.0;
    let mut returned = false;
    for i in 0..x.len() {
        let cond = !returned;
        if cond {
            if x[i] > 1.0 {
                tret = tx[i] * x[i] + x[i] * tx[i];
                ret = x[i] * x[i];
                returned = true;
            }
        }
    }
    let cond_2 = !returned;
    if cond_2 {
        tret = 0.0;
        ret = 0.0;
    }
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
fn __parad_fwd___parad_joint_first_big(
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
    let mut tape_cond_2 = ::parad::__private::Tape::new();
    let mut tape_cond_3 = ::parad::__private::Tape::new();
    let mut tape_g_2 = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tape_cond = ::std::vec::Vec::new();
    let mut ret: f64 = 0.0;
    let mut returned = false;
    tape_cond_2.reserve(x.len());
    for i in 0..x.len() {
        let cond = !returned;
        if cond {
            if x[i] > 1.0 {
                ret = x[i] * x[i];
                returned = true;
            }
        }
        tape_cond.push(cond);
        tape_cond_2.push_reserved(cond);
    }
    let cond_2 = !returned;
    if cond_2 {
        ret = 0.0;
    }
    let primal_2 = ret;
    let mut dret = seed;
    if cond_2 {
        let g = dret;
        dret = 0.0;
    }
    tape_cond_3.resize(x.len(), false);
    tape_g_2.resize(x.len(), 0.0);
    saved_dx.resize(x.len(), 0.0);
    let tape_cond_w = ::parad::__private::window(&tape_cond[..], 0, 0..x.len());
    let tape_cond_3_w = ::parad::__private::window_mut(
        &mut tape_cond_3[..],
        0,
        0..x.len(),
    );
    for i_2 in (0..x.len()).rev() {
        let cond_3 = tape_cond_w[i_2];
        if cond_3 {
            if x[i_2] > 1.0 {
                let g_2 = dret;
                dret = 0.0;
                saved_dx[i_2] = dx[i_2];
                dx[i_2] += g_2 * (2.0 * x[i_2]);
                tape_g_2[i_2] = g_2;
            }
        }
        tape_cond_3_w[i_2] = cond_3;
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
        let mut ddret = 0.0;
        let tape_cond_3_w_2 = ::parad::__private::window(
            &tape_cond_3[..],
            0,
            0..x.len(),
        );
        for i_2 in 0..x.len() {
            let cond_3 = tape_cond_3_w_2[i_2];
            if cond_3 {
                if x[i_2] > 1.0 {
                    let g_2 = tape_g_2[i_2];
                    dx[i_2] = saved_dx[i_2];
                    let g_3 = ddx[i_2];
                    let g_4 = ddret;
                    ddret = 0.0;
                    let mut dg_2 = g_3 * (2.0 * x[i_2]);
                    dx_2[i_2] += g_3 * g_2 * 2.0;
                    ddret += dg_2;
                }
            }
        }
        if cond_2 {
            let mut dg = 0.0;
            let g_5 = ddret;
            ddret = 0.0;
            ddret += dg;
        }
        let mut dret_2 = dprimal_2;
        if cond_2 {
            let g_6 = dret_2;
            dret_2 = 0.0;
        }
        let tape_cond_2_w = ::parad::__private::window(&tape_cond_2[..], 0, 0..x.len());
        for i in (0..x.len()).rev() {
            let cond = tape_cond_2_w[i];
            if cond {
                if x[i] > 1.0 {
                    let g_7 = dret_2;
                    dret_2 = 0.0;
                    dx_2[i] += g_7 * (2.0 * x[i]);
                }
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
fn __parad_tan___parad_joint_first_big(
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
    let mut tape_cond = ::std::vec::Vec::new();
    let mut tret = 0.0;
    let mut ret: f64 = 0.0;
    let mut returned = false;
    for i in 0..x.len() {
        let cond = !returned;
        if cond {
            if x[i] > 1.0 {
                tret = tx[i] * x[i] + x[i] * tx[i];
                ret = x[i] * x[i];
                returned = true;
            }
        }
        tape_cond.push(cond);
    }
    let cond_2 = !returned;
    if cond_2 {
        tret = 0.0;
        ret = 0.0;
    }
    let tprimal_2 = tret;
    let primal_2 = ret;
    let mut tdret = tseed;
    let mut dret = seed;
    if cond_2 {
        let tg = tdret;
        let g = dret;
        tdret = 0.0;
        dret = 0.0;
    }
    for i_2 in (0..x.len()).rev() {
        let cond_3 = tape_cond[i_2];
        if cond_3 {
            if x[i_2] > 1.0 {
                let tg_2 = tdret;
                let g_2 = dret;
                tdret = 0.0;
                dret = 0.0;
                tdx[i_2] += tg_2 * (2.0 * x[i_2]) + g_2 * (2.0 * tx[i_2]);
                dx[i_2] += g_2 * (2.0 * x[i_2]);
            }
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
fn __parad_fwd_d_first_big(
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
    let mut tape_cond_2 = ::parad::__private::Tape::new();
    let mut tape_cond_3 = ::parad::__private::Tape::new();
    let mut tape_g_2 = ::parad::__private::Tape::new();
    let mut saved_dx = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tape_cond = ::std::vec::Vec::new();
    let mut ret: f64 = 0.0;
    let mut returned = false;
    tape_cond_2.reserve(x.len());
    for i in 0..x.len() {
        let cond = !returned;
        if cond {
            if x[i] > 1.0 {
                ret = x[i] * x[i];
                returned = true;
            }
        }
        tape_cond.push(cond);
        tape_cond_2.push_reserved(cond);
    }
    let cond_2 = !returned;
    if cond_2 {
        ret = 0.0;
    }
    let primal_2 = ret;
    let mut dret = seed;
    if cond_2 {
        let g = dret;
        dret = 0.0;
    }
    tape_cond_3.resize(x.len(), false);
    tape_g_2.resize(x.len(), 0.0);
    saved_dx.resize(x.len(), 0.0);
    let tape_cond_w = ::parad::__private::window(&tape_cond[..], 0, 0..x.len());
    let tape_cond_3_w = ::parad::__private::window_mut(
        &mut tape_cond_3[..],
        0,
        0..x.len(),
    );
    for i_2 in (0..x.len()).rev() {
        let cond_3 = tape_cond_w[i_2];
        if cond_3 {
            if x[i_2] > 1.0 {
                let g_2 = dret;
                dret = 0.0;
                saved_dx[i_2] = dx[i_2];
                dx[i_2] += g_2 * (2.0 * x[i_2]);
                tape_g_2[i_2] = g_2;
            }
        }
        tape_cond_3_w[i_2] = cond_3;
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
        let mut ddret = 0.0;
        let tape_cond_3_w_2 = ::parad::__private::window(
            &tape_cond_3[..],
            0,
            0..x.len(),
        );
        for i_2 in 0..x.len() {
            let cond_3 = tape_cond_3_w_2[i_2];
            if cond_3 {
                if x[i_2] > 1.0 {
                    let g_2 = tape_g_2[i_2];
                    dx[i_2] = saved_dx[i_2];
                    let g_3 = ddx[i_2];
                    let g_4 = ddret;
                    ddret = 0.0;
                    let mut dg_2 = g_3 * (2.0 * x[i_2]);
                    dx_2[i_2] += g_3 * g_2 * 2.0;
                    ddret += dg_2;
                }
            }
        }
        if cond_2 {
            let mut dg = 0.0;
            let g_5 = ddret;
            ddret = 0.0;
            ddret += dg;
        }
        let mut dprimal_2 = dret_2_2;
        let mut dret_2 = dprimal_2;
        if cond_2 {
            let g_6 = dret_2;
            dret_2 = 0.0;
        }
        let tape_cond_2_w = ::parad::__private::window(&tape_cond_2[..], 0, 0..x.len());
        for i in (0..x.len()).rev() {
            let cond = tape_cond_2_w[i];
            if cond {
                if x[i] > 1.0 {
                    let g_7 = dret_2;
                    dret_2 = 0.0;
                    dx_2[i] += g_7 * (2.0 * x[i]);
                }
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
fn __parad_tan_d_first_big(
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
    let mut tape_cond = ::std::vec::Vec::new();
    let mut tret = 0.0;
    let mut ret: f64 = 0.0;
    let mut returned = false;
    for i in 0..x.len() {
        let cond = !returned;
        if cond {
            if x[i] > 1.0 {
                tret = tx[i] * x[i] + x[i] * tx[i];
                ret = x[i] * x[i];
                returned = true;
            }
        }
        tape_cond.push(cond);
    }
    let cond_2 = !returned;
    if cond_2 {
        tret = 0.0;
        ret = 0.0;
    }
    let tprimal_2 = tret;
    let primal_2 = ret;
    let mut tdret = tseed;
    let mut dret = seed;
    if cond_2 {
        let tg = tdret;
        let g = dret;
        tdret = 0.0;
        dret = 0.0;
    }
    for i_2 in (0..x.len()).rev() {
        let cond_3 = tape_cond[i_2];
        if cond_3 {
            if x[i_2] > 1.0 {
                let tg_2 = tdret;
                let g_2 = dret;
                tdret = 0.0;
                dret = 0.0;
                tdx[i_2] += tg_2 * (2.0 * x[i_2]) + g_2 * (2.0 * tx[i_2]);
                dx[i_2] += g_2 * (2.0 * x[i_2]);
            }
        }
    }
    let tret_2 = tprimal_2;
    let ret_2: f64 = primal_2;
    (ret_2, tret_2)
}
/// Reverse-mode derivative of [`first_big`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
fn d_first_big(x: &[f64], dx: &mut [f64], seed: f64) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tape_cond = ::parad::__private::Tape::new();
    let mut ret: f64 = 0.0;
    let mut returned = false;
    tape_cond.reserve(x.len());
    for i in 0..x.len() {
        let cond = !returned;
        if cond {
            if x[i] > 1.0 {
                ret = x[i] * x[i];
                returned = true;
            }
        }
        tape_cond.push_reserved(cond);
    }
    let cond_2 = !returned;
    if cond_2 {
        ret = 0.0;
    }
    let primal = ret;
    let dx = &mut dx[..x.len()];
    let mut dret = seed;
    if cond_2 {
        let g = dret;
        dret = 0.0;
    }
    let tape_cond_w = ::parad::__private::window(&tape_cond[..], 0, 0..x.len());
    for i in (0..x.len()).rev() {
        let cond = tape_cond_w[i];
        if cond {
            if x[i] > 1.0 {
                let g_2 = dret;
                dret = 0.0;
                dx[i] += g_2 * (2.0 * x[i]);
            }
        }
    }
    primal
}
