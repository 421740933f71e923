// A method of `impl Poly`, written at the top level for the snapshot: the
// receiver is a first parameter `this` in the companions, and the receiver
// again in the derivative; `self.predict(x)` calls `Self::predict`'s companion.
#[autodiff(reverse, d_loss, Duplicated, Const, Const, Active)]
fn loss(&self, xs: &[f64], ys: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..xs.len() {
        let r = self.predict(xs[i]) - ys[i];
        s += r * r;
    }
    s
}
