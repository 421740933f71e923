#[allow(dead_code)]
pub fn heat2d(u0: &[f64], alpha: f64, n: usize, steps: usize) -> f64 {
    let mut u = u0.to_vec();
    let mut next = vec![0.0; n * n];
    for _ in 0..steps {
        next.par_chunks_mut(n)
            .enumerate()
            .for_each(|(r, row)| {
                for c in 0..n {
                    let k = r * n + c;
                    if r == 0 || r == n - 1 || c == 0 || c == n - 1 {
                        row[c] = u[k];
                    } else {
                        row[c] = u[k]
                            + alpha
                                * (u[k - n] + u[k + n] + u[k - 1] + u[k + 1] - 4.0 * u[k]);
                    }
                }
            });
        std::mem::swap(&mut u, &mut next);
    }
    u.par_iter().map(|v| v * v).sum::<f64>() / (n * n) as f64
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
pub fn __parad_fwd_heat2d(
    u0: &[f64],
    alpha: f64,
    n: usize,
    steps: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) -> (f64,) + use<>) {
    let mut tape_hi = ::parad::__private::Tape::new();
    let mut saved_next = ::parad::__private::WholeTape::new();
    let mut u = u0.to_vec();
    let mut next = ::std::vec![0.0; n * n];
    tape_hi.reserve(steps);
    for i in 0..steps {
        let hi = next.len().div_ceil(n);
        ::parad::__private::save_whole(&mut saved_next, &mut next, hi * n);
        ::parad::__private::par_for(
            0,
            hi,
            (::parad::__private::PerIter::new(&mut next[..], 0, n, 0, hi),),
            |chunk, (next,)| {
                let first = chunk.start * n;
                let mut next = next.at(first);
                let alpha = alpha;
                let u = &u[..];
                for i_2 in chunk {
                    for c in 0..n {
                        let k = i_2 * n + c;
                        if i_2 == 0 || i_2 == n - 1 || c == 0 || c == n - 1 {
                            next[i_2 * n + c] = u[k];
                        } else {
                            next[i_2 * n + c] = u[k]
                                + alpha
                                    * (u[k - n] + u[k + n] + u[k - 1] + u[k + 1] - 4.0 * u[k]);
                        }
                    }
                }
            },
        );
        ::core::mem::swap(&mut u, &mut next);
        tape_hi.push_reserved(hi);
    }
    let mut sum = 0.0;
    let hi_2 = u.len();
    let partial_sums = ::parad::__private::par_private(
        0,
        hi_2,
        (),
        |chunk_2, ()| {
            let mut sum = 0.0;
            for i_3 in chunk_2 {
                let v_mapped = u[i_3] * u[i_3];
                sum += v_mapped;
            }
            (sum,)
        },
    );
    for (sum_part,) in partial_sums {
        sum += sum_part;
    }
    let ret: f64 = sum / (n * n) as f64;
    let reverse = move |u0: &[f64], du0: &mut [f64], seed: f64| -> (f64,) {
        let mut du0 = ::parad::__private::ShadowSlice::new(du0);
        let mut dalpha: f64 = 0.0;
        let mut dret = seed;
        let mut du = ::std::vec![0.0; u.len()];
        let mut dnext = ::std::vec![0.0; next.len()];
        let mut dsum = dret / (n * n) as f64;
        ::parad::__private::par_for(
            0,
            hi_2,
            (::parad::__private::PerIter::new(&mut du[..], 0, 1, 0, hi_2),),
            |chunk_3, (du,)| {
                let first_2 = chunk_3.start;
                let mut du = du.at(first_2);
                let u = &u[..];
                let dsum = dsum;
                for i_3 in chunk_3.rev() {
                    let mut dv_mapped = dsum;
                    du[i_3] += dv_mapped * (2.0 * u[i_3]);
                }
            },
        );
        let mut du_part = ::parad::__private::Tape::new();
        for i in (0..steps).rev() {
            let hi = tape_hi[i];
            ::core::mem::swap(&mut u, &mut next);
            ::core::mem::swap(&mut du, &mut dnext);
            let du_offset: isize = -(n as isize);
            du_part.resize(next.len(), 0.0);
            let du_offset_2: isize = (n as isize);
            let du_offset_3: isize = -1;
            let du_offset_4: isize = 1;
            let private_shadows = ::parad::__private::par_private(
                0,
                hi,
                (
                    ::parad::__private::PerIter::new(&mut dnext[..], 0, n, 0, hi),
                    ::parad::__private::PerIter::new(&mut du[..], 0, n, 0, hi),
                    ::parad::__private::PerIter::zeroed(&mut du_part[..], 0, n, 0, hi),
                ),
                |chunk_4, (dnext, du, du_part)| {
                    let first_3 = chunk_4.start * n;
                    let mut dnext = dnext.at(first_3);
                    let mut du = du.at(first_3);
                    let mut du_part = du_part.at(first_3);
                    let mut dalpha = 0.0;
                    let alpha = alpha;
                    let u = &u[..];
                    let du_offset: isize = -(n as isize);
                    for i_2 in chunk_4.rev() {
                        for c in (0..n).rev() {
                            let k = i_2 * n + c;
                            if i_2 == 0 || i_2 == n - 1 || c == 0 || c == n - 1 {
                                let g = dnext[i_2 * n + c];
                                dnext[i_2 * n + c] = 0.0;
                                du[k] += g;
                            } else {
                                let g_2 = dnext[i_2 * n + c];
                                dnext[i_2 * n + c] = 0.0;
                                let g_3 = g_2 * alpha;
                                du[k] += g_2 + -g_3 * 4.0;
                                dalpha
                                    += g_2
                                        * (u[k - n] + u[k + n] + u[k - 1] + u[k + 1] - 4.0 * u[k]);
                                du_part[(k - n).wrapping_sub(du_offset as usize)] += g_3;
                            }
                        }
                    }
                    (dalpha,)
                },
            );
            for part in &private_shadows {
                dalpha += part.0;
            }
            ::parad::__private::stencil_gather(
                &mut du[..],
                0,
                du_part.len(),
                &[
                    (du_offset, &du_part[..]),
                    (du_offset_2, &du_part[..]),
                    (du_offset_3, &du_part[..]),
                    (du_offset_4, &du_part[..]),
                ],
            );
            ::parad::__private::restore_whole(&mut saved_next, &mut next);
        }
        for k_2 in 0..du.len() {
            du0[k_2] += du[k_2];
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
pub fn __parad_tan_heat2d(
    u0: &[f64],
    tu0: &[f64],
    alpha: f64,
    mut talpha: f64,
    n: usize,
    steps: usize,
) -> (f64, f64) {
    let tu0 = ::parad::__private::TangentSlice::new(tu0);
    let mut tu = ::parad::__private::copy_or_zeros(tu0.as_slice(), (u0).len());
    let mut u = u0.to_vec();
    let mut tnext = ::std::vec![0.0; n * n];
    let mut next = ::std::vec![0.0; n * n];
    for i in 0..steps {
        let hi = next.len().div_ceil(n);
        ::parad::__private::par_for(
            0,
            hi,
            (
                ::parad::__private::PerIter::new(&mut next[..], 0, n, 0, hi),
                ::parad::__private::PerIter::new(&mut tnext[..], 0, n, 0, hi),
            ),
            |chunk, (next, tnext)| {
                let first = chunk.start * n;
                let mut next = next.at(first);
                let mut tnext = tnext.at(first);
                let alpha = alpha;
                let talpha = talpha;
                let u = &u[..];
                let tu = &tu[..];
                for i_2 in chunk {
                    for c in 0..n {
                        let k = i_2 * n + c;
                        if i_2 == 0 || i_2 == n - 1 || c == 0 || c == n - 1 {
                            tnext[i_2 * n + c] = tu[k];
                            next[i_2 * n + c] = u[k];
                        } else {
                            tnext[i_2 * n + c] = tu[k]
                                + (talpha
                                    * (u[k - n] + u[k + n] + u[k - 1] + u[k + 1] - 4.0 * u[k])
                                    + alpha
                                        * (tu[k - n] + tu[k + n] + tu[k - 1] + tu[k + 1]
                                            - 4.0 * tu[k]));
                            next[i_2 * n + c] = u[k]
                                + alpha
                                    * (u[k - n] + u[k + n] + u[k - 1] + u[k + 1] - 4.0 * u[k]);
                        }
                    }
                }
            },
        );
        ::core::mem::swap(&mut tu, &mut tnext);
        ::core::mem::swap(&mut u, &mut next);
    }
    let mut tsum = 0.0;
    let mut sum = 0.0;
    let hi_2 = u.len();
    let partial_sums = ::parad::__private::par_private(
        0,
        hi_2,
        (),
        |chunk_2, ()| {
            let u = &u[..];
            let tu = &tu[..];
            let mut sum = 0.0;
            let mut tsum = 0.0;
            for i_3 in chunk_2 {
                let tv_mapped = tu[i_3] * u[i_3] + u[i_3] * tu[i_3];
                let v_mapped = u[i_3] * u[i_3];
                tsum += tv_mapped;
                sum += v_mapped;
            }
            (sum, tsum)
        },
    );
    for (sum_part, tsum_part) in partial_sums {
        sum += sum_part;
        tsum += tsum_part;
    }
    let tret = tsum / (n * n) as f64;
    let ret: f64 = sum / (n * n) as f64;
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
pub fn __parad_fwd___parad_joint_heat2d(
    u0: &[f64],
    du0: &mut [f64],
    alpha: f64,
    n: usize,
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
        "parad: a derivative of a derivative through `heat2d` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
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
pub fn __parad_tan___parad_joint_heat2d(
    u0: &[f64],
    tu0: &[f64],
    du0: &mut [f64],
    tdu0: &mut [f64],
    alpha: f64,
    mut talpha: f64,
    n: usize,
    steps: usize,
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let tu0 = ::parad::__private::TangentSlice::new(tu0);
    let mut tdu0 = ::parad::__private::ShadowSlice::new(tdu0);
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `heat2d` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    let ret: f64 = 0.0;
    (ret, 0.0)
}
/// Reverse-mode derivative of [`heat2d`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_heat2d(
    u0: &[f64],
    du0: &mut [f64],
    alpha: f64,
    n: usize,
    steps: usize,
    seed: f64,
) -> (f64, f64) {
    ::core::assert_eq!(
        du0.len(), u0.len(), "the shadow of `u0` must have the length of `u0`"
    );
    let mut tape_hi = ::parad::__private::Tape::new();
    let mut saved_next = ::parad::__private::WholeTape::new();
    let mut u = u0.to_vec();
    let mut next = ::std::vec![0.0; n * n];
    tape_hi.reserve(steps);
    for i in 0..steps {
        let hi = next.len().div_ceil(n);
        ::parad::__private::save_whole(&mut saved_next, &mut next, hi * n);
        ::parad::__private::par_for(
            0,
            hi,
            (::parad::__private::PerIter::new(&mut next[..], 0, n, 0, hi),),
            |chunk, (next,)| {
                let first = chunk.start * n;
                let mut next = next.at(first);
                let alpha = alpha;
                let u = &u[..];
                for i_2 in chunk {
                    for c in 0..n {
                        let k = i_2 * n + c;
                        if i_2 == 0 || i_2 == n - 1 || c == 0 || c == n - 1 {
                            next[i_2 * n + c] = u[k];
                        } else {
                            next[i_2 * n + c] = u[k]
                                + alpha
                                    * (u[k - n] + u[k + n] + u[k - 1] + u[k + 1] - 4.0 * u[k]);
                        }
                    }
                }
            },
        );
        ::core::mem::swap(&mut u, &mut next);
        tape_hi.push_reserved(hi);
    }
    let mut sum = 0.0;
    let hi_2 = u.len();
    let du0 = &mut du0[..u0.len()];
    let mut dalpha: f64 = 0.0;
    let mut dret = seed;
    let mut du = ::std::vec![0.0; u.len()];
    let mut dnext = ::std::vec![0.0; next.len()];
    let mut dsum = 0.0;
    dsum = dret / (n * n) as f64;
    let chunk_results = ::parad::__private::par_private(
        0,
        hi_2,
        (::parad::__private::PerIter::new(&mut du[..], 0, 1, 0, hi_2),),
        |chunk_2, (du,)| {
            let first_2 = chunk_2.start;
            let mut du = du.at(first_2);
            let mut sum = 0.0;
            let u = &u[..];
            let dsum = dsum;
            for i_3 in chunk_2 {
                let v_mapped = u[i_3] * u[i_3];
                sum += v_mapped;
                let mut dv_mapped = dsum;
                du[i_3] += dv_mapped * (2.0 * u[i_3]);
            }
            (sum,)
        },
    );
    for part in &chunk_results {
        sum += part.0;
    }
    let ret: f64 = sum / (n * n) as f64;
    let primal = ret;
    let mut du_part = ::parad::__private::Tape::new();
    for i in (0..steps).rev() {
        let hi = tape_hi[i];
        ::core::mem::swap(&mut u, &mut next);
        ::core::mem::swap(&mut du, &mut dnext);
        let du_offset: isize = -(n as isize);
        du_part.resize(next.len(), 0.0);
        let du_offset_2: isize = (n as isize);
        let du_offset_3: isize = -1;
        let du_offset_4: isize = 1;
        let private_shadows = ::parad::__private::par_private(
            0,
            hi,
            (
                ::parad::__private::PerIter::new(&mut dnext[..], 0, n, 0, hi),
                ::parad::__private::PerIter::new(&mut du[..], 0, n, 0, hi),
                ::parad::__private::PerIter::zeroed(&mut du_part[..], 0, n, 0, hi),
            ),
            |chunk_3, (dnext, du, du_part)| {
                let first_3 = chunk_3.start * n;
                let mut dnext = dnext.at(first_3);
                let mut du = du.at(first_3);
                let mut du_part = du_part.at(first_3);
                let mut dalpha = 0.0;
                let alpha = alpha;
                let u = &u[..];
                let du_offset: isize = -(n as isize);
                for i_2 in chunk_3.rev() {
                    for c in (0..n).rev() {
                        let k = i_2 * n + c;
                        if i_2 == 0 || i_2 == n - 1 || c == 0 || c == n - 1 {
                            let g = dnext[i_2 * n + c];
                            dnext[i_2 * n + c] = 0.0;
                            du[k] += g;
                        } else {
                            let g_2 = dnext[i_2 * n + c];
                            dnext[i_2 * n + c] = 0.0;
                            let g_3 = g_2 * alpha;
                            du[k] += g_2 + -g_3 * 4.0;
                            dalpha
                                += g_2
                                    * (u[k - n] + u[k + n] + u[k - 1] + u[k + 1] - 4.0 * u[k]);
                            du_part[(k - n).wrapping_sub(du_offset as usize)] += g_3;
                        }
                    }
                }
                (dalpha,)
            },
        );
        for part in &private_shadows {
            dalpha += part.0;
        }
        ::parad::__private::stencil_gather(
            &mut du[..],
            0,
            du_part.len(),
            &[
                (du_offset, &du_part[..]),
                (du_offset_2, &du_part[..]),
                (du_offset_3, &du_part[..]),
                (du_offset_4, &du_part[..]),
            ],
        );
        ::parad::__private::restore_whole(&mut saved_next, &mut next);
    }
    for k_2 in 0..du.len() {
        du0[k_2] += du[k_2];
    }
    (primal, dalpha)
}
