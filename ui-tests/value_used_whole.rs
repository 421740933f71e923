// expect: error at `a` in arithmetic (a copy, `let b = a`, and a call, `norm2(a)`, are fine): a value used whole in arithmetic is not differentiated yet
use parad::autodiff;

#[autodiff]
#[derive(Clone, Copy, Default)]
struct V3 {
    x: f64,
    y: f64,
    z: f64,
}

impl std::ops::Mul<f64> for V3 {
    type Output = V3;
    fn mul(self, k: f64) -> V3 {
        V3 { x: self.x * k, y: self.y * k, z: self.z * k }
    }
}

#[autodiff]
fn norm2(a: V3) -> f64 {
    a.x * a.x + a.y * a.y + a.z * a.z
}

#[autodiff(reverse, d_energy, Active, Active)]
fn energy(a: V3) -> f64 {
    let b = a;
    let c = a * 2.0;
    norm2(a) + b.x + c.y
}

fn main() {}
