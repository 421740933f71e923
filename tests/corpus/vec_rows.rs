//! Buffers of `Vec` rows: parameters `&[Vec<f64>]`, `&Vec<Vec<f64>>`,
//! `&mut Vec<Vec<f64>>`, `&[Vec<f32>]` and locals `vec![vec![0.0; m]; n]`
//! with a width known at run time, read as `w[i][j]`, `&w[i]`,
//! `w[i].clone()`, `w[i].len()`, iterated with `for row in w`, `iter()`,
//! `iter_mut()`, `enumerate` and rayon's `par_iter`. Each is checked as
//! usual (central differences, forward against reverse) and against the
//! same function written on a flat slice, differentiated by parad: the
//! gradients agree to 1e-12. A ragged buffer, or a shadow of another
//! shape, panics naming it.

use crate::support::{self, assert_all_close, panic_message, TOL};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

/// `n` rows of the flat `x`.
fn rows(x: &[f64], n: usize) -> Vec<Vec<f64>> {
    x.chunks_exact(x.len() / n).map(|c| c.to_vec()).collect()
}

/// A dense layer and a quadratic penalty: a matrix in `Vec` rows, each row
/// reached by `w[i][j]`, `&w[i]`, `w[i].clone()` and `iter().enumerate()`,
/// and a local matrix whose width is the input's length.
#[autodiff(reverse, d_layer, Duplicated, Duplicated, Active)]
#[autodiff(forward, layer_fwd, Dual, Dual, Dual)]
pub fn layer(w: &[Vec<f64>], x: &[f64]) -> f64 {
    let n = x.len();
    let mut outer = vec![vec![0.0; n]; w.len()];
    for i in 0..w.len() {
        for j in 0..w[i].len() {
            outer[i][j] = w[i][j] * x[j];
        }
    }
    let mut s = 0.0;
    for (i, row) in w.iter().enumerate() {
        let z: f64 = outer[i].iter().sum();
        let first = w[i].clone();
        let r = &w[i];
        s += z.tanh() + 0.1 * first[0] * r[row.len() - 1];
    }
    s
}

/// `layer` on a flat slice of `m` rows.
#[autodiff(reverse, d_layer_flat, Duplicated, Const, Duplicated, Active)]
pub fn layer_flat(w: &[f64], m: usize, x: &[f64]) -> f64 {
    let n = x.len();
    let mut outer = vec![0.0; m * n];
    for i in 0..m {
        for j in 0..n {
            outer[i * n + j] = w[i * n + j] * x[j];
        }
    }
    let mut s = 0.0;
    for i in 0..m {
        let z: f64 = outer[i * n..(i + 1) * n].iter().sum();
        s += z.tanh() + 0.1 * w[i * n] * w[i * n + n - 1];
    }
    s
}

/// A least-squares loss over data rows, `Const`: the rows are read, only
/// the coefficients are differentiated.
#[autodiff(reverse, d_fit, Duplicated, Const, Const, Active)]
#[autodiff(forward, fit_fwd, Dual, Const, Const, Dual)]
pub fn fit(theta: &[f64], data: &Vec<Vec<f64>>, y: &[f64]) -> f64 {
    let mut loss = 0.0;
    for (k, row) in data.iter().enumerate() {
        let mut p = 0.0;
        for j in 0..row.len() {
            p += theta[j] * row[j];
        }
        loss += (p.exp() - y[k]).powi(2);
    }
    0.5 * loss
}

/// One smoothing step of a grid kept in rows, in place.
#[autodiff(reverse, d_smooth, Duplicated, Const)]
#[autodiff(forward, smooth_fwd, Dual, Const)]
pub fn smooth(u: &mut Vec<Vec<f64>>, a: f64) {
    for row in u.iter_mut() {
        let n = row.len();
        let first = row[0];
        for j in 0..n - 1 {
            row[j] = (1.0 - a) * row[j] + a * row[j + 1].sin();
        }
        row[n - 1] += a * first;
    }
}

/// `smooth` on a flat slice of rows of `n`.
#[autodiff(reverse, d_smooth_flat, Duplicated, Const, Const)]
pub fn smooth_flat(u: &mut [f64], n: usize, a: f64) {
    for i in 0..u.len() / n {
        let first = u[i * n];
        for j in 0..n - 1 {
            u[i * n + j] = (1.0 - a) * u[i * n + j] + a * u[i * n + j + 1].sin();
        }
        u[i * n + n - 1] += a * first;
    }
}

/// A rayon loop over the rows.
#[autodiff(reverse, d_par_norms, Duplicated, Duplicated, Active)]
#[autodiff(forward, par_norms_fwd, Dual, Dual, Dual)]
pub fn par_norms(w: &[Vec<f64>], x: &[f64]) -> f64 {
    w.par_iter()
        .map(|row| {
            let mut z = 0.0;
            for j in 0..row.len() {
                z += row[j] * x[j];
            }
            (1.0 + z * z).ln()
        })
        .sum()
}

/// `layer` in single precision.
#[autodiff(reverse, d_layer_f32, Duplicated, Duplicated, Active)]
pub fn layer_f32(w: &[Vec<f32>], x: &[f32]) -> f32 {
    let mut s = 0.0;
    for row in w {
        let mut z = 0.0f32;
        for j in 0..row.len() {
            z += row[j] * x[j];
        }
        s += z.tanh();
    }
    s
}

#[test]
fn a_layer_of_vec_rows() {
    let (m, n) = (4, 5);
    let x = random_vec(m * n + n, -1.0, 1.0, 1301);
    let split = |v: &[f64]| (rows(&v[..m * n], m), v[m * n..].to_vec());
    support::scalar(
        &x,
        TOL,
        |v| {
            let (w, x) = split(v);
            layer(&w, &x)
        },
        |v, dv, seed| {
            let (w, x) = split(v);
            let (mut dw, mut dx) = (vec![vec![0.0; n]; m], vec![0.0; n]);
            let value = d_layer(&w, &mut dw, &x, &mut dx, seed);
            let d: Vec<f64> = dw.concat().into_iter().chain(dx).collect();
            dv.iter_mut().zip(d).for_each(|(a, b)| *a += b);
            value
        },
        |v, t| {
            let ((w, x), (tw, tx)) = (split(v), split(t));
            layer_fwd(&w, &tw, &x, &tx)
        },
    );
    // Against the flat twin.
    let (w, xs) = split(&x);
    let (mut dw, mut dx) = (vec![vec![0.0; n]; m], vec![0.0; n]);
    let value = d_layer(&w, &mut dw, &xs, &mut dx, 1.0);
    let (mut dw_flat, mut dx_flat) = (vec![0.0; m * n], vec![0.0; n]);
    let value_flat = d_layer_flat(&x[..m * n], &mut dw_flat, m, &xs, &mut dx_flat, 1.0);
    assert_all_close("value", &[value], &[value_flat], 1e-12);
    assert_all_close("shadow of the rows", &dw.concat(), &dw_flat, 1e-12);
    assert_all_close("shadow of x", &dx, &dx_flat, 1e-12);
}

#[test]
fn constant_data_rows() {
    let data = rows(&random_vec(12, -1.0, 1.0, 1302), 4);
    let y = random_vec(4, 0.5, 1.5, 1303);
    support::scalar(
        &random_vec(3, -0.5, 0.5, 1304),
        TOL,
        |t| fit(t, &data, &y),
        |t, dt, seed| d_fit(t, dt, &data, &y, seed),
        |t, tt| fit_fwd(t, tt, &data, &y),
    );
}

#[test]
fn rows_written_in_place() {
    let (m, n, a) = (3, 4, 0.3);
    let x = random_vec(m * n, -1.0, 1.0, 1305);
    support::map(
        &x,
        m * n,
        TOL,
        1306,
        |x| {
            let mut u = rows(x, m);
            smooth(&mut u, a);
            u.concat()
        },
        |x, dx, w| {
            let (mut u, mut du) = (rows(x, m), rows(w, m));
            d_smooth(&mut u, &mut du, a);
            dx.iter_mut().zip(du.concat()).for_each(|(a, b)| *a += b);
            u.concat()
        },
        |x, t| {
            let (mut u, mut tu) = (rows(x, m), rows(t, m));
            smooth_fwd(&mut u, &mut tu, a);
            (u.concat(), tu.concat())
        },
    );
    // Against the flat twin: the rows written and the shadow handed back.
    let w = random_vec(m * n, -1.0, 1.0, 1307);
    let (mut u, mut du) = (rows(&x, m), rows(&w, m));
    d_smooth(&mut u, &mut du, a);
    let (mut u_flat, mut du_flat) = (x.clone(), w.clone());
    d_smooth_flat(&mut u_flat, &mut du_flat, n, a);
    assert_all_close("rows", &u.concat(), &u_flat, 1e-12);
    assert_all_close("shadow of the rows", &du.concat(), &du_flat, 1e-12);
}

#[test]
fn vec_rows_in_a_rayon_loop() {
    let (m, n) = (40, 6);
    let v = random_vec(m * n + n, -1.0, 1.0, 1308);
    let (w, x) = (rows(&v[..m * n], m), v[m * n..].to_vec());
    let grad = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| {
            let (mut dw, mut dx) = (vec![vec![0.0; n]; m], vec![0.0; n]);
            let value = d_par_norms(&w, &mut dw, &x, &mut dx, 1.0);
            (value.to_bits(), dw, dx)
        })
    };
    let one = grad(1);
    assert_eq!(one, grad(3), "bitwise the same on one thread and three");
    support::scalar(
        &v,
        TOL,
        |v| par_norms(&rows(&v[..m * n], m), &v[m * n..]),
        |v, dv, seed| {
            let (mut dw, mut dx) = (vec![vec![0.0; n]; m], vec![0.0; n]);
            let value = d_par_norms(&rows(&v[..m * n], m), &mut dw, &v[m * n..], &mut dx, seed);
            let d: Vec<f64> = dw.concat().into_iter().chain(dx).collect();
            dv.iter_mut().zip(d).for_each(|(a, b)| *a += b);
            value
        },
        |v, t| par_norms_fwd(&rows(&v[..m * n], m), &rows(&t[..m * n], m), &v[m * n..], &t[m * n..]),
    );
}

#[test]
fn vec_rows_in_single_precision() {
    let (m, n) = (3, 4);
    let v = random_vec(m * n + n, -1.0, 1.0, 1309);
    let rows32 = |v: &[f32]| -> Vec<Vec<f32>> { v[..m * n].chunks_exact(n).map(|c| c.to_vec()).collect() };
    let w = rows32(&support::to_f32(&v));
    let x = support::to_f32(&v[m * n..]);
    let (mut dw, mut dx) = (vec![vec![0.0f32; n]; m], vec![0.0f32; n]);
    let value = d_layer_f32(&w, &mut dw, &x, &mut dx, 1.0);
    // The same in double precision through the f64 twin of the loop.
    let w64: Vec<Vec<f64>> = w.iter().map(|r| support::to_f64(r)).collect();
    let x64 = support::to_f64(&x);
    let h = 1e-6;
    let f64_value = |w: &[Vec<f64>], x: &[f64]| -> f64 {
        w.iter().map(|r| r.iter().zip(x).map(|(a, b)| a * b).sum::<f64>().tanh()).sum()
    };
    assert_all_close("value", &[value as f64], &[f64_value(&w64, &x64)], 1e-5);
    let mut fd = Vec::new();
    for i in 0..m {
        for j in 0..n {
            let (mut hi, mut lo) = (w64.clone(), w64.clone());
            hi[i][j] += h;
            lo[i][j] -= h;
            fd.push((f64_value(&hi, &x64) - f64_value(&lo, &x64)) / (2.0 * h));
        }
    }
    assert_all_close(
        "shadow of the f32 rows against central differences in f64",
        &support::to_f64(&dw.concat()),
        &fd,
        1e-4,
    );
}

#[test]
fn ragged_rows_and_misshapen_shadows_panic_by_name() {
    let ragged = vec![vec![1.0, 2.0, 3.0], vec![4.0, 5.0]];
    let x = vec![0.5; 3];
    let message = panic_message(|| {
        let (mut dw, mut dx) = (vec![vec![0.0; 3], vec![0.0; 2]], vec![0.0; 3]);
        d_layer(&ragged, &mut dw, &x, &mut dx, 1.0);
    });
    assert!(message.contains("row 1 of `w` has length 2, row 0 has 3"), "{message}");
    let w = vec![vec![1.0, 2.0, 3.0]; 2];
    let message = panic_message(|| {
        let (mut dw, mut dx) = (vec![vec![0.0; 3]; 3], vec![0.0; 3]);
        d_layer(&w, &mut dw, &x, &mut dx, 1.0);
    });
    assert!(message.contains("`dw` has 3 rows, its primal 2"), "{message}");
}
