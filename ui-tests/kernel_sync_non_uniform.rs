// expect: error at `t < 16`: a barrier inside an `if` whose condition depends on the thread; every thread of the block must reach it
use parad::gpu::{sync_threads, thread_idx};
use parad::kernel;

#[kernel]
fn k(y: &mut [f64]) {
    let t = thread_idx();
    if t < 16 {
        y[t] = 1.0;
        sync_threads();
    }
}

fn main() {}
