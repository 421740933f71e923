//! Forward mode on the rayon problems of the suite: for each, the primal
//! and parad's tangent (`#[autodiff(forward, ...)]`, one direction) in
//! rayon pools of 1 thread and of every core (`all`; `PARAD_BENCH_THREADS=1,4`
//! chooses others), timed in the same run. After criterion's own output, a
//! table of medians, tangent/primal per pool, and the speedups of both
//! from the first pool to the last.
//!
//! ```sh
//! cargo bench --bench forward -- --warm-up-time 1 --measurement-time 3
//! ```

#[path = "problems/parallel.rs"]
mod programs;
#[path = "problems/report.rs"]
mod report;

use criterion::{black_box, BenchmarkId, Criterion};
use parad::check::random_vec;
use programs::*;
use report::{fmt_ratio, fmt_time, measuring, median_ns, thread_counts, Target, Threads};
use std::time::SystemTime;

/// The problems at the suite's full sizes: one closure for the primal and
/// one for the tangent, each returning what it computed.
struct Problem {
    name: &'static str,
    primal: Box<dyn Fn() -> f64 + Sync>,
    tangent: Box<dyn Fn() -> (f64, f64) + Sync>,
}

fn problems() -> Vec<Problem> {
    let n = 256;
    let u0 = random_vec(n * n, 0.0, 1.0, 41);
    let du0 = random_vec(n * n, -1.0, 1.0, 51);
    let (u0a, du0a) = (u0.clone(), du0.clone());
    let heat = Problem {
        name: "heat2d",
        primal: Box::new(move || heat2d(&u0, 0.2, n, 50)),
        tangent: Box::new(move || heat2d_fwd(&u0a, &du0a, 0.2, 1.0, n, 50)),
    };
    let m = 1500;
    let side = (m as f64).cbrt();
    let pos = random_vec(3 * m, 0.0, side, 42);
    let dpos = random_vec(3 * m, -1.0, 1.0, 52);
    let pos_a = pos.clone();
    let particles = Problem {
        name: "particles",
        primal: Box::new(move || particle_energy(&pos, 1.0)),
        tangent: Box::new(move || particle_energy_fwd(&pos_a, &dpos, 1.0, 1.0)),
    };
    let poses = random_vec(3 * 64, -1.0, 1.0, 43);
    let ligand = random_vec(3 * 100, -2.0, 2.0, 44);
    let protein = random_vec(3 * 200, -15.0, 15.0, 45);
    let charges = random_vec(300, -0.5, 0.5, 46);
    let dposes = random_vec(3 * 64, -1.0, 1.0, 53);
    let dligand = random_vec(3 * 100, -1.0, 1.0, 54);
    let (poses_a, ligand_a, protein_a, charges_a) = (poses.clone(), ligand.clone(), protein.clone(), charges.clone());
    let docking_problem = Problem {
        name: "docking",
        primal: Box::new(move || docking(&poses, &ligand, &protein, &charges)),
        tangent: Box::new(move || docking_fwd(&poses_a, &dposes, &ligand_a, &dligand, &protein_a, &charges_a)),
    };
    vec![heat, particles, docking_problem]
}

fn main() {
    let started = SystemTime::now();
    let mut c = Criterion::default().configure_from_args();
    let threads = thread_counts();
    let problems = problems();
    for p in &problems {
        let mut g = c.benchmark_group(format!("forward_{}", p.name));
        for t in &threads {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(t.count).build().unwrap();
            g.bench_function(BenchmarkId::new("primal", &t.label), |b| {
                b.iter(|| pool.install(|| black_box((p.primal)())))
            });
            g.bench_function(BenchmarkId::new("tangent", &t.label), |b| {
                b.iter(|| pool.install(|| black_box((p.tangent)())))
            });
        }
        g.finish();
    }
    c.final_summary();
    if measuring() {
        report(&problems, &threads, started);
    }
}

/// Prints the medians, tangent/primal per pool and the speedups from the
/// first pool to the last (target: the tangent's at least 0.9 times the
/// primal's, as for the gradients).
fn report(problems: &[Problem], threads: &[Threads], started: SystemTime) {
    let (first, last) = (&threads[0].label, &threads.last().unwrap().label);
    println!();
    println!("Medians of this run (criterion estimates); speedups from {first} to {last} threads");
    println!(
        "{:<10} {:>8} {:>12} {:>12} {:>15} {:>15} {:>16} {:>7}",
        "problem", "threads", "primal", "tangent", "tangent/primal", "primal speedup", "tangent speedup", "ratio"
    );
    for p in problems {
        let group = format!("forward_{}", p.name);
        for t in threads.iter().map(|t| &t.label) {
            let primal = median_ns(&group, &format!("primal/{t}"), started);
            let tangent = median_ns(&group, &format!("tangent/{t}"), started);
            let (mut sp, mut st, mut ratio) = (String::new(), String::new(), String::new());
            if t == last && first != last {
                let p1 = median_ns(&group, &format!("primal/{first}"), started);
                let t1 = median_ns(&group, &format!("tangent/{first}"), started);
                sp = fmt_ratio(p1, primal, Target::None);
                st = fmt_ratio(t1, tangent, Target::None);
                if let (Some(p1), Some(pn), Some(t1), Some(tn)) = (p1, primal, t1, tangent) {
                    ratio = fmt_ratio(Some(t1 / tn), Some(p1 / pn), Target::AtLeast(0.9));
                }
            }
            println!(
                "{:<10} {:>8} {:>12} {:>12} {:>15} {:>15} {:>16} {:>7}",
                p.name,
                t,
                fmt_time(primal),
                fmt_time(tangent),
                fmt_ratio(tangent, primal, Target::None),
                sp,
                st,
                ratio
            );
        }
    }
    println!("(! = misses its target)");
}
