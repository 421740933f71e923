// expect: error at the arm pattern `v` (it binds the whole scrutinee `x`): a match arm that binds the whole value is not supported: use `if`/`else` on the value itself, or `_ =>`
use parad::autodiff;

#[autodiff(reverse, d_leaky_relu, Active, Active)]
fn leaky_relu(x: f64) -> f64 {
    match x {
        v if v < 0.0 => 0.01 * v,
        v => v,
    }
}

fn main() {}
