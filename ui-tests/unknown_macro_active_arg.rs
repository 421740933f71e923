// expect: error at `sq!(x)`: a macro call with an active argument is opaque to `#[autodiff]` (it runs before the macro is expanded); only vec!, matches!, the assert! family and the print!/format! family (whose results are inactive) are understood; write a function instead
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
