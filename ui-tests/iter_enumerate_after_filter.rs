// expect: error at `enumerate`: it would count the elements `filter` kept; the message says to put it before the `filter`
use parad::autodiff;

#[autodiff(reverse, d_ranked, Duplicated, Active)]
fn ranked(x: &[f64]) -> f64 {
    x.iter().filter(|v| **v > 0.0).enumerate().map(|(k, v)| k as f64 * v).sum()
}

fn main() {}
