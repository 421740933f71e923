// expect: error at `#[derivative]`: it needs at least one rule, as in `#[derivative(reverse = softplus_rev, forward = softplus_fwd)]`
use parad::derivative;

#[derivative]
fn softplus(x: f64) -> f64 {
    (1.0 + x.exp()).ln()
}

fn softplus_rev(x: f64, seed: f64) -> f64 {
    seed / (1.0 + (-x).exp())
}

fn main() {}
