// expect: error at `Duplicated`: a value taken by value is Active or Const; Duplicated is for references
use parad::autodiff;

#[autodiff]
#[derive(Clone, Copy, Default)]
struct V3 {
    x: f64,
    y: f64,
    z: f64,
}

#[autodiff(reverse, d_norm2, Duplicated, Active)]
fn norm2(a: V3) -> f64 {
    a.x * a.x + a.y * a.y + a.z * a.z
}

fn main() {}
