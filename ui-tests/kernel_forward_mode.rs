// expect: error at the second `Const`: `y` is read (`+=`), so its tangent is needed; error at `Dual` on the integer `n`
use parad::gpu::global_index;
use parad::{autodiff, kernel};

#[kernel]
#[autodiff(forward, t_k, Dual, Const, Dual)]
fn k(x: &[f64], y: &mut [f64], n: usize) {
    let i = global_index();
    if i < n {
        y[i] += x[i];
    }
}

#[kernel]
#[autodiff(forward, t_ok, Dual, Const)]
fn write_only(x: &[f64], y: &mut [f64]) {
    let i = global_index();
    if i < y.len() {
        y[i] = x[i].sin();
    }
}

fn main() {
    // A Const output the kernel only writes is allowed: no tangent for it.
    let _ = t_ok::launch_cpu;
}
