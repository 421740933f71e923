//! What the step of a checkpointed loop reads and writes of the code
//! around it.
//!
//! The *state* is what the driver snapshots and restores: every variable
//! from outside the loop that the body writes (the body's own locals are
//! fresh in every step). Taking all of them, rather than only those live
//! after the loop, costs a few snapshot bytes for scratch buffers and can
//! never miss a value a later step reads.

use super::prepare::for_each_write;
use super::types::for_each_read;
use crate::ir::*;
use std::collections::BTreeSet;

pub struct StepVars {
    /// Outer variables the body writes, in variable order.
    pub state: Vec<VarId>,
    /// Every outer variable the body reads or writes: recomputing a step
    /// in the reverse sweep needs them as the forward sweep saw them.
    pub outer: Vec<VarId>,
}

pub fn step_vars(body: &Block) -> StepVars {
    let inner = defined_in(body);
    let (mut state, mut used) = (BTreeSet::new(), BTreeSet::new());
    walk_stmts(body, &mut |s| {
        for_each_write(s, &mut |v| {
            state.insert(v);
        });
        for_each_read(s, &mut |p| {
            used.insert(p.base);
        });
        // Buffers passed whole to a call or copied are read, not only
        // their bounds.
        let call = match &s.kind {
            StmtKind::Call { call, .. } | StmtKind::Let { init: Init::Call(call), .. } => Some(call),
            _ => None,
        };
        for a in call.iter().flat_map(|c| &c.args) {
            match a {
                Arg::Buf(b) => used.insert(b.place.base),
                Arg::Struct { place, .. } => used.insert(place.base),
                Arg::Value(_) => false,
            };
        }
        match &s.kind {
            StmtKind::Let { init: Init::Copy(b), .. } => {
                used.insert(b.place.base);
            }
            StmtKind::Mpi(op) => {
                used.insert(op.comm);
            }
            _ => {}
        }
    });
    state.retain(|v| !inner.contains(v));
    used.extend(state.iter().copied());
    used.retain(|v| !inner.contains(v));
    StepVars { state: state.into_iter().collect(), outer: used.into_iter().collect() }
}

/// A step's state must be something a snapshot can copy and the step can
/// take out of the driver's tuple: numbers, vectors, arrays, `&mut` slices.
pub fn check_state(f: &Function, t: &super::types::Types, diag: &crate::diag::Diag) {
    walk_stmts(&f.body, &mut |s| {
        let (Some(ck), StmtKind::For { body, .. } | StmtKind::While { body, .. }) = (f.checkpoints.get(&s.id), &s.kind)
        else {
            return;
        };
        for v in step_vars(body).state {
            if t.vars[v] == super::types::Cat::Struct {
                diag.error(
                    ck.span,
                    format!(
                        "the loop writes the struct `{}`, which a checkpoint cannot snapshot yet; keep the loop's \
                         state in local vectors and numbers (copy the fields in before the loop and out after)",
                        f.vars[v].name
                    ),
                );
            }
        }
    });
}
