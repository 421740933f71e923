// expect: error at `Passive`: unknown activity, listing the valid ones (Const, Active, ActiveOnly, Duplicated, DuplicatedOnly in reverse mode; Dual, DualOnly in forward mode)
use parad::autodiff;

#[autodiff(reverse, d_scale, Passive, Active, Active)]
fn scale(k: f64, x: f64) -> f64 {
    k * x
}

fn main() {}
