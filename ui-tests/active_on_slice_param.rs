// expect: error at the first `Active`: parameter `x` is a reference: use Duplicated (a shadow argument follows it) or Const; Active is for floats passed by value
use parad::autodiff;

#[autodiff(reverse, d_sum_sq, Active, Active)]
fn sum_sq(x: &[f64]) -> f64 {
    x.iter().map(|v| v * v).sum()
}

fn main() {}
