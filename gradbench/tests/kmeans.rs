//! `kmeans`: the cost against a brute-force minimum, its generated gradient
//! for the centroids against finite differences and against the cluster
//! sums, and the JSON the eval gets back (`dir` is refused: it needs a
//! Hessian, which needs nested differentiation).

use parad::check::{gradient, random_vec};
use parad_gradbench::evals::kmeans::{d_kmeans_cost, kmeans_cost};
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
    let input = json!({ "points": rows(&points, d), "centroids": rows(&centroids, d), "min_runs": 1, "min_seconds": 0 });
    let mut job = prepare("kmeans", "cost", &input).expect("prepared");
    job.run();
    let c = job.output().as_f64().expect("a number");
    assert_rel("cost", c, cost_by_definition(&points, &centroids, d), 1e-13);
    assert!(c > 0.0);
    let dir = prepare("kmeans", "dir", &input).err().expect("dir is refused");
    assert!(dir.contains("Hessian"), "{dir}");
    assert!(prepare("kmeans", "gradient", &input).err().unwrap().contains("gradient"));
    let bad = json!({ "points": [[1.0, 2.0]], "centroids": [[1.0]] });
    assert!(prepare("kmeans", "cost", &bad).is_err());
}
