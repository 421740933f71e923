use parad::gpu::{block_dim, block_idx, global_index, shared, sync_threads, thread_idx, LaunchConfig};
use parad::{autodiff, kernel};

#[kernel]
pub fn saxpy(a: f32, x: &[f32], y: &mut [f32]) {
    let i = global_index();
    if i < y.len() {
        y[i] += a * x[i];
    }
}

#[kernel]
fn dot(x: &[f64], y: &[f64], out: &mut [f64]) {
    let tile = shared::<f64, 256>();
    let t = thread_idx();
    let i = global_index();
    tile[t] = if i < x.len() { x[i] * y[i] } else { 0.0 };
    sync_threads();
    let mut s = block_dim() / 2;
    while s > 0 {
        if t < s {
            tile[t] += tile[t + s];
        }
        sync_threads();
        s /= 2;
    }
    if t == 0 {
        out[block_idx()] = tile[0];
    }
}

#[test]
fn scratch() {
    let x = vec![1.0f32; 10];
    let mut y = vec![2.0f32; 10];
    saxpy::launch_cpu(LaunchConfig::blocks(3, 4), 0.5, &x, &mut y).unwrap();
    assert!(y.iter().all(|&v| v == 2.5));
    println!("{}", saxpy::CUDA_SOURCE);
    let x: Vec<f64> = (0..1000).map(|i| i as f64).collect();
    let mut out = vec![0.0; 4];
    dot::launch_cpu(LaunchConfig::blocks(4, 256), &x, &x, &mut out).unwrap();
    let want: f64 = x.iter().map(|v| v * v).sum();
    assert_eq!(out.iter().sum::<f64>(), want);
    println!("{}", dot::CUDA_SOURCE);
}

#[kernel]
#[autodiff(reverse, d_saxpy2, Active, Duplicated, Duplicated)]
pub fn saxpy2(a: f64, x: &[f64], y: &mut [f64]) {
    let i = global_index();
    if i < y.len() {
        y[i] += a * x[i] * x[i];
    }
}

#[test]
fn scratch_adjoint() {
    let n = 10;
    let x: Vec<f64> = (0..n).map(|i| i as f64 * 0.5).collect();
    let mut y = vec![1.0; n];
    let mut dx = vec![0.0; n];
    let mut dy = vec![1.0; n];
    let da = d_saxpy2::launch_cpu(LaunchConfig::blocks(3, 4), 2.0, &x, &mut dx, &mut y, &mut dy).unwrap();
    println!("{}", d_saxpy2::CUDA_SOURCE);
    assert_eq!(da, x.iter().map(|v| v * v).sum::<f64>());
    for i in 0..n { assert_eq!(dx[i], 4.0 * x[i]); assert_eq!(dy[i], 1.0); }
}
