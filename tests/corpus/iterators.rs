//! Iterator chains with closures: `map` ending in `sum()`, `product()`,
//! `fold()`, `for_each()`, `collect::<Vec<_>>()`; `enumerate`, `zip`, `chunks`,
//! `chunks_mut`, `windows`, `iter_mut` inside chains; `filter` before each
//! ending and in `for` loops; closures that capture active and constant
//! values, and a closure nested in a closure; reductions to an `Option`
//! (`reduce`, `max_by`, `min_by`) unwrapped.

use crate::support::{self, assert_all_close, assert_close, cat, TOL};
use parad::autodiff;
use parad::check::random_vec;

/// `map(..).sum()` with a closure capturing an Active scalar.
#[autodiff(reverse, d_map_sum, Duplicated, Active, Active)]
#[autodiff(forward, map_sum_fwd, Dual, Dual, Dual)]
pub fn map_sum(x: &[f64], a: f64) -> f64 {
    x.iter().map(|&v| (a * v).tanh() + v * v).sum()
}

/// `map(..).product()`.
#[autodiff(reverse, d_map_product, Duplicated, Active)]
#[autodiff(forward, map_product_fwd, Dual, Dual)]
pub fn map_product(x: &[f64]) -> f64 {
    x.iter().map(|v| 1.0 + 0.5 * v.sin()).product()
}

/// `fold`: Horner's scheme with the leading coefficient first.
#[autodiff(reverse, d_fold_poly, Duplicated, Active, Active)]
#[autodiff(forward, fold_poly_fwd, Dual, Dual, Dual)]
pub fn fold_poly(coeffs: &[f64], t: f64) -> f64 {
    coeffs.iter().fold(0.0, |acc, &c| acc * t + c)
}

/// `iter_mut().zip(..).for_each(..)` into an output, with an Active rate.
#[autodiff(reverse, d_exp_decay, Duplicated, Active, Duplicated)]
#[autodiff(forward, exp_decay_fwd, Dual, Dual, Dual)]
pub fn exp_decay(x: &[f64], rate: f64, out: &mut [f64]) {
    out.iter_mut().zip(x.iter()).for_each(|(o, &v)| *o = (-rate * v).exp() * v);
}

/// `collect::<Vec<_>>()` and `collect()` into an annotated `Vec<f64>`.
#[autodiff(reverse, d_normalize_collect, Duplicated, Active)]
#[autodiff(forward, normalize_collect_fwd, Dual, Dual)]
pub fn normalize_collect(x: &[f64]) -> f64 {
    let e = x.iter().map(|v| v.exp()).collect::<Vec<_>>();
    let total: f64 = e.iter().sum();
    let p: Vec<f64> = e.iter().map(|v| v / total).collect();
    p.iter().enumerate().map(|(i, q)| (i as f64 + 1.0) * q * q).sum()
}

/// `zip(..).enumerate().map(..).sum()` with a tuple pattern in the closure.
#[autodiff(reverse, d_weighted_distance, Duplicated, Duplicated, Active)]
#[autodiff(forward, weighted_distance_fwd, Dual, Dual, Dual)]
pub fn weighted_distance(x: &[f64], y: &[f64]) -> f64 {
    x.iter().zip(y.iter()).enumerate().map(|(i, (a, b))| (a - b).powi(2) / (1.0 + i as f64)).sum::<f64>().sqrt()
}

/// The dot product as a chain, `zip(..).map(..).sum()` (required: dot product).
#[autodiff(reverse, d_dot_zip, Duplicated, Duplicated, Active)]
#[autodiff(forward, dot_zip_fwd, Dual, Dual, Dual)]
pub fn dot_zip(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b.iter()).map(|(p, q)| p * q).sum()
}

/// `chunks(2).map(..).sum()` and `windows(2).map(..).sum()`.
#[autodiff(reverse, d_chunk_window_energy, Duplicated, Active)]
#[autodiff(forward, chunk_window_energy_fwd, Dual, Dual)]
pub fn chunk_window_energy(x: &[f64]) -> f64 {
    let pairs: f64 = x.chunks(2).map(|c| c[0] * c[1]).sum();
    let smooth: f64 = x.windows(2).map(|w| (w[1] - w[0]).powi(2)).sum();
    pairs + 0.5 * smooth
}

/// A closure nested in a closure: the sum of the norms of groups of three.
#[autodiff(reverse, d_group_norms, Duplicated, Active)]
#[autodiff(forward, group_norms_fwd, Dual, Dual)]
pub fn group_norms(x: &[f64]) -> f64 {
    x.chunks(3).map(|c| c.iter().map(|v| v * v).sum::<f64>().sqrt()).sum()
}

/// `chunks_mut(2).zip(chunks(2)).for_each(..)`: rotates each pair by `angle`.
#[autodiff(reverse, d_rotate_pairs, Duplicated, Active, Duplicated)]
#[autodiff(forward, rotate_pairs_fwd, Dual, Dual, Dual)]
pub fn rotate_pairs(x: &[f64], angle: f64, out: &mut [f64]) {
    let (s, c) = (angle.sin(), angle.cos());
    out.chunks_mut(2).zip(x.chunks(2)).for_each(|(o, p)| {
        o[0] = c * p[0] - s * p[1];
        o[1] = s * p[0] + c * p[1];
    });
}

/// `iter_mut().for_each(..)` in place.
#[autodiff(reverse, d_squash_in_place, Duplicated)]
#[autodiff(forward, squash_in_place_fwd, Dual)]
pub fn squash_in_place(x: &mut [f64]) {
    x.iter_mut().for_each(|v| *v = 2.0 * v.tanh() + 0.1 * *v);
}

#[test]
fn map_sum_closure_captures_active_scalar() {
    let n = 6;
    let x = cat(&[&random_vec(n, -1.0, 1.0, 401), &random_vec(1, 0.5, 2.0, 402)]);
    support::scalar(
        &x,
        TOL,
        |x| map_sum(&x[..n], x[n]),
        |x, dx, seed| {
            let (dv, da) = dx.split_at_mut(n);
            let (v, g) = d_map_sum(&x[..n], dv, x[n], seed);
            da[0] += g;
            v
        },
        |x, t| map_sum_fwd(&x[..n], &t[..n], x[n], t[n]),
    );
}

#[test]
fn map_product_chain() {
    support::slice_fn(&random_vec(6, -1.0, 1.0, 403), map_product, d_map_product, map_product_fwd);
}

#[test]
fn fold_horner_polynomial() {
    let n = 6;
    let x = cat(&[&random_vec(n, -1.0, 1.0, 404), &random_vec(1, -1.5, 1.5, 405)]);
    support::scalar(
        &x,
        TOL,
        |x| fold_poly(&x[..n], x[n]),
        |x, dx, seed| {
            let (dc, dt) = dx.split_at_mut(n);
            let (v, g) = d_fold_poly(&x[..n], dc, x[n], seed);
            dt[0] += g;
            v
        },
        |x, t| fold_poly_fwd(&x[..n], &t[..n], x[n], t[n]),
    );
    // The same polynomial as loops::horner with the coefficients reversed.
    let reversed: Vec<f64> = x[..n].iter().rev().copied().collect();
    assert_close("value", fold_poly(&x[..n], x[n]), crate::loops::horner(&reversed, x[n]), 1e-13);
}

#[test]
fn for_each_with_active_rate() {
    let n = 5;
    let x = cat(&[&random_vec(n, -1.0, 1.0, 406), &random_vec(1, 0.1, 1.0, 407)]);
    support::map(
        &x,
        n,
        TOL,
        408,
        |x| {
            let mut out = vec![0.0; n];
            exp_decay(&x[..n], x[n], &mut out);
            out
        },
        |x, dx, w| {
            let (dv, dr) = dx.split_at_mut(n);
            let mut out = vec![0.0; n];
            let mut dout = w.to_vec();
            let g: f64 = d_exp_decay(&x[..n], dv, x[n], &mut out, &mut dout);
            dr[0] += g;
            out
        },
        |x, t| {
            let mut out = vec![0.0; n];
            let mut tout = vec![0.0; n];
            exp_decay_fwd(&x[..n], &t[..n], x[n], t[n], &mut out, &mut tout);
            (out, tout)
        },
    );
}

#[test]
fn collect_into_vec() {
    support::slice_fn(&random_vec(6, -1.0, 1.0, 409), normalize_collect, d_normalize_collect, normalize_collect_fwd);
}

#[test]
fn zip_enumerate_map_sum() {
    let n = 6;
    let x = cat(&[&random_vec(n, -1.0, 1.0, 410), &random_vec(n, -1.0, 1.0, 411)]);
    support::scalar(
        &x,
        TOL,
        |x| weighted_distance(&x[..n], &x[n..]),
        |x, dx, seed| {
            let (da, db) = dx.split_at_mut(n);
            d_weighted_distance(&x[..n], da, &x[n..], db, seed)
        },
        |x, t| weighted_distance_fwd(&x[..n], &t[..n], &x[n..], &t[n..]),
    );
}

#[test]
fn dot_product_zip_chain() {
    let n = 7;
    let x = cat(&[&random_vec(n, -1.0, 1.0, 412), &random_vec(n, -1.0, 1.0, 413)]);
    support::scalar(
        &x,
        TOL,
        |x| dot_zip(&x[..n], &x[n..]),
        |x, dx, seed| {
            let (da, db) = dx.split_at_mut(n);
            d_dot_zip(&x[..n], da, &x[n..], db, seed)
        },
        |x, t| dot_zip_fwd(&x[..n], &t[..n], &x[n..], &t[n..]),
    );
    // d/da = b and d/db = a, as for the loop version in `basic`.
    let (mut da, mut db) = (vec![0.0; n], vec![0.0; n]);
    let v = d_dot_zip(&x[..n], &mut da, &x[n..], &mut db, 1.0);
    assert_close("value", v, crate::basic::dot(&x[..n], &x[n..]), 1e-14);
    assert_all_close("d/da", &da, &x[n..], 1e-15);
    assert_all_close("d/db", &db, &x[..n], 1e-15);
}

#[test]
fn chunks_and_windows_chains() {
    support::slice_fn(
        &random_vec(8, -1.0, 1.0, 414),
        chunk_window_energy,
        d_chunk_window_energy,
        chunk_window_energy_fwd,
    );
}

#[test]
fn nested_closures_group_norms() {
    support::slice_fn(&random_vec(9, 0.5, 2.0, 415), group_norms, d_group_norms, group_norms_fwd);
}

#[test]
fn chunks_mut_zip_for_each() {
    let n = 6;
    let x = cat(&[&random_vec(n, -1.0, 1.0, 416), &random_vec(1, -3.0, 3.0, 417)]);
    support::map(
        &x,
        n,
        TOL,
        418,
        |x| {
            let mut out = vec![0.0; n];
            rotate_pairs(&x[..n], x[n], &mut out);
            out
        },
        |x, dx, w| {
            let (dv, da) = dx.split_at_mut(n);
            let mut out = vec![0.0; n];
            let mut dout = w.to_vec();
            let g: f64 = d_rotate_pairs(&x[..n], dv, x[n], &mut out, &mut dout);
            da[0] += g;
            out
        },
        |x, t| {
            let mut out = vec![0.0; n];
            let mut tout = vec![0.0; n];
            rotate_pairs_fwd(&x[..n], &t[..n], x[n], t[n], &mut out, &mut tout);
            (out, tout)
        },
    );
}

#[test]
fn iter_mut_for_each_in_place() {
    let n = 6;
    let x = random_vec(n, -2.0, 2.0, 419);
    support::map(
        &x,
        n,
        TOL,
        420,
        |x| {
            let mut v = x.to_vec();
            squash_in_place(&mut v);
            v
        },
        |x, dx, w| {
            let mut v = x.to_vec();
            let mut dv = w.to_vec();
            d_squash_in_place(&mut v, &mut dv);
            for (d, g) in dx.iter_mut().zip(&dv) {
                *d += g;
            }
            v
        },
        |x, t| {
            let mut v = x.to_vec();
            let mut tv = t.to_vec();
            squash_in_place_fwd(&mut v, &mut tv);
            (v, tv)
        },
    );
}

// ---------------------------------------------------------------- filter

/// `filter(..).map(..).sum()`: the `map` runs only on the elements kept,
/// so `sqrt` never sees a negative number.
#[autodiff(reverse, d_positive_roots, Duplicated, Active)]
#[autodiff(forward, positive_roots_fwd, Dual, Dual)]
pub fn positive_roots(x: &[f64]) -> f64 {
    x.iter().filter(|&&v| v > 0.0).map(|v| v.sqrt() * v.sin()).sum()
}

/// `filter(..).count()` scaling a sum, and `filter` after `map`.
#[autodiff(reverse, d_count_scaled, Duplicated, Active)]
#[autodiff(forward, count_scaled_fwd, Dual, Dual)]
pub fn count_scaled(x: &[f64]) -> f64 {
    let big = x.iter().filter(|v| v.abs() > 0.5).count();
    let s: f64 = x.iter().map(|v| v.exp()).filter(|e| *e < 2.0).sum();
    s / (1.0 + big as f64)
}

/// `for` loops over filtered chains: `enumerate` before the `filter`, and a
/// reversed range, with a recurrence that makes the order matter.
#[autodiff(reverse, d_filtered_loops, Duplicated, Active)]
#[autodiff(forward, filtered_loops_fwd, Dual, Dual)]
pub fn filtered_loops(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for (i, v) in x.iter().enumerate().filter(|(i, _)| i % 3 != 1) {
        s += v.cos() * (i as f64 + 1.0);
    }
    for k in (0..x.len()).rev().filter(|k| k % 2 == 0) {
        s = s * 0.9 + x[k] * s.tanh();
    }
    s
}

/// `filter` before `fold` (a max of the elements below a bound), before
/// `collect`, and after `zip` ending in `for_each`.
#[autodiff(reverse, d_filtered_endings, Duplicated, Active)]
#[autodiff(forward, filtered_endings_fwd, Dual, Dual)]
pub fn filtered_endings(x: &[f64]) -> f64 {
    let m = x.iter().filter(|&&v| v < 0.8).fold(-1.0, |a: f64, &v| a.max(v));
    let kept: Vec<f64> = x.iter().map(|v| v * 2.0).filter(|w| *w > 0.5).collect();
    let mut t = 0.0;
    x.iter().zip(x.iter().skip(1)).filter(|(a, b)| *a < *b).for_each(|(a, b)| t += a * b);
    m + kept.iter().map(|w| w * w).sum::<f64>() + t
}

/// The twins of the filtered chains, written as loops with `if`.
fn filter_twins(x: &[f64]) -> [f64; 4] {
    let mut roots = 0.0;
    let (mut big, mut s) = (0.0, 0.0);
    for &v in x {
        if v > 0.0 {
            roots += v.sqrt() * v.sin();
        }
        if v.abs() > 0.5 {
            big += 1.0;
        }
        if v.exp() < 2.0 {
            s += v.exp();
        }
    }
    let mut l = 0.0;
    for (i, v) in x.iter().enumerate() {
        if i % 3 != 1 {
            l += v.cos() * (i as f64 + 1.0);
        }
    }
    for k in (0..x.len()).rev() {
        if k % 2 == 0 {
            l = l * 0.9 + x[k] * l.tanh();
        }
    }
    let (mut m, mut kept, mut t) = (-1.0f64, 0.0, 0.0);
    for k in 0..x.len() {
        if x[k] < 0.8 {
            m = m.max(x[k]);
        }
        if 2.0 * x[k] > 0.5 {
            kept += 4.0 * x[k] * x[k];
        }
        if k + 1 < x.len() && x[k] < x[k + 1] {
            t += x[k] * x[k + 1];
        }
    }
    [roots, s / (1.0 + big), l, m + kept + t]
}

#[test]
fn filter_in_chains_and_loops() {
    for seed in [421, 422, 423] {
        let x = random_vec(23, -1.0, 1.0, seed);
        let want = filter_twins(&x);
        let got = [positive_roots(&x), count_scaled(&x), filtered_loops(&x), filtered_endings(&x)];
        assert_all_close("filtered chains against loops with `if`", &got, &want, 1e-13);
        support::slice_fn(&x, positive_roots, d_positive_roots, positive_roots_fwd);
        support::slice_fn(&x, count_scaled, d_count_scaled, count_scaled_fwd);
        support::slice_fn(&x, filtered_loops, d_filtered_loops, filtered_loops_fwd);
        support::slice_fn(&x, filtered_endings, d_filtered_endings, filtered_endings_fwd);
    }
}

/// Reductions that return an `Option`, unwrapped: the greatest element by
/// `reduce(f64::max)`, by `max_by` with `partial_cmp`, the least of mapped
/// values by `min_by` with `total_cmp` and a default, and a `reduce` with a
/// closure.
#[autodiff(reverse, d_option_reductions, Duplicated, Active)]
#[autodiff(forward, option_reductions_fwd, Dual, Dual)]
pub fn option_reductions(x: &[f64]) -> f64 {
    let hi = x.iter().copied().reduce(f64::max).unwrap();
    let top = *x.iter().max_by(|a, b| a.partial_cmp(b).unwrap()).unwrap();
    let lo = x.iter().map(|v| v * v).min_by(|a, b| a.total_cmp(b)).unwrap_or(0.0);
    let s = x.iter().copied().reduce(|a, b| a * 0.5 + b.sin()).expect("not empty");
    hi * top + lo + s
}

#[test]
fn option_reductions_unwrapped() {
    for seed in 0..4 {
        support::slice_fn(
            &random_vec(7, -1.0, 1.0, 420 + seed),
            option_reductions,
            d_option_reductions,
            option_reductions_fwd,
        );
    }
    // Empty: the unwrap panics as the primal's does.
    let msg = support::panic_message(|| {
        d_option_reductions(&[], &mut [], 1.0);
    });
    assert!(msg.contains("None"), "{msg}");
}
