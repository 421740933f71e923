// expect: error at `y[i]` read in the loop: the adjoint needs a value the loop reads from `y`, which the kernel writes, and loops are reversed by recomputation
use parad::gpu::global_index;
use parad::{autodiff, kernel};

#[kernel]
#[autodiff(reverse, d_k, Duplicated, Duplicated)]
fn k(x: &[f64], y: &mut [f64]) {
    let i = global_index();
    if i < y.len() {
        for j in 0..x.len() {
            y[i] = y[i] * x[j];
        }
    }
}

fn main() {}
