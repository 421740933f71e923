// expect: errors at an early `return` in a function returning a `Vec`, at a returned `Vec<usize>`, at `Active` on a `Vec` result (its activities are Duplicated and Const), at a custom rule for a function returning a `Vec`, and at a whole vector assigned an `if` choosing between vectors
use parad::{autodiff, derivative};

#[autodiff]
fn early(x: &[f64]) -> Vec<f64> {
    if x[0] > 0.0 {
        return x.to_vec();
    }
    vec![0.0; x.len()]
}

#[autodiff]
fn indices(x: &[f64]) -> Vec<usize> {
    vec![0; x.len()]
}

#[autodiff(reverse, d_twice, Duplicated, Active)]
fn twice(x: &[f64]) -> Vec<f64> {
    x.iter().map(|v| 2.0 * v).collect()
}

#[derivative(reverse = ruled_rev)]
fn ruled(x: &[f64]) -> Vec<f64> {
    x.to_vec()
}

fn ruled_rev(x: &[f64], dx: &mut [f64], seed: &[f64]) {
    let _ = (x, dx, seed);
}

#[autodiff(reverse, d_reset, Duplicated, Active)]
fn reset(x: &[f64]) -> f64 {
    let mut u = vec![0.0; x.len()];
    let v = x.to_vec();
    u = if x[0] > 0.0 { v } else { vec![1.0; 2] };
    u[0]
}

fn main() {}
