// expect: error at `k` in `let k = load_scale();`: cannot infer the type of `k` (the macro does not see `load_scale`'s signature) and it meets an active value in `x * k`; add an annotation: `let k: f64 = load_scale();`
use parad::autodiff;

fn load_scale() -> f64 {
    2.5
}

#[autodiff(reverse, d_scaled, Active, Active)]
fn scaled(x: f64) -> f64 {
    let k = load_scale();
    x * k
}

fn main() {}
