// expect: error at `a.w`: a field only copied could hold a float or an integer; bind it with its type
use parad::autodiff;

#[autodiff]
#[derive(Clone, Copy, Default)]
struct Q {
    x: f64,
    y: f64,
    w: f64,
}

#[autodiff(reverse, d_swap, Active, Active)]
fn swap(a: Q) -> f64 {
    let mut m = Q { x: a.x, y: a.y, w: a.w };
    m.y = a.w;
    m.x * m.x
}

fn main() {}
