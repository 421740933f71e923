// expect: error at `&[x, y]`: parameters must be plain names (`x: &[f64]`), not patterns
use parad::autodiff;

#[autodiff(reverse, d_norm, Duplicated, Active)]
fn norm(&[x, y]: &[f64; 2]) -> f64 {
    (x * x + y * y).sqrt()
}

fn main() {}
