//! A float-generic model: L2-regularised logistic regression written once
//! over `T: Float` and differentiated at `f32` and `f64`; the samples'
//! terms in rayon, the penalty through a generic helper.

use parad::{autodiff, Float};
use rayon::prelude::*;

/// `log(1 + e^z)` without overflow for large `z`.
#[autodiff]
pub fn softplus<T: Float>(z: T) -> T {
    if z > T::zero() {
        z + (-z).exp().ln_1p()
    } else {
        z.exp().ln_1p()
    }
}

/// `sum w_i^2`.
#[autodiff]
pub fn norm2<T: Float>(w: &[T]) -> T {
    w.iter().map(|v| *v * *v).sum()
}

/// The mean logistic loss of the weights `w` (the last one the bias) on
/// the samples `xs` (rows of `w.len() - 1` features) with labels `ys` in
/// {0, 1}, plus `lambda / 2 |w|^2`.
#[autodiff(reverse, d_loss, Duplicated, Const, Const, Active, Active)]
#[autodiff(forward, loss_fwd, Dual, Const, Const, Dual, Dual)]
pub fn loss<T: Float>(w: &[T], xs: &[T], ys: &[T], lambda: T) -> T {
    let d = w.len() - 1;
    let n = ys.len();
    let data = (0..n)
        .into_par_iter()
        .map(|s| {
            let mut z = w[d];
            for k in 0..d {
                z += w[k] * xs[s * d + k];
            }
            // -log(sigmoid(z)) for a 1, -log(1 - sigmoid(z)) for a 0.
            softplus(z) - ys[s] * z
        })
        .sum::<T>();
    data / T::from(n).unwrap() + T::from(0.5).unwrap() * lambda * norm2(w)
}

/// Samples of a noisy linear rule, in the precision asked for.
pub fn samples<T: Float>(n: usize, d: usize, seed: u64) -> (Vec<T>, Vec<T>) {
    let xs = parad::check::random_vec(n * d, -2.0, 2.0, seed);
    let noise = parad::check::random_vec(n, -0.5, 0.5, seed + 1);
    let ys = (0..n)
        .map(|s| {
            let z: f64 = (0..d).map(|k| xs[s * d + k] * (k as f64 - 1.0)).sum::<f64>() + noise[s];
            if z > 0.0 {
                T::one()
            } else {
                T::zero()
            }
        })
        .collect();
    (xs.iter().map(|&v| T::from(v).unwrap()).collect(), ys)
}

/// `steps` steps of gradient descent from zero weights; the weights and
/// the loss before each step.
pub fn train<T: Float>(xs: &[T], ys: &[T], d: usize, steps: usize, rate: T) -> (Vec<T>, Vec<T>) {
    let lambda = T::from(1e-2).unwrap();
    let mut w = vec![T::zero(); d + 1];
    let mut losses = Vec::new();
    for _ in 0..steps {
        let mut dw = vec![T::zero(); d + 1];
        let (l, _) = d_loss(&w, &mut dw, xs, ys, lambda, T::one());
        losses.push(l);
        for (w, g) in w.iter_mut().zip(&dw) {
            *w -= rate * *g;
        }
    }
    (w, losses)
}
