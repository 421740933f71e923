//! The outcome of a check and the table it prints.

use std::cmp::Ordering;
use std::fmt;

/// How many rows a [`Report`] keeps: the worst entries, worst first.
pub const MAX_ROWS: usize = 10;

/// One compared component: a derivative and the reference it is checked against.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    /// Index of the input (the component of `x`, or of `J^T w`).
    pub index: usize,
    /// The input value `x[index]` at which the derivative was taken.
    pub x: f64,
    /// The derivative under test: the gradient entry computed by the caller's
    /// function, or for the dot-product test the entry of the reverse product
    /// `J^T w`.
    pub analytic: f64,
    /// What it is compared with: the finite-difference estimate, or for the
    /// dot-product test the same entry of `J^T w` assembled column by column
    /// from forward-mode products.
    pub reference: f64,
    /// `|analytic - reference|`.
    pub abs_err: f64,
    /// `|analytic - reference| / max(1, |analytic|, |reference|)`: a relative
    /// error that turns into an absolute one for entries smaller than one. This
    /// is the number compared with the tolerance.
    pub rel_err: f64,
    /// Whether `rel_err <= tol`. A NaN anywhere makes the entry fail.
    pub passed: bool,
}

impl Entry {
    /// Compares `analytic` with `reference` for input `index`.
    pub(crate) fn new(index: usize, x: f64, analytic: f64, reference: f64, tol: f64) -> Self {
        let abs_err = (analytic - reference).abs();
        let rel_err = scaled_error(analytic, reference);
        Entry {
            index,
            x,
            analytic,
            reference,
            abs_err,
            rel_err,
            // Written so that a NaN error fails: every comparison with NaN is false.
            passed: rel_err <= tol,
        }
    }
}

/// `|a - b| / max(1, |a|, |b|)`; NaN when either is NaN, infinite when exactly
/// one is infinite.
pub(crate) fn scaled_error(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        return f64::NAN;
    }
    if a == b {
        // Equal values, infinities of the same sign included.
        return 0.0;
    }
    let diff = (a - b).abs();
    if diff.is_infinite() {
        // An infinity against a finite value (or the other infinity) is as far
        // off as it gets; dividing would give inf / inf = NaN instead.
        return f64::INFINITY;
    }
    diff / 1f64.max(a.abs()).max(b.abs())
}

/// Orders errors worst first; NaN counts as worse than any number.
fn worse_first(a: f64, b: f64) -> Ordering {
    let key = |e: f64| if e.is_nan() { f64::INFINITY } else { e };
    key(b).partial_cmp(&key(a)).unwrap_or(Ordering::Equal)
}

/// Which check produced a [`Report`], with the check's own summary numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// [`gradient`](super::gradient): reverse-mode gradient against central
    /// finite differences.
    Gradient {
        /// The function's value `f(x)` as returned by the gradient call.
        value: f64,
    },
    /// [`dot_product`](super::dot_product): `<J v, w>` against `<v, J^T w>`.
    DotProduct {
        /// `<J v, w>`, from the forward product.
        lhs: f64,
        /// `<v, J^T w>`, from the reverse product.
        rhs: f64,
        /// What `|lhs - rhs|` is measured against: `max(1, sum |(J v)_i w_i|,
        /// sum |v_j (J^T w)_j|)`, the size of the terms, so that a sum that
        /// cancels to nearly zero is not held to an absolute tolerance its
        /// rounding error cannot meet.
        scale: f64,
        /// Number of inputs `n` (the length of `x`).
        inputs: usize,
        /// Number of outputs `m` (the length of `J v`).
        outputs: usize,
    },
}

/// The outcome of a check: whether it passed, and its worst entries.
///
/// `Display` prints the table that the panicking checks show. A report is
/// returned whether the check passed or not (`Ok` or `Err` of the `try_`
/// functions), so a test can also look at how close a passing check came.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Which check this is, with its summary numbers.
    pub kind: Kind,
    /// The tolerance the check was run with.
    pub tol: f64,
    /// Whether the check passed.
    pub passed: bool,
    /// Number of entries compared: `n`, the length of `x`, for the gradient
    /// check. The dot-product test compares entries only when it fails (zero
    /// when it passes).
    pub checked: usize,
    /// Number of compared entries outside the tolerance.
    pub failed: usize,
    /// The worst entries, worst first, at most [`MAX_ROWS`] of them. Failing
    /// entries come before passing ones.
    pub worst: Vec<Entry>,
}

impl Report {
    /// Builds a report from every compared entry, keeping the worst.
    pub(crate) fn new(kind: Kind, tol: f64, passed: bool, mut entries: Vec<Entry>) -> Self {
        let checked = entries.len();
        let failed = entries.iter().filter(|e| !e.passed).count();
        // Stable sort: among equal errors, lower indices first.
        entries.sort_by(|a, b| worse_first(a.rel_err, b.rel_err));
        entries.truncate(MAX_ROWS);
        Report { kind, tol, passed, checked, failed, worst: entries }
    }

    /// The indices of the failing entries among the kept rows, worst first.
    pub fn failing_indices(&self) -> Vec<usize> {
        self.worst.iter().filter(|e| !e.passed).map(|e| e.index).collect()
    }

    /// The largest `rel_err` among the compared entries (NaN if one is NaN,
    /// zero if none was compared).
    pub fn max_rel_err(&self) -> f64 {
        self.worst.first().map_or(0.0, |e| e.rel_err)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = if self.passed { "passed" } else { "FAILED" };
        let (analytic, reference) = match self.kind {
            Kind::Gradient { value } => {
                writeln!(
                    f,
                    "gradient check {verdict}: {} of {} entries outside tol = {:.1e} (f(x) = {value:.6e})",
                    self.failed, self.checked, self.tol
                )?;
                writeln!(f, "  rel err = |analytic - finite diff| / max(1, |analytic|, |finite diff|)")?;
                ("analytic", "finite diff")
            }
            Kind::DotProduct { lhs, rhs, scale, inputs, outputs } => {
                let err = (lhs - rhs).abs() / scale;
                writeln!(f, "dot-product check {verdict}: n = {inputs}, m = {outputs}, tol = {:.1e}", self.tol)?;
                writeln!(f, "  <J v, w>   (forward) = {lhs:>23.16e}")?;
                writeln!(f, "  <v, J^T w> (reverse) = {rhs:>23.16e}")?;
                writeln!(f, "  |difference| = {:.3e}, scale = {scale:.3e}, rel err = {err:.3e}", (lhs - rhs).abs())?;
                if self.worst.is_empty() {
                    return Ok(());
                }
                writeln!(
                    f,
                    "  worst entries of J^T w, {} of {} outside tol: reverse vs forward column by column",
                    self.failed, self.checked
                )?;
                ("reverse", "forward")
            }
        };
        writeln!(
            f,
            "  {:>6}  {:>13}  {:>23}  {:>23}  {:>10}  {:>10}",
            "index", "x", analytic, reference, "abs err", "rel err"
        )?;
        for e in &self.worst {
            writeln!(
                f,
                "  {:>6}  {:>13.6e}  {:>23.16e}  {:>23.16e}  {:>10.3e}  {:>10.3e}{}",
                e.index,
                e.x,
                e.analytic,
                e.reference,
                e.abs_err,
                e.rel_err,
                if e.passed { "" } else { "  <- FAIL" }
            )?;
        }
        let hidden = self.checked - self.worst.len();
        if hidden > 0 {
            writeln!(f, "  ({hidden} better entries not shown)")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaled_error_is_relative_above_one_and_absolute_below() {
        assert_eq!(scaled_error(100.0, 101.0), 1.0 / 101.0);
        assert_eq!(scaled_error(1e-3, 2e-3), 1e-3);
        assert_eq!(scaled_error(f64::INFINITY, f64::INFINITY), 0.0);
        assert!(scaled_error(f64::NAN, 1.0).is_nan());
        assert_eq!(scaled_error(f64::INFINITY, 1.0), f64::INFINITY);
    }

    #[test]
    fn nan_entries_fail_and_sort_first() {
        let entries = vec![
            Entry::new(0, 1.0, 1.0, 1.5, 1e-6),
            Entry::new(1, 1.0, f64::NAN, 1.0, 1e-6),
            Entry::new(2, 1.0, 1.0, 1.0, 1e-6),
        ];
        let r = Report::new(Kind::Gradient { value: 0.0 }, 1e-6, false, entries);
        assert_eq!(r.failed, 2);
        assert_eq!(r.failing_indices(), vec![1, 0]);
        assert!(r.max_rel_err().is_nan());
        assert!(r.worst[2].passed);
    }

    #[test]
    fn keeps_only_the_worst_rows() {
        let entries = (0..3 * MAX_ROWS).map(|i| Entry::new(i, 0.0, i as f64 * 1e-9, 0.0, 1.0)).collect();
        let r = Report::new(Kind::Gradient { value: 0.0 }, 1.0, true, entries);
        assert_eq!(r.worst.len(), MAX_ROWS);
        assert_eq!(r.worst[0].index, 3 * MAX_ROWS - 1);
        assert!(r.to_string().contains("better entries not shown"));
    }
}
