// expect: error at `sideways`: unknown mode; the first argument is `reverse` or `forward`
use parad::autodiff;

#[autodiff(sideways, d_square, Active, Active)]
fn square(x: f64) -> f64 {
    x * x
}

fn main() {}
