//! `kmeans`: the cost against a brute-force minimum, its generated gradient
//! for the centroids against finite differences and against the cluster
//! sums, the Hessian (forward over reverse) against the closed form and
//! finite differences of the gradient, and the JSON the eval gets back.

use parad::check::{gradient, random_vec};
use parad_gradbench::evals::kmeans::{
    assign_points, assigned_cost, d_assigned_cost, d_kmeans_cost, kmeans_cost, kmeans_jacobian, t_kmeans_jacobian,
};
use parad_gradbench::evals::prepare;
use serde_json::{json, Value};

fn dist2(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| (x - y) * (x - y)).sum()
}

fn cost_by_definition(points: &[f64], centroids: &[f64], d: usize) -> f64 {
    points.chunks(d).map(|p| centroids.chunks(d).map(|c| dist2(p, c)).fold(f64::INFINITY, f64::min)).sum()
}

fn assert_rel(what: &str, got: f64, want: f64, tol: f64) {
    assert!((got - want).abs() <= tol * want.abs().max(1.0), "{what}: got {got}, want {want}");
}

#[test]
fn cost_matches_brute_force() {
    for (n, k, d, seed) in [(1, 1, 1, 1), (10, 3, 2, 2), (50, 7, 5, 3), (200, 20, 8, 4)] {
        let points = random_vec(n * d, 0.0, 1.0, seed);
        let centroids = random_vec(k * d, 0.0, 1.0, seed + 100);
        let want = cost_by_definition(&points, &centroids, d);
        assert_rel(&format!("n={n} k={k} d={d}"), kmeans_cost(&points, &centroids, d), want, 1e-13);
    }
}

#[test]
fn gradient_against_finite_differences() {
    for (n, k, d, seed) in [(5, 1, 3, 11), (20, 4, 2, 12), (40, 6, 5, 13)] {
        let points = random_vec(n * d, 0.0, 1.0, seed);
        let centroids = random_vec(k * d, 0.0, 1.0, seed + 100);
        gradient(|c, dc| d_kmeans_cost(&points, c, dc, d, 1.0), &centroids, 1e-7);
    }
}

#[test]
fn gradient_is_twice_the_offset_from_each_cluster() {
    // dF/dC_j = 2 sum_{i in cluster j} (C_j - P_i) = 2 (size_j C_j - sum_j).
    let (n, k, d) = (60, 5, 3);
    let points = random_vec(n * d, -1.0, 1.0, 21);
    let centroids = random_vec(k * d, -1.0, 1.0, 22);
    let mut size = vec![0.0; k];
    let mut sum = vec![0.0; k * d];
    for p in points.chunks(d) {
        let to = |j: usize| dist2(p, &centroids[j * d..(j + 1) * d]);
        let j = (0..k).min_by(|&a, &b| to(a).total_cmp(&to(b))).unwrap();
        size[j] += 1.0;
        for l in 0..d {
            sum[j * d + l] += p[l];
        }
    }
    assert!(size.iter().filter(|&&s| s > 0.0).count() >= 2, "a test with one cluster would prove little");
    let mut g = vec![0.0; k * d];
    let v = d_kmeans_cost(&points, &centroids, &mut g, d, 1.0);
    assert_rel("value", v, kmeans_cost(&points, &centroids, d), 1e-15);
    for j in 0..k {
        for l in 0..d {
            let want = 2.0 * (size[j] * centroids[j * d + l] - sum[j * d + l]);
            assert_rel(&format!("g[{j}][{l}]"), g[j * d + l], want, 1e-12);
        }
    }
}

fn rows(data: &[f64], d: usize) -> Value {
    Value::Array(data.chunks(d).map(|r| json!(r)).collect())
}

#[test]
fn eval_outputs() {
    let (n, k, d) = (30, 4, 3);
    let points = random_vec(n * d, 0.0, 1.0, 31);
    // As the eval does: the last k points are the centroids.
    let centroids = points[(n - k) * d..].to_vec();
    let input =
        json!({ "points": rows(&points, d), "centroids": rows(&centroids, d), "min_runs": 1, "min_seconds": 0 });
    let mut job = prepare("kmeans", "cost", &input).expect("prepared");
    job.run();
    let c = job.output().as_f64().expect("a number");
    assert_rel("cost", c, cost_by_definition(&points, &centroids, d), 1e-13);
    assert!(c > 0.0);
    let mut job = prepare("kmeans", "dir", &input).expect("prepared");
    job.run();
    let out = job.output();
    // J / diag H = 2 (size C - sum) / (2 size): each centroid minus the mean of its cluster.
    let (size, sum) = clusters(&points, &centroids, d);
    let rows = out.as_array().expect("rows");
    assert_eq!(rows.len(), k);
    for (j, row) in rows.iter().enumerate() {
        let row = row.as_array().expect("a row");
        assert_eq!(row.len(), d);
        for l in 0..d {
            let want = centroids[j * d + l] - sum[j * d + l] / size[j];
            assert_rel(&format!("dir[{j}][{l}]"), row[l].as_f64().unwrap(), want, 1e-12);
        }
    }
    job.run();
    assert_eq!(job.output(), out, "a second run gives the same");
    assert!(prepare("kmeans", "gradient", &input).err().unwrap().contains("gradient"));
    let bad = json!({ "points": [[1.0, 2.0]], "centroids": [[1.0]] });
    assert!(prepare("kmeans", "cost", &bad).is_err());
}

/// The size and coordinate sums of each cluster (points assigned to their nearest centroid).
fn clusters(points: &[f64], centroids: &[f64], d: usize) -> (Vec<f64>, Vec<f64>) {
    let k = centroids.len() / d;
    let mut size = vec![0.0; k];
    let mut sum = vec![0.0; k * d];
    for p in points.chunks(d) {
        let to = |j: usize| dist2(p, &centroids[j * d..(j + 1) * d]);
        let j = (0..k).min_by(|&a, &b| to(a).total_cmp(&to(b))).unwrap();
        size[j] += 1.0;
        for l in 0..d {
            sum[j * d + l] += p[l];
        }
    }
    (size, sum)
}

#[test]
fn assigned_cost_is_the_cost_at_the_nearest_assignment() {
    let (n, k, d) = (80, 6, 4);
    let points = random_vec(n * d, 0.0, 1.0, 41);
    let centroids = random_vec(k * d, 0.0, 1.0, 42);
    let mut assign = vec![0; n];
    assign_points(&points, &centroids, d, &mut assign);
    assert_rel("cost", assigned_cost(&points, &centroids, &assign, d), kmeans_cost(&points, &centroids, d), 1e-15);
    let mut g1 = vec![0.0; k * d];
    let mut g2 = vec![0.0; k * d];
    d_kmeans_cost(&points, &centroids, &mut g1, d, 1.0);
    d_assigned_cost(&points, &centroids, &mut g2, &assign, d, 1.0);
    for i in 0..k * d {
        assert_rel(&format!("g[{i}]"), g2[i], g1[i], 1e-14);
    }
}

/// Forward over reverse: the tangent of the gradient is a Hessian-vector
/// product; in the direction of all ones it is the diagonal `2 size_j`.
#[test]
fn hessian_by_forward_over_reverse() {
    let (n, k, d) = (60, 5, 3);
    let points = random_vec(n * d, -1.0, 1.0, 51);
    let centroids = random_vec(k * d, -1.0, 1.0, 52);
    let mut assign = vec![0; n];
    assign_points(&points, &centroids, d, &mut assign);
    let (size, sum) = clusters(&points, &centroids, d);
    assert!(size.iter().filter(|&&s| s > 0.0).count() >= 2);
    let mut j = vec![f64::NAN; k * d];
    let mut h = vec![f64::NAN; k * d];
    t_kmeans_jacobian(&points, &centroids, &vec![1.0; k * d], &assign, &mut j, &mut h, d);
    for c in 0..k {
        for l in 0..d {
            assert_rel(
                &format!("J[{c}][{l}]"),
                j[c * d + l],
                2.0 * (size[c] * centroids[c * d + l] - sum[c * d + l]),
                1e-12,
            );
            assert_eq!(h[c * d + l], 2.0 * size[c], "H[{c}][{l}]");
        }
    }
    // A random direction, against central differences of the gradient.
    let v = random_vec(k * d, -1.0, 1.0, 53);
    let mut hv = vec![0.0; k * d];
    t_kmeans_jacobian(&points, &centroids, &v, &assign, &mut j, &mut hv, d);
    let eps = 1e-3;
    let shifted = |s: f64| {
        let c: Vec<f64> = centroids.iter().zip(&v).map(|(c, v)| c + s * v).collect();
        let mut g = vec![0.0; k * d];
        kmeans_jacobian(&points, &c, &assign, &mut g, d);
        g
    };
    let (gp, gm) = (shifted(eps), shifted(-eps));
    for i in 0..k * d {
        assert_rel(&format!("Hv[{i}]"), hv[i], (gp[i] - gm[i]) / (2.0 * eps), 1e-9);
        assert_rel(&format!("Hv[{i}] closed form"), hv[i], 2.0 * size[i / d] * v[i], 1e-14);
    }
}
