//! Patterns that bind names: `match` arms taking data out of a `Const` enum
//! passed by value (tuple and struct variants, `Option`), with guards that
//! read the bindings, `x @ lo..=hi`, a whole value bound (`v if v < 0.0`,
//! also of an active float), and `if let` / `else if let` chains.
//!
//! Each function is checked for every variant, on random inputs away from
//! the boundaries of its branches.

use crate::support::{self, cat, TOL};
use parad::autodiff;
use parad::check::random_vec;

/// The boundary of a 1D rod: data in tuple and struct variants.
#[derive(Clone, Copy, Debug)]
pub enum Boundary {
    Fixed(f64),
    Flux { rate: f64, scale: f64 },
    Periodic,
}

/// Twenty explicit heat steps on a rod whose left end is `bc`, then the
/// squared temperature: the data of the variant meets active values.
#[autodiff(reverse, d_rod, Duplicated, Const, Active)]
#[autodiff(forward, rod_fwd, Dual, Const, Dual)]
pub fn rod(u0: &[f64], bc: Boundary) -> f64 {
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = vec![0.0; n];
    for _ in 0..20 {
        let left = match bc {
            Boundary::Fixed(value) => value,
            Boundary::Flux { rate, scale } if rate > 0.0 => u[0] + scale * rate,
            Boundary::Flux { scale, .. } => u[0] * (1.0 - scale),
            Boundary::Periodic => u[n - 1],
        };
        next[0] = u[0] + 0.2 * (left - 2.0 * u[0] + u[1]);
        for i in 1..n - 1 {
            next[i] = u[i] + 0.2 * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
        }
        next[n - 1] = u[n - 1] + 0.2 * (u[n - 2] - u[n - 1]);
        std::mem::swap(&mut u, &mut next);
    }
    u.iter().map(|v| v * v).sum()
}

/// `Option`s by value through `if let`, `else if let` and `match`, an
/// integer `k @ 1..=3`, and a guard reading a binding.
#[autodiff(reverse, d_clipped, Duplicated, Const, Const, Active)]
#[autodiff(forward, clipped_fwd, Dual, Const, Const, Dual)]
pub fn clipped(x: &[f64], clip: Option<f64>, every: Option<usize>) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        let v = if let Some(c) = clip {
            x[i].min(c)
        } else if let Some(k) = every {
            x[i] * (1 + i % k) as f64
        } else {
            x[i]
        };
        let weight = match every {
            Some(k @ 1..=3) => 1.0 / k as f64,
            Some(k) if k % 2 == 0 => 0.5,
            Some(_) => 0.25,
            None => 1.0,
        };
        s += weight * v * v.sin();
    }
    s
}

/// A whole active value bound by the arms (`v if v < 0.0`).
#[autodiff(reverse, d_leaky, Duplicated, Active)]
#[autodiff(forward, leaky_fwd, Dual, Dual)]
pub fn leaky(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        s += match x[i] * 2.0 {
            v if v < 0.0 => 0.01 * v * x[i],
            v => v * v,
        };
    }
    s
}

#[test]
fn enum_data_in_match_arms() {
    let x = random_vec(8, -1.0, 1.0, 920);
    let bcs = [
        Boundary::Fixed(0.3),
        Boundary::Flux { rate: 0.5, scale: 0.4 },
        Boundary::Flux { rate: -0.5, scale: 0.4 },
        Boundary::Periodic,
    ];
    let mut values = Vec::new();
    for bc in bcs {
        support::scalar(&x, TOL, |x| rod(x, bc), |x, dx, seed| d_rod(x, dx, bc, seed), |x, t| rod_fwd(x, t, bc));
        values.push(rod(&x, bc));
    }
    // Each variant's data reaches the result: no two agree.
    for i in 0..values.len() {
        for j in 0..i {
            assert!((values[i] - values[j]).abs() > 1e-9, "variants {j} and {i} give the same value");
        }
    }
}

#[test]
fn options_through_if_let_and_match() {
    // Positive inputs below the clip for half of them, away from the kink.
    let x = cat(&[&random_vec(5, 0.1, 0.4, 921), &random_vec(5, 0.6, 0.9, 922)]);
    for (clip, every) in
        [(Some(0.5), None), (None, Some(2)), (None, Some(4)), (None, Some(5)), (None, None), (Some(0.5), Some(3))]
    {
        support::scalar(
            &x,
            TOL,
            |x| clipped(x, clip, every),
            |x, dx, seed| d_clipped(x, dx, clip, every, seed),
            |x, t| clipped_fwd(x, t, clip, every),
        );
    }
    // The clip takes effect: the clipped half has zero gradient.
    let mut dx = vec![0.0; x.len()];
    d_clipped(&x, &mut dx, Some(0.5), None, 1.0);
    assert!(dx[5..].iter().all(|&d| d == 0.0) && dx[..5].iter().all(|&d| d != 0.0), "{dx:?}");
}

#[test]
fn whole_value_bound_with_guard() {
    let x = cat(&[&random_vec(4, -1.0, -0.1, 923), &random_vec(4, 0.1, 1.0, 924)]);
    support::slice_fn(&x, leaky, d_leaky, leaky_fwd);
}
