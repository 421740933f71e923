// expect: errors at `to_string`, `parse` and `unwrap`: methods not in the method table are accepted only on integers; the message lists what is supported
use parad::autodiff;

#[autodiff(reverse, d_rounded_sq, Active, Active)]
fn rounded_sq(x: f64) -> f64 {
    let s = x.to_string();
    let y: f64 = s.parse().unwrap();
    y * y
}

fn main() {}
