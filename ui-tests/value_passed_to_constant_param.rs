// expect: error at the call `scaled(a)`: `scaled` uses its `a` in a way that is not differentiated (`2.0 + a`), so it takes no derivative for it (its slot is `()`), and a caller passing a differentiated value does not compile
use parad::autodiff;
use std::ops::Add;

#[autodiff]
#[derive(Clone, Copy, Default)]
pub struct V3 {
    x: f64,
    y: f64,
    z: f64,
}

impl Add<V3> for f64 {
    type Output = V3;
    fn add(self, v: V3) -> V3 {
        V3 { x: self + v.x, y: self + v.y, z: self + v.z }
    }
}

#[autodiff]
fn scaled(a: V3) -> f64 {
    let c: V3 = 2.0 + a;
    c.x + c.y
}

#[autodiff(reverse, d_energy, Active, Active)]
fn energy(a: V3) -> f64 {
    scaled(a) * a.y
}

fn main() {}
