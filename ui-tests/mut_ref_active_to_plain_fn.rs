// expect: error at `clamp_unit` in `clamp_unit(&mut y)`, from rustc: cannot find function `__parad_fwd_clamp_unit`. As in call_to_plain_fn: the macro cannot see that `clamp_unit` is not differentiable, so the call goes to a companion that only `#[autodiff]` or `#[derivative]` on `clamp_unit` would define (ignore rustc's "similar name" hint)
use parad::autodiff;

fn clamp_unit(v: &mut f64) {
    if *v > 1.0 {
        *v = 1.0;
    }
}

#[autodiff(reverse, d_clamped_sq, Active, Active)]
fn clamped_sq(x: f64) -> f64 {
    let mut y = 2.0 * x;
    clamp_unit(&mut y);
    y * y
}

fn main() {}
