use parad::autodiff;
/// The first column at or after `from` that is not in `used`.
fn next_free(used: usize, from: usize) -> usize {
    let mut j = from;
    while used & (1 << j) != 0 {
        j += 1;
    }
    j
}
/// The determinant of the `m x m` minor (`m >= 2`) of the `n x n` row-major
/// matrix `a` made of its last `m` rows and the columns not in `used`.
pub fn minor_det(a: &[f64], n: usize, m: usize, used: usize) -> f64 {
    let row = n - m;
    if m == 2 {
        let j0 = next_free(used, 0);
        let j1 = next_free(used, j0 + 1);
        return a[row * n + j0] * a[(row + 1) * n + j1]
            - a[row * n + j1] * a[(row + 1) * n + j0];
    }
    let mut det = 0.0;
    let mut positive = true;
    for j in 0..n {
        if used & (1 << j) == 0 {
            let d = minor_det(a, n, m - 1, used | (1 << j));
            if positive {
                det += a[row * n + j] * d;
            } else {
                det -= a[row * n + j] * d;
            }
            positive = !positive;
        }
    }
    det
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_tan___parad_joint_minor_det(
    a: &[f64],
    ta: &[f64],
    da: &mut [f64],
    tda: &mut [f64],
    n: usize,
    m: usize,
    used: usize,
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let ta = ::parad::__private::TangentSlice::new(ta);
    let mut tda = ::parad::__private::ShadowSlice::new(tda);
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    let mut tape_j0 = ::std::vec::Vec::new();
    let mut tape_j0_top = 0;
    let mut tape_j1 = ::std::vec::Vec::new();
    let mut tape_j1_top = 0;
    let mut ttape_d = ::std::vec::Vec::new();
    let mut tape_d = ::std::vec::Vec::new();
    let mut tape_cond_2 = ::std::vec::Vec::new();
    let mut tret = 0.0;
    let mut ret: f64 = 0.0;
    let mut returned = false;
    let row = n - m;
    if m == 2 {
        let next_free_value = ::parad::no_grad(next_free(used, 0));
        let j0 = next_free_value;
        let next_free_value_2 = ::parad::no_grad(next_free(used, j0 + 1));
        let j1 = next_free_value_2;
        tret = ta[row * n + j0] * a[(row + 1) * n + j1]
            + a[row * n + j0] * ta[(row + 1) * n + j1]
            - (ta[row * n + j1] * a[(row + 1) * n + j0]
                + a[row * n + j1] * ta[(row + 1) * n + j0]);
        ret = a[row * n + j0] * a[(row + 1) * n + j1]
            - a[row * n + j1] * a[(row + 1) * n + j0];
        returned = true;
        tape_j0.push(j0);
        tape_j1.push(j1);
    }
    let cond = !returned;
    if cond {
        let mut tdet = 0.0;
        let mut det = 0.0;
        let mut positive = true;
        let lo = tape_d.len();
        for i in lo..n {
            ttape_d.push(0.0);
            tape_d.push(0.0);
        }
        let lo_2 = tape_cond_2.len();
        for i_2 in lo_2..n {
            tape_cond_2.push(false);
        }
        for j in 0..n {
            if used & 1 << j == 0 {
                let (d, mut td) = __parad_tan_minor_det(
                    a,
                    ta.as_slice(),
                    n,
                    m - 1,
                    used | 1 << j,
                );
                let cond_2 = positive;
                if cond_2 {
                    tdet += ta[row * n + j] * d + a[row * n + j] * td;
                    det += a[row * n + j] * d;
                } else {
                    tdet -= ta[row * n + j] * d + a[row * n + j] * td;
                    det -= a[row * n + j] * d;
                }
                positive = !positive;
                ttape_d[j] = td;
                tape_d[j] = d;
                tape_cond_2[j] = cond_2;
            }
        }
        tret = tdet;
        ret = det;
    }
    let mut tdret = tseed;
    let mut dret = seed;
    tape_j0_top = tape_j0.len();
    tape_j1_top = tape_j1.len();
    if cond {
        let tg = tdret;
        let g = dret;
        tdret = 0.0;
        dret = 0.0;
        let tddet = tg;
        let ddet = g;
        for j_2 in (0..n).rev() {
            if used & 1 << j_2 == 0 {
                let td_2 = ttape_d[j_2];
                let d_2 = tape_d[j_2];
                let cond_2_2 = tape_cond_2[j_2];
                let mut tdd = 0.0;
                let mut dd = 0.0;
                if cond_2_2 {
                    tda[row * n + j_2] += tddet * d_2 + ddet * td_2;
                    da[row * n + j_2] += ddet * d_2;
                    tdd += tddet * a[row * n + j_2] + ddet * ta[row * n + j_2];
                    dd += ddet * a[row * n + j_2];
                } else {
                    let tg_2 = -tddet;
                    let g_2 = -ddet;
                    tda[row * n + j_2] += tg_2 * d_2 + g_2 * td_2;
                    da[row * n + j_2] += g_2 * d_2;
                    tdd += tg_2 * a[row * n + j_2] + g_2 * ta[row * n + j_2];
                    dd += g_2 * a[row * n + j_2];
                }
                let da_hi = a.len();
                let (_, _) = __parad_tan___parad_joint_minor_det(
                    a,
                    ta.as_slice(),
                    &mut da[..da_hi],
                    ::parad::__private::sub(tda.as_mut_slice(), 0, da_hi),
                    n,
                    m - 1,
                    used | 1 << j_2,
                    dd,
                    tdd,
                );
            }
        }
    }
    if m == 2 {
        tape_j0_top -= 1;
        let j0_2 = tape_j0[tape_j0_top];
        tape_j1_top -= 1;
        let j1_2 = tape_j1[tape_j1_top];
        let tg_3 = tdret;
        let g_3 = dret;
        tdret = 0.0;
        dret = 0.0;
        let tg_4 = -tg_3;
        let g_4 = -g_3;
        tda[row * n + j0_2]
            += tg_3 * a[(row + 1) * n + j1_2] + g_3 * ta[(row + 1) * n + j1_2];
        da[row * n + j0_2] += g_3 * a[(row + 1) * n + j1_2];
        tda[(row + 1) * n + j1_2] += tg_3 * a[row * n + j0_2] + g_3 * ta[row * n + j0_2];
        da[(row + 1) * n + j1_2] += g_3 * a[row * n + j0_2];
        tda[row * n + j1_2]
            += tg_4 * a[(row + 1) * n + j0_2] + g_4 * ta[(row + 1) * n + j0_2];
        da[row * n + j1_2] += g_4 * a[(row + 1) * n + j0_2];
        tda[(row + 1) * n + j0_2] += tg_4 * a[row * n + j1_2] + g_4 * ta[row * n + j1_2];
        da[(row + 1) * n + j0_2] += g_4 * a[row * n + j1_2];
    }
    ((), ())
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_fwd___parad_joint_minor_det(
    a: &[f64],
    da: &mut [f64],
    n: usize,
    m: usize,
    used: usize,
    seed: f64,
) -> (
    (),
    ::std::boxed::Box<
        dyn ::core::ops::FnOnce(
            &[f64],
            &mut [f64],
            &mut [f64],
            &mut [f64],
            (),
        ) -> (f64,) + ::core::marker::Send,
    >,
) {
    let mut tape_next_free_value = ::core::option::Option::None;
    let mut tape_next_free_value_2 = ::core::option::Option::None;
    let mut tape_lo = ::core::option::Option::None;
    let mut tape_lo_2 = ::core::option::Option::None;
    let mut tape_d_2 = ::parad::__private::Tape::new();
    let mut tape_cond_2_2 = ::parad::__private::Tape::new();
    let mut tape_g = ::core::option::Option::None;
    let mut tape_d_2_2 = ::parad::__private::Tape::new();
    let mut tape_cond_2_2_2 = ::parad::__private::Tape::new();
    let mut tape_j0_2 = ::core::option::Option::None;
    let mut tape_j1_2 = ::core::option::Option::None;
    let mut tape_g_3 = ::core::option::Option::None;
    let mut tape_minor_det = ::parad::__private::Tape::new();
    let mut saved_da = ::parad::__private::Tape::new();
    let mut saved_da_2 = ::parad::__private::Tape::new();
    let mut tape___parad_joint_minor_det = ::parad::__private::Tape::new();
    let mut saved_da_3 = ::core::option::Option::None;
    let mut saved_da_4 = ::core::option::Option::None;
    let mut saved_da_5 = ::core::option::Option::None;
    let mut saved_da_6 = ::core::option::Option::None;
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    let mut tape_j0 = ::std::vec::Vec::new();
    let mut tape_j0_top = 0;
    let mut tape_j1 = ::std::vec::Vec::new();
    let mut tape_j1_top = 0;
    let mut tape_d = ::std::vec::Vec::new();
    let mut tape_cond_2 = ::std::vec::Vec::new();
    let mut ret: f64 = 0.0;
    let mut returned = false;
    let row = n - m;
    if m == 2 {
        let next_free_value = ::parad::no_grad(next_free(used, 0));
        let j0 = next_free_value;
        let next_free_value_2 = ::parad::no_grad(next_free(used, j0 + 1));
        let j1 = next_free_value_2;
        ret = a[row * n + j0] * a[(row + 1) * n + j1]
            - a[row * n + j1] * a[(row + 1) * n + j0];
        returned = true;
        tape_j0.push(j0);
        tape_j1.push(j1);
        tape_next_free_value = ::core::option::Option::Some(next_free_value);
        tape_next_free_value_2 = ::core::option::Option::Some(next_free_value_2);
    }
    let cond = !returned;
    if cond {
        let mut det = 0.0;
        let mut positive = true;
        let lo = tape_d.len();
        for i in lo..n {
            tape_d.push(0.0);
        }
        let lo_2 = tape_cond_2.len();
        for i_2 in lo_2..n {
            tape_cond_2.push(false);
        }
        tape_d_2.resize(n, 0.0);
        tape_cond_2_2.resize(n, false);
        for j in 0..n {
            if used & 1 << j == 0 {
                let (d, minor_det_reverse) = __parad_fwd_minor_det(
                    a,
                    n,
                    m - 1,
                    used | 1 << j,
                );
                tape_minor_det.push(minor_det_reverse);
                let cond_2 = positive;
                if cond_2 {
                    det += a[row * n + j] * d;
                } else {
                    det -= a[row * n + j] * d;
                }
                positive = !positive;
                tape_d[j] = d;
                tape_cond_2[j] = cond_2;
                tape_d_2[j] = d;
                tape_cond_2_2[j] = cond_2;
            }
        }
        ret = det;
        tape_lo = ::core::option::Option::Some(lo);
        tape_lo_2 = ::core::option::Option::Some(lo_2);
    }
    let mut dret = seed;
    tape_j0_top = tape_j0.len();
    tape_j1_top = tape_j1.len();
    if cond {
        let g = dret;
        dret = 0.0;
        let ddet = g;
        tape_d_2_2.resize(n, 0.0);
        tape_cond_2_2_2.resize(n, false);
        saved_da.resize(n, 0.0);
        saved_da_2.resize(n, 0.0);
        for j_2 in (0..n).rev() {
            if used & 1 << j_2 == 0 {
                let d_2 = tape_d[j_2];
                let cond_2_2 = tape_cond_2[j_2];
                let mut dd = 0.0;
                if cond_2_2 {
                    saved_da[j_2] = da[row * n + j_2];
                    da[row * n + j_2] += ddet * d_2;
                    dd += ddet * a[row * n + j_2];
                } else {
                    let g_2 = -ddet;
                    saved_da_2[j_2] = da[row * n + j_2];
                    da[row * n + j_2] += g_2 * d_2;
                    dd += g_2 * a[row * n + j_2];
                }
                let da_hi = a.len();
                let (_, __parad_joint_minor_det_reverse) = __parad_fwd___parad_joint_minor_det(
                    a,
                    &mut da[..da_hi],
                    n,
                    m - 1,
                    used | 1 << j_2,
                    dd,
                );
                tape___parad_joint_minor_det.push(__parad_joint_minor_det_reverse);
                tape_d_2_2[j_2] = d_2;
                tape_cond_2_2_2[j_2] = cond_2_2;
            }
        }
        tape_g = ::core::option::Option::Some(g);
    }
    if m == 2 {
        tape_j0_top -= 1;
        let j0_2 = tape_j0[tape_j0_top];
        tape_j1_top -= 1;
        let j1_2 = tape_j1[tape_j1_top];
        let g_3 = dret;
        dret = 0.0;
        let g_4 = -g_3;
        saved_da_3 = ::core::option::Option::Some(da[row * n + j0_2]);
        da[row * n + j0_2] += g_3 * a[(row + 1) * n + j1_2];
        saved_da_4 = ::core::option::Option::Some(da[(row + 1) * n + j1_2]);
        da[(row + 1) * n + j1_2] += g_3 * a[row * n + j0_2];
        saved_da_5 = ::core::option::Option::Some(da[row * n + j1_2]);
        da[row * n + j1_2] += g_4 * a[(row + 1) * n + j0_2];
        saved_da_6 = ::core::option::Option::Some(da[(row + 1) * n + j0_2]);
        da[(row + 1) * n + j0_2] += g_4 * a[row * n + j1_2];
        tape_j0_2 = ::core::option::Option::Some(j0_2);
        tape_j1_2 = ::core::option::Option::Some(j1_2);
        tape_g_3 = ::core::option::Option::Some(g_3);
    }
    let reverse = move |
        a: &[f64],
        da_2: &mut [f64],
        da: &mut [f64],
        dda: &mut [f64],
        seed_2: (),
    | -> (f64,) {
        let mut da_2 = ::parad::__private::ShadowSlice::new(da_2);
        let mut dda = ::parad::__private::ShadowSlice::new(dda);
        let mut dseed: f64 = 0.0;
        let mut dtape_d = ::std::vec![0.0; tape_d.len()];
        let mut dret_2 = 0.0;
        let mut ddret = 0.0;
        if m == 2 {
            let j0_2 = tape_j0_2.take().unwrap();
            let j1_2 = tape_j1_2.take().unwrap();
            let g_3 = tape_g_3.take().unwrap();
            let g_4 = -g_3;
            da[(row + 1) * n + j0_2] = saved_da_6.take().unwrap();
            let g_5 = dda[(row + 1) * n + j0_2];
            da[row * n + j1_2] = saved_da_5.take().unwrap();
            let g_6 = dda[row * n + j1_2];
            da[(row + 1) * n + j1_2] = saved_da_4.take().unwrap();
            let g_7 = dda[(row + 1) * n + j1_2];
            da[row * n + j0_2] = saved_da_3.take().unwrap();
            let g_8 = dda[row * n + j0_2];
            let mut dg_4 = g_5 * a[row * n + j1_2] + g_6 * a[(row + 1) * n + j0_2];
            let g_9 = ddret;
            ddret = 0.0;
            let mut dg_3 = g_7 * a[row * n + j0_2] + g_8 * a[(row + 1) * n + j1_2]
                + -dg_4;
            da_2[row * n + j1_2] += g_5 * g_4;
            da_2[(row + 1) * n + j0_2] += g_6 * g_4;
            da_2[row * n + j0_2] += g_7 * g_3;
            da_2[(row + 1) * n + j1_2] += g_8 * g_3;
            ddret += dg_3;
        }
        if cond {
            let g = tape_g.take().unwrap();
            let ddet = g;
            let mut dddet = 0.0;
            for j_2 in 0..n {
                if used & 1 << j_2 == 0 {
                    let d_2 = tape_d_2_2[j_2];
                    let cond_2_2 = tape_cond_2_2_2[j_2];
                    let mut dd_2_2 = 0.0;
                    let __parad_joint_minor_det_reverse = tape___parad_joint_minor_det
                        .pop()
                        .unwrap();
                    let da_hi = a.len();
                    let (g_10,) = __parad_joint_minor_det_reverse(
                        a,
                        da_2.as_mut_slice(),
                        &mut da[..da_hi],
                        ::parad::__private::sub(dda.as_mut_slice(), 0, da_hi),
                        ::core::default::Default::default(),
                    );
                    let mut ddd = g_10;
                    if cond_2_2 {
                        da[row * n + j_2] = saved_da[j_2];
                        let g_11 = dda[row * n + j_2];
                        dddet += ddd * a[row * n + j_2] + g_11 * d_2;
                        da_2[row * n + j_2] += ddd * ddet;
                        dd_2_2 += g_11 * ddet;
                    } else {
                        let g_2 = -ddet;
                        da[row * n + j_2] = saved_da_2[j_2];
                        let g_12 = dda[row * n + j_2];
                        let mut dg_2 = ddd * a[row * n + j_2] + g_12 * d_2;
                        da_2[row * n + j_2] += ddd * g_2;
                        dd_2_2 += g_12 * g_2;
                        dddet += -dg_2;
                    }
                    dtape_d[j_2] += dd_2_2;
                }
            }
            let g_13 = ddret;
            ddret = 0.0;
            let mut dg = dddet;
            ddret += dg;
        }
        if cond {
            let lo = tape_lo.take().unwrap();
            let lo_2 = tape_lo_2.take().unwrap();
            let g_14 = dret_2;
            dret_2 = 0.0;
            let mut ddet_2 = g_14;
            for j in (0..n).rev() {
                if used & 1 << j == 0 {
                    let d = tape_d_2[j];
                    let cond_2 = tape_cond_2_2[j];
                    let g_15 = dtape_d[j];
                    dtape_d[j] = 0.0;
                    let mut dd_2 = g_15;
                    if cond_2 {
                        da_2[row * n + j] += ddet_2 * d;
                        dd_2 += ddet_2 * a[row * n + j];
                    } else {
                        let g_16 = -ddet_2;
                        da_2[row * n + j] += g_16 * d;
                        dd_2 += g_16 * a[row * n + j];
                    }
                    let minor_det_reverse = tape_minor_det.pop().unwrap();
                    minor_det_reverse(a, da_2.as_mut_slice(), dd_2);
                }
            }
            for i in (lo..n).rev() {
                let g_17 = dtape_d.pop().unwrap();
            }
        }
        if m == 2 {
            let next_free_value = tape_next_free_value.take().unwrap();
            let j0 = next_free_value;
            let next_free_value_2 = tape_next_free_value_2.take().unwrap();
            let j1 = next_free_value_2;
            let g_18 = dret_2;
            dret_2 = 0.0;
            let g_19 = -g_18;
            da_2[row * n + j0] += g_18 * a[(row + 1) * n + j1];
            da_2[(row + 1) * n + j1] += g_18 * a[row * n + j0];
            da_2[row * n + j1] += g_19 * a[(row + 1) * n + j0];
            da_2[(row + 1) * n + j0] += g_19 * a[row * n + j1];
        }
        dseed += ddret;
        (dseed,)
    };
    ((), ::std::boxed::Box::new(reverse))
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_tan_minor_det(
    a: &[f64],
    ta: &[f64],
    n: usize,
    m: usize,
    used: usize,
) -> (f64, f64) {
    let ta = ::parad::__private::TangentSlice::new(ta);
    let mut tret = 0.0;
    let mut ret: f64 = 0.0;
    let mut returned = false;
    let row = n - m;
    if m == 2 {
        let j0 = ::parad::no_grad(next_free(used, 0));
        let j1 = ::parad::no_grad(next_free(used, j0 + 1));
        tret = ta[row * n + j0] * a[(row + 1) * n + j1]
            + a[row * n + j0] * ta[(row + 1) * n + j1]
            - (ta[row * n + j1] * a[(row + 1) * n + j0]
                + a[row * n + j1] * ta[(row + 1) * n + j0]);
        ret = a[row * n + j0] * a[(row + 1) * n + j1]
            - a[row * n + j1] * a[(row + 1) * n + j0];
        returned = true;
    }
    let cond = !returned;
    if cond {
        let mut tdet = 0.0;
        let mut det = 0.0;
        let mut positive = true;
        for j in 0..n {
            if used & 1 << j == 0 {
                let (d, mut td) = __parad_tan_minor_det(
                    a,
                    ta.as_slice(),
                    n,
                    m - 1,
                    used | 1 << j,
                );
                let cond_2 = positive;
                if cond_2 {
                    tdet += ta[row * n + j] * d + a[row * n + j] * td;
                    det += a[row * n + j] * d;
                } else {
                    tdet -= ta[row * n + j] * d + a[row * n + j] * td;
                    det -= a[row * n + j] * d;
                }
                positive = !positive;
            }
        }
        tret = tdet;
        ret = det;
    }
    (ret, tret)
}
#[doc(hidden)]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_tanl_minor_det<const __PARAD_N: usize>(
    a: &[f64],
    ta: &[::parad::__private::lanes::Lanes<__PARAD_N>],
    n: usize,
    m: usize,
    used: usize,
) -> (f64, ::parad::__private::lanes::Lanes<__PARAD_N>) {
    const {
        if __PARAD_N > 0 {
            ::core::panic!(
                "`minor_det` cannot be called by a batched derivative: it calls another differentiated function, and the functions a batched derivative calls may not (yet): inline the call"
            )
        }
    };
    ::core::unreachable!()
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_fwd_minor_det(
    a: &[f64],
    n: usize,
    m: usize,
    used: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut tape_j0 = ::core::option::Option::None;
    let mut tape_j1 = ::core::option::Option::None;
    let mut tape_d = ::parad::__private::Tape::new();
    let mut tape_cond_2 = ::parad::__private::Tape::new();
    let mut ret: f64 = 0.0;
    let mut returned = false;
    let row = n - m;
    if m == 2 {
        let j0 = ::parad::no_grad(next_free(used, 0));
        let j1 = ::parad::no_grad(next_free(used, j0 + 1));
        ret = a[row * n + j0] * a[(row + 1) * n + j1]
            - a[row * n + j1] * a[(row + 1) * n + j0];
        returned = true;
        tape_j0 = ::core::option::Option::Some(j0);
        tape_j1 = ::core::option::Option::Some(j1);
    }
    let cond = !returned;
    if cond {
        let mut det = 0.0;
        let mut positive = true;
        tape_d.resize(n, 0.0);
        tape_cond_2.resize(n, false);
        for j in 0..n {
            if used & 1 << j == 0 {
                let d = minor_det(a, n, m - 1, used | 1 << j);
                let cond_2 = positive;
                if cond_2 {
                    det += a[row * n + j] * d;
                } else {
                    det -= a[row * n + j] * d;
                }
                positive = !positive;
                tape_d[j] = d;
                tape_cond_2[j] = cond_2;
            }
        }
        ret = det;
    }
    let reverse = move |a: &[f64], da: &mut [f64], seed: f64| {
        let mut da = ::parad::__private::ShadowSlice::new(da);
        let mut dret = seed;
        if cond {
            let g = dret;
            dret = 0.0;
            let mut ddet = g;
            for j in (0..n).rev() {
                if used & 1 << j == 0 {
                    let d = tape_d[j];
                    let cond_2 = tape_cond_2[j];
                    let mut dd = 0.0;
                    if cond_2 {
                        da[row * n + j] += ddet * d;
                        dd += ddet * a[row * n + j];
                    } else {
                        let g_2 = -ddet;
                        da[row * n + j] += g_2 * d;
                        dd += g_2 * a[row * n + j];
                    }
                    __parad_joint_minor_det(
                        a,
                        da.as_mut_slice(),
                        n,
                        m - 1,
                        used | 1 << j,
                        dd,
                    );
                }
            }
        }
        if m == 2 {
            let j0 = tape_j0.take().unwrap();
            let j1 = tape_j1.take().unwrap();
            let g_3 = dret;
            dret = 0.0;
            let g_4 = -g_3;
            da[row * n + j0] += g_3 * a[(row + 1) * n + j1];
            da[(row + 1) * n + j1] += g_3 * a[row * n + j0];
            da[row * n + j1] += g_4 * a[(row + 1) * n + j0];
            da[(row + 1) * n + j0] += g_4 * a[row * n + j1];
        }
    };
    (ret, reverse)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_joint_minor_det(
    a: &[f64],
    da: &mut [f64],
    n: usize,
    m: usize,
    used: usize,
    seed: f64,
) {
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    let mut tape_j0 = ::core::option::Option::None;
    let mut tape_j1 = ::core::option::Option::None;
    let mut tape_d = ::parad::__private::Tape::new();
    let mut tape_cond_2 = ::parad::__private::Tape::new();
    let mut ret: f64 = 0.0;
    let mut returned = false;
    let row = n - m;
    if m == 2 {
        let j0 = ::parad::no_grad(next_free(used, 0));
        let j1 = ::parad::no_grad(next_free(used, j0 + 1));
        ret = a[row * n + j0] * a[(row + 1) * n + j1]
            - a[row * n + j1] * a[(row + 1) * n + j0];
        returned = true;
        tape_j0 = ::core::option::Option::Some(j0);
        tape_j1 = ::core::option::Option::Some(j1);
    }
    let cond = !returned;
    if cond {
        let mut det = 0.0;
        let mut positive = true;
        tape_d.resize(n, 0.0);
        tape_cond_2.resize(n, false);
        for j in 0..n {
            if used & 1 << j == 0 {
                let d = minor_det(a, n, m - 1, used | 1 << j);
                let cond_2 = positive;
                if cond_2 {
                    det += a[row * n + j] * d;
                } else {
                    det -= a[row * n + j] * d;
                }
                positive = !positive;
                tape_d[j] = d;
                tape_cond_2[j] = cond_2;
            }
        }
        ret = det;
    }
    let da = &mut da[..a.len()];
    let mut dret = seed;
    if cond {
        let g = dret;
        dret = 0.0;
        let mut ddet = g;
        for j in (0..n).rev() {
            if used & 1 << j == 0 {
                let d = tape_d[j];
                let cond_2 = tape_cond_2[j];
                let mut dd = 0.0;
                if cond_2 {
                    da[row * n + j] += ddet * d;
                    dd += ddet * a[row * n + j];
                } else {
                    let g_2 = -ddet;
                    da[row * n + j] += g_2 * d;
                    dd += g_2 * a[row * n + j];
                }
                __parad_joint_minor_det(a, &mut da[..], n, m - 1, used | 1 << j, dd);
            }
        }
    }
    if m == 2 {
        let j0 = tape_j0.take().unwrap();
        let j1 = tape_j1.take().unwrap();
        let g_3 = dret;
        dret = 0.0;
        let g_4 = -g_3;
        da[row * n + j0] += g_3 * a[(row + 1) * n + j1];
        da[(row + 1) * n + j1] += g_3 * a[row * n + j0];
        da[row * n + j1] += g_4 * a[(row + 1) * n + j0];
        da[(row + 1) * n + j0] += g_4 * a[row * n + j1];
    }
}
/// The determinant of the `ell x ell` row-major matrix `a` (`1 <= ell <= 64`).
#[allow(dead_code)]
pub fn det(a: &[f64], ell: usize) -> f64 {
    if ell == 1 {
        return a[0];
    }
    minor_det(a, ell, ell, 0)
}
/// Reverse-mode derivative of [`det`], generated by `#[autodiff]`.
#[allow(unused, non_snake_case, clippy::all)]
pub fn d_det(a: &[f64], da: &mut [f64], ell: usize, seed: f64) -> f64 {
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    let mut tape_minor_det = ::core::option::Option::None;
    let mut ret: f64 = 0.0;
    let mut returned = false;
    if ell == 1 {
        ret = a[0];
        returned = true;
    }
    let cond = !returned;
    if cond {
        let (minor_det_value, minor_det_reverse) = __parad_fwd_minor_det(a, ell, ell, 0);
        tape_minor_det = ::core::option::Option::Some(minor_det_reverse);
        ret = minor_det_value;
    }
    let primal = ret;
    let da = &mut da[..a.len()];
    let mut dret = seed;
    if cond {
        let g = dret;
        dret = 0.0;
        let mut dminor_det_value = g;
        let minor_det_reverse = tape_minor_det.take().unwrap();
        minor_det_reverse(a, &mut da[..], dminor_det_value);
    }
    if ell == 1 {
        let g_2 = dret;
        dret = 0.0;
        da[0] += g_2;
    }
    primal
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_tan___parad_joint_det(
    a: &[f64],
    ta: &[f64],
    da: &mut [f64],
    tda: &mut [f64],
    ell: usize,
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let ta = ::parad::__private::TangentSlice::new(ta);
    let mut tda = ::parad::__private::ShadowSlice::new(tda);
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    let mut tret = 0.0;
    let mut ret: f64 = 0.0;
    let mut returned = false;
    if ell == 1 {
        tret = ta[0];
        ret = a[0];
        returned = true;
    }
    let cond = !returned;
    if cond {
        let (minor_det_value, mut tminor_det_value) = __parad_tan_minor_det(
            a,
            ta.as_slice(),
            ell,
            ell,
            0,
        );
        tret = tminor_det_value;
        ret = minor_det_value;
    }
    let mut tdret = tseed;
    let mut dret = seed;
    if cond {
        let tg = tdret;
        let g = dret;
        tdret = 0.0;
        dret = 0.0;
        let tdminor_det_value = tg;
        let dminor_det_value = g;
        let da_hi = a.len();
        let (_, _) = __parad_tan___parad_joint_minor_det(
            a,
            ta.as_slice(),
            &mut da[..da_hi],
            ::parad::__private::sub(tda.as_mut_slice(), 0, da_hi),
            ell,
            ell,
            0,
            dminor_det_value,
            tdminor_det_value,
        );
    }
    if ell == 1 {
        let tg_2 = tdret;
        let g_2 = dret;
        tdret = 0.0;
        dret = 0.0;
        tda[0] += tg_2;
        da[0] += g_2;
    }
    ((), ())
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_fwd___parad_joint_det(
    a: &[f64],
    da: &mut [f64],
    ell: usize,
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
    let mut tape_minor_det = ::core::option::Option::None;
    let mut tape___parad_joint_minor_det = ::core::option::Option::None;
    let mut saved_da = ::core::option::Option::None;
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    let mut ret: f64 = 0.0;
    let mut returned = false;
    if ell == 1 {
        ret = a[0];
        returned = true;
    }
    let cond = !returned;
    if cond {
        let (minor_det_value, minor_det_reverse) = __parad_fwd_minor_det(a, ell, ell, 0);
        tape_minor_det = ::core::option::Option::Some(minor_det_reverse);
        ret = minor_det_value;
    }
    let mut dret = seed;
    if cond {
        let g = dret;
        dret = 0.0;
        let dminor_det_value = g;
        let da_hi = a.len();
        let (_, __parad_joint_minor_det_reverse) = __parad_fwd___parad_joint_minor_det(
            a,
            &mut da[..da_hi],
            ell,
            ell,
            0,
            dminor_det_value,
        );
        tape___parad_joint_minor_det = ::core::option::Option::Some(
            __parad_joint_minor_det_reverse,
        );
    }
    if ell == 1 {
        let g_2 = dret;
        dret = 0.0;
        saved_da = ::core::option::Option::Some(da[0]);
        da[0] += g_2;
    }
    let reverse = move |
        a: &[f64],
        da_2: &mut [f64],
        da: &mut [f64],
        dda: &mut [f64],
        seed_2: (),
    | -> (f64,) {
        let mut da_2 = ::parad::__private::ShadowSlice::new(da_2);
        let mut dda = ::parad::__private::ShadowSlice::new(dda);
        let mut dseed: f64 = 0.0;
        let mut dret_2 = 0.0;
        let mut ddret = 0.0;
        if ell == 1 {
            da[0] = saved_da.take().unwrap();
            let g_3 = ddret;
            ddret = 0.0;
            let mut dg_2 = dda[0];
            ddret += dg_2;
        }
        if cond {
            let __parad_joint_minor_det_reverse = tape___parad_joint_minor_det
                .take()
                .unwrap();
            let da_hi = a.len();
            let (g_4,) = __parad_joint_minor_det_reverse(
                a,
                da_2.as_mut_slice(),
                &mut da[..da_hi],
                ::parad::__private::sub(dda.as_mut_slice(), 0, da_hi),
                ::core::default::Default::default(),
            );
            let mut ddminor_det_value = g_4;
            let g_5 = ddret;
            ddret = 0.0;
            let mut dg = ddminor_det_value;
            ddret += dg;
        }
        if cond {
            let g_6 = dret_2;
            dret_2 = 0.0;
            let mut dminor_det_value_2 = g_6;
            let minor_det_reverse = tape_minor_det.take().unwrap();
            minor_det_reverse(a, da_2.as_mut_slice(), dminor_det_value_2);
        }
        if ell == 1 {
            let g_7 = dret_2;
            dret_2 = 0.0;
            da_2[0] += g_7;
        }
        dseed += ddret;
        (dseed,)
    };
    ((), reverse)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_tan_d_det(
    a: &[f64],
    ta: &[f64],
    da: &mut [f64],
    tda: &mut [f64],
    ell: usize,
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let ta = ::parad::__private::TangentSlice::new(ta);
    let mut tda = ::parad::__private::ShadowSlice::new(tda);
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    let mut tret = 0.0;
    let mut ret: f64 = 0.0;
    let mut returned = false;
    if ell == 1 {
        tret = ta[0];
        ret = a[0];
        returned = true;
    }
    let cond = !returned;
    if cond {
        let (minor_det_value, mut tminor_det_value) = __parad_tan_minor_det(
            a,
            ta.as_slice(),
            ell,
            ell,
            0,
        );
        tret = tminor_det_value;
        ret = minor_det_value;
    }
    let tprimal_2 = tret;
    let primal_2 = ret;
    let mut tdret = tseed;
    let mut dret = seed;
    if cond {
        let tg = tdret;
        let g = dret;
        tdret = 0.0;
        dret = 0.0;
        let tdminor_det_value = tg;
        let dminor_det_value = g;
        let da_hi = a.len();
        let (_, _) = __parad_tan___parad_joint_minor_det(
            a,
            ta.as_slice(),
            &mut da[..da_hi],
            ::parad::__private::sub(tda.as_mut_slice(), 0, da_hi),
            ell,
            ell,
            0,
            dminor_det_value,
            tdminor_det_value,
        );
    }
    if ell == 1 {
        let tg_2 = tdret;
        let g_2 = dret;
        tdret = 0.0;
        dret = 0.0;
        tda[0] += tg_2;
        da[0] += g_2;
    }
    let tret_2 = tprimal_2;
    let ret_2: f64 = primal_2;
    (ret_2, tret_2)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_fwd_d_det(
    a: &[f64],
    da: &mut [f64],
    ell: usize,
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
    let mut tape_minor_det = ::core::option::Option::None;
    let mut tape___parad_joint_minor_det = ::core::option::Option::None;
    let mut saved_da = ::core::option::Option::None;
    ::core::assert_eq!(
        da.len(), a.len(), "the shadow of `a` must have the length of `a`"
    );
    let mut ret: f64 = 0.0;
    let mut returned = false;
    if ell == 1 {
        ret = a[0];
        returned = true;
    }
    let cond = !returned;
    if cond {
        let (minor_det_value, minor_det_reverse) = __parad_fwd_minor_det(a, ell, ell, 0);
        tape_minor_det = ::core::option::Option::Some(minor_det_reverse);
        ret = minor_det_value;
    }
    let primal_2 = ret;
    let mut dret = seed;
    if cond {
        let g = dret;
        dret = 0.0;
        let dminor_det_value = g;
        let da_hi = a.len();
        let (_, __parad_joint_minor_det_reverse) = __parad_fwd___parad_joint_minor_det(
            a,
            &mut da[..da_hi],
            ell,
            ell,
            0,
            dminor_det_value,
        );
        tape___parad_joint_minor_det = ::core::option::Option::Some(
            __parad_joint_minor_det_reverse,
        );
    }
    if ell == 1 {
        let g_2 = dret;
        dret = 0.0;
        saved_da = ::core::option::Option::Some(da[0]);
        da[0] += g_2;
    }
    let ret_2: f64 = primal_2;
    let reverse = move |
        a: &[f64],
        da_2: &mut [f64],
        da: &mut [f64],
        dda: &mut [f64],
        seed_2: f64,
    | -> (f64,) {
        let mut da_2 = ::parad::__private::ShadowSlice::new(da_2);
        let mut dda = ::parad::__private::ShadowSlice::new(dda);
        let mut dseed: f64 = 0.0;
        let mut dret_2_2 = seed_2;
        let mut ddret = 0.0;
        if ell == 1 {
            da[0] = saved_da.take().unwrap();
            let g_3 = ddret;
            ddret = 0.0;
            let mut dg_2 = dda[0];
            ddret += dg_2;
        }
        if cond {
            let __parad_joint_minor_det_reverse = tape___parad_joint_minor_det
                .take()
                .unwrap();
            let da_hi = a.len();
            let (g_4,) = __parad_joint_minor_det_reverse(
                a,
                da_2.as_mut_slice(),
                &mut da[..da_hi],
                ::parad::__private::sub(dda.as_mut_slice(), 0, da_hi),
                ::core::default::Default::default(),
            );
            let mut ddminor_det_value = g_4;
            let g_5 = ddret;
            ddret = 0.0;
            let mut dg = ddminor_det_value;
            ddret += dg;
        }
        let mut dprimal_2 = dret_2_2;
        let mut dret_2 = dprimal_2;
        if cond {
            let g_6 = dret_2;
            dret_2 = 0.0;
            let mut dminor_det_value_2 = g_6;
            let minor_det_reverse = tape_minor_det.take().unwrap();
            minor_det_reverse(a, da_2.as_mut_slice(), dminor_det_value_2);
        }
        if ell == 1 {
            let g_7 = dret_2;
            dret_2 = 0.0;
            da_2[0] += g_7;
        }
        dseed += ddret;
        (dseed,)
    };
    (ret_2, reverse)
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_tan_det(a: &[f64], ta: &[f64], ell: usize) -> (f64, f64) {
    let ta = ::parad::__private::TangentSlice::new(ta);
    let mut tret = 0.0;
    let mut ret: f64 = 0.0;
    let mut returned = false;
    if ell == 1 {
        tret = ta[0];
        ret = a[0];
        returned = true;
    }
    let cond = !returned;
    if cond {
        let (minor_det_value, mut tminor_det_value) = __parad_tan_minor_det(
            a,
            ta.as_slice(),
            ell,
            ell,
            0,
        );
        tret = tminor_det_value;
        ret = minor_det_value;
    }
    (ret, tret)
}
#[doc(hidden)]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_tanl_det<const __PARAD_N: usize>(
    a: &[f64],
    ta: &[::parad::__private::lanes::Lanes<__PARAD_N>],
    ell: usize,
) -> (f64, ::parad::__private::lanes::Lanes<__PARAD_N>) {
    const {
        if __PARAD_N > 0 {
            ::core::panic!(
                "`det` cannot be called by a batched derivative: it calls another differentiated function, and the functions a batched derivative calls may not (yet): inline the call"
            )
        }
    };
    ::core::unreachable!()
}
#[doc(hidden)]
#[inline]
#[allow(unused, non_snake_case, clippy::all)]
pub fn __parad_fwd_det(
    a: &[f64],
    ell: usize,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut tape_minor_det = ::core::option::Option::None;
    let mut ret: f64 = 0.0;
    let mut returned = false;
    if ell == 1 {
        ret = a[0];
        returned = true;
    }
    let cond = !returned;
    if cond {
        let (minor_det_value, minor_det_reverse) = __parad_fwd_minor_det(a, ell, ell, 0);
        tape_minor_det = ::core::option::Option::Some(minor_det_reverse);
        ret = minor_det_value;
    }
    let reverse = move |a: &[f64], da: &mut [f64], seed: f64| {
        let mut da = ::parad::__private::ShadowSlice::new(da);
        let mut dret = seed;
        if cond {
            let g = dret;
            dret = 0.0;
            let mut dminor_det_value = g;
            let minor_det_reverse = tape_minor_det.take().unwrap();
            minor_det_reverse(a, da.as_mut_slice(), dminor_det_value);
        }
        if ell == 1 {
            let g_2 = dret;
            dret = 0.0;
            da[0] += g_2;
        }
    };
    (ret, reverse)
}
