// expect: error at `Vec<f64>`: a parameter taken by value cannot have a shadow; `Duplicated` needs `&[f64]`, `&Vec<f64>` or their `&mut` forms
use parad::autodiff;

#[autodiff(reverse, d_sum_sq, Duplicated, Active)]
fn sum_sq(x: Vec<f64>) -> f64 {
    x.iter().map(|v| v * v).sum()
}

fn main() {}
