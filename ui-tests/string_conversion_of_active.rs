// expect: error at `x.to_string()`: `to_string` is not a differentiable method of an active value (not in the method table); use `parad::no_grad(x)` if the value is meant to be constant
use parad::autodiff;

#[autodiff(reverse, d_rounded_sq, Active, Active)]
fn rounded_sq(x: f64) -> f64 {
    let s = x.to_string();
    let y: f64 = s.parse().unwrap();
    y * y
}

fn main() {}
