//! Functions returning `Vec<F>`: differentiated themselves (return activity
//! `Duplicated`, `DuplicatedOnly`, `Const` or `Dual`), as methods, in f32,
//! differentiated again (forward over reverse), and called from
//! differentiated code (`let h = dense(w, x)`, `u = step(&u, ..)`,
//! `let y = self.predict(xs)`), ending
//! in a local vector or in an expression making one (`collect()`,
//! `vec![..]`). Each is checked as usual (central differences, forward
//! against reverse) and the network against the same network written with
//! `&mut [F]` outputs, differentiated by parad. Whole local vectors and
//! arrays assigned (`u = v`, `a = b`) are checked here too.

use crate::support::{self, assert_all_close, TOL};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

/// A dense `tanh` layer: `h = tanh(W x)`, `W` row-major with `x.len()`
/// columns; ends in the local it filled.
#[autodiff(reverse, d_dense, Duplicated, Duplicated, Duplicated)]
#[autodiff(forward, dense_fwd, Dual, Dual, Dual)]
pub fn dense(w: &[f64], x: &[f64]) -> Vec<f64> {
    let m = x.len();
    let n = w.len() / m;
    let mut h = vec![0.0; n];
    for i in 0..n {
        let mut z = 0.0;
        for j in 0..m {
            z += w[i * m + j] * x[j];
        }
        h[i] = z.tanh();
    }
    h
}

/// Softmax, max-subtracted; ends in a `collect()`.
#[autodiff]
pub fn softmax(z: &[f64]) -> Vec<f64> {
    let mut top = z[0];
    for &v in z {
        top = top.max(v);
    }
    let e: Vec<f64> = z.iter().map(|v| (v - top).exp()).collect();
    let s: f64 = e.iter().sum();
    e.iter().map(|v| v / s).collect()
}

/// Two layers and a cross-entropy: `Vec` results passed on as `&h`.
#[autodiff(reverse, d_mlp, Duplicated, Duplicated, Const, Const, Active)]
#[autodiff(forward, mlp_fwd, Dual, Dual, Const, Const, Dual)]
pub fn mlp(w1: &[f64], w2: &[f64], x: &[f64], label: usize) -> f64 {
    let h = dense(w1, x);
    let o = dense(w2, &h);
    let p = softmax(&o);
    -p[label].ln()
}

/// `dense` writing into an output.
#[autodiff]
pub fn dense_into(w: &[f64], x: &[f64], h: &mut [f64]) {
    let m = x.len();
    for i in 0..h.len() {
        let mut z = 0.0;
        for j in 0..m {
            z += w[i * m + j] * x[j];
        }
        h[i] = z.tanh();
    }
}

/// `mlp` with outputs in `&mut` buffers.
#[autodiff(reverse, d_mlp_into, Duplicated, Duplicated, Const, Const, Active)]
pub fn mlp_into(w1: &[f64], w2: &[f64], x: &[f64], label: usize) -> f64 {
    let mut h = vec![0.0; w1.len() / x.len()];
    dense_into(w1, x, &mut h);
    let mut o = vec![0.0; w2.len() / h.len()];
    dense_into(w2, &h, &mut o);
    let mut top = o[0];
    for &v in &o {
        top = top.max(v);
    }
    let mut s = 0.0;
    for v in &o {
        s += (v - top).exp();
    }
    -((o[label] - top).exp() / s).ln()
}

/// An explicit step `u + dt * (a * lap(u) - u^3)` returned as a new vector,
/// called in a time loop whose state is overwritten from it.
#[autodiff]
pub fn step(u: &[f64], a: f64, dt: f64) -> Vec<f64> {
    let n = u.len();
    let mut next = u.to_vec();
    for i in 1..n - 1 {
        next[i] += dt * (a * (u[i - 1] - 2.0 * u[i] + u[i + 1]) - u[i] * u[i] * u[i]);
    }
    next
}

#[autodiff(reverse, d_evolve, Duplicated, Active, Active)]
#[autodiff(forward, evolve_fwd, Dual, Dual, Dual)]
pub fn evolve(u0: &[f64], a: f64) -> f64 {
    let mut u = u0.to_vec();
    for _ in 0..20 {
        let next = step(&u, a, 0.05);
        u.copy_from_slice(&next);
    }
    let mut s = 0.0;
    for v in &u {
        s += v * v;
    }
    s
}

/// A batch in a rayon loop, one call per sample; the result dropped by one
/// call (`let _ = ..`) and read only in part by another.
#[autodiff(reverse, d_batch, Duplicated, Const, Active)]
#[autodiff(forward, batch_fwd, Dual, Const, Dual)]
pub fn batch(w: &[f64], xs: &[f64]) -> f64 {
    let m = 3;
    let _ = dense(w, &xs[..m]);
    xs.par_chunks(m)
        .map(|x| {
            let h = dense(w, x);
            h[0] * h[1] + h.iter().sum::<f64>()
        })
        .sum()
}

/// A result made by `vec![..]` and one of length zero.
#[autodiff(reverse, d_pair, Active, Active, Duplicated)]
#[autodiff(forward, pair_fwd, Dual, Dual, Dual)]
pub fn pair(a: f64, b: f64) -> Vec<f64> {
    vec![a * b, a.sin() + b]
}

/// Two layers returned as they come: ending in a call's result.
#[autodiff]
#[allow(clippy::let_and_return)]
pub fn two_layers(w: &[f64], x: &[f64]) -> Vec<f64> {
    let h = dense(w, x);
    let g = dense(w, &h);
    g
}

/// A third layer on a call passed as `&f(..)`, ending in a call.
#[autodiff(reverse, d_three_layers, Duplicated, Const, Duplicated)]
#[autodiff(forward, three_layers_fwd, Dual, Const, Dual)]
pub fn three_layers(w: &[f64], x: &[f64]) -> Vec<f64> {
    dense(w, &two_layers(w, x))
}

/// A recurrence whose adjoint reads the result it returns (the
/// derivative hands back a copy).
#[autodiff(reverse, d_cum, Duplicated, Duplicated)]
#[autodiff(reverse, d_cum_only, Duplicated, DuplicatedOnly)]
#[autodiff(forward, cum_fwd, Dual, Dual)]
pub fn cum(x: &[f64]) -> Vec<f64> {
    let mut h = vec![0.0; x.len()];
    h[0] = x[0];
    for i in 1..x.len() {
        h[i] = h[i - 1] * x[i].sin() + x[i];
    }
    h
}

/// The gradient of `cum` seeded with `w`, differentiated again.
#[autodiff(forward, cum_hvp, Dual, Dual, Const)]
pub fn cum_grad(x: &[f64], dx: &mut [f64], w: &[f64]) {
    d_cum(x, dx, w);
}

/// State replaced whole each step: `u = step(..)`, `u = v` of two `Vec`s,
/// `u = ..collect()`, and an array assigned another (`a = b` copies: `b`
/// is read after).
#[autodiff(reverse, d_replace, Duplicated, Active)]
#[autodiff(forward, replace_fwd, Dual, Dual)]
pub fn replace(x: &[f64]) -> f64 {
    let mut u = x.to_vec();
    for _ in 0..3 {
        u = step(&u, 0.4, 0.1);
        let v: Vec<f64> = u.iter().map(|a| a.sin() + 0.5 * a).collect();
        u = v;
        u = u.iter().map(|a| 1.1 * a).collect();
    }
    let mut a = [u[4], 0.0];
    let first = a[0];
    let b = [u[0] * u[1], u[2].cos()];
    a = b;
    a[0] * b[1] + a[1] * u[3] + first
}

/// Whole locals bound to new names: an array copied (`let c = a`, then
/// `a` written), a `Vec` moved (`let m = u`, then `u` given a new vector).
#[autodiff(reverse, d_rebind, Duplicated, Active)]
#[autodiff(forward, rebind_fwd, Dual, Dual)]
pub fn rebind(x: &[f64]) -> f64 {
    let mut a = [x[0], x[1]];
    let c = a;
    a[0] = 5.0 * x[2];
    let mut u = x.to_vec();
    let m = u;
    u = m.iter().map(|v| v.exp()).collect();
    u[1] *= x[3];
    c[0] * a[0] + c[1] + m[0] * u[0] + u[1]
}

/// A `Vec` the macro does not know for one (a clone of a `&Vec`
/// parameter) given a step's result, and an array given a clone of
/// another: both copied element by element.
#[autodiff(reverse, d_unknown_origin, Duplicated, Active)]
#[autodiff(forward, unknown_origin_fwd, Dual, Dual)]
#[allow(clippy::ptr_arg, clippy::clone_on_copy)]
pub fn unknown_origin(x: &Vec<f64>) -> f64 {
    let mut u = x.clone();
    u = step(&u, 0.4, 0.1);
    let mut a = [x[0], x[1]];
    let first = a[1];
    let b = [x[2], x[3] * x[0]];
    a = b.clone();
    u[1] * a[1] + a[0] * b[1] + first
}

/// A result returned with `Const`: only the `&mut` output carries the
/// derivative.
#[autodiff(reverse, d_halves, Duplicated, Duplicated, Const)]
pub fn halves(x: &[f64], out: &mut [f64]) -> Vec<f64> {
    for i in 0..out.len() {
        out[i] = x[i] * x[i + 1];
    }
    x.iter().map(|v| 0.5 * v).collect()
}

/// A model whose method returns its prediction.
pub struct Poly {
    pub c: Vec<f64>,
}

impl Poly {
    #[autodiff(reverse, d_predict, Duplicated, Const, Duplicated)]
    pub fn predict(&self, xs: &[f64]) -> Vec<f64> {
        let mut y = vec![0.0; xs.len()];
        for (i, &x) in xs.iter().enumerate() {
            let mut p = 0.0;
            for k in (0..self.c.len()).rev() {
                p = p * x + self.c[k];
            }
            y[i] = p;
        }
        y
    }

    /// Squared error of the prediction, a method calling the other.
    #[autodiff(reverse, d_misfit, Duplicated, Const, Const, Active)]
    pub fn misfit(&self, xs: &[f64], ys: &[f64]) -> f64 {
        let y = self.predict(xs);
        let mut e = 0.0;
        for i in 0..ys.len() {
            e += (y[i] - ys[i]).powi(2);
        }
        e
    }
}

/// `misfit` from outside, `model.predict(..)` of a struct parameter.
#[autodiff(reverse, d_misfit_of, Duplicated, Const, Const, Active)]
pub fn misfit_of(model: &Poly, xs: &[f64], ys: &[f64]) -> f64 {
    let y = model.predict(xs);
    y.iter().zip(ys).map(|(a, b)| (a - b) * (a - b)).sum()
}

/// `dense` in single precision.
#[autodiff(reverse, d_dense_f32, Duplicated, Const, Duplicated)]
pub fn dense_f32(w: &[f32], x: &[f32]) -> Vec<f32> {
    let m = x.len();
    (0..w.len() / m)
        .map(|i| {
            let mut z = 0.0f32;
            for j in 0..m {
                z += w[i * m + j] * x[j];
            }
            z.tanh()
        })
        .collect()
}

fn split(v: &[f64], at: usize) -> (&[f64], &[f64]) {
    v.split_at(at)
}

#[test]
fn a_layer_returning_its_activations() {
    let (n, m) = (3, 4);
    let v = random_vec(n * m + m, -1.0, 1.0, 1401);
    support::map(
        &v,
        n,
        TOL,
        1402,
        |v| {
            let (w, x) = split(v, n * m);
            dense(w, x)
        },
        |v, dv, seed| {
            let (w, x) = split(v, n * m);
            let (mut dw, mut dx) = (vec![0.0; n * m], vec![0.0; m]);
            let h = d_dense(w, &mut dw, x, &mut dx, seed);
            dv.iter_mut().zip(dw.iter().chain(&dx)).for_each(|(a, b)| *a += b);
            h
        },
        |v, t| {
            let ((w, x), (tw, tx)) = (split(v, n * m), split(t, n * m));
            dense_fwd(w, tw, x, tx)
        },
    );
}

#[test]
fn a_network_of_vec_returning_layers() {
    let (n_in, n_hid, n_out) = (4, 5, 3);
    let v = random_vec(n_hid * n_in + n_out * n_hid, -1.0, 1.0, 1403);
    let x = random_vec(n_in, -1.0, 1.0, 1404);
    let at = n_hid * n_in;
    support::scalar(
        &v,
        TOL,
        |v| {
            let (w1, w2) = split(v, at);
            mlp(w1, w2, &x, 2)
        },
        |v, dv, seed| {
            let (w1, w2) = split(v, at);
            let (mut d1, mut d2) = (vec![0.0; w1.len()], vec![0.0; w2.len()]);
            let value = d_mlp(w1, &mut d1, w2, &mut d2, &x, 2, seed);
            dv.iter_mut().zip(d1.iter().chain(&d2)).for_each(|(a, b)| *a += b);
            value
        },
        |v, t| {
            let ((w1, w2), (t1, t2)) = (split(v, at), split(t, at));
            mlp_fwd(w1, t1, w2, t2, &x, 2)
        },
    );
    // Against the twin with `&mut` outputs.
    let (w1, w2) = split(&v, at);
    let (mut d1, mut d2) = (vec![0.0; w1.len()], vec![0.0; w2.len()]);
    let value = d_mlp(w1, &mut d1, w2, &mut d2, &x, 2, 1.0);
    let (mut e1, mut e2) = (vec![0.0; w1.len()], vec![0.0; w2.len()]);
    let twin = d_mlp_into(w1, &mut e1, w2, &mut e2, &x, 2, 1.0);
    assert_all_close("value", &[value], &[twin], 1e-12);
    assert_all_close("first layer", &d1, &e1, 1e-12);
    assert_all_close("second layer", &d2, &e2, 1e-12);
}

#[test]
fn a_time_loop_over_returned_states() {
    let u0 = random_vec(8, -0.8, 0.8, 1405);
    let mut v = u0.clone();
    v.push(0.7);
    support::scalar(
        &v,
        TOL,
        |v| evolve(&v[..8], v[8]),
        |v, dv, seed| {
            let mut du = vec![0.0; 8];
            let (value, da) = d_evolve(&v[..8], &mut du, v[8], seed);
            dv[..8].iter_mut().zip(&du).for_each(|(a, b)| *a += b);
            dv[8] += da;
            value
        },
        |v, t| evolve_fwd(&v[..8], &t[..8], v[8], t[8]),
    );
}

#[test]
fn calls_in_a_rayon_loop() {
    let w = random_vec(4 * 3, -1.0, 1.0, 1406);
    let xs = random_vec(3 * 16, -1.0, 1.0, 1407);
    support::scalar(&w, TOL, |w| batch(w, &xs), |w, dw, seed| d_batch(w, dw, &xs, seed), |w, tw| batch_fwd(w, tw, &xs));
}

#[test]
fn a_literal_result_of_scalars() {
    support::map(
        &[0.4, -1.3],
        2,
        TOL,
        1408,
        |v| pair(v[0], v[1]),
        |v, dv, seed| {
            let (value, da, db) = d_pair(v[0], v[1], seed);
            dv[0] += da;
            dv[1] += db;
            value
        },
        |v, t| pair_fwd(v[0], t[0], v[1], t[1]),
    );
}

#[test]
fn a_result_the_adjoint_reads() {
    let x = random_vec(6, -1.0, 1.0, 1409);
    support::map(&x, 6, TOL, 1410, cum, d_cum, cum_fwd);
    // `DuplicatedOnly` returns nothing and computes the same shadow.
    let w = random_vec(6, -1.0, 1.0, 1411);
    let (mut d1, mut d2) = (vec![0.0; 6], vec![0.0; 6]);
    let _ = d_cum(&x, &mut d1, &w);
    let () = d_cum_only(&x, &mut d2, &w);
    assert_all_close("DuplicatedOnly", &d2, &d1, 0.0);
}

#[test]
fn a_result_seeded_with_the_wrong_length_panics() {
    let x = random_vec(4, -1.0, 1.0, 1412);
    let msg = support::panic_message(|| {
        d_cum(&x, &mut [0.0; 4], &[1.0; 3]);
    });
    assert!(msg.contains("must have the length of the resulting vector"), "{msg}");
}

#[test]
fn differentiated_again() {
    // Hessian-vector products of `w . cum(x)`: forward over reverse against
    // central differences of the gradient.
    let x = random_vec(5, -1.0, 1.0, 1413);
    let v = random_vec(5, -1.0, 1.0, 1414);
    let w = random_vec(5, -1.0, 1.0, 1415);
    let (mut g, mut hv) = (vec![0.0; 5], vec![0.0; 5]);
    cum_hvp(&x, &v, &mut g, &mut hv, &w);
    let grad = |x: &[f64]| {
        let mut g = vec![0.0; 5];
        cum_grad(x, &mut g, &w);
        g
    };
    let h = 1e-5;
    let shifted = |s: f64| -> Vec<f64> { x.iter().zip(&v).map(|(a, b)| a + s * b).collect() };
    let (gp, gm) = (grad(&shifted(h)), grad(&shifted(-h)));
    let fd: Vec<f64> = gp.iter().zip(&gm).map(|(a, b)| (a - b) / (2.0 * h)).collect();
    assert_all_close("Hessian-vector product", &hv, &fd, 1e-6);
    assert_all_close("gradient alongside", &g, &grad(&x), 1e-12);
}

#[test]
fn whole_vectors_and_arrays_assigned() {
    let x = random_vec(5, -0.8, 0.8, 1416);
    support::scalar(&x, TOL, replace, d_replace, replace_fwd);
}

#[test]
fn whole_locals_bound_again() {
    let x = random_vec(4, -1.0, 1.0, 1428);
    support::scalar(&x, TOL, rebind, d_rebind, rebind_fwd);
}

#[test]
fn whole_locals_of_unknown_kind_assigned() {
    let x = random_vec(5, -1.0, 1.0, 1432);
    support::scalar(
        &x,
        TOL,
        |x| unknown_origin(&x.to_vec()),
        |x, dx, seed| {
            let mut d = vec![0.0; x.len()];
            let value = d_unknown_origin(&x.to_vec(), &mut d, seed);
            dx.iter_mut().zip(&d).for_each(|(a, b)| *a += b);
            value
        },
        |x, t| unknown_origin_fwd(&x.to_vec(), &t.to_vec()),
    );
}

#[test]
fn a_constant_result_beside_an_output() {
    let x = random_vec(5, -1.0, 1.0, 1417);
    support::map(
        &x,
        4,
        TOL,
        1418,
        |x| {
            let mut out = vec![0.0; 4];
            let half = halves(x, &mut out);
            assert_all_close("the result", &half, &x.iter().map(|v| 0.5 * v).collect::<Vec<_>>(), 0.0);
            out
        },
        |x, dx, w| {
            let (mut out, mut dout) = (vec![0.0; 4], w.to_vec());
            let half = d_halves(x, dx, &mut out, &mut dout);
            assert_eq!(half.len(), 5);
            out
        },
        |x, t| {
            // Forward mode through the reverse one's transpose is not
            // available here: the map's tangent, written out.
            let mut out = vec![0.0; 4];
            halves(x, &mut out);
            let tout = (0..4).map(|i| t[i] * x[i + 1] + x[i] * t[i + 1]).collect();
            (out, tout)
        },
    );
}

#[test]
fn a_method_returning_its_prediction() {
    let xs = random_vec(7, -1.0, 1.0, 1419);
    support::map(
        &random_vec(4, -1.0, 1.0, 1420),
        7,
        TOL,
        1421,
        |c| Poly { c: c.to_vec() }.predict(&xs),
        |c, dc, seed| {
            let model = Poly { c: c.to_vec() };
            let mut dmodel = Poly { c: vec![0.0; c.len()] };
            let y = model.d_predict(&mut dmodel, &xs, seed);
            dc.iter_mut().zip(&dmodel.c).for_each(|(a, b)| *a += b);
            y
        },
        |c, t| {
            // The prediction is linear in the coefficients.
            (Poly { c: c.to_vec() }.predict(&xs), Poly { c: t.to_vec() }.predict(&xs))
        },
    );
}

#[test]
fn single_precision() {
    let (n, m) = (3, 4);
    let w = random_vec(n * m, -1.0, 1.0, 1422);
    let x = random_vec(m, -1.0, 1.0, 1423);
    let (w32, x32) = (support::to_f32(&w), support::to_f32(&x));
    let seed = random_vec(n, -1.0, 1.0, 1424);
    let mut dw = vec![0.0f32; n * m];
    let h = d_dense_f32(&w32, &mut dw, &x32, &support::to_f32(&seed));
    let mut dw64 = vec![0.0; n * m];
    let h64 = d_dense(&w, &mut dw64, &x, &mut vec![0.0; m], &seed);
    assert_all_close("value", &support::to_f64(&h), &h64, 1e-5);
    assert_all_close("gradient", &support::to_f64(&dw), &dw64, 1e-4);
}

#[test]
fn layers_composed_by_calls() {
    let w = random_vec(9, -1.0, 1.0, 1425);
    let x = random_vec(3, -1.0, 1.0, 1426);
    support::map(
        &w,
        3,
        TOL,
        1427,
        |w| three_layers(w, &x),
        |w, dw, seed| d_three_layers(w, dw, &x, seed),
        |w, t| three_layers_fwd(w, t, &x),
    );
}

#[test]
fn methods_calling_a_method_returning_a_vec() {
    let xs = random_vec(6, -1.0, 1.0, 1429);
    let ys = random_vec(6, -1.0, 1.0, 1430);
    let grad = |c: &[f64], dc: &mut [f64], outside: bool| {
        let model = Poly { c: c.to_vec() };
        let mut dmodel = Poly { c: vec![0.0; c.len()] };
        let e = if outside {
            d_misfit_of(&model, &mut dmodel, &xs, &ys, 1.0)
        } else {
            model.d_misfit(&mut dmodel, &xs, &ys, 1.0)
        };
        dc.iter_mut().zip(&dmodel.c).for_each(|(a, b)| *a += b);
        e
    };
    let c = random_vec(3, -1.0, 1.0, 1431);
    parad::check::gradient(|c, dc| grad(c, dc, false), &c, TOL);
    let (mut inside, mut outside) = (vec![0.0; 3], vec![0.0; 3]);
    let e = grad(&c, &mut inside, false);
    assert_all_close("value", &[grad(&c, &mut outside, true)], &[e], 1e-12);
    assert_all_close("method against function", &outside, &inside, 1e-12);
    assert_all_close("value against the primal", &[e], &[Poly { c: c.clone() }.misfit(&xs, &ys)], 1e-12);
}
