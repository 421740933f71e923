//! `det`: the determinant of an `ell x ell` matrix by expansion by minors
//! (cmpad's `det_by_minor`), and its gradient.
//!
//! The minor left after removing the first `n - m` rows and the columns in
//! the bit set `used` is expanded along its first row, recursively, as the
//! reference does (cmpad keeps linked lists of the remaining rows and
//! columns; rows are always removed in order, so a row index and a column
//! bit set say the same). The recursion stops at 2 x 2 minors, whose
//! determinant `a d - b c` rounds exactly as the reference's two 1 x 1
//! expansion steps `(0 + a d) - b c` do.
//!
//! The gradient is parad's reverse mode of `det`, through the recursion.

use super::{job, unknown_function, Job};
use crate::json::{usize_of, vec_of};
use parad::autodiff;
use serde_json::Value;

pub const READY: bool = true;

/// The first column at or after `from` that is not in `used`.
fn next_free(used: usize, from: usize) -> usize {
    let mut j = from;
    while used & (1 << j) != 0 {
        j += 1;
    }
    j
}

/// The determinant of the `m x m` minor (`m >= 2`) of the `n x n` row-major
/// matrix `a` made of its last `m` rows and the columns not in `used`.
#[autodiff]
pub fn minor_det(a: &[f64], n: usize, m: usize, used: usize) -> f64 {
    let row = n - m;
    if m == 2 {
        let j0 = next_free(used, 0);
        let j1 = next_free(used, j0 + 1);
        return a[row * n + j0] * a[(row + 1) * n + j1] - a[row * n + j1] * a[(row + 1) * n + j0];
    }
    let mut det = 0.0;
    let mut positive = true;
    for j in 0..n {
        if used & (1 << j) == 0 {
            let d = minor_det(a, n, m - 1, used | (1 << j));
            if positive {
                det += a[row * n + j] * d;
            } else {
                det -= a[row * n + j] * d;
            }
            positive = !positive;
        }
    }
    det
}

/// The determinant of the `ell x ell` row-major matrix `a` (`1 <= ell <= 64`).
#[autodiff(reverse, d_det, Duplicated, Const, Active)]
pub fn det(a: &[f64], ell: usize) -> f64 {
    if ell == 1 {
        return a[0];
    }
    minor_det(a, ell, ell, 0)
}

pub fn prepare(function: &str, input: &Value) -> Result<Box<dyn Job>, String> {
    let a = vec_of(input, "A")?;
    let ell = usize_of(input, "ell")?;
    if ell == 0 || ell > usize::BITS as usize {
        return Err(format!("`ell` = {ell} is not between 1 and {}", usize::BITS));
    }
    if a.len() != ell * ell {
        return Err(format!("`A` has {} entries, expected ell^2 = {}", a.len(), ell * ell));
    }
    match function {
        "primal" => Ok(job((a, ell, 0.0), |s| s.2 = det(&s.0, s.1), |s| Value::from(s.2))),
        "gradient" => {
            let n = a.len();
            Ok(job(
                (a, ell, vec![0.0; n]),
                |s| {
                    s.2.fill(0.0);
                    d_det(&s.0, &mut s.2, s.1, 1.0);
                },
                |s| Value::from(s.2.clone()),
            ))
        }
        _ => Err(unknown_function("det", function)),
    }
}
