// expect: errors at the type of `state`: constant here (never Active), but written with values that carry derivatives, so its shadow needs `Default` and `#[autodiff]`
use parad::autodiff;

#[derive(Clone, Copy)]
struct State {
    x: f64,
    n: usize,
}

#[autodiff(reverse, d_step, Const, Active, Active)]
fn step(mut state: State, h: f64) -> f64 {
    state.x += h;
    for _ in 0..state.n {
        state.x *= h;
    }
    state.x
}

fn main() {}
