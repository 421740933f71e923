// expect: error at `..base`: struct update syntax is not supported yet
use parad::autodiff;

#[autodiff]
#[derive(Clone, Copy, Default)]
struct V3 {
    x: f64,
    y: f64,
    z: f64,
}

#[autodiff(reverse, d_lift, Active, Active)]
fn lift(a: V3) -> f64 {
    let b = V3 { z: a.z + 1.0, ..a };
    b.x * b.z
}

fn main() {}
