//! `kmeans`: the k-means cost `f(P, C) = sum_i min_j |C_j - P_i|^2` and the
//! Newton direction `J H^-1` for the centroids.
//!
//! `cost` is [`kmeans_cost`]. `dir` needs `J` and the diagonal of the
//! Hessian `H`, which is all of it (`H` is diagonal): forward over reverse.
//! The gradient is the reverse derivative [`d_assigned_cost`], called by
//! [`kmeans_jacobian`], whose forward derivative [`t_kmeans_jacobian`] in
//! the direction of all ones gives `J` and `H 1 = diag H` in one pass.
//!
//! The minimum's derivative is that of the chosen branch, so `dir` first
//! assigns each point to its nearest centroid (plain code, no derivative)
//! and differentiates the cost of that assignment, [`assigned_cost`]. It
//! cannot differentiate [`d_kmeans_cost`] again: that derivative keeps the
//! chosen index of each point on a tape (`Vec::new()` then `resize`, which
//! parad's lowering does not handle), and its call of `nearest` loses its
//! `no_grad` marks in the generated text, so parad emits no companions for
//! it. With the assignment an input (`&[usize]`, constant), the adjoint
//! reads it again and needs no tape.

use super::{job, unknown_function, Job};
use crate::json::{matrix_of, rows_json};
use parad::autodiff;
use serde_json::Value;

pub const READY: bool = true;

/// The cost of assigning each of the `n` points (rows of `points`, `d`
/// columns) to its closest centroid (rows of `centroids`).
///
/// The closest centroid is chosen without derivatives (the minimum's
/// derivative is that of the chosen branch), then its distance is computed
/// once more as the differentiated term: the derivative then records one
/// index per point, not every distance compared.
#[autodiff(reverse, d_kmeans_cost, Const, Duplicated, Const, Active)]
pub fn kmeans_cost(points: &[f64], centroids: &[f64], d: usize) -> f64 {
    let n = points.len() / d;
    let mut cost = 0.0;
    for i in 0..n {
        let p = &points[i * d..(i + 1) * d];
        let best = nearest(parad::no_grad(points), i, parad::no_grad(centroids), d);
        let c = &centroids[best * d..(best + 1) * d];
        for l in 0..d {
            let t = p[l] - c[l];
            cost += t * t;
        }
    }
    cost
}

/// The cost of a given assignment of points to centroids: point `i`
/// belongs to centroid `assign[i]`. Equals [`kmeans_cost`] when each point
/// is assigned to its nearest centroid.
#[autodiff(reverse, d_assigned_cost, Const, Duplicated, Const, Const, Active)]
pub fn assigned_cost(points: &[f64], centroids: &[f64], assign: &[usize], d: usize) -> f64 {
    let n = points.len() / d;
    let mut cost = 0.0;
    for i in 0..n {
        let b = assign[i];
        for l in 0..d {
            let t = points[i * d + l] - centroids[b * d + l];
            cost += t * t;
        }
    }
    cost
}

/// The gradient `J` of [`assigned_cost`] for the centroids, into `j`, by
/// its reverse derivative; differentiated again by forward mode
/// ([`t_kmeans_jacobian`]): with the centroids' tangent `v` the tangent of
/// `j` is `H v`.
#[autodiff(forward, t_kmeans_jacobian, Const, Dual, Const, Dual, Const)]
pub fn kmeans_jacobian(points: &[f64], centroids: &[f64], assign: &[usize], j: &mut [f64], d: usize) {
    for v in j.iter_mut() {
        *v = 0.0;
    }
    // Bound to a typed name: a float result dropped by a call statement
    // does not compile in the reverse companion (parad gap).
    let _cost: f64 = d_assigned_cost(points, centroids, j, assign, d, 1.0);
}

/// Each point's nearest centroid (the first of equals), as [`kmeans_cost`] chooses it.
pub fn assign_points(points: &[f64], centroids: &[f64], d: usize, assign: &mut [usize]) {
    for (i, a) in assign.iter_mut().enumerate() {
        *a = nearest(points, i, centroids, d);
    }
}

/// `dir = J / diag H`, elementwise, into `dir`; `j` and `h` are work space
/// (they receive `J` and `diag H`), `ones` is the all-ones direction.
#[allow(clippy::too_many_arguments)]
pub fn kmeans_dir(
    points: &[f64],
    centroids: &[f64],
    d: usize,
    assign: &mut [usize],
    ones: &[f64],
    j: &mut [f64],
    h: &mut [f64],
    dir: &mut [f64],
) {
    assign_points(points, centroids, d, assign);
    t_kmeans_jacobian(points, centroids, ones, assign, j, h, d);
    for ((o, a), b) in dir.iter_mut().zip(j.iter()).zip(h.iter()) {
        *o = a / b;
    }
}

/// The index of the centroid closest to point `i` (the first of equals);
/// not differentiable, and only called on constant (`no_grad`) arguments.
fn nearest(points: &[f64], i: usize, centroids: &[f64], d: usize) -> usize {
    let p = &points[i * d..(i + 1) * d];
    let mut best = 0;
    let mut closest = f64::INFINITY;
    for (j, c) in centroids.chunks_exact(d).enumerate() {
        let mut dist = 0.0;
        for l in 0..d {
            let t = p[l] - c[l];
            dist += t * t;
        }
        if dist < closest {
            closest = dist;
            best = j;
        }
    }
    best
}

/// Points and centroids, row-major, and the dimension.
struct Data {
    points: Vec<f64>,
    centroids: Vec<f64>,
    d: usize,
}

/// Buffers of `dir`, allocated once outside the timed runs.
struct DirWork {
    assign: Vec<usize>,
    ones: Vec<f64>,
    j: Vec<f64>,
    h: Vec<f64>,
    dir: Vec<f64>,
}

fn parse(input: &Value) -> Result<Data, String> {
    let (points, _, d) = matrix_of(input, "points")?;
    let (centroids, _, dc) = matrix_of(input, "centroids")?;
    if dc != d {
        return Err(format!("centroids have {dc} coordinates, points have {d}"));
    }
    if d == 0 {
        return Err("points have no coordinates".into());
    }
    Ok(Data { points, centroids, d })
}

pub fn prepare(function: &str, input: &Value) -> Result<Box<dyn Job>, String> {
    match function {
        "cost" => {
            let data = parse(input)?;
            Ok(job((data, 0.0), |s| s.1 = kmeans_cost(&s.0.points, &s.0.centroids, s.0.d), |s| Value::from(s.1)))
        }
        "dir" => {
            let data = parse(input)?;
            let n = data.points.len() / data.d;
            let kd = data.centroids.len();
            let work = DirWork {
                assign: vec![0; n],
                ones: vec![1.0; kd],
                j: vec![0.0; kd],
                h: vec![0.0; kd],
                dir: vec![0.0; kd],
            };
            Ok(job(
                (data, work),
                |(data, w)| {
                    kmeans_dir(
                        &data.points,
                        &data.centroids,
                        data.d,
                        &mut w.assign,
                        &w.ones,
                        &mut w.j,
                        &mut w.h,
                        &mut w.dir,
                    )
                },
                |(data, w)| rows_json(&w.dir, data.d),
            ))
        }
        _ => Err(unknown_function("kmeans", function)),
    }
}
