// expect: error at `Active` (first): a float slice of a kernel is `Const` or `Duplicated`
use parad::gpu::global_index;
use parad::{autodiff, kernel};

#[kernel]
#[autodiff(reverse, d_k, Active, Duplicated)]
fn k(x: &[f64], y: &mut [f64]) {
    let i = global_index();
    if i < y.len() {
        y[i] = x[i];
    }
}

fn main() {}
