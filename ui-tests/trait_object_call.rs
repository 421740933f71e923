// expect: error at `dyn Fn(f64) -> f64` (the parameter type): trait objects cannot be differentiated (the macro cannot see the code behind them); pass the data instead, or call a differentiable function
use parad::autodiff;

#[autodiff(reverse, d_apply, Const, Active, Active)]
fn apply(g: &dyn Fn(f64) -> f64, x: f64) -> f64 {
    g(x) * x
}

fn main() {}
