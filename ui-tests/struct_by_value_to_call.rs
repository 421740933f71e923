// expect: error at `*p`: a copy of a struct (`*p`) is not differentiated yet: read its fields (`p.x`), or pass the reference on, to a function taking `&T`
use parad::autodiff;

#[derive(Clone, Copy, Default)]
pub struct V3 {
    x: f64,
    y: f64,
    z: f64,
}

#[autodiff]
fn norm2(a: V3) -> f64 {
    a.x * a.x + a.y * a.y + a.z * a.z
}

#[autodiff(reverse, d_outer, Duplicated, Active)]
fn outer(p: &V3) -> f64 {
    norm2(*p)
}

fn main() {}
