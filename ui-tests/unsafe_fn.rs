// expect: error at `unsafe` (in `unsafe fn`): `unsafe fn` cannot be differentiated; only safe Rust is supported
use parad::autodiff;

#[autodiff(reverse, d_square, Active, Active)]
unsafe fn square(x: f64) -> f64 {
    x * x
}

fn main() {}
