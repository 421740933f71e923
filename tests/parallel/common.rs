//! Drivers of the parallel tests: the corpus checks, plus the comparison
//! with the serial twin and the thread-count test (of the gradient and of
//! the tangent: forward mode runs rayon loops in parallel too).

use crate::support::{self, assert_all_close};

/// Relative agreement of a parallel gradient with its serial twin's: the
/// two sum in different orders, so they agree to rounding, not bitwise.
pub const TWIN_TOL: f64 = 1e-10;

/// Runs `f` in rayon pools of 1, 2, 3 and 8 threads and asserts that every
/// run gives bitwise the same numbers; returns them. In each pool `f` runs
/// twice, and the second run, whose tapes are the buffers the first gave
/// back to the pool, must give the same numbers too.
#[track_caller]
pub fn same_in_pools(what: &str, f: impl Fn() -> Vec<f64> + Sync + Send) -> Vec<f64> {
    let mut first: Option<Vec<f64>> = None;
    for threads in [1, 2, 3, 8] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        let got = pool.install(&f);
        let again = pool.install(&f);
        assert!(
            got.iter().zip(&again).all(|(g, a)| g.to_bits() == a.to_bits()) && got.len() == again.len(),
            "{what}: a second call with {threads} threads, on reused tapes, differs from the first"
        );
        match &first {
            None => first = Some(got),
            Some(want) => {
                assert_eq!(got.len(), want.len());
                for (k, (g, w)) in got.iter().zip(want).enumerate() {
                    assert!(
                        g.to_bits() == w.to_bits(),
                        "{what}: element {k} is {g:e} with {threads} threads but {w:e} with 1 thread"
                    );
                }
            }
        }
    }
    first.unwrap()
}

/// A scalar function `x -> f64` of the packed input: the corpus checks, the
/// serial twin, and the pools.
pub fn scalar(
    x: &[f64],
    primal: impl Fn(&[f64]) -> f64,
    rev: impl Fn(&[f64], &mut [f64], f64) -> f64 + Sync + Send,
    fwd: impl Fn(&[f64], &[f64]) -> (f64, f64) + Sync + Send,
    twin: impl Fn(&[f64], &mut [f64], f64) -> f64,
) {
    support::scalar(x, support::TOL, &primal, &rev, &fwd);
    let dir = parad::check::random_vec(x.len(), -1.0, 1.0, 13);
    same_in_pools("tangent", || {
        let (v, t) = fwd(x, &dir);
        vec![v, t]
    });
    let grad = same_in_pools("gradient", || {
        let mut dx = vec![0.0; x.len()];
        let v = rev(x, &mut dx, 1.0);
        dx.push(v);
        dx
    });
    let mut want = vec![0.0; x.len()];
    let v = twin(x, &mut want, 1.0);
    want.push(v);
    assert_all_close("parallel against serial twin (gradient, then value)", &grad, &want, TWIN_TOL);
}

/// A map `x -> out` with `m` outputs: the corpus checks, the serial twin
/// (`J^T w` for a random `w`), and the pools.
pub fn map(
    x: &[f64],
    m: usize,
    primal: impl Fn(&[f64]) -> Vec<f64>,
    rev: impl Fn(&[f64], &mut [f64], &[f64]) -> Vec<f64> + Sync + Send,
    fwd: impl Fn(&[f64], &[f64]) -> (Vec<f64>, Vec<f64>) + Sync + Send,
    twin: impl Fn(&[f64], &mut [f64], &[f64]) -> Vec<f64>,
) {
    support::map(x, m, support::TOL, 7, &primal, &rev, &fwd);
    let dir = parad::check::random_vec(x.len(), -1.0, 1.0, 13);
    same_in_pools("tangent", || {
        let (mut v, mut t) = fwd(x, &dir);
        v.append(&mut t);
        v
    });
    let w = parad::check::random_vec(m, -1.0, 1.0, 11);
    let grad = same_in_pools("gradient", || {
        let mut dx = vec![0.0; x.len()];
        let mut out = rev(x, &mut dx, &w);
        dx.append(&mut out);
        dx
    });
    let mut want = vec![0.0; x.len()];
    let mut out = twin(x, &mut want, &w);
    want.append(&mut out);
    assert_all_close("parallel against serial twin (J^T w, then outputs)", &grad, &want, TWIN_TOL);
}
