// expect: error at `reverse`: expected a derivative name and activities after the mode, as in `#[autodiff(reverse, d_f, Active, Active)]`
use parad::autodiff;

#[autodiff(reverse)]
fn square(x: f64) -> f64 {
    x * x
}

fn main() {}
