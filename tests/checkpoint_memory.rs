//! The peak heap of a checkpointed gradient is bounded by its snapshots,
//! not by its steps (issue 6): for the heat equation on 10^4 cells over
//! 10^4 steps, at most `(S + 3)` loop states plus one step's tape, counted
//! by a global allocator. The full tape of the same gradient would be
//! 10^8 numbers.

#[path = "../examples/checkpoint/heat.rs"]
mod heat;

use heat::{d_heat, d_heat_checkpointed, Counting};

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
