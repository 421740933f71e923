// expect: error at `unsafe` of the `unsafe { ... }` block: `unsafe` blocks cannot be differentiated; only safe Rust is supported (here `x[0]` does the same). `main` calls `d_first_sq`, which is still declared, so that call adds no error
use parad::autodiff;

#[autodiff(reverse, d_first_sq, Duplicated, Active)]
fn first_sq(x: &[f64]) -> f64 {
    let a = unsafe { *x.get_unchecked(0) };
    a * a
}

// The derivative keeps its signature while the error is shown, so this call
// adds no error of its own.
fn main() {
    let x = [3.0, 4.0];
    let mut dx = [0.0; 2];
    let _value: f64 = d_first_sq(&x, &mut dx, 1.0);
}
