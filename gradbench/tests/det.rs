//! `det`: the determinant by expansion by minors against an LU factorisation,
//! its parad gradient against finite differences and against the cofactor
//! identity `grad det(A) = det(A) A^{-T}`, and the JSON the eval sees.

use parad::check::{gradient, random_vec};
use parad_gradbench::evals::{self, det};
use serde_json::{json, Value};

/// The determinant by Gaussian elimination with partial pivoting.
fn det_lu(a: &[f64], n: usize) -> f64 {
    let mut m = a.to_vec();
    let mut d = 1.0;
    for k in 0..n {
        let p = (k..n).max_by(|&i, &j| m[i * n + k].abs().total_cmp(&m[j * n + k].abs())).unwrap();
        if p != k {
            for j in 0..n {
                m.swap(k * n + j, p * n + j);
            }
            d = -d;
        }
        let piv = m[k * n + k];
        d *= piv;
        for i in k + 1..n {
            let f = m[i * n + k] / piv;
            for j in k..n {
                m[i * n + j] -= f * m[k * n + j];
            }
        }
    }
    d
}

/// The inverse by Gauss-Jordan elimination with partial pivoting.
fn inverse(a: &[f64], n: usize) -> Vec<f64> {
    let w = 2 * n;
    let mut m = vec![0.0; n * w];
    for i in 0..n {
        m[i * w..i * w + n].copy_from_slice(&a[i * n..i * n + n]);
        m[i * w + n + i] = 1.0;
    }
    for k in 0..n {
        let p = (k..n).max_by(|&i, &j| m[i * w + k].abs().total_cmp(&m[j * w + k].abs())).unwrap();
        for j in 0..w {
            m.swap(k * w + j, p * w + j);
        }
        let piv = m[k * w + k];
        for j in 0..w {
            m[k * w + j] /= piv;
        }
        for i in 0..n {
            if i != k {
                let f = m[i * w + k];
                for j in 0..w {
                    m[i * w + j] -= f * m[k * w + j];
                }
            }
        }
    }
    (0..n * n).map(|e| m[(e / n) * w + n + e % n]).collect()
}

fn close(got: f64, want: f64, rel: f64) -> bool {
    (got - want).abs() <= rel * got.abs().max(want.abs()).max(1.0)
}

#[test]
fn primal_matches_lu() {
    for ell in 1..=7 {
        let a = random_vec(ell * ell, -1.0, 1.0, 100 + ell as u64);
        let got = det::det(&a, ell);
        let want = det_lu(&a, ell);
        assert!(close(got, want, 1e-12), "ell = {ell}: {got} vs {want}");
    }
    // Known values: the identity, a permutation (odd), a triangular matrix.
    assert_eq!(det::det(&[1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0], 3), 1.0);
    assert_eq!(det::det(&[0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0], 3), -1.0);
    assert_eq!(det::det(&[2.0, 5.0, 7.0, 0.0, 3.0, 11.0, 0.0, 0.0, 4.0], 3), 24.0);
}

#[test]
fn gradient_matches_finite_differences() {
    for ell in 1..=6 {
        let a = random_vec(ell * ell, -1.0, 1.0, 200 + ell as u64);
        gradient(|x, dx| det::d_det(x, dx, ell, 1.0), &a, 1e-8);
    }
}

#[test]
fn gradient_is_the_cofactor_matrix() {
    for ell in 1..=7 {
        let a = random_vec(ell * ell, -1.0, 1.0, 300 + ell as u64);
        let mut da = vec![0.0; ell * ell];
        let seed = 0.75;
        let v = det::d_det(&a, &mut da, ell, seed);
        assert!(close(v, det_lu(&a, ell), 1e-12));
        // d det / d a_ij = det(A) (A^{-1})_ji
        let inv = inverse(&a, ell);
        for i in 0..ell {
            for j in 0..ell {
                let want = seed * v * inv[j * ell + i];
                let got = da[i * ell + j];
                assert!(close(got, want, 1e-9), "ell = {ell}, ({i}, {j}): {got} vs {want}");
            }
        }
        // The gradient is added to the shadow.
        det::d_det(&a, &mut da, ell, seed);
        for i in 0..ell {
            for j in 0..ell {
                let want = 2.0 * seed * v * inv[j * ell + i];
                assert!(close(da[i * ell + j], want, 1e-9));
            }
        }
    }
}

fn run(function: &str, input: &Value) -> Value {
    let mut job = evals::prepare("det", function, input).expect("prepared");
    job.run();
    job.run(); // a second run must give the same output
    job.output()
}

#[test]
fn json_shapes() {
    let ell = 4;
    let a = random_vec(ell * ell, 0.0, 1.0, 400);
    let input = json!({ "A": a, "ell": ell, "min_runs": 1, "min_seconds": 0 });

    let p = run("primal", &input);
    assert!(close(p.as_f64().expect("primal output is a number"), det_lu(&a, ell), 1e-12));

    let g = run("gradient", &input);
    let g: Vec<f64> = g.as_array().expect("gradient output is an array").iter().map(|v| v.as_f64().unwrap()).collect();
    assert_eq!(g.len(), ell * ell);
    let mut want = vec![0.0; ell * ell];
    det::d_det(&a, &mut want, ell, 1.0);
    assert_eq!(g, want, "the job resets the gradient between runs");

    assert!(evals::prepare("det", "hessian", &input).is_err());
    assert!(evals::prepare("det", "primal", &json!({ "A": [1.0, 2.0, 3.0], "ell": 2 })).is_err());
    assert!(evals::prepare("det", "primal", &json!({ "ell": 2 })).is_err());
    assert!(evals::prepare("det", "primal", &json!({ "A": vec![0.0; 65 * 65], "ell": 65 })).is_err());
}
