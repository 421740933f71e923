// expect: error at `Dual`: `Dual` is a forward-mode activity; in reverse mode use Const, Active (floats) or Duplicated (slices and references)
use parad::autodiff;

#[autodiff(reverse, d_wave, Dual, Active)]
fn wave(x: f64) -> f64 {
    x.sin() * x
}

fn main() {}
