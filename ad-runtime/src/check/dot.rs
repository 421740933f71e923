//! Forward mode against reverse mode: the dot-product test.

use super::report::{Entry, Kind, Report};
use super::rng::random_vec;

/// Default tolerance of [`dot_product`], relative to the size of the terms of
/// the two inner products (see [`Kind::DotProduct`]'s `scale`).
///
/// Forward and reverse mode compute the same derivatives with different
/// rounding, so the two sides agree to a few hundred ulps times the condition
/// of the sums; `1e-9` leaves room for long computations while a real bug
/// (a missing term, a wrong sign, an adjoint written to the wrong index) shows
/// up as an error of order one.
pub const DOT_PRODUCT_TOL: f64 = 1e-9;

/// Seeds of the random directions. Fixed, so that a failure reproduces.
const SEED_V: u64 = 0x7061_7261_645f_7601;
const SEED_W: u64 = 0x7061_7261_645f_7702;

/// Checks forward mode against reverse mode at `x` with the dot-product test
/// `<J v, w> == <v, J^T w>`, at tolerance [`DOT_PRODUCT_TOL`]; panics with a
/// table if the two sides disagree.
///
/// `fwd(x, v)` returns the Jacobian-vector product `J v` (length `m`, which
/// the check takes from the first call); `rev(x, w)` returns the
/// vector-Jacobian product `J^T w` (length `n = x.len()`). `v` and `w` have
/// entries uniform in `[-1, 1)` from fixed seeds.
///
/// On failure the check also assembles `J^T w` column by column from `n`
/// forward products on unit vectors and shows the entries where that
/// disagrees with `rev(x, w)`: they point at the inputs whose derivatives
/// are wrong in one of the two modes.
///
/// # Panics
///
/// If the test fails, or `rev` returns a vector whose length is not
/// `x.len()`, or a forward product's length changes between calls.
///
/// ```
/// # use parad_runtime as parad;
/// // f(x) = (x0 * x1, sin(x1))
/// parad::check::dot_product(
///     |x, v| vec![x[1] * v[0] + x[0] * v[1], x[1].cos() * v[1]],
///     |x, w| vec![x[1] * w[0], x[0] * w[0] + x[1].cos() * w[1]],
///     &[0.5, 2.0],
/// );
/// ```
#[track_caller]
pub fn dot_product<Fw, Rv>(fwd: Fw, rev: Rv, x: &[f64])
where
    Fw: FnMut(&[f64], &[f64]) -> Vec<f64>,
    Rv: FnMut(&[f64], &[f64]) -> Vec<f64>,
{
    dot_product_tol(fwd, rev, x, DOT_PRODUCT_TOL);
}

/// [`dot_product`] with a tolerance of your choice: the test passes when
/// `|<J v, w> - <v, J^T w>| <= tol * scale`, `scale` as in
/// [`Kind::DotProduct`].
///
/// # Panics
///
/// As [`dot_product`], and if `tol` is negative or NaN.
#[track_caller]
pub fn dot_product_tol<Fw, Rv>(fwd: Fw, rev: Rv, x: &[f64], tol: f64)
where
    Fw: FnMut(&[f64], &[f64]) -> Vec<f64>,
    Rv: FnMut(&[f64], &[f64]) -> Vec<f64>,
{
    if let Err(report) = try_dot_product(fwd, rev, x, tol) {
        panic!("{report}");
    }
}

/// Like [`dot_product_tol`], but returns the [`Report`] instead of
/// panicking: `Ok` if the two sides agree, `Err` otherwise. The report's
/// entries (the column-by-column comparison) are filled only on failure.
///
/// `fwd` is called once, plus `n` more times on failure; `rev` once.
///
/// # Panics
///
/// If `tol` is negative or NaN, `rev` returns a vector whose length is not
/// `x.len()`, or a forward product's length changes between calls: those are
/// mistakes in the test, not in the derivative.
#[track_caller]
pub fn try_dot_product<Fw, Rv>(mut fwd: Fw, mut rev: Rv, x: &[f64], tol: f64) -> Result<Report, Report>
where
    Fw: FnMut(&[f64], &[f64]) -> Vec<f64>,
    Rv: FnMut(&[f64], &[f64]) -> Vec<f64>,
{
    assert!(tol >= 0.0, "parad::check::dot_product: tol must be >= 0, got {tol}");
    let n = x.len();
    let v = random_vec(n, -1.0, 1.0, SEED_V);
    let jv = fwd(x, &v);
    let m = jv.len();
    let w = random_vec(m, -1.0, 1.0, SEED_W);
    let jtw = rev(x, &w);
    assert_eq!(
        jtw.len(),
        n,
        "parad::check::dot_product: rev(x, w) must return x.len() = {n} entries, returned {}",
        jtw.len()
    );

    let lhs = dot(&jv, &w);
    let rhs = dot(&v, &jtw);
    let scale = 1f64.max(abs_dot(&jv, &w)).max(abs_dot(&v, &jtw));
    // Written so that a NaN or an infinity on either side fails.
    let passed = (lhs - rhs).abs() <= tol * scale;

    let entries = if passed {
        Vec::new()
    } else {
        // Column j of J is J e_j, so (J^T w)_j = <J e_j, w>.
        let mut e = vec![0.0; n];
        (0..n)
            .map(|j| {
                e[j] = 1.0;
                let col = fwd(x, &e);
                e[j] = 0.0;
                assert_eq!(
                    col.len(),
                    m,
                    "parad::check::dot_product: fwd returned {} entries for a unit vector, {m} before",
                    col.len()
                );
                Entry::new(j, x[j], jtw[j], dot(&col, &w), tol)
            })
            .collect()
    };

    let kind = Kind::DotProduct { lhs, rhs, scale, inputs: n, outputs: m };
    let report = Report::new(kind, tol, passed, entries);
    if passed {
        Ok(report)
    } else {
        Err(report)
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(a, b)| a * b).sum()
}

fn abs_dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(a, b)| (a * b).abs()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// f: R^4 -> R^3, f(x) = (x0 x1 + sin x2, exp(x3) x0, x1^2 - x2 x3).
    fn jvp(x: &[f64], v: &[f64]) -> Vec<f64> {
        vec![
            x[1] * v[0] + x[0] * v[1] + x[2].cos() * v[2],
            x[3].exp() * v[0] + x[3].exp() * x[0] * v[3],
            2.0 * x[1] * v[1] - x[3] * v[2] - x[2] * v[3],
        ]
    }

    /// J^T w of the same f; `drop_term` leaves out d f2 / d x3 = -x2.
    fn vjp(x: &[f64], w: &[f64], drop_term: bool) -> Vec<f64> {
        let d23 = if drop_term { 0.0 } else { -x[2] };
        vec![
            x[1] * w[0] + x[3].exp() * w[1],
            x[0] * w[0] + 2.0 * x[1] * w[2],
            x[2].cos() * w[0] - x[3] * w[2],
            x[3].exp() * x[0] * w[1] + d23 * w[2],
        ]
    }

    #[test]
    fn matching_modes_pass() {
        for seed in 0..20 {
            let x = random_vec(4, -2.0, 2.0, seed);
            let r =
                try_dot_product(jvp, |x, w| vjp(x, w, false), &x, DOT_PRODUCT_TOL).unwrap_or_else(|r| panic!("{r}"));
            let Kind::DotProduct { lhs, rhs, scale, inputs, outputs } = r.kind else { panic!("wrong kind") };
            assert_eq!((inputs, outputs), (4, 3));
            // Agreement to rounding, far inside the tolerance.
            assert!((lhs - rhs).abs() <= 1e-14 * scale, "{r}");
            assert!(r.worst.is_empty() && r.checked == 0);
        }
        dot_product(jvp, |x, w| vjp(x, w, false), &[0.3, -1.2, 2.0, 0.1]);
    }

    #[test]
    fn a_missing_term_fails_and_its_input_is_named() {
        let x = random_vec(4, -2.0, 2.0, 21);
        let r = try_dot_product(jvp, |x, w| vjp(x, w, true), &x, DOT_PRODUCT_TOL).unwrap_err();
        assert!(!r.passed);
        assert_eq!((r.checked, r.failed), (4, 1));
        assert_eq!(r.failing_indices(), vec![3]);
        let worst = r.worst[0];
        assert_eq!((worst.index, worst.x), (3, x[3]));
        // The forward column sum has the term the reverse product lacks.
        let w = random_vec(3, -1.0, 1.0, SEED_W);
        assert!((worst.reference - worst.analytic + x[2] * w[2]).abs() < 1e-14);

        let table = r.to_string();
        assert!(table.starts_with("dot-product check FAILED: n = 4, m = 3"), "{table}");
        let fail_rows: Vec<&str> = table.lines().filter(|l| l.ends_with("<- FAIL")).collect();
        assert_eq!(fail_rows.len(), 1, "{table}");
        assert!(fail_rows[0].trim_start().starts_with("3 "), "{table}");
    }

    #[test]
    fn a_bug_in_forward_mode_fails_too() {
        let bad_fwd = |x: &[f64], v: &[f64]| {
            let mut y = jvp(x, v);
            y[1] -= x[3].exp() * v[0]; // forgets d f1 / d x0
            y
        };
        let r = try_dot_product(bad_fwd, |x, w| vjp(x, w, false), &[0.5, 1.0, -0.5, 0.2], 1e-9).unwrap_err();
        assert_eq!(r.failing_indices(), vec![0]);
    }

    #[test]
    fn small_errors_are_caught() {
        // One adjoint entry off by 1e-6 relative.
        let r = try_dot_product(
            jvp,
            |x, w| {
                let mut g = vjp(x, w, false);
                g[1] *= 1.0 + 1e-6;
                g
            },
            &[0.5, 1.0, -0.5, 0.2],
            DOT_PRODUCT_TOL,
        )
        .unwrap_err();
        assert_eq!(r.failing_indices(), vec![1]);
    }

    #[test]
    fn large_linear_operator_passes() {
        // A periodic 3-point stencil y_i = x_{i-1} - 2 x_i + x_{i+1} scaled
        // by x-dependent weights, n = m = 500, and its transpose.
        let n = 500;
        let weight = |x: &[f64], i: usize| 1.0 + x[i] * x[i];
        let fwd = |x: &[f64], v: &[f64]| {
            (0..n).map(|i| weight(x, i) * (v[(i + n - 1) % n] - 2.0 * v[i] + v[(i + 1) % n])).collect()
        };
        let rev = |x: &[f64], w: &[f64]| {
            let mut g = vec![0.0; n];
            for i in 0..n {
                let a = weight(x, i) * w[i];
                g[(i + n - 1) % n] += a;
                g[i] -= 2.0 * a;
                g[(i + 1) % n] += a;
            }
            g
        };
        dot_product(fwd, rev, &random_vec(n, -3.0, 3.0, 1));
    }

    #[test]
    fn non_square_and_nan_cases() {
        // R^2 -> R^5 passes; a NaN in the reverse product fails.
        let fwd = |x: &[f64], v: &[f64]| (0..5).map(|k| k as f64 * x[0] * v[0] + v[1]).collect();
        let rev = |x: &[f64], w: &[f64]| vec![(0..5).map(|k| k as f64 * x[0] * w[k]).sum(), w.iter().sum()];
        assert!(try_dot_product(fwd, rev, &[1.5, 2.0], 1e-9).is_ok());
        let r = try_dot_product(fwd, |_, _| vec![f64::NAN, 0.0], &[1.5, 2.0], 1e-9).unwrap_err();
        assert_eq!(r.worst[0].index, 0);
        assert!(r.worst[0].rel_err.is_nan());
    }

    #[test]
    #[should_panic(expected = "dot-product check FAILED")]
    fn dot_product_panics_with_the_table() {
        dot_product(jvp, |x, w| vjp(x, w, true), &[0.5, 1.0, -0.5, 0.2]);
    }

    #[test]
    #[should_panic(expected = "must return x.len() = 4 entries, returned 3")]
    fn wrong_reverse_length_panics() {
        dot_product(jvp, |_, _| vec![0.0; 3], &[0.5, 1.0, -0.5, 0.2]);
    }
}
