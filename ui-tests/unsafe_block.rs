// expect: error at the `unsafe { ... }` block: unsafe code cannot be differentiated; only safe Rust is supported (here `x[0]` does the same)
use parad::autodiff;

#[autodiff(reverse, d_first_sq, Duplicated, Active)]
fn first_sq(x: &[f64]) -> f64 {
    let a = unsafe { *x.get_unchecked(0) };
    a * a
}

fn main() {}
