// expect: error at `backward`: unknown rule kind `backward`: expected `reverse = PATH` and/or `forward = PATH`
use parad::derivative;

#[derivative(backward = softplus_rev)]
fn softplus(x: f64) -> f64 {
    (1.0 + x.exp()).ln()
}

fn softplus_rev(x: f64, seed: f64) -> f64 {
    seed / (1.0 + (-x).exp())
}

fn main() {}
