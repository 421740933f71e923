//! The hand-written adjoints of the benchmark problems (`benches/problems`)
//! against parad's gradients, and parad's gradients against finite
//! differences, on small random inputs.
//!
//! The benchmark compares the speed of the two; this test makes sure they
//! compute the same thing, so that the comparison is fair.

#[path = "../benches/problems/mod.rs"]
mod problems;

use parad::check::{self, random_vec};
use problems::*;

/// Relative agreement of the hand-written adjoint with parad's gradient.
const REL: f64 = 1e-12;

/// Tolerance of the finite-difference check.
const FD_TOL: f64 = 1e-6;

/// Panics unless `got` and `want` agree elementwise to `REL`, relative to the
/// larger magnitude of the two entries.
#[track_caller]
fn assert_rel(what: &str, got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len(), "{what}: lengths differ");
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= REL * g.abs().max(w.abs()),
            "{what}[{i}]: hand-written {g:e}, parad {w:e} (difference {:e})",
            g - w
        );
    }
}

#[track_caller]
fn assert_value(what: &str, got: f64, want: f64) {
    assert!((got - want).abs() <= REL * got.abs().max(want.abs()), "{what}: {got:e} vs {want:e}");
}

#[test]
fn sumsq_hand_written_matches_parad() {
    let n = 50;
    let x = random_vec(n, -2.0, 2.0, 1001);
    let seed = 0.75;

    let mut d_parad = vec![0.0; n];
    let v_parad = d_sumsq(&x, &mut d_parad, seed);
    let mut d_hand = vec![0.0; n];
    let v_hand = sumsq_adjoint(&x, &mut d_hand, seed);

    assert_value("value of d_sumsq", v_parad, sumsq(&x));
    assert_value("value of sumsq_adjoint", v_hand, sumsq(&x));
    assert_rel("d sumsq / dx", &d_hand, &d_parad);

    // Both add into the shadow rather than overwrite it.
    let mut d_twice = d_hand.clone();
    sumsq_adjoint(&x, &mut d_twice, seed);
    let doubled: Vec<f64> = d_hand.iter().map(|g| 2.0 * g).collect();
    assert_rel("sumsq_adjoint accumulates", &d_twice, &doubled);

    check::gradient(|x, dx| d_sumsq(x, dx, 1.0), &x, FD_TOL);
}

#[test]
fn matvec_hand_written_matches_parad() {
    let (rows, cols) = (20, 30);
    let na = rows * cols;
    let a = random_vec(na, -1.0, 1.0, 1002);
    let x = random_vec(cols, -1.0, 1.0, 1003);
    let w = random_vec(rows, -1.0, 1.0, 1004);
    let mut y_primal = vec![0.0; rows];
    matvec(&a, &x, &mut y_primal);

    // Nonzero initial shadows of the inputs: both must add into them.
    let da0 = random_vec(na, -1.0, 1.0, 1005);
    let dx0 = random_vec(cols, -1.0, 1.0, 1006);

    let (mut da_p, mut dx_p, mut y_p, mut dy_p) = (da0.clone(), dx0.clone(), vec![0.0; rows], w.clone());
    d_matvec(&a, &mut da_p, &x, &mut dx_p, &mut y_p, &mut dy_p);
    let (mut da_h, mut dx_h, mut y_h, mut dy_h) = (da0.clone(), dx0.clone(), vec![0.0; rows], w.clone());
    matvec_adjoint(&a, &mut da_h, &x, &mut dx_h, &mut y_h, &mut dy_h);

    assert_rel("y from d_matvec", &y_p, &y_primal);
    assert_rel("y from matvec_adjoint", &y_h, &y_primal);
    assert_rel("dA", &da_h, &da_p);
    assert_rel("dx", &dx_h, &dx_p);
    assert!(dy_p.iter().all(|&g| g == 0.0), "d_matvec leaves the output shadow nonzero");
    assert!(dy_h.iter().all(|&g| g == 0.0), "matvec_adjoint leaves the output shadow nonzero");

    // parad against finite differences of the scalar sum_i w_i (A x)_i, as a
    // function of A and x packed together.
    let packed = [a.as_slice(), x.as_slice()].concat();
    check::gradient(
        |p, dp| {
            let (da, dx) = dp.split_at_mut(na);
            let mut y = vec![0.0; rows];
            let mut dy = w.clone();
            d_matvec(&p[..na], da, &p[na..], dx, &mut y, &mut dy);
            w.iter().zip(&y).map(|(wi, yi)| wi * yi).sum()
        },
        &packed,
        FD_TOL,
    );
}

#[test]
fn heat_hand_written_matches_parad() {
    let (cells, steps) = (30, 40);
    let u0 = random_vec(cells, -1.0, 1.0, 1007);
    let alpha = random_vec(1, 0.1, 0.45, 1008)[0];
    let seed = 1.25;

    let mut d_parad = vec![0.0; cells];
    let v_parad = d_heat(&u0, &mut d_parad, alpha, steps, seed);
    let mut d_hand = vec![0.0; cells];
    let v_hand = heat_adjoint(&u0, &mut d_hand, alpha, steps, seed);

    let v = heat(&u0, alpha, steps);
    assert_value("value of d_heat", v_parad, v);
    assert_value("value of heat_adjoint", v_hand, v);
    assert_rel("d heat / du0", &d_hand, &d_parad);

    check::gradient(|u, du| d_heat(u, du, alpha, steps, 1.0), &u0, FD_TOL);
}

/// The smallest grid the hand-written heat adjoint accepts (one interior
/// cell), where both boundary rows of the transposed step touch the same
/// interior entry.
#[test]
fn heat_hand_written_matches_parad_on_three_cells() {
    let u0 = random_vec(3, -1.0, 1.0, 1009);
    let (alpha, steps) = (0.3, 5);
    let mut d_parad = vec![0.0; 3];
    d_heat(&u0, &mut d_parad, alpha, steps, 1.0);
    let mut d_hand = vec![0.0; 3];
    heat_adjoint(&u0, &mut d_hand, alpha, steps, 1.0);
    assert_rel("d heat / du0, 3 cells", &d_hand, &d_parad);
}
