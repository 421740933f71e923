#[allow(dead_code)]
pub fn pair_energy(pos: &[[f64; 3]]) -> f64 {
    let mut e = 0.0;
    for i in 0..pos.len() {
        for j in 0..i {
            let q = pos[j];
            let r2 = (pos[i][0] - q[0]).powi(2) + (pos[i][1] - q[1]).powi(2)
                + (pos[i][2] - q[2]).powi(2);
            e += 1.0 / (r2 + 0.5);
        }
    }
    e
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
pub fn __parad_fwd_pair_energy(
    pos: &[f64],
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut tape_r2 = ::parad::__private::Tape::new();
    let mut e = 0.0;
    for i in 0..pos.len() / 3 {
        for j in 0..i {
            if j * 3 + 3 > pos.len() {
                ::core::panic!("range end index out of range for slice");
            }
            let start = j * 3;
            let r2 = (pos[i * 3 + 0] - pos[start]).powi(2)
                + (pos[i * 3 + 1] - pos[start + 1]).powi(2)
                + (pos[i * 3 + 2] - pos[start + 2]).powi(2);
            e += 1.0 / (r2 + 0.5);
            tape_r2.push(r2);
        }
    }
    let ret: f64 = e;
    let reverse = move |pos: &[f64], dpos: &mut [f64], seed: f64| {
        let mut dpos = ::parad::__private::ShadowSlice::new(dpos);
        let mut dret = seed;
        let mut de = dret;
        for i in (0..pos.len() / 3).rev() {
            let mut dpos_i_0 = 0.0;
            let mut dpos_i_1 = 0.0;
            let mut dpos_i_2 = 0.0;
            for j in (0..i).rev() {
                let start = j * 3;
                let r2 = tape_r2.pop().unwrap();
                let mut dr2 = -(de * (1.0 / (r2 + 0.5)) / (r2 + 0.5));
                let g = dr2 * (2.0 * (pos[i * 3 + 0] - pos[start]));
                dpos_i_0 += g;
                let g_2 = dr2 * (2.0 * (pos[i * 3 + 1] - pos[start + 1]));
                dpos_i_1 += g_2;
                let g_3 = dr2 * (2.0 * (pos[i * 3 + 2] - pos[start + 2]));
                dpos_i_2 += g_3;
                dpos[start] += -g;
                dpos[start + 1] += -g_2;
                dpos[start + 2] += -g_3;
            }
            if i > 0 {
                dpos[i * 3 + 0] += dpos_i_0;
                dpos[i * 3 + 1] += dpos_i_1;
                dpos[i * 3 + 2] += dpos_i_2;
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
pub fn __parad_tan_pair_energy(pos: &[f64], tpos: &[f64]) -> (f64, f64) {
    let tpos = ::parad::__private::TangentSlice::new(tpos);
    let mut te = 0.0;
    let mut e = 0.0;
    for i in 0..pos.len() / 3 {
        for j in 0..i {
            if j * 3 + 3 > pos.len() {
                ::core::panic!("range end index out of range for slice");
            }
            let start = j * 3;
            let tr2 = (tpos[i * 3 + 0] - tpos[start])
                * ::parad::__private::d_powi(pos[i * 3 + 0] - pos[start], 2)
                + (tpos[i * 3 + 1] - tpos[start + 1])
                    * ::parad::__private::d_powi(pos[i * 3 + 1] - pos[start + 1], 2)
                + (tpos[i * 3 + 2] - tpos[start + 2])
                    * ::parad::__private::d_powi(pos[i * 3 + 2] - pos[start + 2], 2);
            let r2 = (pos[i * 3 + 0] - pos[start]).powi(2)
                + (pos[i * 3 + 1] - pos[start + 1]).powi(2)
                + (pos[i * 3 + 2] - pos[start + 2]).powi(2);
            te += -(tr2 * (1.0 / (r2 + 0.5)) / (r2 + 0.5));
            e += 1.0 / (r2 + 0.5);
        }
    }
    let tret = te;
    let ret: f64 = e;
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
pub fn __parad_fwd___parad_joint_pair_energy(
    pos: &[f64],
    dpos: &mut [f64],
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
    let mut tape_r2_2 = ::parad::__private::Tape::new();
    let mut tape_r2_2_2 = ::parad::__private::Tape::new();
    let mut saved_tape_r2_top = ::parad::__private::Tape::new();
    let mut saved_dpos = ::parad::__private::Tape::new();
    let mut saved_dpos_2 = ::parad::__private::Tape::new();
    let mut saved_dpos_3 = ::parad::__private::Tape::new();
    let mut saved_dpos_4 = ::parad::__private::Tape::new();
    let mut saved_dpos_5 = ::parad::__private::Tape::new();
    let mut saved_dpos_6 = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dpos.len(), pos.len(), "the shadow of `pos` must have the length of `pos`"
    );
    let mut tape_r2 = ::std::vec::Vec::new();
    let mut tape_r2_top = 0;
    let mut e = 0.0;
    for i in 0..pos.len() / 3 {
        for j in 0..i {
            if j * 3 + 3 > pos.len() {
                ::core::panic!("range end index out of range for slice");
            }
            let start = j * 3;
            let r2 = (pos[i * 3 + 0] - pos[start]).powi(2)
                + (pos[i * 3 + 1] - pos[start + 1]).powi(2)
                + (pos[i * 3 + 2] - pos[start + 2]).powi(2);
            e += 1.0 / (r2 + 0.5);
            tape_r2.push(r2);
            tape_r2_2.push(r2);
        }
    }
    let ret: f64 = e;
    let primal_2 = ret;
    let dret = seed;
    tape_r2_top = tape_r2.len();
    let de = dret;
    saved_dpos_4.resize(pos.len() / 3, 0.0);
    saved_dpos_5.resize(pos.len() / 3, 0.0);
    saved_dpos_6.resize(pos.len() / 3, 0.0);
    for i_2 in (0..pos.len() / 3).rev() {
        let mut dpos_i_0 = 0.0;
        let mut dpos_i_1 = 0.0;
        let mut dpos_i_2 = 0.0;
        for j_2 in (0..i_2).rev() {
            let start_2 = j_2 * 3;
            saved_tape_r2_top.push(tape_r2_top);
            tape_r2_top -= 1;
            let r2_2 = tape_r2[tape_r2_top];
            let dr2 = -(de * (1.0 / (r2_2 + 0.5)) / (r2_2 + 0.5));
            let g = dr2 * (2.0 * (pos[i_2 * 3 + 0] - pos[start_2]));
            dpos_i_0 += g;
            let g_2 = dr2 * (2.0 * (pos[i_2 * 3 + 1] - pos[start_2 + 1]));
            dpos_i_1 += g_2;
            let g_3 = dr2 * (2.0 * (pos[i_2 * 3 + 2] - pos[start_2 + 2]));
            dpos_i_2 += g_3;
            saved_dpos.push(dpos[start_2]);
            dpos[start_2] += -g;
            saved_dpos_2.push(dpos[start_2 + 1]);
            dpos[start_2 + 1] += -g_2;
            saved_dpos_3.push(dpos[start_2 + 2]);
            dpos[start_2 + 2] += -g_3;
            tape_r2_2_2.push(r2_2);
        }
        if i_2 > 0 {
            saved_dpos_4[i_2] = dpos[i_2 * 3 + 0];
            dpos[i_2 * 3 + 0] += dpos_i_0;
            saved_dpos_5[i_2] = dpos[i_2 * 3 + 1];
            dpos[i_2 * 3 + 1] += dpos_i_1;
            saved_dpos_6[i_2] = dpos[i_2 * 3 + 2];
            dpos[i_2 * 3 + 2] += dpos_i_2;
        }
    }
    let reverse = move |
        pos: &[f64],
        dpos_2: &mut [f64],
        dpos: &mut [f64],
        ddpos: &mut [f64],
        seed_2: (),
    | -> (f64,) {
        let mut dpos_2 = ::parad::__private::ShadowSlice::new(dpos_2);
        let mut ddpos = ::parad::__private::ShadowSlice::new(ddpos);
        let mut dseed: f64 = 0.0;
        let _ = seed_2;
        let mut dtape_r2 = ::std::vec![0.0; tape_r2.len()];
        let mut dprimal_2 = 0.0;
        let mut dde = 0.0;
        for i_2 in 0..pos.len() / 3 {
            let mut ddpos_i_0 = 0.0;
            let mut ddpos_i_1 = 0.0;
            let mut ddpos_i_2 = 0.0;
            if i_2 > 0 {
                dpos[i_2 * 3 + 2] = saved_dpos_6[i_2];
                dpos[i_2 * 3 + 1] = saved_dpos_5[i_2];
                dpos[i_2 * 3 + 0] = saved_dpos_4[i_2];
                ddpos_i_2 += ddpos[i_2 * 3 + 2];
                ddpos_i_1 += ddpos[i_2 * 3 + 1];
                ddpos_i_0 += ddpos[i_2 * 3 + 0];
            }
            let mut dpos_2_i_2_0 = 0.0;
            let mut dpos_2_i_2_1 = 0.0;
            let mut dpos_2_i_2_2 = 0.0;
            for j_2 in 0..i_2 {
                let start_2 = j_2 * 3;
                let r2_2 = tape_r2_2_2.pop().unwrap();
                let dr2 = -(de * (1.0 / (r2_2 + 0.5)) / (r2_2 + 0.5));
                dpos[start_2 + 2] = saved_dpos_3.pop().unwrap();
                dpos[start_2 + 1] = saved_dpos_2.pop().unwrap();
                dpos[start_2] = saved_dpos.pop().unwrap();
                let mut dg_3 = -ddpos[start_2 + 2] + ddpos_i_2;
                let g_4 = dg_3 * dr2 * 2.0;
                dpos_2_i_2_2 += g_4;
                let mut dg_2 = -ddpos[start_2 + 1] + ddpos_i_1;
                let g_5 = dg_2 * dr2 * 2.0;
                dpos_2_i_2_1 += g_5;
                let mut dg = -ddpos[start_2] + ddpos_i_0;
                let g_6 = dg * dr2 * 2.0;
                dpos_2_i_2_0 += g_6;
                let mut ddr2 = dg_3 * (2.0 * (pos[i_2 * 3 + 2] - pos[start_2 + 2]))
                    + dg_2 * (2.0 * (pos[i_2 * 3 + 1] - pos[start_2 + 1]))
                    + dg * (2.0 * (pos[i_2 * 3 + 0] - pos[start_2]));
                let g_7 = -ddr2;
                let g_8 = g_7 / (r2_2 + 0.5);
                let mut dr2_2_2 = -(g_8 * de * (1.0 / (r2_2 + 0.5)) / (r2_2 + 0.5))
                    + -(g_7 * (de * (1.0 / (r2_2 + 0.5)) / (r2_2 + 0.5)) / (r2_2 + 0.5));
                dtape_r2[tape_r2_top] += dr2_2_2;
                tape_r2_top = saved_tape_r2_top.pop().unwrap();
                dpos_2[start_2 + 2] += -g_4;
                dpos_2[start_2 + 1] += -g_5;
                dpos_2[start_2] += -g_6;
                dde += g_8 * (1.0 / (r2_2 + 0.5));
            }
            if i_2 > 0 {
                dpos_2[i_2 * 3 + 0] += dpos_2_i_2_0;
                dpos_2[i_2 * 3 + 1] += dpos_2_i_2_1;
                dpos_2[i_2 * 3 + 2] += dpos_2_i_2_2;
            }
        }
        let mut ddret = dde;
        let mut dret_2 = dprimal_2;
        let mut de_2 = dret_2;
        for i in (0..pos.len() / 3).rev() {
            let mut dpos_2_i_0 = 0.0;
            let mut dpos_2_i_1 = 0.0;
            let mut dpos_2_i_2 = 0.0;
            for j in (0..i).rev() {
                let start = j * 3;
                let r2 = tape_r2_2.pop().unwrap();
                let g_9 = dtape_r2.pop().unwrap();
                let mut dr2_2 = g_9;
                dr2_2 += -(de_2 * (1.0 / (r2 + 0.5)) / (r2 + 0.5));
                let g_10 = dr2_2 * (2.0 * (pos[i * 3 + 0] - pos[start]));
                dpos_2_i_0 += g_10;
                let g_11 = dr2_2 * (2.0 * (pos[i * 3 + 1] - pos[start + 1]));
                dpos_2_i_1 += g_11;
                let g_12 = dr2_2 * (2.0 * (pos[i * 3 + 2] - pos[start + 2]));
                dpos_2_i_2 += g_12;
                dpos_2[start] += -g_10;
                dpos_2[start + 1] += -g_11;
                dpos_2[start + 2] += -g_12;
            }
            if i > 0 {
                dpos_2[i * 3 + 0] += dpos_2_i_0;
                dpos_2[i * 3 + 1] += dpos_2_i_1;
                dpos_2[i * 3 + 2] += dpos_2_i_2;
            }
        }
        dseed += ddret;
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
pub fn __parad_tan___parad_joint_pair_energy(
    pos: &[f64],
    tpos: &[f64],
    dpos: &mut [f64],
    tdpos: &mut [f64],
    seed: f64,
    mut tseed: f64,
) -> ((), ()) {
    let tpos = ::parad::__private::TangentSlice::new(tpos);
    let mut tdpos = ::parad::__private::ShadowSlice::new(tdpos);
    ::core::assert_eq!(
        dpos.len(), pos.len(), "the shadow of `pos` must have the length of `pos`"
    );
    let mut ttape_r2 = ::std::vec::Vec::new();
    let mut tape_r2 = ::std::vec::Vec::new();
    let mut tape_r2_top = 0;
    let mut te = 0.0;
    let mut e = 0.0;
    for i in 0..pos.len() / 3 {
        for j in 0..i {
            if j * 3 + 3 > pos.len() {
                ::core::panic!("range end index out of range for slice");
            }
            let start = j * 3;
            let tr2 = (tpos[i * 3 + 0] - tpos[start])
                * ::parad::__private::d_powi(pos[i * 3 + 0] - pos[start], 2)
                + (tpos[i * 3 + 1] - tpos[start + 1])
                    * ::parad::__private::d_powi(pos[i * 3 + 1] - pos[start + 1], 2)
                + (tpos[i * 3 + 2] - tpos[start + 2])
                    * ::parad::__private::d_powi(pos[i * 3 + 2] - pos[start + 2], 2);
            let r2 = (pos[i * 3 + 0] - pos[start]).powi(2)
                + (pos[i * 3 + 1] - pos[start + 1]).powi(2)
                + (pos[i * 3 + 2] - pos[start + 2]).powi(2);
            te += -(tr2 * (1.0 / (r2 + 0.5)) / (r2 + 0.5));
            e += 1.0 / (r2 + 0.5);
            ttape_r2.push(tr2);
            tape_r2.push(r2);
        }
    }
    let tret = te;
    let ret: f64 = e;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tdret = tseed;
    let dret = seed;
    tape_r2_top = tape_r2.len();
    let tde = tdret;
    let de = dret;
    for i_2 in (0..pos.len() / 3).rev() {
        let mut tdpos_i_0 = 0.0;
        let mut dpos_i_0 = 0.0;
        let mut tdpos_i_1 = 0.0;
        let mut dpos_i_1 = 0.0;
        let mut tdpos_i_2 = 0.0;
        let mut dpos_i_2 = 0.0;
        for j_2 in (0..i_2).rev() {
            let start_2 = j_2 * 3;
            tape_r2_top -= 1;
            let tr2_2 = ttape_r2[tape_r2_top];
            let r2_2 = tape_r2[tape_r2_top];
            let tdr2 = -((tde * (1.0 / (r2_2 + 0.5))
                + de * -(tr2_2 * (1.0 / (r2_2 + 0.5)) / (r2_2 + 0.5))) / (r2_2 + 0.5)
                - tr2_2 * (de * (1.0 / (r2_2 + 0.5)) / (r2_2 + 0.5)) / (r2_2 + 0.5));
            let dr2 = -(de * (1.0 / (r2_2 + 0.5)) / (r2_2 + 0.5));
            let tg = tdr2 * (2.0 * (pos[i_2 * 3 + 0] - pos[start_2]))
                + dr2 * (2.0 * (tpos[i_2 * 3 + 0] - tpos[start_2]));
            let g = dr2 * (2.0 * (pos[i_2 * 3 + 0] - pos[start_2]));
            tdpos_i_0 += tg;
            dpos_i_0 += g;
            let tg_2 = tdr2 * (2.0 * (pos[i_2 * 3 + 1] - pos[start_2 + 1]))
                + dr2 * (2.0 * (tpos[i_2 * 3 + 1] - tpos[start_2 + 1]));
            let g_2 = dr2 * (2.0 * (pos[i_2 * 3 + 1] - pos[start_2 + 1]));
            tdpos_i_1 += tg_2;
            dpos_i_1 += g_2;
            let tg_3 = tdr2 * (2.0 * (pos[i_2 * 3 + 2] - pos[start_2 + 2]))
                + dr2 * (2.0 * (tpos[i_2 * 3 + 2] - tpos[start_2 + 2]));
            let g_3 = dr2 * (2.0 * (pos[i_2 * 3 + 2] - pos[start_2 + 2]));
            tdpos_i_2 += tg_3;
            dpos_i_2 += g_3;
            tdpos[start_2] += -tg;
            dpos[start_2] += -g;
            tdpos[start_2 + 1] += -tg_2;
            dpos[start_2 + 1] += -g_2;
            tdpos[start_2 + 2] += -tg_3;
            dpos[start_2 + 2] += -g_3;
        }
        if i_2 > 0 {
            tdpos[i_2 * 3 + 0] += tdpos_i_0;
            dpos[i_2 * 3 + 0] += dpos_i_0;
            tdpos[i_2 * 3 + 1] += tdpos_i_1;
            dpos[i_2 * 3 + 1] += dpos_i_1;
            tdpos[i_2 * 3 + 2] += tdpos_i_2;
            dpos[i_2 * 3 + 2] += dpos_i_2;
        }
    }
    ((), ())
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
pub fn __parad_fwd_d_pair_energy(
    pos: &[f64],
    dpos: &mut [f64],
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
    let mut tape_r2_2 = ::parad::__private::Tape::new();
    let mut tape_r2_2_2 = ::parad::__private::Tape::new();
    let mut saved_tape_r2_top = ::parad::__private::Tape::new();
    let mut saved_dpos = ::parad::__private::Tape::new();
    let mut saved_dpos_2 = ::parad::__private::Tape::new();
    let mut saved_dpos_3 = ::parad::__private::Tape::new();
    let mut saved_dpos_4 = ::parad::__private::Tape::new();
    let mut saved_dpos_5 = ::parad::__private::Tape::new();
    let mut saved_dpos_6 = ::parad::__private::Tape::new();
    ::core::assert_eq!(
        dpos.len(), pos.len(), "the shadow of `pos` must have the length of `pos`"
    );
    let mut tape_r2 = ::std::vec::Vec::new();
    let mut tape_r2_top = 0;
    let mut e = 0.0;
    for i in 0..pos.len() / 3 {
        for j in 0..i {
            if j * 3 + 3 > pos.len() {
                ::core::panic!("range end index out of range for slice");
            }
            let start = j * 3;
            let r2 = (pos[i * 3 + 0] - pos[start]).powi(2)
                + (pos[i * 3 + 1] - pos[start + 1]).powi(2)
                + (pos[i * 3 + 2] - pos[start + 2]).powi(2);
            e += 1.0 / (r2 + 0.5);
            tape_r2.push(r2);
            tape_r2_2.push(r2);
        }
    }
    let ret: f64 = e;
    let primal_2 = ret;
    let dret = seed;
    tape_r2_top = tape_r2.len();
    let de = dret;
    saved_dpos_4.resize(pos.len() / 3, 0.0);
    saved_dpos_5.resize(pos.len() / 3, 0.0);
    saved_dpos_6.resize(pos.len() / 3, 0.0);
    for i_2 in (0..pos.len() / 3).rev() {
        let mut dpos_i_0 = 0.0;
        let mut dpos_i_1 = 0.0;
        let mut dpos_i_2 = 0.0;
        for j_2 in (0..i_2).rev() {
            let start_2 = j_2 * 3;
            saved_tape_r2_top.push(tape_r2_top);
            tape_r2_top -= 1;
            let r2_2 = tape_r2[tape_r2_top];
            let dr2 = -(de * (1.0 / (r2_2 + 0.5)) / (r2_2 + 0.5));
            let g = dr2 * (2.0 * (pos[i_2 * 3 + 0] - pos[start_2]));
            dpos_i_0 += g;
            let g_2 = dr2 * (2.0 * (pos[i_2 * 3 + 1] - pos[start_2 + 1]));
            dpos_i_1 += g_2;
            let g_3 = dr2 * (2.0 * (pos[i_2 * 3 + 2] - pos[start_2 + 2]));
            dpos_i_2 += g_3;
            saved_dpos.push(dpos[start_2]);
            dpos[start_2] += -g;
            saved_dpos_2.push(dpos[start_2 + 1]);
            dpos[start_2 + 1] += -g_2;
            saved_dpos_3.push(dpos[start_2 + 2]);
            dpos[start_2 + 2] += -g_3;
            tape_r2_2_2.push(r2_2);
        }
        if i_2 > 0 {
            saved_dpos_4[i_2] = dpos[i_2 * 3 + 0];
            dpos[i_2 * 3 + 0] += dpos_i_0;
            saved_dpos_5[i_2] = dpos[i_2 * 3 + 1];
            dpos[i_2 * 3 + 1] += dpos_i_1;
            saved_dpos_6[i_2] = dpos[i_2 * 3 + 2];
            dpos[i_2 * 3 + 2] += dpos_i_2;
        }
    }
    let ret_2: f64 = primal_2;
    let reverse = move |
        pos: &[f64],
        dpos_2: &mut [f64],
        dpos: &mut [f64],
        ddpos: &mut [f64],
        seed_2: f64,
    | -> (f64,) {
        let mut dpos_2 = ::parad::__private::ShadowSlice::new(dpos_2);
        let mut ddpos = ::parad::__private::ShadowSlice::new(ddpos);
        let mut dseed: f64 = 0.0;
        let mut dret_2_2 = seed_2;
        let mut dtape_r2 = ::std::vec![0.0; tape_r2.len()];
        let mut dde = 0.0;
        for i_2 in 0..pos.len() / 3 {
            let mut ddpos_i_0 = 0.0;
            let mut ddpos_i_1 = 0.0;
            let mut ddpos_i_2 = 0.0;
            if i_2 > 0 {
                dpos[i_2 * 3 + 2] = saved_dpos_6[i_2];
                dpos[i_2 * 3 + 1] = saved_dpos_5[i_2];
                dpos[i_2 * 3 + 0] = saved_dpos_4[i_2];
                ddpos_i_2 += ddpos[i_2 * 3 + 2];
                ddpos_i_1 += ddpos[i_2 * 3 + 1];
                ddpos_i_0 += ddpos[i_2 * 3 + 0];
            }
            let mut dpos_2_i_2_0 = 0.0;
            let mut dpos_2_i_2_1 = 0.0;
            let mut dpos_2_i_2_2 = 0.0;
            for j_2 in 0..i_2 {
                let start_2 = j_2 * 3;
                let r2_2 = tape_r2_2_2.pop().unwrap();
                let dr2 = -(de * (1.0 / (r2_2 + 0.5)) / (r2_2 + 0.5));
                dpos[start_2 + 2] = saved_dpos_3.pop().unwrap();
                dpos[start_2 + 1] = saved_dpos_2.pop().unwrap();
                dpos[start_2] = saved_dpos.pop().unwrap();
                let mut dg_3 = -ddpos[start_2 + 2] + ddpos_i_2;
                let g_4 = dg_3 * dr2 * 2.0;
                dpos_2_i_2_2 += g_4;
                let mut dg_2 = -ddpos[start_2 + 1] + ddpos_i_1;
                let g_5 = dg_2 * dr2 * 2.0;
                dpos_2_i_2_1 += g_5;
                let mut dg = -ddpos[start_2] + ddpos_i_0;
                let g_6 = dg * dr2 * 2.0;
                dpos_2_i_2_0 += g_6;
                let mut ddr2 = dg_3 * (2.0 * (pos[i_2 * 3 + 2] - pos[start_2 + 2]))
                    + dg_2 * (2.0 * (pos[i_2 * 3 + 1] - pos[start_2 + 1]))
                    + dg * (2.0 * (pos[i_2 * 3 + 0] - pos[start_2]));
                let g_7 = -ddr2;
                let g_8 = g_7 / (r2_2 + 0.5);
                let mut dr2_2_2 = -(g_8 * de * (1.0 / (r2_2 + 0.5)) / (r2_2 + 0.5))
                    + -(g_7 * (de * (1.0 / (r2_2 + 0.5)) / (r2_2 + 0.5)) / (r2_2 + 0.5));
                dtape_r2[tape_r2_top] += dr2_2_2;
                tape_r2_top = saved_tape_r2_top.pop().unwrap();
                dpos_2[start_2 + 2] += -g_4;
                dpos_2[start_2 + 1] += -g_5;
                dpos_2[start_2] += -g_6;
                dde += g_8 * (1.0 / (r2_2 + 0.5));
            }
            if i_2 > 0 {
                dpos_2[i_2 * 3 + 0] += dpos_2_i_2_0;
                dpos_2[i_2 * 3 + 1] += dpos_2_i_2_1;
                dpos_2[i_2 * 3 + 2] += dpos_2_i_2_2;
            }
        }
        let mut ddret = dde;
        let mut dprimal_2 = dret_2_2;
        let mut dret_2 = dprimal_2;
        let mut de_2 = dret_2;
        for i in (0..pos.len() / 3).rev() {
            let mut dpos_2_i_0 = 0.0;
            let mut dpos_2_i_1 = 0.0;
            let mut dpos_2_i_2 = 0.0;
            for j in (0..i).rev() {
                let start = j * 3;
                let r2 = tape_r2_2.pop().unwrap();
                let g_9 = dtape_r2.pop().unwrap();
                let mut dr2_2 = g_9;
                dr2_2 += -(de_2 * (1.0 / (r2 + 0.5)) / (r2 + 0.5));
                let g_10 = dr2_2 * (2.0 * (pos[i * 3 + 0] - pos[start]));
                dpos_2_i_0 += g_10;
                let g_11 = dr2_2 * (2.0 * (pos[i * 3 + 1] - pos[start + 1]));
                dpos_2_i_1 += g_11;
                let g_12 = dr2_2 * (2.0 * (pos[i * 3 + 2] - pos[start + 2]));
                dpos_2_i_2 += g_12;
                dpos_2[start] += -g_10;
                dpos_2[start + 1] += -g_11;
                dpos_2[start + 2] += -g_12;
            }
            if i > 0 {
                dpos_2[i * 3 + 0] += dpos_2_i_0;
                dpos_2[i * 3 + 1] += dpos_2_i_1;
                dpos_2[i * 3 + 2] += dpos_2_i_2;
            }
        }
        dseed += ddret;
        (dseed,)
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
pub fn __parad_tan_d_pair_energy(
    pos: &[f64],
    tpos: &[f64],
    dpos: &mut [f64],
    tdpos: &mut [f64],
    seed: f64,
    mut tseed: f64,
) -> (f64, f64) {
    let tpos = ::parad::__private::TangentSlice::new(tpos);
    let mut tdpos = ::parad::__private::ShadowSlice::new(tdpos);
    ::core::assert_eq!(
        dpos.len(), pos.len(), "the shadow of `pos` must have the length of `pos`"
    );
    let mut ttape_r2 = ::std::vec::Vec::new();
    let mut tape_r2 = ::std::vec::Vec::new();
    let mut tape_r2_top = 0;
    let mut te = 0.0;
    let mut e = 0.0;
    for i in 0..pos.len() / 3 {
        for j in 0..i {
            if j * 3 + 3 > pos.len() {
                ::core::panic!("range end index out of range for slice");
            }
            let start = j * 3;
            let tr2 = (tpos[i * 3 + 0] - tpos[start])
                * ::parad::__private::d_powi(pos[i * 3 + 0] - pos[start], 2)
                + (tpos[i * 3 + 1] - tpos[start + 1])
                    * ::parad::__private::d_powi(pos[i * 3 + 1] - pos[start + 1], 2)
                + (tpos[i * 3 + 2] - tpos[start + 2])
                    * ::parad::__private::d_powi(pos[i * 3 + 2] - pos[start + 2], 2);
            let r2 = (pos[i * 3 + 0] - pos[start]).powi(2)
                + (pos[i * 3 + 1] - pos[start + 1]).powi(2)
                + (pos[i * 3 + 2] - pos[start + 2]).powi(2);
            te += -(tr2 * (1.0 / (r2 + 0.5)) / (r2 + 0.5));
            e += 1.0 / (r2 + 0.5);
            ttape_r2.push(tr2);
            tape_r2.push(r2);
        }
    }
    let tret = te;
    let ret: f64 = e;
    let tprimal_2 = tret;
    let primal_2 = ret;
    let tdret = tseed;
    let dret = seed;
    tape_r2_top = tape_r2.len();
    let tde = tdret;
    let de = dret;
    for i_2 in (0..pos.len() / 3).rev() {
        let mut tdpos_i_0 = 0.0;
        let mut dpos_i_0 = 0.0;
        let mut tdpos_i_1 = 0.0;
        let mut dpos_i_1 = 0.0;
        let mut tdpos_i_2 = 0.0;
        let mut dpos_i_2 = 0.0;
        for j_2 in (0..i_2).rev() {
            let start_2 = j_2 * 3;
            tape_r2_top -= 1;
            let tr2_2 = ttape_r2[tape_r2_top];
            let r2_2 = tape_r2[tape_r2_top];
            let tdr2 = -((tde * (1.0 / (r2_2 + 0.5))
                + de * -(tr2_2 * (1.0 / (r2_2 + 0.5)) / (r2_2 + 0.5))) / (r2_2 + 0.5)
                - tr2_2 * (de * (1.0 / (r2_2 + 0.5)) / (r2_2 + 0.5)) / (r2_2 + 0.5));
            let dr2 = -(de * (1.0 / (r2_2 + 0.5)) / (r2_2 + 0.5));
            let tg = tdr2 * (2.0 * (pos[i_2 * 3 + 0] - pos[start_2]))
                + dr2 * (2.0 * (tpos[i_2 * 3 + 0] - tpos[start_2]));
            let g = dr2 * (2.0 * (pos[i_2 * 3 + 0] - pos[start_2]));
            tdpos_i_0 += tg;
            dpos_i_0 += g;
            let tg_2 = tdr2 * (2.0 * (pos[i_2 * 3 + 1] - pos[start_2 + 1]))
                + dr2 * (2.0 * (tpos[i_2 * 3 + 1] - tpos[start_2 + 1]));
            let g_2 = dr2 * (2.0 * (pos[i_2 * 3 + 1] - pos[start_2 + 1]));
            tdpos_i_1 += tg_2;
            dpos_i_1 += g_2;
            let tg_3 = tdr2 * (2.0 * (pos[i_2 * 3 + 2] - pos[start_2 + 2]))
                + dr2 * (2.0 * (tpos[i_2 * 3 + 2] - tpos[start_2 + 2]));
            let g_3 = dr2 * (2.0 * (pos[i_2 * 3 + 2] - pos[start_2 + 2]));
            tdpos_i_2 += tg_3;
            dpos_i_2 += g_3;
            tdpos[start_2] += -tg;
            dpos[start_2] += -g;
            tdpos[start_2 + 1] += -tg_2;
            dpos[start_2 + 1] += -g_2;
            tdpos[start_2 + 2] += -tg_3;
            dpos[start_2 + 2] += -g_3;
        }
        if i_2 > 0 {
            tdpos[i_2 * 3 + 0] += tdpos_i_0;
            dpos[i_2 * 3 + 0] += dpos_i_0;
            tdpos[i_2 * 3 + 1] += tdpos_i_1;
            dpos[i_2 * 3 + 1] += dpos_i_1;
            tdpos[i_2 * 3 + 2] += tdpos_i_2;
            dpos[i_2 * 3 + 2] += dpos_i_2;
        }
    }
    let tret_2 = tprimal_2;
    let ret_2: f64 = primal_2;
    (ret_2, tret_2)
}
/// Reverse-mode derivative of [`pair_energy`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_pair_energy(pos: &[[f64; 3]], dpos: &mut [[f64; 3]], seed: f64) -> f64 {
    __parad_rows_d_pair_energy(pos.as_flattened(), dpos.as_flattened_mut(), seed)
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
pub fn __parad_rows_d_pair_energy(pos: &[f64], dpos: &mut [f64], seed: f64) -> f64 {
    ::core::assert_eq!(
        dpos.len(), pos.len(), "the shadow of `pos` must have the length of `pos`"
    );
    let mut tape_r2 = ::parad::__private::Tape::new();
    let mut e = 0.0;
    for i in 0..pos.len() / 3 {
        for j in 0..i {
            if j * 3 + 3 > pos.len() {
                ::core::panic!("range end index out of range for slice");
            }
            let start = j * 3;
            let r2 = (pos[i * 3 + 0] - pos[start]).powi(2)
                + (pos[i * 3 + 1] - pos[start + 1]).powi(2)
                + (pos[i * 3 + 2] - pos[start + 2]).powi(2);
            e += 1.0 / (r2 + 0.5);
            tape_r2.push(r2);
        }
    }
    let ret: f64 = e;
    let primal = ret;
    let dpos = &mut dpos[..pos.len()];
    let mut dret = seed;
    let mut de = dret;
    for i in (0..pos.len() / 3).rev() {
        let mut dpos_i_0 = 0.0;
        let mut dpos_i_1 = 0.0;
        let mut dpos_i_2 = 0.0;
        for j in (0..i).rev() {
            let start = j * 3;
            let r2 = tape_r2.pop().unwrap();
            let mut dr2 = -(de * (1.0 / (r2 + 0.5)) / (r2 + 0.5));
            let g = dr2 * (2.0 * (pos[i * 3 + 0] - pos[start]));
            dpos_i_0 += g;
            let g_2 = dr2 * (2.0 * (pos[i * 3 + 1] - pos[start + 1]));
            dpos_i_1 += g_2;
            let g_3 = dr2 * (2.0 * (pos[i * 3 + 2] - pos[start + 2]));
            dpos_i_2 += g_3;
            dpos[start] += -g;
            dpos[start + 1] += -g_2;
            dpos[start + 2] += -g_3;
        }
        if i > 0 {
            dpos[i * 3 + 0] += dpos_i_0;
            dpos[i * 3 + 1] += dpos_i_1;
            dpos[i * 3 + 2] += dpos_i_2;
        }
    }
    primal
}
