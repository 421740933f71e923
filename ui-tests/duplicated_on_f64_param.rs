// expect: error at `Duplicated` (or at `f64`): `Duplicated` needs a reference (&[F], &mut [F], &Vec<F>, &[F; N], &T of a struct); a float by value takes `Active`
use parad::autodiff;

#[autodiff(reverse, d_cube, Duplicated, Active)]
fn cube(x: f64) -> f64 {
    x * x * x
}

fn main() {}
