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
//! **Slot: the Burgers' equation with checkpointing (time and peak
//! memory).** Not here yet: `#[checkpoint]` is being built in the macro.
//! It joins as a `Problem` whose primal is `burgers_serial` with its time
//! loop under `#[checkpoint(...)]`; `sizes::problems` lists it, and the
//! report already has its section (time and peak memory, which the suite
//! measures for every problem).

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
