// expect: error at `while let Some(v) = x.get(i)`: `while let` loops are not supported; use `for i in 0..x.len()` or a `while` loop with a condition
use parad::autodiff;

#[autodiff(reverse, d_sum_sq, Duplicated, Active)]
fn sum_sq(x: &[f64]) -> f64 {
    let mut i = 0;
    let mut s = 0.0;
    while let Some(v) = x.get(i) {
        s += v * v;
        i += 1;
    }
    s
}

fn main() {}
