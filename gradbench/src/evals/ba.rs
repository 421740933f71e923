//! `ba`: bundle adjustment (from ADBench). The objective is, per observation,
//! the weighted reprojection error of a 3D point through a camera (Rodrigues
//! rotation, perspective division, radial distortion, focal length and
//! principal point), and per observation the weight error `1 - w^2`.
//!
//! The Jacobian is sparse: the two rows of an observation depend on its
//! camera (11 parameters), its point (3) and its weight (1). Each row is one
//! reverse sweep of the per-observation function with the seed on one of its
//! two outputs; the weight error's row is the reverse derivative of
//! `1 - w^2`. The rows are assembled in the CSR layout the reference uses.
//!
//! The input is one camera, point, weight and feature, to be repeated: `n`
//! cameras, `m` points and `p` observations, observation `i` seeing camera
//! `i % n` and point `i % m`. The repetition is expanded when the input is
//! read, and every observation is computed.

use super::{job, unknown_function, Job};
use crate::json::{f64_of, usize_of, vec_of};
use parad::autodiff;
use serde_json::{json, Value};

pub const READY: bool = true;

/// Parameters per camera: rotation (3), center (3), focal length, principal
/// point (2), radial distortion (2).
pub const NCAM: usize = 11;
/// Nonzeros in each reprojection-error row: camera, point and weight.
pub const ROW_NNZ: usize = NCAM + 3 + 1;

/// The weighted reprojection error of one observation, `w (proj - feat)`,
/// where `proj` is the image of the point `x` through the camera `cam`:
/// `x - C` rotated by the angle-axis vector `r` (Rodrigues' formula, to
/// first order when the angle is exactly zero), divided by its depth,
/// scaled by the radial distortion `1 + k1 r^2 + k2 r^4`, then by the focal
/// length, and shifted by the principal point.
///
/// Written with scalar locals in one function rather than with helpers over
/// `[f64; 3]` arrays (as in `tests/ba.rs`), and with everything the adjoint
/// needs computed outside the branch on the rotation: parad currently gives
/// local arrays heap-allocated shadows and records values computed inside a
/// branch on heap stacks, allocations on every call that made the Jacobian
/// 1.7x slower. The angle and its inverse are guarded rather than taken
/// unconditionally because the adjoint of `sqrt` at zero is `0 * inf = NaN`.
#[autodiff(reverse, d_reproj_error, Duplicated, Duplicated, Active, Const, Duplicated)]
pub fn reproj_error(cam: &[f64], x: &[f64], w: f64, feat: &[f64], err: &mut [f64]) {
    // The point relative to the camera center.
    let p0 = x[0] - cam[3];
    let p1 = x[1] - cam[4];
    let p2 = x[2] - cam[5];
    // Rotated into the camera frame by Rodrigues' formula about the unit
    // axis `w` by the angle `theta`; to first order (`p + r x p`) when the
    // rotation vector is exactly zero.
    let sqtheta = cam[0] * cam[0] + cam[1] * cam[1] + cam[2] * cam[2];
    let theta = if sqtheta != 0.0 { sqtheta.sqrt() } else { 0.0 };
    let theta_inverse = if sqtheta != 0.0 { 1.0 / theta } else { 0.0 };
    let costheta = theta.cos();
    let sintheta = theta.sin();
    let w0 = cam[0] * theta_inverse;
    let w1 = cam[1] * theta_inverse;
    let w2 = cam[2] * theta_inverse;
    let tmp = (w0 * p0 + w1 * p1 + w2 * p2) * (1.0 - costheta);
    let x0;
    let x1;
    let x2;
    if sqtheta != 0.0 {
        x0 = p0 * costheta + (w1 * p2 - w2 * p1) * sintheta + w0 * tmp;
        x1 = p1 * costheta + (w2 * p0 - w0 * p2) * sintheta + w1 * tmp;
        x2 = p2 * costheta + (w0 * p1 - w1 * p0) * sintheta + w2 * tmp;
    } else {
        x0 = p0 + (cam[1] * p2 - cam[2] * p1);
        x1 = p1 + (cam[2] * p0 - cam[0] * p2);
        x2 = p2 + (cam[0] * p1 - cam[1] * p0);
    }
    // Perspective division and radial distortion.
    let q0 = x0 / x2;
    let q1 = x1 / x2;
    let rsq = q0 * q0 + q1 * q1;
    let l = 1.0 + cam[9] * rsq + cam[10] * rsq * rsq;
    // Focal length, principal point, weighted error.
    err[0] = w * (q0 * l * cam[6] + cam[7] - feat[0]);
    err[1] = w * (q1 * l * cam[6] + cam[8] - feat[1]);
}

/// The weight error of one observation.
#[autodiff(reverse, d_weight_error, Active, Active)]
pub fn weight_error(w: f64) -> f64 {
    1.0 - w * w
}

/// The expanded problem: `n` cameras, `m` points, `p` observations.
pub struct Problem {
    pub n: usize,
    pub m: usize,
    pub p: usize,
    /// `NCAM * n` camera parameters.
    pub cams: Vec<f64>,
    /// `3 * m` point coordinates.
    pub x: Vec<f64>,
    /// `p` weights.
    pub w: Vec<f64>,
    /// `2 * p` (camera, point) indices.
    pub obs: Vec<usize>,
    /// `2 * p` feature coordinates.
    pub feats: Vec<f64>,
}

impl Problem {
    /// Repeats one camera, point, weight and feature as the eval prescribes.
    pub fn expand(n: usize, m: usize, p: usize, cam: &[f64], x: &[f64], w: f64, feat: &[f64]) -> Problem {
        let mut obs = Vec::with_capacity(2 * p);
        for i in 0..p {
            obs.push(i % n);
            obs.push(i % m);
        }
        Problem { n, m, p, cams: cam.repeat(n), x: x.repeat(m), w: vec![w; p], obs, feats: feat.repeat(p) }
    }

    fn from_json(input: &Value) -> Result<Problem, String> {
        let (n, m, p) = (usize_of(input, "n")?, usize_of(input, "m")?, usize_of(input, "p")?);
        let cam = vec_of(input, "cam")?;
        let x = vec_of(input, "x")?;
        let w = f64_of(input, "w")?;
        let feat = vec_of(input, "feat")?;
        if cam.len() != NCAM || x.len() != 3 || feat.len() != 2 {
            return Err(format!(
                "`cam`, `x` and `feat` must have 11, 3 and 2 entries, not {}, {} and {}",
                cam.len(),
                x.len(),
                feat.len()
            ));
        }
        if n == 0 || m == 0 || p == 0 {
            return Err("`n`, `m` and `p` must be positive".into());
        }
        Ok(Problem::expand(n, m, p, &cam, &x, w, &feat))
    }

    pub fn cam(&self, i: usize) -> &[f64] {
        let c = self.obs[2 * i];
        &self.cams[NCAM * c..NCAM * (c + 1)]
    }

    pub fn point(&self, i: usize) -> &[f64] {
        let k = self.obs[2 * i + 1];
        &self.x[3 * k..3 * (k + 1)]
    }
}

/// The objective: `2 p` reprojection errors and `p` weight errors.
pub fn objective(pb: &Problem, reproj_err: &mut [f64], w_err: &mut [f64]) {
    for i in 0..pb.p {
        reproj_error(pb.cam(i), pb.point(i), pb.w[i], &pb.feats[2 * i..2 * i + 2], &mut reproj_err[2 * i..2 * i + 2]);
    }
    for i in 0..pb.p {
        w_err[i] = weight_error(pb.w[i]);
    }
}

/// The Jacobian in CSR form: `3 p` rows over the columns `NCAM n` cameras,
/// then `3 m` points, then `p` weights.
pub struct SparseJacobian {
    /// Row starts, `3 p + 1` of them.
    pub rows: Vec<usize>,
    pub cols: Vec<usize>,
    pub vals: Vec<f64>,
}

impl SparseJacobian {
    pub fn with_capacity(p: usize) -> SparseJacobian {
        let nnz = 2 * ROW_NNZ * p + p;
        SparseJacobian {
            rows: Vec::with_capacity(3 * p + 1),
            cols: Vec::with_capacity(nnz),
            vals: Vec::with_capacity(nnz),
        }
    }
}

/// Computes the Jacobian into `jac` (cleared first): rows `2i` and `2i+1`
/// are the reprojection error of observation `i`, row `2p + i` its weight
/// error.
pub fn jacobian(pb: &Problem, jac: &mut SparseJacobian) {
    jac.rows.clear();
    jac.cols.clear();
    jac.vals.clear();
    jac.rows.push(0);
    let point_cols = NCAM * pb.n;
    let weight_cols = point_cols + 3 * pb.m;
    let mut err = [0.0; 2];
    for i in 0..pb.p {
        let (c, k) = (pb.obs[2 * i], pb.obs[2 * i + 1]);
        let (cam, x, feat) = (pb.cam(i), pb.point(i), &pb.feats[2 * i..2 * i + 2]);
        for row in 0..2 {
            let mut dcam = [0.0; NCAM];
            let mut dx = [0.0; 3];
            let mut derr = [0.0; 2];
            derr[row] = 1.0;
            let dw = d_reproj_error(cam, &mut dcam, x, &mut dx, pb.w[i], feat, &mut err, &mut derr);
            let start = *jac.rows.last().unwrap();
            jac.rows.push(start + ROW_NNZ);
            for j in 0..NCAM {
                jac.cols.push(NCAM * c + j);
                jac.vals.push(dcam[j]);
            }
            for j in 0..3 {
                jac.cols.push(point_cols + 3 * k + j);
                jac.vals.push(dx[j]);
            }
            jac.cols.push(weight_cols + i);
            jac.vals.push(dw);
        }
    }
    for i in 0..pb.p {
        let (_, dw) = d_weight_error(pb.w[i], 1.0);
        let start = *jac.rows.last().unwrap();
        jac.rows.push(start + 1);
        jac.cols.push(weight_cols + i);
        jac.vals.push(dw);
    }
}

/// The first 30 entries and the last of a list, as the eval transmits them.
fn head_and_last<T: Copy + Into<Value>>(v: &[T]) -> Value {
    let n = v.len().min(2 * ROW_NNZ);
    let mut out: Vec<Value> = v[..n].iter().map(|&a| a.into()).collect();
    if let Some(&last) = v.last() {
        out.push(last.into());
    }
    Value::Array(out)
}

pub fn prepare(function: &str, input: &Value) -> Result<Box<dyn Job>, String> {
    let pb = Problem::from_json(input)?;
    let p = pb.p;
    match function {
        "objective" => Ok(job(
            (pb, vec![0.0; 2 * p], vec![0.0; p]),
            |s| objective(&s.0, &mut s.1, &mut s.2),
            |s| {
                json!({
                    "reproj_error": { "elements": [s.1[0], s.1[1]], "repeated": s.0.p },
                    "w_err": { "element": s.2[0], "repeated": s.0.p },
                })
            },
        )),
        "jacobian" => Ok(job(
            (pb, SparseJacobian::with_capacity(p)),
            |s| jacobian(&s.0, &mut s.1),
            |s| {
                json!({
                    "rows": head_and_last(&s.1.rows),
                    "cols": head_and_last(&s.1.cols),
                    "vals": head_and_last(&s.1.vals),
                })
            },
        )),
        _ => Err(unknown_function("ba", function)),
    }
}
