// error: a `&mut` parameter marked Const that the function writes with
// values carrying derivatives, at its activity: it has no shadow.
use parad::autodiff;

#[autodiff(reverse, d_f, Duplicated, Const, Active)]
fn f(x: &[f64], y: &mut [f64]) -> f64 {
    y[0] = x[0] * 2.0;
    y[0] * y[0]
}

fn main() {}
