//! The peak heap of a gradient, counted by a global allocator.
//!
//! A checkpointed gradient is bounded by its snapshots, not by its steps:
//! for the heat equation on 10^4 cells over 10^4 steps, at most `(S + 3)`
//! loop states plus one step's tape. The full tape of the same gradient
//! would be 10^8 numbers.
//!
//! A recursive function's gradient is bounded by the depth of its
//! recursion, not by its calls: the adjoint of each call to itself runs
//! the callee's forward sweep again (see `docs/calls.md`).

#[path = "../examples/checkpoint/heat.rs"]
mod heat;

use heat::{d_heat, d_heat_checkpointed, Counting};
use parad::autodiff;

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const CELLS: usize = 10_000;
const F64: usize = std::mem::size_of::<f64>();

/// The tests of this binary run one at a time: the counters are global.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The heap the gradient adds at its peak, over what was in use before.
fn peak_of(grad: impl FnOnce()) -> usize {
    parad::release_tape_memory();
    let base = Counting::reset_peak();
    grad();
    Counting::peak() - base
}

#[test]
fn peak_memory_is_bounded_by_the_snapshots_not_the_steps() {
    let _alone = ONE_AT_A_TIME.lock().unwrap();
    let u0 = parad::check::random_vec(CELLS, 0.0, 1.0, 1);
    let mut du = vec![0.0; CELLS];
    // The loop's state is `(u, next)`: two vectors of the cells.
    let state = 2 * CELLS * F64;
    // One step's tape: the cells it overwrites.
    let step_tape = CELLS * F64;
    for (steps, snapshots) in [(10_000, 10), (10_000, 3), (1_000, 10)] {
        let peak = peak_of(|| {
            d_heat_checkpointed(&u0, &mut du, steps, snapshots, 1.0);
        });
        let bound = (snapshots + 3) * state + step_tape;
        println!("{steps} steps, {snapshots} snapshots: peak {peak} bytes, bound {bound}");
        assert!(peak <= bound, "{steps} steps, {snapshots} snapshots: peak {peak} bytes > bound {bound}");
    }
    // The full tape grows with the steps: 300 steps already pass the bound
    // of 10 snapshots (at 10^4 steps it would be about 800 MB).
    let full = peak_of(|| {
        d_heat(&u0, &mut du, 300, 1.0);
    });
    println!("full tape, 300 steps: peak {full} bytes");
    assert!(full > 13 * state + step_tape, "full tape of 300 steps: {full} bytes");
}

/// The gradient it bounds is the gradient (a smaller run, against the full
/// tape, to 1e-12).
#[test]
fn the_bounded_gradient_is_the_full_one() {
    let _alone = ONE_AT_A_TIME.lock().unwrap();
    let u0 = parad::check::random_vec(500, 0.0, 1.0, 2);
    let (mut want, mut got) = (vec![0.0; 500], vec![0.0; 500]);
    let y = d_heat(&u0, &mut want, 700, 1.0);
    assert_eq!(d_heat_checkpointed(&u0, &mut got, 700, 6, 1.0), y);
    for (g, w) in got.iter().zip(&want) {
        assert!((g - w).abs() <= 1e-12 * w.abs().max(1e-300));
    }
}

/// The determinant of the minor of the `n x n` row-major `a` made of its
/// last `m` rows and the columns not in the bit set `used`, by expansion
/// along its first row.
#[autodiff(forward, minor_fwd, Dual, Const, Const, Const, Dual)]
fn minor(a: &[f64], n: usize, m: usize, used: usize) -> f64 {
    let row = n - m;
    if m == 1 {
        return a[row * n + used.trailing_ones() as usize];
    }
    let mut det = 0.0;
    let mut sign = 1.0;
    for j in 0..n {
        if used & (1 << j) == 0 {
            det += sign * a[row * n + j] * minor(a, n, m - 1, used | (1 << j));
            sign = -sign;
        }
    }
    det
}

#[autodiff(reverse, d_det, Duplicated, Const, Active)]
#[autodiff(forward, det_fwd, Dual, Const, Dual)]
fn det(a: &[f64], n: usize) -> f64 {
    minor(a, n, n, 0)
}

#[test]
fn recursive_gradient_memory_is_bounded_by_the_depth_not_the_calls() {
    let _alone = ONE_AT_A_TIME.lock().unwrap();
    // 8! = 40320 calls of depth 1; every call before kept its adjoint's
    // closure and tapes until the reverse sweep (about 100 bytes a call).
    let n = 8;
    let a = parad::check::random_vec(n * n, -1.0, 1.0, 3);
    let mut da = vec![0.0; n * n];
    let peak = peak_of(|| {
        d_det(&a, &mut da, n, 1.0);
    });
    // Per level: two tapes of a row (the minors' values, the signs).
    let bound = 4096;
    println!("det by minors, n = {n}: peak {peak} bytes, bound {bound}");
    assert!(peak <= bound, "peak {peak} bytes > bound {bound}");
}

#[test]
fn recursive_gradient_against_differences_and_forward_mode() {
    let n = 5;
    let a = parad::check::random_vec(n * n, -1.0, 1.0, 4);
    parad::check::gradient(|a, da| d_det(a, da, n, 1.0), &a, 1e-8);
    parad::check::dot_product(
        |a, t| vec![det_fwd(a, t, n).1],
        |a, w| {
            let mut da = vec![0.0; a.len()];
            d_det(a, &mut da, n, w[0]);
            da
        },
        &a,
    );
}
