// expect: errors at both `norm2`s: a method called on a field of an element (`ps[i].pos.norm2()`) or on an operator on such fields, whose type the macro does not know; the errors ask to bind the value with its type first
use parad::autodiff;
use std::ops::Sub;

#[autodiff]
#[derive(Clone, Copy, Default)]
pub struct V3 {
    x: f64,
    y: f64,
    z: f64,
}

#[autodiff]
#[derive(Clone, Copy, Default)]
pub struct Particle {
    pos: V3,
    mass: f64,
}

#[autodiff]
impl Sub for V3 {
    type Output = V3;
    fn sub(self, o: V3) -> V3 {
        V3 { x: self.x - o.x, y: self.y - o.y, z: self.z - o.z }
    }
}

#[autodiff]
impl V3 {
    fn norm2(self) -> f64 {
        self.x * self.x + self.y * self.y + self.z * self.z
    }
}

#[autodiff(reverse, d_spread, Duplicated, Active)]
fn spread(ps: &[Particle]) -> f64 {
    let mut s = 0.0;
    for i in 1..ps.len() {
        s += (ps[i].pos - ps[i - 1].pos).norm2() * ps[i].mass;
    }
    s
}

#[autodiff(reverse, d_sizes, Duplicated, Active)]
fn sizes(ps: &[Particle]) -> f64 {
    let mut s = 0.0;
    for i in 0..ps.len() {
        s += ps[i].pos.norm2();
    }
    s
}

fn main() {}
