// expect: error at the second `Active` (or at `i32`): parameter `n` is an integer, which is never active; use `Const`
use parad::autodiff;

#[autodiff(reverse, d_power, Active, Active, Active)]
fn power(x: f64, n: i32) -> f64 {
    x.powi(n)
}

fn main() {}
