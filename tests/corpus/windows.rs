//! Windows: a serial loop that indexes a buffer at `off + i`, `i + off` or
//! `i - off` in every iteration goes through a sub-slice taken before the
//! loop, in the forward and the adjoint sweeps (see
//! `ad-macros/src/codegen/window.rs`; the expansion of the last functions
//! here is in `ad-macros/expand/windows.expanded.rs`). The gradients of the
//! shapes it applies to, and the behaviour it must not change: an empty loop
//! whose offset lies past the end runs, a loop that runs past the end panics
//! with the message of the plain loop, and an index read only under a
//! condition (`if`, `&&`, `else if`, after a `break`) is not sliced, so a
//! loop bound past the end that the condition guards does not panic.
//! Last, carried spans: a buffer indexed at several constant offsets of
//! the counter, kept in registers across iterations, forwards (a
//! recurrence) and backwards (its adjoint), with the same numbers as
//! through memory.

use crate::support::{self, TOL};
use parad::autodiff;
use parad::check::random_vec;

/// A triangular product `L x` (row `r` of `l` starts at `r (r - 1) / 2`),
/// then its squares: the inner loop reads `l[row + s]` and `x[s]`.
#[autodiff(reverse, d_triangular, Duplicated, Active)]
#[autodiff(forward, triangular_fwd, Dual, Dual)]
pub fn triangular(p: &[f64]) -> f64 {
    let d = 4;
    let x = &p[..d];
    let l = &p[d..];
    let mut y = vec![0.0; d];
    for r in 0..d {
        let row = (r * r - r) / 2;
        let mut v = x[r];
        for s in 0..r {
            v += l[row + s] * x[s];
        }
        y[r] = v;
    }
    let mut q = 0.0;
    for r in 0..d {
        q += y[r] * y[r];
    }
    q
}

/// Neighbours at `i - 1` and `i + 1` over `1..n - 1`, written into a
/// buffer at `i`, twice with the buffers swapped; a reversed loop reading
/// `u[i + 1]`.
#[autodiff(reverse, d_shifted, Duplicated, Active)]
#[autodiff(forward, shifted_fwd, Dual, Dual)]
pub fn shifted(x: &[f64]) -> f64 {
    let n = x.len();
    let mut u = x.to_vec();
    let mut next = x.to_vec();
    for _ in 0..2 {
        for i in 1..n - 1 {
            next[i] = u[i] + 0.2 * (u[i - 1] - 2.0 * u[i] + u[i + 1]) * u[i];
        }
        std::mem::swap(&mut u, &mut next);
    }
    let mut s = 0.0;
    for i in (0..n - 1).rev() {
        s = s * 0.5 + u[i + 1] * u[i + 1].sin();
    }
    s
}

/// `sum_i x[off + i]^2` over `0..n`.
#[autodiff(reverse, d_offset_sum, Duplicated, Const, Const, Active)]
#[autodiff(forward, offset_sum_fwd, Dual, Const, Const, Dual)]
pub fn offset_sum(x: &[f64], off: usize, n: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..n {
        s += x[off + i] * x[off + i];
    }
    s
}

/// `x[i]` read only where `i < m`, over `0..n`: under an `if`, after `&&`,
/// in an `else if`.
#[autodiff(reverse, d_guarded, Duplicated, Const, Const, Active)]
#[autodiff(forward, guarded_fwd, Dual, Const, Const, Dual)]
pub fn guarded(x: &[f64], m: usize, n: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..n {
        if i < m {
            s += x[i] * x[i];
        }
    }
    for i in 0..n {
        if i < m && x[i] > 0.0 {
            s += x[i].sin();
        }
    }
    for i in 0..n {
        if i >= m {
            s += 1.0;
        } else if x[i] < 0.0 {
            s += x[i].cos();
        }
    }
    s
}

/// Reads `x[i]` until an element above `limit`, over `0..n`.
#[autodiff(reverse, d_until, Duplicated, Const, Const, Active)]
#[autodiff(forward, until_fwd, Dual, Const, Const, Dual)]
pub fn until(x: &[f64], limit: f64, n: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..n {
        if x[i] > limit {
            break;
        }
        s += x[i] * x[i];
    }
    s
}

#[test]
fn windows_of_a_triangular_product() {
    let p = random_vec(4 + 6, -1.0, 1.0, 1401);
    support::slice_fn(&p, triangular, d_triangular, triangular_fwd);
}

#[test]
fn windows_at_shifted_indices_and_in_a_reversed_loop() {
    let x = random_vec(9, -1.0, 1.0, 1403);
    support::slice_fn(&x, shifted, d_shifted, shifted_fwd);
}

#[test]
fn windows_at_an_offset() {
    let x = random_vec(10, -1.0, 1.0, 1405);
    let (off, n) = (3, 5);
    support::scalar(
        &x,
        TOL,
        |x| offset_sum(x, off, n),
        |x, dx, seed| d_offset_sum(x, dx, off, n, seed),
        |x, t| offset_sum_fwd(x, t, off, n),
    );
}

#[test]
fn an_empty_loop_runs_whatever_its_offset() {
    let x = random_vec(4, -1.0, 1.0, 1407);
    let mut dx = vec![0.0; 4];
    assert_eq!(offset_sum(&x, 1000, 0), 0.0);
    assert_eq!(d_offset_sum(&x, &mut dx, 1000, 0, 1.0), 0.0);
    assert_eq!(offset_sum_fwd(&x, &x, 1000, 0), (0.0, 0.0));
    assert!(dx.iter().all(|&g| g == 0.0));
}

#[test]
fn a_loop_past_the_end_panics_as_the_plain_loop_does() {
    let x = random_vec(5, -1.0, 1.0, 1409);
    for (off, n) in [(2, 4), (7, 1)] {
        let plain = support::panic_message(|| {
            offset_sum(&x, off, n);
        });
        assert!(plain.starts_with("index out of bounds"), "{plain}");
        let reverse = support::panic_message(|| {
            d_offset_sum(&x, &mut [0.0; 5], off, n, 1.0);
        });
        let forward = support::panic_message(|| {
            offset_sum_fwd(&x, &x, off, n);
        });
        assert_eq!(reverse, plain);
        assert_eq!(forward, plain);
    }
}

#[test]
fn a_read_under_a_condition_is_not_sliced() {
    // The loops run to 9 over 6 elements, reading only the first 6.
    let x = random_vec(6, -1.0, 1.0, 1411);
    let (m, n) = (6, 9);
    support::scalar(
        &x,
        TOL,
        |x| guarded(x, m, n),
        |x, dx, seed| d_guarded(x, dx, m, n, seed),
        |x, t| guarded_fwd(x, t, m, n),
    );
}

#[test]
fn a_read_after_a_break_is_not_sliced() {
    // The loop runs to 9 over 6 elements and stops at the fifth.
    let mut x = random_vec(6, -1.0, 1.0, 1413);
    x[4] = 5.0;
    let n = 9;
    support::scalar(
        &x,
        TOL,
        |x| until(x, 2.0, n),
        |x, dx, seed| d_until(x, dx, 2.0, n, seed),
        |x, t| until_fwd(x, t, 2.0, n),
    );
}

// ------------------------------------------------------- carried spans

/// A recurrence `a[i] = r a[i - 1] + sin x[i]`: the forward loop carries
/// `a` (the element written is read in the next iteration) and the adjoint
/// carries `da` backwards.
#[autodiff(reverse, d_recurrence, Duplicated, Active, Active)]
#[autodiff(forward, recurrence_fwd, Dual, Dual, Dual)]
pub fn recurrence(x: &[f64], r: f64) -> f64 {
    let n = x.len();
    let mut a = vec![0.0; n];
    a[0] = x[0];
    for i in 1..n {
        a[i] = r * a[i - 1] + x[i].sin();
    }
    let mut s = 0.0;
    for i in 0..n {
        s += a[i] * a[i];
    }
    s
}

/// Reads at `i - 2` and `i + 1` in every iteration and at `i` under a
/// condition: the adjoint adds into a span of four elements of `dx`, one
/// of them never touched, one only sometimes.
#[autodiff(reverse, d_gapped, Duplicated, Active)]
#[autodiff(forward, gapped_fwd, Dual, Dual)]
pub fn gapped(x: &[f64]) -> f64 {
    let n = x.len();
    let mut s = 0.0;
    for i in 2..n - 1 {
        let mut v = x[i - 2] * x[i + 1];
        if v > 0.0 {
            v += x[i].cos();
        }
        s += v * v;
    }
    s
}

/// [`gapped`] with a `break` that never runs, which keeps the loop from
/// carrying anything: its gradient goes through memory.
#[autodiff(reverse, d_gapped_in_memory, Duplicated, Active)]
pub fn gapped_in_memory(x: &[f64]) -> f64 {
    let n = x.len();
    let mut s = 0.0;
    for i in 2..n - 1 {
        if i > n {
            break;
        }
        let mut v = x[i - 2] * x[i + 1];
        if v > 0.0 {
            v += x[i].cos();
        }
        s += v * v;
    }
    s
}

/// The 1D heat stencil over `1..m - 1` of a buffer of `x.len()` elements:
/// `m` past the length makes the plain loop fail.
#[autodiff(reverse, d_stencil_to, Duplicated, Const, Active)]
#[autodiff(forward, stencil_to_fwd, Dual, Const, Dual)]
pub fn stencil_to(x: &[f64], m: usize) -> f64 {
    let mut s = 0.0;
    for i in 1..m - 1 {
        let v = x[i - 1] - 2.0 * x[i] + x[i + 1];
        s += v * v;
    }
    s
}

#[test]
fn a_recurrence_carried_forwards_and_backwards() {
    let mut x = random_vec(12, -1.0, 1.0, 1415);
    x.push(0.7);
    let n = 12;
    support::scalar(
        &x,
        TOL,
        |x| recurrence(&x[..n], x[n]),
        |x, dx, seed| {
            let (v, dr) = d_recurrence(&x[..n], &mut dx[..n], x[n], seed);
            dx[n] += dr;
            v
        },
        |x, t| recurrence_fwd(&x[..n], &t[..n], x[n], t[n]),
    );
}

#[test]
fn a_span_with_a_gap_and_a_conditional_offset() {
    let x = random_vec(11, -1.0, 1.0, 1417);
    support::slice_fn(&x, gapped, d_gapped, gapped_fwd);
    // Carried or through memory, the additions come in the same order.
    let (mut carried, mut in_memory) = (vec![0.25; 11], vec![0.25; 11]);
    d_gapped(&x, &mut carried, 1.5);
    d_gapped_in_memory(&x, &mut in_memory, 1.5);
    assert!(carried.iter().zip(&in_memory).all(|(a, b)| a.to_bits() == b.to_bits()), "{carried:?}\n{in_memory:?}");
}

#[test]
fn a_span_past_the_end_panics_as_the_plain_loop_does() {
    let x = random_vec(5, -1.0, 1.0, 1419);
    let plain = support::panic_message(|| {
        stencil_to(&x, 6);
    });
    assert_eq!(plain, "index out of bounds: the len is 5 but the index is 5");
    let reverse = support::panic_message(|| {
        d_stencil_to(&x, &mut [0.0; 5], 6, 1.0);
    });
    assert_eq!(reverse, plain);
    // Up to the end it runs, and its gradient is right.
    support::scalar(
        &x,
        TOL,
        |x| stencil_to(x, 5),
        |x, dx, seed| d_stencil_to(x, dx, 5, seed),
        |x, t| stencil_to_fwd(x, t, 5),
    );
}
