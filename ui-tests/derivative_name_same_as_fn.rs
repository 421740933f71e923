// expect: error at the `square` inside the attribute: the derivative needs a name of its own (both would be defined); use another, such as `d_square`
use parad::autodiff;

#[autodiff(reverse, square, Active, Active)]
fn square(x: f64) -> f64 {
    x * x
}

fn main() {}
