//! Analyses over the IR. Results live in side tables keyed by variable,
//! statement and block ids.

pub mod activity;
pub mod checkpoint;
pub mod fusion;
pub mod plan;
pub mod prepare;
pub mod scratch;
pub mod types;
pub mod whole;
