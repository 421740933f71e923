// expect: error at `collect`: a rayon chain with `filter` cannot `collect`, serial chains can
use parad::autodiff;
use rayon::prelude::*;

#[autodiff(reverse, d_kept, Duplicated, Active)]
fn kept(x: &[f64]) -> f64 {
    let k: Vec<f64> = x.par_iter().map(|v| v.exp()).filter(|e| *e > 1.0).collect();
    k[0]
}

fn main() {}
