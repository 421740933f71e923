// expect: error at `async`: `async fn` cannot be differentiated; only plain functions are supported
use parad::autodiff;

#[autodiff(reverse, d_square, Active, Active)]
async fn square(x: f64) -> f64 {
    x * x
}

fn main() {}
