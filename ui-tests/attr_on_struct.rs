// expect: error at `struct` (the item): `#[autodiff]` applies to functions only; to differentiate with respect to a struct, pass `&Point` to a function with `Duplicated`
use parad::autodiff;

#[autodiff(reverse, d_point, Active)]
struct Point {
    x: f64,
    y: f64,
}

fn main() {}
