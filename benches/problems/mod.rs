//! The three benchmark problems, shared by `benches/serial.rs` and
//! `tests/handwritten.rs`.
//!
//! Each problem comes as
//! - the primal, a plain function written the way a user would write it,
//!   carrying `#[autodiff(reverse, d_NAME, ...)]` (so `d_NAME` is parad's
//!   reverse-mode derivative of exactly that code), and
//! - `NAME_adjoint`, a hand-written adjoint with the same signature as `d_NAME`:
//!   what an expert would write without a tool. It has no tape where the
//!   adjoint needs none, fuses the forward and the adjoint loop where that is
//!   natural, and writes loops over zipped sub-slices so that the compiler can
//!   drop bounds checks and vectorise.
//!
//! The hand-written adjoints follow parad's conventions, so that the two can be
//! timed and compared call for call: the shadow of a `&` input is *added to*;
//! the shadow of a `&mut` output holds the seed on entry and zero on return;
//! the primal value (or output) is computed too.

// Not every item is used by both the bench and the test that include this file.
#![allow(dead_code, clippy::needless_range_loop)]

use parad::autodiff;

// ---------------------------------------------------------------------------
// 1. Sum of squares.
// ---------------------------------------------------------------------------

/// `sum_i x_i^2`.
#[autodiff(reverse, d_sumsq, Duplicated, Active)]
pub fn sumsq(x: &[f64]) -> f64 {
    x.iter().map(|v| v * v).sum()
}

/// Hand-written adjoint of [`sumsq`]: returns the value and adds
/// `seed * 2 x` into `dx`, in one pass over `x`.
///
/// The sum is accumulated in the same order as the primal, so the value is
/// bitwise the primal's; the gradient update rides in the shadow of the
/// latency of that serial sum.
pub fn sumsq_adjoint(x: &[f64], dx: &mut [f64], seed: f64) -> f64 {
    assert_eq!(x.len(), dx.len());
    let t = 2.0 * seed;
    let mut s = 0.0;
    for (&xi, di) in x.iter().zip(dx.iter_mut()) {
        s += xi * xi;
        *di += t * xi;
    }
    s
}

// ---------------------------------------------------------------------------
// 2. Dense matrix-vector product.
// ---------------------------------------------------------------------------

/// `y = A x` with `A` row-major, `y.len()` rows and `x.len()` columns.
///
/// Differentiated with respect to `A` and `x`: seeding the shadow of `y` with
/// `w` gives the gradient of `sum_i w_i (A x)_i`, i.e. `dA += w x^T` and
/// `dx += A^T w`.
#[autodiff(reverse, d_matvec, Duplicated, Duplicated, Duplicated)]
pub fn matvec(a: &[f64], x: &[f64], y: &mut [f64]) {
    let cols = x.len();
    for i in 0..y.len() {
        let mut s = 0.0;
        for j in 0..cols {
            s += a[i * cols + j] * x[j];
        }
        y[i] = s;
    }
}

/// Hand-written adjoint of [`matvec`]: writes `y = A x`, adds `dy x^T` into
/// `da` and `A^T dy` into `dx`, and zeroes `dy` (the output is write-only).
///
/// One pass over `A`, row by row: the dot product of the row and the two
/// rank-one updates share the loads of `a[i, :]` and `x`.
pub fn matvec_adjoint(a: &[f64], da: &mut [f64], x: &[f64], dx: &mut [f64], y: &mut [f64], dy: &mut [f64]) {
    let cols = x.len();
    let rows = y.len();
    assert_eq!(a.len(), rows * cols);
    assert_eq!(da.len(), rows * cols);
    assert_eq!(dx.len(), cols);
    assert_eq!(dy.len(), rows);
    let dx = &mut dx[..cols];
    for (((row, drow), yi), dyi) in
        a.chunks_exact(cols).zip(da.chunks_exact_mut(cols)).zip(y.iter_mut()).zip(dy.iter_mut())
    {
        let g = std::mem::take(dyi);
        let mut s = 0.0;
        for (((&aij, daij), &xj), dxj) in row.iter().zip(drow.iter_mut()).zip(x).zip(dx.iter_mut()) {
            s += aij * xj;
            *daij += g * xj;
            *dxj += g * aij;
        }
        *yi = s;
    }
}

// ---------------------------------------------------------------------------
// 3. 1D explicit heat equation.
// ---------------------------------------------------------------------------

/// `steps` explicit Euler steps of the 1D heat equation with fixed boundary
/// values, on two buffers swapped each step; returns the sum of squares of the
/// final state. `alpha` (the diffusion number, stable for `alpha <= 0.5`) and
/// `steps` are constants.
#[autodiff(reverse, d_heat, Duplicated, Const, Const, Active)]
pub fn heat(u0: &[f64], alpha: f64, steps: usize) -> f64 {
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = vec![0.0; n];
    for _ in 0..steps {
        next[0] = u[0];
        next[n - 1] = u[n - 1];
        for i in 1..n - 1 {
            next[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
        }
        std::mem::swap(&mut u, &mut next);
    }
    u.iter().map(|v| v * v).sum()
}

/// One step of the stencil of [`heat`] on the interior: `out[i] = v[i] +
/// alpha (v[i-1] - 2 v[i] + v[i+1])` for `0 < i < n-1`, the same expression
/// as the primal's, so the forward state is bitwise the primal's.
#[inline(always)]
fn stencil_interior(v: &[f64], out: &mut [f64], alpha: f64) {
    let n = v.len();
    for (((o, &l), &c), &r) in out[1..n - 1].iter_mut().zip(&v[..n - 2]).zip(&v[1..n - 1]).zip(&v[2..]) {
        *o = c + alpha * (l - 2.0 * c + r);
    }
}

/// Hand-written adjoint of [`heat`]: returns the loss and adds `seed *
/// d loss / d u0` into `du0`.
///
/// Each step is linear in `u` (`alpha` is constant), so the adjoint needs no
/// intermediate state at all: run the steps forward for the final state,
/// then apply the transposed step `steps` times to `2 seed u_final`. The
/// transposed step is the same stencil applied to the adjoint with its two
/// boundary entries zeroed (the boundary rows of the step are the identity),
/// plus `alpha` times the first/last interior adjoint at the boundaries. Two
/// buffers, swapped, as in the primal; no tape.
pub fn heat_adjoint(u0: &[f64], du0: &mut [f64], alpha: f64, steps: usize, seed: f64) -> f64 {
    let n = u0.len();
    assert!(n >= 3, "heat_adjoint needs at least 3 cells");
    assert_eq!(du0.len(), n);
    let mut u = u0.to_vec();
    let mut next = vec![0.0; n];
    // Forward: the final state only.
    for _ in 0..steps {
        next[0] = u[0];
        next[n - 1] = u[n - 1];
        stencil_interior(&u, &mut next, alpha);
        std::mem::swap(&mut u, &mut next);
    }
    // Loss, and its adjoint seeded in place: u becomes ubar = 2 seed u.
    let t = 2.0 * seed;
    let mut loss = 0.0;
    for v in u.iter_mut() {
        loss += *v * *v;
        *v *= t;
    }
    // Reverse: ubar_prev = S^T ubar, `steps` times.
    let (mut b, mut prev) = (u, next);
    for _ in 0..steps {
        let (b0, bl) = (b[0], b[n - 1]);
        b[0] = 0.0;
        b[n - 1] = 0.0;
        stencil_interior(&b, &mut prev, alpha);
        prev[0] = b0 + alpha * b[1];
        prev[n - 1] = bl + alpha * b[n - 2];
        std::mem::swap(&mut b, &mut prev);
    }
    for (d, g) in du0.iter_mut().zip(&b) {
        *d += g;
    }
    loss
}
