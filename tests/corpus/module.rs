//! `#[autodiff]` on an inline module: every function, `impl` block and
//! value type in it differentiable without marking each, as code written
//! for `std::autodiff` (which differentiates the whole call graph) expects.

use parad::check::random_vec;

#[parad::autodiff]
pub mod model {
    use parad::autodiff;
    use std::ops::Sub;

    #[derive(Clone, Copy, Default, Debug)]
    pub struct V3 {
        pub x: f64,
        pub y: f64,
        pub z: f64,
    }

    #[derive(Clone, Copy, Debug)]
    pub enum Kind {
        Soft,
        Hard,
    }

    impl Sub for V3 {
        type Output = V3;
        fn sub(self, o: V3) -> V3 {
            V3 { x: self.x - o.x, y: self.y - o.y, z: self.z - o.z }
        }
    }

    fn sq(x: f64) -> f64 {
        x * x
    }

    pub fn dist2(a: V3, b: V3) -> f64 {
        let d = a - b;
        let (dx, dy, dz): (f64, f64, f64) = (d.x, d.y, d.z);
        sq(dx) + sq(dy) + sq(dz)
    }

    fn pair(a: V3, b: V3, kind: Kind) -> f64 {
        match kind {
            Kind::Soft => 1.0 / (1.0 + dist2(a, b)),
            Kind::Hard => 1.0 / (0.25 + dist2(a, b).sqrt()),
        }
    }

    /// Never differentiated, and refused by the macro (a tuple of vectors
    /// returned, `unsafe`): left as written.
    pub fn workspace(n: usize) -> (Vec<f64>, Vec<f64>) {
        (vec![0.0; n], vec![1.0; n])
    }

    pub fn first(x: &[f64]) -> f64 {
        let p = x.as_ptr();
        unsafe { *p }
    }

    fn at(x: &[f64], i: usize) -> V3 {
        V3 { x: x[3 * i], y: x[3 * i + 1], z: x[3 * i + 2] }
    }

    #[autodiff(reverse, d_energy, Duplicated, Const, Active)]
    #[autodiff(forward, energy_fwd, Dual, Const, Dual)]
    pub fn energy(x: &[f64], kind: Kind) -> f64 {
        let n = x.len() / 3;
        let mut e = 0.0;
        for i in 0..n {
            for j in 0..i {
                // The module knows its functions' result types: no
                // annotation needed (`at` returns a `V3`, `dist2` an `f64`).
                let a = at(x, i);
                let b = at(x, j);
                let r = dist2(a, b);
                e += pair(a, b, kind) + 0.01 * sq(r);
            }
        }
        e
    }
}

#[test]
fn a_module_differentiates_every_function_in_it() {
    use model::Kind;
    for (seed, n, kind) in [(0, 2, Kind::Soft), (1, 5, Kind::Hard), (2, 9, Kind::Soft)] {
        let x = random_vec(3 * n, -2.0, 2.0, 400 + seed);
        assert_eq!(model::first(&x), x[0]);
        assert_eq!(model::workspace(n).1.len(), n);
        crate::support::scalar(
            &x,
            crate::support::TOL,
            |x| model::energy(x, kind),
            |x, dx, w| model::d_energy(x, dx, kind, w),
            |x, v| model::energy_fwd(x, v, kind),
        );
    }
}

/// Defined outside the module, as ADBench's GMM defines its `Wishart`:
/// the macro cannot see its fields.
#[derive(Clone, Copy, Default)]
pub struct Prior {
    pub gamma: f64,
    pub m: i32,
}

#[parad::autodiff]
pub mod prior {
    use super::Prior;

    /// Refused by the macro (`unsafe`), and only called under `no_grad`:
    /// left as written, its errors not shown.
    fn opaque(x: f64) -> f64 {
        let p = &x as *const f64;
        unsafe { *p }.ln()
    }

    /// `p.m` is only cast: taken for integer data, which rustc checks
    /// (`ui-tests/field_cast_of_unknown_type.rs`).
    fn log_prior(p: Prior, q: &[f64]) -> f64 {
        let n = q.len() + p.m as usize + 1;
        let c = n as f64 * p.gamma.ln()
            - (1..=p.m as usize).map(|j| parad::no_grad(opaque(0.5 * j as f64 + 1.0))).sum::<f64>();
        q.iter().map(|v| 0.5 * p.gamma * p.gamma * v * v - (p.m as f64) * v).sum::<f64>() - c
    }

    #[parad::autodiff(reverse, d_objective, Duplicated, Active, Const, Active)]
    #[parad::autodiff(forward, objective_fwd, Dual, Dual, Const, Dual)]
    pub fn objective(q: &[f64], gamma: f64, m: i32) -> f64 {
        let p = Prior { gamma, m };
        log_prior(p, q)
    }
}

#[test]
fn a_field_of_a_struct_the_module_cannot_see_only_cast_is_data() {
    for (seed, n, m) in [(0, 3, 1), (1, 6, 4)] {
        let mut x = random_vec(n + 1, -1.0, 1.0, 410 + seed);
        x[n] = 0.5 + x[n].abs();
        crate::support::slice_and_scalar(
            &x,
            |q, gamma| prior::objective(q, gamma, m),
            |q, dq, gamma, w| prior::d_objective(q, dq, gamma, m, w),
            |q, tq, gamma, tgamma| prior::objective_fwd(q, tq, gamma, tgamma, m),
        );
    }
}

/// A module with a function that changes a vector's length, a driver
/// calling it that nothing differentiates, and a loss beside them.
#[parad::autodiff]
pub mod growing {
    pub fn positives(x: &[f64], out: &mut Vec<f64>) {
        out.clear();
        for v in x {
            if *v > 0.0 {
                out.push(v * v);
            }
        }
    }

    /// Calls `positives`: not differentiable yet, left as written.
    pub fn count_positive(x: &[f64]) -> usize {
        let mut kept = Vec::new();
        positives(x, &mut kept);
        kept.len()
    }

    #[parad::autodiff(reverse, d_energy, Duplicated, Active)]
    #[parad::autodiff(forward, energy_fwd, Dual, Dual)]
    pub fn energy(x: &[f64]) -> f64 {
        x.iter().map(|v| v.sin() * v).sum()
    }
}

#[test]
fn a_module_keeps_callers_of_growing_functions_as_written() {
    let x = random_vec(7, -1.0, 1.0, 420);
    assert_eq!(growing::count_positive(&x), x.iter().filter(|v| **v > 0.0).count());
    crate::support::slice_fn(&x, growing::energy, growing::d_energy, growing::energy_fwd);
}

/// Functions calling each other: in a module the attribute sees the cycle,
/// and their companions keep each call's adjoint boxed (a function marked
/// alone cannot see it; see `docs/calls.md`, "Recursion").
#[parad::autodiff]
pub mod parity {
    use parad::autodiff;

    pub fn even_part(x: &[f64], k: usize) -> f64 {
        if k == 0 {
            return x[0];
        }
        x[k] * odd_part(x, k - 1)
    }

    pub fn odd_part(x: &[f64], k: usize) -> f64 {
        if k == 0 {
            return x[0].sin();
        }
        (x[k] * 0.5).cos() + even_part(x, k - 1) * third(x, k - 1)
    }

    /// A third member of the cycle, through a loop.
    pub fn third(x: &[f64], k: usize) -> f64 {
        let mut s = 0.0;
        for j in 0..k.min(2) {
            s += 0.5 * even_part(x, j) + x[j];
        }
        s.tanh()
    }

    #[autodiff(reverse, d_top, Duplicated, Active)]
    #[autodiff(forward, top_fwd, Dual, Dual)]
    pub fn top(x: &[f64]) -> f64 {
        even_part(x, x.len() - 1)
    }
}

#[test]
fn functions_calling_each_other_in_a_module() {
    for (seed, n) in [(0, 1), (1, 4), (2, 7)] {
        let x = random_vec(n, -1.0, 1.0, 430 + seed);
        crate::support::scalar(&x, crate::support::TOL, parity::top, parity::d_top, parity::top_fwd);
    }
}
