// expect: error at `y[i] = x[i] * x[i];`: `y` is `Const` but receives values that carry derivatives
use parad::gpu::global_index;
use parad::{autodiff, kernel};

#[kernel]
#[autodiff(reverse, d_k, Duplicated, Const)]
fn k(x: &[f64], y: &mut [f64]) {
    let i = global_index();
    if i < y.len() {
        y[i] = x[i] * x[i];
    }
}

fn main() {}
