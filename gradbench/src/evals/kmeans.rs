//! `kmeans`: the k-means cost `f(P, C) = sum_i min_j |C_j - P_i|^2` and the
//! Newton direction `J H^-1` for the centroids.
//!
//! `cost` is implemented. `dir` needs the diagonal of the Hessian, a second
//! derivative: the gradient `J` is generated below ([`d_kmeans_cost`]), but
//! differentiating it again (forward over reverse) is nested
//! differentiation, which parad does not support yet, so `dir` answers with
//! an error.

use super::{job, unknown_function, Job};
use crate::json::matrix_of;
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
        "dir" => Err("kmeans `dir` needs the diagonal of the Hessian of the cost, a second derivative; \
                      parad does not yet differentiate a generated derivative (forward over reverse)"
            .into()),
        _ => Err(unknown_function("kmeans", function)),
    }
}
