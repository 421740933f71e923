// expect: error at `dot(&w[a..b], x)`: the macro cannot see what `dot` returns when its result goes straight into another call; it asks for a binding with a type (`let z: f64 = dot(..);`)
use parad::autodiff;

#[autodiff]
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

#[autodiff]
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..a.len() {
        s += a[i] * b[i];
    }
    s
}

#[autodiff(reverse, d_layer, Duplicated, Const, Duplicated)]
fn layer(w: &[f64], x: &[f64], out: &mut [f64]) {
    let n = x.len();
    for r in 0..out.len() {
        let (a, b) = (r * n, r * n + n);
        out[r] = sigmoid(dot(&w[a..b], x));
    }
}

fn main() {}
