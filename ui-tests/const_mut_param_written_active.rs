// error: a `&mut` struct parameter marked Const that the function writes
// with values carrying derivatives, at its activity: it has no shadow (a
// buffer, `&mut [f64]`, would be a workspace with a zero shadow of the
// derivative's own).
use parad::autodiff;

pub struct Cache {
    pub v: Vec<f64>,
}

#[autodiff(reverse, d_f, Duplicated, Const, Active)]
fn f(x: &[f64], y: &mut Cache) -> f64 {
    y.v[0] = x[0] * 2.0;
    y.v[0] * y.v[0]
}

fn main() {}
