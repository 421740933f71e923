//! Traits: `#[autodiff]` on a trait and on its `impl`s makes `m.loss(x)`
//! differentiable for a concrete `m` and in generic code bounded by the
//! trait (`fn fit<M: Loss>(m: &M, ..)`), serially and in rayon closures,
//! with the model `Const` or `Duplicated` (the derivative with respect to
//! its fields), a provided method calling a required one, a method taking
//! an active number, and `Box<dyn Loss>` still usable. Checked against
//! central differences and the other mode on random inputs.

use crate::support::{self, TOL};
use parad::autodiff;
use parad::check::random_vec;
use rayon::prelude::*;

#[autodiff]
pub trait Loss {
    /// The loss of a prediction `x`.
    fn loss(&self, x: &[f64]) -> f64;

    /// The loss scaled by `k`, through the required method.
    fn scaled(&self, x: &[f64], k: f64) -> f64 {
        k * self.loss(x)
    }
}

/// Mean squared error against a target.
pub struct Mse {
    pub target: Vec<f64>,
}

#[autodiff]
impl Loss for Mse {
    fn loss(&self, x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() {
            let r = x[i] - self.target[i];
            s += r * r;
        }
        s / x.len() as f64
    }
}

/// A smooth absolute error (pseudo-Huber) with its own `scaled`.
pub struct Huber {
    pub delta: f64,
    pub target: Vec<f64>,
}

#[autodiff]
impl Loss for Huber {
    fn loss(&self, x: &[f64]) -> f64 {
        let d2 = self.delta * self.delta;
        x.iter().zip(&self.target).map(|(a, b)| d2 * ((1.0 + (a - b) * (a - b) / d2).sqrt() - 1.0)).sum()
    }

    fn scaled(&self, x: &[f64], k: f64) -> f64 {
        k.exp() * self.loss(x)
    }
}

/// A loss whose target is borrowed: a model with a lifetime.
pub struct Borrowed<'a> {
    pub target: &'a [f64],
}

#[autodiff]
impl<'a> Loss for Borrowed<'a> {
    fn loss(&self, x: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..x.len() {
            s += (x[i] - self.target[i]).powi(4);
        }
        s
    }
}

/// A generic caller: the derivative is generic over `M` the same way.
#[autodiff(reverse, d_fit, Const, Duplicated, Active)]
#[autodiff(forward, fit_fwd, Const, Dual, Dual)]
pub fn fit<M: Loss>(m: &M, x: &[f64]) -> f64 {
    let mut shifted = vec![0.0; x.len()];
    for i in 0..x.len() {
        shifted[i] = x[i].sin() + 0.5 * x[i];
    }
    m.loss(&shifted).sqrt()
}

/// The provided method and an active number through the bound.
#[autodiff(reverse, d_fit_scaled, Const, Duplicated, Active, Active)]
#[autodiff(forward, fit_scaled_fwd, Const, Dual, Dual, Dual)]
pub fn fit_scaled<M: Loss>(m: &M, x: &[f64], k: f64) -> f64 {
    m.scaled(x, k) + k * k
}

/// In rayon: the loss of each half of `x`, the bound `Sync` for the threads.
#[autodiff(reverse, d_halves, Const, Duplicated, Active)]
#[autodiff(forward, halves_fwd, Const, Dual, Dual)]
pub fn halves<M: Loss + Sync>(m: &M, x: &[f64]) -> f64 {
    let n = x.len() / 2;
    x.par_chunks(n).map(|c| m.loss(c)).sum()
}

/// The derivative with respect to the model: `m` `Duplicated`, its shadow
/// a model of the same type.
#[autodiff(reverse, d_model, Duplicated, Const, Active)]
pub fn model_loss<M: Loss>(m: &M, x: &[f64]) -> f64 {
    m.loss(x) * 2.0
}

#[test]
fn generic_code_through_a_marked_trait() {
    let x = random_vec(6, -1.0, 1.0, 3001);
    let mse = Mse { target: random_vec(6, -1.0, 1.0, 3002) };
    let huber = Huber { delta: 0.7, target: random_vec(6, -1.0, 1.0, 3003) };
    support::scalar(&x, TOL, |x| fit(&mse, x), |x, dx, s| d_fit(&mse, x, dx, s), |x, t| fit_fwd(&mse, x, t));
    support::scalar(&x, TOL, |x| fit(&huber, x), |x, dx, s| d_fit(&huber, x, dx, s), |x, t| fit_fwd(&huber, x, t));
    support::scalar(&x, TOL, |x| halves(&mse, x), |x, dx, s| d_halves(&mse, x, dx, s), |x, t| halves_fwd(&mse, x, t));
    // `fit` keeps nothing on a tape, so its derivatives take a model that
    // borrows (no `M: 'static`).
    let target = random_vec(6, -1.0, 1.0, 3016);
    let borrowed = Borrowed { target: &target };
    support::scalar(
        &x,
        TOL,
        |x| fit(&borrowed, x),
        |x, dx, s| d_fit(&borrowed, x, dx, s),
        |x, t| fit_fwd(&borrowed, x, t),
    );
}

#[test]
fn a_provided_method_and_an_active_number() {
    let xk = random_vec(7, -1.0, 1.0, 3004);
    let mse = Mse { target: random_vec(6, -1.0, 1.0, 3005) };
    let huber = Huber { delta: 1.3, target: random_vec(6, -1.0, 1.0, 3006) };
    fn check<M: Loss>(m: &M, xk: &[f64]) {
        support::scalar(
            xk,
            TOL,
            |xk| fit_scaled(m, &xk[..6], xk[6]),
            |xk, dxk, s| {
                let (dx, dk) = dxk.split_at_mut(6);
                let (y, g) = d_fit_scaled(m, &xk[..6], dx, xk[6], s);
                dk[0] += g;
                y
            },
            |xk, t| fit_scaled_fwd(m, &xk[..6], &t[..6], xk[6], t[6]),
        );
    }
    check(&mse, &xk);
    check(&huber, &xk);
}

#[test]
fn the_derivative_with_respect_to_the_model() {
    let x = random_vec(5, -1.0, 1.0, 3007);
    let target = random_vec(5, -1.0, 1.0, 3008);
    parad::check::gradient(
        |t, dt| {
            let mut dm = Mse { target: vec![0.0; t.len()] };
            let y = d_model(&Mse { target: t.to_vec() }, &mut dm, &x, 1.0);
            for (a, b) in dt.iter_mut().zip(&dm.target) {
                *a += b;
            }
            y
        },
        &target,
        TOL,
    );
    // The value the derivative returns is the function's.
    let mut dm = Mse { target: vec![0.0; 5] };
    let m = Mse { target };
    support::assert_close("value", d_model(&m, &mut dm, &x, 1.0), model_loss(&m, &x), 1e-12);
}

/// The companions the trait declares need `Self: Sized`, so the trait
/// stays usable as an object: each model's own `scaled` is dispatched.
#[test]
fn a_marked_trait_is_still_a_trait_object() {
    let x = random_vec(4, -1.0, 1.0, 3009);
    let target = random_vec(4, -1.0, 1.0, 3010);
    let models: Vec<Box<dyn Loss>> =
        vec![Box::new(Mse { target: target.clone() }), Box::new(Huber { delta: 0.5, target: target.clone() })];
    let k: f64 = 0.3;
    let mse = Mse { target: target.clone() };
    let huber = Huber { delta: 0.5, target };
    support::assert_close("mse", models[0].scaled(&x, k), k * mse.loss(&x), 1e-15);
    support::assert_close("huber", models[1].scaled(&x, k), k.exp() * huber.loss(&x), 1e-15);
}

/// A trait the module below does not define: unmarked, as a trait of
/// another crate would be.
pub trait Describe {
    fn weight(&self) -> f64;
}

/// A switching user's module: the trait, its `impl`s and the generic
/// caller marked by the module's attribute alone. The `impl` of a trait
/// defined elsewhere keeps its companions beside it, as before traits
/// could be marked.
#[autodiff]
mod ridge {
    use super::Describe;
    use parad::autodiff;

    pub trait Penalty {
        fn penalty(&self, w: &[f64]) -> f64;
    }

    pub struct L2 {
        pub lambda: f64,
    }

    impl Penalty for L2 {
        fn penalty(&self, w: &[f64]) -> f64 {
            self.lambda * w.iter().map(|v| v * v).sum::<f64>()
        }
    }

    pub struct Smooth1 {
        pub lambda: f64,
        pub eps: f64,
    }

    impl Penalty for Smooth1 {
        fn penalty(&self, w: &[f64]) -> f64 {
            let mut s = 0.0;
            for v in w {
                s += (v * v + self.eps).sqrt();
            }
            self.lambda * s
        }
    }

    impl Describe for L2 {
        fn weight(&self) -> f64 {
            self.lambda * self.lambda
        }
    }

    /// A concrete caller of the unmarked trait's method.
    #[autodiff(reverse, d_weighted, Const, Duplicated, Active)]
    #[autodiff(forward, weighted_fwd, Const, Dual, Dual)]
    pub fn weighted(p: &L2, w: &[f64]) -> f64 {
        p.weight() * w.iter().map(|v| v.sin()).sum::<f64>()
    }

    #[autodiff(reverse, d_objective, Const, Duplicated, Active)]
    #[autodiff(forward, objective_fwd, Const, Dual, Dual)]
    pub fn objective<P: Penalty>(p: &P, w: &[f64]) -> f64 {
        let fit: f64 = w.iter().enumerate().map(|(i, v)| (v - 0.1 * i as f64).powi(2)).sum();
        fit + p.penalty(w)
    }
}

#[test]
fn a_trait_in_a_marked_module() {
    use ridge::*;
    let w = random_vec(6, -1.0, 1.0, 3012);
    let l2 = L2 { lambda: 0.3 };
    let l1 = Smooth1 { lambda: 0.2, eps: 0.01 };
    support::scalar(
        &w,
        TOL,
        |w| objective(&l2, w),
        |w, d, s| d_objective(&l2, w, d, s),
        |w, t| objective_fwd(&l2, w, t),
    );
    support::scalar(
        &w,
        TOL,
        |w| objective(&l1, w),
        |w, d, s| d_objective(&l1, w, d, s),
        |w, t| objective_fwd(&l1, w, t),
    );
    support::scalar(&w, TOL, |w| weighted(&l2, w), |w, d, s| d_weighted(&l2, w, d, s), |w, t| weighted_fwd(&l2, w, t));
}

/// A layer that writes its output and a method taking `&mut self`.
#[autodiff]
pub trait Layer {
    fn apply(&self, x: &[f64], y: &mut [f64]);
    fn decay(&mut self, k: f64);
}

#[derive(Clone)]
pub struct Gain {
    pub w: Vec<f64>,
}

#[autodiff]
impl Layer for Gain {
    fn apply(&self, x: &[f64], y: &mut [f64]) {
        for i in 0..x.len() {
            y[i] = self.w[i] * x[i].tanh();
        }
    }

    fn decay(&mut self, k: f64) {
        for v in self.w.iter_mut() {
            *v *= k;
        }
    }
}

/// The model lent `&mut` to a method taking `&mut self` and then to one
/// taking `&self`; the derivative keeps the model's final state, so `L`
/// is `Clone`.
#[autodiff(reverse, d_step, Duplicated, Duplicated, Active, Active)]
#[autodiff(forward, step_fwd, Dual, Dual, Dual, Dual)]
pub fn step<L: Layer + Clone>(l: &mut L, x: &[f64], k: f64) -> f64 {
    let mut y = vec![0.0; x.len()];
    l.decay(k);
    l.apply(x, &mut y);
    y.iter().map(|v| v * v).sum::<f64>()
}

#[test]
fn a_model_lent_mutably_through_the_bound() {
    let xk = random_vec(5, 0.2, 1.0, 3013);
    let w = random_vec(4, -1.0, 1.0, 3014);
    // Each call starts from the same model: `step` decays it. Its shadow
    // and tangent start at zero: the derivatives with respect to `x` and `k`.
    let fresh = || Gain { w: w.clone() };
    let zero = || Gain { w: vec![0.0; 4] };
    support::scalar(
        &xk,
        TOL,
        |xk| step(&mut fresh(), &xk[..4], xk[4]),
        |xk, dxk, s| {
            let (dx, dk) = dxk.split_at_mut(4);
            let (y, g) = d_step(&mut fresh(), &mut zero(), &xk[..4], dx, xk[4], s);
            dk[0] += g;
            y
        },
        |xk, t| step_fwd(&mut fresh(), &mut zero(), &xk[..4], &t[..4], xk[4], t[4]),
    );
    // The derivative leaves the model as the function does.
    let (mut a, mut b) = (fresh(), fresh());
    step(&mut a, &xk[..4], xk[4]);
    d_step(&mut b, &mut zero(), &xk[..4], &mut [0.0; 4], xk[4], 1.0);
    support::assert_all_close("model after the call", &b.w, &a.w, 1e-15);
}

/// A trait of value types, and generic code over a buffer of them.
#[autodiff]
pub trait Norm {
    fn norm2(self) -> f64;
}

#[autodiff]
#[derive(Clone, Copy, Default, Debug)]
pub struct P2 {
    pub x: f64,
    pub y: f64,
}

#[autodiff]
impl Norm for P2 {
    fn norm2(self) -> f64 {
        self.x * self.x + 3.0 * self.x * self.y + self.y * self.y
    }
}

/// A value type parameter is bounded by `parad::Value + Copy + Default`,
/// as a concrete value type is marked and derives them.
#[autodiff(reverse, d_spread, Duplicated, Active)]
pub fn spread<N: Norm + parad::Value + Copy + Default>(v: &[N]) -> f64 {
    let mut s = 0.0;
    for i in 0..v.len() {
        s += (1.0 + v[i].norm2()).ln();
    }
    s
}

#[test]
fn generic_code_over_values_of_a_marked_trait() {
    let flat = random_vec(8, -1.0, 1.0, 3015);
    let points = |f: &[f64]| f.chunks(2).map(|c| P2 { x: c[0], y: c[1] }).collect::<Vec<_>>();
    parad::check::gradient(
        |f, df| {
            let mut dp = vec![P2::default(); 4];
            let y = d_spread(&points(f), &mut dp, 1.0);
            for (d, p) in df.chunks_mut(2).zip(&dp) {
                d[0] += p.x;
                d[1] += p.y;
            }
            y
        },
        &flat,
        TOL,
    );
    let mut dp = vec![P2::default(); 4];
    support::assert_close("value", d_spread(&points(&flat), &mut dp, 1.0), spread(&points(&flat)), 1e-14);
}

/// A loop calling the model (its reverse closures kept on a tape) and a
/// number written through `&mut f64`: the user's derivative wraps a flat
/// one, and both carry `M: 'static` (rustc's error at the attribute
/// before).
#[autodiff(reverse, d_total_into, Const, Duplicated, Duplicated)]
pub fn total_into<M: Loss>(m: &M, x: &[f64], out: &mut f64) {
    *out = 0.0;
    for c in x.chunks(2) {
        *out += m.loss(c);
    }
}

#[test]
fn a_loop_through_the_bound_writing_a_number() {
    let x = random_vec(6, -1.0, 1.0, 3017);
    let mse = Mse { target: random_vec(2, -1.0, 1.0, 3018) };
    parad::check::gradient(
        |x, dx| {
            let (mut out, mut dout) = (0.0, 1.0);
            d_total_into(&mse, x, dx, &mut out, &mut dout);
            out
        },
        &x,
        TOL,
    );
    let (mut a, mut b, mut db) = (0.0, 0.0, 1.0);
    total_into(&mse, &x, &mut a);
    d_total_into(&mse, &x, &mut [0.0; 6], &mut b, &mut db);
    support::assert_close("value", b, a, 1e-14);
}
