// expect: error at `*const f64`: raw pointers are not supported; use a slice or a reference
use parad::autodiff;

#[autodiff(reverse, d_scaled, Duplicated, Active, Active)]
fn scaled(p: *const f64, k: f64) -> f64 {
    if p.is_null() {
        0.0
    } else {
        2.0 * k
    }
}

fn main() {}
