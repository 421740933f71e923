// error: `rayon::join` bound to one name: its results must be destructured.
use parad::autodiff;

#[autodiff(reverse, d_halves, Duplicated, Active)]
fn halves(x: &[f64]) -> f64 {
    let pair = rayon::join(|| x[0] * x[0], || x[1] * x[1]);
    pair.0 + pair.1
}

fn main() {}
