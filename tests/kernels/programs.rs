//! The kernels under test, and the same computations as serial Rust
//! functions differentiated by `#[autodiff]`: one loop over the threads of
//! the grid running the kernel's body.

use parad::autodiff;
use parad::gpu::{block_dim, block_idx, global_index, shared, sync_threads, thread_idx};
use parad::kernel;

/// The design's example (f32; its adjoint is checked against the f64
/// kernels' rules through `axpy`).
#[kernel]
#[autodiff(reverse, d_saxpy, Const, Duplicated, Duplicated)]
pub fn saxpy(a: f32, x: &[f32], y: &mut [f32]) {
    let i = global_index();
    if i < y.len() {
        y[i] += a * x[i];
    }
}

/// In/out buffer, a nonlinear read of it, and an `Active` scalar (its
/// derivative summed over the block, then the grid). `#[autodiff]` first.
#[autodiff(reverse, d_axpy, Active, Duplicated, Duplicated)]
#[autodiff(forward, t_axpy, Dual, Const, Dual)]
#[kernel]
pub fn axpy(a: f64, x: &[f64], y: &mut [f64]) {
    let i = global_index();
    if i < y.len() {
        y[i] = y[i] * x[i].sin() + a * x[i] * y[i].exp();
    }
}

#[autodiff(reverse, d_axpy_serial, Active, Duplicated, Duplicated)]
pub fn axpy_serial(a: f64, x: &[f64], y: &mut [f64]) {
    for i in 0..y.len() {
        y[i] = y[i] * x[i].sin() + a * x[i] * y[i].exp();
    }
}

/// A five-point stencil on an `nx`-wide grid: scattered reads of `u`, so
/// its shadow takes atomic additions.
#[kernel]
#[autodiff(reverse, d_stencil, Duplicated, Duplicated, Const, Const)]
#[autodiff(forward, t_stencil, Dual, Dual, Const, Const)]
pub fn stencil(u: &[f64], out: &mut [f64], nx: usize, c: f64) {
    let i = global_index();
    let ny = u.len() / nx;
    if i < u.len() {
        let row = i / nx;
        let col = i % nx;
        if row > 0 && row + 1 < ny && col > 0 && col + 1 < nx {
            let lap = u[i - nx] + u[i + nx] + u[i - 1] + u[i + 1] - 4.0 * u[i];
            out[i] = u[i] + c * lap * u[i].tanh();
        } else {
            out[i] = u[i];
        }
    }
}

#[autodiff(reverse, d_stencil_serial, Duplicated, Duplicated, Const, Const)]
pub fn stencil_serial(u: &[f64], out: &mut [f64], nx: usize, c: f64) {
    let ny = u.len() / nx;
    for i in 0..u.len() {
        let row = i / nx;
        let col = i % nx;
        if row > 0 && row + 1 < ny && col > 0 && col + 1 < nx {
            let lap = u[i - nx] + u[i + nx] + u[i - 1] + u[i + 1] - 4.0 * u[i];
            out[i] = u[i] + c * lap * u[i].tanh();
        } else {
            out[i] = u[i];
        }
    }
}

/// Block size of `dot` (its shared array's length).
pub const DOT_BLOCK: usize = 256;

/// Per-block partial dot products: a tree reduction in shared memory with
/// a barrier in a loop whose condition the whole block shares.
#[kernel]
#[autodiff(reverse, d_dot, Duplicated, Duplicated, Duplicated)]
pub fn dot(x: &[f64], y: &[f64], out: &mut [f64]) {
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

#[autodiff(reverse, d_dot_serial, Duplicated, Duplicated, Duplicated, Const)]
pub fn dot_serial(x: &[f64], y: &[f64], out: &mut [f64], block: usize) {
    for b in 0..out.len() {
        let mut s = 0.0;
        for t in 0..block {
            let i = b * block + t;
            if i < x.len() {
                s += x[i] * y[i];
            }
        }
        out[b] = s;
    }
}

/// `y[i] = x[idx[i]]^2`: the adjoint scatters into `dx`.
#[kernel]
#[autodiff(reverse, d_gather, Duplicated, Const, Duplicated)]
pub fn gather(x: &[f64], idx: &[usize], y: &mut [f64]) {
    let i = global_index();
    if i < y.len() {
        let v = x[idx[i]];
        y[i] = v * v;
    }
}

#[autodiff(reverse, d_gather_serial, Duplicated, Const, Duplicated)]
pub fn gather_serial(x: &[f64], idx: &[usize], y: &mut [f64]) {
    for i in 0..y.len() {
        let v = x[idx[i]];
        y[i] = v * v;
    }
}

/// `y = tanh(A x + bias[0])`, `A` row-major with `x.len()` columns: a
/// loop per thread, `x[j]` shared by all threads (atomic), `bias[0]` the
/// same for the block (summed over the block first).
#[kernel]
#[autodiff(reverse, d_matvec, Duplicated, Duplicated, Duplicated, Duplicated)]
pub fn matvec(a: &[f64], x: &[f64], bias: &[f64], y: &mut [f64]) {
    let i = global_index();
    if i < y.len() {
        let n = x.len();
        let mut s = 0.0;
        for j in 0..n {
            s += a[i * n + j] * x[j];
        }
        y[i] = (s + bias[0]).tanh();
    }
}

#[autodiff(reverse, d_matvec_serial, Duplicated, Duplicated, Duplicated, Duplicated)]
pub fn matvec_serial(a: &[f64], x: &[f64], bias: &[f64], y: &mut [f64]) {
    let n = x.len();
    for i in 0..y.len() {
        let mut s = 0.0;
        for j in 0..n {
            s += a[i * n + j] * x[j];
        }
        y[i] = (s + bias[0]).tanh();
    }
}

/// A `while` loop carrying a nonlinear value (its adjoint recomputes it
/// from the loop's start), a scattered read in the loop, an `if` value,
/// `min`, `max`, `powi`, `sqrt`, `abs`.
#[kernel]
#[autodiff(reverse, d_horner, Duplicated, Duplicated, Const)]
pub fn horner(x: &[f64], y: &mut [f64], m: usize) {
    let i = global_index();
    if i < y.len() {
        let mut p = 1.0;
        let mut k = 0;
        while k < m {
            p = p * x[i] + (x[(i + k) % x.len()] * 0.5).sin();
            k += 1;
        }
        let q = if p > 0.0 { (p + 1.0).sqrt() } else { (1.0 - p).powi(3) };
        y[i] = q.max(x[i]).min(2.0) + p.abs();
    }
}

#[autodiff(reverse, d_horner_serial, Duplicated, Duplicated, Const)]
pub fn horner_serial(x: &[f64], y: &mut [f64], m: usize) {
    for i in 0..y.len() {
        let mut p = 1.0;
        let mut k = 0;
        while k < m {
            p = p * x[i] + (x[(i + k) % x.len()] * 0.5).sin();
            k += 1;
        }
        let q = if p > 0.0 { (p + 1.0).sqrt() } else { (1.0 - p).powi(3) };
        y[i] = q.max(x[i]).min(2.0) + p.abs();
    }
}

/// Single precision with float methods and an `Active` f32 scalar: the
/// CUDA text must stay in f32 (`tanhf`, `1.0f`, a float block reduction),
/// which the device compile checks in its PTX.
#[kernel]
#[autodiff(reverse, d_act32, Active, Duplicated, Duplicated)]
pub fn act32(w: f32, x: &[f32], y: &mut [f32]) {
    let i = global_index();
    if i < y.len() {
        let z = w * x[i];
        y[i] = z.tanh() + (x[i] * x[i] + 1.0).sqrt() * z.exp().ln_1p() + x[i].powi(3) / (1.0 + z.abs());
    }
}

#[autodiff(reverse, d_act32_serial, Active, Duplicated, Duplicated)]
pub fn act32_serial(w: f32, x: &[f32], y: &mut [f32]) {
    for i in 0..y.len() {
        let z = w * x[i];
        y[i] = z.tanh() + (x[i] * x[i] + 1.0).sqrt() * z.exp().ln_1p() + x[i].powi(3) / (1.0 + z.abs());
    }
}
