#[allow(dead_code)]
pub fn particle_energy(pos: &[f64], eps: f64) -> f64 {
    let n = pos.len() / 3;
    let total: f64 = (0..n)
        .into_par_iter()
        .map(|i| {
            let mut e = 0.0;
            for j in 0..n {
                if j != i {
                    let dx = pos[3 * i] - pos[3 * j];
                    let dy = pos[3 * i + 1] - pos[3 * j + 1];
                    let dz = pos[3 * i + 2] - pos[3 * j + 2];
                    let r2 = dx * dx + dy * dy + dz * dz + eps;
                    let inv = 1.0 / (r2 * r2 * r2);
                    e += inv * inv - inv;
                }
            }
            e
        })
        .sum();
    0.5 * total
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
pub fn __parad_fwd_particle_energy(
    pos: &[f64],
    eps: f64,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) -> (f64,) + use<>) {
    let n = pos.len() / 3;
    let mut total: f64 = 0.0;
    let partial_sums = ::parad::__private::par_private(
        0,
        n,
        (),
        |chunk, ()| {
            let mut total = 0.0;
            for i in chunk {
                let mut e = 0.0;
                for j in 0..n {
                    if j != i {
                        let dx = pos[3 * i] - pos[3 * j];
                        let dy = pos[3 * i + 1] - pos[3 * j + 1];
                        let dz = pos[3 * i + 2] - pos[3 * j + 2];
                        let r2 = dx * dx + dy * dy + dz * dz + eps;
                        let inv = 1.0 / (r2 * r2 * r2);
                        e += inv * inv - inv;
                    }
                }
                let i_mapped = e;
                total += i_mapped;
            }
            (total,)
        },
    );
    for (total_part,) in partial_sums {
        total += total_part;
    }
    let ret: f64 = 0.5 * total;
    let reverse = move |pos: &[f64], dpos: &mut [f64], seed: f64| -> (f64,) {
        let mut dpos = ::parad::__private::ShadowSlice::new(dpos);
        let mut deps: f64 = 0.0;
        let mut dret = seed;
        let mut dtotal = dret * 0.5;
        let private_shadows = ::parad::__private::par_private(
            0,
            n,
            (),
            |chunk_2, ()| {
                let mut dpos = ::parad::__private::Private::new(dpos.len());
                let mut deps = 0.0;
                let pos = &pos[..];
                let eps = eps;
                let dtotal = dtotal;
                for i in chunk_2.rev() {
                    let mut di_mapped = dtotal;
                    let mut de = di_mapped;
                    let mut dpos_i = 0.0;
                    let mut dpos_i_1 = 0.0;
                    let mut dpos_i_2 = 0.0;
                    for j in 0..n {
                        if j != i {
                            let dx = pos[3 * i] - pos[3 * j];
                            let dy = pos[3 * i + 1] - pos[3 * j + 1];
                            let dz = pos[3 * i + 2] - pos[3 * j + 2];
                            let r2 = dx * dx + dy * dy + dz * dz + eps;
                            let inv = 1.0 / (r2 * r2 * r2);
                            let mut dinv = de * (2.0 * inv) + -de;
                            let g = -(dinv * (inv * inv));
                            let g_2 = g * r2;
                            let mut dr2 = g_2 * (2.0 * r2) + g * (r2 * r2);
                            let mut ddz = dr2 * (2.0 * dz);
                            dpos_i_2 += ddz;
                            let mut ddy = dr2 * (2.0 * dy);
                            dpos_i_1 += ddy;
                            let mut ddx = dr2 * (2.0 * dx);
                            dpos_i += ddx;
                            deps += dr2;
                            dpos[3 * j + 2] += -ddz;
                            dpos[3 * j + 1] += -ddy;
                            dpos[3 * j] += -ddx;
                        }
                    }
                    if dpos_i != 0.0 {
                        dpos[3 * i] += dpos_i;
                    }
                    if dpos_i_1 != 0.0 {
                        dpos[3 * i + 1] += dpos_i_1;
                    }
                    if dpos_i_2 != 0.0 {
                        dpos[3 * i + 2] += dpos_i_2;
                    }
                }
                (dpos, deps)
            },
        );
        ::parad::__private::merge_private(
            dpos.as_mut_slice(),
            private_shadows.iter().map(|part| &part.0),
        );
        for part in &private_shadows {
            deps += part.1;
        }
        (deps,)
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
pub fn __parad_tan_particle_energy(
    pos: &[f64],
    tpos: &[f64],
    eps: f64,
    mut teps: f64,
) -> (f64, f64) {
    let tpos = ::parad::__private::TangentSlice::new(tpos);
    let n = pos.len() / 3;
    let mut ttotal = 0.0;
    let mut total: f64 = 0.0;
    let partial_sums = ::parad::__private::par_private(
        0,
        n,
        (),
        |chunk, ()| {
            let pos = &pos[..];
            let eps = eps;
            let teps = teps;
            let mut total = 0.0;
            let mut ttotal = 0.0;
            for i in chunk {
                let mut te = 0.0;
                let mut e = 0.0;
                for j in 0..n {
                    if j != i {
                        let tdx = tpos[3 * i] - tpos[3 * j];
                        let dx = pos[3 * i] - pos[3 * j];
                        let tdy = tpos[3 * i + 1] - tpos[3 * j + 1];
                        let dy = pos[3 * i + 1] - pos[3 * j + 1];
                        let tdz = tpos[3 * i + 2] - tpos[3 * j + 2];
                        let dz = pos[3 * i + 2] - pos[3 * j + 2];
                        let tr2 = tdx * dx + dx * tdx + (tdy * dy + dy * tdy)
                            + (tdz * dz + dz * tdz) + teps;
                        let r2 = dx * dx + dy * dy + dz * dz + eps;
                        let inv = 1.0 / (r2 * r2 * r2);
                        let tinv = -(((tr2 * r2 + r2 * tr2) * r2 + r2 * r2 * tr2)
                            * (inv * inv));
                        te += tinv * inv + inv * tinv - tinv;
                        e += inv * inv - inv;
                    }
                }
                let ti_mapped = te;
                let i_mapped = e;
                ttotal += ti_mapped;
                total += i_mapped;
            }
            (total, ttotal)
        },
    );
    for (total_part, ttotal_part) in partial_sums {
        total += total_part;
        ttotal += ttotal_part;
    }
    let tret = 0.5 * ttotal;
    let ret: f64 = 0.5 * total;
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
pub fn __parad_fwd___parad_joint_particle_energy(
    pos: &[f64],
    dpos: &mut [f64],
    eps: f64,
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
        "parad: a derivative of a derivative through `particle_energy` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    let ret: f64 = 0.0;
    let reverse = move |
        pos: &[f64],
        dpos_2: &mut [f64],
        dpos: &mut [f64],
        ddpos: &mut [f64],
        seed_2: f64,
    | -> (f64, f64) {
        let mut dpos_2 = ::parad::__private::ShadowSlice::new(dpos_2);
        let mut ddpos = ::parad::__private::ShadowSlice::new(ddpos);
        let mut deps: f64 = 0.0;
        let mut dseed: f64 = 0.0;
        let _ = seed_2;
        (deps, dseed)
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
pub fn __parad_tan___parad_joint_particle_energy(
    pos: &[f64],
    tpos: &[f64],
    dpos: &mut [f64],
    tdpos: &mut [f64],
    eps: f64,
    mut teps: f64,
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let tpos = ::parad::__private::TangentSlice::new(tpos);
    let mut tdpos = ::parad::__private::ShadowSlice::new(tdpos);
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `particle_energy` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    let ret: f64 = 0.0;
    (ret, 0.0)
}
/// Reverse-mode derivative of [`particle_energy`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_particle_energy(
    pos: &[f64],
    dpos: &mut [f64],
    eps: f64,
    seed: f64,
) -> (f64, f64) {
    ::core::assert_eq!(
        dpos.len(), pos.len(), "the shadow of `pos` must have the length of `pos`"
    );
    let n = pos.len() / 3;
    let mut total: f64 = 0.0;
    let dpos = &mut dpos[..pos.len()];
    let mut deps: f64 = 0.0;
    let mut dret = seed;
    let mut dtotal = 0.0;
    dtotal = dret * 0.5;
    let chunk_results = ::parad::__private::par_private(
        0,
        n,
        (),
        |chunk, ()| {
            let mut total = 0.0;
            let mut dpos = ::parad::__private::Private::new(dpos.len());
            let mut deps = 0.0;
            let pos = &pos[..];
            let eps = eps;
            let dtotal = dtotal;
            for i in chunk {
                let mut e = 0.0;
                let mut de = 0.0;
                let mut di_mapped = 0.0;
                di_mapped = dtotal;
                de = di_mapped;
                let mut dpos_i = 0.0;
                let mut dpos_i_1 = 0.0;
                let mut dpos_i_2 = 0.0;
                for j in 0..n {
                    if j != i {
                        let dx = pos[3 * i] - pos[3 * j];
                        let dy = pos[3 * i + 1] - pos[3 * j + 1];
                        let dz = pos[3 * i + 2] - pos[3 * j + 2];
                        let r2 = dx * dx + dy * dy + dz * dz + eps;
                        let inv = 1.0 / (r2 * r2 * r2);
                        e += inv * inv - inv;
                        let mut dinv = de * (2.0 * inv) + -de;
                        let g = -(dinv * (inv * inv));
                        let g_2 = g * r2;
                        let mut dr2 = g_2 * (2.0 * r2) + g * (r2 * r2);
                        let mut ddz = dr2 * (2.0 * dz);
                        dpos_i_2 += ddz;
                        let mut ddy = dr2 * (2.0 * dy);
                        dpos_i_1 += ddy;
                        let mut ddx = dr2 * (2.0 * dx);
                        dpos_i += ddx;
                        deps += dr2;
                        dpos[3 * j + 2] += -ddz;
                        dpos[3 * j + 1] += -ddy;
                        dpos[3 * j] += -ddx;
                    }
                }
                if dpos_i != 0.0 {
                    dpos[3 * i] += dpos_i;
                }
                if dpos_i_1 != 0.0 {
                    dpos[3 * i + 1] += dpos_i_1;
                }
                if dpos_i_2 != 0.0 {
                    dpos[3 * i + 2] += dpos_i_2;
                }
                let i_mapped = e;
                total += i_mapped;
            }
            (total, dpos, deps)
        },
    );
    for part in &chunk_results {
        total += part.0;
    }
    ::parad::__private::merge_private(
        &mut dpos[..],
        chunk_results.iter().map(|part| &part.1),
    );
    for part in &chunk_results {
        deps += part.2;
    }
    let ret: f64 = 0.5 * total;
    let primal = ret;
    (primal, deps)
}
