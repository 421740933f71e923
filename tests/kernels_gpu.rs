//! The kernels of `tests/kernels` on a GPU (feature `cuda`): each kernel's
//! and each adjoint's `launch` against its `launch_cpu`, within rounding
//! (the GPU's atomic additions and math functions round differently).
//!
//! Run on a machine with a GPU and the CUDA driver and NVRTC installed:
//! `cargo test --features cuda --test kernels_gpu -- --nocapture`. Without
//! a usable GPU every test says so on stderr ("SKIPPED ...") and passes.

#[path = "kernels/programs.rs"]
#[allow(dead_code, clippy::needless_range_loop)]
mod programs;
#[path = "kernels/support.rs"]
mod support;

use parad::check::random_vec;
use parad::gpu::cudarc::driver::{CudaSlice, CudaStream};
use parad::gpu::{Gpu, LaunchConfig};
use programs::*;
use std::sync::Arc;
use support::assert_close as close;

const N: usize = 100_000;

fn gpu() -> Option<Gpu> {
    match Gpu::new(0) {
        Ok(g) => {
            eprintln!("running on the GPU: {}", g.name());
            Some(g)
        }
        Err(e) => {
            eprintln!("SKIPPED: no usable GPU ({e}); the CPU path is tested by tests/kernels");
            None
        }
    }
}

fn up<T: parad::gpu::cudarc::driver::DeviceRepr>(s: &Arc<CudaStream>, v: &[T]) -> CudaSlice<T> {
    s.clone_htod(v).unwrap()
}

fn down<T: parad::gpu::cudarc::driver::DeviceRepr + Default + Clone>(s: &Arc<CudaStream>, v: &CudaSlice<T>) -> Vec<T> {
    s.clone_dtoh(v).unwrap()
}

#[test]
fn axpy_and_its_adjoint() {
    let Some(g) = gpu() else { return };
    let s = g.stream();
    let cfg = LaunchConfig::for_num_elems(N as u32);
    let (x, y, w) = (random_vec(N, -1.0, 1.0, 1), random_vec(N, -1.0, 1.0, 2), random_vec(N, -1.0, 1.0, 3));
    let mut yc = y.clone();
    axpy::launch_cpu(cfg, 0.7, &x, &mut yc).unwrap();
    let (xd, mut yd) = (up(s, &x), up(s, &y));
    axpy::launch(&g, cfg, 0.7, &xd, &mut yd).unwrap();
    close("axpy", &down(s, &yd), &yc, 1e-12);
    let (mut dx, mut yc, mut dy) = (vec![0.0; N], y.clone(), w.clone());
    let da = d_axpy::launch_cpu(cfg, 0.7, &x, &mut dx, &mut yc, &mut dy).unwrap();
    let (mut dxd, mut yd, mut dyd) = (up(s, &vec![0.0; N]), up(s, &y), up(s, &w));
    let da_gpu = d_axpy::launch(&g, cfg, 0.7, &xd, &mut dxd, &mut yd, &mut dyd).unwrap();
    close("d_axpy dx", &down(s, &dxd), &dx, 1e-12);
    close("d_axpy dy", &down(s, &dyd), &dy, 1e-12);
    close("d_axpy da", &[da_gpu], &[da], 1e-10);
}

#[test]
fn stencil_and_its_adjoint() {
    let Some(g) = gpu() else { return };
    let s = g.stream();
    let (nx, c) = (400, 0.3);
    let n = nx * 250;
    let cfg = LaunchConfig::for_num_elems(n as u32);
    let (u, w) = (random_vec(n, -1.0, 1.0, 4), random_vec(n, -1.0, 1.0, 5));
    let mut o = vec![0.0; n];
    stencil::launch_cpu(cfg, &u, &mut o, nx, c).unwrap();
    let (ud, mut od) = (up(s, &u), up(s, &vec![0.0; n]));
    stencil::launch(&g, cfg, &ud, &mut od, nx, c).unwrap();
    close("stencil", &down(s, &od), &o, 1e-12);
    let (mut du, mut o, mut dout) = (vec![0.0; n], vec![0.0; n], w.clone());
    d_stencil::launch_cpu(cfg, &u, &mut du, &mut o, &mut dout, nx, c).unwrap();
    let (mut dud, mut od, mut doutd) = (up(s, &vec![0.0; n]), up(s, &vec![0.0; n]), up(s, &w));
    d_stencil::launch(&g, cfg, &ud, &mut dud, &mut od, &mut doutd, nx, c).unwrap();
    close("d_stencil du", &down(s, &dud), &du, 1e-12);
}

#[test]
fn dot_and_its_adjoint() {
    let Some(g) = gpu() else { return };
    let s = g.stream();
    let blocks = N.div_ceil(DOT_BLOCK);
    let cfg = LaunchConfig::blocks(blocks as u32, DOT_BLOCK as u32);
    let (x, y, w) = (random_vec(N, -1.0, 1.0, 6), random_vec(N, -1.0, 1.0, 7), random_vec(blocks, -1.0, 1.0, 8));
    let mut o = vec![0.0; blocks];
    dot::launch_cpu(cfg, &x, &y, &mut o).unwrap();
    let (xd, yd, mut od) = (up(s, &x), up(s, &y), up(s, &vec![0.0; blocks]));
    dot::launch(&g, cfg, &xd, &yd, &mut od).unwrap();
    close("dot", &down(s, &od), &o, 1e-12);
    let (mut dx, mut dy, mut o, mut dout) = (vec![0.0; N], vec![0.0; N], vec![0.0; blocks], w.clone());
    d_dot::launch_cpu(cfg, &x, &mut dx, &y, &mut dy, &mut o, &mut dout).unwrap();
    let (mut dxd, mut dyd, mut od, mut doutd) =
        (up(s, &vec![0.0; N]), up(s, &vec![0.0; N]), up(s, &vec![0.0; blocks]), up(s, &w));
    d_dot::launch(&g, cfg, &xd, &mut dxd, &yd, &mut dyd, &mut od, &mut doutd).unwrap();
    close("d_dot dx", &down(s, &dxd), &dx, 1e-12);
    close("d_dot dy", &down(s, &dyd), &dy, 1e-12);
}

#[test]
fn gather_and_matvec_and_their_adjoints() {
    let Some(g) = gpu() else { return };
    let s = g.stream();
    let cfg = LaunchConfig::for_num_elems(N as u32);
    let idx: Vec<usize> = random_vec(N, 0.0, 1000.0, 9).into_iter().map(|v| v as usize).collect();
    let (x, w) = (random_vec(1000, -1.0, 1.0, 10), random_vec(N, -1.0, 1.0, 11));
    let (mut dx, mut y, mut dy) = (vec![0.0; 1000], vec![0.0; N], w.clone());
    d_gather::launch_cpu(cfg, &x, &mut dx, &idx, &mut y, &mut dy).unwrap();
    let (xd, idxd) = (up(s, &x), up(s, &idx));
    let (mut dxd, mut yd, mut dyd) = (up(s, &vec![0.0; 1000]), up(s, &vec![0.0; N]), up(s, &w));
    d_gather::launch(&g, cfg, &xd, &mut dxd, &idxd, &mut yd, &mut dyd).unwrap();
    close("d_gather y", &down(s, &yd), &y, 1e-12);
    close("d_gather dx", &down(s, &dxd), &dx, 1e-10);

    let (rows, cols) = (4096, 64);
    let cfg = LaunchConfig::for_num_elems(rows as u32);
    let (a, xm, b, w) = (
        random_vec(rows * cols, -1.0, 1.0, 12),
        random_vec(cols, -1.0, 1.0, 13),
        random_vec(1, -1.0, 1.0, 14),
        random_vec(rows, -1.0, 1.0, 15),
    );
    let (mut da, mut dxm, mut db, mut ym, mut dym) =
        (vec![0.0; rows * cols], vec![0.0; cols], vec![0.0], vec![0.0; rows], w.clone());
    d_matvec::launch_cpu(cfg, &a, &mut da, &xm, &mut dxm, &b, &mut db, &mut ym, &mut dym).unwrap();
    let (ad, xmd, bd) = (up(s, &a), up(s, &xm), up(s, &b));
    let (mut dad, mut dxmd, mut dbd, mut ymd, mut dymd) =
        (up(s, &vec![0.0; rows * cols]), up(s, &vec![0.0; cols]), up(s, &[0.0]), up(s, &vec![0.0; rows]), up(s, &w));
    d_matvec::launch(&g, cfg, &ad, &mut dad, &xmd, &mut dxmd, &bd, &mut dbd, &mut ymd, &mut dymd).unwrap();
    close("d_matvec y", &down(s, &ymd), &ym, 1e-12);
    close("d_matvec da", &down(s, &dad), &da, 1e-12);
    close("d_matvec dx", &down(s, &dxmd), &dxm, 1e-10);
    close("d_matvec dbias", &down(s, &dbd), &db, 1e-10);
}

#[test]
fn saxpy_f32() {
    let Some(g) = gpu() else { return };
    let s = g.stream();
    let cfg = LaunchConfig::for_num_elems(N as u32);
    let x: Vec<f32> = random_vec(N, -1.0, 1.0, 16).into_iter().map(|v| v as f32).collect();
    let y: Vec<f32> = random_vec(N, -1.0, 1.0, 17).into_iter().map(|v| v as f32).collect();
    let mut yc = y.clone();
    saxpy::launch_cpu(cfg, 2.5, &x, &mut yc).unwrap();
    let (xd, mut yd) = (up(s, &x), up(s, &y));
    saxpy::launch(&g, cfg, 2.5, &xd, &mut yd).unwrap();
    let to64 = |v: Vec<f32>| v.into_iter().map(|x| x as f64).collect::<Vec<_>>();
    close("saxpy", &to64(down(s, &yd)), &to64(yc), 1e-6);
}

#[test]
fn act32_and_its_adjoint_in_single_precision() {
    let Some(g) = gpu() else { return };
    let s = g.stream();
    let cfg = LaunchConfig::for_num_elems(N as u32);
    let f32s = |v: Vec<f64>| v.into_iter().map(|v| v as f32).collect::<Vec<f32>>();
    let f64s = |v: &[f32]| v.iter().map(|&v| v as f64).collect::<Vec<f64>>();
    let (x, w) = (f32s(random_vec(N, -1.5, 1.5, 13)), f32s(random_vec(N, -1.0, 1.0, 14)));
    let mut y = vec![0.0f32; N];
    act32::launch_cpu(cfg, 0.8, &x, &mut y).unwrap();
    let (xd, mut yd) = (up(s, &x), up(s, &vec![0.0f32; N]));
    act32::launch(&g, cfg, 0.8, &xd, &mut yd).unwrap();
    close("act32", &f64s(&down(s, &yd)), &f64s(&y), 1e-5);
    let (mut dx, mut y, mut dy) = (vec![0.0f32; N], vec![0.0f32; N], w.clone());
    let dw = d_act32::launch_cpu(cfg, 0.8, &x, &mut dx, &mut y, &mut dy).unwrap();
    let (mut dxd, mut yd, mut dyd) = (up(s, &vec![0.0f32; N]), up(s, &vec![0.0f32; N]), up(s, &w));
    let dw_gpu = d_act32::launch(&g, cfg, 0.8, &xd, &mut dxd, &mut yd, &mut dyd).unwrap();
    close("d_act32 dx", &f64s(&down(s, &dxd)), &f64s(&dx), 1e-5);
    // A sum over 100 000 threads in another order: f32 rounding of the sum.
    close("d_act32 dw", &[dw_gpu as f64], &[dw as f64], 1e-3);
}

#[test]
fn stencil_tangent_kernel() {
    let Some(g) = gpu() else { return };
    let s = g.stream();
    let (nx, c) = (400, 0.3);
    let n = nx * 250;
    let cfg = LaunchConfig::for_num_elems(n as u32);
    let (u, v) = (random_vec(n, -1.0, 1.0, 15), random_vec(n, -1.0, 1.0, 16));
    let (mut o, mut to) = (vec![0.0; n], vec![0.0; n]);
    t_stencil::launch_cpu(cfg, &u, &v, &mut o, &mut to, nx, c).unwrap();
    let (ud, vd, mut od, mut tod) = (up(s, &u), up(s, &v), up(s, &vec![0.0; n]), up(s, &vec![0.0; n]));
    t_stencil::launch(&g, cfg, &ud, &vd, &mut od, &mut tod, nx, c).unwrap();
    close("t_stencil out", &down(s, &od), &o, 1e-12);
    close("t_stencil tangent", &down(s, &tod), &to, 1e-12);
}
