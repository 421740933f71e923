// expect: error at `unsafe` (in `unsafe fn`): only safe functions can be differentiated
use parad::autodiff;

#[autodiff(reverse, d_square, Active, Active)]
unsafe fn square(x: f64) -> f64 {
    x * x
}

fn main() {}
