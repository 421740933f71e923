//! Helpers returning arrays of numbers (`fn cross(a, b) -> [f64; 3]`), as
//! geometry code writes them: bound with their type by the caller (`let w:
//! [f64; 3] = cross(&a, &b);`), or untyped inside `#[autodiff] mod`, which
//! adds the type; returned early, chosen by an `if`, and from a helper
//! calling another. Checked against central differences and the other
//! mode on random inputs.

use crate::support;
use parad::autodiff;
use parad::check::random_vec;

#[autodiff]
fn cross(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

/// Rodrigues' rotation of `p` by the vector `r`, the identity's first
/// order for small angles (an early return).
#[autodiff]
fn rotate(r: &[f64; 3], p: &[f64; 3]) -> [f64; 3] {
    let t2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
    if t2 < 1e-12 {
        let rp: [f64; 3] = cross(r, p);
        return [p[0] + rp[0], p[1] + rp[1], p[2] + rp[2]];
    }
    let t = t2.sqrt();
    let w = [r[0] / t, r[1] / t, r[2] / t];
    let wp: [f64; 3] = cross(&w, p);
    let dot = (w[0] * p[0] + w[1] * p[1] + w[2] * p[2]) * (1.0 - t.cos());
    let mut out = [0.0; 3];
    for i in 0..3 {
        out[i] = p[i] * t.cos() + wp[i] * t.sin() + w[i] * dot;
    }
    out
}

/// A projection's squared error: rotate each point, divide by depth.
#[autodiff(reverse, d_reprojection, Duplicated, Active)]
#[autodiff(forward, reprojection_fwd, Dual, Dual)]
pub fn reprojection(x: &[f64]) -> f64 {
    let r = [x[0], x[1], x[2]];
    let mut e = 0.0;
    let mut k = 3;
    while k + 3 <= x.len() {
        let p = [x[k], x[k + 1], x[k + 2] + 4.0];
        let q: [f64; 3] = rotate(&r, &p);
        let u = q[0] / q[2] - 0.1;
        let v = q[1] / q[2] + 0.2;
        e += u * u + v * v;
        k += 3;
    }
    e
}

#[parad::autodiff]
pub mod geometry {
    use parad::autodiff;

    fn scaled(a: &[f64; 2], k: f64) -> [f64; 2] {
        if k > 0.0 {
            [a[0] * k, a[1] * k]
        } else {
            [a[1] * k, a[0]]
        }
    }

    #[autodiff(reverse, d_spread, Duplicated, Active)]
    pub fn spread(x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() / 2 {
            let a = [x[2 * i], x[2 * i + 1]];
            let b = scaled(&a, x[0] - 0.3);
            s += b[0] * b[1] + b[0].sin();
        }
        s
    }
}

#[test]
fn helpers_returning_arrays() {
    for (seed, n) in [(0, 6), (1, 12), (2, 30)] {
        let x = random_vec(n, -0.7, 0.7, 1700 + seed);
        support::slice_fn(&x, reprojection, d_reprojection, reprojection_fwd);
    }
    // The small-angle branch.
    let x = [0.0, 0.0, 0.0, 0.3, -0.2, 0.5];
    support::slice_fn(&x, reprojection, d_reprojection, reprojection_fwd);
}

#[test]
fn helpers_returning_arrays_in_a_module() {
    for (seed, n) in [(0, 2), (1, 8)] {
        let x = random_vec(n, -1.0, 1.0, 1710 + seed);
        let mut dx = vec![0.0; n];
        let y = geometry::d_spread(&x, &mut dx, 1.0);
        support::assert_close("value", y, geometry::spread(&x), 1e-12);
        parad::check::gradient(|x, dx| geometry::d_spread(x, dx, 1.0), &x, support::TOL);
    }
}
