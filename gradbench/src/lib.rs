//! parad as a GradBench tool: the protocol and the evals.

pub mod evals;
pub mod json;
pub mod protocol;
