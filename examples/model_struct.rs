//! A model as a struct with a method: the receiver takes the first
//! activity, and the derivative is a method too
//! (`model.d_loss(&mut grad, ..)`), its shadow a `Model` of the same
//! shape that receives the gradient with respect to every field.
//!
//! Run: `cargo run --release --example model_struct`

use parad::autodiff;

/// A one-hidden-layer network, `y = v . tanh(W x + b) + c`.
#[derive(Clone, Debug)]
struct Model {
    w: Vec<f64>,
    b: Vec<f64>,
    v: Vec<f64>,
    c: f64,
}

impl Model {
    fn new(hidden: usize, inputs: usize) -> Model {
        let w = (0..hidden * inputs).map(|k| 0.3 * ((k * 7 + 3) % 11) as f64 / 11.0 - 0.15).collect();
        let v = (0..hidden).map(|k| 0.2 * ((k * 5 + 1) % 7) as f64 / 7.0 - 0.1).collect();
        Model { w, b: vec![0.0; hidden], v, c: 0.0 }
    }

    /// A model of the same shape, all zero: the shadow of the gradient.
    fn zeros(&self) -> Model {
        Model { w: vec![0.0; self.w.len()], b: vec![0.0; self.b.len()], v: vec![0.0; self.v.len()], c: 0.0 }
    }

    #[autodiff]
    fn predict(&self, x: &[f64]) -> f64 {
        let mut y = self.c;
        for h in 0..self.b.len() {
            let mut a = self.b[h];
            for i in 0..x.len() {
                a += self.w[h * x.len() + i] * x[i];
            }
            y += self.v[h] * a.tanh();
        }
        y
    }

    /// The mean squared error over `n` points of `d` inputs each.
    #[autodiff(reverse, d_loss, Duplicated, Const, Const, Active)]
    fn loss(&self, xs: &[f64], ys: &[f64]) -> f64 {
        let d = xs.len() / ys.len();
        let mut s = 0.0;
        for k in 0..ys.len() {
            let r = self.predict(&xs[k * d..(k + 1) * d]) - ys[k];
            s += r * r;
        }
        s / ys.len() as f64
    }
}

fn main() {
    // Points on a circle of radius 1, labelled by their distance to it.
    let xs: Vec<f64> = (0..200).map(|k| ((k * 37 % 200) as f64 / 100.0 - 1.0) * 1.5).collect();
    let ys: Vec<f64> = xs.chunks(2).map(|p| (p[0] * p[0] + p[1] * p[1]).sqrt() - 1.0).collect();

    let mut model = Model::new(8, 2);
    let first = model.loss(&xs, &ys);
    for step in 0..=2000 {
        let mut grad = model.zeros();
        let value = model.d_loss(&mut grad, &xs, &ys, 1.0);
        if step % 500 == 0 {
            println!("step {step:4}: loss = {value:.4e}");
        }
        for (p, g) in model.w.iter_mut().zip(&grad.w).chain(model.b.iter_mut().zip(&grad.b)) {
            *p -= 0.1 * g;
        }
        for (p, g) in model.v.iter_mut().zip(&grad.v) {
            *p -= 0.1 * g;
        }
        model.c -= 0.1 * grad.c;
    }
    let last = model.loss(&xs, &ys);
    assert!(last < 0.5 * first, "training did not reduce the loss: {first} to {last}");

    // The gradient in one field against central differences.
    let h = 1e-6;
    for k in [0, 5, 11] {
        let (mut up, mut down) = (model.clone(), model.clone());
        up.w[k] += h;
        down.w[k] -= h;
        let fd = (up.loss(&xs, &ys) - down.loss(&xs, &ys)) / (2.0 * h);
        let g = {
            let mut g = model.zeros();
            model.d_loss(&mut g, &xs, &ys, 1.0);
            g.w[k]
        };
        assert!((g - fd).abs() <= 1e-6 * fd.abs().max(1e-3), "d loss / d w[{k}]: {g} against {fd}");
    }
    println!("trained from {first:.4} to {last:.4}; the gradient agrees with central differences");
}

#[test]
fn runs() {
    main();
}
