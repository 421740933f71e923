// expect: one error, at `|v: f64|` of the `let scale = move ...` binding: a `move` closure stored in a variable is not supported (it copies what it captures when it is made); no second error at the call `scale(x)`
use parad::autodiff;

#[autodiff(reverse, d_wave, Active, Active)]
fn wave(x: f64) -> f64 {
    let k = 3.0;
    let scale = move |v: f64| k * v;
    scale(x).sin()
}

fn main() {}
