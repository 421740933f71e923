//! Differential testing of parad with random programs.
//!
//! `parad-fuzz-gen` writes batches of random differentiable functions, each
//! with a reverse and a forward derivative and a checker; this crate runs
//! them:
//!
//! - `tests/random.rs` checks a few fixed-seed batches (written by
//!   `build.rs`) as part of the test suite;
//! - the `hunt` binary explores new seeds: each batch becomes a standalone
//!   cargo project ([`project`]) that is built against this checkout of
//!   parad and run, and every function that does not compile or whose
//!   derivative is wrong is written to a reproducer under `difftest/found/`
//!   ([`report`]); `--reduce NAME` shrinks one of them to a few lines
//!   ([`reduce`]).
//!
//! Why: the hand-written tests check each construct alone; random programs
//! combine them (branches in rayon loops in checkpointed loops calling
//! functions on sub-slices) in ways nobody writes tests for, and check the
//! derivatives against each other and against finite differences, which
//! need no expected values.

pub mod project;
pub mod reduce;
pub mod report;
