//! The benchmark suite of issue 7: every problem with its primal as a user
//! writes it, parad's gradient of that primal, a hand-written adjoint, and a
//! description for the Python peers. Included with `#[path]` by
//! `benches/suite.rs` (the criterion bench) and `tests/suite.rs` (which
//! checks the adjoints against each other and finite differences).
//!
//! | module | problem | primal from |
//! |---|---|---|
//! | `gmm` | ADBench GMM | the GradBench tool (`parad_gradbench::evals::gmm`) |
//! | `lstm` | ADBench LSTM | the GradBench tool (`parad_gradbench::evals::lstm`) |
//! | `ba` | bundle adjustment, gradient of the sum of squares | GradBench's residuals, summed here |
//! | `heat` | 2D heat stencil, serial and rayon | `benches/problems/parallel.rs` |
//! | `burgers` | 2D Burgers' equation, serial and rayon | `benches/problems/burgers.rs` |
//! | `particles` | pairwise particle energy, rayon | `benches/problems/parallel.rs` |
//! | `docking` | docking-style score, rayon | `benches/problems/parallel.rs` |
//!
//! The Burgers' equation with checkpointing is `burgers::Burgers::checkpointed`:
//! `burgers_serial`'s primal, differentiated with its time loop under
//! `#[checkpoint(binomial(snapshots = 8))]`, with the time and the peak heap
//! the suite measures for every problem.

// Each includer uses part of the suite.
#![allow(dead_code, clippy::needless_range_loop, clippy::too_many_arguments)]

pub mod ba;
pub mod burgers;
pub mod docking;
pub mod export;
pub mod gmm;
pub mod heat;
pub mod lstm;
pub mod memory;
pub mod particles;
pub mod problem;
pub mod sizes;

/// The rayon programs and the serial heat stencil, as users write them.
#[path = "../problems/parallel.rs"]
pub mod programs;

/// The Burgers' equation, serial and rayon, as users write it.
#[path = "../problems/burgers.rs"]
pub mod burgers_programs;
