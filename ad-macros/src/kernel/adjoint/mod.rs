//! The adjoint kernel, built in the kernel IR so that both emitters print
//! it. Each thread runs its forward sweep (the primal body, keeping what
//! its reverse sweep needs in registers: the conditions of its branches,
//! the bounds and trip counts of its loops, the values its assignments
//! overwrite) and then its reverse sweep, in which every barrier of the
//! primal appears again, mirrored. Writes into shadows follow the design's
//! GPU rules (`access`): a thread's own element without atomics, an element
//! the whole block agrees on summed over the block first, any other with an
//! atomic addition.
//!
//! Loops are reversed by recomputation (`sweep`): each reverse iteration
//! recomputes the forward values of its own iteration, and a value the loop
//! carries from one iteration to the next that the adjoint needs is
//! recomputed from the loop's start (quadratic in the trip count, no
//! memory). A value read inside a loop from a buffer the kernel writes
//! cannot be recomputed: if the adjoint needs one, the kernel is rejected
//! with an error at the read.
//!
//! Stages: `setup` (the signature, activities, shadows), `prepare` (reads
//! of written buffers into locals, activity, index classes), `sweep`
//! (forward and reverse sweeps), `adj` (the adjoint of an expression),
//! `slice` (what a recomputation must keep), then `merge` (additions into
//! one element summed first).

mod access;
pub mod adj;
mod merge;
mod prepare;
pub mod setup;
mod slice;
mod state;
mod sweep;

use super::ir::*;
use crate::diag::Diag;
use crate::parse::DiffSpec;

pub fn build(primal: &Kernel, spec: &DiffSpec, diag: &Diag) -> Option<Kernel> {
    let errors = diag.error_count();
    let (mut a, body) = setup::setup(primal, spec, diag)?;
    let body = a.prepare(body);
    if diag.error_count() > errors {
        return None;
    }
    let out = a.sweeps(&body);
    if diag.error_count() > errors {
        return None;
    }
    a.k.body = out;
    merge::merge_adds(&mut a.k);
    Some(a.k)
}

pub use adj::Kir;
pub use setup::remap_stmt;
