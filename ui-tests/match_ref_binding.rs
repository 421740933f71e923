// expect: error at `ref`: `ref` bindings are not supported: bind by value (`Some(x) => ..`)
use parad::autodiff;

#[derive(Clone, Copy)]
pub enum Mode {
    Scale(f64),
    Keep,
}

#[autodiff(reverse, d_apply, Active, Const, Active)]
fn apply(x: f64, mode: Mode) -> f64 {
    match mode {
        Mode::Scale(ref k) => k * x,
        Mode::Keep => x,
    }
}

fn main() {}
