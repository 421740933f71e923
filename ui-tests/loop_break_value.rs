// expect: error at `break y`: `break` with a value is supported out of a `loop` whose value is used (`let r = loop { .. break v; .. }`), and this loop's is not: assign the value to a variable declared before the loop and use a plain `break`
use parad::autodiff;

#[autodiff(reverse, d_newton_sqrt, Active, Active)]
fn newton_sqrt(x: f64) -> f64 {
    let mut y = x;
    loop {
        y = 0.5 * (y + x / y);
        if (y * y - x).abs() < 1e-12 {
            break y;
        }
    };
    y
}

fn main() {}
