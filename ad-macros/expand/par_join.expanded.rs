#[allow(dead_code)]
pub fn psum(x: &[f64]) -> f64 {
    if x.len() <= 16 {
        return x.iter().map(|v| v.sin() * v).sum();
    }
    let mid = x.len() / 2;
    let (l, r) = x.split_at(mid);
    let (a, b) = rayon::join(|| psum(l), || psum(r));
    a + b
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
pub fn __parad_fwd_psum(
    x: &[f64],
) -> (
    f64,
    ::std::boxed::Box<
        dyn ::core::ops::FnOnce(&[f64], &mut [f64], f64) + ::core::marker::Send,
    >,
) {
    let mut tape_sin = ::parad::__private::Tape::new();
    let mut tape_psum = ::parad::__private::ChunkTapes::new();
    let mut tape_psum_2 = ::parad::__private::ChunkTapes::new();
    let mut ret: f64 = 0.0;
    let mut returned = false;
    if x.len() <= 16 {
        let mut sum = 0.0;
        tape_sin.reserve(x.len());
        let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
        for i in 0..x.len() {
            let sin = x_w[i].sin();
            let v_mapped = sin * x_w[i];
            sum += v_mapped;
            tape_sin.push_reserved(sin);
        }
        ret = sum;
        returned = true;
    }
    let cond = !returned;
    if cond {
        let mid = x.len() / 2;
        let mid_2 = mid;
        let len = x.len() - mid_2;
        let mut a = 0.0;
        let mut b = 0.0;
        let partial_sums = ::parad::__private::par_private(
            0,
            2,
            (
                ::parad::__private::PerChunk::new(&mut tape_psum, 0, 2),
                ::parad::__private::PerChunk::new(&mut tape_psum_2, 0, 2),
            ),
            |chunk, (tape_psum, tape_psum_2)| {
                let mut a = 0.0;
                let mut b = 0.0;
                for task in chunk {
                    if task == 0 {
                        let (psum_value, psum_reverse) = __parad_fwd_psum(&x[..mid_2]);
                        tape_psum.push(psum_reverse);
                        a += psum_value;
                    } else {
                        let (psum_value_2, psum_reverse_2) = __parad_fwd_psum(
                            &x[mid_2..mid_2 + len],
                        );
                        tape_psum_2.push(psum_reverse_2);
                        b += psum_value_2;
                    }
                }
                (a, b)
            },
        );
        for (a_part, b_part) in partial_sums {
            a += a_part;
            b += b_part;
        }
        ret = a + b;
    }
    let reverse = move |x: &[f64], dx: &mut [f64], seed: f64| {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dret = seed;
        if cond {
            let mid = x.len() / 2;
            let mid_2 = mid;
            let len = x.len() - mid_2;
            let g = dret;
            dret = 0.0;
            let mut da = g;
            let mut db = g;
            ::parad::__private::par_for(
                0,
                2,
                (
                    ::parad::__private::PerIter::cut(dx.as_mut_slice(), mid_2, 0, 2)
                        .inactive_when_empty(),
                    ::parad::__private::PerChunk::new(&mut tape_psum, 0, 2),
                    ::parad::__private::PerChunk::new(&mut tape_psum_2, 0, 2),
                ),
                |chunk_2, (mut dx, tape_psum, tape_psum_2)| {
                    let x = &x[..];
                    let da = da;
                    let db = db;
                    for task in chunk_2.rev() {
                        if task == 0 {
                            let mut dpsum_value = da;
                            let psum_reverse = tape_psum.pop().unwrap();
                            psum_reverse(&x[..mid_2], &mut dx[..mid_2], dpsum_value);
                        } else {
                            let mut dpsum_value_2 = db;
                            let psum_reverse_2 = tape_psum_2.pop().unwrap();
                            let x_hi = mid_2 + len;
                            psum_reverse_2(
                                &x[mid_2..x_hi],
                                &mut dx[mid_2..x_hi],
                                dpsum_value_2,
                            );
                        }
                    }
                },
            );
        }
        if x.len() <= 16 {
            let g_2 = dret;
            dret = 0.0;
            let mut dsum = g_2;
            let tape_sin_w = ::parad::__private::window(&tape_sin[..], 0, 0..x.len());
            let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
            for i in 0..x.len() {
                let sin = tape_sin_w[i];
                let mut dv_mapped = dsum;
                let mut dsin = dv_mapped * x_w_2[i];
                dx[i] += dv_mapped * sin + dsin * x_w_2[i].cos();
            }
        }
    };
    (ret, ::std::boxed::Box::new(reverse))
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
pub fn __parad_tan_psum(x: &[f64], tx: &[f64]) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tret = 0.0;
    let mut ret: f64 = 0.0;
    let mut returned = false;
    if x.len() <= 16 {
        let mut tsum = 0.0;
        let mut sum = 0.0;
        for i in 0..x.len() {
            let tsin = tx[i] * x[i].cos();
            let sin = x[i].sin();
            let tv_mapped = tsin * x[i] + sin * tx[i];
            let v_mapped = sin * x[i];
            tsum += tv_mapped;
            sum += v_mapped;
        }
        tret = tsum;
        ret = sum;
        returned = true;
    }
    let cond = !returned;
    if cond {
        let mid = x.len() / 2;
        let mid_2 = mid;
        let len = x.len() - mid_2;
        let mut ta = 0.0;
        let mut a = 0.0;
        let mut tb = 0.0;
        let mut b = 0.0;
        let partial_sums = ::parad::__private::par_private(
            0,
            2,
            (),
            |chunk, ()| {
                let x = &x[..];
                let mut a = 0.0;
                let mut b = 0.0;
                let mut ta = 0.0;
                let mut tb = 0.0;
                for task in chunk {
                    if task == 0 {
                        let (psum_value, mut tpsum_value) = __parad_tan_psum(
                            &x[..mid_2],
                            ::parad::__private::sub_ref(tx.as_slice(), 0, mid_2),
                        );
                        ta += tpsum_value;
                        a += psum_value;
                    } else {
                        let x_hi = mid_2 + len;
                        let (psum_value_2, mut tpsum_value_2) = __parad_tan_psum(
                            &x[mid_2..x_hi],
                            ::parad::__private::sub_ref(tx.as_slice(), mid_2, x_hi),
                        );
                        tb += tpsum_value_2;
                        b += psum_value_2;
                    }
                }
                (a, b, ta, tb)
            },
        );
        for (a_part, b_part, ta_part, tb_part) in partial_sums {
            a += a_part;
            b += b_part;
            ta += ta_part;
            tb += tb_part;
        }
        tret = ta + tb;
        ret = a + b;
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
pub fn __parad_fwd___parad_joint_psum(
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
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `psum` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
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
pub fn __parad_tan___parad_joint_psum(
    x: &[f64],
    tx: &[f64],
    dx: &mut [f64],
    tdx: &mut [f64],
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let mut tdx = ::parad::__private::ShadowSlice::new(tdx);
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `psum` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    ((), ())
}
/// Reverse-mode derivative of [`psum`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_psum(x: &[f64], dx: &mut [f64], seed: f64) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tape_sin = ::parad::__private::Tape::new();
    let mut tape_psum = ::parad::__private::ChunkTapes::new();
    let mut tape_psum_2 = ::parad::__private::ChunkTapes::new();
    let mut ret: f64 = 0.0;
    let mut returned = false;
    if x.len() <= 16 {
        let mut sum = 0.0;
        tape_sin.reserve(x.len());
        let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
        for i in 0..x.len() {
            let sin = x_w[i].sin();
            let v_mapped = sin * x_w[i];
            sum += v_mapped;
            tape_sin.push_reserved(sin);
        }
        ret = sum;
        returned = true;
    }
    let cond = !returned;
    if cond {
        let mid = x.len() / 2;
        let mid_2 = mid;
        let len = x.len() - mid_2;
        let mut a = 0.0;
        let mut b = 0.0;
        let partial_sums = ::parad::__private::par_private(
            0,
            2,
            (
                ::parad::__private::PerChunk::new(&mut tape_psum, 0, 2),
                ::parad::__private::PerChunk::new(&mut tape_psum_2, 0, 2),
            ),
            |chunk, (tape_psum, tape_psum_2)| {
                let mut a = 0.0;
                let mut b = 0.0;
                for task in chunk {
                    if task == 0 {
                        let (psum_value, psum_reverse) = __parad_fwd_psum(&x[..mid_2]);
                        tape_psum.push(psum_reverse);
                        a += psum_value;
                    } else {
                        let (psum_value_2, psum_reverse_2) = __parad_fwd_psum(
                            &x[mid_2..mid_2 + len],
                        );
                        tape_psum_2.push(psum_reverse_2);
                        b += psum_value_2;
                    }
                }
                (a, b)
            },
        );
        for (a_part, b_part) in partial_sums {
            a += a_part;
            b += b_part;
        }
        ret = a + b;
    }
    let primal = ret;
    let dx = &mut dx[..x.len()];
    let mut dret = seed;
    if cond {
        let mid = x.len() / 2;
        let mid_2 = mid;
        let len = x.len() - mid_2;
        let g = dret;
        dret = 0.0;
        let mut da = g;
        let mut db = g;
        ::parad::__private::par_for(
            0,
            2,
            (
                ::parad::__private::PerIter::cut(&mut dx[..], mid_2, 0, 2),
                ::parad::__private::PerChunk::new(&mut tape_psum, 0, 2),
                ::parad::__private::PerChunk::new(&mut tape_psum_2, 0, 2),
            ),
            |chunk_2, (mut dx, tape_psum, tape_psum_2)| {
                let x = &x[..];
                let da = da;
                let db = db;
                for task in chunk_2.rev() {
                    if task == 0 {
                        let mut dpsum_value = da;
                        let psum_reverse = tape_psum.pop().unwrap();
                        psum_reverse(&x[..mid_2], &mut dx[..mid_2], dpsum_value);
                    } else {
                        let mut dpsum_value_2 = db;
                        let psum_reverse_2 = tape_psum_2.pop().unwrap();
                        let x_hi = mid_2 + len;
                        psum_reverse_2(
                            &x[mid_2..x_hi],
                            &mut dx[mid_2..x_hi],
                            dpsum_value_2,
                        );
                    }
                }
            },
        );
    }
    if x.len() <= 16 {
        let g_2 = dret;
        dret = 0.0;
        let mut dsum = g_2;
        let tape_sin_w = ::parad::__private::window(&tape_sin[..], 0, 0..x.len());
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
        let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
        for i in 0..x.len() {
            let sin = tape_sin_w[i];
            let mut dv_mapped = dsum;
            let mut dsin = dv_mapped * x_w_2[i];
            dx_w[i] += dv_mapped * sin + dsin * x_w_2[i].cos();
        }
    }
    primal
}
#[allow(dead_code)]
pub fn bend_halves(y: &mut [f64], k: f64) {
    let mid = y.len() / 2;
    let (l, r) = y.split_at_mut(mid);
    rayon::join(|| bend(l, k), || bend(r, 2.0 * k));
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
pub fn __parad_fwd_bend_halves(
    y: &mut [f64],
    k: f64,
) -> ((), impl ::core::ops::FnOnce(&mut [f64], &mut [f64], ()) -> (f64,) + use<>) {
    let mut tape_bend = ::parad::__private::ChunkTapes::new();
    let mut tape_bend_2 = ::parad::__private::ChunkTapes::new();
    let mid = y.len() / 2;
    let mid_2 = mid;
    let len = y.len() - mid_2;
    ::parad::__private::par_for(
        0,
        2,
        (
            ::parad::__private::PerIter::cut(&mut y[..], mid_2, 0, 2),
            ::parad::__private::PerChunk::new(&mut tape_bend, 0, 2),
            ::parad::__private::PerChunk::new(&mut tape_bend_2, 0, 2),
        ),
        |chunk, (mut y, tape_bend, tape_bend_2)| {
            for task in chunk {
                if task == 0 {
                    let (_, bend_reverse) = __parad_fwd_bend(&mut y[..mid_2], k);
                    tape_bend.push(bend_reverse);
                } else {
                    let y_hi = mid_2 + len;
                    let (_, bend_reverse_2) = __parad_fwd_bend(
                        &mut y[mid_2..y_hi],
                        2.0 * k,
                    );
                    tape_bend_2.push(bend_reverse_2);
                }
            }
        },
    );
    let reverse = move |y: &mut [f64], dy: &mut [f64], seed: ()| -> (f64,) {
        let mut dy = ::parad::__private::ShadowSlice::new(dy);
        let mut dk: f64 = 0.0;
        let _ = seed;
        let private_shadows = ::parad::__private::par_private(
            0,
            2,
            (
                ::parad::__private::PerIter::cut(dy.as_mut_slice(), mid_2, 0, 2)
                    .inactive_when_empty(),
                ::parad::__private::PerIter::cut(&mut y[..], mid_2, 0, 2),
                ::parad::__private::PerChunk::new(&mut tape_bend, 0, 2),
                ::parad::__private::PerChunk::new(&mut tape_bend_2, 0, 2),
            ),
            |chunk_2, (mut dy, mut y, tape_bend, tape_bend_2)| {
                let mut dk = 0.0;
                for task in chunk_2.rev() {
                    if task == 0 {
                        let bend_reverse = tape_bend.pop().unwrap();
                        let (g,) = bend_reverse(
                            &mut y[..mid_2],
                            &mut dy[..mid_2],
                            ::core::default::Default::default(),
                        );
                        dk += g;
                    } else {
                        let bend_reverse_2 = tape_bend_2.pop().unwrap();
                        let y_hi = mid_2 + len;
                        let (g_2,) = bend_reverse_2(
                            &mut y[mid_2..y_hi],
                            &mut dy[mid_2..y_hi],
                            ::core::default::Default::default(),
                        );
                        dk += g_2 * 2.0;
                    }
                }
                (dk,)
            },
        );
        for part in &private_shadows {
            dk += part.0;
        }
        (dk,)
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
pub fn __parad_tan_bend_halves(
    y: &mut [f64],
    ty: &mut [f64],
    k: f64,
    mut tk: f64,
) -> ((), ()) {
    let mut ty = ::parad::__private::ShadowSlice::new(ty);
    let mid = y.len() / 2;
    let mid_2 = mid;
    let len = y.len() - mid_2;
    ::parad::__private::par_for(
        0,
        2,
        (
            ::parad::__private::PerIter::cut(&mut y[..], mid_2, 0, 2),
            ::parad::__private::PerIter::cut(ty.as_mut_slice(), mid_2, 0, 2)
                .inactive_when_empty(),
        ),
        |chunk, (mut y, mut ty)| {
            let k = k;
            let tk = tk;
            for task in chunk {
                if task == 0 {
                    let (_, _) = __parad_tan_bend(
                        &mut y[..mid_2],
                        &mut ty[..mid_2],
                        k,
                        tk,
                    );
                } else {
                    let y_hi = mid_2 + len;
                    let (_, _) = __parad_tan_bend(
                        &mut y[mid_2..y_hi],
                        &mut ty[mid_2..y_hi],
                        2.0 * k,
                        2.0 * tk,
                    );
                }
            }
        },
    );
    ((), ())
}
/// Reverse-mode derivative of [`bend_halves`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_bend_halves(y: &mut [f64], dy: &mut [f64], k: f64) -> () {
    ::core::assert_eq!(
        dy.len(), y.len(), "the shadow of `y` must have the length of `y`"
    );
    let mut tape_bend = ::parad::__private::ChunkTapes::new();
    let mut tape_bend_2 = ::parad::__private::ChunkTapes::new();
    let mid = y.len() / 2;
    let mid_2 = mid;
    let len = y.len() - mid_2;
    ::parad::__private::par_for(
        0,
        2,
        (
            ::parad::__private::PerIter::cut(&mut y[..], mid_2, 0, 2),
            ::parad::__private::PerChunk::new(&mut tape_bend, 0, 2),
            ::parad::__private::PerChunk::new(&mut tape_bend_2, 0, 2),
        ),
        |chunk, (mut y, tape_bend, tape_bend_2)| {
            for task in chunk {
                if task == 0 {
                    let (_, bend_reverse) = __parad_fwd_bend(&mut y[..mid_2], k);
                    tape_bend.push(bend_reverse);
                } else {
                    let y_hi = mid_2 + len;
                    let (_, bend_reverse_2) = __parad_fwd_bend(
                        &mut y[mid_2..y_hi],
                        2.0 * k,
                    );
                    tape_bend_2.push(bend_reverse_2);
                }
            }
        },
    );
    let y_result = y.to_vec();
    let dy = &mut dy[..y.len()];
    let mut dk: f64 = 0.0;
    ::parad::__private::par_for(
        0,
        2,
        (
            ::parad::__private::PerIter::cut(&mut dy[..], mid_2, 0, 2),
            ::parad::__private::PerIter::cut(&mut y[..], mid_2, 0, 2),
            ::parad::__private::PerChunk::new(&mut tape_bend, 0, 2),
            ::parad::__private::PerChunk::new(&mut tape_bend_2, 0, 2),
        ),
        |chunk_2, (mut dy, mut y, tape_bend, tape_bend_2)| {
            for task in chunk_2.rev() {
                if task == 0 {
                    let bend_reverse = tape_bend.pop().unwrap();
                    let (g,) = bend_reverse(
                        &mut y[..mid_2],
                        &mut dy[..mid_2],
                        ::core::default::Default::default(),
                    );
                } else {
                    let bend_reverse_2 = tape_bend_2.pop().unwrap();
                    let y_hi = mid_2 + len;
                    let (g_2,) = bend_reverse_2(
                        &mut y[mid_2..y_hi],
                        &mut dy[mid_2..y_hi],
                        ::core::default::Default::default(),
                    );
                }
            }
        },
    );
    y.copy_from_slice(&y_result);
}
