// expect: error at `CALLS` (written inside the `unsafe` block): a `static mut` cannot be read or written in differentiated code (the adjoint can neither see nor restore global state); pass the state as a parameter
use parad::autodiff;

static mut CALLS: usize = 0;

#[autodiff(reverse, d_square, Active, Active)]
fn square(x: f64) -> f64 {
    unsafe { CALLS += 1 };
    x * x
}

fn main() {}
