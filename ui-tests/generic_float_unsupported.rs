// expect: in a function over `T: Float`, an unsupported method is an error at the method (spans and names are the user's, not the `f64` instance the macro differentiates), and two float type parameters are refused at `<..>`
use parad::{autodiff, Float};

#[autodiff(reverse, d_a, Duplicated, Active)]
fn a<T: Float>(x: &[T]) -> T {
    x[0].to_degrees() + T::from(0.5).unwrap()
}

#[autodiff(reverse, d_b, Duplicated, Active)]
fn b<T: Float, U: Float>(x: &[T], y: U) -> T {
    x[0] * T::from(y).unwrap()
}

fn main() {}
