// expect: error at `reverse =`: expected the path of the rule function after `reverse =`, as in `reverse = softplus_rev`
use parad::derivative;

#[derivative(reverse = )]
fn softplus(x: f64) -> f64 {
    (1.0 + x.exp()).ln()
}

fn softplus_rev(x: f64, seed: f64) -> f64 {
    seed / (1.0 + (-x).exp())
}

fn main() {}
