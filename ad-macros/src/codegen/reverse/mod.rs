//! Reverse mode: the augmented forward companion `__parad_fwd_NAME`, which
//! runs the function, records what the plan says, and returns the value with
//! a closure holding the adjoint sweep; and the flat derivative a user asks
//! for, both sweeps in one function.
//!
//! `RevGen` (`state`) holds what every file reads; each file adds the
//! methods of one part: `entry` the functions generated, `forward` the
//! forward sweep, `tape` the slots, `statements` and `adjoint` the adjoint
//! sweep of statements and expressions, `calls` calls, `fused` fused loops.
//! The optimisations (`hoist`, `merge`, `recip`, `stencil`, `par`, `whole`)
//! keep their tables in `tables`; `checkpoint`, `mpi` and `joint` handle
//! checkpointed loops, MPI operations and derivatives of derivatives.

mod adjoint;
mod calls;
mod checkpoint;
mod entry;
mod forward;
mod fused;
mod hoist;
pub(crate) mod joint;
mod merge;
pub(crate) mod mpi;
mod par;
mod print;
mod recip;
mod slots;
mod state;
mod statements;
mod stencil;
mod tables;
mod tape;
mod whole;

pub use print::{annotation, assign_op, seed_type};
pub use state::RevGen;
