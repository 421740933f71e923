// expect: one error, at `break` (not supported in a kernel); the calls of `k::launch_cpu` and `d_k::launch_cpu` in `main` still type-check against the launches' signatures
use parad::gpu::{global_index, LaunchConfig};
use parad::{autodiff, kernel};

#[kernel]
#[autodiff(reverse, d_k, Duplicated, Duplicated)]
fn k(x: &[f64], y: &mut [f64]) {
    let i = global_index();
    while i < y.len() {
        y[i] = x[i];
        break;
    }
}

fn main() {
    let cfg = LaunchConfig::for_num_elems(4);
    let (x, mut dx, mut y, mut dy) = (vec![0.0; 4], vec![0.0; 4], vec![0.0; 4], vec![0.0; 4]);
    k::launch_cpu(cfg, &x, &mut y).unwrap();
    d_k::launch_cpu(cfg, &x, &mut dx, &mut y, &mut dy).unwrap();
}
