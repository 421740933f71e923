// expect: error at `impl Into<f64>`: `impl Trait` is not supported; the message lists the supported parameter types (f32, f64, ...)
use parad::autodiff;

#[autodiff(reverse, d_square, Active, Active)]
fn square(x: impl Into<f64>) -> f64 {
    let v: f64 = x.into();
    v * v
}

fn main() {}
