// expect: error at the first `Active` (or at `&[f64]`): `Active` is for f32/f64 parameters passed by value; a slice takes `Duplicated` (a shadow `dx: &mut [f64]` follows it)
use parad::autodiff;

#[autodiff(reverse, d_sum_sq, Active, Active)]
fn sum_sq(x: &[f64]) -> f64 {
    x.iter().map(|v| v * v).sum()
}

fn main() {}
