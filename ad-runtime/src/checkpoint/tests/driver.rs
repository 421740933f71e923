//! The driver on real differentiable loops: the checkpointed adjoint
//! against the adjoint with every step's input kept.

use super::super::{Binomial, DiskStore, Driver, MemoryStore, Online, Periodic, Store};
use super::TempDir;

/// The toy step: `x -> sin(x) * p + 0.1`.
fn step(x: f64, p: f64) -> f64 {
    x.sin() * p + 0.1
}

/// The adjoint of `step` at input `x`: adds to `dp`, maps `dx`.
fn step_adjoint(x: f64, p: f64, dx: &mut f64, dp: &mut f64) {
    *dp += *dx * x.sin();
    *dx *= x.cos() * p;
}

/// `(x_l, dx_l/dx_0, dx_l/dp)` with every step's input kept.
fn reference(x0: f64, p: f64, steps: usize) -> (f64, f64, f64) {
    let mut xs = vec![x0];
    for _ in 0..steps {
        xs.push(step(*xs.last().unwrap(), p));
    }
    let (mut dx, mut dp) = (1.0, 0.0);
    for &x in xs[..steps].iter().rev() {
        step_adjoint(x, p, &mut dx, &mut dp);
    }
    (xs[steps], dx, dp)
}

/// The same through a driver: the forward sweep, then the seed, then the
/// reverse sweep, as generated code will do it.
fn checkpointed<St: Store<f64>>(
    mut driver: Driver<St, f64>,
    x0: f64,
    p: f64,
    online_steps: Option<usize>,
) -> (f64, f64, f64) {
    let mut plain = |x: &mut f64, _: usize| *x = step(*x, p);
    let mut taped = |x: &mut f64, tape: &mut f64, _: usize| {
        *tape = *x;
        *x = step(*x, p);
    };
    let mut x = x0;
    match online_steps {
        None => driver.forward(&mut x, &mut plain, &mut taped),
        Some(steps) => {
            // A `while` loop: the driver learns the length as it goes.
            let mut i = 0;
            while i < steps {
                driver.step(&mut x, i, &mut plain);
                i += 1;
            }
        }
    }
    let y = x;
    let (mut dx, mut dp) = (1.0, 0.0);
    let mut reversed = Vec::new();
    driver.reverse(&mut x, &mut plain, &mut taped, |state, input: &mut f64, i| {
        assert_eq!(*state, step(*input, p), "the adjoint of step {i} sees state {}", i + 1);
        reversed.push(i);
        step_adjoint(*input, p, &mut dx, &mut dp);
    });
    let steps = reversed.len();
    assert!(reversed.iter().rev().copied().eq(0..steps), "adjoints in order l-1, ..., 0");
    (y, dx, dp)
}

fn assert_close(got: (f64, f64, f64), want: (f64, f64, f64), what: &str) {
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * b.abs().max(1e-300);
    assert_eq!(got.0, want.0, "{what}: primal");
    assert!(close(got.1, want.1) && close(got.2, want.2), "{what}: got {got:?}, want {want:?}");
}

#[test]
fn every_schedule_gives_the_full_tape_gradient() {
    let (x0, p) = (0.3, 1.1);
    for steps in [0, 1, 2, 7, 100] {
        let want = reference(x0, p, steps);
        for snapshots in [1, 2, 3, 5, 10, 100, 150] {
            let binomial = Binomial::new(steps, snapshots).unwrap();
            let got = checkpointed(Driver::new(binomial, MemoryStore::new(), 0.0), x0, p, None);
            assert_close(got, want, &format!("binomial, l = {steps}, S = {snapshots}"));
            let online = Online::new(snapshots).unwrap();
            let got = checkpointed(Driver::online(online, MemoryStore::new(), 0.0), x0, p, Some(steps));
            assert_close(got, want, &format!("online, l = {steps}, S = {snapshots}"));
        }
        for every in [1, 2, 3, 10, 100, 150] {
            let periodic = Periodic::new(steps, every).unwrap();
            let got = checkpointed(Driver::new(periodic, MemoryStore::new(), 0.0), x0, p, None);
            assert_close(got, want, &format!("periodic, l = {steps}, K = {every}"));
        }
    }
}

/// A state of several variables, as the macro will build it: a field
/// stepped like a heat equation with a nonlinear source, and a step count.
type Heat = (Vec<f64>, u64);

fn heat_step(state: &mut Heat, out: &mut Vec<f64>) {
    let (u, count) = state;
    let n = u.len();
    out.clear();
    out.extend((0..n).map(|i| {
        let (l, r) = (u[(i + n - 1) % n], u[(i + 1) % n]);
        u[i] + 0.2 * (l - 2.0 * u[i] + r) + 0.05 * u[i].sin()
    }));
    std::mem::swap(u, out);
    *count += 1;
}

fn heat_adjoint(u: &[f64], du: &mut Vec<f64>, scratch: &mut Vec<f64>) {
    let n = u.len();
    scratch.clear();
    scratch.extend((0..n).map(|j| {
        let (l, r) = (du[(j + n - 1) % n], du[(j + 1) % n]);
        du[j] * (1.0 - 0.4 + 0.05 * u[j].cos()) + 0.2 * (l + r)
    }));
    std::mem::swap(du, scratch);
}

fn heat_gradient<St: Store<Heat>>(store: St, steps: usize, snapshots: usize) -> (Heat, Vec<f64>) {
    let u0: Vec<f64> = (0..16).map(|i| (i as f64 * 0.7).sin()).collect();
    let mut scratch = Vec::new();
    let mut plain = |s: &mut Heat, _: usize| heat_step(s, &mut Vec::new());
    let mut taped = |s: &mut Heat, tape: &mut Vec<f64>, _: usize| {
        tape.clone_from(&s.0);
        heat_step(s, &mut Vec::new());
    };
    let mut driver = Driver::new(Binomial::new(steps, snapshots).unwrap(), store, Vec::new());
    let mut state = (u0, 0);
    driver.forward(&mut state, &mut plain, &mut taped);
    let end = state.clone();
    // y = sum of u^2 at the end.
    let mut du: Vec<f64> = end.0.iter().map(|v| 2.0 * v).collect();
    driver.reverse(&mut state, &mut plain, &mut taped, |_, tape: &mut Vec<f64>, _| {
        heat_adjoint(tape, &mut du, &mut scratch)
    });
    (end, du)
}

#[test]
fn disk_and_memory_agree_on_a_vector_state() {
    let dir = TempDir::new("agree");
    let (end, want) = heat_gradient(MemoryStore::new(), 60, 60);
    assert_eq!(end.1, 60);
    for snapshots in [1, 4, 9] {
        let (mem_end, mem) = heat_gradient(MemoryStore::new(), 60, snapshots);
        let (disk_end, disk) = heat_gradient(DiskStore::new(&dir.0).unwrap(), 60, snapshots);
        assert_eq!(mem_end, end);
        assert_eq!(disk_end, end);
        // The same operations in the same order: bitwise equal.
        assert_eq!(mem, want, "memory, S = {snapshots}");
        assert_eq!(disk, want, "disk, S = {snapshots}");
        assert_eq!(dir.files(), 0, "disk files left after the gradient");
    }
}

#[test]
fn disk_files_are_removed_when_the_gradient_panics() {
    let dir = TempDir::new("panic");
    let result = std::panic::catch_unwind(|| {
        let mut driver = Driver::new(Binomial::new(100, 5).unwrap(), DiskStore::new(&dir.0).unwrap(), 0.0);
        let mut plain = |x: &mut f64, _: usize| *x = step(*x, 1.1);
        let mut taped = |x: &mut f64, tape: &mut f64, _: usize| {
            *tape = *x;
            *x = step(*x, 1.1);
        };
        let mut x = 0.3;
        driver.forward(&mut x, &mut plain, &mut taped);
        assert!(dir.files() > 0, "the forward sweep stored snapshots on disk");
        driver.reverse(&mut x, &mut plain, &mut taped, |_, _: &mut f64, i| {
            assert!(i != 40, "the adjoint fails at step 40");
        });
    });
    assert!(result.is_err());
    assert!(dir.0.exists());
    assert_eq!(dir.files(), 0, "disk files left after a panic");
}
