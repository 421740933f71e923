#[allow(dead_code)]
fn heat(u0: &[f64], alpha: f64, steps: usize) -> f64 {
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = vec![0.0; n];
    for _ in 0..steps {
        for i in 1..n - 1 {
            next[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1])
                + 0.01 * u[i].sin();
        }
        std::mem::swap(&mut u, &mut next);
    }
    u.iter().map(|v| v * v).sum()
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
fn __parad_fwd_heat(
    u0: &[f64],
    alpha: f64,
    steps: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) -> (f64,) + use<>) {
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = ::std::vec![0.0; n];
    let mut checkpoints = ::parad::__private::checkpoint::Driver::new(
        ::parad::__private::checkpoint::Binomial::new(steps, (3) as usize)
            .expect("checkpoint: the number of snapshots must be positive"),
        ::parad::__private::checkpoint::MemoryStore::new(),
        ::core::option::Option::None,
    );
    let mut state = (u, next);
    let plain_step = ::parad::__private::checkpoint::plain_fn(
        &state,
        |state, step| {
            let (mut u, mut next) = ::core::mem::take(state);
            let u_w = ::parad::__private::window(&u[..], 0, 1..(n - 1));
            let u_w_2 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
            let u_w_3 = ::parad::__private::window(&u[..], 1, 1..(n - 1));
            let next_w = ::parad::__private::window_mut(&mut next[..], 0, 1..(n - 1));
            for i_2 in 1..(n - 1) {
                let sin = u_w[i_2 - 1].sin();
                next_w[i_2 - 1] = u_w[i_2 - 1]
                    + alpha * (u_w_2[i_2 - 1] - 2.0 * u_w[i_2 - 1] + u_w_3[i_2 - 1])
                    + 0.01 * sin;
            }
            ::core::mem::swap(&mut u, &mut next);
            *state = (u, next);
        },
    );
    let taped_step = ::parad::__private::checkpoint::taped_fn(
        &state,
        |state, step_tape, step| {
            let (mut u, mut next) = ::core::mem::take(state);
            let mut saved_next = ::parad::__private::Tape::new();
            saved_next.reserve(::parad::__private::trip_count(1, n - 1, 1));
            let u_w_4 = ::parad::__private::window(&u[..], 0, 1..(n - 1));
            let u_w_5 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
            let u_w_6 = ::parad::__private::window(&u[..], 1, 1..(n - 1));
            let next_w_2 = ::parad::__private::window_mut(&mut next[..], 0, 1..(n - 1));
            for i_2 in 1..(n - 1) {
                let sin = u_w_4[i_2 - 1].sin();
                saved_next.push_reserved(next_w_2[i_2 - 1]);
                next_w_2[i_2 - 1] = u_w_4[i_2 - 1]
                    + alpha * (u_w_5[i_2 - 1] - 2.0 * u_w_4[i_2 - 1] + u_w_6[i_2 - 1])
                    + 0.01 * sin;
            }
            ::core::mem::swap(&mut u, &mut next);
            *step_tape = ::core::option::Option::Some((saved_next,));
            *state = (u, next);
        },
    );
    checkpoints.forward(&mut state, &plain_step, &taped_step);
    (u, next) = state;
    let mut sum = 0.0;
    let hi = u.len();
    let u_w_7 = ::parad::__private::window(&u[..], 0, 0..hi);
    for i_3 in 0..hi {
        let v_mapped = u_w_7[i_3] * u_w_7[i_3];
        sum += v_mapped;
    }
    let ret: f64 = sum;
    let reverse = move |u0: &[f64], du0: &mut [f64], seed: f64| -> (f64,) {
        let mut du0 = ::parad::__private::ShadowSlice::new(du0);
        let mut dalpha: f64 = 0.0;
        let mut dret = seed;
        let mut du = ::std::vec![0.0; u.len()];
        let mut dnext = ::std::vec![0.0; next.len()];
        let mut dsum = dret;
        let du_w = ::parad::__private::window_mut(&mut du[..], 0, 0..hi);
        let u_w_8 = ::parad::__private::window(&u[..], 0, 0..hi);
        for i_3 in 0..hi {
            let mut dv_mapped = dsum;
            du_w[i_3] += dv_mapped * (2.0 * u_w_8[i_3]);
        }
        let mut state_2 = (u, next);
        let plain_step_2 = ::parad::__private::checkpoint::plain_fn(
            &state_2,
            |state_2, step_2| {
                let (mut u, mut next) = ::core::mem::take(state_2);
                let u_w_9 = ::parad::__private::window(&u[..], 0, 1..(n - 1));
                let u_w_10 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
                let u_w_11 = ::parad::__private::window(&u[..], 1, 1..(n - 1));
                let next_w_3 = ::parad::__private::window_mut(
                    &mut next[..],
                    0,
                    1..(n - 1),
                );
                for i_2 in 1..(n - 1) {
                    let sin = u_w_9[i_2 - 1].sin();
                    next_w_3[i_2 - 1] = u_w_9[i_2 - 1]
                        + alpha
                            * (u_w_10[i_2 - 1] - 2.0 * u_w_9[i_2 - 1] + u_w_11[i_2 - 1])
                        + 0.01 * sin;
                }
                ::core::mem::swap(&mut u, &mut next);
                *state_2 = (u, next);
            },
        );
        let taped_step_2 = ::parad::__private::checkpoint::taped_fn(
            &state_2,
            |state_2, step_tape_2, step_2| {
                let (mut u, mut next) = ::core::mem::take(state_2);
                let mut saved_next = ::parad::__private::Tape::new();
                saved_next.reserve(::parad::__private::trip_count(1, n - 1, 1));
                let u_w_12 = ::parad::__private::window(&u[..], 0, 1..(n - 1));
                let u_w_13 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
                let u_w_14 = ::parad::__private::window(&u[..], 1, 1..(n - 1));
                let next_w_4 = ::parad::__private::window_mut(
                    &mut next[..],
                    0,
                    1..(n - 1),
                );
                for i_2 in 1..(n - 1) {
                    let sin = u_w_12[i_2 - 1].sin();
                    saved_next.push_reserved(next_w_4[i_2 - 1]);
                    next_w_4[i_2 - 1] = u_w_12[i_2 - 1]
                        + alpha
                            * (u_w_13[i_2 - 1] - 2.0 * u_w_12[i_2 - 1] + u_w_14[i_2 - 1])
                        + 0.01 * sin;
                }
                ::core::mem::swap(&mut u, &mut next);
                *step_tape_2 = ::core::option::Option::Some((saved_next,));
                *state_2 = (u, next);
            },
        );
        checkpoints
            .reverse(
                &mut state_2,
                &plain_step_2,
                &taped_step_2,
                |state_2, step_tape_2, step_2| {
                    let (mut u, mut next) = ::core::mem::take(state_2);
                    let (mut saved_next,) = step_tape_2.take().unwrap();
                    ::core::mem::swap(&mut u, &mut next);
                    ::core::mem::swap(&mut du, &mut dnext);
                    let next_w_5 = ::parad::__private::window_mut(
                        &mut next[..],
                        0,
                        1..(n - 1),
                    );
                    let saved_next_w = ::parad::__private::window_below(
                        &saved_next[..],
                        1,
                        1..(n - 1),
                    );
                    let dnext_w = ::parad::__private::window_mut(
                        &mut dnext[..],
                        0,
                        1..(n - 1),
                    );
                    let u_w_15 = ::parad::__private::window(&u[..], 0, 1..(n - 1));
                    let u_w_16 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
                    let u_w_17 = ::parad::__private::window(&u[..], 1, 1..(n - 1));
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
                            next_w_5[i_2 - 1] = saved_next_w[i_2 - 1];
                            let g = dnext_w[i_2 - 1];
                            dnext_w[i_2 - 1] = 0.0;
                            let g_2 = g * alpha;
                            let mut dsin = g * 0.01;
                            du_1 += g + -g_2 * 2.0 + dsin * u_w_15[i_2 - 1].cos();
                            dalpha
                                += g
                                    * (u_w_16[i_2 - 1] - 2.0 * u_w_15[i_2 - 1]
                                        + u_w_17[i_2 - 1]);
                            du_0 += g_2;
                            du_2 += g_2;
                            du_w_2[i_2 - 1 + 2] = du_2;
                            (du_1, du_2) = (du_0, du_1);
                        }
                        du_w_2[0] = du_1;
                        du_w_2[1] = du_2;
                    }
                    *state_2 = (u, next);
                },
            );
        (u, next) = state_2;
        for k in 0..du.len() {
            du0[k] += du[k];
        }
        (dalpha,)
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
fn __parad_tan_heat(
    u0: &[f64],
    tu0: &[f64],
    alpha: f64,
    mut talpha: f64,
    steps: usize,
) -> (f64, f64) {
    let tu0 = ::parad::__private::TangentSlice::new(tu0);
    let n = u0.len();
    let mut tu = ::parad::__private::copy_or_zeros(tu0.as_slice(), (u0).len());
    let mut u = u0.to_vec();
    let mut tnext = ::std::vec![0.0; n];
    let mut next = ::std::vec![0.0; n];
    for i in 0..steps {
        for i_2 in 1..(n - 1) {
            let tsin = tu[i_2] * u[i_2].cos();
            let sin = u[i_2].sin();
            tnext[i_2] = tu[i_2]
                + (talpha * (u[i_2 - 1] - 2.0 * u[i_2] + u[i_2 + 1])
                    + alpha * (tu[i_2 - 1] - 2.0 * tu[i_2] + tu[i_2 + 1])) + 0.01 * tsin;
            next[i_2] = u[i_2] + alpha * (u[i_2 - 1] - 2.0 * u[i_2] + u[i_2 + 1])
                + 0.01 * sin;
        }
        ::core::mem::swap(&mut tu, &mut tnext);
        ::core::mem::swap(&mut u, &mut next);
    }
    let mut tsum = 0.0;
    let mut sum = 0.0;
    let hi = u.len();
    for i_3 in 0..hi {
        let tv_mapped = tu[i_3] * u[i_3] + u[i_3] * tu[i_3];
        let v_mapped = u[i_3] * u[i_3];
        tsum += tv_mapped;
        sum += v_mapped;
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
fn __parad_fwd___parad_joint_heat(
    u0: &[f64],
    du0: &mut [f64],
    alpha: f64,
    steps: usize,
    seed: f64,
) -> (
    f64,
    impl ::core::ops::FnOnce(
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        f64,
    ) -> (f64, f64) + use<>,
) {
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `heat` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    let ret: f64 = 0.0;
    let reverse = move |
        u0: &[f64],
        du0_2: &mut [f64],
        du0: &mut [f64],
        ddu0: &mut [f64],
        seed_2: f64,
    | -> (f64, f64) {
        let mut du0_2 = ::parad::__private::ShadowSlice::new(du0_2);
        let mut ddu0 = ::parad::__private::ShadowSlice::new(ddu0);
        let mut dalpha: f64 = 0.0;
        let mut dseed: f64 = 0.0;
        let _ = seed_2;
        (dalpha, dseed)
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
fn __parad_tan___parad_joint_heat(
    u0: &[f64],
    tu0: &[f64],
    du0: &mut [f64],
    tdu0: &mut [f64],
    alpha: f64,
    mut talpha: f64,
    steps: usize,
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let tu0 = ::parad::__private::TangentSlice::new(tu0);
    let mut tdu0 = ::parad::__private::ShadowSlice::new(tdu0);
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `heat` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    let ret: f64 = 0.0;
    (ret, 0.0)
}
/// Reverse-mode derivative of [`heat`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
fn d_heat(u0: &[f64], du0: &mut [f64], alpha: f64, steps: usize, seed: f64) -> f64 {
    ::core::assert_eq!(
        du0.len(), u0.len(), "the shadow of `u0` must have the length of `u0`"
    );
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = ::std::vec![0.0; n];
    let mut checkpoints = ::parad::__private::checkpoint::Driver::new(
        ::parad::__private::checkpoint::Binomial::new(steps, (3) as usize)
            .expect("checkpoint: the number of snapshots must be positive"),
        ::parad::__private::checkpoint::MemoryStore::new(),
        ::core::option::Option::None,
    );
    let mut state = (u, next);
    let plain_step = ::parad::__private::checkpoint::plain_fn(
        &state,
        |state, step| {
            let (mut u, mut next) = ::core::mem::take(state);
            let u_w = ::parad::__private::window(&u[..], 0, 1..(n - 1));
            let u_w_2 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
            let u_w_3 = ::parad::__private::window(&u[..], 1, 1..(n - 1));
            let next_w = ::parad::__private::window_mut(&mut next[..], 0, 1..(n - 1));
            for i_2 in 1..(n - 1) {
                let sin = u_w[i_2 - 1].sin();
                next_w[i_2 - 1] = u_w[i_2 - 1]
                    + alpha * (u_w_2[i_2 - 1] - 2.0 * u_w[i_2 - 1] + u_w_3[i_2 - 1])
                    + 0.01 * sin;
            }
            ::core::mem::swap(&mut u, &mut next);
            *state = (u, next);
        },
    );
    let taped_step = ::parad::__private::checkpoint::taped_fn(
        &state,
        |state, step_tape, step| {
            let (mut u, mut next) = ::core::mem::take(state);
            let mut saved_next = ::parad::__private::Tape::new();
            saved_next.reserve(::parad::__private::trip_count(1, n - 1, 1));
            let u_w_4 = ::parad::__private::window(&u[..], 0, 1..(n - 1));
            let u_w_5 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
            let u_w_6 = ::parad::__private::window(&u[..], 1, 1..(n - 1));
            let next_w_2 = ::parad::__private::window_mut(&mut next[..], 0, 1..(n - 1));
            for i_2 in 1..(n - 1) {
                let sin = u_w_4[i_2 - 1].sin();
                saved_next.push_reserved(next_w_2[i_2 - 1]);
                next_w_2[i_2 - 1] = u_w_4[i_2 - 1]
                    + alpha * (u_w_5[i_2 - 1] - 2.0 * u_w_4[i_2 - 1] + u_w_6[i_2 - 1])
                    + 0.01 * sin;
            }
            ::core::mem::swap(&mut u, &mut next);
            *step_tape = ::core::option::Option::Some((saved_next,));
            *state = (u, next);
        },
    );
    checkpoints.forward(&mut state, &plain_step, &taped_step);
    (u, next) = state;
    let mut sum = 0.0;
    let hi = u.len();
    let du0 = &mut du0[..u0.len()];
    let mut dalpha: f64 = 0.0;
    let mut dret = seed;
    let mut du = ::std::vec![0.0; u.len()];
    let mut dnext = ::std::vec![0.0; next.len()];
    let mut dsum = 0.0;
    dsum = dret;
    let u_w_7 = ::parad::__private::window(&u[..], 0, 0..hi);
    let du_w = ::parad::__private::window_mut(&mut du[..], 0, 0..hi);
    for i_3 in 0..hi {
        let v_mapped = u_w_7[i_3] * u_w_7[i_3];
        sum += v_mapped;
        let mut dv_mapped = dsum;
        du_w[i_3] += dv_mapped * (2.0 * u_w_7[i_3]);
    }
    let ret: f64 = sum;
    let primal = ret;
    let mut state_2 = (u, next);
    let plain_step_2 = ::parad::__private::checkpoint::plain_fn(
        &state_2,
        |state_2, step_2| {
            let (mut u, mut next) = ::core::mem::take(state_2);
            let u_w_8 = ::parad::__private::window(&u[..], 0, 1..(n - 1));
            let u_w_9 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
            let u_w_10 = ::parad::__private::window(&u[..], 1, 1..(n - 1));
            let next_w_3 = ::parad::__private::window_mut(&mut next[..], 0, 1..(n - 1));
            for i_2 in 1..(n - 1) {
                let sin = u_w_8[i_2 - 1].sin();
                next_w_3[i_2 - 1] = u_w_8[i_2 - 1]
                    + alpha * (u_w_9[i_2 - 1] - 2.0 * u_w_8[i_2 - 1] + u_w_10[i_2 - 1])
                    + 0.01 * sin;
            }
            ::core::mem::swap(&mut u, &mut next);
            *state_2 = (u, next);
        },
    );
    let taped_step_2 = ::parad::__private::checkpoint::taped_fn(
        &state_2,
        |state_2, step_tape_2, step_2| {
            let (mut u, mut next) = ::core::mem::take(state_2);
            let mut saved_next = ::parad::__private::Tape::new();
            saved_next.reserve(::parad::__private::trip_count(1, n - 1, 1));
            let u_w_11 = ::parad::__private::window(&u[..], 0, 1..(n - 1));
            let u_w_12 = ::parad::__private::window_below(&u[..], 1, 1..(n - 1));
            let u_w_13 = ::parad::__private::window(&u[..], 1, 1..(n - 1));
            let next_w_4 = ::parad::__private::window_mut(&mut next[..], 0, 1..(n - 1));
            for i_2 in 1..(n - 1) {
                let sin = u_w_11[i_2 - 1].sin();
                saved_next.push_reserved(next_w_4[i_2 - 1]);
                next_w_4[i_2 - 1] = u_w_11[i_2 - 1]
                    + alpha * (u_w_12[i_2 - 1] - 2.0 * u_w_11[i_2 - 1] + u_w_13[i_2 - 1])
                    + 0.01 * sin;
            }
            ::core::mem::swap(&mut u, &mut next);
            *step_tape_2 = ::core::option::Option::Some((saved_next,));
            *state_2 = (u, next);
        },
    );
    checkpoints
        .reverse(
            &mut state_2,
            &plain_step_2,
            &taped_step_2,
            |state_2, step_tape_2, step_2| {
                let (mut u, mut next) = ::core::mem::take(state_2);
                let (mut saved_next,) = step_tape_2.take().unwrap();
                ::core::mem::swap(&mut u, &mut next);
                ::core::mem::swap(&mut du, &mut dnext);
                let next_w_5 = ::parad::__private::window_mut(
                    &mut next[..],
                    0,
                    1..(n - 1),
                );
                let saved_next_w = ::parad::__private::window_below(
                    &saved_next[..],
                    1,
                    1..(n - 1),
                );
                let dnext_w = ::parad::__private::window_mut(
                    &mut dnext[..],
                    0,
                    1..(n - 1),
                );
                let u_w_14 = ::parad::__private::window(&u[..], 0, 1..(n - 1));
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
                        next_w_5[i_2 - 1] = saved_next_w[i_2 - 1];
                        let g = dnext_w[i_2 - 1];
                        dnext_w[i_2 - 1] = 0.0;
                        let g_2 = g * alpha;
                        let mut dsin = g * 0.01;
                        du_1 += g + -g_2 * 2.0 + dsin * u_w_14[i_2 - 1].cos();
                        du_0 += g_2;
                        du_2 += g_2;
                        du_w_2[i_2 - 1 + 2] = du_2;
                        (du_1, du_2) = (du_0, du_1);
                    }
                    du_w_2[0] = du_1;
                    du_w_2[1] = du_2;
                }
                *state_2 = (u, next);
            },
        );
    (u, next) = state_2;
    for k in 0..du.len() {
        du0[k] += du[k];
    }
    primal
}
#[allow(dead_code)]
fn relax(x0: &[f64], tol: f64, snapshots: usize) -> f64 {
    let mut x = x0.to_vec();
    let mut change = 1.0;
    {
        let _ = &(snapshots);
        while change > tol {
            change = 0.0;
            for i in 0..x.len() {
                let y = 0.5 * x[i].cos();
                change += (y - x[i]).abs();
                x[i] = y;
            }
        }
    }
    x.iter().sum()
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
fn __parad_fwd_relax(
    x0: &[f64],
    tol: f64,
    snapshots: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) -> (f64,) + use<>) {
    let mut x = x0.to_vec();
    let mut change = 1.0;
    let mut checkpoints = ::parad::__private::checkpoint::Driver::online(
        ::parad::__private::checkpoint::Online::new((snapshots) as usize)
            .expect("checkpoint: the number of snapshots must be positive"),
        ::parad::__private::checkpoint::MemoryStore::new(),
        ::core::option::Option::None,
    );
    let mut state = (x, change);
    let plain_step = ::parad::__private::checkpoint::plain_fn(
        &state,
        |state, step| {
            let (mut x, mut change) = ::core::mem::take(state);
            change = 0.0;
            let hi = x.len();
            let x_w = ::parad::__private::window_mut(&mut x[..], 0, 0..hi);
            for i in 0..hi {
                let cos = x_w[i].cos();
                let y = 0.5 * cos;
                change += (y - x_w[i]).abs();
                x_w[i] = y;
            }
            *state = (x, change);
        },
    );
    let mut steps = 0usize;
    while {
        let state = &mut state;
        let (mut x, mut change) = ::core::mem::take(state);
        let go = change > tol;
        *state = (x, change);
        go
    } {
        checkpoints.step(&mut state, steps, &plain_step);
        steps += 1;
    }
    (x, change) = state;
    let mut sum = 0.0;
    let hi_2 = x.len();
    let x_w_2 = ::parad::__private::window(&x[..], 0, 0..hi_2);
    for i_2 in 0..hi_2 {
        sum += x_w_2[i_2];
    }
    let ret: f64 = sum;
    let reverse = move |x0: &[f64], dx0: &mut [f64], seed: f64| -> (f64,) {
        let mut dx0 = ::parad::__private::ShadowSlice::new(dx0);
        let mut dtol: f64 = 0.0;
        let mut dret = seed;
        let mut dx = ::std::vec![0.0; x.len()];
        let mut dchange = 0.0;
        let mut dsum = dret;
        let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..hi_2);
        for i_2 in 0..hi_2 {
            dx_w[i_2] += dsum;
        }
        let mut state_2 = (x, change);
        let plain_step_2 = ::parad::__private::checkpoint::plain_fn(
            &state_2,
            |state_2, step_2| {
                let (mut x, mut change) = ::core::mem::take(state_2);
                change = 0.0;
                let hi = x.len();
                let x_w_3 = ::parad::__private::window_mut(&mut x[..], 0, 0..hi);
                for i in 0..hi {
                    let cos = x_w_3[i].cos();
                    let y = 0.5 * cos;
                    change += (y - x_w_3[i]).abs();
                    x_w_3[i] = y;
                }
                *state_2 = (x, change);
            },
        );
        let taped_step_2 = ::parad::__private::checkpoint::taped_fn(
            &state_2,
            |state_2, step_tape_2, step_2| {
                let (mut x, mut change) = ::core::mem::take(state_2);
                let mut tape_hi = ::core::option::Option::None;
                let mut tape_cos = ::parad::__private::Tape::new();
                let mut saved_x = ::parad::__private::Tape::new();
                change = 0.0;
                let hi = x.len();
                tape_cos.reserve(hi);
                saved_x.reserve(hi);
                let x_w_4 = ::parad::__private::window_mut(&mut x[..], 0, 0..hi);
                for i in 0..hi {
                    let cos = x_w_4[i].cos();
                    let y = 0.5 * cos;
                    change += (y - x_w_4[i]).abs();
                    saved_x.push_reserved(x_w_4[i]);
                    x_w_4[i] = y;
                    tape_cos.push_reserved(cos);
                }
                tape_hi = ::core::option::Option::Some(hi);
                *step_tape_2 = ::core::option::Option::Some((
                    tape_hi,
                    tape_cos,
                    saved_x,
                ));
                *state_2 = (x, change);
            },
        );
        checkpoints
            .reverse(
                &mut state_2,
                &plain_step_2,
                &taped_step_2,
                |state_2, step_tape_2, step_2| {
                    let (mut x, mut change) = ::core::mem::take(state_2);
                    let (mut tape_hi, mut tape_cos, mut saved_x) = step_tape_2
                        .take()
                        .unwrap();
                    let hi = tape_hi.take().unwrap();
                    let tape_cos_w = ::parad::__private::window(&tape_cos[..], 0, 0..hi);
                    let x_w_5 = ::parad::__private::window_mut(&mut x[..], 0, 0..hi);
                    let saved_x_w = ::parad::__private::window(&saved_x[..], 0, 0..hi);
                    let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], 0, 0..hi);
                    for i in (0..hi).rev() {
                        let cos = tape_cos_w[i];
                        let y = 0.5 * cos;
                        x_w_5[i] = saved_x_w[i];
                        let g = dx_w_2[i];
                        dx_w_2[i] = 0.0;
                        let g_2 = dchange * (y - x_w_5[i]).signum();
                        let mut dy = g + g_2;
                        let mut dcos = dy * 0.5;
                        dx_w_2[i] += -g_2 + -(dcos * x_w_5[i].sin());
                    }
                    let g_3 = dchange;
                    dchange = 0.0;
                    *state_2 = (x, change);
                },
            );
        (x, change) = state_2;
        for k in 0..dx.len() {
            dx0[k] += dx[k];
        }
        (dtol,)
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
fn __parad_tan_relax(
    x0: &[f64],
    tx0: &[f64],
    tol: f64,
    mut ttol: f64,
    snapshots: usize,
) -> (f64, f64) {
    let tx0 = ::parad::__private::TangentSlice::new(tx0);
    let mut tx = ::parad::__private::copy_or_zeros(tx0.as_slice(), (x0).len());
    let mut x = x0.to_vec();
    let mut tchange = 0.0;
    let mut change = 1.0;
    while change > tol {
        tchange = 0.0;
        change = 0.0;
        let hi = x.len();
        for i in 0..hi {
            let tcos = -(tx[i] * x[i].sin());
            let cos = x[i].cos();
            let ty = 0.5 * tcos;
            let y = 0.5 * cos;
            tchange += (ty - tx[i]) * (y - x[i]).signum();
            change += (y - x[i]).abs();
            tx[i] = ty;
            x[i] = y;
        }
    }
    let mut tsum = 0.0;
    let mut sum = 0.0;
    let hi_2 = x.len();
    for i_2 in 0..hi_2 {
        tsum += tx[i_2];
        sum += x[i_2];
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
fn __parad_fwd___parad_joint_relax(
    x0: &[f64],
    dx0: &mut [f64],
    tol: f64,
    snapshots: usize,
    seed: f64,
) -> (
    f64,
    impl ::core::ops::FnOnce(
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        f64,
    ) -> (f64, f64) + use<>,
) {
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `relax` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    let ret: f64 = 0.0;
    let reverse = move |
        x0: &[f64],
        dx0_2: &mut [f64],
        dx0: &mut [f64],
        ddx0: &mut [f64],
        seed_2: f64,
    | -> (f64, f64) {
        let mut dx0_2 = ::parad::__private::ShadowSlice::new(dx0_2);
        let mut ddx0 = ::parad::__private::ShadowSlice::new(ddx0);
        let mut dtol: f64 = 0.0;
        let mut dseed: f64 = 0.0;
        let _ = seed_2;
        (dtol, dseed)
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
fn __parad_tan___parad_joint_relax(
    x0: &[f64],
    tx0: &[f64],
    dx0: &mut [f64],
    tdx0: &mut [f64],
    tol: f64,
    mut ttol: f64,
    snapshots: usize,
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let tx0 = ::parad::__private::TangentSlice::new(tx0);
    let mut tdx0 = ::parad::__private::ShadowSlice::new(tdx0);
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `relax` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    let ret: f64 = 0.0;
    (ret, 0.0)
}
/// Reverse-mode derivative of [`relax`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
fn d_relax(x0: &[f64], dx0: &mut [f64], tol: f64, snapshots: usize, seed: f64) -> f64 {
    ::core::assert_eq!(
        dx0.len(), x0.len(), "the shadow of `x0` must have the length of `x0`"
    );
    let mut x = x0.to_vec();
    let mut change = 1.0;
    let mut checkpoints = ::parad::__private::checkpoint::Driver::online(
        ::parad::__private::checkpoint::Online::new((snapshots) as usize)
            .expect("checkpoint: the number of snapshots must be positive"),
        ::parad::__private::checkpoint::MemoryStore::new(),
        ::core::option::Option::None,
    );
    let mut state = (x, change);
    let plain_step = ::parad::__private::checkpoint::plain_fn(
        &state,
        |state, step| {
            let (mut x, mut change) = ::core::mem::take(state);
            change = 0.0;
            let hi = x.len();
            let x_w = ::parad::__private::window_mut(&mut x[..], 0, 0..hi);
            for i in 0..hi {
                let cos = x_w[i].cos();
                let y = 0.5 * cos;
                change += (y - x_w[i]).abs();
                x_w[i] = y;
            }
            *state = (x, change);
        },
    );
    let mut steps = 0usize;
    while {
        let state = &mut state;
        let (mut x, mut change) = ::core::mem::take(state);
        let go = change > tol;
        *state = (x, change);
        go
    } {
        checkpoints.step(&mut state, steps, &plain_step);
        steps += 1;
    }
    (x, change) = state;
    let mut sum = 0.0;
    let hi_2 = x.len();
    let dx0 = &mut dx0[..x0.len()];
    let mut dtol: f64 = 0.0;
    let mut dret = seed;
    let mut dx = ::std::vec![0.0; x.len()];
    let mut dchange = 0.0;
    let mut dsum = 0.0;
    dsum = dret;
    let x_w_2 = ::parad::__private::window(&x[..], 0, 0..hi_2);
    let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..hi_2);
    for i_2 in 0..hi_2 {
        sum += x_w_2[i_2];
        dx_w[i_2] += dsum;
    }
    let ret: f64 = sum;
    let primal = ret;
    let mut state_2 = (x, change);
    let plain_step_2 = ::parad::__private::checkpoint::plain_fn(
        &state_2,
        |state_2, step_2| {
            let (mut x, mut change) = ::core::mem::take(state_2);
            change = 0.0;
            let hi = x.len();
            let x_w_3 = ::parad::__private::window_mut(&mut x[..], 0, 0..hi);
            for i in 0..hi {
                let cos = x_w_3[i].cos();
                let y = 0.5 * cos;
                change += (y - x_w_3[i]).abs();
                x_w_3[i] = y;
            }
            *state_2 = (x, change);
        },
    );
    let taped_step_2 = ::parad::__private::checkpoint::taped_fn(
        &state_2,
        |state_2, step_tape_2, step_2| {
            let (mut x, mut change) = ::core::mem::take(state_2);
            let mut tape_hi = ::core::option::Option::None;
            let mut tape_cos = ::parad::__private::Tape::new();
            let mut saved_x = ::parad::__private::Tape::new();
            change = 0.0;
            let hi = x.len();
            tape_cos.reserve(hi);
            saved_x.reserve(hi);
            let x_w_4 = ::parad::__private::window_mut(&mut x[..], 0, 0..hi);
            for i in 0..hi {
                let cos = x_w_4[i].cos();
                let y = 0.5 * cos;
                change += (y - x_w_4[i]).abs();
                saved_x.push_reserved(x_w_4[i]);
                x_w_4[i] = y;
                tape_cos.push_reserved(cos);
            }
            tape_hi = ::core::option::Option::Some(hi);
            *step_tape_2 = ::core::option::Option::Some((tape_hi, tape_cos, saved_x));
            *state_2 = (x, change);
        },
    );
    checkpoints
        .reverse(
            &mut state_2,
            &plain_step_2,
            &taped_step_2,
            |state_2, step_tape_2, step_2| {
                let (mut x, mut change) = ::core::mem::take(state_2);
                let (mut tape_hi, mut tape_cos, mut saved_x) = step_tape_2
                    .take()
                    .unwrap();
                let hi = tape_hi.take().unwrap();
                let tape_cos_w = ::parad::__private::window(&tape_cos[..], 0, 0..hi);
                let x_w_5 = ::parad::__private::window_mut(&mut x[..], 0, 0..hi);
                let saved_x_w = ::parad::__private::window(&saved_x[..], 0, 0..hi);
                let dx_w_2 = ::parad::__private::window_mut(&mut dx[..], 0, 0..hi);
                for i in (0..hi).rev() {
                    let cos = tape_cos_w[i];
                    let y = 0.5 * cos;
                    x_w_5[i] = saved_x_w[i];
                    let g = dx_w_2[i];
                    dx_w_2[i] = 0.0;
                    let g_2 = dchange * (y - x_w_5[i]).signum();
                    let mut dy = g + g_2;
                    let mut dcos = dy * 0.5;
                    dx_w_2[i] += -g_2 + -(dcos * x_w_5[i].sin());
                }
                let g_3 = dchange;
                dchange = 0.0;
                *state_2 = (x, change);
            },
        );
    (x, change) = state_2;
    for k in 0..dx.len() {
        dx0[k] += dx[k];
    }
    primal
}
