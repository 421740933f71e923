// expect: error at the `match`: not supported in a kernel, use `if`
use parad::gpu::global_index;
use parad::kernel;

#[kernel]
fn k(y: &mut [f64], mode: u32) {
    let i = global_index();
    match mode {
        0 => y[i] = 0.0,
        _ => y[i] = 1.0,
    }
}

fn main() {}
