// expect: errors at the rayon loop and at the call of a batched reverse
// derivative, at `Dualv` on
// a number, at the `Dual` of an f32 slice, at a call passing a struct to
// another differentiated function, and at a cast of a value with a tangent
// to f32: what batched mode does not support yet, each where it is written
use parad::autodiff;
use rayon::prelude::*;

#[autodiff(reverse, d_rev, 4, Duplicated, Active)]
fn rev(x: &[f64]) -> f64 {
    let s: f64 = x.par_iter().map(|v| v * v).sum();
    s + helper_rev(x[0])
}

#[autodiff]
fn helper_rev(a: f64) -> f64 {
    a.cos()
}

#[autodiff(forward, d_num, 2, Dualv, Dual)]
fn num(a: f64) -> f64 {
    a * a
}

#[autodiff(forward, d_single, 2, Dual, Dual)]
fn single(x: &[f32]) -> f32 {
    x[0]
}

pub struct Spring {
    k: f64,
}

#[autodiff]
fn helper(s: &Spring, a: f64) -> f64 {
    s.k * a.sin()
}

#[autodiff(forward, d_calls, 2, Dual, Dual)]
fn calls(a: f64) -> f64 {
    let s = Spring { k: 2.0 };
    let b = helper(&s, a);
    b * 2.0
}

#[autodiff(forward, d_casts, 2, Dual, Dual)]
fn casts(a: f64) -> f64 {
    let b = a as f32;
    (b * 2.0) as f64
}

fn main() {}
