// expect: error at `scale(x)` (or at the `let scale = |...|` binding): closures stored in a variable and called are not supported; closures are supported only as arguments of iterator adapters (`map`, `fold`, `for_each`, ...); inline it or use an `#[autodiff]` function
use parad::autodiff;

#[autodiff(reverse, d_wave, Active, Active)]
fn wave(x: f64) -> f64 {
    let scale = |v: f64| 3.0 * v;
    scale(x).sin()
}

fn main() {}
