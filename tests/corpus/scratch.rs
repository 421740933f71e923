//! Scratch buffers: a buffer that each iteration of a loop rewrites whole
//! before reading it is not taped; the adjoint of each iteration rewrites it
//! again (see `ad-macros/src/analysis/scratch.rs`). Functions where that
//! applies (one loop, written with iterators too, two nested loops beside a
//! buffer that stays taped, a `while` loop, through a companion), and
//! functions where it must not: the buffer only partly rewritten, or by two
//! loops; a value carried into the iteration; the buffer read after the
//! loop, as each run of it left the buffer; the rewrite reading a value that
//! changes later in the iteration.
//! All have the shape `f(x, m, d)`: `x` holds `n` rows of `d` numbers.

use crate::support::{self, cat, TOL};
use parad::autodiff;
use parad::check::random_vec;

/// `t` is rewritten whole at the top of every iteration, then read.
#[autodiff(reverse, d_centred, Duplicated, Duplicated, Const, Active)]
#[autodiff(forward, centred_fwd, Dual, Dual, Const, Dual)]
pub fn centred(x: &[f64], m: &[f64], d: usize) -> f64 {
    let n = x.len() / d;
    let mut t = vec![0.0; d];
    let mut s = 0.0;
    for i in 0..n {
        for j in 0..d {
            t[j] = x[i * d + j] - m[j] * (i as f64 + 1.0);
        }
        let mut q = 0.0;
        for j in 0..d {
            q += t[j] * t[j] * m[j];
        }
        s += (q + 1.0).ln();
    }
    s
}

/// [`centred`] with iterators: `t.iter_mut()` runs up to a local holding
/// `t.len()`, which the adjoint rebinds before it rewrites `t`.
#[autodiff(reverse, d_centred_iter, Duplicated, Duplicated, Const, Active)]
#[autodiff(forward, centred_iter_fwd, Dual, Dual, Const, Dual)]
pub fn centred_iter(x: &[f64], m: &[f64], d: usize) -> f64 {
    let mut t = vec![0.0; d];
    let mut s = 0.0;
    for (i, xi) in x.chunks(d).enumerate() {
        for (j, e) in t.iter_mut().enumerate() {
            *e = xi[j] - m[j] * (i as f64 + 1.0);
        }
        let q: f64 = t.iter().zip(m).map(|(a, b)| a * a * b).sum();
        s += (q + 1.0).ln();
    }
    s
}

/// GMM's shape: for every row and component, `xc` is rewritten whole
/// (cheaply: rewritten again by the adjoint) and `qx` too, by a product
/// that is dearer to recompute than to tape (taped).
#[autodiff(reverse, d_mixture, Duplicated, Duplicated, Const, Active)]
#[autodiff(forward, mixture_fwd, Dual, Dual, Const, Dual)]
pub fn mixture(x: &[f64], m: &[f64], d: usize) -> f64 {
    let n = x.len() / d;
    let k = m.len() / d;
    let mut xc = vec![0.0; d];
    let mut qx = vec![0.0; d];
    let mut s = 0.0;
    for i in 0..n {
        for c in 0..k {
            for j in 0..d {
                xc[j] = x[i * d + j] - m[c * d + j];
            }
            for r in 0..d {
                let mut v = xc[r];
                for q in 0..r {
                    v += m[(c * d + r + q) % m.len()] * xc[q];
                }
                qx[r] = v;
            }
            let mut sq = 0.0;
            for r in 0..d {
                sq += qx[r] * qx[r];
            }
            s += (-0.5 * sq).exp();
        }
    }
    s
}

/// [`centred`] in a `while` loop whose counter, read by the rewrite, is
/// incremented before it.
#[autodiff(reverse, d_centred_while, Duplicated, Duplicated, Const, Active)]
#[autodiff(forward, centred_while_fwd, Dual, Dual, Const, Dual)]
pub fn centred_while(x: &[f64], m: &[f64], d: usize) -> f64 {
    let n = x.len() / d;
    let mut t = vec![0.0; d];
    let mut s = 0.0;
    let mut i = 0;
    while i < n {
        i += 1;
        for j in 0..d {
            t[j] = x[(i - 1) * d + j] * m[j];
        }
        for j in 0..d {
            s += t[j] * t[j] * x[(i * d + j) % x.len()];
        }
    }
    s
}

/// Calls [`centred`] and [`mixture`] through their companions.
#[autodiff(reverse, d_scratch_caller, Duplicated, Duplicated, Const, Active)]
#[autodiff(forward, scratch_caller_fwd, Dual, Dual, Const, Dual)]
pub fn scratch_caller(x: &[f64], m: &[f64], d: usize) -> f64 {
    let a = centred(x, m, d);
    let b = mixture(x, m, d);
    a * b.sin()
}

/// Must not apply: only a prefix of `t`, of varying length, is rewritten,
/// so the rest holds what earlier iterations wrote.
#[autodiff(reverse, d_prefix, Duplicated, Duplicated, Const, Active)]
#[autodiff(forward, prefix_fwd, Dual, Dual, Const, Dual)]
pub fn prefix(x: &[f64], m: &[f64], d: usize) -> f64 {
    let n = x.len() / d;
    let mut t = vec![0.0; d];
    let mut s = 0.0;
    for i in 0..n {
        for j in 0..d - i % d {
            t[j] = x[i * d + j] * m[j];
        }
        for j in 0..d {
            s += t[j] * t[j] * (j as f64 + 1.0);
        }
    }
    s
}

/// Must not apply: `t` is rewritten whole, but by two loops.
#[autodiff(reverse, d_halves, Duplicated, Duplicated, Const, Active)]
#[autodiff(forward, halves_fwd, Dual, Dual, Const, Dual)]
pub fn halves(x: &[f64], m: &[f64], d: usize) -> f64 {
    let n = x.len() / d;
    let h = d / 2;
    let mut t = vec![0.0; d];
    let mut s = 0.0;
    for i in 0..n {
        for j in 0..h {
            t[j] = x[i * d + j] - m[j];
        }
        for j in h..d {
            t[j] = x[i * d + j] + m[j];
        }
        for j in 0..d {
            s += t[j] * t[j] * t[(j + 1) % d];
        }
    }
    s
}

/// Must not apply: the iteration reads `t[d - 1]` before rewriting `t`, a
/// value carried in from the previous iteration.
#[autodiff(reverse, d_carried, Duplicated, Duplicated, Const, Active)]
#[autodiff(forward, carried_fwd, Dual, Dual, Const, Dual)]
pub fn carried(x: &[f64], m: &[f64], d: usize) -> f64 {
    let n = x.len() / d;
    let mut t = vec![0.5; d];
    let mut s = 0.0;
    for i in 0..n {
        s += t[d - 1] * x[i * d];
        for j in 0..d {
            t[j] = x[i * d + j] * m[j];
        }
        for j in 0..d {
            s += t[j] * t[j];
        }
    }
    s
}

/// Must not apply: after each run of the inner loop, `t` is read as its
/// last iteration left it, and the adjoint of an earlier run of the outer
/// loop needs that state again.
#[autodiff(reverse, d_left_behind, Duplicated, Duplicated, Const, Active)]
#[autodiff(forward, left_behind_fwd, Dual, Dual, Const, Dual)]
pub fn left_behind(x: &[f64], m: &[f64], d: usize) -> f64 {
    let n = x.len() / d;
    let mut t = vec![0.0; d];
    let mut s = 0.0;
    for o in 0..2 {
        for i in 0..n {
            for j in 0..d {
                t[j] = x[i * d + j] * m[(j + o) % d];
            }
            for j in 0..d {
                s += t[j] * t[j];
            }
        }
        s += t[0] * t[d - 1] * x[o];
    }
    s + t[1] * t[1]
}

/// Must not apply: the rewrite reads `a`, which the iteration changes after
/// it, so the adjoint cannot run the rewrite again at its start.
#[autodiff(reverse, d_moving_scale, Duplicated, Duplicated, Const, Active)]
#[autodiff(forward, moving_scale_fwd, Dual, Dual, Const, Dual)]
pub fn moving_scale(x: &[f64], m: &[f64], d: usize) -> f64 {
    let n = x.len() / d;
    let mut t = vec![0.0; d];
    let mut a = 1.0;
    let mut s = 0.0;
    for i in 0..n {
        for j in 0..d {
            t[j] = x[i * d + j] * a;
        }
        a = 0.5 * a + m[i % d];
        for j in 0..d {
            s += t[j] * t[j] * m[j];
        }
    }
    s
}

type Rev = fn(&[f64], &mut [f64], &[f64], &mut [f64], usize, f64) -> f64;
type Fwd = fn(&[f64], &[f64], &[f64], &[f64], usize) -> (f64, f64);

/// Checks `f(x, m, d)` with `x` of `n` rows and `m` of `k` rows of `d`
/// numbers, packed as `[x, m]`.
fn check(n: usize, k: usize, d: usize, seed: u64, f: fn(&[f64], &[f64], usize) -> f64, d_f: Rev, f_fwd: Fwd) {
    let a = n * d;
    let packed = cat(&[&random_vec(a, -1.0, 1.0, seed), &random_vec(k * d, 0.5, 1.5, seed + 1)]);
    support::scalar(
        &packed,
        TOL,
        |p| f(&p[..a], &p[a..], d),
        |p, dp, seed| {
            let (dx, dm) = dp.split_at_mut(a);
            d_f(&p[..a], dx, &p[a..], dm, d, seed)
        },
        |p, t| f_fwd(&p[..a], &t[..a], &p[a..], &t[a..], d),
    );
}

#[test]
fn scratch_rewritten_whole_every_iteration() {
    check(5, 1, 4, 1201, centred, d_centred, centred_fwd);
    check(1, 1, 3, 1203, centred, d_centred, centred_fwd);
    check(5, 1, 4, 1204, centred_iter, d_centred_iter, centred_iter_fwd);
    check(4, 3, 4, 1205, mixture, d_mixture, mixture_fwd);
    check(4, 1, 3, 1207, centred_while, d_centred_while, centred_while_fwd);
}

#[test]
fn scratch_through_a_companion() {
    check(3, 2, 3, 1209, scratch_caller, d_scratch_caller, scratch_caller_fwd);
}

#[test]
fn scratch_partly_rewritten() {
    check(6, 1, 4, 1211, prefix, d_prefix, prefix_fwd);
    check(4, 1, 4, 1213, halves, d_halves, halves_fwd);
}

#[test]
fn scratch_read_before_the_rewrite() {
    check(5, 1, 3, 1215, carried, d_carried, carried_fwd);
}

#[test]
fn scratch_read_after_the_loop() {
    check(4, 1, 3, 1217, left_behind, d_left_behind, left_behind_fwd);
}

#[test]
fn scratch_rewrite_reads_a_value_changed_later() {
    check(5, 1, 3, 1219, moving_scale, d_moving_scale, moving_scale_fwd);
}
