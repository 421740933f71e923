// expect: error at `x[i]`: mismatched types, `f32` expected and `f64` found (kernels convert with `as`)
use parad::gpu::global_index;
use parad::kernel;

#[kernel]
fn k(x: &[f64], y: &mut [f32]) {
    let i = global_index();
    if i < y.len() {
        let v: f32 = x[i];
        y[i] = v;
    }
}

fn main() {}
