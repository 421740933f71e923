// expect: error at `clamp`: not a method a kernel supports; the message lists the float methods
use parad::gpu::global_index;
use parad::kernel;

#[kernel]
fn k(x: &[f64], y: &mut [f64]) {
    let i = global_index();
    if i < y.len() {
        y[i] = x[i].clamp(0.0, 1.0);
    }
}

fn main() {}
