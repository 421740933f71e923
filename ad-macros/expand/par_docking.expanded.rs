#[allow(dead_code)]
pub fn docking(poses: &[f64], ligand: &[f64], protein: &[f64], charges: &[f64]) -> f64 {
    let nl = ligand.len() / 3;
    let np = protein.len() / 3;
    let energies: Vec<f64> = poses
        .par_chunks(3)
        .map(|t| {
            let mut e = 0.0;
            for a in 0..nl {
                for b in 0..np {
                    let dx = ligand[3 * a] + t[0] - protein[3 * b];
                    let dy = ligand[3 * a + 1] + t[1] - protein[3 * b + 1];
                    let dz = ligand[3 * a + 2] + t[2] - protein[3 * b + 2];
                    let r2 = dx * dx + dy * dy + dz * dz + 0.5;
                    let inv = 1.0 / r2;
                    e += charges[a] * charges[nl + b] * inv.sqrt() + inv * inv * inv;
                }
            }
            e
        })
        .collect();
    let mut s = 0.0;
    for e in energies.iter() {
        s += (-e).exp();
    }
    -s.ln()
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
pub fn __parad_fwd_docking(
    poses: &[f64],
    ligand: &[f64],
    protein: &[f64],
    charges: &[f64],
) -> (
    f64,
    impl ::core::ops::FnOnce(
        &[f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        f64,
    ) + use<>,
) {
    let mut tape_exp = ::parad::__private::Tape::new();
    let nl = ligand.len() / 3;
    let np = protein.len() / 3;
    let mut energies: Vec<f64> = ::std::vec![0.0; poses.len().div_ceil(3)];
    ::parad::__private::par_for(
        0,
        poses.len().div_ceil(3),
        (
            ::parad::__private::PerIter::new(
                &mut energies[..],
                0,
                1,
                0,
                poses.len().div_ceil(3),
            ),
        ),
        |chunk, (energies,)| {
            let first = chunk.start;
            let mut energies = energies.at(first);
            for i in chunk {
                let mut e = 0.0;
                for a in 0..nl {
                    for b in 0..np {
                        let dx = ligand[3 * a] + poses[i * 3] - protein[3 * b];
                        let dy = ligand[3 * a + 1] + poses[i * 3 + 1]
                            - protein[3 * b + 1];
                        let dz = ligand[3 * a + 2] + poses[i * 3 + 2]
                            - protein[3 * b + 2];
                        let r2 = dx * dx + dy * dy + dz * dz + 0.5;
                        let inv = 1.0 / r2;
                        e += charges[a] * charges[nl + b] * inv.sqrt() + inv * inv * inv;
                    }
                }
                let t_mapped = e;
                energies[i] = t_mapped;
            }
        },
    );
    let mut s = 0.0;
    let hi = energies.len();
    tape_exp.reserve(hi);
    let energies_w = ::parad::__private::window(&energies[..], 0, 0..hi);
    for i_2 in 0..hi {
        let exp = (-energies_w[i_2]).exp();
        s += exp;
        tape_exp.push_reserved(exp);
    }
    let ln = s.ln();
    let ret: f64 = -ln;
    let reverse = move |
        poses: &[f64],
        dposes: &mut [f64],
        ligand: &[f64],
        dligand: &mut [f64],
        protein: &[f64],
        dprotein: &mut [f64],
        charges: &[f64],
        dcharges: &mut [f64],
        seed: f64|
    {
        let mut dposes = ::parad::__private::ShadowSlice::new(dposes);
        let mut dligand = ::parad::__private::ShadowSlice::new(dligand);
        let mut dprotein = ::parad::__private::ShadowSlice::new(dprotein);
        let mut dcharges = ::parad::__private::ShadowSlice::new(dcharges);
        let mut dret = seed;
        let mut denergies = ::std::vec![0.0; energies.len()];
        let mut dln = -dret;
        let mut ds = dln / s;
        let tape_exp_w = ::parad::__private::window(&tape_exp[..], 0, 0..hi);
        let denergies_w = ::parad::__private::window_mut(&mut denergies[..], 0, 0..hi);
        for i_2 in 0..hi {
            let exp = tape_exp_w[i_2];
            let mut dexp = ds;
            denergies_w[i_2] += -(dexp * exp);
        }
        let private_shadows = ::parad::__private::par_private(
            0,
            poses.len().div_ceil(3),
            (
                ::parad::__private::PerIter::new(
                        dposes.as_mut_slice(),
                        0,
                        3,
                        0,
                        poses.len().div_ceil(3),
                    )
                    .inactive_when_empty(),
                ::parad::__private::PerIter::new(
                    &mut denergies[..],
                    0,
                    1,
                    0,
                    poses.len().div_ceil(3),
                ),
            ),
            |chunk_2, (dposes, denergies)| {
                let first_2 = chunk_2.start * 3;
                let mut dposes = dposes.at(first_2);
                let first_3 = chunk_2.start;
                let mut denergies = denergies.at(first_3);
                let mut dligand = ::parad::__private::Private::new(dligand.len());
                let mut dprotein = ::parad::__private::Private::new(dprotein.len());
                let mut dcharges = ::parad::__private::Private::new(dcharges.len());
                let poses = &poses[..];
                let ligand = &ligand[..];
                let protein = &protein[..];
                let charges = &charges[..];
                for i in chunk_2.rev() {
                    let g = denergies[i];
                    denergies[i] = 0.0;
                    let mut dt_mapped = g;
                    let mut de = dt_mapped;
                    let mut dposes_i = 0.0;
                    let mut dposes_i_1 = 0.0;
                    let mut dposes_i_2 = 0.0;
                    for a in 0..nl {
                        let mut dligand_a = 0.0;
                        let mut dligand_a_1 = 0.0;
                        let mut dligand_a_2 = 0.0;
                        let mut dcharges_a = 0.0;
                        for b in 0..np {
                            let dx = ligand[3 * a] + poses[i * 3] - protein[3 * b];
                            let dy = ligand[3 * a + 1] + poses[i * 3 + 1]
                                - protein[3 * b + 1];
                            let dz = ligand[3 * a + 2] + poses[i * 3 + 2]
                                - protein[3 * b + 2];
                            let r2 = dx * dx + dy * dy + dz * dz + 0.5;
                            let inv = 1.0 / r2;
                            let g_2 = de * inv.sqrt();
                            dcharges_a += g_2 * charges[nl + b];
                            let g_3 = de * inv;
                            let mut dinv = de * (charges[a] * charges[nl + b]) * 0.5
                                / inv.sqrt() + g_3 * (2.0 * inv) + de * (inv * inv);
                            let mut dr2 = -(dinv * (inv * inv));
                            let mut ddz = dr2 * (2.0 * dz);
                            dligand_a_2 += ddz;
                            dposes_i_2 += ddz;
                            let mut ddy = dr2 * (2.0 * dy);
                            dligand_a_1 += ddy;
                            dposes_i_1 += ddy;
                            let mut ddx = dr2 * (2.0 * dx);
                            dligand_a += ddx;
                            dposes_i += ddx;
                            dcharges[nl + b] += g_2 * charges[a];
                            dprotein[3 * b + 2] += -ddz;
                            dprotein[3 * b + 1] += -ddy;
                            dprotein[3 * b] += -ddx;
                        }
                        if np > 0 {
                            dligand[3 * a] += dligand_a;
                            dligand[3 * a + 1] += dligand_a_1;
                            dligand[3 * a + 2] += dligand_a_2;
                            dcharges[a] += dcharges_a;
                        }
                    }
                    if nl > 0 && np > 0 {
                        dposes[i * 3] += dposes_i;
                        dposes[i * 3 + 1] += dposes_i_1;
                        dposes[i * 3 + 2] += dposes_i_2;
                    }
                }
                (dligand, dprotein, dcharges)
            },
        );
        ::parad::__private::merge_private(
            dligand.as_mut_slice(),
            private_shadows.iter().map(|part| &part.0),
        );
        ::parad::__private::merge_private(
            dprotein.as_mut_slice(),
            private_shadows.iter().map(|part| &part.1),
        );
        ::parad::__private::merge_private(
            dcharges.as_mut_slice(),
            private_shadows.iter().map(|part| &part.2),
        );
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
pub fn __parad_tan_docking(
    poses: &[f64],
    tposes: &[f64],
    ligand: &[f64],
    tligand: &[f64],
    protein: &[f64],
    tprotein: &[f64],
    charges: &[f64],
    tcharges: &[f64],
) -> (f64, f64) {
    let tposes = ::parad::__private::TangentSlice::new(tposes);
    let tligand = ::parad::__private::TangentSlice::new(tligand);
    let tprotein = ::parad::__private::TangentSlice::new(tprotein);
    let tcharges = ::parad::__private::TangentSlice::new(tcharges);
    let nl = ligand.len() / 3;
    let np = protein.len() / 3;
    let mut tenergies = ::std::vec![0.0; poses.len().div_ceil(3)];
    let mut energies: Vec<f64> = ::std::vec![0.0; poses.len().div_ceil(3)];
    let hi_2 = poses.len().div_ceil(3);
    ::parad::__private::par_for(
        0,
        hi_2,
        (
            ::parad::__private::PerIter::new(&mut energies[..], 0, 1, 0, hi_2),
            ::parad::__private::PerIter::new(&mut tenergies[..], 0, 1, 0, hi_2),
        ),
        |chunk, (energies, tenergies)| {
            let first = chunk.start;
            let mut energies = energies.at(first);
            let mut tenergies = tenergies.at(first);
            let poses = &poses[..];
            let ligand = &ligand[..];
            let protein = &protein[..];
            let charges = &charges[..];
            for i in chunk {
                let mut te = 0.0;
                let mut e = 0.0;
                for a in 0..nl {
                    for b in 0..np {
                        let tdx = tligand[3 * a] + tposes[i * 3] - tprotein[3 * b];
                        let dx = ligand[3 * a] + poses[i * 3] - protein[3 * b];
                        let tdy = tligand[3 * a + 1] + tposes[i * 3 + 1]
                            - tprotein[3 * b + 1];
                        let dy = ligand[3 * a + 1] + poses[i * 3 + 1]
                            - protein[3 * b + 1];
                        let tdz = tligand[3 * a + 2] + tposes[i * 3 + 2]
                            - tprotein[3 * b + 2];
                        let dz = ligand[3 * a + 2] + poses[i * 3 + 2]
                            - protein[3 * b + 2];
                        let tr2 = tdx * dx + dx * tdx + (tdy * dy + dy * tdy)
                            + (tdz * dz + dz * tdz);
                        let r2 = dx * dx + dy * dy + dz * dz + 0.5;
                        let inv = 1.0 / r2;
                        let tinv = -(tr2 * (inv * inv));
                        te
                            += (tcharges[a] * charges[nl + b]
                                + charges[a] * tcharges[nl + b]) * inv.sqrt()
                                + charges[a] * charges[nl + b] * (tinv * 0.5 / inv.sqrt())
                                + ((tinv * inv + inv * tinv) * inv + inv * inv * tinv);
                        e += charges[a] * charges[nl + b] * inv.sqrt() + inv * inv * inv;
                    }
                }
                let tt_mapped = te;
                let t_mapped = e;
                tenergies[i] = tt_mapped;
                energies[i] = t_mapped;
            }
        },
    );
    let mut ts = 0.0;
    let mut s = 0.0;
    let hi = energies.len();
    for i_2 in 0..hi {
        let exp = (-energies[i_2]).exp();
        let texp = -tenergies[i_2] * exp;
        ts += texp;
        s += exp;
    }
    let tln = ts / s;
    let ln = s.ln();
    let tret = -tln;
    let ret: f64 = -ln;
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
pub fn __parad_fwd___parad_joint_docking(
    poses: &[f64],
    dposes: &mut [f64],
    ligand: &[f64],
    dligand: &mut [f64],
    protein: &[f64],
    dprotein: &mut [f64],
    charges: &[f64],
    dcharges: &mut [f64],
    seed: f64,
) -> (
    (),
    impl ::core::ops::FnOnce(
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        &[f64],
        &mut [f64],
        &mut [f64],
        &mut [f64],
        (),
    ) -> (f64,) + use<>,
) {
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `docking` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    let reverse = move |
        poses: &[f64],
        dposes_2: &mut [f64],
        dposes: &mut [f64],
        ddposes: &mut [f64],
        ligand: &[f64],
        dligand_2: &mut [f64],
        dligand: &mut [f64],
        ddligand: &mut [f64],
        protein: &[f64],
        dprotein_2: &mut [f64],
        dprotein: &mut [f64],
        ddprotein: &mut [f64],
        charges: &[f64],
        dcharges_2: &mut [f64],
        dcharges: &mut [f64],
        ddcharges: &mut [f64],
        seed_2: (),
    | -> (f64,) {
        let mut dposes_2 = ::parad::__private::ShadowSlice::new(dposes_2);
        let mut ddposes = ::parad::__private::ShadowSlice::new(ddposes);
        let mut dligand_2 = ::parad::__private::ShadowSlice::new(dligand_2);
        let mut ddligand = ::parad::__private::ShadowSlice::new(ddligand);
        let mut dprotein_2 = ::parad::__private::ShadowSlice::new(dprotein_2);
        let mut ddprotein = ::parad::__private::ShadowSlice::new(ddprotein);
        let mut dcharges_2 = ::parad::__private::ShadowSlice::new(dcharges_2);
        let mut ddcharges = ::parad::__private::ShadowSlice::new(ddcharges);
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
pub fn __parad_tan___parad_joint_docking(
    poses: &[f64],
    tposes: &[f64],
    dposes: &mut [f64],
    tdposes: &mut [f64],
    ligand: &[f64],
    tligand: &[f64],
    dligand: &mut [f64],
    tdligand: &mut [f64],
    protein: &[f64],
    tprotein: &[f64],
    dprotein: &mut [f64],
    tdprotein: &mut [f64],
    charges: &[f64],
    tcharges: &[f64],
    dcharges: &mut [f64],
    tdcharges: &mut [f64],
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let tposes = ::parad::__private::TangentSlice::new(tposes);
    let mut tdposes = ::parad::__private::ShadowSlice::new(tdposes);
    let tligand = ::parad::__private::TangentSlice::new(tligand);
    let mut tdligand = ::parad::__private::ShadowSlice::new(tdligand);
    let tprotein = ::parad::__private::TangentSlice::new(tprotein);
    let mut tdprotein = ::parad::__private::ShadowSlice::new(tdprotein);
    let tcharges = ::parad::__private::TangentSlice::new(tcharges);
    let mut tdcharges = ::parad::__private::ShadowSlice::new(tdcharges);
    ::core::assert!(
        false,
        "parad: a derivative of a derivative through `docking` is not supported: its adjoint uses code parad cannot differentiate again (rayon, MPI, checkpointing, custom rules, struct shadows, calls returning a `Vec`)"
    );
    ((), ())
}
/// Reverse-mode derivative of [`docking`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_docking(
    poses: &[f64],
    dposes: &mut [f64],
    ligand: &[f64],
    dligand: &mut [f64],
    protein: &[f64],
    charges: &[f64],
    seed: f64,
) -> f64 {
    ::core::assert_eq!(
        dposes.len(), poses.len(),
        "the shadow of `poses` must have the length of `poses`"
    );
    ::core::assert_eq!(
        dligand.len(), ligand.len(),
        "the shadow of `ligand` must have the length of `ligand`"
    );
    let mut tape_exp = ::parad::__private::Tape::new();
    let nl = ligand.len() / 3;
    let np = protein.len() / 3;
    let mut energies: Vec<f64> = ::std::vec![0.0; poses.len().div_ceil(3)];
    ::parad::__private::par_for(
        0,
        poses.len().div_ceil(3),
        (
            ::parad::__private::PerIter::new(
                &mut energies[..],
                0,
                1,
                0,
                poses.len().div_ceil(3),
            ),
        ),
        |chunk, (energies,)| {
            let first = chunk.start;
            let mut energies = energies.at(first);
            for i in chunk {
                let mut e = 0.0;
                for a in 0..nl {
                    for b in 0..np {
                        let dx = ligand[3 * a] + poses[i * 3] - protein[3 * b];
                        let dy = ligand[3 * a + 1] + poses[i * 3 + 1]
                            - protein[3 * b + 1];
                        let dz = ligand[3 * a + 2] + poses[i * 3 + 2]
                            - protein[3 * b + 2];
                        let r2 = dx * dx + dy * dy + dz * dz + 0.5;
                        let inv = 1.0 / r2;
                        e += charges[a] * charges[nl + b] * inv.sqrt() + inv * inv * inv;
                    }
                }
                let t_mapped = e;
                energies[i] = t_mapped;
            }
        },
    );
    let mut s = 0.0;
    let hi = energies.len();
    tape_exp.reserve(hi);
    let energies_w = ::parad::__private::window(&energies[..], 0, 0..hi);
    for i_2 in 0..hi {
        let exp = (-energies_w[i_2]).exp();
        s += exp;
        tape_exp.push_reserved(exp);
    }
    let ln = s.ln();
    let ret: f64 = -ln;
    let primal = ret;
    let dposes = &mut dposes[..poses.len()];
    let dligand = &mut dligand[..ligand.len()];
    let mut dret = seed;
    let mut denergies = ::std::vec![0.0; energies.len()];
    let mut dln = -dret;
    let mut ds = dln / s;
    let tape_exp_w = ::parad::__private::window(&tape_exp[..], 0, 0..hi);
    let denergies_w = ::parad::__private::window_mut(&mut denergies[..], 0, 0..hi);
    for i_2 in 0..hi {
        let exp = tape_exp_w[i_2];
        let mut dexp = ds;
        denergies_w[i_2] += -(dexp * exp);
    }
    let private_shadows = ::parad::__private::par_private(
        0,
        poses.len().div_ceil(3),
        (
            ::parad::__private::PerIter::new(
                &mut dposes[..],
                0,
                3,
                0,
                poses.len().div_ceil(3),
            ),
            ::parad::__private::PerIter::new(
                &mut denergies[..],
                0,
                1,
                0,
                poses.len().div_ceil(3),
            ),
        ),
        |chunk_2, (dposes, denergies)| {
            let first_2 = chunk_2.start * 3;
            let mut dposes = dposes.at(first_2);
            let first_3 = chunk_2.start;
            let mut denergies = denergies.at(first_3);
            let mut dligand = ::parad::__private::Private::new(dligand.len());
            let poses = &poses[..];
            let ligand = &ligand[..];
            let protein = &protein[..];
            let charges = &charges[..];
            for i in chunk_2.rev() {
                let g = denergies[i];
                denergies[i] = 0.0;
                let mut dt_mapped = g;
                let mut de = dt_mapped;
                let mut dposes_i = 0.0;
                let mut dposes_i_1 = 0.0;
                let mut dposes_i_2 = 0.0;
                for a in 0..nl {
                    let mut dligand_a = 0.0;
                    let mut dligand_a_1 = 0.0;
                    let mut dligand_a_2 = 0.0;
                    for b in 0..np {
                        let dx = ligand[3 * a] + poses[i * 3] - protein[3 * b];
                        let dy = ligand[3 * a + 1] + poses[i * 3 + 1]
                            - protein[3 * b + 1];
                        let dz = ligand[3 * a + 2] + poses[i * 3 + 2]
                            - protein[3 * b + 2];
                        let r2 = dx * dx + dy * dy + dz * dz + 0.5;
                        let inv = 1.0 / r2;
                        let g_2 = de * inv;
                        let mut dinv = de * (charges[a] * charges[nl + b]) * 0.5
                            / inv.sqrt() + g_2 * (2.0 * inv) + de * (inv * inv);
                        let mut dr2 = -(dinv * (inv * inv));
                        let mut ddz = dr2 * (2.0 * dz);
                        dligand_a_2 += ddz;
                        dposes_i_2 += ddz;
                        let mut ddy = dr2 * (2.0 * dy);
                        dligand_a_1 += ddy;
                        dposes_i_1 += ddy;
                        let mut ddx = dr2 * (2.0 * dx);
                        dligand_a += ddx;
                        dposes_i += ddx;
                    }
                    if np > 0 {
                        dligand[3 * a] += dligand_a;
                        dligand[3 * a + 1] += dligand_a_1;
                        dligand[3 * a + 2] += dligand_a_2;
                    }
                }
                if nl > 0 && np > 0 {
                    dposes[i * 3] += dposes_i;
                    dposes[i * 3 + 1] += dposes_i_1;
                    dposes[i * 3 + 2] += dposes_i_2;
                }
            }
            (dligand,)
        },
    );
    ::parad::__private::merge_private(
        &mut dligand[..],
        private_shadows.iter().map(|part| &part.0),
    );
    primal
}
