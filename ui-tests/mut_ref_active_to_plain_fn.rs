// expect: error at `clamp_unit(&mut y)` (narrowest: `&mut y`): `y` is active and `clamp_unit` is not differentiable, so its write to `y` has no adjoint; mark it `#[autodiff]` or give it a `#[derivative]` rule
use parad::autodiff;

fn clamp_unit(v: &mut f64) {
    if *v > 1.0 {
        *v = 1.0;
    }
}

#[autodiff(reverse, d_clamped_sq, Active, Active)]
fn clamped_sq(x: f64) -> f64 {
    let mut y = 2.0 * x;
    clamp_unit(&mut y);
    y * y
}

fn main() {}
