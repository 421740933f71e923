//! Float methods (every built-in one, including the zero-derivative `floor ceil
//! round trunc signum`), `parad::no_grad`, and numerical models: softmax with
//! cross-entropy (max-subtracted log-sum-exp), log-sum-exp, logistic
//! regression, a Gaussian likelihood.

use crate::support::{self, assert_all_close, assert_close, cat, TOL};
use parad::autodiff;
use parad::check::{self, random_vec};
use parad::no_grad;

/// sin cos tan atan.
#[autodiff(reverse, d_trig, Duplicated, Active)]
#[autodiff(forward, trig_fwd, Dual, Dual)]
pub fn trig(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for &v in x.iter() {
        s += v.sin() * v.cos() + v.tan() - (2.0 * v).atan();
    }
    s
}

/// atan2 and hypot of two scalars.
#[autodiff(reverse, d_polar, Active, Active, Active)]
#[autodiff(forward, polar_fwd, Dual, Dual, Dual)]
pub fn polar(x: f64, y: f64) -> f64 {
    let r = x.hypot(y);
    let theta = y.atan2(x);
    r * theta + (x / y).atan() * r.sqrt()
}

/// asin acos.
#[autodiff(reverse, d_inverse_trig, Duplicated, Active)]
#[autodiff(forward, inverse_trig_fwd, Dual, Dual)]
pub fn inverse_trig(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for &v in x.iter() {
        s += v.asin() * v + v.acos().powi(2);
    }
    s
}

/// sinh cosh tanh.
#[autodiff(reverse, d_hyperbolic, Duplicated, Active)]
#[autodiff(forward, hyperbolic_fwd, Dual, Dual)]
pub fn hyperbolic(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for &v in x.iter() {
        s += (v.sinh() + 0.5 * v.cosh()) * v.tanh();
    }
    s
}

/// exp exp2 exp_m1.
#[autodiff(reverse, d_exponentials, Duplicated, Active)]
#[autodiff(forward, exponentials_fwd, Dual, Dual)]
pub fn exponentials(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for &v in x.iter() {
        s += v.exp() - 0.5 * v.exp2() + v.exp_m1() / (1.0 + v * v);
    }
    s
}

/// ln ln_1p log2 log10 (on positive inputs).
#[autodiff(reverse, d_logarithms, Duplicated, Active)]
#[autodiff(forward, logarithms_fwd, Dual, Dual)]
pub fn logarithms(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for &v in x.iter() {
        s += v.ln() + v.ln_1p() * v + v.log2() - v.log10() * v * v;
    }
    s
}

/// sqrt cbrt powi (positive and negative exponents) powf recip, with an
/// active exponent.
#[autodiff(reverse, d_roots_powers, Duplicated, Active, Active)]
#[autodiff(forward, roots_powers_fwd, Dual, Dual, Dual)]
pub fn roots_powers(x: &[f64], p: f64) -> f64 {
    let mut s = 0.0;
    for &v in x.iter() {
        s += v.sqrt() + v.cbrt() * v + v.powi(3) - v.powi(-2) + v.powf(p) + (1.0 + v).recip();
    }
    s
}

/// powf with both base and exponent active, powi with a negative exponent.
#[autodiff(reverse, d_powers, Active, Active, Active)]
#[autodiff(forward, powers_fwd, Dual, Dual, Dual)]
pub fn powers(x: f64, y: f64) -> f64 {
    x.powf(y) + 0.5 * y.powf(x) + x.powi(-3)
}

/// abs min max, on inputs kept away from their kinks: the first half of `x`
/// is positive, the second half negative.
#[autodiff(reverse, d_abs_min_max, Duplicated, Active)]
#[autodiff(forward, abs_min_max_fwd, Dual, Dual)]
pub fn abs_min_max(x: &[f64]) -> f64 {
    let h = x.len() / 2;
    let mut s = 0.0;
    for i in 0..h {
        let (a, b) = (x[i], x[h + i]);
        s += a.abs() * b.abs() + 2.0 * a.max(b) + a.min(b).powi(2) + (a - b).abs().sqrt();
    }
    s
}

/// mul_add, in Horner's scheme.
#[autodiff(reverse, d_horner_mul_add, Duplicated, Active, Active)]
#[autodiff(forward, horner_mul_add_fwd, Dual, Dual, Dual)]
pub fn horner_mul_add(coeffs: &[f64], t: f64) -> f64 {
    let mut acc: f64 = 0.0;
    for i in (0..coeffs.len()).rev() {
        acc = acc.mul_add(t, coeffs[i]);
    }
    acc
}

/// floor ceil round trunc signum: piecewise constant, so they contribute zero
/// derivative, but their values scale the other terms.
#[autodiff(reverse, d_zero_derivative_methods, Duplicated, Active)]
#[autodiff(forward, zero_derivative_methods_fwd, Dual, Dual)]
pub fn zero_derivative_methods(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for &v in x.iter() {
        s += v * v.floor() + v.ceil().powi(2) * v.sin() + v.round() * v * v + v.trunc() + v.signum() * v.exp();
    }
    s
}

/// Softmax with cross-entropy, the log-sum-exp shifted by the maximum logit
/// (required).
#[autodiff(reverse, d_softmax_cross_entropy, Duplicated, Const, Active)]
#[autodiff(forward, softmax_cross_entropy_fwd, Dual, Const, Dual)]
pub fn softmax_cross_entropy(logits: &[f64], target: usize) -> f64 {
    let m = logits.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b));
    let sum: f64 = logits.iter().map(|&z| (z - m).exp()).sum();
    let log_z = m + sum.ln();
    log_z - logits[target]
}

/// Log-sum-exp with the shift held constant by `no_grad`: the value and the
/// gradient do not depend on the shift, so finite differences still apply.
#[autodiff(reverse, d_log_sum_exp, Duplicated, Active)]
#[autodiff(forward, log_sum_exp_fwd, Dual, Dual)]
pub fn log_sum_exp(x: &[f64]) -> f64 {
    let m = parad::no_grad(x.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b)));
    m + x.iter().map(|&v| (v - m).exp()).sum::<f64>().ln()
}

/// An error normalised by a scale that `no_grad` deliberately holds constant:
/// its gradient is that of the same expression with the scale frozen.
#[autodiff(reverse, d_normalized_error, Duplicated, Const, Active)]
#[autodiff(forward, normalized_error_fwd, Dual, Const, Dual)]
pub fn normalized_error(x: &[f64], target: &[f64]) -> f64 {
    let scale = no_grad(x.iter().map(|v| v * v).sum::<f64>().sqrt());
    let mut e = 0.0;
    for i in 0..x.len() {
        e += (x[i] / scale - target[i]).powi(2);
    }
    e
}

/// `normalized_error` with the scale passed in: the finite-difference reference.
fn normalized_error_frozen(x: &[f64], target: &[f64], scale: f64) -> f64 {
    let mut e = 0.0;
    for i in 0..x.len() {
        e += (x[i] / scale - target[i]).powi(2);
    }
    e
}

/// Softmax into an output slice.
#[autodiff(reverse, d_softmax, Duplicated, Duplicated)]
#[autodiff(forward, softmax_fwd, Dual, Dual)]
pub fn softmax(x: &[f64], out: &mut [f64]) {
    let m = x.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b));
    let mut total = 0.0;
    for i in 0..x.len() {
        out[i] = (x[i] - m).exp();
        total += out[i];
    }
    for o in out.iter_mut() {
        *o /= total;
    }
}

/// Logistic regression: weights Duplicated, bias Active, data Const.
#[autodiff(reverse, d_logistic_loss, Duplicated, Active, Const, Const, Active)]
#[autodiff(forward, logistic_loss_fwd, Dual, Dual, Const, Const, Dual)]
pub fn logistic_loss(w: &[f64], bias: f64, xs: &[f64], ys: &[f64]) -> f64 {
    let d = w.len();
    let mut loss = 0.0;
    for (row, &y) in xs.chunks(d).zip(ys.iter()) {
        let z = row.iter().zip(w.iter()).map(|(a, b)| a * b).sum::<f64>() + bias;
        let p = 1.0 / (1.0 + (-z).exp());
        loss -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
    }
    loss / ys.len() as f64
}

/// Negative log-likelihood of a normal distribution: two Active scalars, Const data.
#[autodiff(reverse, d_gaussian_nll, Active, Active, Const, Active)]
#[autodiff(forward, gaussian_nll_fwd, Dual, Dual, Const, Dual)]
pub fn gaussian_nll(mu: f64, sigma: f64, data: &[f64]) -> f64 {
    let n = data.len() as f64;
    let mut ss = 0.0;
    for &d in data.iter() {
        ss += ((d - mu) / sigma).powi(2);
    }
    0.5 * ss + n * sigma.ln() + 0.5 * n * (2.0 * std::f64::consts::PI).ln()
}

#[test]
fn sin_cos_tan_atan() {
    support::slice_fn(&random_vec(6, -1.0, 1.0, 201), trig, d_trig, trig_fwd);
}

#[test]
fn atan2_hypot() {
    let x = random_vec(2, 0.5, 2.0, 202);
    support::scalar(
        &x,
        TOL,
        |x| polar(x[0], x[1]),
        |x, dx, seed| {
            let (v, a, b) = d_polar(x[0], x[1], seed);
            dx[0] += a;
            dx[1] += b;
            v
        },
        |x, t| polar_fwd(x[0], t[0], x[1], t[1]),
    );
}

#[test]
fn asin_acos() {
    support::slice_fn(&random_vec(6, -0.8, 0.8, 203), inverse_trig, d_inverse_trig, inverse_trig_fwd);
}

#[test]
fn sinh_cosh_tanh() {
    support::slice_fn(&random_vec(6, -1.5, 1.5, 204), hyperbolic, d_hyperbolic, hyperbolic_fwd);
}

#[test]
fn exp_exp2_exp_m1() {
    support::slice_fn(&random_vec(6, -1.5, 1.5, 205), exponentials, d_exponentials, exponentials_fwd);
}

#[test]
fn ln_ln_1p_log2_log10() {
    support::slice_fn(&random_vec(6, 0.5, 3.0, 206), logarithms, d_logarithms, logarithms_fwd);
}

#[test]
fn sqrt_cbrt_powi_powf_recip() {
    let n = 5;
    let x = cat(&[&random_vec(n, 0.5, 2.0, 207), &random_vec(1, 0.5, 2.5, 208)]);
    support::scalar(
        &x,
        TOL,
        |x| roots_powers(&x[..n], x[n]),
        |x, dx, seed| {
            let (dv, dp) = dx.split_at_mut(n);
            let (v, g) = d_roots_powers(&x[..n], dv, x[n], seed);
            dp[0] += g;
            v
        },
        |x, t| roots_powers_fwd(&x[..n], &t[..n], x[n], t[n]),
    );
}

#[test]
fn powf_with_active_base_and_exponent() {
    let x = random_vec(2, 0.5, 2.0, 209);
    support::scalar(
        &x,
        TOL,
        |x| powers(x[0], x[1]),
        |x, dx, seed| {
            let (v, a, b) = d_powers(x[0], x[1], seed);
            dx[0] += a;
            dx[1] += b;
            v
        },
        |x, t| powers_fwd(x[0], t[0], x[1], t[1]),
    );
    // d/dy x^y = x^y ln x.
    let (x0, y0) = (x[0], x[1]);
    let (_, _, dy) = d_powers(x0, y0, 1.0);
    let want = x0.powf(y0) * x0.ln() + 0.5 * y0.powf(x0) * x0 / y0;
    assert_close("d/dy", dy, want, 1e-12);
}

#[test]
fn abs_min_max_away_from_kinks() {
    let h = 4;
    let x = cat(&[&random_vec(h, 0.5, 1.5, 210), &random_vec(h, -1.5, -0.5, 211)]);
    support::slice_fn(&x, abs_min_max, d_abs_min_max, abs_min_max_fwd);
}

#[test]
fn mul_add_horner() {
    let n = 6;
    let x = cat(&[&random_vec(n, -1.0, 1.0, 212), &random_vec(1, -1.5, 1.5, 213)]);
    support::scalar(
        &x,
        TOL,
        |x| horner_mul_add(&x[..n], x[n]),
        |x, dx, seed| {
            let (dc, dt) = dx.split_at_mut(n);
            let (v, g) = d_horner_mul_add(&x[..n], dc, x[n], seed);
            dt[0] += g;
            v
        },
        |x, t| horner_mul_add_fwd(&x[..n], &t[..n], x[n], t[n]),
    );
}

#[test]
fn floor_ceil_round_trunc_signum_have_zero_derivative() {
    // Positive and negative inputs, away from integers and half-integers.
    let x = cat(&[&random_vec(3, 2.1, 2.4, 214), &random_vec(3, -2.4, -2.1, 215)]);
    support::slice_fn(&x, zero_derivative_methods, d_zero_derivative_methods, zero_derivative_methods_fwd);
    // The gradient is that of the expression with the step functions frozen.
    let mut dx = vec![0.0; x.len()];
    d_zero_derivative_methods(&x, &mut dx, 1.0);
    let want: Vec<f64> = x
        .iter()
        .map(|&v| v.floor() + v.ceil().powi(2) * v.cos() + 2.0 * v.round() * v + v.signum() * v.exp())
        .collect();
    assert_all_close("gradient", &dx, &want, 1e-12);
}

#[test]
fn softmax_cross_entropy_max_subtracted() {
    let x = random_vec(7, -3.0, 3.0, 216);
    for target in [0, 3, 6] {
        support::scalar(
            &x,
            TOL,
            |x| softmax_cross_entropy(x, target),
            |x, dx, seed| d_softmax_cross_entropy(x, dx, target, seed),
            |x, t| softmax_cross_entropy_fwd(x, t, target),
        );
    }
    // The gradient is softmax(x) - onehot(target), also for large logits.
    let big: Vec<f64> = x.iter().map(|v| v * 300.0).collect();
    let mut dx = vec![0.0; big.len()];
    let v = d_softmax_cross_entropy(&big, &mut dx, 2, 1.0);
    assert!(v.is_finite());
    let m = big.iter().fold(f64::NEG_INFINITY, |a, &b| a.max(b));
    let total: f64 = big.iter().map(|z| (z - m).exp()).sum();
    let mut want: Vec<f64> = big.iter().map(|z| (z - m).exp() / total).collect();
    want[2] -= 1.0;
    assert_all_close("gradient at large logits", &dx, &want, 1e-12);
}

#[test]
fn no_grad_log_sum_exp_shift() {
    support::slice_fn(&random_vec(6, -4.0, 4.0, 217), log_sum_exp, d_log_sum_exp, log_sum_exp_fwd);
}

#[test]
fn no_grad_holds_value_constant() {
    let n = 5;
    let x = random_vec(n, 0.5, 1.5, 218);
    let target = random_vec(n, -0.5, 0.5, 219);
    let scale0 = x.iter().map(|v| v * v).sum::<f64>().sqrt();
    let mut dx = vec![0.0; n];
    let v = d_normalized_error(&x, &mut dx, &target, 1.0);
    assert_close("value", v, normalized_error(&x, &target), 1e-12);
    // Finite differences of the expression with the no_grad value frozen at
    // its value at x: the gradient at x is the gradient of that expression.
    check::gradient(
        |y, dy| {
            d_normalized_error(y, dy, &target, 1.0);
            normalized_error_frozen(y, &target, scale0)
        },
        &x,
        TOL,
    );
    // The analytic gradient with the scale held constant.
    let want: Vec<f64> = (0..n).map(|i| 2.0 * (x[i] / scale0 - target[i]) / scale0).collect();
    assert_all_close("gradient", &dx, &want, 1e-12);
    // Forward and reverse agree with each other.
    check::dot_product(
        |x, v| vec![normalized_error_fwd(x, v, &target).1],
        |x, w| {
            let mut dx = vec![0.0; x.len()];
            d_normalized_error(x, &mut dx, &target, w[0]);
            dx
        },
        &x,
    );
    assert_close("forward value", normalized_error_fwd(&x, &vec![0.0; n], &target).0, v, 1e-12);
}

#[test]
fn softmax_into_output_slice() {
    let n = 6;
    let x = random_vec(n, -2.0, 2.0, 220);
    support::map(
        &x,
        n,
        TOL,
        221,
        |x| {
            let mut out = vec![0.0; n];
            softmax(x, &mut out);
            out
        },
        |x, dx, w| {
            let mut out = vec![0.0; n];
            let mut dout = w.to_vec();
            d_softmax(x, dx, &mut out, &mut dout);
            out
        },
        |x, v| {
            let mut out = vec![0.0; n];
            let mut tout = vec![0.0; n];
            softmax_fwd(x, v, &mut out, &mut tout);
            (out, tout)
        },
    );
}

#[test]
fn logistic_regression_loss() {
    let (d, rows) = (3, 8);
    let xs = random_vec(d * rows, -2.0, 2.0, 222);
    let ys: Vec<f64> = random_vec(rows, 0.0, 1.0, 223).iter().map(|&u| if u > 0.5 { 1.0 } else { 0.0 }).collect();
    let x = cat(&[&random_vec(d, -1.0, 1.0, 224), &random_vec(1, -0.5, 0.5, 225)]);
    support::scalar(
        &x,
        TOL,
        |x| logistic_loss(&x[..d], x[d], &xs, &ys),
        |x, dx, seed| {
            let (dw, db) = dx.split_at_mut(d);
            let (v, g) = d_logistic_loss(&x[..d], dw, x[d], &xs, &ys, seed);
            db[0] += g;
            v
        },
        |x, t| logistic_loss_fwd(&x[..d], &t[..d], x[d], t[d], &xs, &ys),
    );
}

#[test]
fn gaussian_likelihood_active_scalars_const_data() {
    let data = random_vec(10, -1.0, 3.0, 226);
    let x = cat(&[&random_vec(1, 0.0, 2.0, 227), &random_vec(1, 0.5, 2.0, 228)]);
    support::scalar(
        &x,
        TOL,
        |x| gaussian_nll(x[0], x[1], &data),
        |x, dx, seed| {
            let (v, a, b) = d_gaussian_nll(x[0], x[1], &data, seed);
            dx[0] += a;
            dx[1] += b;
            v
        },
        |x, t| gaussian_nll_fwd(x[0], t[0], x[1], t[1], &data),
    );
}
