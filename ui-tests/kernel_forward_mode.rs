// expect: error at `d_k`: kernels have reverse-mode derivatives only
use parad::gpu::global_index;
use parad::{autodiff, kernel};

#[kernel]
#[autodiff(forward, d_k, Dual, Dual)]
fn k(x: &[f64], y: &mut [f64]) {
    let i = global_index();
    if i < y.len() {
        y[i] = x[i];
    }
}

fn main() {}
