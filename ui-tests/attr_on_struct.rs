// expect: error at `struct Point`: `#[autodiff]` applies to functions (`fn`), not to a struct; to differentiate with respect to its fields, pass `&Point` or `&mut Point` to a function and mark it Duplicated (bare `#[autodiff]` on a `Copy` struct makes it a value type)
use parad::autodiff;

#[autodiff(reverse, d_point, Active)]
struct Point {
    x: f64,
    y: f64,
}

fn main() {}
