// expect: error at the second `Active`: parameter `n` holds integers or bools, which have no derivative: use Const
use parad::autodiff;

#[autodiff(reverse, d_power, Active, Active, Active)]
fn power(x: f64, n: i32) -> f64 {
    x.powi(n)
}

fn main() {}
