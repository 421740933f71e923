// expect: error at `y[i] > 1.0`: the condition of a `while` in a differentiated kernel cannot read a buffer the kernel writes
use parad::gpu::global_index;
use parad::{autodiff, kernel};

#[kernel]
#[autodiff(reverse, d_k, Duplicated)]
fn k(y: &mut [f64]) {
    let i = global_index();
    if i < y.len() {
        while y[i] > 1.0 {
            y[i] = y[i] * 0.5;
        }
    }
}

fn main() {}
