// expect: error at `const SCALE`: `#[autodiff]` applies to functions (`fn`), not to a constant
use parad::autodiff;

#[autodiff(reverse, d_scale, Active)]
const SCALE: f64 = 2.5;

fn main() {}
