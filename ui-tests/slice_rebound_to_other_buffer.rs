// expect: error at `&y[1..]`: a slice variable bound with `let mut` may be rebound only to another range of the buffer it was first bound to
use parad::autodiff;

#[autodiff(reverse, d_f, Duplicated, Duplicated, Active)]
fn f(x: &[f64], y: &[f64]) -> f64 {
    let mut s = &x[..2];
    let mut total = s[0] * s[1];
    s = &y[1..];
    total += s[0];
    total
}

fn main() {}
