//! parad as a GradBench tool: the protocol and the evals.

// The evals are written as GradBench's reference implementations are, with
// index loops over several arrays at once.
#![allow(clippy::needless_range_loop)]

pub mod evals;
pub mod json;
pub mod protocol;
