//! Whole-buffer saves: a loop that writes every element of a prefix of a
//! local vector and reads none saves the vector once before it and puts it
//! back once after its adjoint (see `ad-macros/src/analysis/whole.rs`;
//! `ad-macros/expand/par_heat2d.expanded.rs` shows the calls). The shapes it
//! applies to, each on both paths of the runtime where the shape allows
//! (a vector of a page or more moves its storage, a smaller one or a
//! shorter prefix is copied): one write per iteration at the counter, rows
//! written by an inner loop through a `let` index in both branches of an
//! `if`, two fields written by an innermost loop, a prefix of a longer
//! vector, an integer vector, an array. And the shapes it must leave to
//! element saves: a loop that reads the vector, stops early, or skips the
//! last column of each row.

use crate::support::{self, TOL};
use parad::autodiff;
use parad::check::random_vec;

/// A 1D explicit diffusion, `next[i]` written at every `i` from `u`, the
/// buffers swapped each step; `x` holds the state and the diffusion number.
#[autodiff(reverse, d_relax, Duplicated, Active)]
#[autodiff(forward, relax_fwd, Dual, Dual)]
pub fn relax(x: &[f64]) -> f64 {
    let n = x.len() - 1;
    let alpha = x[n];
    let mut u = x[..n].to_vec();
    let mut next = vec![0.0; n];
    for _ in 0..4 {
        for i in 0..n {
            let left = if i == 0 { u[n - 1] } else { u[i - 1] };
            let right = if i + 1 == n { u[0] } else { u[i + 1] };
            next[i] = u[i] + alpha * (left - 2.0 * u[i] + right) * u[i];
        }
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for i in 0..n {
        s += u[i] * u[i] * (i as f64 + 1.0);
    }
    s
}

/// A `h x w` grid (`h != w`) whose inner cells take a stencil and whose
/// edges are copied, through `let k = r * w + c` in both branches of an
/// `if`, three steps.
#[autodiff(reverse, d_grid, Duplicated, Const, Const, Active)]
#[autodiff(forward, grid_fwd, Dual, Const, Const, Dual)]
pub fn grid(x: &[f64], h: usize, w: usize) -> f64 {
    let mut u = x.to_vec();
    let mut next = vec![0.0; h * w];
    for _ in 0..3 {
        for r in 0..h {
            for c in 0..w {
                let k = r * w + c;
                if r == 0 || r == h - 1 || c == 0 || c == w - 1 {
                    next[k] = u[k];
                } else {
                    next[k] = u[k] + 0.1 * (u[k - w] + u[k + w] + u[k - 1] + u[k + 1] - 4.0 * u[k]) * u[k].sin();
                }
            }
        }
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for k in 0..h * w {
        s += u[k] * u[k];
    }
    s
}

/// Two fields on a `h x w` grid, the field loop innermost: `next[q + o]`
/// with `q = k * n`, `o = r * w + c` and `n = h * w`, a box over three
/// loops whose largest stride is the innermost loop's.
#[autodiff(reverse, d_fields, Duplicated, Const, Const, Active)]
#[autodiff(forward, fields_fwd, Dual, Const, Const, Dual)]
pub fn fields(x: &[f64], h: usize, w: usize) -> f64 {
    let n = h * w;
    let mut u = x.to_vec();
    let mut next = vec![0.0; 2 * n];
    for _ in 0..3 {
        for r in 0..h {
            for c in 0..w {
                let o = r * w + c;
                let east = r * w + (c + 1) % w;
                let a = u[o];
                let b = u[n + o];
                for k in 0..2 {
                    let q = k * n;
                    next[q + o] = u[q + o] + 0.1 * (u[q + east] - u[q + o]) * (a - b).sin();
                }
            }
        }
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for i in 0..2 * n {
        s += u[i] * u[i] * (i as f64 + 1.0);
    }
    s
}

/// Rows written but for their last column, which keeps the previous
/// step's values: not a box (the row's stride is not the inner loop's
/// bound), so saved element by element.
#[autodiff(reverse, d_ragged, Duplicated, Const, Const, Active)]
#[autodiff(forward, ragged_fwd, Dual, Const, Const, Dual)]
pub fn ragged(x: &[f64], h: usize, w: usize) -> f64 {
    let mut u = x.to_vec();
    let mut next = x.to_vec();
    for _ in 0..3 {
        for r in 0..h {
            for c in 0..w - 1 {
                next[r * w + c] = u[r * w + c + 1] * u[r * w + c].cos();
            }
        }
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for i in 0..h * w {
        s += u[i] * u[i] * (i as f64 + 1.0);
    }
    s
}

/// Steps writing the first `n` of `n + 2` elements: the last two keep the
/// values they started with and take part in every step and in the result.
#[autodiff(reverse, d_prefix, Duplicated, Active)]
#[autodiff(forward, prefix_fwd, Dual, Dual)]
pub fn prefix(x: &[f64]) -> f64 {
    let n = x.len() - 2;
    let mut u = x.to_vec();
    let mut next = x.to_vec();
    for _ in 0..3 {
        for i in 0..n {
            next[i] = u[i] * u[n] + (u[i] * u[n + 1]).sin();
        }
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for i in 0..n + 2 {
        s += u[i] * u[i] * (i as f64 + 1.0);
    }
    s
}

/// An index vector rewritten every step (a rotation by the step), which
/// the adjoint reads: an integer vector saved whole. (Through a `let`: a
/// loop of the one assignment would be run again by the adjoint instead,
/// see `scratch`.)
#[autodiff(reverse, d_rotations, Duplicated, Active)]
#[autodiff(forward, rotations_fwd, Dual, Dual)]
pub fn rotations(x: &[f64]) -> f64 {
    let n = x.len();
    let mut at = vec![0usize; n];
    let mut s = 0.0;
    for step in 0..3 {
        for i in 0..n {
            let j = (i * 7 + step * 3) % n;
            at[i] = j;
        }
        for i in 0..n {
            s += x[at[i]] * x[i].cos() * (step as f64 + 1.0);
        }
    }
    s
}

/// An array copied from another (`clone`, as code generic over the
/// buffer type writes it) and rewritten every step.
#[autodiff(reverse, d_triple, Duplicated, Active)]
#[autodiff(forward, triple_fwd, Dual, Dual)]
#[allow(clippy::clone_on_copy)]
pub fn triple(x: &[f64]) -> f64 {
    let start = [x[0], x[1], x[2]];
    let mut a = start.clone();
    let mut b = start.clone();
    for _ in 0..3 {
        for i in 0..3 {
            b[i] = a[(i + 1) % 3] * x[3] + a[i].sin();
        }
        std::mem::swap(&mut a, &mut b);
    }
    a[0] * a[1] + a[2]
}

/// A loop that reads the vector it writes (a running update): saved
/// element by element.
#[autodiff(reverse, d_running, Duplicated, Active)]
#[autodiff(forward, running_fwd, Dual, Dual)]
pub fn running(x: &[f64]) -> f64 {
    let n = x.len();
    let mut v = x.to_vec();
    for _ in 0..3 {
        for i in 1..n {
            v[i] = v[i] * v[i - 1].cos() + x[i];
        }
        v[0] = v[n - 1].sin();
    }
    let mut s = 0.0;
    for i in 0..n {
        s += v[i] * v[i];
    }
    s
}

/// A loop that stops at the first element above `limit`: it does not
/// write the rest, which keeps the previous step's values.
#[autodiff(reverse, d_until, Duplicated, Const, Active)]
#[autodiff(forward, until_fwd, Dual, Const, Dual)]
pub fn until(x: &[f64], limit: f64) -> f64 {
    let n = x.len();
    let mut u = x.to_vec();
    let mut next = x.to_vec();
    for _ in 0..3 {
        for i in 0..n {
            if u[i] > limit {
                break;
            }
            next[i] = u[i] * 0.5 + u[(i + 1) % n].sin();
        }
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for i in 0..n {
        s += u[i] * u[i] * (i as f64 + 1.0);
    }
    s
}

/// Sizes on both sides of the runtime's page: a vector of 8 doubles is
/// copied, one of 700 (5600 bytes) moves.
const SIZES: [usize; 2] = [8, 700];

#[test]
fn a_vector_written_at_the_counter_every_step() {
    for n in SIZES {
        let mut x = random_vec(n + 1, -1.0, 1.0, 1501);
        x[n] = 0.1;
        support::slice_fn(&x, relax, d_relax, relax_fwd);
    }
}

#[test]
fn rows_written_through_a_let_index_in_both_branches() {
    // 3 x 4 = 12 cells (copied), 30 x 25 = 750 (moved).
    for (h, w) in [(3, 4), (30, 25)] {
        let x = random_vec(h * w, -1.0, 1.0, 1503);
        support::scalar(
            &x,
            TOL,
            |x| grid(x, h, w),
            |x, dx, seed| d_grid(x, dx, h, w, seed),
            |x, t| grid_fwd(x, t, h, w),
        );
    }
}

#[test]
fn two_fields_written_by_an_innermost_field_loop() {
    for (h, w) in [(2, 3), (20, 20)] {
        let x = random_vec(2 * h * w, -1.0, 1.0, 1515);
        support::scalar(
            &x,
            TOL,
            |x| fields(x, h, w),
            |x, dx, seed| d_fields(x, dx, h, w, seed),
            |x, t| fields_fwd(x, t, h, w),
        );
    }
}

#[test]
fn rows_short_of_their_last_column_keep_element_saves() {
    for (h, w) in [(2, 3), (25, 30)] {
        let x = random_vec(h * w, -1.0, 1.0, 1517);
        support::scalar(
            &x,
            TOL,
            |x| ragged(x, h, w),
            |x, dx, seed| d_ragged(x, dx, h, w, seed),
            |x, t| ragged_fwd(x, t, h, w),
        );
    }
}

#[test]
fn a_prefix_of_a_longer_vector() {
    for n in SIZES {
        let x = random_vec(n + 2, -1.0, 1.0, 1505);
        support::slice_fn(&x, prefix, d_prefix, prefix_fwd);
    }
}

#[test]
fn an_index_vector_rewritten_every_step() {
    for n in SIZES {
        let x = random_vec(n, -1.0, 1.0, 1507);
        support::slice_fn(&x, rotations, d_rotations, rotations_fwd);
    }
}

#[test]
fn an_array_rewritten_every_step() {
    let x = random_vec(4, -1.0, 1.0, 1509);
    support::slice_fn(&x, triple, d_triple, triple_fwd);
}

#[test]
fn a_loop_reading_what_it_writes_keeps_element_saves() {
    for n in SIZES {
        let x = random_vec(n, -1.0, 1.0, 1511);
        support::slice_fn(&x, running, d_running, running_fwd);
    }
}

#[test]
fn a_loop_that_stops_early_keeps_element_saves() {
    for n in SIZES {
        // A few elements above the limit, so that most steps stop early.
        let mut x = random_vec(n, -1.0, 1.0, 1513);
        x[n / 2] = 3.0;
        x[n - 2] = 3.0;
        support::scalar(
            &x,
            TOL,
            |x| until(x, 2.0),
            |x, dx, seed| d_until(x, dx, 2.0, seed),
            |x, t| until_fwd(x, t, 2.0),
        );
    }
}
