// expect: error at `Active`: `Active` is a reverse-mode activity; in forward mode use Const or Dual
use parad::autodiff;

#[autodiff(forward, df, Active, Dual)]
fn wave(x: f64) -> f64 {
    x.sin() * x
}

fn main() {}
