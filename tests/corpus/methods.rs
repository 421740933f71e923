//! Methods: `#[autodiff]` on functions with `&self` and `&mut self`
//! receivers in an `impl` block. The receiver takes the first activity (as
//! in `std::autodiff`), and the derivative is a method too
//! (`spring.d_energy(x, seed)`). Methods call each other as `self.f(..)` and
//! `Self::f(self, ..)`, a free function calls a method of its struct
//! parameter, a method holds a checkpointed loop, a method calls itself, and each derivative is checked against a free function
//! written the same way and differentiated by parad. Methods of `impl<'a>
//! Fit<'a>` and `impl<const N: usize> Horner<N>`, whose parameters the
//! macro cannot see, against central differences.

use crate::support::{self, cat, TOL};
use parad::autodiff;
use parad::check::random_vec;

/// A spring with a fixed stiffness: the receiver is `Const`.
pub struct Spring {
    pub k: f64,
    pub rest: f64,
}

impl Spring {
    #[autodiff(reverse, d_energy, Const, Active, Active)]
    #[autodiff(forward, energy_fwd, Const, Dual, Dual)]
    pub fn energy(&self, x: f64) -> f64 {
        let stretch = x - self.rest;
        0.5 * self.k * stretch * stretch + 0.1 * stretch.powi(4)
    }
}

/// A polynomial model whose parameters are the fields.
#[derive(Clone, Debug)]
pub struct Poly {
    pub scale: f64,
    pub coef: Vec<f64>,
}

impl Poly {
    fn from_flat(x: &[f64]) -> Poly {
        Poly { scale: x[0], coef: x[1..].to_vec() }
    }

    fn zeroed(&self) -> Poly {
        Poly { scale: 0.0, coef: vec![0.0; self.coef.len()] }
    }

    fn add_to_flat(&self, out: &mut [f64]) {
        out[0] += self.scale;
        for (o, c) in out[1..].iter_mut().zip(&self.coef) {
            *o += c;
        }
    }

    /// Horner's rule at `scale * x`, called by the losses below.
    #[autodiff]
    fn predict(&self, x: f64) -> f64 {
        let t = self.scale * x;
        let mut p = 0.0;
        for j in (0..self.coef.len()).rev() {
            p = p * t + self.coef[j];
        }
        p
    }

    /// Squared error through `self.predict(..)`, differentiated in the
    /// parameters (the receiver is `Duplicated`) and in the data.
    #[autodiff(reverse, d_loss, Duplicated, Duplicated, Const, Active)]
    #[autodiff(forward, loss_fwd, Dual, Dual, Const, Dual)]
    pub fn loss(&self, xs: &[f64], ys: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..xs.len() {
            let r = self.predict(xs[i]) - ys[i];
            s += r * r;
        }
        s / xs.len() as f64
    }

    /// The same loss calling the helper as `Self::predict(self, ..)`, with
    /// a local named `this` (the name the pipeline gives the receiver
    /// otherwise).
    #[autodiff(reverse, d_loss_ufcs, Duplicated, Const, Const, Active)]
    pub fn loss_ufcs(&self, xs: &[f64], ys: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..xs.len() {
            let this = Self::predict(self, xs[i]) - ys[i];
            s += this * this;
        }
        s / xs.len() as f64
    }
}

/// The loss of `Poly::loss` as a free function, for comparison.
#[autodiff(reverse, d_free_loss, Duplicated, Const, Const, Active)]
fn free_loss(p: &Poly, xs: &[f64], ys: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..xs.len() {
        let t = p.scale * xs[i];
        let mut q = 0.0;
        for j in (0..p.coef.len()).rev() {
            q = q * t + p.coef[j];
        }
        let r = q - ys[i];
        s += r * r;
    }
    s / xs.len() as f64
}

/// A free function calling a method of its struct parameter.
#[autodiff(reverse, d_penalised, Duplicated, Const, Const, Active, Active)]
fn penalised(p: &Poly, xs: &[f64], ys: &[f64], lambda: f64) -> f64 {
    let mut reg = 0.0;
    for j in 0..p.coef.len() {
        reg += p.coef[j] * p.coef[j];
    }
    p.loss(xs, ys) + lambda * reg
}

/// Masses on springs, advanced in place by `&mut self` methods.
#[derive(Clone, Debug)]
pub struct Chain {
    pub pos: Vec<f64>,
    pub vel: Vec<f64>,
    pub stiffness: f64,
}

impl Chain {
    fn from_flat(x: &[f64]) -> Chain {
        let n = (x.len() - 1) / 2;
        Chain { pos: x[..n].to_vec(), vel: x[n..2 * n].to_vec(), stiffness: x[2 * n] }
    }

    fn to_flat(&self) -> Vec<f64> {
        cat(&[&self.pos, &self.vel, &[self.stiffness]])
    }

    /// One symplectic Euler step with fixed ends.
    #[autodiff]
    fn advance(&mut self, dt: f64) {
        let n = self.pos.len();
        for i in 1..n - 1 {
            let f = self.stiffness * (self.pos[i - 1] - 2.0 * self.pos[i] + self.pos[i + 1]);
            self.vel[i] += dt * (f - 0.2 * self.pos[i].powi(3));
        }
        for i in 0..n {
            self.pos[i] += dt * self.vel[i];
        }
    }

    /// `steps` steps through `self.advance(dt)`, with an `Active` time step.
    #[autodiff(reverse, d_simulate, Duplicated, Active, Const)]
    #[autodiff(forward, simulate_fwd, Dual, Dual, Const)]
    pub fn simulate(&mut self, dt: f64, steps: usize) {
        for _ in 0..steps {
            self.advance(dt);
        }
    }
}

/// A method calling itself (`self.tail(x, k - 1)`, which is
/// `Self::tail(self, ..)` to the macro): its companion keeps each call's
/// adjoint, boxed, since a method is not run again in the adjoint.
impl Spring {
    #[autodiff(reverse, d_tail, Const, Duplicated, Const, Active)]
    #[autodiff(forward, tail_fwd, Const, Dual, Const, Dual)]
    pub fn tail(&self, x: &[f64], k: usize) -> f64 {
        if k == 0 {
            return self.k * x[0];
        }
        (x[k] - self.rest).sin() + 0.5 * self.tail(x, k - 1) * x[k]
    }
}

#[test]
fn recursive_method() {
    let spring = Spring { k: 1.5, rest: 0.2 };
    let x = random_vec(6, -1.0, 1.0, 911);
    support::scalar(
        &x,
        TOL,
        |x| spring.tail(x, x.len() - 1),
        |x, dx, seed| spring.d_tail(x, dx, x.len() - 1, seed),
        |x, t| spring.tail_fwd(x, t, x.len() - 1),
    );
}

#[test]
fn const_receiver_scalar_method() {
    let spring = Spring { k: 3.0, rest: 0.4 };
    for &x in &random_vec(5, -1.0, 2.0, 901) {
        support::scalar(
            &[x],
            TOL,
            |x| spring.energy(x[0]),
            |x, dx, seed| {
                let (v, d) = spring.d_energy(x[0], seed);
                dx[0] += d;
                v
            },
            |x, t| spring.energy_fwd(x[0], t[0]),
        );
    }
}

#[test]
fn duplicated_receiver_calls_its_own_method() {
    let m = 9;
    let xs = random_vec(m, -1.0, 1.0, 902);
    let ys = random_vec(m, -1.0, 1.0, 903);
    let np = 5;
    let x = cat(&[&random_vec(np, -1.0, 1.0, 904), &xs]);
    support::scalar(
        &x,
        TOL,
        |x| Poly::from_flat(&x[..np]).loss(&x[np..], &ys),
        |x, dx, seed| {
            let p = Poly::from_flat(&x[..np]);
            let mut dp = p.zeroed();
            let (dpf, dxs) = dx.split_at_mut(np);
            let v = p.d_loss(&mut dp, &x[np..], dxs, &ys, seed);
            dp.add_to_flat(dpf);
            v
        },
        |x, t| Poly::from_flat(&x[..np]).loss_fwd(&Poly::from_flat(&t[..np]), &x[np..], &t[np..], &ys),
    );
}

#[test]
fn method_gradients_equal_the_free_function() {
    let m = 12;
    let xs = random_vec(m, -1.0, 1.0, 905);
    let ys = random_vec(m, -1.0, 1.0, 906);
    let p = Poly::from_flat(&random_vec(6, -1.0, 1.0, 907));
    let seed = 0.7;
    let mut want = p.zeroed();
    let v_free = d_free_loss(&p, &mut want, &xs, &ys, seed);
    let mut dxs = vec![0.0; m];
    let mut got = p.zeroed();
    let v = p.d_loss(&mut got, &xs, &mut dxs, &ys, seed);
    let mut got_ufcs = p.zeroed();
    let v_ufcs = p.d_loss_ufcs(&mut got_ufcs, &xs, &ys, seed);
    for (what, g, v) in [("self.predict", &got, v), ("Self::predict", &got_ufcs, v_ufcs)] {
        support::assert_close(what, v, v_free, 1e-13);
        support::assert_close(what, g.scale, want.scale, 1e-12);
        support::assert_all_close(what, &g.coef, &want.coef, 1e-12);
    }
}

#[test]
fn free_function_calls_a_method_of_its_parameter() {
    let m = 7;
    let xs = random_vec(m, -1.0, 1.0, 908);
    let ys = random_vec(m, -1.0, 1.0, 909);
    let np = 4;
    let x = cat(&[&random_vec(np, -1.0, 1.0, 910), &[0.3]]);
    let rev = |x: &[f64], dx: &mut [f64]| {
        let p = Poly::from_flat(&x[..np]);
        let mut dp = p.zeroed();
        let (v, dlambda) = d_penalised(&p, &mut dp, &xs, &ys, x[np], 1.0);
        dp.add_to_flat(&mut dx[..np]);
        dx[np] += dlambda;
        v
    };
    let want = penalised(&Poly::from_flat(&x[..np]), &xs, &ys, x[np]);
    support::assert_close("value of d_penalised", rev(&x, &mut vec![0.0; np + 1]), want, 1e-14);
    parad::check::gradient(rev, &x, TOL);
}

#[test]
fn mut_receiver_advanced_through_self_calls() {
    let n = 6;
    let x = cat(&[&random_vec(2 * n, -1.0, 1.0, 911), &[1.3]]);
    let steps = 4;
    let dt = 0.05;
    // x = [pos, vel, stiffness, dt]: the time step is Active.
    let x = cat(&[&x, &[dt]]);
    let k = x.len() - 1;
    support::map(
        &x,
        k,
        TOL,
        912,
        |x| {
            let mut c = Chain::from_flat(&x[..k]);
            c.simulate(x[k], steps);
            c.to_flat()
        },
        |x, dx, w| {
            let mut c = Chain::from_flat(&x[..k]);
            let mut dc = Chain::from_flat(w);
            let ddt = c.d_simulate(&mut dc, x[k], steps);
            for (d, g) in dx.iter_mut().zip(dc.to_flat()) {
                *d += g;
            }
            dx[k] += ddt;
            c.to_flat()
        },
        |x, t| {
            let mut c = Chain::from_flat(&x[..k]);
            let mut tc = Chain::from_flat(&t[..k]);
            c.simulate_fwd(&mut tc, x[k], t[k], steps);
            (c.to_flat(), tc.to_flat())
        },
    );
}

/// A reaction rate and its time loop, checkpointed inside a method: the
/// state is a local vector, the receiver is read in every step.
pub struct Decay {
    pub rate: f64,
}

impl Decay {
    #[autodiff(reverse, d_run, Duplicated, Duplicated, Const, Active)]
    #[autodiff(forward, run_fwd, Dual, Dual, Const, Dual)]
    pub fn run(&self, u0: &[f64], steps: usize) -> f64 {
        let mut u = u0.to_vec();
        #[checkpoint(binomial(snapshots = 3))]
        for _ in 0..steps {
            for i in 0..u.len() {
                u[i] -= 0.05 * self.rate * u[i].powi(3);
            }
        }
        u.iter().map(|v| v * v).sum()
    }
}

#[test]
fn checkpointed_loop_in_a_method() {
    let n = 5;
    let steps = 11;
    // Packed `(u0, rate)`.
    let x = cat(&[&random_vec(n, -1.0, 1.0, 913), &[0.8]]);
    support::scalar(
        &x,
        TOL,
        |x| Decay { rate: x[n] }.run(&x[..n], steps),
        |x, dx, seed| {
            let mut dd = Decay { rate: 0.0 };
            let v = Decay { rate: x[n] }.d_run(&mut dd, &x[..n], &mut dx[..n], steps, seed);
            dx[n] += dd.rate;
            v
        },
        |x, t| Decay { rate: x[n] }.run_fwd(&Decay { rate: t[n] }, &x[..n], &t[..n], steps),
    );
}

/// Data borrowed by the receiver: a method of `impl<'a> Fit<'a>`, whose
/// lifetime the macro cannot see.
pub struct Fit<'a> {
    pub xs: &'a [f64],
    pub ys: &'a [f64],
}

impl<'a> Fit<'a> {
    #[autodiff(reverse, d_loss, Const, Duplicated, Active)]
    #[autodiff(forward, loss_fwd, Const, Dual, Dual)]
    pub fn loss(&self, theta: &[f64]) -> f64 {
        let mut s = 0.0;
        for i in 0..self.xs.len() {
            let r = theta[0] * (theta[1] * self.xs[i]).sin() - self.ys[i];
            s += r * r;
        }
        s
    }
}

/// A polynomial of a const degree: a method of `impl<const N: usize>`,
/// its receiver `Duplicated`.
pub struct Horner<const N: usize> {
    pub c: [f64; N],
}

impl<const N: usize> Horner<N> {
    #[autodiff(reverse, d_eval, Duplicated, Active, Active)]
    pub fn eval(&self, x: f64) -> f64 {
        let mut s = 0.0;
        for k in (0..N).rev() {
            s = s * x + self.c[k];
        }
        s
    }
}

#[test]
fn methods_of_generic_impls() {
    let (xs, ys) = (random_vec(6, -1.0, 1.0, 1501), random_vec(6, -1.0, 1.0, 1502));
    let fit = Fit { xs: &xs, ys: &ys };
    support::scalar(
        &random_vec(2, -1.0, 1.0, 1503),
        TOL,
        |t| fit.loss(t),
        |t, dt, seed| fit.d_loss(t, dt, seed),
        |t, tt| fit.loss_fwd(t, tt),
    );
    // The coefficients and the point together, against central differences.
    parad::check::gradient(
        |v, dv| {
            let p = Horner::<4> { c: [v[0], v[1], v[2], v[3]] };
            let mut dp = Horner::<4> { c: [0.0; 4] };
            let (value, dx) = p.d_eval(&mut dp, v[4], 1.0);
            dv[..4].iter_mut().zip(dp.c).for_each(|(a, b)| *a += b);
            dv[4] += dx;
            value
        },
        &random_vec(5, -1.0, 1.0, 1504),
        TOL,
    );
}

/// A chain of springs whose energy a method writes into `e: &mut f64` and
/// whose stiffness scale it reads from `k: &f64`.
pub struct Bonds {
    pub rest: f64,
}

impl Bonds {
    #[autodiff(reverse, d_energy_into, Const, Duplicated, Duplicated, Duplicated)]
    #[autodiff(forward, energy_into_fwd, Const, Dual, Dual, Dual)]
    pub fn energy_into(&self, x: &[f64], k: &f64, e: &mut f64) {
        *e = 0.0;
        for i in 1..x.len() {
            let d = x[i] - x[i - 1] - self.rest;
            *e += 0.5 * *k * d * d;
        }
    }

    /// Its own method, numbers lent to it: a local, and a parameter taken
    /// by value.
    #[autodiff(reverse, d_stretched, Const, Duplicated, Active, Active)]
    #[autodiff(forward, stretched_fwd, Const, Dual, Dual, Dual)]
    pub fn stretched(&self, x: &[f64], k: f64) -> f64 {
        let mut e = 0.0;
        self.energy_into(x, &k, &mut e);
        (1.0 + e).ln() * k
    }
}

/// A free function lending a number to a method of its parameter.
#[autodiff(reverse, d_bonds_energy, Const, Duplicated, Active)]
#[autodiff(forward, bonds_energy_fwd, Const, Dual, Dual)]
pub fn bonds_energy(c: &Bonds, x: &[f64]) -> f64 {
    let k = 2.5;
    let mut e = 0.0;
    c.energy_into(x, &k, &mut e);
    e.sqrt()
}

#[test]
fn methods_with_references_to_one_number() {
    let c = Bonds { rest: 0.1 };
    let xk = random_vec(6, -1.0, 1.0, 5101);
    let n = 5;
    // `energy_into`: x and k in, e out (its seed 1, its initial value unread).
    support::scalar(
        &xk,
        TOL,
        |xk| {
            let mut e = 0.0;
            c.energy_into(&xk[..n], &xk[n], &mut e);
            e
        },
        |xk, dxk, s| {
            let (mut e, mut de) = (0.0, s);
            let (dx, dk) = dxk.split_at_mut(n);
            c.d_energy_into(&xk[..n], dx, &xk[n], &mut dk[0], &mut e, &mut de);
            assert_eq!(de, 0.0, "the initial value of e is overwritten: its adjoint is zero");
            e
        },
        |xk, t| {
            let (mut e, mut te) = (0.0, 0.0);
            c.energy_into_fwd(&xk[..n], &t[..n], &xk[n], &t[n], &mut e, &mut te);
            (e, te)
        },
    );
    support::scalar(
        &xk,
        TOL,
        |xk| c.stretched(&xk[..n], xk[n]),
        |xk, dxk, s| {
            let (dx, dk) = dxk.split_at_mut(n);
            let (y, g) = c.d_stretched(&xk[..n], dx, xk[n], s);
            dk[0] += g;
            y
        },
        |xk, t| c.stretched_fwd(&xk[..n], &t[..n], xk[n], t[n]),
    );
    let x = &xk[..n];
    support::scalar(
        x,
        TOL,
        |x| bonds_energy(&c, x),
        |x, dx, s| d_bonds_energy(&c, x, dx, s),
        |x, t| bonds_energy_fwd(&c, x, t),
    );
}
