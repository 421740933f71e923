// expect: error at the first `Active`: expected the name of the derivative function after the mode, found the activity `Active` (as in `#[autodiff(reverse, d_square, Active, Active)]`)
use parad::autodiff;

#[autodiff(reverse, Active, Active)]
fn square(x: f64) -> f64 {
    x * x
}

fn main() {}
