//! Serial benchmarks: for each problem, the primal, parad's reverse-mode
//! gradient, and a hand-written adjoint, timed in the same run.
//!
//! The problems live in `problems/mod.rs` (shared with `tests/handwritten.rs`,
//! which checks that the hand-written adjoints and parad agree). After
//! criterion's own output, a table of median times and the ratios
//! gradient/primal and parad/hand-written is printed for the benchmarks that
//! ran in this process. See `benches/README.md`.

#[path = "problems/mod.rs"]
mod problems;
#[path = "problems/report.rs"]
mod report;

use criterion::{black_box, Criterion};
use parad::check::random_vec;
use problems::*;
use report::{fmt_ratio, fmt_time, measuring, median_ns, Target};
use std::time::SystemTime;

/// Sum of squares: `n` entries.
const SUMSQ_N: usize = 1_000_000;
/// Matrix-vector product: `ROWS x COLS` matrix.
const ROWS: usize = 1000;
const COLS: usize = 1000;
/// Heat equation: cells, steps, diffusion number.
const CELLS: usize = 1000;
const STEPS: usize = 1000;
const ALPHA: f64 = 0.25;

/// The three benchmarks of every group, in the order of the report.
const IDS: [&str; 3] = ["primal", "parad", "hand"];

fn bench_sumsq(c: &mut Criterion) {
    let x = random_vec(SUMSQ_N, -1.0, 1.0, 1);
    // The gradient is accumulated into dx over the iterations, as a shadow
    // that is not reset between calls would be; both gradients do the same.
    let mut dx = vec![0.0; SUMSQ_N];
    let mut g = c.benchmark_group("sumsq");
    g.bench_function("primal", |b| b.iter(|| sumsq(black_box(&x))));
    g.bench_function("parad", |b| b.iter(|| d_sumsq(black_box(&x), black_box(&mut dx), 1.0)));
    g.bench_function("hand", |b| b.iter(|| sumsq_adjoint(black_box(&x), black_box(&mut dx), 1.0)));
    g.finish();
}

fn bench_matvec(c: &mut Criterion) {
    let a = random_vec(ROWS * COLS, -1.0, 1.0, 2);
    let x = random_vec(COLS, -1.0, 1.0, 3);
    let w = random_vec(ROWS, -1.0, 1.0, 4);
    let mut y = vec![0.0; ROWS];
    let mut da = vec![0.0; ROWS * COLS];
    let mut dx = vec![0.0; COLS];
    let mut dy = vec![0.0; ROWS];
    let mut g = c.benchmark_group("matvec");
    g.bench_function("primal", |b| b.iter(|| matvec(black_box(&a), black_box(&x), black_box(&mut y))));
    // The output shadow is zeroed by every call, so it is reseeded with w
    // (1000 copies, negligible next to the 10^6-entry matrix).
    g.bench_function("parad", |b| {
        b.iter(|| {
            dy.copy_from_slice(&w);
            d_matvec(black_box(&a), black_box(&mut da), black_box(&x), black_box(&mut dx), &mut y, black_box(&mut dy));
        })
    });
    g.bench_function("hand", |b| {
        b.iter(|| {
            dy.copy_from_slice(&w);
            matvec_adjoint(
                black_box(&a),
                black_box(&mut da),
                black_box(&x),
                black_box(&mut dx),
                &mut y,
                black_box(&mut dy),
            );
        })
    });
    g.finish();
}

fn bench_heat(c: &mut Criterion) {
    let u0 = random_vec(CELLS, -1.0, 1.0, 5);
    let mut du0 = vec![0.0; CELLS];
    let mut g = c.benchmark_group("heat");
    g.bench_function("primal", |b| b.iter(|| heat(black_box(&u0), black_box(ALPHA), black_box(STEPS))));
    g.bench_function("parad", |b| {
        b.iter(|| d_heat(black_box(&u0), black_box(&mut du0), black_box(ALPHA), black_box(STEPS), 1.0))
    });
    g.bench_function("hand", |b| {
        b.iter(|| heat_adjoint(black_box(&u0), black_box(&mut du0), black_box(ALPHA), black_box(STEPS), 1.0))
    });
    g.finish();
}

fn main() {
    let started = SystemTime::now();
    let mut c = Criterion::default().configure_from_args();
    bench_sumsq(&mut c);
    bench_matvec(&mut c);
    bench_heat(&mut c);
    c.final_summary();
    if measuring() {
        report(started);
    }
}

/// Prints the medians and the ratios against the targets: gradient <= 3x
/// primal, parad <= 1.3x hand-written.
fn report(started: SystemTime) {
    println!();
    println!("Medians of this run (criterion estimates), targets: parad/primal <= 3, parad/hand <= 1.3");
    println!(
        "{:<8} {:>12} {:>12} {:>12} {:>13} {:>12} {:>11}",
        "problem", "primal", "parad", "hand", "parad/primal", "hand/primal", "parad/hand"
    );
    for group in ["sumsq", "matvec", "heat"] {
        let t: Vec<Option<f64>> = IDS.iter().map(|id| median_ns(group, id, started)).collect();
        if t.iter().all(Option::is_none) {
            continue;
        }
        println!(
            "{:<8} {:>12} {:>12} {:>12} {:>13} {:>12} {:>11}",
            group,
            fmt_time(t[0]),
            fmt_time(t[1]),
            fmt_time(t[2]),
            fmt_ratio(t[1], t[0], Target::AtMost(3.0)),
            fmt_ratio(t[2], t[0], Target::None),
            fmt_ratio(t[1], t[2], Target::AtMost(1.3)),
        );
    }
    println!("(! = misses its target)");
}
