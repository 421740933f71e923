// expect: error at `while let Some(v) = x.get(i)`: `while let` is not supported; use a `for` loop over a range (`for i in 0..x.len()`) or `while` with a condition
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
