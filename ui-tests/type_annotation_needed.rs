// expect: error at `k` in `let k = load_scale();`: the macro cannot see `load_scale`'s signature, so it cannot infer whether `k` is a float, an integer or a bool; annotate it, as in `let k: f64 = ...`
use parad::autodiff;

fn load_scale() -> f64 {
    2.5
}

#[autodiff]
fn scale_by(x: f64, k: f64) -> f64 {
    k * x
}

#[autodiff(reverse, d_scaled, Active, Active)]
fn scaled(x: f64) -> f64 {
    let k = load_scale();
    scale_by(x, k).sin()
}

fn main() {}
