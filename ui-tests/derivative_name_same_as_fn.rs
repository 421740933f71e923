// expect: error at the `square` inside the attribute: the derivative's name must differ from the function's (it would define `square` twice)
use parad::autodiff;

#[autodiff(reverse, square, Active, Active)]
fn square(x: f64) -> f64 {
    x * x
}

fn main() {}
