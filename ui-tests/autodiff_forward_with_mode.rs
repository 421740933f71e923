// expect: error at `forward`: `#[autodiff_forward]` takes no mode argument: write `#[autodiff_forward(d_square, ...)]` or `#[autodiff(forward, d_square, ...)]`
use parad::autodiff_forward;

#[autodiff_forward(forward, d_square, Dual, Dual)]
fn square(x: f64) -> f64 {
    x * x
}

fn main() {}
