//! Host code that launches kernels, differentiated by `#[autodiff]`: the
//! derivative calls each launch's companion, and its reverse sweep runs the
//! adjoint kernels in reverse order, each on the `&mut` buffers as they
//! were before its launch.

use super::programs::*;
use super::support::assert_close;
use parad::autodiff;
use parad::check::{gradient, random_vec};
use parad::gpu::LaunchConfig;

/// Three launches: the second reads `y` after the first wrote it, the
/// third overwrites `y` again; then a reduction on the host.
#[autodiff(reverse, d_pipeline, Const, Active, Duplicated, Duplicated, Duplicated, Active)]
#[autodiff(forward, t_pipeline, Const, Dual, Dual, Dual, Dual, Dual)]
fn pipeline(cfg: LaunchConfig, a: f64, x: &[f64], y: &mut [f64], z: &mut [f64]) -> f64 {
    axpy::launch_cpu(cfg, a, x, y).unwrap();
    axpy::launch_cpu(cfg, a, y, z).unwrap();
    axpy::launch_cpu(cfg, 0.5, x, y).expect("a grid the CPU path runs");
    let mut s = 0.0;
    for i in 0..y.len() {
        s += y[i] * z[i];
    }
    s
}

/// The same with the serial loops instead of the launches.
#[autodiff(reverse, d_pipeline_serial, Active, Duplicated, Duplicated, Duplicated, Active)]
fn pipeline_serial(a: f64, x: &[f64], y: &mut [f64], z: &mut [f64]) -> f64 {
    axpy_serial(a, x, y);
    axpy_serial(a, y, z);
    axpy_serial(0.5, x, y);
    let mut s = 0.0;
    for i in 0..y.len() {
        s += y[i] * z[i];
    }
    s
}

#[test]
fn a_host_function_is_differentiated_through_its_launches() {
    let n = 50;
    let cfg = LaunchConfig::blocks(2, 32);
    let p0 = [vec![0.3], random_vec(3 * n, -1.0, 1.0, 51)].concat();
    let unpack = |p: &[f64]| (p[0], p[1..=n].to_vec(), p[n + 1..2 * n + 1].to_vec(), p[2 * n + 1..].to_vec());
    gradient(
        |p, dp| {
            let (a, x, mut y, mut z) = unpack(p);
            let (mut dx, mut dy, mut dz) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
            let (value, da) = d_pipeline(cfg, a, &x, &mut dx, &mut y, &mut dy, &mut z, &mut dz, 1.0);
            let (_, x, mut ys, mut zs) = unpack(p);
            let (mut dxs, mut dys, mut dzs) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
            let (values, das) = d_pipeline_serial(a, &x, &mut dxs, &mut ys, &mut dys, &mut zs, &mut dzs, 1.0);
            assert_close("value", &[value], &[values], 1e-13);
            assert_close("da", &[da], &[das], 1e-12);
            assert_close("dx", &dx, &dxs, 1e-12);
            assert_close("dy", &dy, &dys, 1e-12);
            assert_close("dz", &dz, &dzs, 1e-12);
            dp[0] += da;
            for i in 0..n {
                dp[1 + i] += dx[i];
                dp[1 + n + i] += dy[i];
                dp[1 + 2 * n + i] += dz[i];
            }
            value
        },
        &p0,
        1e-6,
    );
}

/// Forward mode through the launches (the tangent kernels) against the
/// reverse mode: `<gradient, v>` is the tangent along `v`.
#[test]
fn forward_mode_through_launches_agrees_with_reverse() {
    let n = 40;
    let cfg = LaunchConfig::blocks(3, 16);
    let (a, x, y0, z0) =
        (0.4, random_vec(n, -1.0, 1.0, 52), random_vec(n, -1.0, 1.0, 53), random_vec(n, -1.0, 1.0, 54));
    let v = random_vec(3 * n + 1, -1.0, 1.0, 55);
    let (mut y, mut z) = (y0.clone(), z0.clone());
    let (mut ty, mut tz) = (v[1 + n..1 + 2 * n].to_vec(), v[1 + 2 * n..].to_vec());
    let (value, tangent) = t_pipeline(cfg, a, v[0], &x, &v[1..=n], &mut y, &mut ty, &mut z, &mut tz);
    let (mut y, mut z) = (y0.clone(), z0.clone());
    let (mut dx, mut dy, mut dz) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
    let (value_r, da) = d_pipeline(cfg, a, &x, &mut dx, &mut y, &mut dy, &mut z, &mut dz, 1.0);
    assert_eq!(value, value_r);
    // The undifferentiated functions compute the same value.
    let (mut y, mut z) = (y0.clone(), z0.clone());
    assert_eq!(pipeline(cfg, a, &x, &mut y, &mut z), value);
    let (mut y, mut z) = (y0.clone(), z0.clone());
    assert_close("serial value", &[pipeline_serial(a, &x, &mut y, &mut z)], &[value], 1e-13);
    let grad = [vec![da], dx, dy, dz].concat();
    let directional: f64 = grad.iter().zip(&v).map(|(g, v)| g * v).sum();
    assert_close("tangent vs <gradient, v>", &[tangent], &[directional], 1e-12);
}
