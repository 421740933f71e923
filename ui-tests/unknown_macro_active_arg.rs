// expect: error at `sq!(x)`: the macro `sq!` cannot be differentiated (`#[autodiff]` runs before it is expanded); supported in expressions is `matches!` (and `vec!` in `let`); write a function marked `#[autodiff]` instead
use parad::autodiff;

macro_rules! sq {
    ($e:expr) => {
        $e * $e
    };
}

#[autodiff(reverse, d_wave, Active, Active)]
fn wave(x: f64) -> f64 {
    sq!(x) + 1.0
}

fn main() {}
