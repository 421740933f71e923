#[allow(dead_code)]
pub fn padded(x: &[f64], n: usize, steps: usize) -> f64 {
    let w = n + 2;
    let mut u = vec![0.0; w * w];
    for r in 0..n {
        for c in 0..n {
            u[(r + 1) * w + c + 1] = x[r * n + c];
        }
    }
    let mut next = vec![0.0; w * w];
    for _ in 0..steps {
        next.par_chunks_mut(w)
            .enumerate()
            .for_each(|(r, row)| {
                if r >= 1 && r <= n {
                    for c in 1..n + 1 {
                        let k = r * w + c;
                        row[c] = 0.5 * u[k]
                            + 0.125 * (u[k - 1] + u[k + 1] + u[k - w] + u[k + w]);
                    }
                }
            });
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for v in u.iter() {
        s += v * v;
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
pub fn __parad_fwd_padded(
    x: &[f64],
    n: usize,
    steps: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut tape_hi = ::parad::__private::Tape::new();
    let w = n + 2;
    let mut u = ::std::vec![0.0; w * w];
    for r in 0..n {
        let x_w = ::parad::__private::window(&x[..], r * n, 0..n);
        for c in 0..n {
            u[(r + 1) * w + c + 1] = x_w[c];
        }
    }
    let mut next = ::std::vec![0.0; w * w];
    tape_hi.reserve(steps);
    for i in 0..steps {
        let size = w;
        let hi = next.len().div_ceil(size);
        ::parad::__private::par_for(
            0,
            hi,
            (::parad::__private::PerIter::new(&mut next[..], 0, size, 0, hi),),
            |chunk, (next,)| {
                let first = chunk.start * size;
                let mut next = next.at(first);
                let u = &u[..];
                for i_2 in chunk {
                    if i_2 >= 1 && i_2 <= n {
                        for c_2 in 1..(n + 1) {
                            let k = i_2 * w + c_2;
                            if c_2 >= size {
                                ::core::panic!(
                                    "index out of bounds: the index is past the end of the slice"
                                );
                            }
                            next[i_2 * size + c_2] = 0.5 * u[k]
                                + 0.125 * (u[k - 1] + u[k + 1] + u[k - w] + u[k + w]);
                        }
                    }
                }
            },
        );
        ::core::mem::swap(&mut u, &mut next);
        tape_hi.push_reserved(hi);
    }
    let mut s = 0.0;
    let hi_2 = u.len();
    let u_w = ::parad::__private::window(&u[..], 0, 0..hi_2);
    for i_3 in 0..hi_2 {
        s += u_w[i_3] * u_w[i_3];
    }
    let ret: f64 = s;
    let reverse = move |x: &[f64], dx: &mut [f64], seed: f64| {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dret = seed;
        let mut du = ::std::vec![0.0; u.len()];
        let mut dnext = ::std::vec![0.0; next.len()];
        let mut ds = dret;
        let du_w = ::parad::__private::window_mut(&mut du[..], 0, 0..hi_2);
        let u_w_2 = ::parad::__private::window(&u[..], 0, 0..hi_2);
        for i_3 in 0..hi_2 {
            du_w[i_3] += ds * (2.0 * u_w_2[i_3]);
        }
        let mut du_part = ::parad::__private::Tape::new();
        for i in (0..steps).rev() {
            let size = w;
            let hi = tape_hi[i];
            ::core::mem::swap(&mut u, &mut next);
            ::core::mem::swap(&mut du, &mut dnext);
            let du_offset: isize = -1;
            du_part.resize(next.len(), 0.0);
            let du_offset_2: isize = 1;
            let du_offset_3: isize = -(w as isize);
            let du_offset_4: isize = (w as isize);
            ::parad::__private::par_for(
                0,
                hi,
                (
                    ::parad::__private::PerIter::new(&mut dnext[..], 0, size, 0, hi),
                    ::parad::__private::PerIter::new(&mut du[..], 0, size, 0, hi),
                    ::parad::__private::PerIter::zeroed(&mut du_part[..], 0, size, 0, hi),
                ),
                |chunk_2, (dnext, du, du_part)| {
                    let first_2 = chunk_2.start * size;
                    let mut dnext = dnext.at(first_2);
                    let mut du = du.at(first_2);
                    let mut du_part = du_part.at(first_2);
                    let du_offset: isize = -1;
                    for i_2 in chunk_2.rev() {
                        if i_2 >= 1 && i_2 <= n {
                            for c_2 in (1..(n + 1)).rev() {
                                let k = i_2 * w + c_2;
                                let g = dnext[i_2 * size + c_2];
                                dnext[i_2 * size + c_2] = 0.0;
                                let g_2 = g * 0.125;
                                du[k] += g * 0.5;
                                du_part[(k - 1).wrapping_sub(du_offset as usize)] += g_2;
                            }
                        }
                    }
                },
            );
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
        }
        for r in (0..n).rev() {
            for c in (0..n).rev() {
                let g_3 = du[(r + 1) * w + c + 1];
                du[(r + 1) * w + c + 1] = 0.0;
                dx[r * n + c] += g_3;
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
pub fn __parad_tan_padded(x: &[f64], tx: &[f64], n: usize, steps: usize) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let w = n + 2;
    let mut tu = ::std::vec![0.0; w * w];
    let mut u = ::std::vec![0.0; w * w];
    for r in 0..n {
        for c in 0..n {
            tu[(r + 1) * w + c + 1] = tx[r * n + c];
            u[(r + 1) * w + c + 1] = x[r * n + c];
        }
    }
    let mut tnext = ::std::vec![0.0; w * w];
    let mut next = ::std::vec![0.0; w * w];
    for i in 0..steps {
        let size = w;
        let hi = next.len().div_ceil(size);
        ::parad::__private::par_for(
            0,
            hi,
            (
                ::parad::__private::PerIter::new(&mut next[..], 0, size, 0, hi),
                ::parad::__private::PerIter::new(&mut tnext[..], 0, size, 0, hi),
            ),
            |chunk, (next, tnext)| {
                let first = chunk.start * size;
                let mut next = next.at(first);
                let mut tnext = tnext.at(first);
                let u = &u[..];
                let tu = &tu[..];
                for i_2 in chunk {
                    if i_2 >= 1 && i_2 <= n {
                        for c_2 in 1..(n + 1) {
                            let k = i_2 * w + c_2;
                            if c_2 >= size {
                                ::core::panic!(
                                    "index out of bounds: the index is past the end of the slice"
                                );
                            }
                            tnext[i_2 * size + c_2] = 0.5 * tu[k]
                                + 0.125 * (tu[k - 1] + tu[k + 1] + tu[k - w] + tu[k + w]);
                            next[i_2 * size + c_2] = 0.5 * u[k]
                                + 0.125 * (u[k - 1] + u[k + 1] + u[k - w] + u[k + w]);
                        }
                    }
                }
            },
        );
        ::core::mem::swap(&mut tu, &mut tnext);
        ::core::mem::swap(&mut u, &mut next);
    }
    let mut ts = 0.0;
    let mut s = 0.0;
    let hi_2 = u.len();
    for i_3 in 0..hi_2 {
        ts += tu[i_3] * u[i_3] + u[i_3] * tu[i_3];
        s += u[i_3] * u[i_3];
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
pub fn __parad_fwd___parad_joint_padded(
    x: &[f64],
    dx: &mut [f64],
    n: usize,
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
        "parad: a derivative of a derivative through `padded` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
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
pub fn __parad_tan___parad_joint_padded(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    n: usize,
    steps: usize,
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tdx = ::parad::__private::ShadowSlice::new(tdx);
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `padded` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    ((), ())
}
/// Reverse-mode derivative of [`padded`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_padded(x: &[f64], dx: &mut [f64], n: usize, steps: usize, seed: f64) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tape_hi = ::parad::__private::Tape::new();
    let w = n + 2;
    let mut u = ::std::vec![0.0; w * w];
    for r in 0..n {
        let x_w = ::parad::__private::window(&x[..], r * n, 0..n);
        for c in 0..n {
            u[(r + 1) * w + c + 1] = x_w[c];
        }
    }
    let mut next = ::std::vec![0.0; w * w];
    tape_hi.reserve(steps);
    for i in 0..steps {
        let size = w;
        let hi = next.len().div_ceil(size);
        ::parad::__private::par_for(
            0,
            hi,
            (::parad::__private::PerIter::new(&mut next[..], 0, size, 0, hi),),
            |chunk, (next,)| {
                let first = chunk.start * size;
                let mut next = next.at(first);
                let u = &u[..];
                for i_2 in chunk {
                    if i_2 >= 1 && i_2 <= n {
                        for c_2 in 1..(n + 1) {
                            let k = i_2 * w + c_2;
                            if c_2 >= size {
                                ::core::panic!(
                                    "index out of bounds: the index is past the end of the slice"
                                );
                            }
                            next[i_2 * size + c_2] = 0.5 * u[k]
                                + 0.125 * (u[k - 1] + u[k + 1] + u[k - w] + u[k + w]);
                        }
                    }
                }
            },
        );
        ::core::mem::swap(&mut u, &mut next);
        tape_hi.push_reserved(hi);
    }
    let mut s = 0.0;
    let hi_2 = u.len();
    let dx = &mut dx[..x.len()];
    let mut dret = seed;
    let mut du = ::std::vec![0.0; u.len()];
    let mut dnext = ::std::vec![0.0; next.len()];
    let mut ds = 0.0;
    ds = dret;
    let u_w = ::parad::__private::window(&u[..], 0, 0..hi_2);
    let du_w = ::parad::__private::window_mut(&mut du[..], 0, 0..hi_2);
    for i_3 in 0..hi_2 {
        s += u_w[i_3] * u_w[i_3];
        du_w[i_3] += ds * (2.0 * u_w[i_3]);
    }
    let ret: f64 = s;
    let primal = ret;
    let mut du_part = ::parad::__private::Tape::new();
    for i in (0..steps).rev() {
        let size = w;
        let hi = tape_hi[i];
        ::core::mem::swap(&mut u, &mut next);
        ::core::mem::swap(&mut du, &mut dnext);
        let du_offset: isize = -1;
        du_part.resize(next.len(), 0.0);
        let du_offset_2: isize = 1;
        let du_offset_3: isize = -(w as isize);
        let du_offset_4: isize = (w as isize);
        ::parad::__private::par_for(
            0,
            hi,
            (
                ::parad::__private::PerIter::new(&mut dnext[..], 0, size, 0, hi),
                ::parad::__private::PerIter::new(&mut du[..], 0, size, 0, hi),
                ::parad::__private::PerIter::zeroed(&mut du_part[..], 0, size, 0, hi),
            ),
            |chunk_2, (dnext, du, du_part)| {
                let first_2 = chunk_2.start * size;
                let mut dnext = dnext.at(first_2);
                let mut du = du.at(first_2);
                let mut du_part = du_part.at(first_2);
                let du_offset: isize = -1;
                for i_2 in chunk_2.rev() {
                    if i_2 >= 1 && i_2 <= n {
                        for c_2 in (1..(n + 1)).rev() {
                            let k = i_2 * w + c_2;
                            let g = dnext[i_2 * size + c_2];
                            dnext[i_2 * size + c_2] = 0.0;
                            let g_2 = g * 0.125;
                            du[k] += g * 0.5;
                            du_part[(k - 1).wrapping_sub(du_offset as usize)] += g_2;
                        }
                    }
                }
            },
        );
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
    }
    for r in (0..n).rev() {
        let dx_w = ::parad::__private::window_mut(&mut dx[..], r * n, 0..n);
        for c in (0..n).rev() {
            let g_3 = du[(r + 1) * w + c + 1];
            du[(r + 1) * w + c + 1] = 0.0;
            dx_w[c] += g_3;
        }
    }
    primal
}
