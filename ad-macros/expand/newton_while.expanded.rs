#[allow(dead_code)]
fn newton_sqrt(a: f64) -> f64 {
    let mut x = a;
    let mut step = 1.0;
    while step.abs() > 1e-12 * x {
        let next = 0.5 * (x + a / x);
        step = next - x;
        x = next;
    }
    x
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
fn __parad_fwd_newton_sqrt(
    a: f64,
) -> (f64, impl ::core::ops::FnOnce(f64) -> (f64,) + use<>) {
    let mut saved_x = ::parad::__private::Tape::new();
    let mut x = a;
    let mut step = 1.0;
    let mut iterations = 0;
    while step.abs() > 1e-12 * x {
        let next = 0.5 * (x + a / x);
        step = next - x;
        saved_x.push(x);
        x = next;
        iterations += 1;
    }
    let ret: f64 = x;
    let reverse = move |seed: f64| -> (f64,) {
        let mut da: f64 = 0.0;
        let mut dret = seed;
        let mut dstep = 0.0;
        let mut dx = dret;
        for _ in 0..iterations {
            x = saved_x.pop().unwrap();
            let g = dx;
            dx = 0.0;
            let g_2 = dstep;
            dstep = 0.0;
            let mut dnext = g + g_2;
            let g_3 = dnext * 0.5;
            dx += -g_2 + g_3 + -(g_3 * (a / x) / x);
            da += g_3 / x;
        }
        da += dx;
        (da,)
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
fn __parad_tan_newton_sqrt(a: f64, mut ta: f64) -> (f64, f64) {
    let mut tx = ta;
    let mut x = a;
    let mut tstep = 0.0;
    let mut step = 1.0;
    let mut iterations = 0;
    while step.abs() > 1e-12 * x {
        let tnext = 0.5 * (tx + (ta / x - tx * (a / x) / x));
        let next = 0.5 * (x + a / x);
        tstep = tnext - tx;
        step = next - x;
        tx = tnext;
        x = next;
        iterations += 1;
    }
    let tret = tx;
    let ret: f64 = x;
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
fn __parad_fwd___parad_joint_newton_sqrt(
    a: f64,
    seed: f64,
) -> (f64, impl ::core::ops::FnOnce(f64) -> (f64, f64) + use<>) {
    let mut tape_g = ::parad::__private::Tape::new();
    let mut tape_g_2 = ::parad::__private::Tape::new();
    let mut saved_x_2 = ::parad::__private::Tape::new();
    let mut saved_saved_x_top = ::parad::__private::Tape::new();
    let mut saved_x_3 = ::parad::__private::Tape::new();
    let mut saved_x = ::std::vec::Vec::new();
    let mut saved_x_top = 0;
    let mut x = a;
    let mut step = 1.0;
    let mut iterations = 0;
    let mut iterations_2 = 0;
    while step.abs() > 1e-12 * x {
        let next = 0.5 * (x + a / x);
        step = next - x;
        saved_x.push(x);
        saved_x_2.push(x);
        x = next;
        iterations += 1;
        iterations_2 += 1;
    }
    let ret: f64 = x;
    let primal_2 = ret;
    let mut da_2: f64 = 0.0;
    let dret = seed;
    saved_x_top = saved_x.len();
    let mut dstep = 0.0;
    let mut dx = dret;
    let hi = iterations;
    tape_g.reserve(hi);
    tape_g_2.reserve(hi);
    saved_saved_x_top.reserve(hi);
    saved_x_3.reserve(hi);
    for i in 0..hi {
        saved_saved_x_top.push_reserved(saved_x_top);
        saved_x_top -= 1;
        saved_x_3.push_reserved(x);
        x = saved_x[saved_x_top];
        let g = dx;
        dx = 0.0;
        let g_2 = dstep;
        dstep = 0.0;
        let dnext = g + g_2;
        let g_3 = dnext * 0.5;
        dx += -g_2 + g_3 + -(g_3 * (a / x) / x);
        da_2 += g_3 / x;
        tape_g.push_reserved(g);
        tape_g_2.push_reserved(g_2);
    }
    da_2 += dx;
    let ret_2: f64 = da_2;
    let reverse = move |seed_2: f64| -> (f64, f64) {
        let mut da: f64 = 0.0;
        let mut dseed: f64 = 0.0;
        let mut dret_2_2 = seed_2;
        let mut dsaved_x = ::std::vec![0.0; saved_x.len()];
        let mut dx_2 = 0.0;
        let mut dstep_2 = 0.0;
        let mut dprimal_2 = 0.0;
        let mut dda_2 = dret_2_2;
        let mut ddx = dda_2;
        let tape_g_w = ::parad::__private::window(&tape_g[..], 0, 0..hi);
        let tape_g_2_w = ::parad::__private::window(&tape_g_2[..], 0, 0..hi);
        let saved_x_3_w = ::parad::__private::window(&saved_x_3[..], 0, 0..hi);
        let saved_saved_x_top_w = ::parad::__private::window(
            &saved_saved_x_top[..],
            0,
            0..hi,
        );
        for i in (0..hi).rev() {
            let g = tape_g_w[i];
            let g_2 = tape_g_2_w[i];
            let dnext = g + g_2;
            let g_3 = dnext * 0.5;
            let mut dg_3 = dda_2 / x;
            dx_2 += -(dda_2 * (g_3 / x) / x);
            let g_4 = -ddx;
            let g_5 = g_4 / x;
            let g_6 = g_5 * g_3;
            dg_3 += ddx + g_5 * (a / x);
            let mut ddnext = dg_3 * 0.5;
            let g_7 = ddx;
            ddx = 0.0;
            let mut dg = ddnext;
            da += g_6 / x;
            dx_2 += -(g_6 * (a / x) / x) + -(g_4 * (g_3 * (a / x) / x) / x);
            x = saved_x_3_w[i];
            let g_8 = dx_2;
            dx_2 = 0.0;
            dsaved_x[saved_x_top] += g_8;
            saved_x_top = saved_saved_x_top_w[i];
            ddx += dg;
        }
        let mut ddret = ddx;
        let mut dret_2 = dprimal_2;
        dx_2 += dret_2;
        for _ in 0..iterations_2 {
            x = saved_x_2.pop().unwrap();
            let g_9 = dx_2;
            dx_2 = 0.0;
            let g_10 = dsaved_x.pop().unwrap();
            dx_2 += g_10;
            let g_11 = dstep_2;
            dstep_2 = 0.0;
            let mut dnext_2 = g_9 + g_11;
            let g_12 = dnext_2 * 0.5;
            dx_2 += -g_11 + g_12 + -(g_12 * (a / x) / x);
            da += g_12 / x;
        }
        dseed += ddret;
        da += dx_2;
        (da, dseed)
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
fn __parad_tan___parad_joint_newton_sqrt(
    a: f64,
    mut ta: f64,
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let mut tsaved_x = ::std::vec::Vec::new();
    let mut saved_x = ::std::vec::Vec::new();
    let mut saved_x_top = 0;
    let mut tx = ta;
    let mut x = a;
    let mut tstep = 0.0;
    let mut step = 1.0;
    let mut iterations = 0;
    let mut iterations_2 = 0;
    while step.abs() > 1e-12 * x {
        let tnext = 0.5 * (tx + (ta / x - tx * (a / x) / x));
        let next = 0.5 * (x + a / x);
        tstep = tnext - tx;
        step = next - x;
        tsaved_x.push(tx);
        saved_x.push(x);
        tx = tnext;
        x = next;
        iterations += 1;
        iterations_2 += 1;
    }
    let tret = tx;
    let ret: f64 = x;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let mut tda_2 = 0.0;
    let mut da_2: f64 = 0.0;
    let tdret = tseed;
    let dret = seed;
    saved_x_top = saved_x.len();
    let mut dstep = 0.0;
    let mut tdx = tdret;
    let mut dx = dret;
    let hi = iterations;
    for i in 0..hi {
        saved_x_top -= 1;
        tx = tsaved_x[saved_x_top];
        x = saved_x[saved_x_top];
        let tg = tdx;
        let g = dx;
        tdx = 0.0;
        dx = 0.0;
        let g_2 = dstep;
        dstep = 0.0;
        let tdnext = tg;
        let dnext = g + g_2;
        let tg_3 = tdnext * 0.5;
        let g_3 = dnext * 0.5;
        tdx
            += tg_3
                + -((tg_3 * (a / x) + g_3 * (ta / x - tx * (a / x) / x)) / x
                    - tx * (g_3 * (a / x) / x) / x);
        dx += -g_2 + g_3 + -(g_3 * (a / x) / x);
        tda_2 += tg_3 / x - tx * (g_3 / x) / x;
        da_2 += g_3 / x;
    }
    tda_2 += tdx;
    da_2 += dx;
    let tret_2 = tda_2;
    let ret_2: f64 = da_2;
    (ret_2, tret_2)
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
fn __parad_fwd_d_newton(
    a: f64,
    seed: f64,
) -> ((f64, f64), impl ::core::ops::FnOnce((f64, f64)) -> (f64, f64) + use<>) {
    let mut tape_g = ::parad::__private::Tape::new();
    let mut tape_g_2 = ::parad::__private::Tape::new();
    let mut saved_x_2 = ::parad::__private::Tape::new();
    let mut saved_saved_x_top = ::parad::__private::Tape::new();
    let mut saved_x_3 = ::parad::__private::Tape::new();
    let mut saved_x = ::std::vec::Vec::new();
    let mut saved_x_top = 0;
    let mut x = a;
    let mut step = 1.0;
    let mut iterations = 0;
    let mut iterations_2 = 0;
    while step.abs() > 1e-12 * x {
        let next = 0.5 * (x + a / x);
        step = next - x;
        saved_x.push(x);
        saved_x_2.push(x);
        x = next;
        iterations += 1;
        iterations_2 += 1;
    }
    let ret: f64 = x;
    let primal_2 = ret;
    let mut da_2: f64 = 0.0;
    let dret = seed;
    saved_x_top = saved_x.len();
    let mut dstep = 0.0;
    let mut dx = dret;
    let hi = iterations;
    tape_g.reserve(hi);
    tape_g_2.reserve(hi);
    saved_saved_x_top.reserve(hi);
    saved_x_3.reserve(hi);
    for i in 0..hi {
        saved_saved_x_top.push_reserved(saved_x_top);
        saved_x_top -= 1;
        saved_x_3.push_reserved(x);
        x = saved_x[saved_x_top];
        let g = dx;
        dx = 0.0;
        let g_2 = dstep;
        dstep = 0.0;
        let dnext = g + g_2;
        let g_3 = dnext * 0.5;
        dx += -g_2 + g_3 + -(g_3 * (a / x) / x);
        da_2 += g_3 / x;
        tape_g.push_reserved(g);
        tape_g_2.push_reserved(g_2);
    }
    da_2 += dx;
    let ret_0: f64 = primal_2;
    let ret_1: f64 = da_2;
    let reverse = move |seed_2: (f64, f64)| -> (f64, f64) {
        let mut da: f64 = 0.0;
        let mut dseed: f64 = 0.0;
        let (mut dret_0, mut dret_1) = seed_2;
        let mut dsaved_x = ::std::vec![0.0; saved_x.len()];
        let mut dx_2 = 0.0;
        let mut dstep_2 = 0.0;
        let mut dda_2 = dret_1;
        let mut ddx = dda_2;
        let tape_g_w = ::parad::__private::window(&tape_g[..], 0, 0..hi);
        let tape_g_2_w = ::parad::__private::window(&tape_g_2[..], 0, 0..hi);
        let saved_x_3_w = ::parad::__private::window(&saved_x_3[..], 0, 0..hi);
        let saved_saved_x_top_w = ::parad::__private::window(
            &saved_saved_x_top[..],
            0,
            0..hi,
        );
        for i in (0..hi).rev() {
            let g = tape_g_w[i];
            let g_2 = tape_g_2_w[i];
            let dnext = g + g_2;
            let g_3 = dnext * 0.5;
            let mut dg_3 = dda_2 / x;
            dx_2 += -(dda_2 * (g_3 / x) / x);
            let g_4 = -ddx;
            let g_5 = g_4 / x;
            let g_6 = g_5 * g_3;
            dg_3 += ddx + g_5 * (a / x);
            let mut ddnext = dg_3 * 0.5;
            let g_7 = ddx;
            ddx = 0.0;
            let mut dg = ddnext;
            da += g_6 / x;
            dx_2 += -(g_6 * (a / x) / x) + -(g_4 * (g_3 * (a / x) / x) / x);
            x = saved_x_3_w[i];
            let g_8 = dx_2;
            dx_2 = 0.0;
            dsaved_x[saved_x_top] += g_8;
            saved_x_top = saved_saved_x_top_w[i];
            ddx += dg;
        }
        let mut ddret = ddx;
        let mut dprimal_2 = dret_0;
        let mut dret_2 = dprimal_2;
        dx_2 += dret_2;
        for _ in 0..iterations_2 {
            x = saved_x_2.pop().unwrap();
            let g_9 = dx_2;
            dx_2 = 0.0;
            let g_10 = dsaved_x.pop().unwrap();
            dx_2 += g_10;
            let g_11 = dstep_2;
            dstep_2 = 0.0;
            let mut dnext_2 = g_9 + g_11;
            let g_12 = dnext_2 * 0.5;
            dx_2 += -g_11 + g_12 + -(g_12 * (a / x) / x);
            da += g_12 / x;
        }
        dseed += ddret;
        da += dx_2;
        (da, dseed)
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
fn __parad_tan_d_newton(
    a: f64,
    mut ta: f64,
    seed: f64,
    mut tseed: f64,
) -> ((f64, f64), (f64, f64)) {
    let mut tsaved_x = ::std::vec::Vec::new();
    let mut saved_x = ::std::vec::Vec::new();
    let mut saved_x_top = 0;
    let mut tx = ta;
    let mut x = a;
    let mut tstep = 0.0;
    let mut step = 1.0;
    let mut iterations = 0;
    let mut iterations_2 = 0;
    while step.abs() > 1e-12 * x {
        let tnext = 0.5 * (tx + (ta / x - tx * (a / x) / x));
        let next = 0.5 * (x + a / x);
        tstep = tnext - tx;
        step = next - x;
        tsaved_x.push(tx);
        saved_x.push(x);
        tx = tnext;
        x = next;
        iterations += 1;
        iterations_2 += 1;
    }
    let tret = tx;
    let ret: f64 = x;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let mut tda_2 = 0.0;
    let mut da_2: f64 = 0.0;
    let tdret = tseed;
    let dret = seed;
    saved_x_top = saved_x.len();
    let mut dstep = 0.0;
    let mut tdx = tdret;
    let mut dx = dret;
    let hi = iterations;
    for i in 0..hi {
        saved_x_top -= 1;
        tx = tsaved_x[saved_x_top];
        x = saved_x[saved_x_top];
        let tg = tdx;
        let g = dx;
        tdx = 0.0;
        dx = 0.0;
        let g_2 = dstep;
        dstep = 0.0;
        let tdnext = tg;
        let dnext = g + g_2;
        let tg_3 = tdnext * 0.5;
        let g_3 = dnext * 0.5;
        tdx
            += tg_3
                + -((tg_3 * (a / x) + g_3 * (ta / x - tx * (a / x) / x)) / x
                    - tx * (g_3 * (a / x) / x) / x);
        dx += -g_2 + g_3 + -(g_3 * (a / x) / x);
        tda_2 += tg_3 / x - tx * (g_3 / x) / x;
        da_2 += g_3 / x;
    }
    tda_2 += tdx;
    da_2 += dx;
    let tret_0 = tprimal_2;
    let ret_0: f64 = primal_2;
    let tret_1 = tda_2;
    let ret_1: f64 = da_2;
    ((ret_0, ret_1), (tret_0, tret_1))
}
/// Reverse-mode derivative of [`newton_sqrt`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
fn d_newton(a: f64, seed: f64) -> (f64, f64) {
    let mut saved_x = ::parad::__private::Tape::new();
    let mut x = a;
    let mut step = 1.0;
    let mut iterations = 0;
    while step.abs() > 1e-12 * x {
        let next = 0.5 * (x + a / x);
        step = next - x;
        saved_x.push(x);
        x = next;
        iterations += 1;
    }
    let ret: f64 = x;
    let primal = ret;
    let mut da: f64 = 0.0;
    let mut dret = seed;
    let mut dstep = 0.0;
    let mut dx = dret;
    for _ in 0..iterations {
        x = saved_x.pop().unwrap();
        let g = dx;
        dx = 0.0;
        let g_2 = dstep;
        dstep = 0.0;
        let mut dnext = g + g_2;
        let g_3 = dnext * 0.5;
        dx += -g_2 + g_3 + -(g_3 * (a / x) / x);
        da += g_3 / x;
    }
    da += dx;
    (primal, da)
}
