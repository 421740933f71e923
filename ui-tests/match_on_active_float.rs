// expect: error at the scrutinee `x` of `match x`: matching on an active float is not supported; use `if`/`else` (matching on integers, bools and enums that carry no active values is fine)
use parad::autodiff;

#[autodiff(reverse, d_leaky_relu, Active, Active)]
fn leaky_relu(x: f64) -> f64 {
    match x {
        v if v < 0.0 => 0.01 * v,
        v => v,
    }
}

fn main() {}
