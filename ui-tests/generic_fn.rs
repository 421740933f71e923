// expect: one error, at `<T: ...>`: generic functions are not supported yet, write the function for f32 or f64 (the uses of `T` in the signature get no error of their own)
use parad::autodiff;

#[autodiff(reverse, d_dot, Duplicated, Duplicated, Active)]
fn dot<T: Copy + std::ops::Mul<Output = T> + std::iter::Sum<T>>(a: &[T], b: &[T]) -> T {
    a.iter().zip(b).map(|(x, y)| *x * *y).sum()
}

fn main() {}
