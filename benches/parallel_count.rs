//! A driver for instruction counts of the parallel benchmarks, repeatable on
//! a busy machine where timings are not:
//!
//! ```sh
//! cargo build --release --example parallel_count
//! valgrind --tool=callgrind target/release/examples/parallel_count heat primal
//! valgrind --tool=callgrind target/release/examples/parallel_count heat grad
//! valgrind --tool=callgrind target/release/examples/parallel_count heat primal 0   # the setup alone
//! valgrind --tool=callgrind target/release/examples/parallel_count gmm64 hand        # the hand-written adjoint
//! ```
//!
//! It runs the primal, parad's gradient or the hand-written adjoint of one
//! problem of the benchmark suite (`benches/suite`), `REPS` times (one by
//! default) in a rayon pool of one thread. The rayon problems at their full
//! size (`heat`: 256 x 256, 50 steps; `burgers`: 256 x 256, 20 steps;
//! `particles`: 1500; `docking`: 64 poses, 100 ligand atoms, 200 protein
//! atoms), and `heat_serial` and `burgers_serial` the serial versions; the
//! serial GMM with K = 25 at `gmm10` (d = 10, n = 1000) and `gmm64` (d = 64,
//! n = 200, a fifth of the report's points to keep callgrind quick); the
//! LSTM (`lstm`: 2 layers, b = 14, 1024 characters).

// The suite's problems are index loops, and the hand-written adjoints take
// every buffer they touch, as they do in the benchmark suite.
#![allow(clippy::needless_range_loop, clippy::too_many_arguments)]

// The parts of the benchmark suite these problems need, as the suite's
// module tree has it (each uses `super::problem` and `super::programs`).
#[allow(dead_code)]
#[path = "suite/burgers.rs"]
mod burgers;
#[path = "problems/burgers.rs"]
mod burgers_programs;
#[path = "suite/docking.rs"]
mod docking;
#[path = "suite/gmm.rs"]
mod gmm;
#[path = "suite/heat.rs"]
mod heat;
#[path = "suite/lstm.rs"]
mod lstm;
#[path = "suite/particles.rs"]
mod particles;
#[allow(dead_code)]
#[path = "suite/problem.rs"]
mod problem;
#[path = "problems/parallel.rs"]
mod programs;

use burgers::Burgers;
use docking::Docking;
use gmm::Gmm;
use heat::Heat;
use lstm::Lstm;
use particles::Particles;
use problem::Problem;

const USAGE: &str = "usage: parallel_count heat|heat_serial|burgers|burgers_serial|particles|docking|gmm10|gmm64|lstm primal|grad|hand [REPS]";

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().expect(USAGE);
    let what = args.next().unwrap_or_else(|| "grad".into());
    let reps: usize = args.next().map_or(1, |r| r.parse().expect(USAGE));
    assert!(["primal", "grad", "hand"].contains(&what.as_str()), "{USAGE}");
    let total = match name.as_str() {
        "heat" => run(&Heat::new(256, 50, true), &what, reps),
        "heat_serial" => run(&Heat::new(256, 50, false), &what, reps),
        "burgers" => run(&Burgers::new(256, 20, true), &what, reps),
        "burgers_serial" => run(&Burgers::new(256, 20, false), &what, reps),
        "particles" => run(&Particles::new(1500), &what, reps),
        "docking" => run(&Docking::new(64, 100, 200), &what, reps),
        "gmm10" => run(&Gmm::new(10, 25, 1000), &what, reps),
        "gmm64" => run(&Gmm::new(64, 25, 200), &what, reps),
        "lstm" => run(&Lstm::new(2, 14, 1024), &what, reps),
        _ => panic!("{USAGE}"),
    };
    println!("{name} {what}: {total}");
}

/// Runs the primal or a gradient of `problem` `reps` times in a pool of
/// one thread; returns the sum of what they computed, so none is optimised
/// away.
fn run<P: Problem>(problem: &P, what: &str, reps: usize) -> f64 {
    let x = problem.x().to_vec();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let mut total = 0.0;
    pool.install(|| {
        for _ in 0..reps {
            if what == "primal" {
                total += problem.primal(std::hint::black_box(&x));
            } else {
                let mut dx = vec![0.0; x.len()];
                total += if what == "grad" {
                    problem.parad(std::hint::black_box(&x), &mut dx)
                } else {
                    problem.hand(std::hint::black_box(&x), &mut dx)
                };
                total += dx.iter().sum::<f64>();
            }
        }
    });
    total
}
