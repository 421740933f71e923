// expect: error at `a.z`: a field only copied could hold a float or an integer; bind it with its type
use parad::autodiff;

#[autodiff]
#[derive(Clone, Copy, Default)]
struct V3 {
    x: f64,
    y: f64,
    z: f64,
}

#[autodiff(reverse, d_swap, Active, Active)]
fn swap(a: V3) -> f64 {
    let mut m = V3 { x: a.x, y: a.y, z: 0.0 };
    m.y = a.z;
    m.x * m.x
}

fn main() {}
