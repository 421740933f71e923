#[allow(dead_code)]
pub fn two_fields(w0: &[f64], n: usize, px: usize, steps: usize) -> f64 {
    let pn = (n + 2) * px;
    let mut u = vec![0.0; pn];
    let mut v = vec![0.0; pn];
    for r in 0..n {
        for c in 0..n {
            u[(r + 1) * px + c + 1] = w0[r * n + c];
            v[(r + 1) * px + c + 1] = w0[n * n + r * n + c];
        }
    }
    let mut un = vec![0.0; pn];
    let mut vn = vec![0.0; pn];
    for _ in 0..steps {
        un.par_chunks_mut(px)
            .zip(vn.par_chunks_mut(px))
            .enumerate()
            .for_each(|(r, (urow, vrow))| {
                if r >= 1 && r <= n {
                    for c in 1..n + 1 {
                        let k = r * px + c;
                        let lu = u[k + 1] + u[k - 1] + u[k - px] + u[k + px]
                            - 4.0 * u[k];
                        let lv = v[k + 1] + v[k - 1] + v[k - px] + v[k + px]
                            - 4.0 * v[k];
                        urow[c] = u[k] + 0.1 * lu
                            - 0.05
                                * (u[k] * (u[k + 1] - u[k - 1])
                                    + v[k] * (u[k + px] - u[k - px]));
                        vrow[c] = v[k] + 0.1 * lv
                            - 0.05
                                * (u[k] * (v[k + 1] - v[k - 1])
                                    + v[k] * (v[k + px] - v[k - px]));
                    }
                }
            });
        std::mem::swap(&mut u, &mut un);
        std::mem::swap(&mut v, &mut vn);
    }
    let mut s = 0.0;
    for k in 0..pn {
        s += u[k] * u[k] + v[k] * v[k];
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
pub fn __parad_fwd_two_fields(
    w0: &[f64],
    n: usize,
    px: usize,
    steps: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut tape_hi = ::parad::__private::Tape::new();
    let mut saved_un = ::parad::__private::ChunkTapes::new();
    let mut saved_vn = ::parad::__private::ChunkTapes::new();
    let pn = (n + 2) * px;
    let mut u = ::std::vec![0.0; pn];
    let mut v = ::std::vec![0.0; pn];
    for r in 0..n {
        let w0_w = ::parad::__private::window(&w0[..], r * n, 0..n);
        let w0_w_2 = ::parad::__private::window(&w0[..], n * n + r * n, 0..n);
        for c in 0..n {
            u[(r + 1) * px + c + 1] = w0_w[c];
            v[(r + 1) * px + c + 1] = w0_w_2[c];
        }
    }
    let mut un = ::std::vec![0.0; pn];
    let mut vn = ::std::vec![0.0; pn];
    tape_hi.reserve(steps);
    for i in 0..steps {
        let hi = un.len().div_ceil(px).min(vn.len().div_ceil(px));
        ::parad::__private::par_for(
            0,
            hi,
            (
                ::parad::__private::PerIter::new(&mut un[..], 0, px, 0, hi),
                ::parad::__private::PerIter::new(&mut vn[..], 0, px, 0, hi),
                ::parad::__private::PerChunk::new(&mut saved_un, 0, hi),
                ::parad::__private::PerChunk::new(&mut saved_vn, 0, hi),
            ),
            |chunk, (un, vn, saved_un, saved_vn)| {
                let first = chunk.start * px;
                let mut un = un.at(first);
                let mut vn = vn.at(first);
                let u = &u[..];
                let v = &v[..];
                ::parad::__private::save_piece(saved_un, &un);
                ::parad::__private::save_piece(saved_vn, &vn);
                for i_2 in chunk {
                    if i_2 >= 1 && i_2 <= n {
                        for c_2 in 1..(n + 1) {
                            let k = i_2 * px + c_2;
                            let lu = u[k + 1] + u[k - 1] + u[k - px] + u[k + px]
                                - 4.0 * u[k];
                            let lv = v[k + 1] + v[k - 1] + v[k - px] + v[k + px]
                                - 4.0 * v[k];
                            if c_2 >= px {
                                ::core::panic!(
                                    "index out of bounds: the index is past the end of the slice"
                                );
                            }
                            un[i_2 * px + c_2] = u[k] + 0.1 * lu
                                - 0.05
                                    * (u[k] * (u[k + 1] - u[k - 1])
                                        + v[k] * (u[k + px] - u[k - px]));
                            if c_2 >= px {
                                ::core::panic!(
                                    "index out of bounds: the index is past the end of the slice"
                                );
                            }
                            vn[i_2 * px + c_2] = v[k] + 0.1 * lv
                                - 0.05
                                    * (u[k] * (v[k + 1] - v[k - 1])
                                        + v[k] * (v[k + px] - v[k - px]));
                        }
                    }
                }
            },
        );
        ::parad::__private::reserve_passes(&mut saved_un, i, steps);
        ::parad::__private::reserve_passes(&mut saved_vn, i, steps);
        ::core::mem::swap(&mut u, &mut un);
        ::core::mem::swap(&mut v, &mut vn);
        tape_hi.push_reserved(hi);
    }
    let mut s = 0.0;
    let u_w = ::parad::__private::window(&u[..], 0, 0..pn);
    let v_w = ::parad::__private::window(&v[..], 0, 0..pn);
    for k_2 in 0..pn {
        s += u_w[k_2] * u_w[k_2] + v_w[k_2] * v_w[k_2];
    }
    let ret: f64 = s;
    let reverse = move |w0: &[f64], dw0: &mut [f64], seed: f64| {
        let mut dw0 = ::parad::__private::ShadowSlice::new(dw0);
        let mut dret = seed;
        let mut du = ::std::vec![0.0; u.len()];
        let mut dv = ::std::vec![0.0; v.len()];
        let mut dun = ::std::vec![0.0; un.len()];
        let mut dvn = ::std::vec![0.0; vn.len()];
        let mut ds = dret;
        let du_w = ::parad::__private::window_mut(&mut du[..], 0, 0..pn);
        let u_w_2 = ::parad::__private::window(&u[..], 0, 0..pn);
        let dv_w = ::parad::__private::window_mut(&mut dv[..], 0, 0..pn);
        let v_w_2 = ::parad::__private::window(&v[..], 0, 0..pn);
        for k_2 in 0..pn {
            du_w[k_2] += ds * (2.0 * u_w_2[k_2]);
            dv_w[k_2] += ds * (2.0 * v_w_2[k_2]);
        }
        let mut du_part = ::parad::__private::Tape::new();
        let mut du_part_2 = ::parad::__private::Tape::new();
        let mut du_part_3 = ::parad::__private::Tape::new();
        let mut du_part_4 = ::parad::__private::Tape::new();
        let mut dv_part = ::parad::__private::Tape::new();
        let mut dv_part_2 = ::parad::__private::Tape::new();
        let mut dv_part_3 = ::parad::__private::Tape::new();
        let mut dv_part_4 = ::parad::__private::Tape::new();
        for i in (0..steps).rev() {
            let hi = tape_hi[i];
            ::core::mem::swap(&mut v, &mut vn);
            ::core::mem::swap(&mut dv, &mut dvn);
            ::core::mem::swap(&mut u, &mut un);
            ::core::mem::swap(&mut du, &mut dun);
            let du_offset: isize = 1;
            du_part.resize(un.len(), 0.0);
            let du_offset_2: isize = -1;
            du_part_2.resize(un.len(), 0.0);
            let du_offset_3: isize = -(px as isize);
            du_part_3.resize(un.len(), 0.0);
            let du_offset_4: isize = (px as isize);
            du_part_4.resize(un.len(), 0.0);
            let dv_offset: isize = 1;
            dv_part.resize(un.len(), 0.0);
            let dv_offset_2: isize = -1;
            dv_part_2.resize(un.len(), 0.0);
            let dv_offset_3: isize = -(px as isize);
            dv_part_3.resize(un.len(), 0.0);
            let dv_offset_4: isize = (px as isize);
            dv_part_4.resize(un.len(), 0.0);
            ::parad::__private::par_for(
                0,
                hi,
                (
                    (
                        ::parad::__private::PerIter::zeroed(
                            &mut du_part[..],
                            0,
                            px,
                            0,
                            hi,
                        ),
                        ::parad::__private::PerIter::zeroed(
                            &mut du_part_2[..],
                            0,
                            px,
                            0,
                            hi,
                        ),
                        ::parad::__private::PerIter::zeroed(
                            &mut du_part_3[..],
                            0,
                            px,
                            0,
                            hi,
                        ),
                        ::parad::__private::PerIter::zeroed(
                            &mut du_part_4[..],
                            0,
                            px,
                            0,
                            hi,
                        ),
                        ::parad::__private::PerIter::new(&mut du[..], 0, px, 0, hi),
                        ::parad::__private::PerIter::zeroed(
                            &mut dv_part[..],
                            0,
                            px,
                            0,
                            hi,
                        ),
                        ::parad::__private::PerIter::zeroed(
                            &mut dv_part_2[..],
                            0,
                            px,
                            0,
                            hi,
                        ),
                        ::parad::__private::PerIter::zeroed(
                            &mut dv_part_3[..],
                            0,
                            px,
                            0,
                            hi,
                        ),
                        ::parad::__private::PerIter::zeroed(
                            &mut dv_part_4[..],
                            0,
                            px,
                            0,
                            hi,
                        ),
                        ::parad::__private::PerIter::new(&mut dv[..], 0, px, 0, hi),
                        ::parad::__private::PerIter::new(&mut dun[..], 0, px, 0, hi),
                        ::parad::__private::PerIter::new(&mut dvn[..], 0, px, 0, hi),
                    ),
                    (
                        ::parad::__private::PerIter::new(&mut un[..], 0, px, 0, hi),
                        ::parad::__private::PerIter::new(&mut vn[..], 0, px, 0, hi),
                        ::parad::__private::PerChunk::new(&mut saved_un, 0, hi),
                        ::parad::__private::PerChunk::new(&mut saved_vn, 0, hi),
                    ),
                ),
                |
                    chunk_2,
                    (
                        (
                            du_part,
                            du_part_2,
                            du_part_3,
                            du_part_4,
                            du,
                            dv_part,
                            dv_part_2,
                            dv_part_3,
                            dv_part_4,
                            dv,
                            dun,
                            dvn,
                        ),
                        (un, vn, saved_un, saved_vn),
                    )|
                {
                    let first_2 = chunk_2.start * px;
                    let mut du_part = du_part.at(first_2);
                    let mut du_part_2 = du_part_2.at(first_2).as_long_as(&du_part);
                    let mut du_part_3 = du_part_3.at(first_2).as_long_as(&du_part);
                    let mut du_part_4 = du_part_4.at(first_2).as_long_as(&du_part);
                    let mut du = du.at(first_2);
                    let mut dv_part = dv_part.at(first_2).as_long_as(&du_part);
                    let mut dv_part_2 = dv_part_2.at(first_2).as_long_as(&du_part);
                    let mut dv_part_3 = dv_part_3.at(first_2).as_long_as(&du_part);
                    let mut dv_part_4 = dv_part_4.at(first_2).as_long_as(&du_part);
                    let mut dv = dv.at(first_2);
                    let mut dun = dun.at(first_2);
                    let mut dvn = dvn.at(first_2);
                    let mut un = un.at(first_2).as_long_as(&du_part);
                    let mut vn = vn.at(first_2);
                    let u = &u[..];
                    let v = &v[..];
                    let du_offset: isize = 1;
                    let du_offset_2: isize = -1;
                    let du_offset_3: isize = -(px as isize);
                    let du_offset_4: isize = (px as isize);
                    let dv_offset: isize = 1;
                    let dv_offset_2: isize = -1;
                    let dv_offset_3: isize = -(px as isize);
                    let dv_offset_4: isize = (px as isize);
                    for i_2 in chunk_2.rev() {
                        if i_2 >= 1 && i_2 <= n {
                            for c_2 in (1..(n + 1)).rev() {
                                let k = i_2 * px + c_2;
                                let g = dvn[i_2 * px + c_2];
                                dvn[i_2 * px + c_2] = 0.0;
                                let g_2 = -g * 0.05;
                                let g_3 = g_2 * u[k];
                                let g_4 = g_2 * v[k];
                                dv[k] += g + g_2 * (v[k + px] - v[k - px]);
                                du[k] += g_2 * (v[k + 1] - v[k - 1]);
                                let g_5 = dun[i_2 * px + c_2];
                                dun[i_2 * px + c_2] = 0.0;
                                let g_6 = -g_5 * 0.05;
                                let g_7 = g_6 * u[k];
                                let g_8 = g_6 * v[k];
                                let mut dlv = g * 0.1;
                                let mut dlu = g_5 * 0.1;
                                dv_part[(k + 1).wrapping_sub(dv_offset as usize)]
                                    += g_3 + dlv;
                                dv_part_2[(k - 1).wrapping_sub(dv_offset_2 as usize)]
                                    += -g_3 + dlv;
                                dv_part_4[(k + px).wrapping_sub(dv_offset_4 as usize)]
                                    += g_4 + dlv;
                                dv_part_3[(k - px).wrapping_sub(dv_offset_3 as usize)]
                                    += -g_4 + dlv;
                                du[k] += g_5 + g_6 * (u[k + 1] - u[k - 1]) + -dlu * 4.0;
                                du_part[(k + 1).wrapping_sub(du_offset as usize)]
                                    += g_7 + dlu;
                                du_part_2[(k - 1).wrapping_sub(du_offset_2 as usize)]
                                    += -g_7 + dlu;
                                dv[k] += g_6 * (u[k + px] - u[k - px]) + -dlv * 4.0;
                                du_part_4[(k + px).wrapping_sub(du_offset_4 as usize)]
                                    += g_8 + dlu;
                                du_part_3[(k - px).wrapping_sub(du_offset_3 as usize)]
                                    += -g_8 + dlu;
                            }
                        }
                    }
                    ::parad::__private::restore_piece(saved_un, &mut un);
                    ::parad::__private::restore_piece(saved_vn, &mut vn);
                },
            );
            ::parad::__private::stencil_gather(
                &mut du[..],
                0,
                du_part.len(),
                &[
                    (du_offset, &du_part[..]),
                    (du_offset_2, &du_part_2[..]),
                    (du_offset_3, &du_part_3[..]),
                    (du_offset_4, &du_part_4[..]),
                ],
            );
            ::parad::__private::stencil_gather(
                &mut dv[..],
                0,
                dv_part.len(),
                &[
                    (dv_offset, &dv_part[..]),
                    (dv_offset_2, &dv_part_2[..]),
                    (dv_offset_3, &dv_part_3[..]),
                    (dv_offset_4, &dv_part_4[..]),
                ],
            );
        }
        for r in (0..n).rev() {
            for c in (0..n).rev() {
                let g_9 = dv[(r + 1) * px + c + 1];
                dv[(r + 1) * px + c + 1] = 0.0;
                let g_10 = du[(r + 1) * px + c + 1];
                du[(r + 1) * px + c + 1] = 0.0;
                dw0[n * n + r * n + c] += g_9;
                dw0[r * n + c] += g_10;
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
pub fn __parad_tan_two_fields(
    w0: &[f64],
    tw0: &[f64],
    n: usize,
    px: usize,
    steps: usize,
) -> (f64, f64) {
    let tw0 = ::parad::__private::TangentSlice::new(tw0);
    let pn = (n + 2) * px;
    let mut tu = ::std::vec![0.0; pn];
    let mut u = ::std::vec![0.0; pn];
    let mut tv = ::std::vec![0.0; pn];
    let mut v = ::std::vec![0.0; pn];
    for r in 0..n {
        for c in 0..n {
            tu[(r + 1) * px + c + 1] = tw0[r * n + c];
            u[(r + 1) * px + c + 1] = w0[r * n + c];
            tv[(r + 1) * px + c + 1] = tw0[n * n + r * n + c];
            v[(r + 1) * px + c + 1] = w0[n * n + r * n + c];
        }
    }
    let mut tun = ::std::vec![0.0; pn];
    let mut un = ::std::vec![0.0; pn];
    let mut tvn = ::std::vec![0.0; pn];
    let mut vn = ::std::vec![0.0; pn];
    for i in 0..steps {
        let hi = un.len().div_ceil(px).min(vn.len().div_ceil(px));
        ::parad::__private::par_for(
            0,
            hi,
            (
                ::parad::__private::PerIter::new(&mut un[..], 0, px, 0, hi),
                ::parad::__private::PerIter::new(&mut tun[..], 0, px, 0, hi),
                ::parad::__private::PerIter::new(&mut vn[..], 0, px, 0, hi),
                ::parad::__private::PerIter::new(&mut tvn[..], 0, px, 0, hi),
            ),
            |chunk, (un, tun, vn, tvn)| {
                let first = chunk.start * px;
                let mut un = un.at(first);
                let mut tun = tun.at(first);
                let mut vn = vn.at(first);
                let mut tvn = tvn.at(first);
                let u = &u[..];
                let tu = &tu[..];
                let v = &v[..];
                let tv = &tv[..];
                for i_2 in chunk {
                    if i_2 >= 1 && i_2 <= n {
                        for c_2 in 1..(n + 1) {
                            let k = i_2 * px + c_2;
                            let tlu = tu[k + 1] + tu[k - 1] + tu[k - px] + tu[k + px]
                                - 4.0 * tu[k];
                            let lu = u[k + 1] + u[k - 1] + u[k - px] + u[k + px]
                                - 4.0 * u[k];
                            let tlv = tv[k + 1] + tv[k - 1] + tv[k - px] + tv[k + px]
                                - 4.0 * tv[k];
                            let lv = v[k + 1] + v[k - 1] + v[k - px] + v[k + px]
                                - 4.0 * v[k];
                            if c_2 >= px {
                                ::core::panic!(
                                    "index out of bounds: the index is past the end of the slice"
                                );
                            }
                            tun[i_2 * px + c_2] = tu[k] + 0.1 * tlu
                                - 0.05
                                    * (tu[k] * (u[k + 1] - u[k - 1])
                                        + u[k] * (tu[k + 1] - tu[k - 1])
                                        + (tv[k] * (u[k + px] - u[k - px])
                                            + v[k] * (tu[k + px] - tu[k - px])));
                            un[i_2 * px + c_2] = u[k] + 0.1 * lu
                                - 0.05
                                    * (u[k] * (u[k + 1] - u[k - 1])
                                        + v[k] * (u[k + px] - u[k - px]));
                            if c_2 >= px {
                                ::core::panic!(
                                    "index out of bounds: the index is past the end of the slice"
                                );
                            }
                            tvn[i_2 * px + c_2] = tv[k] + 0.1 * tlv
                                - 0.05
                                    * (tu[k] * (v[k + 1] - v[k - 1])
                                        + u[k] * (tv[k + 1] - tv[k - 1])
                                        + (tv[k] * (v[k + px] - v[k - px])
                                            + v[k] * (tv[k + px] - tv[k - px])));
                            vn[i_2 * px + c_2] = v[k] + 0.1 * lv
                                - 0.05
                                    * (u[k] * (v[k + 1] - v[k - 1])
                                        + v[k] * (v[k + px] - v[k - px]));
                        }
                    }
                }
            },
        );
        ::core::mem::swap(&mut tu, &mut tun);
        ::core::mem::swap(&mut u, &mut un);
        ::core::mem::swap(&mut tv, &mut tvn);
        ::core::mem::swap(&mut v, &mut vn);
    }
    let mut ts = 0.0;
    let mut s = 0.0;
    for k_2 in 0..pn {
        ts
            += tu[k_2] * u[k_2] + u[k_2] * tu[k_2]
                + (tv[k_2] * v[k_2] + v[k_2] * tv[k_2]);
        s += u[k_2] * u[k_2] + v[k_2] * v[k_2];
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
pub fn __parad_fwd___parad_joint_two_fields(
    w0: &[f64],
    dw0: &mut [f64],
    n: usize,
    px: usize,
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
        "parad: a derivative of a derivative through `two_fields` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    let reverse = move |
        w0: &[f64],
        dw0_2: &mut [f64],
        dw0: &mut [f64],
        ddw0: &mut [f64],
        seed_2: (),
    | -> (f64,) {
        let mut dw0_2 = ::parad::__private::ShadowSlice::new(dw0_2);
        let mut ddw0 = ::parad::__private::ShadowSlice::new(ddw0);
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
pub fn __parad_tan___parad_joint_two_fields(
    w0: &[f64],
    tw0: &[f64],
    dw0: &mut [f64],
    tdw0: &mut [f64],
    n: usize,
    px: usize,
    steps: usize,
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let tw0 = ::parad::__private::TangentSlice::new(tw0);
    let mut tdw0 = ::parad::__private::ShadowSlice::new(tdw0);
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `two_fields` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    ((), ())
}
/// Reverse-mode derivative of [`two_fields`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_two_fields(
    w0: &[f64],
    dw0: &mut [f64],
    n: usize,
    px: usize,
    steps: usize,
    seed: f64,
) -> f64 {
    ::core::assert_eq!(
        dw0.len(), w0.len(), "the shadow of `w0` must have the length of `w0`"
    );
    let mut tape_hi = ::parad::__private::Tape::new();
    let mut saved_un = ::parad::__private::ChunkTapes::new();
    let mut saved_vn = ::parad::__private::ChunkTapes::new();
    let pn = (n + 2) * px;
    let mut u = ::std::vec![0.0; pn];
    let mut v = ::std::vec![0.0; pn];
    for r in 0..n {
        let w0_w = ::parad::__private::window(&w0[..], r * n, 0..n);
        let w0_w_2 = ::parad::__private::window(&w0[..], n * n + r * n, 0..n);
        for c in 0..n {
            u[(r + 1) * px + c + 1] = w0_w[c];
            v[(r + 1) * px + c + 1] = w0_w_2[c];
        }
    }
    let mut un = ::std::vec![0.0; pn];
    let mut vn = ::std::vec![0.0; pn];
    tape_hi.reserve(steps);
    for i in 0..steps {
        let hi = un.len().div_ceil(px).min(vn.len().div_ceil(px));
        ::parad::__private::par_for(
            0,
            hi,
            (
                ::parad::__private::PerIter::new(&mut un[..], 0, px, 0, hi),
                ::parad::__private::PerIter::new(&mut vn[..], 0, px, 0, hi),
                ::parad::__private::PerChunk::new(&mut saved_un, 0, hi),
                ::parad::__private::PerChunk::new(&mut saved_vn, 0, hi),
            ),
            |chunk, (un, vn, saved_un, saved_vn)| {
                let first = chunk.start * px;
                let mut un = un.at(first);
                let mut vn = vn.at(first);
                let u = &u[..];
                let v = &v[..];
                ::parad::__private::save_piece(saved_un, &un);
                ::parad::__private::save_piece(saved_vn, &vn);
                for i_2 in chunk {
                    if i_2 >= 1 && i_2 <= n {
                        for c_2 in 1..(n + 1) {
                            let k = i_2 * px + c_2;
                            let lu = u[k + 1] + u[k - 1] + u[k - px] + u[k + px]
                                - 4.0 * u[k];
                            let lv = v[k + 1] + v[k - 1] + v[k - px] + v[k + px]
                                - 4.0 * v[k];
                            if c_2 >= px {
                                ::core::panic!(
                                    "index out of bounds: the index is past the end of the slice"
                                );
                            }
                            un[i_2 * px + c_2] = u[k] + 0.1 * lu
                                - 0.05
                                    * (u[k] * (u[k + 1] - u[k - 1])
                                        + v[k] * (u[k + px] - u[k - px]));
                            if c_2 >= px {
                                ::core::panic!(
                                    "index out of bounds: the index is past the end of the slice"
                                );
                            }
                            vn[i_2 * px + c_2] = v[k] + 0.1 * lv
                                - 0.05
                                    * (u[k] * (v[k + 1] - v[k - 1])
                                        + v[k] * (v[k + px] - v[k - px]));
                        }
                    }
                }
            },
        );
        ::parad::__private::reserve_passes(&mut saved_un, i, steps);
        ::parad::__private::reserve_passes(&mut saved_vn, i, steps);
        ::core::mem::swap(&mut u, &mut un);
        ::core::mem::swap(&mut v, &mut vn);
        tape_hi.push_reserved(hi);
    }
    let mut s = 0.0;
    let dw0 = &mut dw0[..w0.len()];
    let mut dret = seed;
    let mut du = ::std::vec![0.0; u.len()];
    let mut dv = ::std::vec![0.0; v.len()];
    let mut dun = ::std::vec![0.0; un.len()];
    let mut dvn = ::std::vec![0.0; vn.len()];
    let mut ds = 0.0;
    ds = dret;
    let u_w = ::parad::__private::window(&u[..], 0, 0..pn);
    let v_w = ::parad::__private::window(&v[..], 0, 0..pn);
    let du_w = ::parad::__private::window_mut(&mut du[..], 0, 0..pn);
    let dv_w = ::parad::__private::window_mut(&mut dv[..], 0, 0..pn);
    for k_2 in 0..pn {
        s += u_w[k_2] * u_w[k_2] + v_w[k_2] * v_w[k_2];
        du_w[k_2] += ds * (2.0 * u_w[k_2]);
        dv_w[k_2] += ds * (2.0 * v_w[k_2]);
    }
    let ret: f64 = s;
    let primal = ret;
    let mut du_part = ::parad::__private::Tape::new();
    let mut du_part_2 = ::parad::__private::Tape::new();
    let mut du_part_3 = ::parad::__private::Tape::new();
    let mut du_part_4 = ::parad::__private::Tape::new();
    let mut dv_part = ::parad::__private::Tape::new();
    let mut dv_part_2 = ::parad::__private::Tape::new();
    let mut dv_part_3 = ::parad::__private::Tape::new();
    let mut dv_part_4 = ::parad::__private::Tape::new();
    for i in (0..steps).rev() {
        let hi = tape_hi[i];
        ::core::mem::swap(&mut v, &mut vn);
        ::core::mem::swap(&mut dv, &mut dvn);
        ::core::mem::swap(&mut u, &mut un);
        ::core::mem::swap(&mut du, &mut dun);
        let du_offset: isize = 1;
        du_part.resize(un.len(), 0.0);
        let du_offset_2: isize = -1;
        du_part_2.resize(un.len(), 0.0);
        let du_offset_3: isize = -(px as isize);
        du_part_3.resize(un.len(), 0.0);
        let du_offset_4: isize = (px as isize);
        du_part_4.resize(un.len(), 0.0);
        let dv_offset: isize = 1;
        dv_part.resize(un.len(), 0.0);
        let dv_offset_2: isize = -1;
        dv_part_2.resize(un.len(), 0.0);
        let dv_offset_3: isize = -(px as isize);
        dv_part_3.resize(un.len(), 0.0);
        let dv_offset_4: isize = (px as isize);
        dv_part_4.resize(un.len(), 0.0);
        ::parad::__private::par_for(
            0,
            hi,
            (
                (
                    ::parad::__private::PerIter::zeroed(&mut du_part[..], 0, px, 0, hi),
                    ::parad::__private::PerIter::zeroed(
                        &mut du_part_2[..],
                        0,
                        px,
                        0,
                        hi,
                    ),
                    ::parad::__private::PerIter::zeroed(
                        &mut du_part_3[..],
                        0,
                        px,
                        0,
                        hi,
                    ),
                    ::parad::__private::PerIter::zeroed(
                        &mut du_part_4[..],
                        0,
                        px,
                        0,
                        hi,
                    ),
                    ::parad::__private::PerIter::new(&mut du[..], 0, px, 0, hi),
                    ::parad::__private::PerIter::zeroed(&mut dv_part[..], 0, px, 0, hi),
                    ::parad::__private::PerIter::zeroed(
                        &mut dv_part_2[..],
                        0,
                        px,
                        0,
                        hi,
                    ),
                    ::parad::__private::PerIter::zeroed(
                        &mut dv_part_3[..],
                        0,
                        px,
                        0,
                        hi,
                    ),
                    ::parad::__private::PerIter::zeroed(
                        &mut dv_part_4[..],
                        0,
                        px,
                        0,
                        hi,
                    ),
                    ::parad::__private::PerIter::new(&mut dv[..], 0, px, 0, hi),
                    ::parad::__private::PerIter::new(&mut dun[..], 0, px, 0, hi),
                    ::parad::__private::PerIter::new(&mut dvn[..], 0, px, 0, hi),
                ),
                (
                    ::parad::__private::PerIter::new(&mut un[..], 0, px, 0, hi),
                    ::parad::__private::PerIter::new(&mut vn[..], 0, px, 0, hi),
                    ::parad::__private::PerChunk::new(&mut saved_un, 0, hi),
                    ::parad::__private::PerChunk::new(&mut saved_vn, 0, hi),
                ),
            ),
            |
                chunk_2,
                (
                    (
                        du_part,
                        du_part_2,
                        du_part_3,
                        du_part_4,
                        du,
                        dv_part,
                        dv_part_2,
                        dv_part_3,
                        dv_part_4,
                        dv,
                        dun,
                        dvn,
                    ),
                    (un, vn, saved_un, saved_vn),
                )|
            {
                let first_2 = chunk_2.start * px;
                let mut du_part = du_part.at(first_2);
                let mut du_part_2 = du_part_2.at(first_2).as_long_as(&du_part);
                let mut du_part_3 = du_part_3.at(first_2).as_long_as(&du_part);
                let mut du_part_4 = du_part_4.at(first_2).as_long_as(&du_part);
                let mut du = du.at(first_2);
                let mut dv_part = dv_part.at(first_2).as_long_as(&du_part);
                let mut dv_part_2 = dv_part_2.at(first_2).as_long_as(&du_part);
                let mut dv_part_3 = dv_part_3.at(first_2).as_long_as(&du_part);
                let mut dv_part_4 = dv_part_4.at(first_2).as_long_as(&du_part);
                let mut dv = dv.at(first_2);
                let mut dun = dun.at(first_2);
                let mut dvn = dvn.at(first_2);
                let mut un = un.at(first_2).as_long_as(&du_part);
                let mut vn = vn.at(first_2);
                let u = &u[..];
                let v = &v[..];
                let du_offset: isize = 1;
                let du_offset_2: isize = -1;
                let du_offset_3: isize = -(px as isize);
                let du_offset_4: isize = (px as isize);
                let dv_offset: isize = 1;
                let dv_offset_2: isize = -1;
                let dv_offset_3: isize = -(px as isize);
                let dv_offset_4: isize = (px as isize);
                for i_2 in chunk_2.rev() {
                    if i_2 >= 1 && i_2 <= n {
                        for c_2 in (1..(n + 1)).rev() {
                            let k = i_2 * px + c_2;
                            let g = dvn[i_2 * px + c_2];
                            dvn[i_2 * px + c_2] = 0.0;
                            let g_2 = -g * 0.05;
                            let g_3 = g_2 * u[k];
                            let g_4 = g_2 * v[k];
                            dv[k] += g + g_2 * (v[k + px] - v[k - px]);
                            du[k] += g_2 * (v[k + 1] - v[k - 1]);
                            let g_5 = dun[i_2 * px + c_2];
                            dun[i_2 * px + c_2] = 0.0;
                            let g_6 = -g_5 * 0.05;
                            let g_7 = g_6 * u[k];
                            let g_8 = g_6 * v[k];
                            let mut dlv = g * 0.1;
                            let mut dlu = g_5 * 0.1;
                            dv_part[(k + 1).wrapping_sub(dv_offset as usize)]
                                += g_3 + dlv;
                            dv_part_2[(k - 1).wrapping_sub(dv_offset_2 as usize)]
                                += -g_3 + dlv;
                            dv_part_4[(k + px).wrapping_sub(dv_offset_4 as usize)]
                                += g_4 + dlv;
                            dv_part_3[(k - px).wrapping_sub(dv_offset_3 as usize)]
                                += -g_4 + dlv;
                            du[k] += g_5 + g_6 * (u[k + 1] - u[k - 1]) + -dlu * 4.0;
                            du_part[(k + 1).wrapping_sub(du_offset as usize)]
                                += g_7 + dlu;
                            du_part_2[(k - 1).wrapping_sub(du_offset_2 as usize)]
                                += -g_7 + dlu;
                            dv[k] += g_6 * (u[k + px] - u[k - px]) + -dlv * 4.0;
                            du_part_4[(k + px).wrapping_sub(du_offset_4 as usize)]
                                += g_8 + dlu;
                            du_part_3[(k - px).wrapping_sub(du_offset_3 as usize)]
                                += -g_8 + dlu;
                        }
                    }
                }
                ::parad::__private::restore_piece(saved_un, &mut un);
                ::parad::__private::restore_piece(saved_vn, &mut vn);
            },
        );
        ::parad::__private::stencil_gather(
            &mut du[..],
            0,
            du_part.len(),
            &[
                (du_offset, &du_part[..]),
                (du_offset_2, &du_part_2[..]),
                (du_offset_3, &du_part_3[..]),
                (du_offset_4, &du_part_4[..]),
            ],
        );
        ::parad::__private::stencil_gather(
            &mut dv[..],
            0,
            dv_part.len(),
            &[
                (dv_offset, &dv_part[..]),
                (dv_offset_2, &dv_part_2[..]),
                (dv_offset_3, &dv_part_3[..]),
                (dv_offset_4, &dv_part_4[..]),
            ],
        );
    }
    for r in (0..n).rev() {
        for c in (0..n).rev() {
            let g_9 = dv[(r + 1) * px + c + 1];
            dv[(r + 1) * px + c + 1] = 0.0;
            let g_10 = du[(r + 1) * px + c + 1];
            du[(r + 1) * px + c + 1] = 0.0;
            dw0[n * n + r * n + c] += g_9;
            dw0[r * n + c] += g_10;
        }
    }
    primal
}
