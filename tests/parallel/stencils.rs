//! Stencil adjoints and per-chunk tapes inside serial time loops, each
//! with its serial twin. The partial buffers are declared once before the
//! time loop, resized by every step and zeroed by its chunks, and offsets
//! whose partials would hold the same numbers share one: a loop whose
//! buffers shrink every step (the partials must follow the length), an f32
//! stencil with swapped buffers (the shared partial's element type is
//! inferred), a stencil whose offsets get different weights (no sharing),
//! a vector written whole by each step (saved and restored whole), offsets
//! whose adjoints differ in ways a glance would miss (not shared) beside one
//! whose adjoints are equal through a method of their sum (shared).
//! The per-chunk tapes make room after the first step for the steps to
//! come: parallel updates in two nested serial loops, one of them in a
//! branch.

use crate::common::{same_in_pools, scalar};
use crate::support::{self, assert_all_close, to_f32, to_f64, TOL_F32};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

/// Relative agreement of an f32 parallel gradient with its f64 serial twin's.
const F32_TWIN_TOL: f64 = 1e-4;

// ------------------------------------------------------ shrinking buffers

/// Each step writes a fresh buffer one shorter than the last, smoothing the
/// interior (`u[i - 1]` and `u[i + 1]` both weighted by `a`, so their
/// partials are shared) and leaving both ends zero; `a` is Active, so the
/// adjoint needs every step's state.
#[autodiff(reverse, d_shrink, Duplicated, Active, Const, Active)]
#[autodiff(forward, shrink_fwd, Dual, Dual, Const, Dual)]
pub fn shrink(x: &[f64], a: f64, steps: usize) -> f64 {
    let mut u = x.to_vec();
    for _ in 0..steps {
        let m = u.len() - 1;
        let mut next = vec![0.0; m];
        next[1..m - 1].par_iter_mut().enumerate().for_each(|(k, y)| {
            let i = k + 1;
            *y = 0.5 * u[i] + a * (u[i - 1] + u[i + 1]);
        });
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for v in u.iter() {
        s += v * v;
    }
    s
}

#[autodiff(reverse, d_shrink_serial, Duplicated, Active, Const, Active)]
pub fn shrink_serial(x: &[f64], a: f64, steps: usize) -> f64 {
    let mut u = x.to_vec();
    for _ in 0..steps {
        let m = u.len() - 1;
        let mut next = vec![0.0; m];
        for i in 1..m - 1 {
            next[i] = 0.5 * u[i] + a * (u[i - 1] + u[i + 1]);
        }
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for v in u.iter() {
        s += v * v;
    }
    s
}

#[test]
fn stencil_in_a_time_loop_whose_buffers_shrink() {
    let (n, steps) = (70, 9);
    let mut x = random_vec(n + 1, -1.0, 1.0, 61);
    x[n] = 0.3;
    let primal = |x: &[f64]| shrink(&x[..n], x[n], steps);
    let grad = |x: &[f64], dx: &mut [f64], s: f64, serial: bool| {
        let (du, da) = dx.split_at_mut(n);
        let (v, g) =
            if serial { d_shrink_serial(&x[..n], du, x[n], steps, s) } else { d_shrink(&x[..n], du, x[n], steps, s) };
        da[0] += g;
        v
    };
    let fwd = |x: &[f64], t: &[f64]| shrink_fwd(&x[..n], &t[..n], x[n], t[n], steps);
    scalar(&x, primal, |x, dx, s| grad(x, dx, s, false), fwd, |x, dx, s| grad(x, dx, s, true));
}

// ---------------------------------------------------- written whole

/// A periodic relaxation that writes every element of `next` in parallel
/// (`par_iter_mut` over the whole vector): each step saves `next` whole
/// before it and puts it back after its adjoint, its storage moved (700
/// elements) or copied (40).
#[autodiff(reverse, d_periodic, Duplicated, Active, Const, Active)]
#[autodiff(forward, periodic_fwd, Dual, Dual, Const, Dual)]
pub fn periodic(x: &[f64], a: f64, steps: usize) -> f64 {
    let n = x.len();
    let mut u = x.to_vec();
    let mut next = vec![0.0; n];
    for _ in 0..steps {
        next.par_iter_mut().enumerate().for_each(|(i, y)| {
            *y = u[i] + a * (u[(i + n - 1) % n] - 2.0 * u[i] + u[(i + 1) % n]) * u[i];
        });
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for v in u.iter() {
        s += v * v;
    }
    s
}

#[autodiff(reverse, d_periodic_serial, Duplicated, Active, Const, Active)]
pub fn periodic_serial(x: &[f64], a: f64, steps: usize) -> f64 {
    let n = x.len();
    let mut u = x.to_vec();
    let mut next = vec![0.0; n];
    for _ in 0..steps {
        for i in 0..n {
            next[i] = u[i] + a * (u[(i + n - 1) % n] - 2.0 * u[i] + u[(i + 1) % n]) * u[i];
        }
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for v in u.iter() {
        s += v * v;
    }
    s
}

#[test]
fn a_vector_written_whole_in_parallel_every_step() {
    for n in [40, 700] {
        let steps = 5;
        let mut x = random_vec(n + 1, -1.0, 1.0, 63);
        x[n] = 0.2;
        let primal = |x: &[f64]| periodic(&x[..n], x[n], steps);
        let grad = |x: &[f64], dx: &mut [f64], s: f64, serial: bool| {
            let (du, da) = dx.split_at_mut(n);
            let (v, g) = if serial {
                d_periodic_serial(&x[..n], du, x[n], steps, s)
            } else {
                d_periodic(&x[..n], du, x[n], steps, s)
            };
            da[0] += g;
            v
        };
        let fwd = |x: &[f64], t: &[f64]| periodic_fwd(&x[..n], &t[..n], x[n], t[n], steps);
        scalar(&x, primal, |x, dx, s| grad(x, dx, s, false), fwd, |x, dx, s| grad(x, dx, s, true));
    }
}

// ------------------------------------------------------------ f32 swaps

/// A 1D f32 heat stencil with swapped buffers and fixed ends: the two
/// neighbours share one partial, whose element type (f32) comes from the
/// values added into it.
#[autodiff(reverse, d_heat32, Duplicated, Active, Const, Active)]
#[autodiff(forward, heat32_fwd, Dual, Dual, Const, Dual)]
pub fn heat32(x: &[f32], a: f32, steps: usize) -> f32 {
    let n = x.len();
    let mut u = x.to_vec();
    let mut next = x.to_vec();
    for _ in 0..steps {
        next[1..n - 1].par_iter_mut().enumerate().for_each(|(k, y)| {
            let i = k + 1;
            *y = u[i] + a * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
        });
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for v in u.iter() {
        s += v * v;
    }
    s
}

/// The f64 serial twin of `heat32`.
#[autodiff(reverse, d_heat32_twin, Duplicated, Active, Const, Active)]
pub fn heat32_twin(x: &[f64], a: f64, steps: usize) -> f64 {
    let n = x.len();
    let mut u = x.to_vec();
    let mut next = x.to_vec();
    for _ in 0..steps {
        for i in 1..n - 1 {
            next[i] = u[i] + a * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
        }
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for v in u.iter() {
        s += v * v;
    }
    s
}

#[test]
fn f32_stencil_in_a_time_loop_with_swapped_buffers() {
    let (n, steps) = (60, 8);
    let mut x = random_vec(n + 1, -1.0, 1.0, 62);
    x[n] = 0.2;
    let twin = |x: &[f64]| heat32_twin(&x[..n], x[n], steps);
    let primal = |x: &[f32]| heat32(&x[..n], x[n], steps);
    let rev = |x: &[f32], dx: &mut [f32], s: f32| {
        let (du, da) = dx.split_at_mut(n);
        let (v, g) = d_heat32(&x[..n], du, x[n], steps, s);
        da[0] += g;
        v
    };
    let fwd = |x: &[f32], t: &[f32]| heat32_fwd(&x[..n], &t[..n], x[n], t[n], steps);
    support::scalar_f32(&x, TOL_F32, twin, primal, rev, fwd);
    let x32 = to_f32(&x);
    let grad = same_in_pools("f32 gradient", || {
        let mut dx = vec![0.0f32; n + 1];
        let v = rev(&x32, &mut dx, 1.0);
        dx.push(v);
        to_f64(&dx)
    });
    let mut want = vec![0.0; n + 1];
    let (v, g) = d_heat32_twin(&x[..n], &mut want[..n], x[n], steps, 1.0);
    want[n] = g;
    want.push(v);
    assert_all_close("f32 parallel against f64 serial twin (gradient, then value)", &grad, &want, F32_TWIN_TOL);
}

// ------------------------------------------------------ unequal weights

/// An upwind-biased stencil: the two neighbours get different weights, so
/// each offset keeps a partial of its own, both reused by every step.
#[autodiff(reverse, d_upwind, Duplicated, Active, Active, Const, Active)]
#[autodiff(forward, upwind_fwd, Dual, Dual, Dual, Const, Dual)]
pub fn upwind(x: &[f64], a: f64, b: f64, steps: usize) -> f64 {
    let n = x.len();
    let mut u = x.to_vec();
    let mut next = x.to_vec();
    for _ in 0..steps {
        next[1..n - 1].par_iter_mut().enumerate().for_each(|(k, y)| {
            let i = k + 1;
            *y = u[i] + a * u[i - 1] - b * u[i + 1];
        });
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for v in u.iter() {
        s += v * v;
    }
    s
}

#[autodiff(reverse, d_upwind_serial, Duplicated, Active, Active, Const, Active)]
pub fn upwind_serial(x: &[f64], a: f64, b: f64, steps: usize) -> f64 {
    let n = x.len();
    let mut u = x.to_vec();
    let mut next = x.to_vec();
    for _ in 0..steps {
        for i in 1..n - 1 {
            next[i] = u[i] + a * u[i - 1] - b * u[i + 1];
        }
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for v in u.iter() {
        s += v * v;
    }
    s
}

#[test]
fn stencil_with_unequal_weights_in_a_time_loop() {
    let (n, steps) = (50, 7);
    let mut x = random_vec(n + 2, -1.0, 1.0, 63);
    (x[n], x[n + 1]) = (0.3, 0.2);
    let primal = |x: &[f64]| upwind(&x[..n], x[n], x[n + 1], steps);
    let grad = |x: &[f64], dx: &mut [f64], s: f64, serial: bool| {
        let (du, dab) = dx.split_at_mut(n);
        let (v, ga, gb) = if serial {
            d_upwind_serial(&x[..n], du, x[n], x[n + 1], steps, s)
        } else {
            d_upwind(&x[..n], du, x[n], x[n + 1], steps, s)
        };
        dab[0] += ga;
        dab[1] += gb;
        v
    };
    let fwd = |x: &[f64], t: &[f64]| upwind_fwd(&x[..n], &t[..n], x[n], t[n], x[n + 1], t[n + 1], steps);
    scalar(&x, primal, |x, dx, s| grad(x, dx, s, false), fwd, |x, dx, s| grad(x, dx, s, true));
}

// ------------------------------------------- partials shared or not

/// Offsets whose partials would be alike at a glance but are not: a
/// difference (`a * (u[i - 1] - u[i + 1])`), a product of the two reads,
/// a method of each; and a method of their sum, whose partial is the same
/// for both (`cos(u[i - 1] + u[i + 1])`) and would be shared on its own.
/// One statement mixes them, a second holds only the shareable one.
#[autodiff(reverse, d_alike, Duplicated, Active, Const, Active)]
#[autodiff(forward, alike_fwd, Dual, Dual, Const, Dual)]
pub fn alike(x: &[f64], a: f64, steps: usize) -> f64 {
    let n = x.len();
    let mut u = x.to_vec();
    let mut next = x.to_vec();
    let mut w = vec![0.0; n];
    for _ in 0..steps {
        next[1..n - 1].par_iter_mut().enumerate().for_each(|(k, y)| {
            let i = k + 1;
            *y = 0.5 * u[i]
                + 0.1 * (u[i - 1] + u[i + 1]).sin()
                + a * (u[i - 1] - u[i + 1])
                + 0.05 * u[i - 1] * u[i + 1]
                + 0.1 * (u[i - 1].cos() - u[i + 1].cos());
        });
        w[1..n - 1].par_iter_mut().enumerate().for_each(|(k, y)| {
            let i = k + 1;
            *y = 0.2 * (next[i - 1] + next[i + 1]).sin() + 0.5 * next[i];
        });
        std::mem::swap(&mut u, &mut w);
    }
    let mut s = 0.0;
    for v in u.iter() {
        s += v * v;
    }
    s
}

#[autodiff(reverse, d_alike_serial, Duplicated, Active, Const, Active)]
pub fn alike_serial(x: &[f64], a: f64, steps: usize) -> f64 {
    let n = x.len();
    let mut u = x.to_vec();
    let mut next = x.to_vec();
    let mut w = vec![0.0; n];
    for _ in 0..steps {
        for i in 1..n - 1 {
            next[i] = 0.5 * u[i]
                + 0.1 * (u[i - 1] + u[i + 1]).sin()
                + a * (u[i - 1] - u[i + 1])
                + 0.05 * u[i - 1] * u[i + 1]
                + 0.1 * (u[i - 1].cos() - u[i + 1].cos());
        }
        for i in 1..n - 1 {
            w[i] = 0.2 * (next[i - 1] + next[i + 1]).sin() + 0.5 * next[i];
        }
        std::mem::swap(&mut u, &mut w);
    }
    let mut s = 0.0;
    for v in u.iter() {
        s += v * v;
    }
    s
}

#[test]
fn stencil_offsets_share_a_partial_only_where_their_adjoints_are_equal() {
    let (n, steps) = (40, 5);
    let mut x = random_vec(n + 1, -1.0, 1.0, 64);
    x[n] = 0.2;
    let primal = |x: &[f64]| alike(&x[..n], x[n], steps);
    let grad = |x: &[f64], dx: &mut [f64], s: f64, serial: bool| {
        let (du, da) = dx.split_at_mut(n);
        let (v, g) =
            if serial { d_alike_serial(&x[..n], du, x[n], steps, s) } else { d_alike(&x[..n], du, x[n], steps, s) };
        da[0] += g;
        v
    };
    let fwd = |x: &[f64], t: &[f64]| alike_fwd(&x[..n], &t[..n], x[n], t[n], steps);
    scalar(&x, primal, |x, dx, s| grad(x, dx, s, false), fwd, |x, dx, s| grad(x, dx, s, true));
}

// ------------------------------------------------- nested serial loops

/// A parallel in-place update inside two nested serial loops, and another
/// inside a branch of the inner one: the first's per-chunk tapes make room
/// after its first run for all `outer * inner` runs, the second's (which
/// runs only on even inner steps) grow as pushed.
#[autodiff(reverse, d_nested_steps, Duplicated, Active, Const, Const, Active)]
#[autodiff(forward, nested_steps_fwd, Dual, Dual, Const, Const, Dual)]
pub fn nested_steps(x: &[f64], dt: f64, outer: usize, inner: usize) -> f64 {
    let mut u = x.to_vec();
    for _ in 0..outer {
        for s in 0..inner {
            u.par_iter_mut().for_each(|v| *v = *v + dt * (*v).sin());
            if s % 2 == 0 {
                u.par_iter_mut().for_each(|v| *v = *v - dt * *v * *v);
            }
        }
    }
    let mut total = 0.0;
    for v in u.iter() {
        total += v * v;
    }
    total
}

#[autodiff(reverse, d_nested_steps_serial, Duplicated, Active, Const, Const, Active)]
pub fn nested_steps_serial(x: &[f64], dt: f64, outer: usize, inner: usize) -> f64 {
    let mut u = x.to_vec();
    for _ in 0..outer {
        for s in 0..inner {
            for i in 0..u.len() {
                u[i] = u[i] + dt * u[i].sin();
            }
            if s % 2 == 0 {
                for i in 0..u.len() {
                    u[i] = u[i] - dt * u[i] * u[i];
                }
            }
        }
    }
    let mut total = 0.0;
    for v in u.iter() {
        total += v * v;
    }
    total
}

#[test]
fn chunk_tapes_in_nested_time_loops() {
    let (n, outer, inner) = (80, 3, 5);
    let mut x = random_vec(n + 1, -1.0, 1.0, 64);
    x[n] = 0.05;
    let primal = |x: &[f64]| nested_steps(&x[..n], x[n], outer, inner);
    let grad = |x: &[f64], dx: &mut [f64], s: f64, serial: bool| {
        let (du, ddt) = dx.split_at_mut(n);
        let (v, g) = if serial {
            d_nested_steps_serial(&x[..n], du, x[n], outer, inner, s)
        } else {
            d_nested_steps(&x[..n], du, x[n], outer, inner, s)
        };
        ddt[0] += g;
        v
    };
    let fwd = |x: &[f64], t: &[f64]| nested_steps_fwd(&x[..n], &t[..n], x[n], t[n], outer, inner);
    scalar(&x, primal, |x, dx, s| grad(x, dx, s, false), fwd, |x, dx, s| grad(x, dx, s, true));
}

// ------------------------------------------------------ widths from locals

/// A 2D stencil over rows padded with one ghost cell on each side, the
/// row width `w` a local `let`: the chunk width the loop is split by and
/// the stride of its indices are the same variable, so the neighbours are
/// at fixed offsets (a stencil gather, not a private grid per chunk).
#[autodiff(reverse, d_padded, Duplicated, Active, Const, Const, Active)]
#[autodiff(forward, padded_fwd, Dual, Dual, Const, Const, Dual)]
pub fn padded(x: &[f64], a: f64, n: usize, steps: usize) -> f64 {
    let w = n + 2;
    let mut u = vec![0.0; w * w];
    for r in 0..n {
        for c in 0..n {
            u[(r + 1) * w + c + 1] = x[r * n + c];
        }
    }
    let mut next = vec![0.0; w * w];
    for _ in 0..steps {
        next.par_chunks_mut(w).enumerate().for_each(|(r, row)| {
            if r >= 1 && r <= n {
                for c in 1..n + 1 {
                    let k = r * w + c;
                    row[c] = u[k] + a * (u[k - 1] + u[k + 1] + u[k - w] + u[k + w] - 4.0 * u[k]);
                }
            }
        });
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for v in u.iter() {
        s += v * v;
    }
    s
}

#[autodiff(reverse, d_padded_serial, Duplicated, Active, Const, Const, Active)]
pub fn padded_serial(x: &[f64], a: f64, n: usize, steps: usize) -> f64 {
    let w = n + 2;
    let mut u = vec![0.0; w * w];
    for r in 0..n {
        for c in 0..n {
            u[(r + 1) * w + c + 1] = x[r * n + c];
        }
    }
    let mut next = vec![0.0; w * w];
    for _ in 0..steps {
        for r in 1..n + 1 {
            for c in 1..n + 1 {
                let k = r * w + c;
                next[k] = u[k] + a * (u[k - 1] + u[k + 1] + u[k - w] + u[k + w] - 4.0 * u[k]);
            }
        }
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for v in u.iter() {
        s += v * v;
    }
    s
}

#[test]
fn stencil_whose_row_width_is_a_local() {
    let (n, steps) = (7, 5);
    let mut x = random_vec(n * n + 1, -1.0, 1.0, 71);
    x[n * n] = 0.15;
    let grad = |x: &[f64], dx: &mut [f64], s: f64, serial: bool| {
        let (du, da) = dx.split_at_mut(n * n);
        let (v, g) = if serial {
            d_padded_serial(&x[..n * n], du, x[n * n], n, steps, s)
        } else {
            d_padded(&x[..n * n], du, x[n * n], n, steps, s)
        };
        da[0] += g;
        v
    };
    let primal = |x: &[f64]| padded(&x[..n * n], x[n * n], n, steps);
    let fwd = |x: &[f64], t: &[f64]| padded_fwd(&x[..n * n], &t[..n * n], x[n * n], t[n * n], n, steps);
    scalar(&x, primal, |x, dx, s| grad(x, dx, s, false), fwd, |x, dx, s| grad(x, dx, s, true));
}

/// Rows of width `w = n + 2` written from rows of width `n`: the reads'
/// offset from the element written, `(n - w) r + ...`, changes with the
/// row, so the adjoint adds into private shadows (it must not treat the
/// offset as fixed).
#[autodiff(reverse, d_widen, Duplicated, Active, Const, Active)]
#[autodiff(forward, widen_fwd, Dual, Dual, Const, Dual)]
pub fn widen(x: &[f64], a: f64, n: usize) -> f64 {
    let w = n + 2;
    let m = x.len() / n;
    let mut out = vec![0.0; m * w];
    out.par_chunks_mut(w).enumerate().for_each(|(r, row)| {
        for c in 1..n - 1 {
            row[c + 1] = a * x[r * n + c] + x[r * n + c - 1] * x[r * n + c + 1];
        }
    });
    let mut s = 0.0;
    for v in out.iter() {
        s += v * v;
    }
    s
}

#[autodiff(reverse, d_widen_serial, Duplicated, Active, Const, Active)]
pub fn widen_serial(x: &[f64], a: f64, n: usize) -> f64 {
    let w = n + 2;
    let m = x.len() / n;
    let mut out = vec![0.0; m * w];
    for r in 0..m {
        for c in 1..n - 1 {
            out[r * w + c + 1] = a * x[r * n + c] + x[r * n + c - 1] * x[r * n + c + 1];
        }
    }
    let mut s = 0.0;
    for v in out.iter() {
        s += v * v;
    }
    s
}

#[test]
fn rows_read_at_an_offset_that_changes_with_the_row() {
    let (n, m) = (6, 5);
    let mut x = random_vec(n * m + 1, -1.0, 1.0, 72);
    x[n * m] = 0.7;
    let k = n * m;
    let grad = |x: &[f64], dx: &mut [f64], s: f64, serial: bool| {
        let (dv, da) = dx.split_at_mut(k);
        let (v, g) = if serial { d_widen_serial(&x[..k], dv, x[k], n, s) } else { d_widen(&x[..k], dv, x[k], n, s) };
        da[0] += g;
        v
    };
    let primal = |x: &[f64]| widen(&x[..k], x[k], n);
    let fwd = |x: &[f64], t: &[f64]| widen_fwd(&x[..k], &t[..k], x[k], t[k], n);
    scalar(&x, primal, |x, dx, s| grad(x, dx, s, false), fwd, |x, dx, s| grad(x, dx, s, true));
}

// ------------------------------------------------- two fields in one loop

/// Two coupled fields on padded rows (a Burgers-like advection and
/// diffusion), both updated in one rayon loop over the zipped rows of the
/// two next states: the adjoint's chunk gets more than twelve pieces,
/// partials and tapes, which the generated code passes as nested tuples.
#[autodiff(reverse, d_two_fields, Duplicated, Const, Const, Const, Active)]
#[autodiff(forward, two_fields_fwd, Dual, Const, Const, Const, Dual)]
pub fn two_fields(w0: &[f64], n: usize, px: usize, steps: usize) -> f64 {
    let pn = (n + 2) * px;
    let mut u = vec![0.0; pn];
    let mut v = vec![0.0; pn];
    for r in 0..n {
        for c in 0..n {
            u[(r + 1) * px + c + 1] = w0[r * n + c];
            v[(r + 1) * px + c + 1] = w0[n * n + r * n + c];
        }
    }
    let mut un = vec![0.0; pn];
    let mut vn = vec![0.0; pn];
    for _ in 0..steps {
        un.par_chunks_mut(px).zip(vn.par_chunks_mut(px)).enumerate().for_each(|(r, (urow, vrow))| {
            if r >= 1 && r <= n {
                for c in 1..n + 1 {
                    let k = r * px + c;
                    let lu = u[k + 1] + u[k - 1] + u[k - px] + u[k + px] - 4.0 * u[k];
                    let lv = v[k + 1] + v[k - 1] + v[k - px] + v[k + px] - 4.0 * v[k];
                    urow[c] = u[k] + 0.1 * lu - 0.05 * (u[k] * (u[k + 1] - u[k - 1]) + v[k] * (u[k + px] - u[k - px]));
                    vrow[c] = v[k] + 0.1 * lv - 0.05 * (u[k] * (v[k + 1] - v[k - 1]) + v[k] * (v[k + px] - v[k - px]));
                }
            }
        });
        std::mem::swap(&mut u, &mut un);
        std::mem::swap(&mut v, &mut vn);
    }
    let mut s = 0.0;
    for k in 0..pn {
        s += u[k] * u[k] + v[k] * v[k];
    }
    s
}

#[autodiff(reverse, d_two_fields_serial, Duplicated, Const, Const, Const, Active)]
pub fn two_fields_serial(w0: &[f64], n: usize, px: usize, steps: usize) -> f64 {
    let pn = (n + 2) * px;
    let mut u = vec![0.0; pn];
    let mut v = vec![0.0; pn];
    for r in 0..n {
        for c in 0..n {
            u[(r + 1) * px + c + 1] = w0[r * n + c];
            v[(r + 1) * px + c + 1] = w0[n * n + r * n + c];
        }
    }
    let mut un = vec![0.0; pn];
    let mut vn = vec![0.0; pn];
    for _ in 0..steps {
        for r in 1..n + 1 {
            for c in 1..n + 1 {
                let k = r * px + c;
                let lu = u[k + 1] + u[k - 1] + u[k - px] + u[k + px] - 4.0 * u[k];
                let lv = v[k + 1] + v[k - 1] + v[k - px] + v[k + px] - 4.0 * v[k];
                un[k] = u[k] + 0.1 * lu - 0.05 * (u[k] * (u[k + 1] - u[k - 1]) + v[k] * (u[k + px] - u[k - px]));
                vn[k] = v[k] + 0.1 * lv - 0.05 * (u[k] * (v[k + 1] - v[k - 1]) + v[k] * (v[k + px] - v[k - px]));
            }
        }
        std::mem::swap(&mut u, &mut un);
        std::mem::swap(&mut v, &mut vn);
    }
    let mut s = 0.0;
    for k in 0..pn {
        s += u[k] * u[k] + v[k] * v[k];
    }
    s
}

#[test]
fn two_fields_updated_in_one_loop() {
    let (n, steps) = (6, 4);
    let px = n + 2;
    let x = random_vec(2 * n * n, -0.5, 0.5, 73);
    let primal = |x: &[f64]| two_fields(x, n, px, steps);
    let rev = |x: &[f64], dx: &mut [f64], s: f64| d_two_fields(x, dx, n, px, steps, s);
    let fwd = |x: &[f64], t: &[f64]| two_fields_fwd(x, t, n, px, steps);
    let twin = |x: &[f64], dx: &mut [f64], s: f64| d_two_fields_serial(x, dx, n, px, steps, s);
    scalar(&x, primal, rev, fwd, twin);
}
