//! `ht`: hand tracking (from ADBench). A skinned hand model is posed by 26
//! parameters `theta` (global rotation, global translation, then the finger
//! joints); the objective is, per correspondence, the difference between an
//! observed point and a point of the posed hand: a vertex ("simple" variant,
//! `us` empty) or a point of a triangle at barycentric coordinates `us`
//! ("complicated" variant).
//!
//! The Jacobian has `3 * npts` rows and one column per `theta` entry,
//! preceded in the complicated variant by two columns for `us`: the error of
//! correspondence `i` depends only on its own `(u0, u1)`, so the eval wants
//! the derivative with respect to `u0` of every correspondence in one column
//! and `u1` in another. All the columns come from one batched forward-mode
//! sweep (parad's tangent of the whole objective, one lane per column, 28
//! or 26 of them): `theta` seeded with a unit vector, or all the `u0` (or
//! `u1`) seeded with ones at once. The primal is computed once.
//!
//! The objective follows the reference: every vertex of the model is skinned
//! by every bone (dense weights), then the correspondences are gathered.

use super::{job, unknown_function, Job};
use crate::json::{field, numbers, vec_of};
use parad::autodiff;
use serde_json::Value;

pub const READY: bool = true;

/// The hand model. Matrices are 4x4, row-major, 16 numbers per bone.
#[derive(Clone, Debug)]
pub struct Model {
    pub n_bones: usize,
    pub n_vertices: usize,
    /// The parent of each bone, `-1` for a root; a parent precedes its children.
    pub parents: Vec<i64>,
    /// Each bone's rest transform relative to its parent.
    pub base_relatives: Vec<f64>,
    /// The inverse of each bone's absolute rest transform.
    pub inverse_base_absolutes: Vec<f64>,
    /// Homogeneous rest positions, 4 per vertex.
    pub base_positions: Vec<f64>,
    /// Skinning weights, vertex-major: `weights[v * n_bones + b]`.
    pub weights: Vec<f64>,
    /// Vertex indices, 3 per triangle.
    pub triangles: Vec<usize>,
    pub is_mirrored: bool,
}

/// The rotation matrix (row-major 3x3) of the angle-axis vector `aa`; the
/// identity for angles below `1e-4`.
#[autodiff]
pub fn angle_axis_to_rotation_matrix(aa: &[f64], r: &mut [f64]) {
    let norm = (aa[0] * aa[0] + aa[1] * aa[1] + aa[2] * aa[2]).sqrt();
    if norm < 0.0001 {
        for i in 0..9 {
            r[i] = 0.0;
        }
        r[0] = 1.0;
        r[4] = 1.0;
        r[8] = 1.0;
    } else {
        let x = aa[0] / norm;
        let y = aa[1] / norm;
        let z = aa[2] / norm;
        let s = norm.sin();
        let c = norm.cos();
        r[0] = x * x + (1.0 - x * x) * c;
        r[1] = x * y * (1.0 - c) - z * s;
        r[2] = x * z * (1.0 - c) + y * s;
        r[3] = x * y * (1.0 - c) + z * s;
        r[4] = y * y + (1.0 - y * y) * c;
        r[5] = y * z * (1.0 - c) - x * s;
        r[6] = x * z * (1.0 - c) - y * s;
        r[7] = z * y * (1.0 - c) + x * s;
        r[8] = z * z + (1.0 - z * z) * c;
    }
}

/// The rotation matrix (row-major 3x3) `Rz Ry Rx` of the Euler angles
/// stored in the order x, z, y.
#[autodiff]
pub fn euler_angles_to_rotation_matrix(xzy: &[f64], r: &mut [f64]) {
    let (cx, sx) = (xzy[0].cos(), xzy[0].sin());
    let (cy, sy) = (xzy[2].cos(), xzy[2].sin());
    let (cz, sz) = (xzy[1].cos(), xzy[1].sin());
    r[0] = cz * cy;
    r[1] = cz * sy * sx - sz * cx;
    r[2] = cz * sy * cx + sz * sx;
    r[3] = sz * cy;
    r[4] = sz * sy * sx + cz * cx;
    r[5] = sz * sy * cx - cz * sx;
    r[6] = -sy;
    r[7] = cy * sx;
    r[8] = cy * cx;
}

/// The residuals, `3 * npts` of them: `points[i] - p_i` where `p_i` is the
/// vertex `correspondences[i]` of the posed hand or, when `us` is not
/// empty, the point at barycentric coordinates `(u0, u1, 1 - u0 - u1)` of
/// the triangle `correspondences[i]`.
#[autodiff(forward, objective_fwd, Dual, Dual, Const, Const, Const, Dual)]
#[autodiff(forward, objective_columns, 28, Dualv, Dualv, Const, Const, Const, Dualv)]
#[autodiff(forward, objective_theta_columns, 26, Dualv, Const, Const, Const, Const, Dualv)]
pub fn objective(theta: &[f64], us: &[f64], model: &Model, correspondences: &[usize], points: &[f64], err: &mut [f64]) {
    let nb = model.n_bones;
    let nv = model.n_vertices;

    // Pose parameters, a 3 x (nb + 3) matrix, column-major: column 0 the
    // global rotation, 1 the global scale (one), 2 the global translation,
    // 3 + b the Euler angles of bone b. Each finger (bones 1 + 4f .. 4 + 4f)
    // bends at its last three joints, the first of them in two directions.
    let mut pose = vec![0.0; 3 * (nb + 3)];
    for i in 0..3 {
        pose[i] = theta[i];
        pose[3 + i] = 1.0;
        pose[6 + i] = theta[3 + i];
    }
    for f in 0..5 {
        let col = 5 + 4 * f;
        pose[3 * col] = theta[6 + 4 * f];
        pose[3 * col + 1] = theta[7 + 4 * f];
        pose[3 * (col + 1)] = theta[8 + 4 * f];
        pose[3 * (col + 2)] = theta[9 + 4 * f];
    }

    // Absolute transform of each bone: its parent's times its posed
    // relative transform, the base relative transform times the rotation.
    let mut absolutes = vec![0.0; 16 * nb];
    for b in 0..nb {
        let mut rot = [0.0; 9];
        euler_angles_to_rotation_matrix(&pose[3 * (b + 3)..3 * (b + 3) + 3], &mut rot);
        let mut rel = [0.0; 16];
        for i in 0..4 {
            for j in 0..3 {
                let mut s = 0.0;
                for k in 0..3 {
                    s += model.base_relatives[16 * b + 4 * i + k] * rot[3 * k + j];
                }
                rel[4 * i + j] = s;
            }
            rel[4 * i + 3] = model.base_relatives[16 * b + 4 * i + 3];
        }
        let parent = model.parents[b];
        if parent < 0 {
            for k in 0..16 {
                absolutes[16 * b + k] = rel[k];
            }
        } else {
            let p = parent as usize;
            for i in 0..4 {
                for j in 0..4 {
                    let mut s = 0.0;
                    for k in 0..4 {
                        s += absolutes[16 * p + 4 * i + k] * rel[4 * k + j];
                    }
                    absolutes[16 * b + 4 * i + j] = s;
                }
            }
        }
    }

    // Bone transforms: absolute times inverse rest, top three rows.
    let mut transforms = vec![0.0; 12 * nb];
    for b in 0..nb {
        for i in 0..3 {
            for j in 0..4 {
                let mut s = 0.0;
                for k in 0..4 {
                    s += absolutes[16 * b + 4 * i + k] * model.inverse_base_absolutes[16 * b + 4 * k + j];
                }
                transforms[12 * b + 4 * i + j] = s;
            }
        }
    }

    // Global transform: rotation with columns scaled by the global scale,
    // then translation.
    let mut rg = [0.0; 9];
    angle_axis_to_rotation_matrix(&pose[0..3], &mut rg);
    for i in 0..3 {
        for j in 0..3 {
            rg[3 * i + j] *= pose[3 + j];
        }
    }

    // Skinning: every vertex is the weighted sum over the bones of its rest
    // position moved by the bone's transform; then mirrored if the model
    // is, and moved by the global transform.
    let mut positions = vec![0.0; 3 * nv];
    for v in 0..nv {
        let (q0, q1, q2, q3) = (
            model.base_positions[4 * v],
            model.base_positions[4 * v + 1],
            model.base_positions[4 * v + 2],
            model.base_positions[4 * v + 3],
        );
        let mut x = 0.0;
        let mut y = 0.0;
        let mut z = 0.0;
        for b in 0..nb {
            let w = model.weights[nb * v + b];
            let t = 12 * b;
            x += (transforms[t] * q0 + transforms[t + 1] * q1 + transforms[t + 2] * q2 + transforms[t + 3] * q3) * w;
            y +=
                (transforms[t + 4] * q0 + transforms[t + 5] * q1 + transforms[t + 6] * q2 + transforms[t + 7] * q3) * w;
            z += (transforms[t + 8] * q0 + transforms[t + 9] * q1 + transforms[t + 10] * q2 + transforms[t + 11] * q3)
                * w;
        }
        if model.is_mirrored {
            x = -x;
        }
        for i in 0..3 {
            positions[3 * v + i] = rg[3 * i] * x + rg[3 * i + 1] * y + rg[3 * i + 2] * z + pose[6 + i];
        }
    }

    // Residuals.
    let npts = correspondences.len();
    if us.is_empty() {
        for i in 0..npts {
            let v = correspondences[i];
            for j in 0..3 {
                err[3 * i + j] = points[3 * i + j] - positions[3 * v + j];
            }
        }
    } else {
        for i in 0..npts {
            let tri = correspondences[i];
            let (v0, v1, v2) = (model.triangles[3 * tri], model.triangles[3 * tri + 1], model.triangles[3 * tri + 2]);
            let (u0, u1) = (us[2 * i], us[2 * i + 1]);
            for j in 0..3 {
                let hand_point =
                    u0 * positions[3 * v0 + j] + u1 * positions[3 * v1 + j] + (1.0 - u0 - u1) * positions[3 * v2 + j];
                err[3 * i + j] = points[3 * i + j] - hand_point;
            }
        }
    }
}

/// A problem: parameters and data.
#[derive(Clone, Debug)]
pub struct Problem {
    pub theta: Vec<f64>,
    /// `2 * npts` barycentric coordinates, or empty.
    pub us: Vec<f64>,
    pub model: Model,
    pub correspondences: Vec<usize>,
    /// `3 * npts` observed coordinates.
    pub points: Vec<f64>,
}

impl Problem {
    pub fn npts(&self) -> usize {
        self.correspondences.len()
    }

    pub fn complicated(&self) -> bool {
        !self.us.is_empty()
    }

    /// Columns of the Jacobian: two for `us` (complicated only), then `theta`.
    pub fn jacobian_cols(&self) -> usize {
        if self.complicated() {
            2 + self.theta.len()
        } else {
            self.theta.len()
        }
    }

    pub fn objective(&self, err: &mut [f64]) {
        objective(&self.theta, &self.us, &self.model, &self.correspondences, &self.points, err);
    }

    /// The lengths of the seeds `jacobian` takes: every column's tangent of
    /// `theta`, then of `us`.
    pub fn seed_lens(&self) -> (usize, usize) {
        let cols = self.jacobian_cols();
        (cols * self.theta.len(), cols * self.us.len())
    }

    /// The Jacobian, column-major (`3 npts` rows), every column in one
    /// batched forward sweep (parad's tangent of the whole objective, one
    /// lane per column): column `c`'s seed is a unit vector of `theta`, or
    /// ones on all the `u0` (or `u1`). `ttheta` and `tus` (`seed_lens`
    /// long) are scratch seeds, zero on entry and on return; `err` is
    /// scratch for the primal.
    pub fn jacobian(&self, jac: &mut [f64], ttheta: &mut [f64], tus: &mut [f64], err: &mut [f64]) {
        self.seeds(ttheta, tus, 1.0);
        if self.complicated() {
            objective_columns(
                &self.theta,
                ttheta,
                &self.us,
                tus,
                &self.model,
                &self.correspondences,
                &self.points,
                err,
                jac,
            );
        } else {
            objective_theta_columns(
                &self.theta,
                ttheta,
                &self.us,
                &self.model,
                &self.correspondences,
                &self.points,
                err,
                jac,
            );
        }
        self.seeds(ttheta, tus, 0.0);
    }

    /// Writes `value` where the seeds of the Jacobian's columns are one.
    fn seeds(&self, ttheta: &mut [f64], tus: &mut [f64], value: f64) {
        let (nt, nu) = (self.theta.len(), self.us.len());
        let offset = if self.complicated() { 2 } else { 0 };
        for c in 0..offset {
            for i in 0..self.npts() {
                tus[c * nu + 2 * i + c] = value;
            }
        }
        for k in 0..nt {
            ttheta[(offset + k) * nt + k] = value;
        }
    }

    pub fn from_json(input: &Value) -> Result<Problem, String> {
        let theta = vec_of(input, "theta")?;
        let us = flat_rows(field(input, "us")?, 2, "us")?;
        let data = field(input, "data")?;
        let correspondences = indices(field(data, "correspondences")?, "correspondences")?;
        let points = flat_rows(field(data, "points")?, 3, "points")?;
        let m = field(data, "model")?;
        let parents: Vec<i64> = field(m, "parents")?
            .as_array()
            .and_then(|a| a.iter().map(Value::as_i64).collect())
            .ok_or("`parents` is not an array of integers")?;
        let n_bones = parents.len();
        let base_relatives = matrices4(field(m, "base_relatives")?, "base_relatives")?;
        let inverse_base_absolutes = matrices4(field(m, "inverse_base_absolutes")?, "inverse_base_absolutes")?;
        let base_positions = flat_rows(field(m, "base_positions")?, 4, "base_positions")?;
        let n_vertices = base_positions.len() / 4;
        let weights = flat_rows(field(m, "weights")?, n_bones, "weights")?;
        let triangles = flat_indices(field(m, "triangles")?, 3, "triangles")?;
        let is_mirrored = field(m, "is_mirrored")?.as_bool().ok_or("`is_mirrored` is not a boolean")?;

        if theta.len() != 26 {
            return Err(format!("`theta` has {} entries, expected 26", theta.len()));
        }
        if base_relatives.len() != 16 * n_bones || inverse_base_absolutes.len() != 16 * n_bones {
            return Err(format!("the model has {n_bones} parents but not as many transforms"));
        }
        if n_bones < 21 {
            return Err(format!("the model has {n_bones} bones, fewer than the 21 the pose parameters address"));
        }
        if weights.len() != n_bones * n_vertices {
            return Err(format!("`weights` must have a row per vertex ({n_vertices})"));
        }
        for (b, &p) in parents.iter().enumerate() {
            if p >= b as i64 {
                return Err(format!("bone {b} has parent {p}: parents must precede their children"));
            }
        }
        let npts = correspondences.len();
        if points.len() != 3 * npts || !(us.is_empty() || us.len() == 2 * npts) {
            return Err(format!("{npts} correspondences but {} points and {} us", points.len() / 3, us.len() / 2));
        }
        let n_triangles = triangles.len() / 3;
        let limit = if us.is_empty() { n_vertices } else { n_triangles };
        if let Some(&bad) = correspondences.iter().find(|&&c| c >= limit) {
            return Err(format!("correspondence {bad} is out of range ({limit})"));
        }
        if triangles.iter().any(|&v| v >= n_vertices) {
            return Err("a triangle has a vertex out of range".into());
        }
        let model = Model {
            n_bones,
            n_vertices,
            parents,
            base_relatives,
            inverse_base_absolutes,
            base_positions,
            weights,
            triangles,
            is_mirrored,
        };
        Ok(Problem { theta, us, model, correspondences, points })
    }
}

/// An array of rows of `width` numbers, flattened.
fn flat_rows(v: &Value, width: usize, name: &str) -> Result<Vec<f64>, String> {
    let rows = v.as_array().ok_or_else(|| format!("`{name}` is not an array"))?;
    let mut out = Vec::with_capacity(rows.len() * width);
    for r in rows {
        let r = numbers(r)
            .filter(|r| r.len() == width)
            .ok_or_else(|| format!("`{name}` must hold rows of {width} numbers"))?;
        out.extend(r);
    }
    Ok(out)
}

fn indices(v: &Value, name: &str) -> Result<Vec<usize>, String> {
    v.as_array()
        .and_then(|a| a.iter().map(|x| x.as_u64().map(|i| i as usize)).collect())
        .ok_or_else(|| format!("`{name}` is not an array of indices"))
}

fn flat_indices(v: &Value, width: usize, name: &str) -> Result<Vec<usize>, String> {
    let rows = v.as_array().ok_or_else(|| format!("`{name}` is not an array"))?;
    let mut out = Vec::with_capacity(rows.len() * width);
    for r in rows {
        let r = indices(r, name)?;
        if r.len() != width {
            return Err(format!("`{name}` must hold rows of {width} indices"));
        }
        out.extend(r);
    }
    Ok(out)
}

/// An array of 4x4 matrices (arrays of rows), flattened row-major.
fn matrices4(v: &Value, name: &str) -> Result<Vec<f64>, String> {
    let ms = v.as_array().ok_or_else(|| format!("`{name}` is not an array"))?;
    let mut out = Vec::with_capacity(16 * ms.len());
    for m in ms {
        out.extend(flat_rows(m, 4, name)?);
        if out.len() % 16 != 0 {
            return Err(format!("`{name}` must hold 4x4 matrices"));
        }
    }
    Ok(out)
}

/// A column-major matrix as the eval's array of rows.
fn rows_of_column_major(data: &[f64], nrows: usize, ncols: usize) -> Value {
    Value::Array(
        (0..nrows).map(|i| Value::from((0..ncols).map(|j| data[j * nrows + i]).collect::<Vec<f64>>())).collect(),
    )
}

pub fn prepare(function: &str, input: &Value) -> Result<Box<dyn Job>, String> {
    let pb = Problem::from_json(input)?;
    let nrows = 3 * pb.npts();
    match function {
        "objective" => Ok(job((pb, vec![0.0; nrows]), |s| s.0.objective(&mut s.1), |s| Value::from(s.1.clone()))),
        "jacobian" => {
            let ncols = pb.jacobian_cols();
            let (nt, nu) = pb.seed_lens();
            Ok(job(
                (pb, vec![0.0; nrows * ncols], vec![0.0; nt], vec![0.0; nu], vec![0.0; nrows]),
                |s| s.0.jacobian(&mut s.1, &mut s.2, &mut s.3, &mut s.4),
                move |s| rows_of_column_major(&s.1, nrows, ncols),
            ))
        }
        _ => Err(unknown_function("ht", function)),
    }
}
