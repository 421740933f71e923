// expect: error at `dyn Fn(f64) -> f64` (the parameter type) or at the call `g(x)`: calls through a trait object cannot be differentiated (the macro cannot see the code behind it); call a differentiable function instead
use parad::autodiff;

#[autodiff(reverse, d_apply, Const, Active, Active)]
fn apply(g: &dyn Fn(f64) -> f64, x: f64) -> f64 {
    g(x) * x
}

fn main() {}
