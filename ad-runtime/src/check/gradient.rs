//! Gradient against central finite differences.

use super::report::{scaled_error, Entry, Kind, Report};

/// Step of the second-order central difference, relative to `max(1, |x_i|)`:
/// about `eps^(1/3)`, which balances its truncation error `h^2 |f'''| / 6`
/// against the rounding error `eps |f| / h`. Both are then near `eps^(2/3)`,
/// about `4e-11` relative.
const STEP2: f64 = 7.62939453125e-6; // 2^-17

/// Step of the fourth-order central difference, relative to `max(1, |x_i|)`:
/// about `eps^(1/5)`, which balances its truncation error `h^4 |f^(5)| / 30`
/// against the rounding error `1.5 eps |f| / h`; both are then near
/// `eps^(4/5)`, about `3e-13` relative.
const STEP4: f64 = 9.765625e-4; // 2^-10

/// Compares a reverse-mode gradient with central finite differences; panics
/// with a table of the worst entries if they disagree.
///
/// `f(x, dx)` must return `f(x)` and *add* the gradient into `dx`, which is how
/// a derivative generated with a `Duplicated` input and an `Active` return
/// behaves (`|x, dx| d_f(x, dx, 1.0)`). The check zeroes `dx` before every call.
///
/// Entry `i` passes when `|g_i - fd_i| <= tol * max(1, |g_i|, |fd_i|)`: a
/// relative test for entries larger than one and an absolute one below. With
/// smooth functions of moderate size the finite differences are good to about
/// `1e-10`, so `tol = 1e-8` is a sensible default; see [`try_gradient`] for
/// how they are computed. The panic message is the [`Report`].
///
/// # Panics
///
/// If an entry fails, or `tol` is negative or NaN.
///
/// ```
/// # use parad_runtime as parad;
/// // f(x) = x0 * sin(x1), gradient (sin(x1), x0 * cos(x1)).
/// parad::check::gradient(
///     |x, dx| {
///         dx[0] += x[1].sin();
///         dx[1] += x[0] * x[1].cos();
///         x[0] * x[1].sin()
///     },
///     &[1.5, -0.3],
///     1e-8,
/// );
/// ```
#[track_caller]
pub fn gradient<F>(f: F, x: &[f64], tol: f64)
where
    F: FnMut(&[f64], &mut [f64]) -> f64,
{
    if let Err(report) = try_gradient(f, x, tol) {
        panic!("{report}");
    }
}

/// Like [`gradient`], but returns the [`Report`] instead of panicking: `Ok`
/// if every entry passes, `Err` otherwise.
///
/// Each entry `i` is compared with two central-difference estimates, taken
/// with steps that are powers of two (so that `x_i ± h` is exact for all but a
/// rounding at a binade boundary) scaled by `max(1, |x_i|)`:
///
/// - fourth order, `(f(x-2h) - 8 f(x-h) + 8 f(x+h) - f(x+2h)) / 12h` with
///   `h ≈ 1e-3`: about `1e-13` accurate on smooth functions;
/// - second order, `(f(x+h) - f(x-h)) / 2h` with `h ≈ 7.6e-6`: about
///   `1e-10` accurate, but it survives where the wider stencil does not — a
///   kink (`abs`, `max`) or the edge of a domain (`ln`, `sqrt`) within `2e-3`
///   of `x_i`.
///
/// The estimate closer to the gradient is the one reported and tested. A real
/// error in the gradient disagrees with both, so this only removes false
/// alarms. Near a singularity (`ln x` at `x = 1e-3`) both estimates degrade
/// and the tolerance must be loosened.
///
/// The function is called `1 + 6 n` times. `Err` is also returned for entries
/// where the gradient or both estimates are NaN or infinite.
///
/// # Panics
///
/// If `tol` is negative or NaN.
pub fn try_gradient<F>(mut f: F, x: &[f64], tol: f64) -> Result<Report, Report>
where
    F: FnMut(&[f64], &mut [f64]) -> f64,
{
    assert!(tol >= 0.0, "parad::check::gradient: tol must be >= 0, got {tol}");
    let n = x.len();
    let mut dx = vec![0.0; n];
    let value = f(x, &mut dx);
    let grad = dx.clone();

    let mut probe = Probe { f: &mut f, xs: x.to_vec(), dx };
    let entries: Vec<Entry> = (0..n)
        .map(|i| {
            let fd4 = probe.fourth_order(i);
            let fd2 = probe.second_order(i);
            // NaN errors lose against any number: prefer an estimate that exists.
            let err = |fd: f64| {
                let e = scaled_error(grad[i], fd);
                if e.is_nan() {
                    f64::INFINITY
                } else {
                    e
                }
            };
            let fd = if err(fd2) < err(fd4) { fd2 } else { fd4 };
            Entry::new(i, x[i], grad[i], fd, tol)
        })
        .collect();

    let passed = entries.iter().all(|e| e.passed);
    let report = Report::new(Kind::Gradient { value }, tol, passed, entries);
    if passed {
        Ok(report)
    } else {
        Err(report)
    }
}

/// Evaluates the function with one input moved, on scratch buffers that are
/// allocated once for the whole check.
struct Probe<'a, F> {
    f: &'a mut F,
    /// A copy of `x`; only the entry being probed ever differs from `x`, and it
    /// is put back after each estimate.
    xs: Vec<f64>,
    /// Gradient output of the probing calls, which is not used.
    dx: Vec<f64>,
}

impl<F: FnMut(&[f64], &mut [f64]) -> f64> Probe<'_, F> {
    /// `f` with `x_i` replaced by `xi`.
    fn at(&mut self, i: usize, xi: f64) -> f64 {
        self.xs[i] = xi;
        self.dx.fill(0.0);
        (self.f)(&self.xs, &mut self.dx)
    }

    /// A power of two near `rel * max(1, |x_i|)`.
    fn step(xi: f64, rel: f64) -> f64 {
        let h = rel * xi.abs().max(1.0);
        if h.is_finite() {
            2f64.powi(h.log2().round() as i32)
        } else {
            h
        }
    }

    fn second_order(&mut self, i: usize) -> f64 {
        let xi = self.xs[i];
        let h = Self::step(xi, STEP2);
        let (xp, xm) = (xi + h, xi - h);
        let d = (self.at(i, xp) - self.at(i, xm)) / (xp - xm);
        self.xs[i] = xi;
        d
    }

    fn fourth_order(&mut self, i: usize) -> f64 {
        let xi = self.xs[i];
        let h = Self::step(xi, STEP4);
        let d = (self.at(i, xi - 2.0 * h) - 8.0 * self.at(i, xi - h) + 8.0 * self.at(i, xi + h)
            - self.at(i, xi + 2.0 * h))
            / (12.0 * h);
        self.xs[i] = xi;
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::random_vec;

    /// A smooth test function of any length mixing products, transcendental
    /// functions and a quotient, with its hand-written gradient added into
    /// `dx`. `wrong` scales gradient entry `wrong.0` by `wrong.1`.
    fn mixed(x: &[f64], dx: &mut [f64], wrong: (usize, f64)) -> f64 {
        let n = x.len();
        let mut y = 0.0;
        let mut g = vec![0.0; n];
        for i in 0..n {
            let j = (i + 1) % n;
            // x_i^2 x_j + sin(x_i) exp(x_j / 4) + x_i / (1 + x_j^2)
            let (a, b) = (x[i], x[j]);
            let e = (b / 4.0).exp();
            let q = 1.0 + b * b;
            y += a * a * b + a.sin() * e + a / q;
            g[i] += 2.0 * a * b + a.cos() * e + 1.0 / q;
            g[j] += a * a + a.sin() * e / 4.0 - a * 2.0 * b / (q * q);
        }
        for i in 0..n {
            dx[i] += if i == wrong.0 { g[i] * wrong.1 } else { g[i] };
        }
        y
    }

    /// Rosenbrock's function in n dimensions, with its gradient.
    fn rosenbrock(x: &[f64], dx: &mut [f64]) -> f64 {
        let mut y = 0.0;
        for i in 0..x.len() - 1 {
            let (a, b) = (1.0 - x[i], x[i + 1] - x[i] * x[i]);
            y += a * a + 100.0 * b * b;
            dx[i] += -2.0 * a - 400.0 * b * x[i];
            dx[i + 1] += 200.0 * b;
        }
        y
    }

    #[test]
    fn correct_gradients_pass_tightly() {
        for seed in 0..20 {
            let x = random_vec(7, -2.0, 2.0, seed);
            let r = try_gradient(|x, dx| mixed(x, dx, (usize::MAX, 1.0)), &x, 1e-9)
                .unwrap_or_else(|r| panic!("seed {seed}:\n{r}"));
            assert!(r.passed && r.failed == 0 && r.checked == 7);
            // The finite differences are far better than the tolerance.
            assert!(r.max_rel_err() < 1e-10, "seed {seed}:\n{r}");
            assert!(matches!(r.kind, Kind::Gradient { .. }));
        }
        // Large inputs and values: the step scales with |x_i|. Here f(x) is
        // about 5e13 while some gradient entries are only 1e7, so the rounding
        // error of f, eps |f| / h ~ 1e-2, limits those entries to about 1e-10.
        let x = random_vec(6, 100.0, 1000.0, 3);
        let r = try_gradient(rosenbrock, &x, 1e-9).unwrap_or_else(|r| panic!("{r}"));
        assert!(r.max_rel_err() < 5e-10, "{r}");
        gradient(rosenbrock, &random_vec(10, -1.5, 1.5, 4), 1e-9);
    }

    #[test]
    fn a_wrong_entry_fails_and_is_named() {
        let x = random_vec(6, -2.0, 2.0, 11);
        let r = try_gradient(|x, dx| mixed(x, dx, (3, 1.1)), &x, 1e-6).unwrap_err();
        assert!(!r.passed);
        assert_eq!((r.checked, r.failed), (6, 1));
        assert_eq!(r.failing_indices(), vec![3]);
        let worst = r.worst[0];
        assert_eq!(worst.index, 3);
        assert_eq!(worst.x, x[3]);
        assert!(!worst.passed);
        // The reference is the true derivative, the analytic value is 10% off.
        let mut g = vec![0.0; 6];
        mixed(&x, &mut g, (usize::MAX, 1.0));
        assert!((worst.reference - g[3]).abs() < 1e-9 * g[3].abs().max(1.0));
        assert_eq!(worst.analytic, g[3] * 1.1);
        assert!(r.worst[1..].iter().all(|e| e.passed));

        let table = r.to_string();
        assert!(table.starts_with("gradient check FAILED: 1 of 6 entries"), "{table}");
        let fail_rows: Vec<&str> = table.lines().filter(|l| l.ends_with("<- FAIL")).collect();
        assert_eq!(fail_rows.len(), 1, "{table}");
        assert!(fail_rows[0].trim_start().starts_with("3 "), "{table}");
    }

    #[test]
    fn small_errors_are_caught() {
        // A relative error of 1e-7 in one entry is well above the accuracy of
        // the finite differences.
        let x = random_vec(5, -1.0, 1.0, 5);
        let r = try_gradient(|x, dx| mixed(x, dx, (0, 1.0 + 1e-7)), &x, 1e-9).unwrap_err();
        assert_eq!(r.failing_indices(), vec![0]);
        // A sign error in one term of Rosenbrock's gradient.
        let bad = |x: &[f64], dx: &mut [f64]| {
            let y = rosenbrock(x, dx);
            dx[4] += 4.0 * (1.0 - x[4]); // flips the sign of -2 (1 - x_4)
            y
        };
        let r = try_gradient(bad, &random_vec(8, -1.0, 1.0, 6), 1e-6).unwrap_err();
        assert_eq!(r.failing_indices(), vec![4]);
    }

    #[test]
    #[should_panic(expected = "gradient check FAILED: 1 of 4 entries")]
    fn gradient_panics_with_the_table() {
        gradient(|x, dx| mixed(x, dx, (2, 0.9)), &random_vec(4, -1.0, 1.0, 9), 1e-6);
    }

    #[test]
    fn non_finite_gradients_fail() {
        let r = try_gradient(
            |x, dx| {
                dx[0] += f64::NAN;
                dx[1] += f64::INFINITY;
                x[0] + x[1]
            },
            &[1.0, 2.0],
            1e-6,
        )
        .unwrap_err();
        assert_eq!(r.failed, 2);
    }

    #[test]
    fn dx_is_zeroed_before_every_call_and_x_is_restored() {
        let x = random_vec(4, -1.0, 1.0, 13);
        let mut calls = 0;
        let r = try_gradient(
            |xs, dx| {
                calls += 1;
                assert!(dx.iter().all(|&d| d == 0.0), "dx not zeroed: {dx:?}");
                // Only one entry differs from x at a time.
                assert!(xs.iter().zip(&x).filter(|(a, b)| a != b).count() <= 1);
                for (d, v) in dx.iter_mut().zip(xs) {
                    *d += 2.0 * v;
                }
                xs.iter().map(|v| v * v).sum()
            },
            &x,
            1e-9,
        );
        assert!(r.is_ok());
        assert_eq!(calls, 1 + 6 * 4);
    }

    #[test]
    fn kinks_and_domain_edges_fall_back_to_the_narrow_stencil() {
        // |x| with the kink 1e-4 away: the wide stencil straddles it.
        let r = try_gradient(
            |x, dx| {
                dx[0] += x[0].signum();
                x[0].abs()
            },
            &[1e-4],
            1e-9,
        );
        assert!(r.is_ok(), "{}", r.unwrap_err());
        // ln x at 1.5e-3: the wide stencil leaves the domain (NaN), the narrow
        // one is accurate to about 1e-5 this close to the singularity.
        let r = try_gradient(
            |x, dx| {
                dx[0] += 1.0 / x[0];
                x[0].ln()
            },
            &[1.5e-3],
            1e-4,
        )
        .unwrap_or_else(|r| panic!("{r}"));
        assert!(r.max_rel_err() > 1e-9, "{r}");
    }

    #[test]
    fn empty_input_passes() {
        assert!(try_gradient(|_, _| 1.0, &[], 0.0).is_ok());
    }
}
