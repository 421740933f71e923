// expect: error at `mk`: calls returning values of user types are not differentiated yet
use parad::autodiff;

#[autodiff]
#[derive(Clone, Copy, Default)]
struct V3 {
    x: f64,
    y: f64,
    z: f64,
}

#[autodiff]
fn mk(t: f64) -> V3 {
    V3 { x: t.sin(), y: t.cos(), z: t }
}

#[autodiff(reverse, d_user, Active, Active)]
fn user(t: f64) -> f64 {
    let r: V3 = mk(t);
    r.x * r.y
}

fn main() {}
