//! `#[checkpoint]` on time loops (DESIGN section 8): the gradient through
//! a checkpointing driver equals the gradient through a full tape, to
//! 1e-12 relative, for every scheme and storage, and both agree with
//! central differences and with forward mode. Each problem is written once
//! (a `macro_rules!`) and stamped out with and without the attribute.

// The problems are index loops, as numerical code is; the drivers take
// closures of several slices.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use parad::autodiff;
use parad::check::{self, random_vec};
use rayon::prelude::*;

/// `|a - b| <= 1e-12 * max(|b|, 1e-300)` for every entry.
#[track_caller]
fn assert_same(what: &str, got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len(), "{what}: lengths");
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        assert!((g - w).abs() <= 1e-12 * w.abs().max(1e-300), "{what}[{i}]: {g:e} vs {w:e} (full tape)");
    }
}

fn files_in(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |d| d.count())
}

// ---------------------------------------------------------------------------
// 1D heat equation: fixed ends, a nonlinear source, a forcing that depends on
// the step's time (the loop counter), two buffers swapped every step.
// ---------------------------------------------------------------------------

macro_rules! heat1d {
    ($f:ident, $d:ident, $t:ident, [$($ck:tt)*]) => {
        #[autodiff(reverse, $d, Duplicated, Active, Const, Active)]
        #[autodiff(forward, $t, Dual, Dual, Const, Dual)]
        fn $f(u0: &[f64], alpha: f64, steps: usize) -> f64 {
            let n = u0.len();
            let mut u = u0.to_vec();
            let mut next = vec![0.0; n];
            next[0] = u[0];
            next[n - 1] = u[n - 1];
            $($ck)*
            for t in 0..steps {
                let time = t as f64 * 0.05;
                for i in 1..n - 1 {
                    next[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1]) + 0.02 * (u[i] + time).sin();
                }
                std::mem::swap(&mut u, &mut next);
            }
            let mut e = 0.0;
            for i in 0..n {
                e += u[i] * u[i];
            }
            e
        }
    };
}

heat1d!(heat_full, d_heat_full, t_heat_full, []);
heat1d!(heat_bin1, d_heat_bin1, t_heat_bin1, [#[checkpoint(binomial(snapshots = 1))]]);
heat1d!(heat_bin3, d_heat_bin3, t_heat_bin3, [#[checkpoint(binomial(snapshots = 3))]]);
heat1d!(heat_bin50, d_heat_bin50, t_heat_bin50, [#[checkpoint(binomial(snapshots = 50))]]);
heat1d!(heat_per1, d_heat_per1, t_heat_per1, [#[checkpoint(periodic(every = 1))]]);
heat1d!(heat_per4, d_heat_per4, t_heat_per4, [#[checkpoint(periodic(every = 4))]]);
heat1d!(heat_bin3_disk, d_heat_bin3_disk, t_heat_bin3_disk,
    [#[checkpoint(binomial(snapshots = 3), storage = disk(concat!(env!("CARGO_TARGET_TMPDIR"), "/ck-heat-bin")))]]);
heat1d!(heat_per4_disk, d_heat_per4_disk, t_heat_per4_disk,
    [#[checkpoint(periodic(every = 4), storage = disk(concat!(env!("CARGO_TARGET_TMPDIR"), "/ck-heat-per")))]]);

type Heat = fn(&[f64], &mut [f64], f64, usize, f64) -> (f64, f64);

#[test]
fn heat_every_scheme_and_storage_matches_the_full_tape() {
    let variants: [(&str, Heat); 7] = [
        ("binomial(1)", d_heat_bin1),
        ("binomial(3)", d_heat_bin3),
        ("binomial(50)", d_heat_bin50),
        ("periodic(1)", d_heat_per1),
        ("periodic(4)", d_heat_per4),
        ("binomial(3) on disk", d_heat_bin3_disk),
        ("periodic(4) on disk", d_heat_per4_disk),
    ];
    for steps in [0, 1, 2, 17, 40] {
        let u0 = random_vec(24, -1.0, 1.0, 7 + steps as u64);
        let mut want = vec![0.0; 24];
        let (y, dalpha) = d_heat_full(&u0, &mut want, 0.2, steps, 1.3);
        for (name, d) in variants {
            let mut got = vec![0.0; 24];
            let (gy, gdalpha) = d(&u0, &mut got, 0.2, steps, 1.3);
            let what = format!("{name}, {steps} steps");
            assert_eq!(gy, y, "{what}: value");
            assert_same(&what, &got, &want);
            assert_same(&format!("{what}: d alpha"), &[gdalpha], &[dalpha]);
        }
    }
    for dir in ["ck-heat-bin", "ck-heat-per"] {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(dir);
        assert_eq!(files_in(&dir), 0, "{}: snapshot files left behind", dir.display());
    }
}

/// Against central differences and forward mode, on random points: the
/// checkpointed derivative is a derivative, not only the same numbers.
#[test]
fn heat_checkpointed_against_differences_and_forward_mode() {
    for seed in 0..3 {
        let mut x = random_vec(17, -1.0, 1.0, 100 + seed);
        x[16] = 0.15 + 0.1 * x[16].abs();
        let (u0, alpha) = (&x[..16], x[16]);
        let primal = heat_bin3(u0, alpha, 25);
        let rev = |x: &[f64], dx: &mut [f64], seed: f64| {
            let (y, da) = d_heat_bin3(&x[..16], &mut dx[..16], x[16], 25, seed);
            dx[16] += da;
            y
        };
        let mut dx = vec![0.0; 17];
        assert_eq!(rev(&x, &mut dx, 1.0), primal);
        check::gradient(|x, dx| rev(x, dx, 1.0), &x, 1e-7);
        check::dot_product(
            |x, v| vec![t_heat_bin3(&x[..16], &v[..16], x[16], v[16], 25).1],
            |x, w| {
                let mut dx = vec![0.0; 17];
                rev(x, &mut dx, w[0]);
                dx
            },
            &x,
        );
        let _ = (u0, alpha);
    }
}

// ---------------------------------------------------------------------------
// Snapshot files go when the gradient panics.
// ---------------------------------------------------------------------------

#[autodiff(reverse, d_heat_stops, Duplicated, Const, Const, Active)]
fn heat_stops(u0: &[f64], steps: usize, stop: usize) -> f64 {
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = u0.to_vec();
    #[checkpoint(binomial(snapshots = 4), storage = disk(concat!(env!("CARGO_TARGET_TMPDIR"), "/ck-panic")))]
    for t in 0..steps {
        assert!(t != stop, "step {t}: stopped on purpose");
        for i in 1..n - 1 {
            next[i] = u[i] + 0.2 * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
        }
        std::mem::swap(&mut u, &mut next);
    }
    u.iter().map(|v| v * v).sum()
}

#[test]
fn disk_snapshots_are_removed_when_the_gradient_panics() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("ck-panic");
    let u0 = random_vec(10, 0.0, 1.0, 3);
    let mut du = vec![0.0; 10];
    // Runs through: the schedule wrote snapshots, and removed them.
    d_heat_stops(&u0, &mut du, 30, usize::MAX, 1.0);
    assert!(dir.is_dir(), "the store made its directory");
    assert_eq!(files_in(&dir), 0);
    // Stops at step 20 of the forward sweep, with snapshots on disk.
    let stopped = std::panic::catch_unwind(|| {
        let mut du = vec![0.0; 10];
        d_heat_stops(&u0, &mut du, 30, 20, 1.0)
    });
    assert!(stopped.is_err(), "the assertion in the loop fired");
    assert_eq!(files_in(&dir), 0, "snapshot files left behind by a panic");
}

// ---------------------------------------------------------------------------
// 2D viscous Burgers: central-difference advection, five-point Laplacian,
// explicit Euler, periodic; serially (the benchmarks' function) and with a
// rayon loop over rows.
// ---------------------------------------------------------------------------

// The serial Burgers' equation of the benchmarks, stamped out again with
// other schedules (its macro writes the function once).
#[macro_use]
#[path = "../benches/problems/burgers.rs"]
mod burgers_programs;
use burgers_programs::{d_burgers_checkpointed, d_burgers_serial};

serial_burgers!(burgers_per, d_burgers_per, [#[checkpoint(periodic(every = 5))]]);
serial_burgers!(burgers_disk, d_burgers_disk,
    [#[checkpoint(binomial(snapshots = 2), storage = disk(concat!(env!("CARGO_TARGET_TMPDIR"), "/ck-burgers")))]]);
serial_burgers!(burgers_per_disk, d_burgers_per_disk,
    [#[checkpoint(periodic(every = 4), storage = disk(concat!(env!("CARGO_TARGET_TMPDIR"), "/ck-burgers")))]]);

macro_rules! burgers_rayon {
    ($f:ident, $d:ident, [$($ck:tt)*]) => {
        #[autodiff(reverse, $d, Duplicated, Duplicated, Const, Const, Active)]
        fn $f(u0: &[f64], v0: &[f64], nx: usize, steps: usize) -> f64 {
            let h = 1.0 / nx as f64;
            let (dt, nu) = (0.2 * h * h, 0.05);
            let mut u = u0.to_vec();
            let mut v = v0.to_vec();
            let mut un = vec![0.0; nx * nx];
            let mut vn = vec![0.0; nx * nx];
            $($ck)*
            for _ in 0..steps {
                un.par_chunks_mut(nx).zip(vn.par_chunks_mut(nx)).enumerate().for_each(|(r, (urow, vrow))| {
                    for c in 0..nx {
                        let o = r * nx + c;
                        let east = r * nx + (c + 1) % nx;
                        let west = r * nx + (c + nx - 1) % nx;
                        let north = ((r + nx - 1) % nx) * nx + c;
                        let south = ((r + 1) % nx) * nx + c;
                        let (uo, vo) = (u[o], v[o]);
                        let lu = (u[east] + u[west] + u[north] + u[south] - 4.0 * uo) / (h * h);
                        let lv = (v[east] + v[west] + v[north] + v[south] - 4.0 * vo) / (h * h);
                        let ux = (u[east] - u[west]) / (2.0 * h);
                        let uy = (u[south] - u[north]) / (2.0 * h);
                        let vx = (v[east] - v[west]) / (2.0 * h);
                        let vy = (v[south] - v[north]) / (2.0 * h);
                        urow[c] = uo + dt * (nu * lu - uo * ux - vo * uy);
                        vrow[c] = vo + dt * (nu * lv - uo * vx - vo * vy);
                    }
                });
                std::mem::swap(&mut u, &mut un);
                std::mem::swap(&mut v, &mut vn);
            }
            let mut energy = 0.0;
            for i in 0..nx * nx {
                energy += u[i] * u[i] + v[i] * v[i];
            }
            0.5 * h * h * energy
        }
    };
}

burgers_rayon!(burgers_rayon_full, d_burgers_rayon_full, []);
burgers_rayon!(burgers_rayon_bin, d_burgers_rayon_bin, [#[checkpoint(binomial(snapshots = 4))]]);

#[test]
fn burgers_every_scheme_and_storage_matches_the_full_tape() {
    let nx = 8;
    let (dt, nu) = (0.2 / (nx * nx) as f64, 0.05);
    let w0 = random_vec(2 * nx * nx, -1.0, 1.0, 11);
    let mut want = vec![0.0; 2 * nx * nx];
    let y = d_burgers_serial(&w0, &mut want, nx, 23, dt, nu, 1.0);
    type Burgers = fn(&[f64], &mut [f64], usize, usize, f64, f64, f64) -> f64;
    let variants: [(&str, Burgers); 4] = [
        ("binomial(8)", d_burgers_checkpointed),
        ("periodic(5)", d_burgers_per),
        ("binomial(2) on disk", d_burgers_disk),
        ("periodic(4) on disk", d_burgers_per_disk),
    ];
    for (name, d) in variants {
        let mut got = vec![0.0; 2 * nx * nx];
        assert_eq!(d(&w0, &mut got, nx, 23, dt, nu, 1.0), y, "{name}: value");
        assert_same(name, &got, &want);
    }
    assert_eq!(files_in(&std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("ck-burgers")), 0);
    check::gradient(|x, dx| d_burgers_per(x, dx, nx, 23, dt, nu, 1.0), &w0, 1e-7);
}

#[test]
fn burgers_with_rayon_in_the_step_matches_the_full_tape() {
    let nx = 8;
    let (u0, v0) = (random_vec(nx * nx, -1.0, 1.0, 5), random_vec(nx * nx, -1.0, 1.0, 6));
    let (mut du, mut dv) = (vec![0.0; nx * nx], vec![0.0; nx * nx]);
    let y = d_burgers_rayon_full(&u0, &mut du, &v0, &mut dv, nx, 19, 1.0);
    let (mut gu, mut gv) = (vec![0.0; nx * nx], vec![0.0; nx * nx]);
    assert_eq!(d_burgers_rayon_bin(&u0, &mut gu, &v0, &mut gv, nx, 19, 1.0), y);
    assert_same("du", &gu, &du);
    assert_same("dv", &gv, &dv);
    // The same gradient, bit for bit, in a pool of 1 and of 3 threads.
    let in_pool = |threads| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| {
            let (mut gu, mut gv) = (vec![0.0; nx * nx], vec![0.0; nx * nx]);
            d_burgers_rayon_bin(&u0, &mut gu, &v0, &mut gv, nx, 19, 1.0);
            (gu, gv)
        })
    };
    assert_eq!(in_pool(1), in_pool(3));
}

// ---------------------------------------------------------------------------
// A `while` loop that runs until a residual falls below a tolerance.
// ---------------------------------------------------------------------------

macro_rules! relax {
    ($f:ident, $d:ident, $t:ident, [$($ck:tt)*]) => {
        /// Relaxes `x` towards the fixed point of `x_i = p cos(x_(i+1))`,
        /// stopping when a step changes it by less than `tol`; returns the
        /// number of steps taken through `steps` and a loss of the result.
        #[autodiff(reverse, $d, Duplicated, Active, Const, Active)]
        #[autodiff(forward, $t, Dual, Dual, Const, Dual)]
        fn $f(x0: &[f64], p: f64, tol: f64) -> f64 {
            let n = x0.len();
            let mut x = x0.to_vec();
            let mut y = vec![0.0; n];
            let mut change = 1.0;
            $($ck)*
            while change > tol {
                change = 0.0;
                for i in 0..n {
                    y[i] = 0.7 * x[i] + 0.3 * p * x[(i + 1) % n].cos();
                    change += (y[i] - x[i]).abs();
                }
                std::mem::swap(&mut x, &mut y);
            }
            let mut loss = 0.0;
            for i in 0..n {
                loss += x[i] * x[i] * (1.0 + 0.1 * i as f64);
            }
            loss
        }
    };
}

relax!(relax_full, d_relax_full, t_relax_full, []);
relax!(relax_online1, d_relax_online1, t_relax_online1, [#[checkpoint(online(snapshots = 1))]]);
relax!(relax_online3, d_relax_online3, t_relax_online3, [#[checkpoint(online(snapshots = 3))]]);
relax!(relax_disk, d_relax_disk, t_relax_disk,
    [#[checkpoint(online(snapshots = 3), storage = disk(concat!(env!("CARGO_TARGET_TMPDIR"), "/ck-relax")))]]);

#[test]
fn while_loop_to_a_tolerance_matches_the_full_tape() {
    let variants: [(&str, fn(&[f64], &mut [f64], f64, f64, f64) -> (f64, f64)); 3] =
        [("online(1)", d_relax_online1), ("online(3)", d_relax_online3), ("online(3) on disk", d_relax_disk)];
    for (seed, tol) in [(1, 1e-3), (2, 1e-9), (3, 1e-12)] {
        let x0 = random_vec(9, -1.0, 1.0, seed);
        let mut want = vec![0.0; 9];
        let (y, dp) = d_relax_full(&x0, &mut want, 0.8, tol, 1.0);
        for (name, d) in variants {
            let mut got = vec![0.0; 9];
            let (gy, gdp) = d(&x0, &mut got, 0.8, tol, 1.0);
            let what = format!("{name}, tol {tol:e}");
            assert_eq!(gy, y, "{what}: value");
            assert_same(&what, &got, &want);
            assert_same(&format!("{what}: d p"), &[gdp], &[dp]);
        }
    }
    assert_eq!(files_in(&std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("ck-relax")), 0);
    // A derivative: central differences (the step count does not change
    // for perturbations this small) and forward mode.
    let mut x = random_vec(10, -1.0, 1.0, 9);
    x[9] = 0.8;
    let rev = |x: &[f64], dx: &mut [f64], seed: f64| {
        let (y, dp) = d_relax_online3(&x[..9], &mut dx[..9], x[9], 1e-6, seed);
        dx[9] += dp;
        y
    };
    check::gradient(|x, dx| rev(x, dx, 1.0), &x, 1e-6);
    check::dot_product(
        |x, v| vec![t_relax_online3(&x[..9], &v[..9], x[9], v[9], 1e-6).1],
        |x, w| {
            let mut dx = vec![0.0; 10];
            rev(x, &mut dx, w[0]);
            dx
        },
        &x,
    );
}

// ---------------------------------------------------------------------------
// Steps that call differentiated functions, write a `&mut` parameter, sit
// inside another loop, or belong to a function that is itself called from
// differentiated code.
// ---------------------------------------------------------------------------

#[autodiff(reverse, d_heat_step, Duplicated, Duplicated, Active)]
fn heat_step(u: &[f64], out: &mut [f64], alpha: f64) {
    let n = u.len();
    for i in 1..n - 1 {
        out[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1]) - 0.01 * u[i] * u[i];
    }
}

macro_rules! evolve {
    ($f:ident, $d:ident, [$($ck:tt)*]) => {
        /// Steps `u` in place (a `&mut` parameter in the state), two
        /// rounds of `steps` steps with a kick in between; each step calls
        /// `heat_step`.
        #[autodiff(reverse, $d, Duplicated, Active, Const, Active)]
        fn $f(u: &mut [f64], alpha: f64, steps: usize) -> f64 {
            let n = u.len();
            let mut tmp = u.to_vec();
            for round in 0..2 {
                $($ck)*
                for _ in 0..steps {
                    heat_step(u, &mut tmp, alpha);
                    for i in 1..n - 1 {
                        u[i] = tmp[i];
                    }
                }
                u[0] += 0.1 * u[1] * (round as f64 + 1.0);
            }
            let mut e = 0.0;
            for i in 0..n {
                e += u[i] * u[i];
            }
            e
        }
    };
}

evolve!(evolve_full, d_evolve_full, []);
evolve!(evolve_bin, d_evolve_bin, [#[checkpoint(binomial(snapshots = 2))]]);

/// Calls a function with a checkpointed loop from differentiated code: its
/// companion runs the driver's forward sweep, its reverse closure the rest.
#[autodiff(reverse, d_calls_heat, Duplicated, Active, Active)]
fn calls_heat(u0: &[f64], alpha: f64) -> f64 {
    let e = heat_bin3(u0, alpha, 12);
    e.sqrt() + heat_full(u0, alpha, 3)
}

#[test]
fn steps_with_calls_mut_parameters_outer_loops_and_callers() {
    let u0 = random_vec(12, 0.0, 1.0, 21);
    let (mut u_full, mut u_bin) = (u0.clone(), u0.clone());
    let (mut du_full, mut du_bin) = (vec![0.0; 12], vec![0.0; 12]);
    // The shadow of the `&mut` parameter carries the seed of its final
    // value in, and its gradient with respect to the initial value out.
    let seed_u = random_vec(12, -1.0, 1.0, 22);
    du_full.copy_from_slice(&seed_u);
    du_bin.copy_from_slice(&seed_u);
    let (y, da) = d_evolve_full(&mut u_full, &mut du_full, 0.2, 9, 1.0);
    let (gy, gda) = d_evolve_bin(&mut u_bin, &mut du_bin, 0.2, 9, 1.0);
    assert_eq!(gy, y);
    assert_eq!(u_bin, u_full, "the parameter's final value");
    assert_same("du", &du_bin, &du_full);
    assert_same("d alpha", &[gda], &[da]);

    let mut x = u0.clone();
    x.push(0.2);
    check::gradient(
        |x, dx| {
            let (y, da) = d_calls_heat(&x[..12], &mut dx[..12], x[12], 1.0);
            dx[12] += da;
            y
        },
        &x,
        1e-7,
    );
}

#[autodiff]
fn wobble(a: f64) -> f64 {
    a * (0.7 * a).sin()
}

/// A checkpointed step calling one function twice: its plain (untaped)
/// runs call `wobble` itself, after a temporary holding its first result.
#[autodiff(reverse, d_wobbles, Active, Active)]
#[autodiff(forward, t_wobbles, Dual, Dual)]
fn wobbles(x: f64) -> f64 {
    let mut s = x;
    #[checkpoint(periodic(every = 2))]
    for _t in 0..5 {
        s = wobble(s) + 0.5 * wobble(0.3 * s);
    }
    s
}

#[test]
fn checkpointed_step_calling_one_function_twice() {
    for x in random_vec(3, -1.0, 1.0, 31) {
        let (_, g) = d_wobbles(x, 1.0);
        let (_, t) = t_wobbles(x, 1.0);
        let h = 1e-5;
        let fd = (wobbles(x + h) - wobbles(x - h)) / (2.0 * h);
        assert!((g - fd).abs() < 1e-7 * fd.abs().max(1.0), "{g} vs {fd}");
        assert!((g - t).abs() < 1e-12 * t.abs().max(1.0), "reverse {g} vs forward {t}");
    }
}

// ---------------------------------------------------------------------------
// A step returning the new state as a `Vec`, the state replaced whole
// (`u = step(&u, ..)`): the vector swapped in is what the snapshots keep.
// ---------------------------------------------------------------------------

#[autodiff]
fn reaction_step(u: &[f64], a: f64, dt: f64) -> Vec<f64> {
    let n = u.len();
    let mut next = u.to_vec();
    for i in 1..n - 1 {
        next[i] += dt * (a * (u[i - 1] - 2.0 * u[i] + u[i + 1]) - u[i] * u[i] * u[i]);
    }
    next
}

macro_rules! reaction {
    ($f:ident, $d:ident, [$($ck:tt)*]) => {
        #[autodiff(reverse, $d, Duplicated, Active, Active)]
        fn $f(u0: &[f64], a: f64) -> f64 {
            let mut u = u0.to_vec();
            $($ck)*
            for _ in 0..20 {
                u = reaction_step(&u, a, 0.05);
            }
            u.iter().map(|v| v * v).sum()
        }
    };
}

reaction!(reaction_full, d_reaction_full, []);
reaction!(reaction_bin, d_reaction_bin, [#[checkpoint(binomial(snapshots = 3))]]);
reaction!(reaction_disk, d_reaction_disk, [#[checkpoint(periodic(every = 4), storage = disk(concat!(env!("CARGO_TARGET_TMPDIR"), "/ck-reaction")))]]);

#[test]
fn a_state_replaced_by_a_returned_vec() {
    let u0 = random_vec(10, -0.8, 0.8, 31);
    let mut full = vec![0.0; 10];
    let (y, da) = d_reaction_full(&u0, &mut full, 0.6, 1.0);
    for d_f in [d_reaction_bin, d_reaction_disk] {
        let mut du = vec![0.0; 10];
        let (gy, gda) = d_f(&u0, &mut du, 0.6, 1.0);
        assert_eq!(gy, y);
        assert_same("du", &du, &full);
        assert_same("d a", &[gda], &[da]);
    }
    assert_eq!(y, reaction_full(&u0, 0.6));
    let mut x = u0.clone();
    x.push(0.6);
    check::gradient(
        |x, dx| {
            let (y, da) = d_reaction_bin(&x[..10], &mut dx[..10], x[10], 1.0);
            dx[10] += da;
            y
        },
        &x,
        1e-6,
    );
}
