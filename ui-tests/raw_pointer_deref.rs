// expect: error at `*p.add(1)`: dereferencing a raw pointer is not supported in differentiated code; index the slice (`x[1]`) instead (an error at the enclosing `unsafe` block may come with it)
use parad::autodiff;

#[autodiff(reverse, d_second, Duplicated, Active)]
fn second(x: &[f64]) -> f64 {
    let p = x.as_ptr();
    2.0 * unsafe { *p.add(1) }
}

fn main() {}
