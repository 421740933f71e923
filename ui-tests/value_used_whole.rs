// expect: error at `a` passed to a call (a copy, `let b = a`, is fine): a value used whole in a call is not differentiated yet
use parad::autodiff;

#[autodiff]
#[derive(Clone, Copy, Default)]
struct V3 {
    x: f64,
    y: f64,
    z: f64,
}

#[autodiff]
fn norm2(a: V3) -> f64 {
    a.x * a.x + a.y * a.y + a.z * a.z
}

#[autodiff(reverse, d_energy, Active, Active)]
fn energy(a: V3) -> f64 {
    let b = a;
    norm2(a) + b.x
}

fn main() {}
