// expect: one error at each `<..>` that is not one float type parameter: a callable type parameter (`F: Fn(f64) -> f64`), and two type parameters (the uses of the parameters in the signature get no error of their own)
use parad::autodiff;

#[autodiff(reverse, d_apply, Const, Active, Active)]
fn apply<F: Fn(f64) -> f64>(f: F, x: f64) -> f64 {
    f(x) * x
}

#[autodiff(reverse, d_mixed, Duplicated, Duplicated, Active)]
fn mixed<T: Copy + Into<f64>, U: Copy + Into<f64>>(a: &[T], b: &[U]) -> f64 {
    a.iter().zip(b).map(|(x, y)| (*x).into() * (*y).into()).sum()
}

fn main() {}
