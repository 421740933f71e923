// expect: error at the first `Active`: expected the name of the derivative function to generate, found the activity `Active`: the name comes first, as in `#[autodiff(reverse, d_f, Active, Active)]`
use parad::autodiff;

#[autodiff(reverse, Active, Active)]
fn square(x: f64) -> f64 {
    x * x
}

fn main() {}
