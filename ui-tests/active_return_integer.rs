// expect: error at the last `Active`: only an f32 or f64 result can be active, and this one (`usize`) is not a float: use Const for the return value
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
