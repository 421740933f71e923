//! Calls: a chain of differentiable functions three deep (required), helpers
//! marked with bare `#[autodiff]` that take `&mut` outputs, calls to functions
//! that carry their own `#[autodiff(...)]`, custom rules (`#[derivative]`) with
//! one and two arguments, including one whose body the macro must not look
//! into, recursion (required) on a scalar and on index ranges of a slice, and
//! sub-slices as arguments (`&x[..m]`, `&mut y[..m]`, `x[..m].to_vec()`,
//! rows of `chunks_mut` passed mutably).

use crate::support::{self, assert_close, cat, TOL};
use parad::check::random_vec;
use parad::{autodiff, derivative};

/// The bottom of the call chain.
#[autodiff]
fn inner(v: f64) -> f64 {
    v.sin() * v + 1.0
}

/// The middle of the call chain: calls `inner` in a loop.
#[autodiff]
fn middle(x: &[f64], k: f64) -> f64 {
    let mut s = 0.0;
    for &v in x.iter() {
        s += inner(k * v);
    }
    s
}

/// The top of a call chain three functions deep (required).
#[autodiff(reverse, d_outer, Duplicated, Active, Active)]
#[autodiff(forward, outer_fwd, Dual, Dual, Dual)]
pub fn outer(x: &[f64], k: f64) -> f64 {
    let m = middle(x, k);
    m * m + inner(x[0])
}

/// `y += a x`: a helper writing into a `&mut` argument.
#[autodiff]
fn axpy(a: f64, x: &[f64], y: &mut [f64]) {
    for i in 0..y.len() {
        y[i] += a * x[i];
    }
}

/// Calls a helper several times on the same output buffer, with active and
/// constant scalars.
#[autodiff(reverse, d_two_axpy, Duplicated, Duplicated, Active, Duplicated)]
#[autodiff(forward, two_axpy_fwd, Dual, Dual, Dual, Dual)]
pub fn two_axpy(x: &[f64], z: &[f64], a: f64, out: &mut [f64]) {
    for o in out.iter_mut() {
        *o = 0.0;
    }
    axpy(a, x, out);
    axpy(a * a, z, out);
    axpy(1.0, x, out);
    for o in out.iter_mut() {
        *o = o.sin();
    }
}

/// softplus with a custom reverse and forward rule.
#[derivative(reverse = softplus_rev, forward = softplus_fwd)]
fn softplus(x: f64) -> f64 {
    (1.0 + x.exp()).ln()
}

fn softplus_rev(x: f64, seed: f64) -> f64 {
    seed / (1.0 + (-x).exp())
}

fn softplus_fwd(x: f64, tx: f64) -> f64 {
    tx / (1.0 + (-x).exp())
}

/// Calls the custom rule `softplus`.
#[autodiff(reverse, d_softplus_layer, Duplicated, Duplicated, Active)]
#[autodiff(forward, softplus_layer_fwd, Dual, Dual, Dual)]
pub fn softplus_layer(w: &[f64], x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..w.len() {
        s += softplus(w[i] * x[i]);
    }
    s
}

/// `ln(e^a + e^b)` with a custom rule of two arguments.
#[derivative(reverse = logaddexp_rev, forward = logaddexp_fwd)]
fn logaddexp(a: f64, b: f64) -> f64 {
    let m = a.max(b);
    m + ((a - m).exp() + (b - m).exp()).ln()
}

fn logaddexp_rev(a: f64, b: f64, seed: f64) -> (f64, f64) {
    let l = logaddexp(a, b);
    (seed * (a - l).exp(), seed * (b - l).exp())
}

fn logaddexp_fwd(a: f64, ta: f64, b: f64, tb: f64) -> f64 {
    let l = logaddexp(a, b);
    ta * (a - l).exp() + tb * (b - l).exp()
}

/// Log-sum-exp accumulated by the two-argument rule.
#[autodiff(reverse, d_logaddexp_chain, Duplicated, Active)]
#[autodiff(forward, logaddexp_chain_fwd, Dual, Dual)]
pub fn logaddexp_chain(x: &[f64]) -> f64 {
    let mut acc = x[0];
    for i in 1..x.len() {
        acc = logaddexp(acc, x[i]);
    }
    acc
}

/// A plain function, not differentiable: the solver below calls it with
/// active values, which is only allowed because the solver has a rule.
fn start_guess(b: f64, c: f64) -> f64 {
    b.abs() + c.abs() + 1.0
}

/// The larger root of `r^2 + b r + c = 0` (`c < 0`) by Newton's method from
/// the right: an opaque solver that enters differentiated code through its
/// rule (the implicit function theorem), not through its body.
#[derivative(reverse = quad_root_rev, forward = quad_root_fwd)]
fn quad_root(b: f64, c: f64) -> f64 {
    let mut r = start_guess(b, c);
    for _ in 0..60 {
        r -= (r * r + b * r + c) / (2.0 * r + b);
    }
    r
}

fn quad_root_rev(b: f64, c: f64, seed: f64) -> (f64, f64) {
    let r = quad_root(b, c);
    let d = 2.0 * r + b;
    (-seed * r / d, -seed / d)
}

fn quad_root_fwd(b: f64, tb: f64, c: f64, tc: f64) -> f64 {
    let r = quad_root(b, c);
    -(r * tb + tc) / (2.0 * r + b)
}

/// Calls the solver on consecutive pairs `(b, c)` of `p`.
#[autodiff(reverse, d_root_loss, Duplicated, Active)]
#[autodiff(forward, root_loss_fwd, Dual, Dual)]
pub fn root_loss(p: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..p.len() / 2 {
        let b = p[2 * i];
        let r = quad_root(b, p[2 * i + 1]);
        s += r * r + r * b;
    }
    s
}

/// `x^n` by recursion on `n`, squaring on even `n` (required: recursion).
#[autodiff(reverse, d_power_rec, Active, Const, Active)]
#[autodiff(forward, power_rec_fwd, Dual, Const, Dual)]
pub fn power_rec(x: f64, n: u32) -> f64 {
    if n == 0 {
        1.0
    } else if n % 2 == 0 {
        let h = power_rec(x, n / 2);
        h * h
    } else {
        x * power_rec(x, n - 1)
    }
}

/// A nonlinear reduction by recursion on halves of the index range `lo..hi`.
#[autodiff(reverse, d_tree_reduce, Duplicated, Const, Const, Active)]
#[autodiff(forward, tree_reduce_fwd, Dual, Const, Const, Dual)]
pub fn tree_reduce(x: &[f64], lo: usize, hi: usize) -> f64 {
    if hi - lo == 1 {
        x[lo].sin()
    } else {
        let mid = (lo + hi) / 2;
        let l = tree_reduce(x, lo, mid);
        let r = tree_reduce(x, mid, hi);
        l * r.cos() + r + 0.5 * l
    }
}

/// Recursion whose calls to itself read values changed after them: the
/// adjoint of each call runs the callee again (joint mode, see
/// `docs/calls.md`), with the arguments as they were at the call. A local
/// copy of the data, mapped, passed down, then overwritten; the depth, read
/// into a local the loop then changes; a scalar threaded through.
#[autodiff(reverse, d_nested_maps, Duplicated, Active, Const, Active)]
#[autodiff(forward, nested_maps_fwd, Dual, Dual, Const, Dual)]
pub fn nested_maps(x: &[f64], w: f64, depth: usize) -> f64 {
    if depth == 0 || x.is_empty() {
        return w * x.iter().map(|v| v * v).sum::<f64>();
    }
    let mut y = x.to_vec();
    for v in y.iter_mut() {
        *v = (*v * w).sin();
    }
    let mut level = depth - 1;
    let mut total = 0.0;
    for k in 0..2 {
        let r = nested_maps(&y, w + 0.25 * k as f64, level);
        y[0] = 0.5 * r.cos() + y[0];
        level = level.saturating_sub(1);
        total += 0.5 * r.tanh() * y[0] + x[k % x.len()];
    }
    total
}

#[test]
fn recursion_with_arguments_changed_after_the_call() {
    for (n, depth, seed) in [(3, 0, 617), (4, 1, 618), (3, 3, 619)] {
        let x = cat(&[&random_vec(n, -1.0, 1.0, seed), &random_vec(1, 0.5, 1.5, seed + 100)]);
        support::scalar(
            &x,
            TOL,
            |x| nested_maps(&x[..n], x[n], depth),
            |x, dx, seed| {
                let (dv, dw) = dx.split_at_mut(n);
                let (v, g) = d_nested_maps(&x[..n], dv, x[n], depth, seed);
                dw[0] += g;
                v
            },
            |x, t| nested_maps_fwd(&x[..n], &t[..n], x[n], t[n], depth),
        );
    }
}

#[test]
fn call_chain_three_deep() {
    let n = 5;
    let x = cat(&[&random_vec(n, -1.0, 1.0, 601), &random_vec(1, 0.5, 1.5, 602)]);
    support::scalar(
        &x,
        TOL,
        |x| outer(&x[..n], x[n]),
        |x, dx, seed| {
            let (dv, dk) = dx.split_at_mut(n);
            let (v, g) = d_outer(&x[..n], dv, x[n], seed);
            dk[0] += g;
            v
        },
        |x, t| outer_fwd(&x[..n], &t[..n], x[n], t[n]),
    );
}

#[test]
fn helper_with_mut_output_called_repeatedly() {
    let n = 5;
    let x = cat(&[&random_vec(n, -1.0, 1.0, 603), &random_vec(n, -1.0, 1.0, 604), &random_vec(1, -1.0, 1.0, 605)]);
    support::map(
        &x,
        n,
        TOL,
        606,
        |x| {
            let mut out = vec![0.0; n];
            two_axpy(&x[..n], &x[n..2 * n], x[2 * n], &mut out);
            out
        },
        |x, dx, w| {
            let (dv, rest) = dx.split_at_mut(n);
            let (dz, da) = rest.split_at_mut(n);
            let mut out = vec![0.0; n];
            let mut dout = w.to_vec();
            let g: f64 = d_two_axpy(&x[..n], dv, &x[n..2 * n], dz, x[2 * n], &mut out, &mut dout);
            da[0] += g;
            out
        },
        |x, t| {
            let mut out = vec![0.0; n];
            let mut tout = vec![0.0; n];
            two_axpy_fwd(&x[..n], &t[..n], &x[n..2 * n], &t[n..2 * n], x[2 * n], t[2 * n], &mut out, &mut tout);
            (out, tout)
        },
    );
}

#[test]
fn custom_rule_one_argument() {
    let n = 6;
    let x = cat(&[&random_vec(n, -2.0, 2.0, 607), &random_vec(n, -2.0, 2.0, 608)]);
    support::scalar(
        &x,
        TOL,
        |x| softplus_layer(&x[..n], &x[n..]),
        |x, dx, seed| {
            let (dw, dv) = dx.split_at_mut(n);
            d_softplus_layer(&x[..n], dw, &x[n..], dv, seed)
        },
        |x, t| softplus_layer_fwd(&x[..n], &t[..n], &x[n..], &t[n..]),
    );
}

#[test]
fn custom_rule_two_arguments() {
    support::slice_fn(&random_vec(7, -3.0, 3.0, 609), logaddexp_chain, d_logaddexp_chain, logaddexp_chain_fwd);
}

#[test]
fn custom_rule_for_opaque_solver() {
    // Pairs (b, c) with b in [-1, 1] and c in [-2, -0.5]: real roots, and the
    // solver's starting point lies right of the larger one.
    let b = random_vec(4, -1.0, 1.0, 610);
    let c = random_vec(4, -2.0, -0.5, 611);
    let p: Vec<f64> = b.iter().zip(&c).flat_map(|(&b, &c)| [b, c]).collect();
    for i in 0..4 {
        let r = quad_root(b[i], c[i]);
        let exact = 0.5 * (-b[i] + (b[i] * b[i] - 4.0 * c[i]).sqrt());
        assert_close("solver", r, exact, 1e-12);
    }
    support::slice_fn(&p, root_loss, d_root_loss, root_loss_fwd);
}

#[test]
fn recursion_on_scalar() {
    for (n, seed) in [(0u32, 612), (1, 613), (7, 614), (10, 615)] {
        let x = random_vec(1, 0.5, 1.5, seed);
        support::scalar(
            &x,
            TOL,
            |x| power_rec(x[0], n),
            |x, dx, seed| {
                let (v, g) = d_power_rec(x[0], n, seed);
                dx[0] += g;
                v
            },
            |x, t| power_rec_fwd(x[0], t[0], n),
        );
        let (v, g) = d_power_rec(x[0], n, 1.0);
        assert_close("x^n", v, x[0].powi(n as i32), 1e-14);
        assert_close("n x^(n-1)", g, n as f64 * x[0].powi(n as i32 - 1), 1e-13);
    }
}

#[test]
fn recursion_on_index_ranges() {
    let n = 11;
    let x = random_vec(n, -1.5, 1.5, 616);
    support::scalar(
        &x,
        TOL,
        |x| tree_reduce(x, 0, x.len()),
        |x, dx, seed| d_tree_reduce(x, dx, 0, x.len(), seed),
        |x, t| tree_reduce_fwd(x, t, 0, x.len()),
    );
    // A sub-range leaves the other elements with zero gradient.
    let mut dx = vec![0.0; n];
    d_tree_reduce(&x, &mut dx, 3, 8, 1.0);
    for i in (0..3).chain(8..n) {
        assert_eq!(dx[i], 0.0, "dx[{i}] outside the range");
    }
}

/// The sum of squares of its whole argument, with its own reverse
/// derivative: the callers below pass it sub-slices with the start left out
/// (`&x[..m]`), which must reach it as the first `m` elements, not all of `x`.
#[autodiff(reverse, d_head_sum, Duplicated, Active)]
fn head_sum(v: &[f64]) -> f64 {
    v.iter().map(|a| a * a).sum()
}

/// Maps its whole argument in place, scaled by its length.
#[autodiff(reverse, d_wave_all, Duplicated, Const)]
fn wave_all(v: &mut [f64], k: f64) {
    let n = v.len() as f64;
    for a in v.iter_mut() {
        *a = (*a * k).sin() * n;
    }
}

/// Sub-slices `x[..m]` as call arguments: directly, bound by `let`, of a
/// local `Vec` (read and written), and copied with `to_vec()`.
#[autodiff(reverse, d_heads, Duplicated, Const, Active)]
#[autodiff(forward, heads_fwd, Dual, Const, Dual)]
pub fn heads(x: &[f64], m: usize) -> f64 {
    let a = head_sum(&x[..m]);
    let h = &x[..m];
    let b = head_sum(h) * h.len() as f64;
    let mut w = x.to_vec();
    wave_all(&mut w[..m], 1.5);
    let c = head_sum(&w) + head_sum(&w[..m]);
    let t = x[..m].to_vec();
    let d = head_sum(&t) * t.len() as f64;
    let mut e = 0.0;
    for pair in x[..m].chunks(3) {
        e += head_sum(pair) * pair.len() as f64;
    }
    a + 2.0 * b + 3.0 * c + 5.0 * d + 7.0 * e
}

/// A sub-slice from the start passed through `no_grad`.
#[autodiff(reverse, d_head_nograd, Duplicated, Const, Active)]
pub fn head_nograd(x: &[f64], m: usize) -> f64 {
    head_sum(parad::no_grad(&x[..m])) * x[0]
}

/// `&mut y[..m]` of a `&mut` parameter, also bound by `let`.
#[autodiff(reverse, d_heads_mut, Duplicated, Const, Duplicated)]
#[autodiff(forward, heads_mut_fwd, Dual, Const, Dual)]
pub fn heads_mut(x: &[f64], m: usize, y: &mut [f64]) {
    for i in 0..y.len() {
        y[i] = x[i];
    }
    wave_all(&mut y[..m], 0.7);
    let h = &mut y[..m - 1];
    wave_all(h, 1.1);
    y[0] += head_sum(&y[..2]);
}

/// `heads` written out by hand: what the sub-slices must compute.
fn heads_by_hand(x: &[f64], m: usize) -> f64 {
    let sq = |v: &[f64]| v.iter().map(|a| a * a).sum::<f64>();
    let a = sq(&x[..m]);
    let b = sq(&x[..m]) * m as f64;
    let w: Vec<f64> = x.iter().enumerate().map(|(i, &v)| if i < m { (v * 1.5).sin() * m as f64 } else { v }).collect();
    let c = sq(&w) + sq(&w[..m]);
    let d = sq(&x[..m]) * m as f64;
    let e: f64 = x[..m].chunks(3).map(|p| sq(p) * p.len() as f64).sum();
    a + 2.0 * b + 3.0 * c + 5.0 * d + 7.0 * e
}

#[test]
fn sub_slice_from_start_as_argument() {
    let (n, m) = (7, 4);
    let x = random_vec(n, -1.0, 1.0, 617);
    assert_close("heads against the hand-written sums", heads(&x, m), heads_by_hand(&x, m), 1e-13);
    support::scalar(&x, TOL, |x| heads(x, m), |x, dx, seed| d_heads(x, dx, m, seed), |x, t| heads_fwd(x, t, m));
    // The elements after `m` enter only through `head_sum(&w)`: 3 * 2 x_i.
    let mut dx = vec![0.0; n];
    let v = d_heads(&x, &mut dx, m, 1.0);
    assert_close("value of d_heads", v, heads_by_hand(&x, m), 1e-13);
    for i in m..n {
        assert_close("gradient after the head", dx[i], 6.0 * x[i], 1e-13);
    }
}

#[test]
fn mut_sub_slice_from_start_as_argument() {
    let (n, m) = (6, 4);
    let x = random_vec(n, -1.0, 1.0, 618);
    let mut y = vec![0.0; n];
    heads_mut(&x, m, &mut y);
    let mut want = x.clone();
    for v in &mut want[..m] {
        *v = (*v * 0.7).sin() * m as f64;
    }
    for v in &mut want[..m - 1] {
        *v = (*v * 1.1).sin() * (m - 1) as f64;
    }
    want[0] += want[0] * want[0] + want[1] * want[1];
    support::assert_all_close("heads_mut against the hand-written maps", &y, &want, 1e-13);
    support::map(
        &x,
        n,
        TOL,
        619,
        |x| {
            let mut y = vec![0.0; n];
            heads_mut(x, m, &mut y);
            y
        },
        |x, dx, w| {
            let mut y = vec![0.0; n];
            let mut dy = w.to_vec();
            d_heads_mut(x, dx, m, &mut y, &mut dy);
            y
        },
        |x, t| {
            let mut y = vec![0.0; n];
            let mut ty = vec![0.0; n];
            heads_mut_fwd(x, t, m, &mut y, &mut ty);
            (y, ty)
        },
    );
}

#[test]
fn sub_slice_from_start_through_no_grad() {
    let (n, m) = (6, 3);
    let x = random_vec(n, -1.0, 1.0, 620);
    let head: f64 = x[..m].iter().map(|a| a * a).sum();
    let mut dx = vec![0.0; n];
    let v = d_head_nograd(&x, &mut dx, m, 1.0);
    assert_close("value of d_head_nograd", v, head * x[0], 1e-13);
    assert_close("dx[0]: only the factor x[0] is differentiated", dx[0], head, 1e-13);
    assert!(dx[1..].iter().all(|&d| d == 0.0), "no gradient through no_grad: {dx:?}");
}

/// Rows of `chunks_mut` passed mutably to a helper, then a sub-slice of
/// each row: the adjoint call borrows `y`'s row while the row's bounds read
/// `y.len()`.
#[autodiff(reverse, d_chunk_waves, Duplicated, Active)]
#[autodiff(forward, chunk_waves_fwd, Dual, Dual)]
pub fn chunk_waves(y: &mut [f64], k: f64) {
    for row in y.chunks_mut(4) {
        wave_all(row, k);
        wave_all(&mut row[1..], 0.5 * k);
    }
}

#[test]
fn mut_rows_to_helper() {
    let n = 4 * 5 + 2;
    // Packed `(y0, k)`.
    let mut x = random_vec(n + 1, -1.0, 1.0, 621);
    x[n] = 1.2;
    let primal = |x: &[f64]| {
        let mut y = x[..n].to_vec();
        chunk_waves(&mut y, x[n]);
        y
    };
    let mut want = x[..n].to_vec();
    for row in want.chunks_mut(4) {
        let len = row.len() as f64;
        for (c, v) in row.iter_mut().enumerate() {
            *v = (*v * x[n]).sin() * len;
            if c > 0 {
                *v = (*v * 0.5 * x[n]).sin() * (len - 1.0);
            }
        }
    }
    support::assert_all_close("chunk_waves against the hand-written rows", &primal(&x), &want, 1e-13);
    support::map(
        &x,
        n,
        TOL,
        622,
        primal,
        |x, dx, w| {
            let mut y = x[..n].to_vec();
            let mut dy = w.to_vec();
            let g = d_chunk_waves(&mut y, &mut dy, x[n]);
            for i in 0..n {
                dx[i] += dy[i];
            }
            dx[n] += g;
            y
        },
        |x, t| {
            let (mut y, mut ty) = (x[..n].to_vec(), t[..n].to_vec());
            chunk_waves_fwd(&mut y, &mut ty, x[n], t[n]);
            (y, ty)
        },
    );
}
