// expect: error at `a` in `2.0 + a` (a copy, `let b = a`, a call by value, `norm2(a)`, and lending, `grow(&mut a)`, are fine): a number plus a value is not differentiated (a number times a value is, with `#[autodiff]` on `impl Mul<V3> for f64`)
use parad::autodiff;
use std::ops::Add;

#[autodiff]
#[derive(Clone, Copy, Default)]
struct V3 {
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
fn norm2(a: V3) -> f64 {
    a.x * a.x + a.y * a.y + a.z * a.z
}

#[autodiff]
fn grow(a: &mut V3) {
    a.x *= 2.0;
}

#[autodiff(reverse, d_energy, Active, Active)]
fn energy(mut a: V3) -> f64 {
    let b = a;
    grow(&mut a);
    let c: V3 = 2.0 + a;
    norm2(a) + b.x + c.y
}

fn main() {}
