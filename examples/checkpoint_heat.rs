//! Time and peak memory of a checkpointed gradient against the number of
//! snapshots, with the full-tape gradient as the baseline: the heat
//! equation on 10^4 cells over 10^4 steps (see `checkpoint/heat.rs`).
//!
//! ```sh
//! cargo run --release --example checkpoint_heat            # 10^4 x 10^4
//! cargo run --release --example checkpoint_heat -- 2000 500 # cells steps
//! ```

#[path = "checkpoint/heat.rs"]
mod heat;

use heat::{d_heat, d_heat_checkpointed, heat, Counting};
use std::time::Instant;

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f` `reps` times; the median seconds, and the peak heap it added.
fn measure(reps: usize, mut f: impl FnMut()) -> (f64, usize) {
    parad::release_tape_memory();
    let base = Counting::reset_peak();
    let mut times: Vec<f64> = (0..reps)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    (times[reps / 2], Counting::peak() - base)
}

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let cells = args.first().copied().unwrap_or(10_000);
    let steps = args.get(1).copied().unwrap_or(10_000);
    let reps = 3;
    let u0 = parad::check::random_vec(cells, 0.0, 1.0, 1);
    let state_mb = (2 * cells * 8) as f64 / 1e6;
    println!("heat equation, {cells} cells, {steps} steps; one loop state (u, next) = {state_mb:.2} MB");

    let (primal, _) = measure(reps, || {
        std::hint::black_box(heat(&u0, steps));
    });
    let mut want = vec![0.0; cells];
    let (full, full_mem) = measure(reps, || {
        want.iter_mut().for_each(|d| *d = 0.0);
        d_heat(&u0, &mut want, steps, 1.0);
    });
    println!();
    println!("| gradient | time (s) | gradient/primal | peak heap (MB) | peak / state |");
    println!("|---|---|---|---|---|");
    println!("| primal | {primal:.3} | 1.00 | | |");
    let row = |name: &str, t: f64, mem: usize| {
        let mb = mem as f64 / 1e6;
        println!("| {name} | {t:.3} | {:.2} | {mb:.1} | {:.1} |", t / primal, mb / state_mb);
    };
    row("full tape", full, full_mem);
    for snapshots in [4, 8, 16, 32, 64, 128] {
        let mut got = vec![0.0; cells];
        let (t, mem) = measure(reps, || {
            got.iter_mut().for_each(|d| *d = 0.0);
            d_heat_checkpointed(&u0, &mut got, steps, snapshots, 1.0);
        });
        let worst = got.iter().zip(&want).map(|(g, w)| (g - w).abs() / w.abs().max(1e-300)).fold(0.0, f64::max);
        assert!(worst <= 1e-12, "binomial({snapshots}) differs from the full tape by {worst:e}");
        let forward = parad::checkpoint::Binomial::new(steps, snapshots)
            .map(|b| parad::checkpoint::Cost::of(b).advances)
            .unwrap_or(0);
        row(&format!("binomial({snapshots}), {forward} forward steps"), t, mem);
    }
}
