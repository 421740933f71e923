// expect: one error, at `<T: ...>`: only functions generic over one `T: Float` are supported (the uses of `T` in the signature get no error of their own)
use parad::autodiff;

#[autodiff(reverse, d_dot, Duplicated, Duplicated, Active)]
fn dot<T: Copy + std::ops::Mul<Output = T> + std::iter::Sum<T>>(a: &[T], b: &[T]) -> T {
    a.iter().zip(b).map(|(x, y)| *x * *y).sum()
}

fn main() {}
