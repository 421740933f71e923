//! Forward mode: the tangent companion `__parad_tan_NAME`, which runs the
//! function with a tangent beside every active value, and the flat forward
//! derivative a user asks for.
//!
//! `TanGen` (`state`) holds what every file reads; `entry` emits the
//! functions, `stmts`, `exprs` and `calls` the tangents of statements,
//! expressions and calls, `mpi` and `par` those of MPI operations and
//! rayon loops.

mod calls;
mod entry;
mod exprs;
mod mpi;
mod par;
mod slots;
mod state;
mod stmts;

pub use state::TanGen;
