//! The problems of the parallel benchmarks (`benches/problems/parallel.rs`)
//! on small sizes: parad's gradient against finite differences, its value
//! against the primal, and bitwise the same gradient in rayon pools of 1, 2
//! and 3 threads. The benchmark times these gradients; this test makes sure
//! they are right. (`tests/parallel/programs.rs` checks the same functions
//! against forward mode and serial twins.)

#[path = "../benches/problems/parallel.rs"]
mod problems;

use parad::check;
use problems::{Docking, Heat, Particles, Problem};

/// Tolerance of the finite-difference check.
const FD_TOL: f64 = 1e-6;

/// The gradient of `p` at its point in a pool of `threads` threads.
fn grad_in_pool<P: Problem>(p: &P, threads: usize) -> (f64, Vec<f64>) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let mut dx = vec![0.0; p.x().len()];
    let v = pool.install(|| p.grad(p.x(), &mut dx));
    (v, dx)
}

/// All the checks of one problem.
fn check_problem<P: Problem>(p: &P) {
    let x = p.x();
    check::gradient(|x, dx| p.grad(x, dx), x, FD_TOL);

    let (v, want) = grad_in_pool(p, 1);
    let primal = p.primal(x);
    assert!(
        (v - primal).abs() <= 1e-12 * primal.abs().max(1.0),
        "{}: the gradient's value {v:e} is not the primal's {primal:e}",
        P::NAME
    );
    for threads in [2, 3] {
        let (_, got) = grad_in_pool(p, threads);
        for (k, (g, w)) in got.iter().zip(&want).enumerate() {
            assert!(
                g.to_bits() == w.to_bits(),
                "{}: d/dx[{k}] is {g:e} on {threads} threads but {w:e} on 1",
                P::NAME
            );
        }
    }

    // The gradient adds into the shadow rather than overwriting it.
    let mut twice = want.clone();
    p.grad(x, &mut twice);
    for (k, (t, w)) in twice.iter().zip(&want).enumerate() {
        assert!(
            (t - 2.0 * w).abs() <= 1e-12 * w.abs(),
            "{}: d/dx[{k}] not accumulated",
            P::NAME
        );
    }
}

#[test]
fn heat2d_gradient() {
    check_problem(&Heat::new(9, 12));
}

#[test]
fn particle_energy_gradient() {
    check_problem(&Particles::new(24));
}

#[test]
fn docking_gradient() {
    check_problem(&Docking::new(6, 5, 8));
}
