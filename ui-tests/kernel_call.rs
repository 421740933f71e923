// expect: error at `helper(x[i])`: a kernel cannot call Rust functions (the CUDA source could not); the callable functions are the intrinsics
use parad::gpu::global_index;
use parad::kernel;

fn helper(v: f64) -> f64 {
    v * 2.0
}

#[kernel]
fn k(x: &[f64], y: &mut [f64]) {
    let i = global_index();
    if i < y.len() {
        y[i] = helper(x[i]);
    }
}

fn main() {}
