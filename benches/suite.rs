//! The benchmark suite (issue 7): for every problem of `suite/`, the
//! primal, parad's gradient and the hand-written adjoint, timed in the same
//! run (the rayon problems in pools of several sizes), and central finite
//! differences next to the primal and parad on a small instance of each
//! kind; then, once per problem, the peak heap of each routine.
//!
//! - `PARAD_BENCH_MODE=smoke|quick|full` picks the sizes (`suite/sizes.rs`;
//!   `full` under `cargo bench`, `smoke` under `cargo test`, which runs
//!   every benchmark once).
//! - `PARAD_BENCH_THREADS=1,2,4` the pool sizes of the rayon problems (else
//!   1 and all threads).
//! - `PARAD_BENCH_EXPORT=DIR` writes each problem's inputs and parad's
//!   gradient for the Python peers into `DIR` and exits without timing.
//!
//! After criterion's own output the medians go to
//! `target/bench-data/results.json`, which `bench-report` turns into
//! `bench-report/REPORT.md`; `scripts/bench-report.sh` runs it all. See
//! `benches/README.md`.

#[path = "problems/report.rs"]
mod report;
#[path = "suite/mod.rs"]
mod suite;

use criterion::{black_box, BenchmarkId, Criterion, SamplingMode};
use rayon::{ThreadPool, ThreadPoolBuilder};
use report::{thread_counts, Threads};
use serde_json::json;
use std::collections::BTreeMap;
use std::time::SystemTime;
use suite::export::{data_dir, write_inputs};
use suite::memory::{peak_bytes, Counting};
use suite::problem::{central_differences, Problem};
use suite::sizes::{problems, small_problems, Mode};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn pool(threads: usize) -> ThreadPool {
    ThreadPoolBuilder::new().num_threads(threads).build().unwrap()
}

/// Once per problem before timing, at the timed size: both gradients
/// finite, their values the primal's, the two gradients equal (the test
/// checks this tightly on small inputs; here it guards the timed sizes),
/// and for a rayon problem parad's gradient bitwise the same in every pool.
fn check(p: &dyn Problem, threads: &[Threads]) {
    let (name, x) = (p.name(), p.x());
    let primal = p.primal(x);
    let grad = |f: &dyn Fn(&[f64], &mut [f64]) -> f64| {
        let mut dx = vec![0.0; x.len()];
        let v = f(x, &mut dx);
        assert!((v - primal).abs() <= 1e-10 * primal.abs().max(1.0), "{name}: value {v:e}, primal {primal:e}");
        assert!(dx.iter().all(|g| g.is_finite()), "{name}: gradient not finite");
        dx
    };
    let (parad, hand) = (grad(&|x, dx| p.parad(x, dx)), grad(&|x, dx| p.hand(x, dx)));
    let scale = parad.iter().fold(0.0f64, |m, g| m.max(g.abs()));
    for (i, (a, b)) in parad.iter().zip(&hand).enumerate() {
        assert!((a - b).abs() <= 1e-8 * scale, "{name}: d/dx[{i}] is {a:e} (parad), {b:e} (hand-written)");
    }
    if p.parallel() {
        for t in threads {
            let got = pool(t.count).install(|| grad(&|x, dx| p.parad(x, dx)));
            assert!(
                got.iter().zip(&parad).all(|(a, b)| a.to_bits() == b.to_bits()),
                "{name}: gradient differs on {} threads",
                t.count
            );
        }
    }
}

/// One of a problem's routines, as the bench calls it.
type Routine<'a> = Box<dyn Fn(&[f64], &mut [f64]) -> f64 + Sync + 'a>;

/// The three routines of `p`, by id.
fn routines(p: &dyn Problem) -> [(&'static str, Routine<'_>); 3] {
    [
        ("primal", Box::new(|x, _| p.primal(x))),
        ("parad", Box::new(|x, dx| p.parad(x, dx))),
        ("hand", Box::new(|x, dx| p.hand(x, dx))),
    ]
}

/// Times `primal`, `parad` and `hand`, in every pool for a rayon problem
/// (ids `primal/T`), else once (ids `primal`). The gradients accumulate
/// into a shadow that is not reset, as an unreset shadow would; the
/// primal ignores it.
fn bench(c: &mut Criterion, p: &dyn Problem, threads: &[Threads]) {
    let x = p.x();
    let mut dx = vec![0.0; x.len()];
    let mut g = c.benchmark_group(p.name());
    // Calls take milliseconds to seconds: the same number per sample.
    g.sampling_mode(SamplingMode::Flat);
    for (id, f) in routines(p) {
        if p.parallel() {
            for t in threads {
                // The timing loop runs inside the pool, so `install` is not timed.
                let pool = pool(t.count);
                g.bench_function(BenchmarkId::new(id, &t.label), |b| {
                    pool.install(|| b.iter(|| f(black_box(x), black_box(&mut dx))))
                });
            }
        } else {
            g.bench_function(id, |b| b.iter(|| f(black_box(x), black_box(&mut dx))));
        }
    }
    g.finish();
}

/// Times the primal, parad and central differences on a small instance,
/// on one thread.
fn bench_small(c: &mut Criterion, p: &dyn Problem) {
    let (x, one) = (p.x(), pool(1));
    let mut dx = vec![0.0; x.len()];
    let mut g = c.benchmark_group(format!("small_{}", p.name()));
    g.sampling_mode(SamplingMode::Flat);
    g.bench_function("primal", |b| one.install(|| b.iter(|| p.primal(black_box(x)))));
    g.bench_function("parad", |b| one.install(|| b.iter(|| p.parad(black_box(x), black_box(&mut dx)))));
    g.bench_function("fd", |b| one.install(|| b.iter(|| central_differences(p, black_box(x), black_box(&mut dx)))));
    g.finish();
}

fn main() {
    let measuring = report::measuring();
    let mode = Mode::from_env(measuring);
    let list = problems(mode);
    if let Some(dir) = std::env::var_os("PARAD_BENCH_EXPORT") {
        write_inputs(dir.as_ref(), mode.name(), &list).expect("the peers' inputs are written");
        println!("wrote the inputs of {} problems ({} mode) to {}", list.len(), mode.name(), dir.to_string_lossy());
        return;
    }
    let started = SystemTime::now();
    let threads = thread_counts();
    let small = small_problems(mode);
    let mut c = Criterion::default().sample_size(10).configure_from_args();
    for p in &list {
        check(p.as_ref(), &threads);
        bench(&mut c, p.as_ref(), &threads);
    }
    for p in &small {
        bench_small(&mut c, p.as_ref());
    }
    c.final_summary();
    if measuring {
        let path = data_dir().join("results.json");
        let results = results(mode, &list, &small, &threads, started);
        std::fs::create_dir_all(data_dir())
            .and_then(|_| std::fs::write(&path, serde_json::to_string_pretty(&results).unwrap()))
            .expect("results written");
        println!(
            "\nmedians written to {}; `cargo run --release -p parad-bench-report` makes the report",
            path.display()
        );
    }
}

/// The medians of this run and each routine's peak heap, as JSON. A
/// problem criterion filtered out (no median at all) is left out.
fn results(
    mode: Mode,
    list: &[Box<dyn Problem>],
    small: &[Box<dyn Problem>],
    threads: &[Threads],
    started: SystemTime,
) -> serde_json::Value {
    let median = |group: &str, id: &str| report::median_ns(group, id, started);
    let rows: Vec<_> = list
        .iter()
        .filter_map(|p| {
            let name = p.name();
            let mut times = BTreeMap::new();
            for t in threads.iter().filter(|t| p.parallel() || t.count == 1) {
                let at = |id: &str| if p.parallel() { median(&name, &format!("{id}/{}", t.label)) } else { median(&name, id) };
                let (primal, parad, hand) = (at("primal"), at("parad"), at("hand"));
                if primal.or(parad).or(hand).is_some() {
                    times.insert(t.count.to_string(), json!({ "primal": primal, "parad": parad, "hand": hand }));
                }
            }
            if times.is_empty() {
                return None;
            }
            // Each routine once, on its own one-thread pool (see `peak_bytes`).
            let memory: BTreeMap<_, _> = routines(p.as_ref())
                .iter()
                .map(|(id, f)| {
                    let mut dx = vec![0.0; p.x().len()];
                    (*id, peak_bytes(|| {
                        black_box(f(p.x(), &mut dx));
                    }))
                })
                .collect();
            Some(json!({ "name": name, "label": p.label(), "size": p.size(), "wrt": p.wrt(), "parallel": p.parallel(), "times": times, "memory": memory }))
        })
        .collect();
    let small: Vec<_> = small
        .iter()
        .filter_map(|p| {
            let group = format!("small_{}", p.name());
            let (primal, parad, fd) = (median(&group, "primal"), median(&group, "parad"), median(&group, "fd"));
            primal.or(parad).or(fd)?;
            Some(json!({ "name": p.name(), "label": p.label(), "size": p.size(), "inputs": p.x().len(), "primal": primal, "parad": parad, "fd": fd }))
        })
        .collect();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    json!({
        "mode": mode.name(),
        "cores": std::thread::available_parallelism().map_or(1, |n| n.get()),
        "threads": threads.iter().map(|t| t.count).collect::<Vec<_>>(),
        "finished_unix": SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs()),
        "load_average": load.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
        "problems": rows,
        "small": small,
        "pending": [],
    })
}
