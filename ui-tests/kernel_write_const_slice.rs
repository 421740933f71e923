// expect: error at `x` in `x[i] = 0.0`: `x` is `&[f64]`; a kernel writes only `&mut` slices and shared arrays
use parad::gpu::global_index;
use parad::kernel;

#[kernel]
fn k(x: &[f64]) {
    let i = global_index();
    if i < x.len() {
        x[i] = 0.0;
    }
}

fn main() {}
