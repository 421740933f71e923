// expect: error at `break y`: `break` with a value is not supported; assign the value to a variable declared before the loop and use a plain `break`
use parad::autodiff;

#[autodiff(reverse, d_newton_sqrt, Active, Active)]
fn newton_sqrt(x: f64) -> f64 {
    let mut y = x;
    let r = loop {
        y = 0.5 * (y + x / y);
        if (y * y - x).abs() < 1e-12 {
            break y;
        }
    };
    r
}

fn main() {}
