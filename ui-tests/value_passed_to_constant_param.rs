// expect: error at the call `bumped(a)`: `bumped` lends its `a` `&mut`, so it takes no derivative for it (its slot is `()`), and a caller passing a differentiated value does not compile
use parad::autodiff;

#[autodiff]
#[derive(Clone, Copy, Default)]
pub struct V3 {
    x: f64,
    y: f64,
    z: f64,
}

#[autodiff]
fn grow(a: &mut V3) {
    a.x *= 2.0;
}

#[autodiff]
fn bumped(mut a: V3) -> f64 {
    grow(&mut a);
    a.x
}

#[autodiff(reverse, d_energy, Active, Active)]
fn energy(a: V3) -> f64 {
    bumped(a) * a.y
}

fn main() {}
