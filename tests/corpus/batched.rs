//! Batched forward mode, `#[autodiff(forward, d_f, N, ..)]`: each lane of
//! a batched derivative against the unbatched forward derivative in that
//! direction, against central differences of the function, and (for
//! scalar results) against the reverse gradient; `Dualv` against `Dual`;
//! `parad::jacobian` against the columns one by one.

use crate::support::{assert_all_close, assert_close, TOL};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

/// Lanes agree with the unbatched derivative to rounding (the same
/// operations on each lane, in the same order).
const LANE_TOL: f64 = 1e-13;

/// A function of packed inputs to packed outputs, and a forward derivative
/// of one: packed inputs and a direction to the outputs' tangents.
type Map<'a> = &'a dyn Fn(&[f64]) -> Vec<f64>;
type Tangent<'a> = &'a dyn Fn(&[f64], &[f64]) -> Vec<f64>;

/// Central differences of `f` (packed inputs to packed outputs) at `x` in
/// direction `v`.
fn central(f: Map, x: &[f64], v: &[f64]) -> Vec<f64> {
    let h = 1e-6;
    let at = |s: f64| f(&x.iter().zip(v).map(|(x, v)| x + s * h * v).collect::<Vec<_>>());
    at(1.0).iter().zip(at(-1.0)).map(|(p, m)| (p - m) / (2.0 * h)).collect()
}

/// Checks lanes `tangents[k]` (packed outputs' tangents for the packed
/// input directions `dirs[k]`) against `single` (the unbatched forward
/// derivative) and central differences of `f`.
fn check_lanes(f: Map, single: Tangent, x: &[f64], dirs: &[Vec<f64>], tangents: &[Vec<f64>]) {
    for (k, (v, t)) in dirs.iter().zip(tangents).enumerate() {
        assert_all_close(&format!("lane {k} against the unbatched derivative"), t, &single(x, v), LANE_TOL);
        assert_all_close(&format!("lane {k} against central differences"), t, &central(f, x, v), TOL);
    }
}

// ------------------------------------------------------------ a scalar result

/// Loops, a branch, methods, a slice and a number, both with tangents.
#[autodiff(forward, d_energy4, 4, Dual, Dual, Dual)]
#[autodiff(forward, d_energy3v, 3, Dualv, Const, DualOnly)]
#[autodiff(forward, d_energy1, Dual, Dual, Dual)]
#[autodiff(reverse, grad_energy, Duplicated, Active, Active)]
#[autodiff(reverse, grad_energy3, 3, Duplicated, Active, Active)]
pub fn energy(x: &[f64], a: f64) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        let r = (x[i] * x[i] + a * a).sqrt();
        if x[i] > 0.0 {
            s += (a * x[i]).sin() * r;
        } else {
            s += r.ln() - x[i].powi(3) / (1.0 + a * a);
        }
        s = s.max(-10.0) + 0.1 * (-r).exp();
    }
    s
}

#[test]
fn a_scalar_result_four_directions_at_once() {
    let n = 9;
    let x = random_vec(n + 1, -1.0, 1.0, 201);
    let dirs: Vec<Vec<f64>> = (0..4).map(|k| random_vec(n + 1, -1.0, 1.0, 210 + k)).collect();
    let (xs, a) = (&x[..n], x[n]);
    let d = |k: usize| &dirs[k][..n];
    let (value, tangents) = d_energy4(xs, d(0), d(1), d(2), d(3), a, dirs[0][n], dirs[1][n], dirs[2][n], dirs[3][n]);
    assert_close("value", value, energy(xs, a), 1e-15);
    let f = |x: &[f64]| vec![energy(&x[..n], x[n])];
    let single = |x: &[f64], v: &[f64]| vec![d_energy1(&x[..n], &v[..n], x[n], v[n]).1];
    let lanes: Vec<Vec<f64>> = tangents.iter().map(|t| vec![*t]).collect();
    check_lanes(&f, &single, &x, &dirs, &lanes);
    // And against the gradient: tangent k is grad . dirs[k].
    let mut gx = vec![0.0; n];
    let (_, ga) = grad_energy(xs, &mut gx, a, 1.0);
    for (k, v) in dirs.iter().enumerate() {
        let dot: f64 = gx.iter().zip(v).map(|(g, v)| g * v).sum::<f64>() + ga * v[n];
        assert_close(&format!("lane {k} against the gradient"), tangents[k], dot, 1e-12);
    }
}

#[test]
fn dualv_tangents_end_to_end_give_the_same_lanes() {
    let n = 7;
    let x = random_vec(n, -1.0, 1.0, 202);
    let dirs: Vec<Vec<f64>> = (0..3).map(|k| random_vec(n, -1.0, 1.0, 220 + k)).collect();
    let flat: Vec<f64> = dirs.concat();
    let tangents = d_energy3v(&x, &flat, 0.7);
    for (k, v) in dirs.iter().enumerate() {
        assert_close(&format!("Dualv lane {k}"), tangents[k], d_energy1(&x, v, 0.7, 0.0).1, LANE_TOL);
    }
}

#[test]
#[should_panic(expected = "the tangents of `x` must be 3 times as long as `x`")]
fn dualv_tangents_of_the_wrong_length_panic() {
    d_energy3v(&[1.0, 2.0], &[0.0; 5], 0.7);
}

// ------------------------------------------------------------ a slice result

/// A recurrence written into an output slice, which it also reads.
#[autodiff(forward, d_recur2, 2, Dual, Dual, Const)]
#[autodiff(forward, d_recur1, Dual, Dual, Const)]
#[autodiff(reverse, d_recur_rows2, 2, Duplicated, Duplicated, Const)]
#[autodiff(reverse, d_recur_row, Duplicated, Duplicated, Const)]
pub fn recur(x: &[f64], y: &mut [f64], dt: f64) {
    for i in 1..x.len() {
        y[i] = y[i - 1] + dt * (x[i] * x[i - 1] - y[i - 1].tanh());
    }
}

#[test]
fn a_slice_written_and_read_two_directions_at_once() {
    let n = 8;
    let x = random_vec(2 * n, -1.0, 1.0, 203);
    let dirs: Vec<Vec<f64>> = (0..2).map(|k| random_vec(2 * n, -1.0, 1.0, 230 + k)).collect();
    let run = |x: &[f64]| {
        let mut y = x[n..].to_vec();
        recur(&x[..n], &mut y, 0.3);
        y
    };
    let (mut y, mut t0, mut t1) = (x[n..].to_vec(), dirs[0][n..].to_vec(), dirs[1][n..].to_vec());
    d_recur2(&x[..n], &dirs[0][..n], &dirs[1][..n], &mut y, &mut t0, &mut t1, 0.3);
    assert_all_close("values", &y, &run(&x), 1e-15);
    let single = |x: &[f64], v: &[f64]| {
        let (mut y, mut t) = (x[n..].to_vec(), v[n..].to_vec());
        d_recur1(&x[..n], &v[..n], &mut y, &mut t, 0.3);
        t
    };
    check_lanes(&run, &single, &x, &dirs, &[t0, t1]);
}

// ------------------------------------------------------------ calls

/// A helper writing a slice it also reads, with a branch.
#[autodiff]
pub fn rotate(a: &[f64], angle: f64, out: &mut [f64]) {
    let (c, s) = (angle.cos(), angle.sin());
    out[0] = c * a[0] - s * a[1];
    out[1] = s * a[0] + c * a[1];
    if out[0] > out[1] {
        out[1] += 0.5 * out[0] * out[0];
    }
}

/// A helper returning a number, taking an integer.
#[autodiff]
pub fn weight(x: f64, k: usize) -> f64 {
    (x * k as f64).tanh() + 1.0
}

/// Calls of both, each passing tangents, in a loop.
#[autodiff(forward, d_pose3, 3, Dual, Dual, Dual)]
#[autodiff(forward, d_pose1, Dual, Dual, Dual)]
pub fn pose(p: &[f64], angle: f64, out: &mut [f64]) {
    for i in 0..p.len() / 2 {
        let mut r = [0.0; 2];
        rotate(&p[2 * i..2 * i + 2], angle * (i + 1) as f64, &mut r);
        let w = weight(r[0], i + 1);
        out[2 * i] = r[0] * w;
        out[2 * i + 1] = r[1] + w * angle;
    }
}

#[test]
fn calls_pass_lanes_to_the_callees() {
    let n = 6;
    let x = random_vec(n + 1, -1.0, 1.0, 206);
    let dirs: Vec<Vec<f64>> = (0..3).map(|k| random_vec(n + 1, -1.0, 1.0, 250 + k)).collect();
    let run = |x: &[f64]| {
        let mut out = vec![0.0; n];
        pose(&x[..n], x[n], &mut out);
        out
    };
    let mut out = vec![0.0; n];
    let mut ts = vec![vec![0.0; n]; 3];
    let [t0, t1, t2] = &mut ts[..] else { unreachable!() };
    let d = |k: usize| &dirs[k][..n];
    d_pose3(&x[..n], d(0), d(1), d(2), x[n], dirs[0][n], dirs[1][n], dirs[2][n], &mut out, t0, t1, t2);
    assert_all_close("values", &out, &run(&x), 1e-15);
    let single = |x: &[f64], v: &[f64]| {
        let (mut out, mut t) = (vec![0.0; n], vec![0.0; n]);
        d_pose1(&x[..n], &v[..n], x[n], v[n], &mut out, &mut t);
        t
    };
    check_lanes(&run, &single, &x, &dirs, &ts);
}

// ------------------------------------------------------------ rayon

/// A parallel map into an output slice and a parallel sum: each chunk's
/// tangents are lanes too.
#[autodiff(forward, d_spread4, 4, Dual, Dual, Dual)]
#[autodiff(forward, d_spread1, Dual, Dual, Dual)]
pub fn spread(x: &[f64], y: &mut [f64]) -> f64 {
    y.par_iter_mut().enumerate().for_each(|(i, yi)| {
        *yi = (x[i] * 1.5).cos() * x[i];
    });
    x.par_iter().map(|v| v.exp() * v).sum()
}

#[test]
fn rayon_loops_carry_lanes() {
    let n = 300;
    let x = random_vec(n, -1.0, 1.0, 204);
    let dirs: Vec<Vec<f64>> = (0..4).map(|k| random_vec(2 * n, -1.0, 1.0, 240 + k)).collect();
    let mut y = vec![0.0; n];
    let mut ty: Vec<Vec<f64>> = dirs.iter().map(|d| d[n..].to_vec()).collect();
    let [t0, t1, t2, t3] = &mut ty[..] else { unreachable!() };
    let d = |k: usize| &dirs[k][..n];
    let (value, ts) = d_spread4(&x, d(0), d(1), d(2), d(3), &mut y, t0, t1, t2, t3);
    let run = |x: &[f64]| {
        let mut y = vec![0.0; n];
        let s = spread(&x[..n], &mut y);
        [vec![s], y].concat()
    };
    let packed: Vec<f64> = [x.clone(), vec![0.0; n]].concat();
    assert_close("value", value, run(&packed)[0], 1e-13);
    let single = |x: &[f64], v: &[f64]| {
        let (mut y, mut t) = (vec![0.0; n], v[n..].to_vec());
        let (_, ts) = d_spread1(&x[..n], &v[..n], &mut y, &mut t);
        [vec![ts], t].concat()
    };
    let lanes: Vec<Vec<f64>> = (0..4).map(|k| [vec![ts[k]], ty[k].clone()].concat()).collect();
    check_lanes(&run, &single, &packed, &dirs, &lanes);
}

// ------------------------------------------------------------ jacobian

/// A map from 5 inputs to 3 outputs.
#[autodiff(forward, d_mix4, 4, Dualv, Dualv)]
#[autodiff(forward, d_mix1, Dual, Dual)]
pub fn mix(x: &[f64], out: &mut [f64]) {
    out[0] = x[0] * x[1] + x[2].sin();
    out[1] = x[3].exp() - x[4] * x[0];
    out[2] = (x[1] * x[2] * x[3]).sqrt() + x[4];
}

#[test]
fn the_jacobian_four_columns_per_call() {
    let x = random_vec(5, 0.2, 1.0, 205);
    let jac = parad::jacobian::<4>(5, 3, |seeds, tangents| d_mix4(&x, seeds, &mut [0.0; 3], tangents));
    for j in 0..5 {
        let mut e = vec![0.0; 5];
        e[j] = 1.0;
        let mut col = vec![0.0; 3];
        d_mix1(&x, &e, &mut [0.0; 3], &mut col);
        let got: Vec<f64> = (0..3).map(|i| jac[i * 5 + j]).collect();
        assert_all_close(&format!("column {j}"), &got, &col, LANE_TOL);
    }
}

// ------------------------------------------------------------ reverse mode

/// Lane `k` of a batched reverse derivative against the unbatched one with
/// seed `k`: the same operations in the same order.
#[test]
fn reverse_lanes_of_a_scalar_result_are_the_gradient_times_each_seed() {
    let n = 9;
    let x = random_vec(n, -1.0, 1.0, 207);
    let seeds = [0.5, -1.25, 2.0];
    let mut dx: Vec<Vec<f64>> = (0..3).map(|k| random_vec(n, -1.0, 1.0, 260 + k)).collect();
    let before = dx.clone();
    let [d0, d1, d2] = &mut dx[..] else { unreachable!() };
    let (value, da) = grad_energy3(&x, d0, d1, d2, 0.7, seeds[0], seeds[1], seeds[2]);
    assert_close("value", value, energy(&x, 0.7), 1e-15);
    for k in 0..3 {
        // Shadows are added to, as the unbatched derivative's are.
        let mut want = before[k].clone();
        let (_, ga) = grad_energy(&x, &mut want, 0.7, seeds[k]);
        assert_all_close(&format!("lane {k} of dx"), &dx[k], &want, LANE_TOL);
        assert_close(&format!("lane {k} of da"), da[k], ga, LANE_TOL);
    }
}

#[test]
#[should_panic(expected = "each shadow of `x` must have the length of `x`")]
fn reverse_shadows_of_the_wrong_length_panic() {
    grad_energy3(&[1.0, 2.0], &mut [0.0; 2], &mut [0.0; 1], &mut [0.0; 2], 0.7, 1.0, 1.0, 1.0);
}

/// Two rows of the Jacobian of a slice written and read in one sweep:
/// each lane against the unbatched derivative and, by the dot-product test,
/// against forward mode.
#[test]
fn reverse_lanes_give_two_rows_at_once() {
    let n = 8;
    let (x, y0) = (random_vec(n, -1.0, 1.0, 208), random_vec(n, -1.0, 1.0, 209));
    let ws: Vec<Vec<f64>> = (0..2).map(|k| random_vec(n, -1.0, 1.0, 270 + k)).collect();
    let (mut y, mut dx0, mut dx1) = (y0.clone(), vec![0.0; n], vec![0.0; n]);
    let (mut dy0, mut dy1) = (ws[0].clone(), ws[1].clone());
    d_recur_rows2(&x, &mut dx0, &mut dx1, &mut y, &mut dy0, &mut dy1, 0.3);
    let mut plain = y0.clone();
    recur(&x, &mut plain, 0.3);
    assert_all_close("values", &y, &plain, 1e-15);
    let v: Vec<f64> = random_vec(2 * n, -1.0, 1.0, 275);
    let (mut yt, mut ty) = (y0.clone(), v[n..].to_vec());
    d_recur1(&x, &v[..n], &mut yt, &mut ty, 0.3);
    for (k, (dx, dy)) in [(dx0, dy0), (dx1, dy1)].into_iter().enumerate() {
        let (mut y, mut want_dx, mut want_dy) = (y0.clone(), vec![0.0; n], ws[k].clone());
        d_recur_row(&x, &mut want_dx, &mut y, &mut want_dy, 0.3);
        assert_all_close(&format!("lane {k} of dx"), &dx, &want_dx, LANE_TOL);
        assert_all_close(&format!("lane {k} of dy"), &dy, &want_dy, LANE_TOL);
        let jv: f64 = ty.iter().zip(&ws[k]).map(|(a, b)| a * b).sum();
        let jtw: f64 = dx.iter().chain(&dy).zip(&v).map(|(a, b)| a * b).sum();
        assert_close(&format!("lane {k}: <J v, w> against <v, J^T w>"), jtw, jv, 1e-12);
    }
}

/// Updates in place whose adjoints read the shadows they add to, a local
/// buffer, and an `Active` number: four seeds of the result `x`.
#[autodiff(reverse, d_smooth4, 4, Duplicated, Active)]
#[autodiff(reverse, d_smooth1, Duplicated, Active)]
pub fn smooth(x: &mut [f64], c: f64) {
    for i in 1..x.len() {
        x[i] += c * x[i - 1].sin();
    }
    let mut sq = vec![0.0; x.len()];
    for i in 0..x.len() {
        sq[i] = x[i] * x[i];
    }
    for i in 1..x.len() {
        x[i] = sq[i] - sq[i - 1] * c;
    }
}

#[test]
fn reverse_lanes_through_in_place_updates_against_central_differences() {
    let n = 7;
    let x0 = random_vec(n, -1.0, 1.0, 211);
    let c = 0.6;
    let ws: Vec<Vec<f64>> = (0..4).map(|k| random_vec(n, -1.0, 1.0, 280 + k)).collect();
    let mut dx = ws.clone();
    let mut x = x0.clone();
    let [d0, d1, d2, d3] = &mut dx[..] else { unreachable!() };
    let dc = d_smooth4(&mut x, d0, d1, d2, d3, c);
    let run = |x: &[f64], c: f64| {
        let mut y = x.to_vec();
        smooth(&mut y, c);
        y
    };
    assert_all_close("values", &x, &run(&x0, c), 1e-15);
    for k in 0..4 {
        let (mut y, mut want) = (x0.clone(), ws[k].clone());
        let want_c = d_smooth1(&mut y, &mut want, c);
        assert_all_close(&format!("lane {k} of dx"), &dx[k], &want, LANE_TOL);
        assert_close(&format!("lane {k} of dc"), dc[k], want_c, LANE_TOL);
        // <w, J e_j> by central differences, for every input.
        let h = 1e-6;
        let dot = |y: Vec<f64>| -> f64 { y.iter().zip(&ws[k]).map(|(a, b)| a * b).sum() };
        for j in 0..n {
            let (mut p, mut m) = (x0.clone(), x0.clone());
            p[j] += h;
            m[j] -= h;
            assert_close(
                &format!("lane {k}, input {j}"),
                dx[k][j],
                (dot(run(&p, c)) - dot(run(&m, c))) / (2.0 * h),
                TOL,
            );
        }
        let fd_c = (dot(run(&x0, c + h)) - dot(run(&x0, c - h))) / (2.0 * h);
        assert_close(&format!("lane {k}, c"), dc[k], fd_c, TOL);
    }
}
