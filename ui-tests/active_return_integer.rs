// expect: error at the last `Active` (or at `usize`): an integer return value is never active; use `Const`, or return a float
use parad::autodiff;

#[autodiff(reverse, d_count_positive, Duplicated, Active)]
fn count_positive(x: &[f64]) -> usize {
    let mut n = 0;
    for i in 0..x.len() {
        if x[i] > 0.0 {
            n += 1;
        }
    }
    n
}

fn main() {}
