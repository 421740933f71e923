// expect: error at `Active` (the first): parameter `a` is a `V3` taken by value: such values are constant data (Const) for now; to differentiate with respect to its fields, take it by reference, `&V3`, and mark it Duplicated (its shadow is a `&mut V3`)
use parad::autodiff;

#[autodiff]
#[derive(Clone, Copy, Default)]
struct V3 {
    x: f64,
    y: f64,
    z: f64,
}

#[autodiff(reverse, d_norm2, Active, Active)]
fn norm2(a: V3) -> f64 {
    a.x * a.x + a.y * a.y + a.z * a.z
}

fn main() {}
