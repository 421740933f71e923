// A marked trait, an `impl` of it, and generic code bounded by it.

#[autodiff]
trait Loss {
    fn loss(&self, x: &[f64]) -> f64;
}

struct Mse {
    target: Vec<f64>,
}

#[autodiff]
impl Loss for Mse {
    fn loss(&self, x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() {
            let r = x[i] - self.target[i];
            s += r * r;
        }
        s
    }
}

#[autodiff(reverse, d_fit, Const, Duplicated, Active)]
fn fit<M: Loss>(m: &M, x: &[f64]) -> f64 {
    m.loss(x).sqrt()
}
