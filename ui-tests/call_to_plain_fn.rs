// expect: error at `helper(x)`: `helper` is called with an active argument but is not differentiable; mark it `#[autodiff]` or give it a rule with `#[derivative(reverse = ...)]`
use parad::autodiff;

fn helper(x: f64) -> f64 {
    x * 2.0
}

#[autodiff(reverse, d_wave, Active, Active)]
fn wave(x: f64) -> f64 {
    helper(x).sin()
}

fn main() {}
