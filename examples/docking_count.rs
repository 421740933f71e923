//! A driver for instruction counts of the docking benchmark, repeatable on
//! a busy machine where timings are not:
//!
//! ```sh
//! cargo build --release --example docking_count
//! valgrind --tool=callgrind target/release/examples/docking_count primal
//! valgrind --tool=callgrind target/release/examples/docking_count grad
//! valgrind --tool=callgrind target/release/examples/docking_count primal 0   # the setup alone
//! ```
//!
//! It runs the primal or parad's gradient of `docking` (64 poses, 100 ligand
//! atoms, 200 protein atoms, the full size of the benchmark suite) `REPS`
//! times (one by default) in a rayon pool of one thread.

// The part of the benchmark suite (`benches/suite`) the docking problem
// needs, as the suite's module tree has it (`docking` uses `super::problem`
// and `super::programs`).
#[path = "../benches/suite/docking.rs"]
mod docking;
#[allow(dead_code)]
#[path = "../benches/suite/problem.rs"]
mod problem;
#[path = "../benches/problems/parallel.rs"]
mod programs;

use docking::Docking;
use problem::Problem;

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_else(|| "grad".into());
    let reps: usize = args.next().map_or(1, |r| r.parse().expect("REPS is a count"));
    assert!(what == "primal" || what == "grad", "usage: docking_count primal|grad [REPS]");
    let problem = Docking::new(64, 100, 200);
    let x = problem.x().to_vec();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let mut total = 0.0;
    pool.install(|| {
        for _ in 0..reps {
            if what == "primal" {
                total += problem.primal(std::hint::black_box(&x));
            } else {
                let mut dx = vec![0.0; x.len()];
                total += problem.parad(std::hint::black_box(&x), &mut dx);
                total += dx.iter().sum::<f64>();
            }
        }
    });
    println!("{what}: {total}");
}
