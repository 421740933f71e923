//! A 2D five-point stencil as a GPU kernel, and its adjoint kernel: one
//! explicit diffusion step `out = u + c * laplacian(u) * tanh(u)` on a
//! grid, then the gradient of `sum(w * out)` with respect to `u`.
//!
//! It runs on the GPU when parad is built with the `cuda` feature and
//! `Gpu::new(0)` finds a device, on the CPU (`launch_cpu`) otherwise, and
//! says which:
//!
//! ```sh
//! cargo run --release --example kernel_stencil                  # CPU
//! cargo run --release --features cuda --example kernel_stencil  # GPU if there is one
//! ```

use parad::gpu::{global_index, LaunchConfig};
use parad::{autodiff, kernel};

#[kernel]
#[autodiff(reverse, d_step, Duplicated, Duplicated, Const, Const)]
fn step(u: &[f64], out: &mut [f64], nx: usize, c: f64) {
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

/// `(out, du)`: the step and the gradient of `sum(w * out)`.
type Results = (Vec<f64>, Vec<f64>);

fn on_cpu(cfg: LaunchConfig, u: &[f64], w: &[f64], nx: usize, c: f64) -> Result<Results, parad::gpu::GpuError> {
    let mut out = vec![0.0; u.len()];
    step::launch_cpu(cfg, u, &mut out, nx, c)?;
    let (mut du, mut out2, mut dout) = (vec![0.0; u.len()], vec![0.0; u.len()], w.to_vec());
    d_step::launch_cpu(cfg, u, &mut du, &mut out2, &mut dout, nx, c)?;
    Ok((out, du))
}

/// The same on a device: copy in, launch both kernels, copy out.
#[cfg(feature = "cuda")]
fn on_gpu(
    gpu: &parad::gpu::Gpu,
    cfg: LaunchConfig,
    u: &[f64],
    w: &[f64],
    nx: usize,
    c: f64,
) -> Result<Results, parad::gpu::GpuError> {
    let s = gpu.stream();
    let err = |e: parad::gpu::cudarc::driver::DriverError| parad::gpu::GpuError::Launch(format!("{e:?}"));
    let u_dev = s.clone_htod(u).map_err(err)?;
    let mut out_dev = s.alloc_zeros::<f64>(u.len()).map_err(err)?;
    step::launch(gpu, cfg, &u_dev, &mut out_dev, nx, c)?;
    let mut du_dev = s.alloc_zeros::<f64>(u.len()).map_err(err)?;
    let mut out2_dev = s.alloc_zeros::<f64>(u.len()).map_err(err)?;
    let mut dout_dev = s.clone_htod(w).map_err(err)?;
    d_step::launch(gpu, cfg, &u_dev, &mut du_dev, &mut out2_dev, &mut dout_dev, nx, c)?;
    Ok((s.clone_dtoh(&out_dev).map_err(err)?, s.clone_dtoh(&du_dev).map_err(err)?))
}

/// The GPU's results, or `None` (and why) when there is no GPU to use.
#[cfg_attr(not(feature = "cuda"), allow(unused_variables))]
fn try_gpu(cfg: LaunchConfig, u: &[f64], w: &[f64], nx: usize, c: f64) -> Option<(String, Results)> {
    match parad::gpu::Gpu::new(0) {
        #[cfg(feature = "cuda")]
        Ok(gpu) => match on_gpu(&gpu, cfg, u, w, nx, c) {
            Ok(r) => Some((gpu.name(), r)),
            Err(e) => {
                println!("the GPU launch failed ({e}); running on the CPU");
                None
            }
        },
        #[cfg(not(feature = "cuda"))]
        Ok(_) => unreachable!("without the cuda feature, Gpu::new is an Err"),
        Err(e) => {
            println!("no GPU: {e}; running on the CPU");
            None
        }
    }
}

fn main() {
    let (nx, ny) = (512, 512);
    let n = nx * ny;
    // A smooth bump, and random weights for the gradient.
    let u: Vec<f64> = (0..n)
        .map(|i| {
            let (x, y) = ((i % nx) as f64 / nx as f64 - 0.5, (i / nx) as f64 / ny as f64 - 0.5);
            (-20.0 * (x * x + y * y)).exp()
        })
        .collect();
    let w = parad::check::random_vec(n, -1.0, 1.0, 7);
    let (cfg, c) = (LaunchConfig::for_num_elems(n as u32), 0.2);
    let t = std::time::Instant::now();
    let (path, (out, du)) = match try_gpu(cfg, &u, &w, nx, c) {
        Some((name, r)) => (format!("GPU ({name})"), r),
        None => {
            ("CPU (launch_cpu)".to_string(), on_cpu(cfg, &u, &w, nx, c).expect("the CPU path runs every configuration"))
        }
    };
    let elapsed = t.elapsed();
    let loss: f64 = out.iter().zip(&w).map(|(o, w)| o * w).sum();
    let norm = du.iter().map(|d| d * d).sum::<f64>().sqrt();
    println!("ran on the {path}: {nx}x{ny} grid, step and adjoint in {elapsed:.2?}");
    println!("sum(w * out) = {loss:.12}, |d/du| = {norm:.12}");
    // A directional check of the adjoint: (f(u + h v) - f(u - h v)) / 2h
    // against <du, v>, on the CPU.
    let v = parad::check::random_vec(n, -1.0, 1.0, 8);
    let h = 1e-6;
    let f = |s: f64| {
        let up: Vec<f64> = u.iter().zip(&v).map(|(a, b)| a + s * b).collect();
        on_cpu(cfg, &up, &w, nx, c).unwrap().0.iter().zip(&w).map(|(o, w)| o * w).sum::<f64>()
    };
    let fd = (f(h) - f(-h)) / (2.0 * h);
    let ad: f64 = du.iter().zip(&v).map(|(a, b)| a * b).sum();
    println!("directional derivative: adjoint {ad:.9}, finite differences {fd:.9}");
    assert!((ad - fd).abs() <= 1e-6 * (1.0 + fd.abs()), "the adjoint disagrees with finite differences");
}
