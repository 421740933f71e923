//! What the kernel tests share: comparison within a relative tolerance.

/// `got` and `want` agree elementwise to `tol` relative to `1 + |want|`.
pub fn assert_close(what: &str, got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "{what}: lengths");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!((g - w).abs() <= tol * (1.0 + w.abs()), "{what}[{i}]: {g} (got) vs {w} (want)");
    }
}
