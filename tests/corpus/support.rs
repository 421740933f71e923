//! Drivers shared by every test of the corpus.
//!
//! Each differentiated function is exercised through closures over one flat
//! input `x: &[f64]` (its differentiable arguments packed one after the
//! other), so that every test runs the same checks:
//!
//! 1. the original function, the reverse derivative and the forward derivative
//!    return the same primal value;
//! 2. `check::gradient`: the reverse derivative against central finite
//!    differences;
//! 3. `check::dot_product`: the forward derivative against the reverse one,
//!    `<J v, w> == <v, J^T w>` for random `v`, `w`.
//!
//! Functions with `&mut` outputs are tested as maps `x -> out`: the gradient
//! check differentiates the scalar `sum_i w_i out_i` for a fixed random `w`,
//! which is exactly what seeding the output shadow with `w` computes.

use parad::check;

/// Tolerance of `check::gradient` for f64 functions.
pub const TOL: f64 = 1e-6;

/// Tolerance of `check::gradient` for f32 functions: the derivative is computed
/// in single precision and compared with finite differences of the f64 twin.
pub const TOL_F32: f64 = 2e-3;

/// Relative tolerance when two computations of the same primal value are compared.
const VALUE_TOL: f64 = 1e-10;

/// `parts` laid end to end: the packed input of a function of several arguments.
pub fn cat(parts: &[&[f64]]) -> Vec<f64> {
    parts.concat()
}

/// `sum_i a_i b_i`.
pub fn inner(a: &[f64], b: &[f64]) -> f64 {
    assert_eq!(a.len(), b.len());
    a.iter().zip(b).map(|(p, q)| p * q).sum()
}

/// Whether `got` and `want` agree to `rel`, relative to the larger of them and 1.
pub fn close(got: f64, want: f64, rel: f64) -> bool {
    (got - want).abs() <= rel * got.abs().max(want.abs()).max(1.0)
}

/// Panics unless `got` and `want` agree to `rel` (see [`close`]).
#[track_caller]
pub fn assert_close(what: &str, got: f64, want: f64, rel: f64) {
    assert!(close(got, want, rel), "{what}: got {got:e}, want {want:e} (difference {:e})", got - want);
}

/// Panics unless the slices have the same length and agree elementwise to `rel`.
#[track_caller]
pub fn assert_all_close(what: &str, got: &[f64], want: &[f64], rel: f64) {
    assert_eq!(got.len(), want.len(), "{what}: lengths differ");
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        assert!(close(g, w, rel), "{what}[{i}]: got {g:e}, want {w:e} (difference {:e})", g - w);
    }
}

/// Checks a scalar-valued function of the packed input.
///
/// - `primal(x)`: the original function;
/// - `rev(x, dx, seed)`: calls the reverse derivative with `seed`, adds
///   `seed * grad` into `dx` and returns the primal value;
/// - `fwd(x, v)`: calls the forward derivative with tangent `v` and returns
///   `(value, directional derivative)`.
pub fn scalar(
    x: &[f64],
    tol: f64,
    mut primal: impl FnMut(&[f64]) -> f64,
    mut rev: impl FnMut(&[f64], &mut [f64], f64) -> f64,
    mut fwd: impl FnMut(&[f64], &[f64]) -> (f64, f64),
) {
    let n = x.len();
    let y = primal(x);
    let mut dx = vec![0.0; n];
    assert_close("value returned by the reverse derivative", rev(x, &mut dx, 1.0), y, VALUE_TOL);
    assert_close("value returned by the forward derivative", fwd(x, &vec![0.0; n]).0, y, VALUE_TOL);
    check::gradient(|x, dx| rev(x, dx, 1.0), x, tol);
    modes_agree(x, rev, fwd);
}

/// The dot-product test of forward against reverse mode alone, for a
/// scalar-valued function (`rev` and `fwd` as in [`scalar`]): where finite
/// differences cannot judge, at a kink.
pub fn modes_agree(
    x: &[f64],
    mut rev: impl FnMut(&[f64], &mut [f64], f64) -> f64,
    mut fwd: impl FnMut(&[f64], &[f64]) -> (f64, f64),
) {
    check::dot_product(
        |x, v| vec![fwd(x, v).1],
        |x, w| {
            let mut dx = vec![0.0; x.len()];
            rev(x, &mut dx, w[0]);
            dx
        },
        x,
    );
}

/// [`scalar`] for a function of a slice and one float, both
/// differentiated, packed as `[xs.., k]`:
///
/// - `primal(xs, k)`;
/// - `rev(xs, dxs, k, seed)`: the reverse derivative, adding into `dxs`
///   and returning `(value, dk)`;
/// - `fwd(xs, txs, k, tk)`: the forward derivative, `(value, tangent)`.
pub fn slice_and_scalar(
    x: &[f64],
    mut primal: impl FnMut(&[f64], f64) -> f64,
    mut rev: impl FnMut(&[f64], &mut [f64], f64, f64) -> (f64, f64),
    mut fwd: impl FnMut(&[f64], &[f64], f64, f64) -> (f64, f64),
) {
    let n = x.len() - 1;
    scalar(
        x,
        TOL,
        |x| primal(&x[..n], x[n]),
        |x, dx, seed| {
            let (dxs, dk) = dx.split_at_mut(n);
            let (value, g) = rev(&x[..n], dxs, x[n], seed);
            dk[0] += g;
            value
        },
        |x, t| fwd(&x[..n], &t[..n], x[n], t[n]),
    );
}

/// [`scalar`] for the common shape `fn f(x: &[f64]) -> f64` with
/// `#[autodiff(reverse, d_f, Duplicated, Active)]` and
/// `#[autodiff(forward, f_fwd, Dual, Dual)]`.
pub fn slice_fn(
    x: &[f64],
    f: fn(&[f64]) -> f64,
    d_f: fn(&[f64], &mut [f64], f64) -> f64,
    f_fwd: fn(&[f64], &[f64]) -> (f64, f64),
) {
    scalar(x, TOL, f, d_f, f_fwd);
}

/// Checks a map `x -> out` with `m` outputs.
///
/// - `primal(x)`: the original function, returning `out`;
/// - `rev(x, dx, w)`: calls the reverse derivative with the output shadow
///   seeded with `w`, adds `J^T w` into `dx`, and returns `out`;
/// - `fwd(x, v)`: calls the forward derivative with tangent `v` and returns
///   `(out, J v)`.
///
/// `wseed` seeds the fixed random weights of the scalar loss `sum_i w_i out_i`
/// that the gradient check differentiates.
pub fn map(
    x: &[f64],
    m: usize,
    tol: f64,
    wseed: u64,
    mut primal: impl FnMut(&[f64]) -> Vec<f64>,
    mut rev: impl FnMut(&[f64], &mut [f64], &[f64]) -> Vec<f64>,
    mut fwd: impl FnMut(&[f64], &[f64]) -> (Vec<f64>, Vec<f64>),
) {
    let n = x.len();
    let y = primal(x);
    assert_eq!(y.len(), m, "the primal has {} outputs, the test expects {m}", y.len());
    let w = check::random_vec(m, -1.0, 1.0, wseed);
    let mut dx = vec![0.0; n];
    assert_all_close("outputs of the reverse derivative", &rev(x, &mut dx, &w), &y, VALUE_TOL);
    let (yf, tf) = fwd(x, &vec![0.0; n]);
    assert_all_close("outputs of the forward derivative", &yf, &y, VALUE_TOL);
    assert_eq!(tf.len(), m, "the forward derivative returned a tangent of the wrong length");
    check::gradient(
        |x, dx| {
            let out = rev(x, dx, &w);
            inner(&w, &out)
        },
        x,
        tol,
    );
    check::dot_product(
        |x, v| fwd(x, v).1,
        |x, w| {
            let mut dx = vec![0.0; x.len()];
            rev(x, &mut dx, w);
            dx
        },
        x,
    );
}

/// `x` rounded to single precision.
pub fn to_f32(x: &[f64]) -> Vec<f32> {
    x.iter().map(|&v| v as f32).collect()
}

/// `x` widened to double precision.
pub fn to_f64(x: &[f32]) -> Vec<f64> {
    x.iter().map(|&v| v as f64).collect()
}

/// Checks an f32 function of the packed input, like [`scalar`].
///
/// The f32 derivative is compared with finite differences of `twin`, the same
/// function written in f64: finite differences of an f32 function drown in
/// rounding error, whatever step the checker takes. The f32 primal value must
/// match the twin's to 1e-4. Forward and reverse are compared by a dot-product
/// test with a single-precision tolerance ([`dot_product_f32`]).
pub fn scalar_f32(
    x: &[f64],
    tol: f64,
    mut twin: impl FnMut(&[f64]) -> f64,
    mut primal: impl FnMut(&[f32]) -> f32,
    mut rev: impl FnMut(&[f32], &mut [f32], f32) -> f32,
    mut fwd: impl FnMut(&[f32], &[f32]) -> (f32, f32),
) {
    let n = x.len();
    let x32 = to_f32(x);
    let y = primal(&x32);
    assert_close("f32 value against the f64 twin", y as f64, twin(x), 1e-4);
    let mut dx = vec![0.0f32; n];
    assert_close("value of the f32 reverse derivative", rev(&x32, &mut dx, 1.0) as f64, y as f64, 1e-5);
    assert_close("value of the f32 forward derivative", fwd(&x32, &vec![0.0; n]).0 as f64, y as f64, 1e-5);
    check::gradient(
        |x, dx| {
            let x32 = to_f32(x);
            let mut dx32 = vec![0.0f32; x.len()];
            rev(&x32, &mut dx32, 1.0);
            for (d, g) in dx.iter_mut().zip(&dx32) {
                *d += *g as f64;
            }
            twin(x)
        },
        x,
        tol,
    );
    dot_product_f32(
        |x, v| vec![fwd(x, v).1],
        |x, w| {
            let mut dx = vec![0.0f32; x.len()];
            rev(x, &mut dx, w[0]);
            dx
        },
        &x32,
    );
}

/// Checks an f32 map with `m` outputs, like [`map`], against its f64 `twin`
/// (see [`scalar_f32`]).
pub fn map_f32(
    x: &[f64],
    m: usize,
    tol: f64,
    wseed: u64,
    mut twin: impl FnMut(&[f64]) -> Vec<f64>,
    mut primal: impl FnMut(&[f32]) -> Vec<f32>,
    mut rev: impl FnMut(&[f32], &mut [f32], &[f32]) -> Vec<f32>,
    mut fwd: impl FnMut(&[f32], &[f32]) -> (Vec<f32>, Vec<f32>),
) {
    let n = x.len();
    let x32 = to_f32(x);
    let y = to_f64(&primal(&x32));
    assert_eq!(y.len(), m);
    assert_all_close("f32 outputs against the f64 twin", &y, &twin(x), 1e-4);
    let w = check::random_vec(m, -1.0, 1.0, wseed);
    let w32 = to_f32(&w);
    let mut dx = vec![0.0f32; n];
    assert_all_close("outputs of the f32 reverse derivative", &to_f64(&rev(&x32, &mut dx, &w32)), &y, 1e-5);
    let (yf, tf) = fwd(&x32, &vec![0.0; n]);
    assert_all_close("outputs of the f32 forward derivative", &to_f64(&yf), &y, 1e-5);
    assert_eq!(tf.len(), m);
    check::gradient(
        |x, dx| {
            let x32 = to_f32(x);
            let mut dx32 = vec![0.0f32; x.len()];
            rev(&x32, &mut dx32, &w32);
            for (d, g) in dx.iter_mut().zip(&dx32) {
                *d += *g as f64;
            }
            inner(&w, &twin(x))
        },
        x,
        tol,
    );
    dot_product_f32(
        |x, v| fwd(x, v).1,
        |x, w| {
            let mut dx = vec![0.0f32; x.len()];
            rev(x, &mut dx, w);
            dx
        },
        &x32,
    );
}

/// The dot-product test `<J v, w> == <v, J^T w>` on f32 derivatives, through
/// `check::dot_product_tol` with a single-precision tolerance (the default one
/// is meant for f64).
pub fn dot_product_f32(
    mut fwd: impl FnMut(&[f32], &[f32]) -> Vec<f32>,
    mut rev: impl FnMut(&[f32], &[f32]) -> Vec<f32>,
    x: &[f32],
) {
    check::dot_product_tol(
        |x, v| to_f64(&fwd(&to_f32(x), &to_f32(v))),
        |x, w| to_f64(&rev(&to_f32(x), &to_f32(w))),
        &to_f64(x),
        1e-4,
    );
}

/// The message a call panics with.
pub fn panic_message(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let e = std::panic::catch_unwind(f).expect_err("the call should panic");
    e.downcast_ref::<String>().cloned().unwrap_or_else(|| e.downcast_ref::<&str>().unwrap_or(&"").to_string())
}
