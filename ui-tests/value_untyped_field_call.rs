// expect: error at `d.x` passed to a call whose result is bound: the macro cannot tell whether the field holds a float (whose derivative flows through the call) or an integer, and asks for a typed binding
use parad::autodiff;

#[autodiff]
#[derive(Clone, Copy, Default)]
pub struct V3 {
    x: f64,
    y: f64,
    z: f64,
}

#[autodiff]
fn sq(x: f64) -> f64 {
    x * x
}

#[autodiff(reverse, d_f, Active, Active)]
fn f(d: V3) -> f64 {
    let r = sq(d.x);
    r * 2.0
}

fn main() {}
