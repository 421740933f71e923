// expect: error at `p.clone()`: a copy of a struct (`.clone()`) is not differentiated yet: read its fields (`p.x`), or pass the reference on, to a function taking `&T`
use parad::autodiff;

#[derive(Clone, Copy, Default)]
pub struct V3 {
    x: f64,
    y: f64,
}

#[autodiff(reverse, d_first, Duplicated, Active)]
fn first(p: &V3) -> f64 {
    let q: V3 = p.clone();
    q.x * q.y
}

fn main() {}
