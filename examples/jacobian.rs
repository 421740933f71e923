//! The Jacobian of a map by forward mode, one column per sweep, then all
//! three columns in one sweep by batched forward mode (`parad::jacobian`),
//! one of its rows by reverse mode and all three rows in one sweep by
//! batched reverse mode; `parad::check::dot_product` checks the two modes
//! against each other.
//!
//! Run: `cargo run --release --example jacobian`

use parad::autodiff;

/// Polar to Cartesian coordinates in three dimensions, for each point of
/// `p` (radius, polar angle, azimuth), written into `out`.
#[autodiff(forward, spherical_fwd, Dual, Dual)]
#[autodiff(forward, spherical_fwd3, 3, Dualv, Dualv)]
#[autodiff(reverse, d_spherical, Duplicated, Duplicated)]
#[autodiff(reverse, d_spherical3, 3, Duplicated, Duplicated)]
fn spherical(p: &[f64], out: &mut [f64]) {
    for k in 0..p.len() / 3 {
        let (r, theta, phi) = (p[3 * k], p[3 * k + 1], p[3 * k + 2]);
        out[3 * k] = r * theta.sin() * phi.cos();
        out[3 * k + 1] = r * theta.sin() * phi.sin();
        out[3 * k + 2] = r * theta.cos();
    }
}

fn main() {
    let p = [2.0, 0.6, 1.1];
    let n = p.len();

    // Forward mode: column j of the Jacobian is the tangent of `out` for
    // the tangent `e_j` of `p`.
    let mut jac = [[0.0; 3]; 3];
    for j in 0..n {
        let mut dp = [0.0; 3];
        dp[j] = 1.0;
        let (mut out, mut dout) = ([0.0; 3], [0.0; 3]);
        spherical_fwd(&p, &dp, &mut out, &mut dout);
        for i in 0..n {
            jac[i][j] = dout[i];
        }
    }
    for row in &jac {
        println!("{row:8.4?}");
    }
    // Its determinant is r^2 sin(theta).
    let det = jac[0][0] * (jac[1][1] * jac[2][2] - jac[1][2] * jac[2][1])
        - jac[0][1] * (jac[1][0] * jac[2][2] - jac[1][2] * jac[2][0])
        + jac[0][2] * (jac[1][0] * jac[2][1] - jac[1][1] * jac[2][0]);
    let expected = p[0] * p[0] * p[1].sin();
    assert!((det - expected).abs() < 1e-12, "det J = {det}, r^2 sin(theta) = {expected}");
    println!("det J = {det:.6} = r^2 sin(theta)");

    // Batched forward mode: the three columns in one sweep, the tangents
    // of `p` (and of `out`) end to end; `parad::jacobian` seeds them.
    let batched = parad::jacobian::<3>(n, n, |seeds, tangents| {
        spherical_fwd3(&p, seeds, &mut [0.0; 3], tangents);
    });
    for i in 0..n {
        assert_eq!(&batched[i * n..(i + 1) * n], &jac[i][..], "row {i} of the batched Jacobian");
    }
    println!("batched forward mode gives the same Jacobian in one sweep");

    // Reverse mode: the seed e_0 of `out` gives row 0 of the Jacobian.
    let (mut dp, mut out, mut dout) = ([0.0; 3], [0.0; 3], [1.0, 0.0, 0.0]);
    d_spherical(&p, &mut dp, &mut out, &mut dout);
    assert_eq!(dp.map(|v| (v * 1e12).round()), jac[0].map(|v| (v * 1e12).round()));

    // Batched reverse mode: the three rows in one sweep, a seed e_i on
    // `out` and a shadow of `p` per row.
    let mut rows = [[0.0; 3]; 3];
    let mut seeds = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let [r0, r1, r2] = &mut rows;
    let [s0, s1, s2] = &mut seeds;
    d_spherical3(&p, r0, r1, r2, &mut [0.0; 3], s0, s1, s2);
    for i in 0..n {
        let close = rows[i].iter().zip(&jac[i]).all(|(a, b)| (a - b).abs() <= 1e-14 * b.abs().max(1.0));
        assert!(close, "row {i}: batched reverse {:?}, forward {:?}", rows[i], jac[i]);
    }
    println!("batched reverse mode gives the same rows in one sweep");

    // Forward against reverse on random directions: <J v, w> = <v, J^T w>.
    parad::check::dot_product(
        |p, v| {
            let mut out = vec![0.0; p.len()];
            let mut dout = vec![0.0; p.len()];
            spherical_fwd(p, v, &mut out, &mut dout);
            dout
        },
        |p, w| {
            let mut dp = vec![0.0; p.len()];
            let mut out = vec![0.0; p.len()];
            let mut dout = w.to_vec();
            d_spherical(p, &mut dp, &mut out, &mut dout);
            dp
        },
        &[1.5, 0.3, -0.4, 0.8, 2.0, 0.9],
    );
    println!("forward and reverse mode agree");
}

#[test]
fn runs() {
    main();
}
