// expect: error at `<const N: usize>`: generic functions (const generics included) are not supported yet; take `&[f64]` and use `x.len()`
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
