// expect: no error at `2.0 * b` and `a - 0.5 * b` (a number times a value, with `#[autodiff]` on `impl Mul<V3> for f64`); errors at `a.cross(b)` (a field of a computed value: bind it with its type), and at `offset` (a call returning a value bound without its type)
use parad::autodiff;
use std::ops::{Mul, Sub};

#[autodiff]
#[derive(Clone, Copy, Default)]
pub struct V3 {
    x: f64,
    y: f64,
    z: f64,
}

#[autodiff]
impl Mul<f64> for V3 {
    type Output = V3;
    fn mul(self, k: f64) -> V3 {
        V3 { x: self.x * k, y: self.y * k, z: self.z * k }
    }
}

#[autodiff]
impl Sub for V3 {
    type Output = V3;
    fn sub(self, o: V3) -> V3 {
        V3 { x: self.x - o.x, y: self.y - o.y, z: self.z - o.z }
    }
}

#[autodiff]
impl Mul<V3> for f64 {
    type Output = V3;
    fn mul(self, v: V3) -> V3 {
        v * self
    }
}

#[autodiff]
impl V3 {
    fn cross(self, o: V3) -> V3 {
        V3 { x: self.y * o.z - self.z * o.y, y: self.z * o.x - self.x * o.z, z: self.x * o.y - self.y * o.x }
    }
}

#[autodiff]
fn offset(a: V3, k: f64) -> V3 {
    a * k
}

#[autodiff(reverse, d_scaled, Active, Active)]
fn scaled(b: V3) -> f64 {
    let c = 2.0 * b;
    c.x
}

#[autodiff(reverse, d_shifted, Active, Active, Active)]
fn shifted(a: V3, b: V3) -> f64 {
    let c = a - 0.5 * b;
    c.x
}

#[autodiff(reverse, d_crossed, Active, Active, Active)]
fn crossed(a: V3, b: V3) -> f64 {
    a.cross(b).z
}

#[autodiff(reverse, d_moved, Active, Active)]
fn moved(a: V3) -> f64 {
    let r = offset(a, 2.0);
    r.x * r.y
}

fn main() {}
