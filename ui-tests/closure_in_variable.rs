// expect: one error, at `|v: f64|` of the `let scale = ...` binding: a closure stored in a variable cannot be differentiated; closures are supported only as arguments of iterator adapters (`map`, `fold`, `for_each`, ...): inline it, or write a function marked `#[autodiff]` (no second error at the call `scale(x)`)
use parad::autodiff;

#[autodiff(reverse, d_wave, Active, Active)]
fn wave(x: f64) -> f64 {
    let scale = |v: f64| 3.0 * v;
    scale(x).sin()
}

fn main() {}
