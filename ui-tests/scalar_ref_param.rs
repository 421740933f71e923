// expect: an error at `&f64` of a function with a custom rule: references to one number are supported in functions and methods with a body of their own (as slices of one), not yet with rules
use parad::derivative;

#[derivative(reverse = cube_rev)]
fn cube(x: &f64) -> f64 {
    *x * *x * *x
}

fn cube_rev(x: &f64, dx: &mut f64, seed: f64) {
    *dx += 3.0 * *x * *x * seed;
}

fn main() {}
