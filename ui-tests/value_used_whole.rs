// expect: error at `a` lent `&mut` (a copy, `let b = a`, and a call by value, `norm2(a)`, are fine): a value lent `&mut` is not differentiated yet
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

#[autodiff]
fn grow(a: &mut V3) {
    a.x *= 2.0;
}

#[autodiff(reverse, d_energy, Active, Active)]
fn energy(mut a: V3) -> f64 {
    let b = a;
    grow(&mut a);
    norm2(a) + b.x
}

fn main() {}
