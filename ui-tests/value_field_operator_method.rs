// expect: errors at the three `norm2`s: a method called on a field of an element (`ps[i].pos.norm2()`), on an operator on such fields, or on a local bound from them without a type (`(d * 2.0).norm2()`), whose type the macro does not know; the errors ask to bind the value with its type first; and at `ps.mass` negated as the factor of a value, whose category the macro cannot infer
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
impl Mul<f64> for V3 {
    type Output = V3;
    fn mul(self, k: f64) -> V3 {
        V3 { x: self.x * k, y: self.y * k, z: self.z * k }
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

#[autodiff(reverse, d_gaps, Duplicated, Active)]
fn gaps(ps: &[Particle]) -> f64 {
    let mut s = 0.0;
    for i in 1..ps.len() {
        let d = ps[i].pos - ps[0].pos;
        s += (d * 2.0).norm2();
    }
    s
}

#[autodiff(reverse, d_pulls, Duplicated, Active)]
fn pulls(ps: &[Particle]) -> f64 {
    let f: V3 = ps[0].pos * (-ps[0].mass);
    f.x
}

fn main() {}
