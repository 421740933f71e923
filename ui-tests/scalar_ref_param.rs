// expect: errors at `&f64` of a method and of a function with a custom rule: references to one number are supported in free functions (as slices of one), not yet in methods or with rules
use parad::{autodiff, derivative};

struct Spring {
    k: f64,
}

impl Spring {
    #[autodiff(reverse, d_energy, Const, Duplicated, Active)]
    fn energy(&self, x: &f64) -> f64 {
        0.5 * self.k * *x * *x
    }
}

#[derivative(reverse = cube_rev)]
fn cube(x: &f64) -> f64 {
    *x * *x * *x
}

fn cube_rev(x: &f64, dx: &mut f64, seed: f64) {
    *dx += 3.0 * *x * *x * seed;
}

fn main() {}
