// expect: errors at `&f64`, `&mut f64` and `&mut usize`: a reference to a single number is not supported yet; pass a slice of one element or a struct holding the number
use parad::autodiff;

#[autodiff(reverse, d_f, Duplicated, Duplicated, Const)]
fn f(x: &f64, out: &mut f64, evals: &mut usize) {
    *evals += 1;
    *out = x.sin() * *x;
}

fn main() {}
