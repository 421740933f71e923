//! `ba`: the per-observation derivative against central differences (both
//! branches of the Rodrigues rotation), the assembled sparse Jacobian of a
//! small problem against central differences of the whole objective, and
//! the JSON the eval receives.

use parad::autodiff;
use parad::check::random_vec;
use parad_gradbench::evals::ba::{self, Problem, SparseJacobian, NCAM, ROW_NNZ};
use serde_json::{json, Value};

/// `|a - b| <= tol * max(1, |a|, |b|)`.
fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * a.abs().max(b.abs()).max(1.0)
}

/// A camera looking at points near the origin from about 10 units away, with
/// focal length near 400 and small distortion; `rot` zero or random.
fn camera(seed: u64, zero_rotation: bool) -> Vec<f64> {
    let mut c = random_vec(NCAM, -0.5, 0.5, seed);
    if zero_rotation {
        c[0..3].fill(0.0);
    }
    c[5] -= 10.0; // center well behind the points along z
    c[6] = 400.0 + 50.0 * c[6];
    c[7] *= 10.0;
    c[8] *= 10.0;
    c[9] *= 0.1;
    c[10] *= 0.01;
    c
}

/// The packed input `[cam (11), x (3), w]` of one observation.
fn packed(seed: u64, zero_rotation: bool) -> Vec<f64> {
    let mut v = camera(seed, zero_rotation);
    v.extend(random_vec(3, -1.0, 1.0, seed + 1));
    v.push(random_vec(1, 0.5, 1.5, seed + 2)[0]);
    v
}

fn reproj(v: &[f64], feat: &[f64]) -> [f64; 2] {
    let mut err = [0.0; 2];
    ba::reproj_error(&v[0..11], &v[11..14], v[14], feat, &mut err);
    err
}

/// The 2 x 15 Jacobian of one observation by the generated reverse
/// derivative (row-major), and the primal it returned.
fn reverse_block(v: &[f64], feat: &[f64]) -> (Vec<f64>, [f64; 2]) {
    let mut jac = vec![0.0; 2 * ROW_NNZ];
    let mut err = [0.0; 2];
    for row in 0..2 {
        let mut dcam = [0.0; NCAM];
        let mut dx = [0.0; 3];
        let mut derr = [0.0; 2];
        derr[row] = 1.0;
        let dw = ba::d_reproj_error(&v[0..11], &mut dcam, &v[11..14], &mut dx, v[14], feat, &mut err, &mut derr);
        assert_eq!(derr, [0.0; 2], "err is write-only: its initial value has zero adjoint");
        jac[row * ROW_NNZ..row * ROW_NNZ + NCAM].copy_from_slice(&dcam);
        jac[row * ROW_NNZ + NCAM..row * ROW_NNZ + NCAM + 3].copy_from_slice(&dx);
        jac[row * ROW_NNZ + NCAM + 3] = dw;
    }
    (jac, err)
}

/// Central differences of `f` at `x`, column by column: `out[r * n + j]`.
fn central_jacobian(f: impl Fn(&[f64]) -> Vec<f64>, x: &[f64]) -> Vec<f64> {
    let n = x.len();
    let rows = f(x).len();
    let mut jac = vec![0.0; rows * n];
    let mut xp = x.to_vec();
    for j in 0..n {
        let h = 1e-6 * x[j].abs().max(1.0);
        xp[j] = x[j] + h;
        let fp = f(&xp);
        xp[j] = x[j] - h;
        let fm = f(&xp);
        xp[j] = x[j];
        for r in 0..rows {
            jac[r * n + j] = (fp[r] - fm[r]) / (2.0 * h);
        }
    }
    jac
}

fn assert_jacobians_close(what: &str, got: &[f64], want: &[f64], cols: usize, tol: f64) {
    assert_eq!(got.len(), want.len());
    for (k, (&g, &w)) in got.iter().zip(want).enumerate() {
        assert!(close(g, w, tol), "{what}: entry ({}, {}) is {g:e}, finite differences give {w:e}", k / cols, k % cols);
    }
}

#[test]
fn observation_block_matches_finite_differences() {
    for (seed, zero_rotation) in [(11, false), (21, false), (31, true), (41, true)] {
        let v = packed(seed, zero_rotation);
        let feat = random_vec(2, -50.0, 50.0, seed + 3);
        let (jac, err) = reverse_block(&v, &feat);
        assert_eq!(err, reproj(&v, &feat), "the derivative returns the primal error");
        let fd = central_jacobian(|v| reproj(v, &feat).to_vec(), &v);
        assert_jacobians_close(&format!("seed {seed}, zero rotation {zero_rotation}"), &jac, &fd, ROW_NNZ, 1e-6);
        // Every column is used: no row is identically zero in the camera,
        // point or weight part.
        for row in 0..2 {
            let r = &jac[row * ROW_NNZ..(row + 1) * ROW_NNZ];
            assert!(r[0..3].iter().any(|&d| d != 0.0) && r[11..14].iter().any(|&d| d != 0.0) && r[14] != 0.0);
        }
    }
}

// The same error written with helpers over arrays, the way the C++
// reference is structured: calls between differentiated functions, `&mut`
// outputs, sub-slices and local arrays. It must agree with the scalar
// version of the tool, values and derivatives.

#[autodiff]
fn rodrigues_rotate_point(rot: &[f64], pt: &[f64], out: &mut [f64]) {
    let sqtheta = rot[0] * rot[0] + rot[1] * rot[1] + rot[2] * rot[2];
    if sqtheta != 0.0 {
        let theta = sqtheta.sqrt();
        let costheta = theta.cos();
        let sintheta = theta.sin();
        let theta_inverse = 1.0 / theta;
        let w = [rot[0] * theta_inverse, rot[1] * theta_inverse, rot[2] * theta_inverse];
        let w_cross_pt = [w[1] * pt[2] - w[2] * pt[1], w[2] * pt[0] - w[0] * pt[2], w[0] * pt[1] - w[1] * pt[0]];
        let tmp = (w[0] * pt[0] + w[1] * pt[1] + w[2] * pt[2]) * (1.0 - costheta);
        for i in 0..3 {
            out[i] = pt[i] * costheta + w_cross_pt[i] * sintheta + w[i] * tmp;
        }
    } else {
        let rot_cross_pt =
            [rot[1] * pt[2] - rot[2] * pt[1], rot[2] * pt[0] - rot[0] * pt[2], rot[0] * pt[1] - rot[1] * pt[0]];
        for i in 0..3 {
            out[i] = pt[i] + rot_cross_pt[i];
        }
    }
}

#[autodiff]
fn radial_distort(rad_params: &[f64], proj: &mut [f64]) {
    let rsq = proj[0] * proj[0] + proj[1] * proj[1];
    let l = 1.0 + rad_params[0] * rsq + rad_params[1] * rsq * rsq;
    proj[0] *= l;
    proj[1] *= l;
}

#[autodiff]
fn project(cam: &[f64], x: &[f64], proj: &mut [f64]) {
    let xo = [x[0] - cam[3], x[1] - cam[4], x[2] - cam[5]];
    let mut xcam = [0.0; 3];
    rodrigues_rotate_point(&cam[0..3], &xo, &mut xcam);
    proj[0] = xcam[0] / xcam[2];
    proj[1] = xcam[1] / xcam[2];
    radial_distort(&cam[9..11], proj);
    proj[0] = proj[0] * cam[6] + cam[7];
    proj[1] = proj[1] * cam[6] + cam[8];
}

#[autodiff(reverse, d_reproj_error_structured, Duplicated, Duplicated, Active, Const, Duplicated)]
fn reproj_error_structured(cam: &[f64], x: &[f64], w: f64, feat: &[f64], err: &mut [f64]) {
    let mut proj = [0.0; 2];
    project(cam, x, &mut proj);
    err[0] = w * (proj[0] - feat[0]);
    err[1] = w * (proj[1] - feat[1]);
}

#[test]
fn rotation_matches_rodrigues_formula() {
    // A rotation by pi/2 about z takes x to y.
    let mut out = [0.0; 3];
    rodrigues_rotate_point(&[0.0, 0.0, std::f64::consts::FRAC_PI_2], &[1.0, 0.0, 0.0], &mut out);
    assert!(close(out[0], 0.0, 1e-15) && close(out[1], 1.0, 1e-15) && close(out[2], 0.0, 1e-15), "{out:?}");
}

#[test]
fn structured_version_agrees() {
    for (seed, zero_rotation) in [(51, false), (61, true)] {
        let v = packed(seed, zero_rotation);
        let feat = random_vec(2, -50.0, 50.0, seed + 3);
        let (jac, err) = reverse_block(&v, &feat);
        let mut err2 = [0.0; 2];
        reproj_error_structured(&v[0..11], &v[11..14], v[14], &feat, &mut err2);
        assert!(close(err[0], err2[0], 1e-13) && close(err[1], err2[1], 1e-13), "{err:?} vs {err2:?}");
        for row in 0..2 {
            let mut dcam = [0.0; NCAM];
            let mut dx = [0.0; 3];
            let mut derr = [0.0; 2];
            derr[row] = 1.0;
            let dw = d_reproj_error_structured(
                &v[0..11],
                &mut dcam,
                &v[11..14],
                &mut dx,
                v[14],
                &feat,
                &mut err2,
                &mut derr,
            );
            let got: Vec<f64> = dcam.iter().chain(&dx).copied().chain([dw]).collect();
            for (j, (&g, &want)) in got.iter().zip(&jac[row * ROW_NNZ..(row + 1) * ROW_NNZ]).enumerate() {
                assert!(close(g, want, 1e-12), "row {row}, column {j}: structured {g:e}, scalar {want:e}");
            }
        }
    }
}

/// A small problem with distinct cameras, points, weights and features.
fn small_problem() -> Problem {
    let (n, m, p) = (2, 3, 7);
    let mut pb = Problem::expand(n, m, p, &camera(101, false), &[0.1, 0.2, 0.3], 0.9, &[1.0, 2.0]);
    for c in 0..n {
        pb.cams[NCAM * c..NCAM * (c + 1)].copy_from_slice(&camera(110 + c as u64, c == 1));
    }
    pb.x = random_vec(3 * m, -1.0, 1.0, 120);
    pb.w = random_vec(p, 0.5, 1.5, 121);
    pb.feats = random_vec(2 * p, -20.0, 20.0, 122);
    pb
}

/// The objective as one vector of `3 p` residuals, as a function of the
/// packed parameters `[cams, x, w]`.
fn objective_of(pb: &Problem, params: &[f64]) -> Vec<f64> {
    let (nc, nx) = (NCAM * pb.n, 3 * pb.m);
    let q = Problem {
        n: pb.n,
        m: pb.m,
        p: pb.p,
        cams: params[..nc].to_vec(),
        x: params[nc..nc + nx].to_vec(),
        w: params[nc + nx..].to_vec(),
        obs: pb.obs.clone(),
        feats: pb.feats.clone(),
    };
    let mut r = vec![0.0; 2 * pb.p];
    let mut w = vec![0.0; pb.p];
    ba::objective(&q, &mut r, &mut w);
    r.extend(w);
    r
}

#[test]
fn sparse_jacobian_matches_finite_differences_of_the_objective() {
    let pb = small_problem();
    let ncols = NCAM * pb.n + 3 * pb.m + pb.p;
    let nrows = 3 * pb.p;
    let mut jac = SparseJacobian::with_capacity(pb.p);
    ba::jacobian(&pb, &mut jac);
    assert_eq!(jac.rows.len(), nrows + 1);
    assert_eq!(jac.cols.len(), 2 * ROW_NNZ * pb.p + pb.p);
    assert_eq!(jac.vals.len(), jac.cols.len());
    assert_eq!(*jac.rows.last().unwrap(), jac.vals.len());
    // Densify.
    let mut dense = vec![0.0; nrows * ncols];
    for r in 0..nrows {
        for k in jac.rows[r]..jac.rows[r + 1] {
            assert!(jac.cols[k] < ncols);
            dense[r * ncols + jac.cols[k]] += jac.vals[k];
        }
    }
    let params: Vec<f64> = [&pb.cams[..], &pb.x, &pb.w].concat();
    let fd = central_jacobian(|q| objective_of(&pb, q), &params);
    assert_jacobians_close("whole Jacobian", &dense, &fd, ncols, 1e-6);
    // Running twice gives the same result (buffers are reset).
    let vals = jac.vals.clone();
    ba::jacobian(&pb, &mut jac);
    assert_eq!(vals, jac.vals);
}

fn input(n: usize, m: usize, p: usize) -> Value {
    json!({
        "n": n, "m": m, "p": p,
        "cam": [-0.758453, -1.109613, -0.845551, 34.556073, 39.676747, 53.881673, 419.194514, 5.864426, -8.518870, 0.087812, 0.002739],
        "x": [7.203245, 0.001144, 3.023326],
        "w": 0.417022,
        "feat": [271.760969, 834.209256],
    })
}

fn ints(v: &Value) -> Vec<u64> {
    v.as_array().unwrap().iter().map(|a| a.as_u64().expect("an integer")).collect()
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array().unwrap().iter().map(|a| a.as_f64().expect("a number")).collect()
}

#[test]
fn objective_json() {
    let inp = input(4, 5, 9);
    let mut job = parad_gradbench::evals::prepare("ba", "objective", &inp).unwrap();
    job.run();
    let out = job.output();
    assert_eq!(out["reproj_error"]["repeated"], 9);
    assert_eq!(out["w_err"]["repeated"], 9);
    let e = floats(&out["reproj_error"]["elements"]);
    assert_eq!(e.len(), 2);
    let w = 0.417022;
    assert!(close(out["w_err"]["element"].as_f64().unwrap(), 1.0 - w * w, 1e-15));
    // The first observation's error, computed directly.
    let mut err = [0.0; 2];
    ba::reproj_error(&floats(&inp["cam"]), &floats(&inp["x"]), w, &floats(&inp["feat"]), &mut err);
    assert_eq!(e, err.to_vec());
    // Values of the reference (GradBench's manual tool on ba1), to its printed precision.
    assert!(close(e[0], 0.10133583791450886, 1e-12) && close(e[1], -0.06896776592424401, 1e-12), "{e:?}");
}

#[test]
fn jacobian_json() {
    let (n, m, p) = (49, 7776, 31843);
    let mut job = parad_gradbench::evals::prepare("ba", "jacobian", &input(n, m, p)).unwrap();
    job.run();
    let out = job.output();
    let (rows, cols, vals) = (ints(&out["rows"]), ints(&out["cols"]), floats(&out["vals"]));
    assert_eq!((rows.len(), cols.len(), vals.len()), (31, 31, 31));
    // CSR row starts: 15 entries per reprojection row, 31 p entries in all.
    assert_eq!(rows[..30], (0..30).map(|r| 15 * r).collect::<Vec<u64>>()[..]);
    assert_eq!(rows[30], 31 * p as u64);
    // Row 0: camera 0, point 0, weight 0; row 1 the same columns.
    let row0: Vec<u64> =
        (0..11).chain((0..3).map(|j| 11 * n as u64 + j)).chain([11 * n as u64 + 3 * m as u64]).collect();
    assert_eq!(cols[..15], row0[..]);
    assert_eq!(cols[15..30], row0[..]);
    // The last entry: the last weight error, d(1 - w^2)/dw.
    assert_eq!(cols[30], (11 * n + 3 * m + p - 1) as u64);
    assert!(close(vals[30], -2.0 * 0.417022, 1e-15));
    // The values of GradBench's manual tool on ba1 (same input).
    let want = [
        -461.4463210015993,
        178.8679280144455,
        -19.423916472206248,
        -3.0615983420410315,
        6.392457556226442,
        -3.340282281299017,
        0.26476024920703156,
        0.417022,
        0.0,
        243.62824566083003,
        676.4867782658688,
        3.0615983420410315,
        -6.392457556226442,
        3.340282281299017,
        0.24299878163378708,
        -803.7436233648792,
        -309.5954175234488,
        604.7802846625028,
        -15.049628170340545,
        6.248486312079824,
        3.2194799516049235,
        0.8381960857313306,
        0.0,
        0.417022,
        771.2949451366334,
        2141.6680611599554,
        15.049628170340545,
        -6.248486312079824,
        -3.2194799516049235,
        -0.16538160078960118,
        -0.834044,
    ];
    for (k, (&g, &w)) in vals.iter().zip(&want).enumerate() {
        assert!(close(g, w, 1e-10), "vals[{k}]: {g} vs reference {w}");
    }
}

#[test]
fn bad_input_is_an_error() {
    let mut inp = input(1, 1, 1);
    inp["cam"] = json!([1.0, 2.0]);
    assert!(parad_gradbench::evals::prepare("ba", "jacobian", &inp).is_err());
    assert!(parad_gradbench::evals::prepare("ba", "hessian", &input(1, 1, 1)).is_err());
}
