//! `gmm`: the objective against a direct computation of the definition
//! (densities, determinants, the Wishart density), its generated gradient
//! against finite differences, and the JSON the eval gets back.

// The definition is written as the formulas are: index loops.
#![allow(clippy::needless_range_loop)]

use parad::check::{gradient, random_vec};
use parad_gradbench::evals::gmm::{d_gmm_objective, gmm_objective, ln_gamma};
use parad_gradbench::evals::prepare;
use serde_json::{json, Value};
use std::f64::consts::PI;

/// A random instance: (alpha, mu, q, l, x) for `d`, `k`, `n`.
struct Instance {
    d: usize,
    k: usize,
    n: usize,
    alpha: Vec<f64>,
    mu: Vec<f64>,
    q: Vec<f64>,
    l: Vec<f64>,
    x: Vec<f64>,
}

fn instance(d: usize, k: usize, n: usize, seed: u64) -> Instance {
    let lsz = d * (d - 1) / 2;
    Instance {
        d,
        k,
        n,
        alpha: random_vec(k, -1.0, 1.0, seed),
        mu: random_vec(k * d, 0.0, 1.0, seed + 1),
        q: random_vec(k * d, -0.5, 0.5, seed + 2),
        l: random_vec(k * lsz, -0.5, 0.5, seed + 3),
        x: random_vec(n * d, -1.0, 1.5, seed + 4),
    }
}

/// `Gamma(a)` for `a` a positive multiple of one half, by its recurrence.
fn gamma_half(a: f64) -> f64 {
    if a == 0.5 {
        PI.sqrt()
    } else if a == 1.0 {
        1.0
    } else {
        (a - 1.0) * gamma_half(a - 1.0)
    }
}

/// The determinant by Gaussian elimination with partial pivoting.
fn det(mut a: Vec<Vec<f64>>) -> f64 {
    let n = a.len();
    let mut det = 1.0;
    for c in 0..n {
        let p = (c..n).max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs())).unwrap();
        if p != c {
            a.swap(p, c);
            det = -det;
        }
        det *= a[c][c];
        for r in c + 1..n {
            let f = a[r][c] / a[c][c];
            for j in c..n {
                a[r][j] -= f * a[c][j];
            }
        }
    }
    det
}

/// `log(p(X | theta, phi) p(theta))` computed as the definition reads:
/// precision matrices `Q^T Q`, Gaussian densities, the Wishart density.
fn log_posterior_by_definition(g: &Instance, m: usize, gamma: f64) -> f64 {
    let (d, k) = (g.d, g.k);
    let lsz = d * (d - 1) / 2;
    let z: f64 = g.alpha.iter().map(|a| a.exp()).sum();
    let mut precision = Vec::new();
    for c in 0..k {
        let mut qm = vec![vec![0.0; d]; d];
        let mut ii = 0;
        for j in 0..d {
            qm[j][j] = g.q[c * d + j].exp();
            for i in j + 1..d {
                qm[i][j] = g.l[c * lsz + ii];
                ii += 1;
            }
        }
        let s: Vec<Vec<f64>> =
            (0..d).map(|a| (0..d).map(|b| (0..d).map(|r| qm[r][a] * qm[r][b]).sum()).collect()).collect();
        precision.push(s);
    }
    let mut likelihood = 1.0;
    for i in 0..g.n {
        let xi = &g.x[i * d..(i + 1) * d];
        let mut f = 0.0;
        for c in 0..k {
            let s = &precision[c];
            let y: Vec<f64> = (0..d).map(|j| xi[j] - g.mu[c * d + j]).collect();
            let quad: f64 = (0..d).map(|a| (0..d).map(|b| y[a] * s[a][b] * y[b]).sum::<f64>()).sum();
            let pdf = (-0.5 * quad).exp() / ((2.0 * PI).powi(d as i32) / det(s.clone())).sqrt();
            f += g.alpha[c].exp() / z * pdf;
        }
        likelihood *= f;
    }
    let dof = (d + m + 1) as f64;
    let multigamma = PI.powf(0.25 * (d * (d - 1)) as f64)
        * (1..=d).map(|j| gamma_half(0.5 * dof + 0.5 * (1.0 - j as f64))).product::<f64>();
    let det_v = gamma.powi(-2 * d as i32);
    let mut prior = 1.0;
    for s in &precision {
        let trace: f64 = (0..d).map(|j| gamma * gamma * s[j][j]).sum();
        prior *= det(s.clone()).powf((dof - d as f64 - 1.0) / 2.0) * (-0.5 * trace).exp()
            / (2f64.powf(dof * d as f64 / 2.0) * det_v.powf(dof / 2.0) * multigamma);
    }
    (likelihood * prior).ln()
}

fn objective(g: &Instance, m: usize, gamma: f64) -> f64 {
    gmm_objective(&g.alpha, &g.mu, &g.q, &g.l, &g.x, g.d, gamma, m)
}

fn assert_rel(what: &str, got: f64, want: f64, tol: f64) {
    assert!((got - want).abs() <= tol * want.abs().max(1.0), "{what}: got {got}, want {want}");
}

#[test]
fn ln_gamma_at_half_integers_and_beyond() {
    for a in [0.5, 1.0, 1.5, 2.0, 3.5, 7.0, 9.5, 10.0, 12.5, 33.0, 40.5] {
        assert_rel(&format!("ln Gamma({a})"), ln_gamma(a), gamma_half(a).ln(), 5e-14);
    }
    assert_rel("ln Gamma(0.3)", ln_gamma(0.3), 1.0957979948180752, 5e-14);
}

/// (d, k, n, m, gamma, seed): d = 1 has no `l`, d = 3 and 5 fill it over
/// several columns, d = 10 over nine.
const CASES: [(usize, usize, usize, usize, f64, u64); 6] = [
    (1, 1, 1, 0, 1.0, 1),
    (1, 3, 5, 2, 0.7, 2),
    (2, 2, 4, 0, 1.0, 3),
    (3, 4, 6, 1, 1.3, 4),
    (5, 3, 7, 3, 0.9, 5),
    (10, 2, 3, 1, 1.1, 6),
];

#[test]
fn objective_matches_definition() {
    for (d, k, n, m, gamma, seed) in CASES {
        let g = instance(d, k, n, seed * 10);
        let want = log_posterior_by_definition(&g, m, gamma);
        assert_rel(&format!("d={d} k={k} n={n} m={m}"), objective(&g, m, gamma), want, 1e-11);
    }
}

/// The gradient over the parameters packed as `[alpha | mu | q | l]`.
fn check_gradient(g: &Instance, m: usize, gamma: f64, tol: f64) {
    let (k, kd) = (g.k, g.k * g.d);
    let packed = [&g.alpha[..], &g.mu, &g.q, &g.l].concat();
    gradient(
        |p, dp| {
            let (da, rest) = dp.split_at_mut(k);
            let (dmu, rest) = rest.split_at_mut(kd);
            let (dq, dl) = rest.split_at_mut(kd);
            let (a, mu, q, l) = (&p[..k], &p[k..k + kd], &p[k + kd..k + 2 * kd], &p[k + 2 * kd..]);
            d_gmm_objective(a, da, mu, dmu, q, dq, l, dl, &g.x, g.d, gamma, m, 1.0)
        },
        &packed,
        tol,
    );
}

#[test]
fn gradient_against_finite_differences() {
    for (d, k, n, m, gamma, seed) in CASES {
        check_gradient(&instance(d, k, n, seed * 10 + 1), m, gamma, 1e-7);
    }
}

#[test]
fn gradient_value_and_accumulation() {
    let g = instance(4, 3, 9, 200);
    let (m, gamma) = (2, 1.1);
    let mut da = vec![0.0; g.k];
    let mut dmu = vec![0.0; g.mu.len()];
    let mut dq = vec![0.0; g.q.len()];
    let mut dl = vec![0.0; g.l.len()];
    let v = d_gmm_objective(&g.alpha, &mut da, &g.mu, &mut dmu, &g.q, &mut dq, &g.l, &mut dl, &g.x, g.d, gamma, m, 1.0);
    assert_rel("value", v, objective(&g, m, gamma), 1e-15);
    // Shifting every alpha changes nothing: the alpha gradient sums to zero.
    assert!(da.iter().sum::<f64>().abs() < 1e-12, "{da:?}");
    // A second call with seed 2 adds twice the gradient.
    let (mut da2, mut dmu2, mut dq2, mut dl2) = (da.clone(), dmu.clone(), dq.clone(), dl.clone());
    d_gmm_objective(&g.alpha, &mut da2, &g.mu, &mut dmu2, &g.q, &mut dq2, &g.l, &mut dl2, &g.x, g.d, gamma, m, 2.0);
    for (a, b) in [(&da, &da2), (&dmu, &dmu2), (&dq, &dq2), (&dl, &dl2)] {
        for (x, y) in a.iter().zip(b.iter()) {
            assert_rel("3 g", *y, 3.0 * x, 1e-13);
        }
    }
}

fn rows(data: &[f64], k: usize, cols: usize) -> Value {
    Value::Array((0..k).map(|c| json!(data[c * cols..(c + 1) * cols])).collect())
}

fn input_json(g: &Instance, m: usize, gamma: f64) -> Value {
    let lsz = g.d * (g.d - 1) / 2;
    json!({
        "d": g.d, "k": g.k, "n": g.n, "m": m, "gamma": gamma,
        "x": rows(&g.x, g.n, g.d),
        "alpha": g.alpha,
        "mu": rows(&g.mu, g.k, g.d),
        "q": rows(&g.q, g.k, g.d),
        "l": rows(&g.l, g.k, lsz),
        "min_runs": 1, "min_seconds": 0,
    })
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array().expect("an array").iter().map(|x| x.as_f64().expect("a number")).collect()
}

/// A `k x cols` matrix in JSON, flattened, with its shape checked.
fn matrix(v: &Value, k: usize, cols: usize) -> Vec<f64> {
    let r = v.as_array().expect("an array of rows");
    assert_eq!(r.len(), k);
    r.iter()
        .flat_map(|row| {
            let row = floats(row);
            assert_eq!(row.len(), cols);
            row
        })
        .collect()
}

#[test]
fn eval_outputs() {
    for (d, k, n, m, gamma, seed) in [(1, 2, 3, 0, 1.0, 31), (3, 4, 10, 1, 0.8, 32)] {
        let g = instance(d, k, n, seed);
        let lsz = d * (d - 1) / 2;
        let input = input_json(&g, m, gamma);
        let mut job = prepare("gmm", "objective", &input).expect("prepared");
        job.run();
        assert_rel(
            "objective",
            job.output().as_f64().expect("a number"),
            log_posterior_by_definition(&g, m, gamma),
            1e-11,
        );

        let mut job = prepare("gmm", "jacobian", &input).expect("prepared");
        job.run();
        job.run(); // the gradient buffers are reset between runs
        let out = job.output();
        let keys: Vec<&String> = out.as_object().expect("an object").keys().collect();
        assert_eq!(keys.len(), 4, "{keys:?}");
        let mut da = vec![0.0; k];
        let mut dmu = vec![0.0; k * d];
        let mut dq = vec![0.0; k * d];
        let mut dl = vec![0.0; k * lsz];
        d_gmm_objective(&g.alpha, &mut da, &g.mu, &mut dmu, &g.q, &mut dq, &g.l, &mut dl, &g.x, d, gamma, m, 1.0);
        assert_eq!(floats(&out["alpha"]), da);
        assert_eq!(matrix(&out["mu"], k, d), dmu);
        assert_eq!(matrix(&out["q"], k, d), dq);
        assert_eq!(matrix(&out["l"], k, lsz), dl);
    }
    let g = instance(2, 2, 3, 40);
    let mut bad = input_json(&g, 0, 1.0);
    bad["l"] = json!([[0.1, 0.2], [0.3]]);
    assert!(prepare("gmm", "objective", &bad).err().unwrap().contains("`l`"));
    assert!(prepare("gmm", "hessian", &input_json(&g, 0, 1.0)).err().unwrap().contains("hessian"));
}
