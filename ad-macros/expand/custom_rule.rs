#[derivative(reverse = softplus_rev, forward = softplus_fwd)]
fn softplus(x: f64) -> f64 {
    (1.0 + x.exp()).ln()
}
