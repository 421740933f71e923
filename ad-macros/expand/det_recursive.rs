use parad::autodiff;

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
