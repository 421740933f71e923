// expect: error at `shared::<f64, 64>()`: shared arrays are declared at the kernel's top level, outside `if` and loops
use parad::gpu::{shared, thread_idx};
use parad::kernel;

#[kernel]
fn k(y: &mut [f64]) {
    let t = thread_idx();
    if t < y.len() {
        let tile = shared::<f64, 64>();
        tile[t] = 1.0;
        y[t] = tile[t];
    }
}

fn main() {}
