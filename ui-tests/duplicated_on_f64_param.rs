// expect: error at `Duplicated`: parameter `x` is a float passed by value: use Active (its derivative is returned) or Const
use parad::autodiff;

#[autodiff(reverse, d_cube, Duplicated, Active)]
fn cube(x: f64) -> f64 {
    x * x * x
}

fn main() {}
