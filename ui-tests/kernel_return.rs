// expect: error at `return`: kernels have no early exit; guard the rest with `if`
use parad::gpu::global_index;
use parad::kernel;

#[kernel]
fn k(y: &mut [f64]) {
    let i = global_index();
    if i >= y.len() {
        return;
    }
    y[i] = 1.0;
}

fn main() {}
