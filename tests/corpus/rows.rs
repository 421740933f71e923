//! Buffers of arrays: parameters `&[[f64; 3]]`, `&mut [[f64; 3]]`,
//! `&Vec<[f64; D]>` (a `const` width), `&[[f32; 3]]`, and local
//! `vec![[0.0; 3]; n]`, read as `p[i][k]`, `&p[i]`, `let q = p[i]`,
//! `let [a, b, c] = *q`, iterated with `for q in p`, `iter()`,
//! `iter_mut()`, `zip`, `enumerate` and rayon's `par_iter` /
//! `par_iter_mut`, and passed on as `p.as_flattened()`. Each is checked
//! as usual (central differences, forward against reverse), and against
//! the same function written on a flat slice (`p[3 * i + k]`),
//! differentiated by parad: the gradients agree to 1e-12.

use crate::support::{self, assert_all_close, TOL};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

/// Points as arrays, from a flat vector.
fn points<const N: usize>(x: &[f64]) -> Vec<[f64; N]> {
    x.chunks_exact(N).map(|c| std::array::from_fn(|k| c[k])).collect()
}

/// The flat vector of points.
fn flat<const N: usize>(p: &[[f64; N]]) -> Vec<f64> {
    p.as_flattened().to_vec()
}

/// Adds the flat form of `d` into `dx`.
fn add_flat<const N: usize>(dx: &mut [f64], d: &[[f64; N]]) {
    dx.iter_mut().zip(d.as_flattened()).for_each(|(a, b)| *a += b);
}

/// A soft Lennard-Jones energy over all pairs, indexed `pos[i][k]`.
#[autodiff(reverse, d_pair_energy, Duplicated, Active)]
#[autodiff(forward, pair_energy_fwd, Dual, Dual)]
pub fn pair_energy(pos: &[[f64; 3]]) -> f64 {
    let mut e = 0.0;
    for i in 0..pos.len() {
        for j in 0..i {
            let dx = pos[i][0] - pos[j][0];
            let dy = pos[i][1] - pos[j][1];
            let dz = pos[i][2] - pos[j][2];
            let s6 = 1.0 / (dx * dx + dy * dy + dz * dz + 0.5).powi(3);
            e += s6 * s6 - s6;
        }
    }
    e
}

/// `pair_energy` on a flat slice.
#[autodiff(reverse, d_pair_energy_flat, Duplicated, Active)]
pub fn pair_energy_flat(pos: &[f64]) -> f64 {
    let mut e = 0.0;
    for i in 0..pos.len() / 3 {
        for j in 0..i {
            let dx = pos[3 * i] - pos[3 * j];
            let dy = pos[3 * i + 1] - pos[3 * j + 1];
            let dz = pos[3 * i + 2] - pos[3 * j + 2];
            let s6 = 1.0 / (dx * dx + dy * dy + dz * dz + 0.5).powi(3);
            e += s6 * s6 - s6;
        }
    }
    e
}

/// Rows read whole: `for q in pos`, `iter().enumerate()`, `let q = pos[i]`,
/// `let [a, b, c] = *q`, `&pos[i]`, `len()`.
#[autodiff(reverse, d_spread, Duplicated, Active)]
#[autodiff(forward, spread_fwd, Dual, Dual)]
pub fn spread(pos: &[[f64; 3]]) -> f64 {
    let n = pos.len() as f64;
    let mut c = [0.0; 3];
    for q in pos {
        for k in 0..3 {
            c[k] += q[k] / n;
        }
    }
    let mut s = 0.0;
    for (i, q) in pos.iter().enumerate() {
        let [a, b, z] = *q;
        let r = pos[i];
        let t = &pos[(i + 1) % pos.len()];
        s += (a - c[0]).powi(2) + (b - c[1]).powi(2) + (z - c[2]).powi(2) + 0.1 * r[0] * t[1];
    }
    s
}

/// `spread` on a flat slice.
#[autodiff(reverse, d_spread_flat, Duplicated, Active)]
pub fn spread_flat(pos: &[f64]) -> f64 {
    let m = pos.len() / 3;
    let n = m as f64;
    let mut c = [0.0; 3];
    for i in 0..m {
        for k in 0..3 {
            c[k] += pos[3 * i + k] / n;
        }
    }
    let mut s = 0.0;
    for i in 0..m {
        let (a, b, z) = (pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]);
        let j = (i + 1) % m;
        s += (a - c[0]).powi(2) + (b - c[1]).powi(2) + (z - c[2]).powi(2) + 0.1 * pos[3 * i] * pos[3 * j + 1];
    }
    s
}

/// A time step of particles in place: forces in a local
/// `vec![[0.0; 3]; n]`, positions advanced by `iter_mut().zip(iter())`
/// and by index.
#[autodiff(reverse, d_advance, Duplicated, Duplicated, Const)]
#[autodiff(forward, advance_fwd, Dual, Dual, Const)]
pub fn advance(pos: &mut [[f64; 3]], vel: &[[f64; 3]], dt: f64) {
    let mut force = vec![[0.0; 3]; pos.len()];
    for i in 0..pos.len() {
        for k in 0..3 {
            force[i][k] = -pos[i][k] * pos[i][k].abs() + (pos[i][(k + 1) % 3]).sin();
        }
    }
    for (p, v) in pos.iter_mut().zip(vel.iter()) {
        for k in 0..3 {
            p[k] += dt * v[k] * p[k];
        }
    }
    for i in 0..pos.len() {
        for k in 0..3 {
            pos[i][k] += dt * dt * force[i][k];
        }
    }
}

/// `advance` on flat slices.
#[autodiff(reverse, d_advance_flat, Duplicated, Duplicated, Const)]
pub fn advance_flat(pos: &mut [f64], vel: &[f64], dt: f64) {
    let mut force = vec![0.0; pos.len()];
    for i in 0..pos.len() / 3 {
        for k in 0..3 {
            force[3 * i + k] = -pos[3 * i + k] * pos[3 * i + k].abs() + (pos[3 * i + (k + 1) % 3]).sin();
        }
    }
    for i in 0..pos.len() {
        pos[i] += dt * vel[i] * pos[i];
    }
    for i in 0..pos.len() {
        pos[i] += dt * dt * force[i];
    }
}

/// Rayon over rows: a sum with `par_iter`, an update with `par_iter_mut`.
#[autodiff(reverse, d_par_rows, Duplicated, Duplicated, Active)]
#[autodiff(forward, par_rows_fwd, Dual, Dual, Dual)]
pub fn par_rows(pos: &[[f64; 3]], out: &mut [[f64; 3]]) -> f64 {
    out.par_iter_mut().enumerate().for_each(|(i, o)| {
        for k in 0..3 {
            o[k] = pos[i][k] * pos[i][(k + 2) % 3];
        }
    });
    pos.par_iter().map(|q| q[0] * q[1] + q[2].sin()).sum()
}

/// `par_rows` on flat slices.
#[autodiff(reverse, d_par_rows_flat, Duplicated, Duplicated, Active)]
pub fn par_rows_flat(pos: &[f64], out: &mut [f64]) -> f64 {
    out.par_chunks_mut(3).enumerate().for_each(|(i, o)| {
        for k in 0..3 {
            o[k] = pos[3 * i + k] * pos[3 * i + (k + 2) % 3];
        }
    });
    pos.par_chunks(3).map(|q| q[0] * q[1] + q[2].sin()).sum()
}

const D: usize = 2;

/// A `&Vec<[f64; D]>` with a `const` width, copied rows (`let q = p[i]` of
/// a buffer that is written: a copy), and a range of rows `&w[a..b]`,
/// itself indexed `head[i][k]`.
#[autodiff(reverse, d_chain_length, Duplicated, Active)]
#[autodiff(forward, chain_length_fwd, Dual, Dual)]
pub fn chain_length(p: &Vec<[f64; D]>) -> f64 {
    let mut w = vec![[0.0; D]; p.len()];
    for i in 0..p.len() {
        for k in 0..D {
            w[i][k] = p[i][k] * (1.0 + 0.1 * k as f64);
        }
    }
    let mut s = 0.0;
    for i in 1..w.len() {
        let a = w[i - 1];
        let b = w[i];
        s += ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2) + 0.01).sqrt();
    }
    let head = &w[..2];
    s + head[0][0] * head[1][1]
}

/// `chain_length` on a flat slice.
#[autodiff(reverse, d_chain_length_flat, Duplicated, Active)]
pub fn chain_length_flat(p: &[f64]) -> f64 {
    let mut w = vec![0.0; p.len()];
    for i in 0..p.len() / 2 {
        for k in 0..2 {
            w[2 * i + k] = p[2 * i + k] * (1.0 + 0.1 * k as f64);
        }
    }
    let mut s = 0.0;
    for i in 1..w.len() / 2 {
        s += ((w[2 * i] - w[2 * i - 2]).powi(2) + (w[2 * i + 1] - w[2 * i - 1]).powi(2) + 0.01).sqrt();
    }
    s + w[0] * w[3]
}

/// `pair_energy` in single precision.
#[autodiff(reverse, d_pair_energy_f32, Duplicated, Active)]
#[autodiff(forward, pair_energy_f32_fwd, Dual, Dual)]
pub fn pair_energy_f32(pos: &[[f32; 3]]) -> f32 {
    let mut e = 0.0;
    for i in 0..pos.len() {
        for j in 0..i {
            let dx = pos[i][0] - pos[j][0];
            let dy = pos[i][1] - pos[j][1];
            let dz = pos[i][2] - pos[j][2];
            let s6 = 1.0 / (dx * dx + dy * dy + dz * dz + 0.5).powi(3);
            e += s6 * s6 - s6;
        }
    }
    e
}

/// A differentiable function of a flat slice.
#[autodiff]
pub fn quartic_sum(x: &[f64]) -> f64 {
    x.iter().map(|v| v * v * v * v).sum()
}

/// Rows passed on flat (`as_flattened`) to a function taking a slice.
#[autodiff(reverse, d_flattened_call, Duplicated, Active)]
#[autodiff(forward, flattened_call_fwd, Dual, Dual)]
pub fn flattened_call(pos: &[[f64; 3]]) -> f64 {
    quartic_sum(pos.as_flattened()) * pos[1][2]
}

/// Ranges inside rows, `pos[i][a..b]`, as slices of their own.
#[autodiff(reverse, d_row_tails, Duplicated, Const, Active)]
#[autodiff(forward, row_tails_fwd, Dual, Const, Dual)]
pub fn row_tails(pos: &[[f64; 3]], end: usize) -> f64 {
    let mut s = 0.0;
    for i in 0..pos.len() {
        let tail = &pos[i][1..end];
        for k in 0..tail.len() {
            s += tail[k] * tail[k] * (k as f64 + 1.0) + pos[i][0] * tail[k];
        }
    }
    s
}

/// A method whose only buffer of arrays is a local (its signature is
/// unchanged, so the method needs no wrapper).
pub struct Springs {
    pub k: f64,
}

impl Springs {
    #[autodiff(reverse, d_stretch, Const, Duplicated, Active)]
    #[autodiff(forward, stretch_fwd, Const, Dual, Dual)]
    pub fn stretch(&self, x: &[f64]) -> f64 {
        let mut ends = vec![[0.0; 2]; x.len() - 1];
        for i in 0..ends.len() {
            ends[i][0] = x[i];
            ends[i][1] = x[i + 1];
        }
        let mut e = 0.0;
        for q in ends.iter() {
            e += self.k * (q[1] - q[0] - 1.0).powi(2);
        }
        e
    }
}

/// The gradient of a scalar function of rows, flat.
fn row_gradient<const N: usize>(x: &[f64], d_f: impl Fn(&[[f64; N]], &mut [[f64; N]], f64) -> f64) -> Vec<f64> {
    let mut d = vec![[0.0; N]; x.len() / N];
    d_f(&points::<N>(x), &mut d, 1.0);
    flat(&d)
}

/// The gradient of a flat function.
fn flat_gradient(x: &[f64], d_f: impl Fn(&[f64], &mut [f64], f64) -> f64) -> Vec<f64> {
    let mut d = vec![0.0; x.len()];
    d_f(x, &mut d, 1.0);
    d
}

/// A reverse derivative of a function of rows.
type RowsReverse<const N: usize> = fn(&[[f64; N]], &mut [[f64; N]], f64) -> f64;
/// A forward derivative of a function of rows.
type RowsForward<const N: usize> = fn(&[[f64; N]], &[[f64; N]]) -> (f64, f64);

/// [`support::scalar`] for `fn(&[[f64; N]]) -> f64` and its derivatives.
fn rows_fn<const N: usize>(x: &[f64], f: fn(&[[f64; N]]) -> f64, d_f: RowsReverse<N>, f_fwd: RowsForward<N>) {
    support::scalar(
        x,
        TOL,
        |x| f(&points(x)),
        |x, dx, seed| {
            let mut d = vec![[0.0; N]; x.len() / N];
            let value = d_f(&points(x), &mut d, seed);
            add_flat(dx, &d);
            value
        },
        |x, t| f_fwd(&points(x), &points(t)),
    );
}

#[test]
fn pair_energy_of_rows() {
    let mut x = random_vec(15, -0.5, 0.5, 1201);
    x.iter_mut().step_by(3).enumerate().for_each(|(i, v)| *v += i as f64);
    rows_fn(&x, pair_energy, d_pair_energy, pair_energy_fwd);
    assert_all_close(
        "rows against flat",
        &row_gradient(&x, d_pair_energy),
        &flat_gradient(&x, d_pair_energy_flat),
        1e-12,
    );
}

#[test]
fn rows_read_whole_and_iterated() {
    let x = random_vec(12, -1.0, 1.0, 1202);
    rows_fn(&x, spread, d_spread, spread_fwd);
    assert_all_close("rows against flat", &row_gradient(&x, d_spread), &flat_gradient(&x, d_spread_flat), 1e-12);
}

#[test]
fn rows_advanced_in_place() {
    let x = random_vec(12, -1.0, 1.0, 1203);
    let vel = random_vec(12, -1.0, 1.0, 1204);
    let dt = 0.3;
    support::map(
        &x,
        12,
        TOL,
        1205,
        |x| {
            let mut p = points::<3>(x);
            advance(&mut p, &points(&vel), dt);
            flat(&p)
        },
        |x, dx, w| {
            let (mut p, mut dp) = (points::<3>(x), points::<3>(w));
            let mut dv = vec![[0.0; 3]; 4];
            d_advance(&mut p, &mut dp, &points(&vel), &mut dv, dt);
            add_flat(dx, &dp);
            flat(&p)
        },
        |x, t| {
            let (mut p, mut tp) = (points::<3>(x), points::<3>(t));
            advance_fwd(&mut p, &mut tp, &points(&vel), &[[0.0; 3]; 4], dt);
            (flat(&p), flat(&tp))
        },
    );
    // Against the flat twin, both shadows.
    let w = random_vec(12, -1.0, 1.0, 1206);
    let (mut p, mut dp, mut dv) = (points::<3>(&x), points::<3>(&w), vec![[0.0; 3]; 4]);
    d_advance(&mut p, &mut dp, &points(&vel), &mut dv, dt);
    let (mut q, mut dq, mut dvq) = (x.clone(), w.clone(), vec![0.0; 12]);
    d_advance_flat(&mut q, &mut dq, &vel, &mut dvq, dt);
    assert_all_close("positions", &flat(&p), &q, 1e-12);
    assert_all_close("shadow of the positions", &flat(&dp), &dq, 1e-12);
    assert_all_close("shadow of the velocities", &flat(&dv), &dvq, 1e-12);
}

#[test]
fn rows_in_rayon_loops() {
    let x = random_vec(30, -1.0, 1.0, 1207);
    let w = random_vec(30, -1.0, 1.0, 1208);
    let grad = |pool: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(pool).build().unwrap();
        pool.install(|| {
            let (mut out, mut dout) = (vec![[0.0; 3]; 10], points::<3>(&w));
            let mut d = vec![[0.0; 3]; 10];
            let value = d_par_rows(&points(&x), &mut d, &mut out, &mut dout, 1.0);
            (value, flat(&d), flat(&out))
        })
    };
    let (value, d, out) = grad(1);
    // Bitwise the same on three threads.
    let (value3, d3, out3) = grad(3);
    assert_eq!((value.to_bits(), &d, &out), (value3.to_bits(), &d3, &out3));
    let (mut out_flat, mut dout_flat, mut d_flat) = (vec![0.0; 30], w.clone(), vec![0.0; 30]);
    let value_flat = d_par_rows_flat(&x, &mut d_flat, &mut out_flat, &mut dout_flat, 1.0);
    assert_all_close("value", &[value], &[value_flat], 1e-12);
    assert_all_close("outputs", &out, &out_flat, 1e-12);
    assert_all_close("gradient", &d, &d_flat, 1e-12);
    // Central differences of <w, out> + value, forward against reverse.
    support::scalar(
        &x,
        TOL,
        |x| {
            let mut out = vec![[0.0; 3]; 10];
            let value = par_rows(&points(x), &mut out);
            value + support::inner(&w, &flat(&out))
        },
        |x, dx, seed| {
            let (mut out, mut dout) = (vec![[0.0; 3]; 10], points::<3>(&w));
            dout.as_flattened_mut().iter_mut().for_each(|v| *v *= seed);
            let mut d = vec![[0.0; 3]; 10];
            let value = d_par_rows(&points(x), &mut d, &mut out, &mut dout, seed);
            add_flat(dx, &d);
            value + support::inner(&w, &flat(&out))
        },
        |x, t| {
            let (mut out, mut tout) = (vec![[0.0; 3]; 10], vec![[0.0; 3]; 10]);
            let (value, tvalue) = par_rows_fwd(&points(x), &points(t), &mut out, &mut tout);
            (value + support::inner(&w, &flat(&out)), tvalue + support::inner(&w, &flat(&tout)))
        },
    );
}

#[test]
fn rows_of_a_const_width_in_a_vec() {
    let x = random_vec(12, -1.0, 1.0, 1209);
    let as_vec = |x: &[f64]| points::<D>(x);
    support::scalar(
        &x,
        TOL,
        |x| chain_length(&as_vec(x)),
        |x, dx, seed| {
            let mut d = vec![[0.0; D]; 6];
            let value = d_chain_length(&as_vec(x), &mut d, seed);
            add_flat(dx, &d);
            value
        },
        |x, t| chain_length_fwd(&as_vec(x), &as_vec(t)),
    );
    let mut d = vec![[0.0; D]; 6];
    d_chain_length(&as_vec(&x), &mut d, 1.0);
    assert_all_close("rows against flat", &flat(&d), &flat_gradient(&x, d_chain_length_flat), 1e-12);
}

#[test]
fn rows_passed_on_flat() {
    rows_fn(&random_vec(9, -1.0, 1.0, 1211), flattened_call, d_flattened_call, flattened_call_fwd);
}

#[test]
fn ranges_inside_rows() {
    let x = random_vec(12, -1.0, 1.0, 1212);
    support::scalar(
        &x,
        TOL,
        |x| row_tails(&points(x), 3),
        |x, dx, seed| {
            let mut d = vec![[0.0; 3]; 4];
            let value = d_row_tails(&points(x), &mut d, 3, seed);
            add_flat(dx, &d);
            value
        },
        |x, t| row_tails_fwd(&points(x), &points(t), 3),
    );
}

#[test]
fn a_method_with_a_local_buffer_of_arrays() {
    let springs = Springs { k: 0.7 };
    support::scalar(
        &random_vec(6, -1.0, 1.0, 1214),
        TOL,
        |x| springs.stretch(x),
        |x, dx, seed| springs.d_stretch(x, dx, seed),
        |x, t| springs.stretch_fwd(x, t),
    );
}

#[test]
fn rows_in_single_precision() {
    let mut x = random_vec(12, -0.5, 0.5, 1210);
    x.iter_mut().step_by(3).enumerate().for_each(|(i, v)| *v += i as f64);
    let rows32 = |x: &[f32]| -> Vec<[f32; 3]> { x.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect() };
    support::scalar_f32(
        &x,
        5e-2,
        |x| pair_energy(&points(x)),
        |x| pair_energy_f32(&rows32(x)),
        |x, dx, seed| {
            let mut d = vec![[0.0f32; 3]; 4];
            let value = d_pair_energy_f32(&rows32(x), &mut d, seed);
            dx.iter_mut().zip(d.as_flattened()).for_each(|(a, b)| *a += b);
            value
        },
        |x, t| pair_energy_f32_fwd(&rows32(x), &rows32(t)),
    );
}

/// Local arrays of rows: a rotation matrix from a literal of rows, a
/// zeroed `[[f64; 3]; 3]` filled by index, a row copied out, all read in
/// a serial loop and captured by a rayon closure.
#[autodiff(reverse, d_rotated, Duplicated, Active, Active, Active)]
#[autodiff(forward, rotated_fwd, Dual, Dual, Dual, Dual)]
pub fn rotated(p: &[f64], angle: f64, tilt: f64) -> f64 {
    let (s, c) = angle.sin_cos();
    let rz = [[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]];
    let (st, ct) = tilt.sin_cos();
    let rx = [[1.0, 0.0, 0.0], [0.0, ct, -st], [0.0, st, ct]];
    let mut r: [[f64; 3]; 3] = [[0.0; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            for k in 0..3 {
                r[i][j] += rx[i][k] * rz[k][j];
            }
        }
    }
    let axis = r[2];
    let spread: f64 = (0..p.len() / 3)
        .into_par_iter()
        .map(|n| {
            let mut e = 0.0;
            for i in 0..3 {
                let mut q = 0.0;
                for j in 0..3 {
                    q += r[i][j] * p[3 * n + j];
                }
                e += (q - axis[i]).powi(2);
            }
            e
        })
        .sum();
    let mut heights = 0.0;
    for n in 0..p.len() / 3 {
        heights += (r[2][0] * p[3 * n] + r[2][1] * p[3 * n + 1] + r[2][2] * p[3 * n + 2]).sin();
    }
    spread + heights
}

#[test]
fn local_arrays_of_rows() {
    for (n, seed) in [(1, 1210), (4, 1211)] {
        let x = random_vec(3 * n + 2, -1.0, 1.0, seed);
        let m = 3 * n;
        support::scalar(
            &x,
            TOL,
            |x| rotated(&x[..m], x[m], x[m + 1]),
            |x, dx, w| {
                let mut dp = vec![0.0; m];
                let (y, da, dt) = d_rotated(&x[..m], &mut dp, x[m], x[m + 1], w);
                dx.iter_mut().zip(dp.into_iter().chain([da, dt])).for_each(|(a, g)| *a += g);
                y
            },
            |x, v| rotated_fwd(&x[..m], &v[..m], x[m], v[m], x[m + 1], v[m + 1]),
        );
    }
}
