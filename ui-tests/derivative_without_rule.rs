// expect: error at `#[derivative]` (the attribute itself, so rustc adds its "originates in the attribute macro" note): it needs at least one rule, as in `#[derivative(reverse = f_rev, forward = f_fwd)]`
use parad::derivative;

#[derivative]
fn softplus(x: f64) -> f64 {
    (1.0 + x.exp()).ln()
}

fn softplus_rev(x: f64, seed: f64) -> f64 {
    seed / (1.0 + (-x).exp())
}

fn main() {}
