// expect: error at the third `Active` (the extra one): `square` has 1 parameter and returns `f64`, so it takes 2 activities; found 3
use parad::autodiff;

#[autodiff(reverse, d_square, Active, Active, Active)]
fn square(x: f64) -> f64 {
    x * x
}

fn main() {}
