// expect: error at `<const N: usize>`: const generic parameters are not supported yet: take a slice (`&[f64]`) and use its `len()`
use parad::autodiff;

#[autodiff(reverse, d_sum_sq, Duplicated, Active)]
fn sum_sq<const N: usize>(x: &[f64; N]) -> f64 {
    let mut s = 0.0;
    for i in 0..N {
        s += x[i] * x[i];
    }
    s
}

fn main() {}
