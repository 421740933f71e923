// expect: error at `impl Into<f64>`: `impl Trait` parameters are not supported; take `f64` (or `f32`)
use parad::autodiff;

#[autodiff(reverse, d_square, Active, Active)]
fn square(x: impl Into<f64>) -> f64 {
    let v: f64 = x.into();
    v * v
}

fn main() {}
