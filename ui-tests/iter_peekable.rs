// expect: error at `peekable`: unsupported iterator adapter; the message lists the supported sources, adapters and endings
use parad::autodiff;

#[autodiff(reverse, d_sum_sq, Duplicated, Active)]
fn sum_sq(x: &[f64]) -> f64 {
    x.iter().peekable().map(|v| v * v).sum()
}

fn main() {}
