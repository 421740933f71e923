//! Analyses over the IR. Results live in side tables keyed by variable,
//! statement and block ids.

pub mod activity;
pub mod batched;
pub mod checkpoint;
pub mod cost;
pub mod fusion;
pub mod known;
pub mod methods;
pub mod plan;
pub mod prepare;
pub mod scratch;
pub mod types;
pub mod whole;

use crate::ir::{walk_stmts, Function, IdVec, StmtKind, VarId};

/// Clears the flag of every buffer a swap may exchange storage with one
/// whose flag is clear, transitively: swapped buffers trade storage, so a
/// property of a buffer's storage holds for both sides or for neither.
pub fn agree_across_swaps(f: &Function, flags: &mut IdVec<VarId, bool>) {
    let mut changed = true;
    while changed {
        changed = false;
        walk_stmts(&f.body, &mut |s| {
            if let StmtKind::Swap(a, b) = &s.kind {
                let both = flags[a.base] && flags[b.base];
                if flags[a.base] != both || flags[b.base] != both {
                    flags[a.base] = both;
                    flags[b.base] = both;
                    changed = true;
                }
            }
        });
    }
}
