// error at the parameter, not at the attribute: a struct taken by value
// and read inside a rayon loop, whose type is not a value type (no
// `#[autodiff]`, no `Default`); the adjoint merges its per-chunk shadows.
use parad::autodiff;
use rayon::prelude::*;

#[derive(Clone, Copy)]
pub struct Settings {
    pub stiffness: f64,
}

#[autodiff]
fn stretch(x: &[f64], s: Settings) -> f64 {
    (0..x.len()).into_par_iter().map(|i| 0.5 * s.stiffness * x[i] * x[i]).sum()
}

fn main() {}
