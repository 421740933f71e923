//! User structs behind `&T` and `&mut T` with f64, usize and Vec<f64> fields:
//! field reads, field writes (also compound, and of an inactive usize field),
//! a struct of parameters passed by `&` (required), a struct passed on to a
//! helper, and a `&mut` struct passed to a differentiable function in a loop;
//! a `Const` struct whose fields borrow their data (`&'a [f64]`), passed on to
//! a helper, and the panic when a derivative is taken with respect to it.
//!
//! The shadow of a `Duplicated` struct is a `&mut` of the same type: the tests
//! build it as a zeroed copy (same lengths, same usize fields).

use crate::support::{self, cat, TOL};
use parad::autodiff;
use parad::check::random_vec;

/// The parameters of a polynomial model in `scale * x + offset`.
#[derive(Clone, Debug)]
pub struct Params {
    pub scale: f64,
    pub offset: f64,
    pub degree: usize,
    pub weights: Vec<f64>,
}

impl Params {
    /// Unpacks `[scale, offset, weights...]`.
    fn from_flat(x: &[f64]) -> Params {
        Params { scale: x[0], offset: x[1], degree: x.len() - 2, weights: x[2..].to_vec() }
    }

    /// A shadow: the same shape, every float zero.
    fn zeroed(&self) -> Params {
        Params { scale: 0.0, offset: 0.0, degree: self.degree, weights: vec![0.0; self.weights.len()] }
    }

    /// Adds `[scale, offset, weights...]` into `out`.
    fn add_to_flat(&self, out: &mut [f64]) {
        out[0] += self.scale;
        out[1] += self.offset;
        for (o, w) in out[2..].iter_mut().zip(&self.weights) {
            *o += w;
        }
    }
}

/// Mean squared error of the model on data (required: a struct of parameters
/// passed by `&`): reads f64, usize and Vec<f64> fields.
#[autodiff(reverse, d_model_loss, Duplicated, Const, Const, Active)]
#[autodiff(forward, model_loss_fwd, Dual, Const, Const, Dual)]
pub fn model_loss(p: &Params, xs: &[f64], ys: &[f64]) -> f64 {
    let mut loss = 0.0;
    for k in 0..xs.len() {
        let t = p.scale * xs[k] + p.offset;
        let mut pred = 0.0;
        let mut tp = 1.0;
        for j in 0..p.degree {
            pred += p.weights[j] * tp;
            tp *= t;
        }
        loss += (pred - ys[k]).powi(2);
    }
    loss / xs.len() as f64
}

/// The model at one point: a helper taking the struct by `&`.
#[autodiff]
fn predict(p: &Params, x: f64) -> f64 {
    let t = p.scale * x + p.offset;
    let mut pred = 0.0;
    for j in (0..p.degree).rev() {
        pred = pred * t + p.weights[j];
    }
    pred
}

/// The same loss through the helper, differentiated also in the data.
#[autodiff(reverse, d_fit_loss, Duplicated, Duplicated, Const, Active)]
#[autodiff(forward, fit_loss_fwd, Dual, Dual, Const, Dual)]
pub fn fit_loss(p: &Params, xs: &[f64], ys: &[f64]) -> f64 {
    let mut loss = 0.0;
    for k in 0..xs.len() {
        loss += (predict(p, xs[k]) - ys[k]).powi(2);
    }
    loss / xs.len() as f64
}

/// Particles on anharmonic springs.
#[derive(Clone, Debug)]
pub struct Particles {
    pub pos: Vec<f64>,
    pub vel: Vec<f64>,
    pub mass: f64,
    pub steps: usize,
    pub energy: f64,
}

impl Particles {
    /// Unpacks `[pos (n), vel (n), mass, energy]`.
    fn from_flat(x: &[f64], steps: usize) -> Particles {
        let n = (x.len() - 2) / 2;
        Particles { pos: x[..n].to_vec(), vel: x[n..2 * n].to_vec(), mass: x[2 * n], steps, energy: x[2 * n + 1] }
    }

    /// Packs `[pos (n), vel (n), mass, energy]`.
    fn to_flat(&self) -> Vec<f64> {
        cat(&[&self.pos, &self.vel, &[self.mass, self.energy]])
    }
}

/// One symplectic Euler step, in place: `-=` and `+=` on elements of Vec
/// fields, `*=` and `/=` on f64 fields, `+=` on an inactive usize field, and
/// an f64 field overwritten (its initial value is never read).
#[autodiff(reverse, d_advance, Duplicated, Const)]
#[autodiff(forward, advance_fwd, Dual, Const)]
pub fn advance(s: &mut Particles, dt: f64) {
    let n = s.pos.len();
    for i in 0..n {
        s.vel[i] -= dt * (s.pos[i] + 0.1 * s.pos[i].powi(3)) / s.mass;
        s.pos[i] += dt * s.vel[i];
    }
    s.mass *= 1.0 + 0.01 * dt;
    s.steps += 1;
    let mut e = 0.0;
    for i in 0..n {
        e += 0.5 * s.mass * s.vel[i] * s.vel[i];
    }
    s.energy = e;
    s.energy /= n as f64;
}

/// `steps` calls of `advance` on a `&mut` struct, with an Active time step.
#[autodiff(reverse, d_simulate, Duplicated, Active, Const)]
#[autodiff(forward, simulate_fwd, Dual, Dual, Const)]
pub fn simulate(s: &mut Particles, dt: f64, steps: usize) {
    for _ in 0..steps {
        advance(s, dt);
    }
}

/// Checks a loss of a `Params` (packed as `[scale, offset, weights...]`).
fn check_params_loss(
    x: &[f64],
    f: impl Fn(&Params) -> f64,
    d_f: impl Fn(&Params, &mut Params, f64) -> f64,
    f_fwd: impl Fn(&Params, &Params) -> (f64, f64),
) {
    support::scalar(
        x,
        TOL,
        |x| f(&Params::from_flat(x)),
        |x, dx, seed| {
            let p = Params::from_flat(x);
            let mut dp = p.zeroed();
            let v = d_f(&p, &mut dp, seed);
            assert_eq!(dp.degree, p.degree, "the shadow's usize field is left alone");
            dp.add_to_flat(dx);
            v
        },
        |x, t| f_fwd(&Params::from_flat(x), &Params::from_flat(t)),
    );
}

#[test]
fn struct_of_parameters_by_reference() {
    let xs = random_vec(10, -1.0, 1.0, 701);
    let ys = random_vec(10, -1.0, 1.0, 702);
    let x = random_vec(6, -1.0, 1.0, 703);
    check_params_loss(
        &x,
        |p| model_loss(p, &xs, &ys),
        |p, dp, seed| d_model_loss(p, dp, &xs, &ys, seed),
        |p, tp| model_loss_fwd(p, tp, &xs, &ys),
    );
}

#[test]
fn struct_passed_to_helper() {
    let m = 8;
    let ys = random_vec(m, -1.0, 1.0, 704);
    let np = 5;
    let x = cat(&[&random_vec(np, -1.0, 1.0, 705), &random_vec(m, -1.0, 1.0, 706)]);
    support::scalar(
        &x,
        TOL,
        |x| fit_loss(&Params::from_flat(&x[..np]), &x[np..], &ys),
        |x, dx, seed| {
            let p = Params::from_flat(&x[..np]);
            let mut dp = p.zeroed();
            let (dpf, dxs) = dx.split_at_mut(np);
            let v = d_fit_loss(&p, &mut dp, &x[np..], dxs, &ys, seed);
            dp.add_to_flat(dpf);
            v
        },
        |x, t| fit_loss_fwd(&Params::from_flat(&x[..np]), &Params::from_flat(&t[..np]), &x[np..], &t[np..], &ys),
    );
    // Through the helper or inline, the same loss.
    let p = Params::from_flat(&x[..np]);
    crate::support::assert_close(
        "fit_loss vs model_loss",
        fit_loss(&p, &x[np..], &ys),
        model_loss(&p, &x[np..], &ys),
        1e-13,
    );
}

/// Checks `x -> state` for a function mutating a `Particles` in place.
fn check_particles_map(
    x: &[f64],
    wseed: u64,
    f: impl Fn(&mut Particles),
    d_f: impl Fn(&mut Particles, &mut Particles),
    f_fwd: impl Fn(&mut Particles, &mut Particles),
) {
    let steps = 3;
    support::map(
        x,
        x.len(),
        TOL,
        wseed,
        |x| {
            let mut s = Particles::from_flat(x, steps);
            f(&mut s);
            s.to_flat()
        },
        |x, dx, w| {
            // The shadow holds the seed of the final state on entry and the
            // adjoint of the initial state on return.
            let mut s = Particles::from_flat(x, steps);
            let mut ds = Particles::from_flat(w, steps);
            d_f(&mut s, &mut ds);
            for (d, g) in dx.iter_mut().zip(ds.to_flat()) {
                *d += g;
            }
            s.to_flat()
        },
        |x, t| {
            let mut s = Particles::from_flat(x, steps);
            let mut ts = Particles::from_flat(t, steps);
            f_fwd(&mut s, &mut ts);
            (s.to_flat(), ts.to_flat())
        },
    );
}

#[test]
fn mut_struct_field_writes() {
    let n = 4;
    let x = cat(&[&random_vec(2 * n, -1.0, 1.0, 707), &random_vec(1, 0.5, 2.0, 708), &random_vec(1, 0.0, 1.0, 709)]);
    let dt = 0.1;
    check_particles_map(&x, 710, |s| advance(s, dt), |s, ds| d_advance(s, ds, dt), |s, ts| advance_fwd(s, ts, dt));
    let mut s = Particles::from_flat(&x, 3);
    advance(&mut s, dt);
    assert_eq!(s.steps, 4);
    // The energy is overwritten: its initial value has zero adjoint.
    let mut s = Particles::from_flat(&x, 0);
    let mut ds = Particles::from_flat(&random_vec(x.len(), -1.0, 1.0, 711), 0);
    d_advance(&mut s, &mut ds, dt);
    assert_eq!(ds.energy, 0.0);
}

#[test]
fn mut_struct_through_calls_in_a_loop() {
    let n = 3;
    let x = cat(&[
        &random_vec(2 * n, -1.0, 1.0, 712),
        &random_vec(1, 0.5, 2.0, 713),
        &random_vec(1, 0.0, 1.0, 714),
        &random_vec(1, 0.05, 0.2, 715),
    ]);
    let m = x.len() - 1;
    let steps = 5;
    // The map (state, dt) -> state.
    support::map(
        &x,
        m,
        TOL,
        716,
        |x| {
            let mut s = Particles::from_flat(&x[..m], 0);
            simulate(&mut s, x[m], steps);
            assert_eq!(s.steps, steps);
            s.to_flat()
        },
        |x, dx, w| {
            let mut s = Particles::from_flat(&x[..m], 0);
            let mut ds = Particles::from_flat(w, 0);
            let ddt: f64 = d_simulate(&mut s, &mut ds, x[m], steps);
            for (d, g) in dx.iter_mut().zip(ds.to_flat()) {
                *d += g;
            }
            dx[m] += ddt;
            s.to_flat()
        },
        |x, t| {
            let mut s = Particles::from_flat(&x[..m], 0);
            let mut ts = Particles::from_flat(&t[..m], 0);
            simulate_fwd(&mut s, &mut ts, x[m], t[m], steps);
            (s.to_flat(), ts.to_flat())
        },
    );
}

/// A problem that borrows its data, the common way to hand inputs to a
/// loss: only `Const` makes sense for it (its fields have no writable
/// shadow), and its helpers' companions must still compile.
pub struct Problem<'a> {
    pub xs: &'a [f64],
    pub ys: &'a [f64],
    pub lambda: f64,
}

/// The residual of one data point, called with the problem (a companion
/// whose struct parameter borrows its data).
#[autodiff]
fn residual(pr: &Problem, theta: &[f64], i: usize) -> f64 {
    theta[0] * (theta[1] * pr.xs[i]).exp() - pr.ys[i]
}

#[autodiff(reverse, d_borrowed_loss, Const, Duplicated, Active)]
#[autodiff(forward, borrowed_loss_fwd, Const, Dual, Dual)]
pub fn borrowed_loss(pr: &Problem, theta: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..pr.xs.len() {
        s += residual(pr, theta, i).powi(2);
    }
    s + pr.lambda * (theta[0] * theta[0] + theta[1] * theta[1])
}

/// The same loss asked with respect to the problem too.
#[autodiff(reverse, d_borrowed_loss_all, Duplicated, Duplicated, Active)]
pub fn borrowed_loss_all(pr: &Problem, theta: &[f64]) -> f64 {
    borrowed_loss(pr, theta)
}

#[test]
fn struct_borrowing_its_data_const() {
    let (xs, ys) = (random_vec(6, -1.0, 1.0, 1401), random_vec(6, 0.5, 1.5, 1402));
    let pr = Problem { xs: &xs, ys: &ys, lambda: 0.1 };
    support::scalar(
        &random_vec(2, -0.5, 0.5, 1403),
        TOL,
        |t| borrowed_loss(&pr, t),
        |t, dt, seed| d_borrowed_loss(&pr, t, dt, seed),
        |t, tt| borrowed_loss_fwd(&pr, t, tt),
    );
}

#[test]
fn struct_borrowing_its_data_has_no_shadow() {
    let (xs, ys) = (random_vec(6, -1.0, 1.0, 1404), random_vec(6, 0.5, 1.5, 1405));
    let (zx, zy) = (vec![0.0; 6], vec![0.0; 6]);
    let theta = random_vec(2, -0.5, 0.5, 1406);
    let message = support::panic_message(|| {
        let pr = Problem { xs: &xs, ys: &ys, lambda: 0.1 };
        let mut dpr = Problem { xs: &zx, ys: &zy, lambda: 0.0 };
        let mut dtheta = vec![0.0; 2];
        d_borrowed_loss_all(&pr, &mut dpr, &theta, &mut dtheta, 1.0);
    });
    assert!(message.contains("a derivative with respect to a struct whose field borrows its data"), "{message}");
}
