// expect: error at `Vec<f64>`: a buffer taken by value cannot have a shadow; take it by reference, as `&[F]`, `&mut [F]`, `&Vec<F>` or `&mut Vec<F>`
use parad::autodiff;

#[autodiff(reverse, d_sum_sq, Duplicated, Active)]
fn sum_sq(x: Vec<f64>) -> f64 {
    x.iter().map(|v| v * v).sum()
}

fn main() {}
