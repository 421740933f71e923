// expect: error at `helper` in `helper(x)`, from rustc: cannot find function `__parad_fwd_helper`. The macro cannot see whether another function is differentiable, so a call with an active argument goes to its companion, which only `#[autodiff]` or `#[derivative]` on `helper` would define (rustc's "similar name" hint names another function's companion; ignore it)
use parad::autodiff;

fn helper(x: f64) -> f64 {
    x * 2.0
}

#[autodiff(reverse, d_wave, Active, Active)]
fn wave(x: f64) -> f64 {
    helper(x).sin()
}

fn main() {}
