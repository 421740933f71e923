// expect: error at `const` (the item): `#[autodiff]` applies to functions only
use parad::autodiff;

#[autodiff(reverse, d_scale, Active)]
const SCALE: f64 = 2.5;

fn main() {}
