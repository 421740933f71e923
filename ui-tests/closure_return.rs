// expect: error at `|v: f64|`: a closure stored in a variable may not `return` or use `?` (its calls are differentiated as its body, in place)
use parad::autodiff;

#[autodiff(reverse, d_ramp, Active, Active)]
fn ramp(x: f64) -> f64 {
    let relu = |v: f64| {
        if v < 0.0 {
            return 0.0;
        }
        v
    };
    relu(x) * x
}

fn main() {}
