#[allow(dead_code)]
pub fn advect(u0: &[f64], steps: usize) -> f64 {
    let n = u0.len();
    let h = 1.0 / n as f64;
    let mut u = u0.to_vec();
    let mut next = vec![0.0; n];
    for _ in 0..steps {
        for i in 1..n - 1 {
            let dx = (u[i + 1] - u[i - 1]) / (2.0 * h);
            let lap = (u[i + 1] - 2.0 * u[i] + u[i - 1]) / (h * h);
            next[i] = u[i] + 0.001 * lap - 0.01 * u[i] * dx;
        }
        next[0] = u[0];
        next[n - 1] = u[n - 1];
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for i in 0..n {
        s += u[i] / (1.0 + i as f64);
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
pub fn __parad_fwd_advect(
    u0: &[f64],
    steps: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut saved_next = ::parad::__private::Tape::new();
    let mut saved_next_2 = ::parad::__private::Tape::new();
    let mut saved_next_3 = ::parad::__private::Tape::new();
    let n = u0.len();
    let h = 1.0 / n as f64;
    let mut u = u0.to_vec();
    let mut next = ::std::vec![0.0; n];
    saved_next.reserve(steps * ::parad::__private::trip_count(1, n - 1, 1));
    saved_next_2.reserve(steps);
    saved_next_3.reserve(steps);
    for i in 0..steps {
        let u_w = ::parad::__private::window(&u[..], 1, 1..(n - 1));
        let u_w_2 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
        let u_w_3 = ::parad::__private::window(&u[..], 0, 1..(n - 1));
        let next_w = ::parad::__private::window_mut(&mut next[..], 0, 1..(n - 1));
        for i_2 in 1..(n - 1) {
            let dx = (u_w[i_2 - 1] - u_w_2[i_2 - 1]) / (2.0 * h);
            let lap = (u_w[i_2 - 1] - 2.0 * u_w_3[i_2 - 1] + u_w_2[i_2 - 1]) / (h * h);
            saved_next.push_reserved(next_w[i_2 - 1]);
            next_w[i_2 - 1] = u_w_3[i_2 - 1] + 0.001 * lap - 0.01 * u_w_3[i_2 - 1] * dx;
        }
        saved_next_2.push_reserved(next[0]);
        next[0] = u[0];
        saved_next_3.push_reserved(next[n - 1]);
        next[n - 1] = u[n - 1];
        ::core::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    let u_w_4 = ::parad::__private::window(&u[..], 0, 0..n);
    for i_3 in 0..n {
        s += u_w_4[i_3] / (1.0 + i_3 as f64);
    }
    let ret: f64 = s;
    let reverse = move |u0: &[f64], du0: &mut [f64], seed: f64| {
        let mut du0 = ::parad::__private::ShadowSlice::new(du0);
        let mut dret = seed;
        let mut du = ::std::vec![0.0; u.len()];
        let mut dnext = ::std::vec![0.0; next.len()];
        let mut ds = dret;
        let du_w = ::parad::__private::window_mut(&mut du[..], 0, 0..n);
        for i_3 in 0..n {
            du_w[i_3] += ds / (1.0 + i_3 as f64);
        }
        let inv_h2 = 1.0 / (h * h);
        let inv_2h = 1.0 / (2.0 * h);
        let saved_next_3_w = ::parad::__private::window(&saved_next_3[..], 0, 0..steps);
        let saved_next_2_w = ::parad::__private::window(&saved_next_2[..], 0, 0..steps);
        for i in (0..steps).rev() {
            ::core::mem::swap(&mut u, &mut next);
            ::core::mem::swap(&mut du, &mut dnext);
            next[n - 1] = saved_next_3_w[i];
            let g = dnext[n - 1];
            dnext[n - 1] = 0.0;
            next[0] = saved_next_2_w[i];
            let g_2 = dnext[0];
            dnext[0] = 0.0;
            du[n - 1] += g;
            du[0] += g_2;
            let u_w_5 = ::parad::__private::window(&u[..], 1, 1..(n - 1));
            let u_w_6 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
            let u_w_7 = ::parad::__private::window(&u[..], 0, 1..(n - 1));
            let next_w_2 = ::parad::__private::window_mut(&mut next[..], 0, 1..(n - 1));
            let dnext_w = ::parad::__private::window_mut(&mut dnext[..], 0, 1..(n - 1));
            let du_w_2 = ::parad::__private::window_span_mut(
                &mut du[..],
                -1,
                1,
                1..(n - 1),
            );
            if !du_w_2.is_empty() {
                let (mut du_1, mut du_2) = (
                    du_w_2[(n - 1) - 1],
                    du_w_2[(n - 1) - 1 + 1],
                );
                for i_2 in (1..(n - 1)).rev() {
                    let mut du_0 = du_w_2[i_2 - 1];
                    let dx = (u_w_5[i_2 - 1] - u_w_6[i_2 - 1]) / (2.0 * h);
                    next_w_2[i_2 - 1] = saved_next[i
                        * ::parad::__private::trip_count(1, n - 1, 1) + (i_2 - 1)];
                    let g_3 = dnext_w[i_2 - 1];
                    dnext_w[i_2 - 1] = 0.0;
                    let g_4 = -g_3;
                    let mut dlap = g_3 * 0.001;
                    let g_5 = dlap * inv_h2;
                    let mut ddx = g_4 * (0.01 * u_w_7[i_2 - 1]);
                    let g_6 = ddx * inv_2h;
                    du_1 += g_3 + g_4 * dx * 0.01 + -g_5 * 2.0;
                    du_2 += g_5 + g_6;
                    du_0 += g_5 + -g_6;
                    du_w_2[i_2 - 1 + 2] = du_2;
                    (du_1, du_2) = (du_0, du_1);
                }
                du_w_2[0] = du_1;
                du_w_2[1] = du_2;
            }
        }
        for k in 0..du.len() {
            du0[k] += du[k];
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
pub fn __parad_tan_advect(u0: &[f64], tu0: &[f64], steps: usize) -> (f64, f64) {
    let tu0 = ::parad::__private::TangentSlice::new(tu0);
    let n = u0.len();
    let h = 1.0 / n as f64;
    let mut tu = ::parad::__private::copy_or_zeros(tu0.as_slice(), (u0).len());
    let mut u = u0.to_vec();
    let mut tnext = ::std::vec![0.0; n];
    let mut next = ::std::vec![0.0; n];
    for i in 0..steps {
        for i_2 in 1..(n - 1) {
            let tdx = (tu[i_2 + 1] - tu[i_2 - 1]) / (2.0 * h);
            let dx = (u[i_2 + 1] - u[i_2 - 1]) / (2.0 * h);
            let tlap = (tu[i_2 + 1] - 2.0 * tu[i_2] + tu[i_2 - 1]) / (h * h);
            let lap = (u[i_2 + 1] - 2.0 * u[i_2] + u[i_2 - 1]) / (h * h);
            tnext[i_2] = tu[i_2] + 0.001 * tlap
                - (0.01 * tu[i_2] * dx + 0.01 * u[i_2] * tdx);
            next[i_2] = u[i_2] + 0.001 * lap - 0.01 * u[i_2] * dx;
        }
        tnext[0] = tu[0];
        next[0] = u[0];
        tnext[n - 1] = tu[n - 1];
        next[n - 1] = u[n - 1];
        ::core::mem::swap(&mut tu, &mut tnext);
        ::core::mem::swap(&mut u, &mut next);
    }
    let mut ts = 0.0;
    let mut s = 0.0;
    for i_3 in 0..n {
        ts += tu[i_3] / (1.0 + i_3 as f64);
        s += u[i_3] / (1.0 + i_3 as f64);
    }
    let tret = ts;
    let ret: f64 = s;
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
pub fn __parad_fwd___parad_joint_advect(
    u0: &[f64],
    du0: &mut [f64],
    steps: usize,
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
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `advect` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    let reverse = move |
        u0: &[f64],
        du0_2: &mut [f64],
        du0: &mut [f64],
        ddu0: &mut [f64],
        seed_2: (),
    | -> (f64,) {
        let mut du0_2 = ::parad::__private::ShadowSlice::new(du0_2);
        let mut ddu0 = ::parad::__private::ShadowSlice::new(ddu0);
        let mut dseed: f64 = 0.0;
        let _ = seed_2;
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
pub fn __parad_tan___parad_joint_advect(
    u0: &[f64],
    tu0: &[f64],
    du0: &mut [f64],
    tdu0: &mut [f64],
    steps: usize,
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let tu0 = ::parad::__private::TangentSlice::new(tu0);
    let mut tdu0 = ::parad::__private::ShadowSlice::new(tdu0);
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `advect` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    ((), ())
}
/// Reverse-mode derivative of [`advect`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_advect(u0: &[f64], du0: &mut [f64], steps: usize, seed: f64) -> f64 {
    ::core::assert_eq!(
        du0.len(), u0.len(), "the shadow of `u0` must have the length of `u0`"
    );
    let mut saved_next = ::parad::__private::Tape::new();
    let mut saved_next_2 = ::parad::__private::Tape::new();
    let mut saved_next_3 = ::parad::__private::Tape::new();
    let n = u0.len();
    let h = 1.0 / n as f64;
    let mut u = u0.to_vec();
    let mut next = ::std::vec![0.0; n];
    saved_next.reserve(steps * ::parad::__private::trip_count(1, n - 1, 1));
    saved_next_2.reserve(steps);
    saved_next_3.reserve(steps);
    for i in 0..steps {
        let u_w = ::parad::__private::window(&u[..], 1, 1..(n - 1));
        let u_w_2 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
        let u_w_3 = ::parad::__private::window(&u[..], 0, 1..(n - 1));
        let next_w = ::parad::__private::window_mut(&mut next[..], 0, 1..(n - 1));
        for i_2 in 1..(n - 1) {
            let dx = (u_w[i_2 - 1] - u_w_2[i_2 - 1]) / (2.0 * h);
            let lap = (u_w[i_2 - 1] - 2.0 * u_w_3[i_2 - 1] + u_w_2[i_2 - 1]) / (h * h);
            saved_next.push_reserved(next_w[i_2 - 1]);
            next_w[i_2 - 1] = u_w_3[i_2 - 1] + 0.001 * lap - 0.01 * u_w_3[i_2 - 1] * dx;
        }
        saved_next_2.push_reserved(next[0]);
        next[0] = u[0];
        saved_next_3.push_reserved(next[n - 1]);
        next[n - 1] = u[n - 1];
        ::core::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    let du0 = &mut du0[..u0.len()];
    let mut dret = seed;
    let mut du = ::std::vec![0.0; u.len()];
    let mut dnext = ::std::vec![0.0; next.len()];
    let mut ds = 0.0;
    ds = dret;
    let u_w_4 = ::parad::__private::window(&u[..], 0, 0..n);
    let du_w = ::parad::__private::window_mut(&mut du[..], 0, 0..n);
    for i_3 in 0..n {
        s += u_w_4[i_3] / (1.0 + i_3 as f64);
        du_w[i_3] += ds / (1.0 + i_3 as f64);
    }
    let ret: f64 = s;
    let primal = ret;
    let inv_h2 = 1.0 / (h * h);
    let inv_2h = 1.0 / (2.0 * h);
    let saved_next_3_w = ::parad::__private::window(&saved_next_3[..], 0, 0..steps);
    let saved_next_2_w = ::parad::__private::window(&saved_next_2[..], 0, 0..steps);
    for i in (0..steps).rev() {
        ::core::mem::swap(&mut u, &mut next);
        ::core::mem::swap(&mut du, &mut dnext);
        next[n - 1] = saved_next_3_w[i];
        let g = dnext[n - 1];
        dnext[n - 1] = 0.0;
        next[0] = saved_next_2_w[i];
        let g_2 = dnext[0];
        dnext[0] = 0.0;
        du[n - 1] += g;
        du[0] += g_2;
        let u_w_5 = ::parad::__private::window(&u[..], 1, 1..(n - 1));
        let u_w_6 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
        let u_w_7 = ::parad::__private::window(&u[..], 0, 1..(n - 1));
        let next_w_2 = ::parad::__private::window_mut(&mut next[..], 0, 1..(n - 1));
        let dnext_w = ::parad::__private::window_mut(&mut dnext[..], 0, 1..(n - 1));
        let du_w_2 = ::parad::__private::window_span_mut(&mut du[..], -1, 1, 1..(n - 1));
        if !du_w_2.is_empty() {
            let (mut du_1, mut du_2) = (du_w_2[(n - 1) - 1], du_w_2[(n - 1) - 1 + 1]);
            for i_2 in (1..(n - 1)).rev() {
                let mut du_0 = du_w_2[i_2 - 1];
                let dx = (u_w_5[i_2 - 1] - u_w_6[i_2 - 1]) / (2.0 * h);
                next_w_2[i_2 - 1] = saved_next[i
                    * ::parad::__private::trip_count(1, n - 1, 1) + (i_2 - 1)];
                let g_3 = dnext_w[i_2 - 1];
                dnext_w[i_2 - 1] = 0.0;
                let g_4 = -g_3;
                let mut dlap = g_3 * 0.001;
                let g_5 = dlap * inv_h2;
                let mut ddx = g_4 * (0.01 * u_w_7[i_2 - 1]);
                let g_6 = ddx * inv_2h;
                du_1 += g_3 + g_4 * dx * 0.01 + -g_5 * 2.0;
                du_2 += g_5 + g_6;
                du_0 += g_5 + -g_6;
                du_w_2[i_2 - 1 + 2] = du_2;
                (du_1, du_2) = (du_0, du_1);
            }
            du_w_2[0] = du_1;
            du_w_2[1] = du_2;
        }
    }
    for k in 0..du.len() {
        du0[k] += du[k];
    }
    primal
}
