//! Parallel benchmarks: for each rayon problem, the primal and parad's
//! gradient, each timed in rayon pools of several sizes in the same run.
//!
//! The problems live in `problems/parallel.rs` (shared with
//! `tests/parallel_problems.rs`, which checks the gradients). Benchmark ids
//! are `GROUP/primal/T` and `GROUP/grad/T` for each thread count `T`: `1`
//! and `all` (`std::thread::available_parallelism`) by default, or the
//! counts listed in `PARAD_BENCH_THREADS` (`1,2,4,8,16`). After criterion's
//! own output, a table of medians, gradient/primal and the speedups over one
//! thread is printed for the benchmarks that ran in this process. See
//! `benches/README.md`.

#[path = "problems/parallel.rs"]
mod problems;
#[path = "problems/report.rs"]
mod report;

use criterion::{black_box, BenchmarkId, Criterion, SamplingMode};
use problems::{Docking, Heat, Particles, Problem};
use rayon::{ThreadPool, ThreadPoolBuilder};
use report::{fmt_ratio, fmt_time, measuring, median_ns, Target};
use std::time::SystemTime;

/// Heat stencil: `HEAT_N x HEAT_N` grid, `HEAT_STEPS` steps.
const HEAT_N: usize = 256;
const HEAT_STEPS: usize = 50;
/// Particle energy: all `PARTICLES^2` ordered pairs.
const PARTICLES: usize = 1500;
/// Docking: poses x ligand atoms x protein atoms pairs.
const POSES: usize = 64;
const LIGAND: usize = 100;
const PROTEIN: usize = 200;

/// Targets of issue 4: the gradient costs at most 3x the primal on one
/// thread, and its speedup over one thread is at least 0.9x the primal's.
const GRAD_OVER_PRIMAL: f64 = 3.0;
const SPEEDUP_RATIO: f64 = 0.9;

/// One pool size to time: `count` threads, named `label` in benchmark ids.
struct Threads {
    count: usize,
    label: String,
}

/// `PARAD_BENCH_THREADS` (comma-separated counts), else 1 and `all`.
fn thread_counts() -> Vec<Threads> {
    if let Ok(list) = std::env::var("PARAD_BENCH_THREADS") {
        return list
            .split(',')
            .map(|t| {
                let count = t.trim().parse().ok().filter(|&c: &usize| c > 0);
                let count = count.unwrap_or_else(|| {
                    panic!("PARAD_BENCH_THREADS: `{t}` is not a thread count (want e.g. 1,2,4)")
                });
                Threads {
                    count,
                    label: count.to_string(),
                }
            })
            .collect();
    }
    let all = std::thread::available_parallelism().map_or(1, |n| n.get());
    vec![
        Threads {
            count: 1,
            label: "1".into(),
        },
        Threads {
            count: all,
            label: "all".into(),
        },
    ]
}

fn pool(threads: usize) -> ThreadPool {
    ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// Before timing, once per pool: the gradient must be finite, its value
/// the primal's (to rounding: parad sums in fixed chunks, rayon
/// adaptively), and bitwise the same for every thread count (parad's
/// promise), so the timings are of a meaningful, deterministic gradient.
fn check<P: Problem>(p: &P, threads: &[Threads]) {
    let x = p.x();
    let primal = p.primal(x);
    let mut first: Option<Vec<f64>> = None;
    for t in threads {
        let mut dx = vec![0.0; x.len()];
        let v = pool(t.count).install(|| p.grad(x, &mut dx));
        assert!(
            (v - primal).abs() <= 1e-10 * primal.abs().max(1.0),
            "{}: the gradient's value {v:e} is not the primal's {primal:e}",
            P::NAME
        );
        assert!(
            dx.iter().all(|g| g.is_finite()),
            "{}: gradient not finite",
            P::NAME
        );
        match &first {
            None => first = Some(dx),
            Some(want) => assert!(
                dx.iter().zip(want).all(|(g, w)| g.to_bits() == w.to_bits()),
                "{}: the gradient on {} threads differs from the first pool's",
                P::NAME,
                t.count
            ),
        }
    }
}

/// Times `primal/T` and `grad/T` of `p` for every pool size `T`.
fn bench<P: Problem>(c: &mut Criterion, p: &P, threads: &[Threads]) {
    check(p, threads);
    let x = p.x();
    // The gradient accumulates into dx over the iterations, as an unreset
    // shadow would; adding into it is part of the work measured.
    let mut dx = vec![0.0; x.len()];
    let mut g = c.benchmark_group(P::NAME);
    // Each call takes milliseconds: flat sampling (the same number of calls
    // per sample) is criterion's mode for long routines.
    g.sampling_mode(SamplingMode::Flat);
    for t in threads {
        let pool = pool(t.count);
        // The whole timing loop runs inside the pool, so `install` is not
        // timed and every rayon call of the routine uses this pool.
        g.bench_function(BenchmarkId::new("primal", &t.label), |b| {
            pool.install(|| b.iter(|| p.primal(black_box(x))))
        });
        g.bench_function(BenchmarkId::new("grad", &t.label), |b| {
            pool.install(|| b.iter(|| p.grad(black_box(x), black_box(&mut dx))))
        });
    }
    g.finish();
}

fn main() {
    let started = SystemTime::now();
    let threads = thread_counts();
    let heat = Heat::new(HEAT_N, HEAT_STEPS);
    let particles = Particles::new(PARTICLES);
    let docking = Docking::new(POSES, LIGAND, PROTEIN);
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c, &heat, &threads);
    bench(&mut c, &particles, &threads);
    bench(&mut c, &docking, &threads);
    c.final_summary();
    if measuring() {
        let rows = [
            (Heat::NAME, heat.size()),
            (Particles::NAME, particles.size()),
            (Docking::NAME, docking.size()),
        ];
        report(&rows, &threads, started);
    }
}

/// Prints, per problem and pool size, the medians, gradient/primal, the
/// speedups of both over their own one-thread median, and the ratio of the
/// speedups, marking misses of the targets.
fn report(rows: &[(&str, String)], threads: &[Threads], started: SystemTime) {
    println!();
    println!(
        "Medians of this run (criterion estimates); targets: grad/primal <= {GRAD_OVER_PRIMAL} \
         on 1 thread, grad speedup / primal speedup >= {SPEEDUP_RATIO}"
    );
    println!(
        "{:<10} {:>7} {:>11} {:>11} {:>11} {:>9} {:>9} {:>15}",
        "problem",
        "threads",
        "primal",
        "grad",
        "grad/primal",
        "primal x",
        "grad x",
        "grad x/primal x"
    );
    for (group, size) in rows {
        let median =
            |what: &str, t: &Threads| median_ns(group, &format!("{what}/{}", t.label), started);
        let one = threads.iter().find(|t| t.count == 1);
        let primal_1 = one.and_then(|t| median("primal", t));
        let grad_1 = one.and_then(|t| median("grad", t));
        let mut heading = Some(format!("{group} ({size})"));
        for t in threads {
            let (primal, grad) = (median("primal", t), median("grad", t));
            if primal.is_none() && grad.is_none() {
                continue;
            }
            // The problem's name, once, above its first row that ran.
            if let Some(h) = heading.take() {
                println!("{h}");
            }
            let speedup = |one: Option<f64>, this: Option<f64>| Some(one? / this?);
            let (primal_x, grad_x) = (speedup(primal_1, primal), speedup(grad_1, grad));
            let (cost, scaling) = if t.count == 1 {
                (Target::AtMost(GRAD_OVER_PRIMAL), Target::None)
            } else {
                (Target::None, Target::AtLeast(SPEEDUP_RATIO))
            };
            let label = if t.label == "all" {
                format!("all={}", t.count)
            } else {
                t.label.clone()
            };
            println!(
                "{:<10} {:>7} {:>11} {:>11} {:>11} {:>9} {:>9} {:>15}",
                "",
                label,
                fmt_time(primal),
                fmt_time(grad),
                fmt_ratio(grad, primal, cost),
                fmt_ratio(primal_x, Some(1.0), Target::None),
                fmt_ratio(grad_x, Some(1.0), Target::None),
                fmt_ratio(grad_x, primal_x, scaling),
            );
        }
    }
    println!("(x = speedup over the same routine on 1 thread; ! = misses its target)");
}
