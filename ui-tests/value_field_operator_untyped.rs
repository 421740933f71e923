// expect: error at `d`: an operator on fields of elements (`ps[i].pos - ps[j].pos`) bound without a type makes a number to the macro and a value to rustc; the error asks for `let d: V3 = ..`, which makes it a value
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

#[autodiff(reverse, d_spread, Duplicated, Active)]
fn spread(ps: &[Particle]) -> f64 {
    let mut s = 0.0;
    for i in 1..ps.len() {
        let d = ps[i].pos - ps[i - 1].pos;
        s += d.x * ps[i].mass;
    }
    s
}

fn main() {}
