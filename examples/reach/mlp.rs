//! A small multilayer perceptron over `Vec<Layer>`, trained by a few steps
//! of gradient descent on the squared error.

// Index loops, as dense layers are usually written.
#![allow(clippy::needless_range_loop)]

use parad::autodiff;

/// A dense layer, `out = tanh(w in + b)`, `w` row-major `n_out x n_in`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layer {
    pub w: Vec<f64>,
    pub b: Vec<f64>,
    pub n_in: usize,
    pub n_out: usize,
}

impl Layer {
    pub fn random(n_in: usize, n_out: usize, seed: u64) -> Layer {
        let scale = 1.0 / (n_in as f64).sqrt();
        Layer {
            w: parad::check::random_vec(n_in * n_out, -scale, scale, seed),
            b: parad::check::random_vec(n_out, -0.1, 0.1, seed + 1),
            n_in,
            n_out,
        }
    }

    /// A layer of zeros of the same shape: the shadow `d_loss` adds into.
    pub fn zeros_like(&self) -> Layer {
        Layer { w: vec![0.0; self.w.len()], b: vec![0.0; self.b.len()], ..*self }
    }
}

/// The squared error of the network on the samples `xs` (rows of
/// `n_in`) against the targets `ys` (rows of the last layer's `n_out`).
#[autodiff(reverse, d_loss, Duplicated, Const, Const, Active)]
#[autodiff(forward, loss_fwd, Dual, Const, Const, Dual)]
pub fn loss(layers: &[Layer], xs: &[f64], ys: &[f64]) -> f64 {
    let n_in = layers[0].n_in;
    let n_out = layers[layers.len() - 1].n_out;
    let mut e = 0.0;
    for s in 0..xs.len() / n_in {
        let mut a = xs[s * n_in..(s + 1) * n_in].to_vec();
        for layer in layers {
            let mut z = vec![0.0; layer.n_out];
            for o in 0..layer.n_out {
                let mut t = layer.b[o];
                for i in 0..layer.n_in {
                    t += layer.w[o * layer.n_in + i] * a[i];
                }
                z[o] = t.tanh();
            }
            a = z;
        }
        for k in 0..n_out {
            let r = a[k] - ys[s * n_out + k];
            e += r * r;
        }
    }
    e
}

/// `steps` steps of gradient descent with the learning rate `rate`; the
/// loss before each step.
pub fn train(layers: &mut [Layer], xs: &[f64], ys: &[f64], rate: f64, steps: usize) -> Vec<f64> {
    let mut losses = Vec::new();
    for _ in 0..steps {
        let mut grads: Vec<Layer> = layers.iter().map(Layer::zeros_like).collect();
        losses.push(d_loss(layers, &mut grads, xs, ys, 1.0));
        for (layer, g) in layers.iter_mut().zip(&grads) {
            layer.w.iter_mut().zip(&g.w).for_each(|(w, d)| *w -= rate * d);
            layer.b.iter_mut().zip(&g.b).for_each(|(b, d)| *b -= rate * d);
        }
    }
    losses
}
