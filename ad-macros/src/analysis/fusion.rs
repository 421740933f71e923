//! Sweep fusion: when a derivative is generated whole and its seed is known
//! up front, the adjoint of the function's last top-level loop can run
//! inside that loop, iteration by iteration, instead of in a second pass
//! over the data (what a hand-written adjoint of a reduction does).
//!
//! That is valid when
//! - the statements after the loop (the tail) are plain `let`s whose
//!   adjoints read no value the loop or the tail computes, so the tail's
//!   adjoint can run before the loop (`let s = 0.5 * sum` qualifies,
//!   `let s = sum.sqrt()` does not);
//! - nothing in the loop is saved for the adjoint (no value it reads is
//!   overwritten later), and the loop calls no function;
//! - the adjoint iterations are independent: a variable from outside the
//!   loop is either only read in it (its shadow is added to, in any order),
//!   or only accumulated into with `+=`/`-=` (its shadow is only read), or,
//!   for a buffer, only written at the loop's own index `y[i]`.

use super::plan::{Plan, Rebind, SlotKind};
use crate::ir::*;
use std::collections::HashSet;

/// The statement id of the top-level loop to fuse, if one qualifies.
pub fn fusable_loop(f: &Function, plan: &Plan) -> Option<StmtId> {
    let stmts = &f.body.stmts;
    let k = stmts.iter().rposition(|s| matches!(s.kind, StmtKind::For { .. } | StmtKind::While { .. }))?;
    let StmtKind::For { index, body, par: None, .. } = &stmts[k].kind else { return None };
    // A checkpointed loop's adjoint runs from its driver's snapshots.
    if f.checkpoints.contains_key(&stmts[k].id) {
        return None;
    }
    let tail = &stmts[k + 1..];

    let (ok, inner, written) = independent(body, *index, plan);
    if !ok {
        return None;
    }
    let mut tail_vars = HashSet::new();
    let mut tail_ids = HashSet::new();
    for s in tail {
        tail_ids.insert(s.id);
        match &s.kind {
            StmtKind::Let { var, init: Init::Expr(_) } => {
                tail_vars.insert(*var);
            }
            _ => return None,
        }
    }

    // The tail's adjoint must not read what the loop or the tail computes.
    for (v, at) in plan.read_at.iter().enumerate() {
        let read_by_tail = at.iter().any(|s| s.is_some_and(|s| tail_ids.contains(&s)));
        if read_by_tail && (written.contains(&v) || tail_vars.contains(&v) || inner.contains(&v)) {
            return None;
        }
    }
    Some(stmts[k].id)
}

/// Whether the adjoint iterations of a counted loop are independent, so they
/// may run in any order (inside the forward loop, or front to back): no
/// value is saved, nothing is called or pushed, and an outer variable is
/// only read, only accumulated into, or (a buffer) only written at the
/// loop's own index. Also returns the variables local to the loop and the
/// outer ones it writes.
pub fn independent(body: &Block, index: VarId, plan: &Plan) -> (bool, HashSet<VarId>, HashSet<VarId>) {
    // Variables local to the loop (its index included).
    let mut inner: HashSet<VarId> = HashSet::new();
    inner.insert(index);
    let mut ok = stack_free(body, plan);
    walk_stmts(body, &mut |s| {
        match &s.kind {
            StmtKind::Let { var, init } => {
                inner.insert(*var);
                if matches!(init, Init::Call(_)) {
                    ok = false;
                }
            }
            StmtKind::For { index: inner_index, .. } => {
                inner.insert(*inner_index);
            }
            StmtKind::Call { .. } | StmtKind::Mpi(_) | StmtKind::While { .. } | StmtKind::Swap(..) | StmtKind::Push { .. } => ok = false,
            _ => {}
        }
        if plan.saves.contains_key(&s.id) || plan.call_slots.contains_key(&s.id) {
            ok = false;
        }
    });
    if !ok {
        return (false, inner, HashSet::new());
    }

    // Outer variables the loop writes, and how.
    let mut written: HashSet<VarId> = HashSet::new();
    let mut read: HashSet<VarId> = HashSet::new();
    walk_stmts(body, &mut |s| {
        if let StmtKind::Assign { place, op, value } = &s.kind {
            let v = place.base;
            if !inner.contains(&v) {
                written.insert(v);
                let accumulate = place.is_var() && matches!(op, AssignOp::Add | AssignOp::Sub);
                let own_element = matches!(place.proj.as_slice(),
                    [Proj::Index(i)] if matches!(&i.kind, ExprKind::Read(p) if p.is_var() && p.base == index))
                    && matches!(op, AssignOp::Set | AssignOp::Add | AssignOp::Sub);
                if !accumulate && !own_element {
                    ok = false;
                }
            }
            value.visit_reads(&mut |p| {
                read.insert(p.base);
            });
            place.visit_index_reads(&mut |p| {
                read.insert(p.base);
            });
        } else {
            super::types::for_each_read(s, &mut |p| {
                read.insert(p.base);
            });
        }
    });
    let ok = ok && !written.iter().any(|v| read.contains(v));
    (ok, inner, written)
}

/// Whether every value the loop's blocks rebind comes from a direct-indexed
/// slot (readable in any order), not from a stack.
fn stack_free(b: &Block, plan: &Plan) -> bool {
    let direct = plan.rebind.get(&b.id).is_none_or(|r| {
        r.iter().all(|(_, how)| match how {
            Rebind::Recompute(_) => true,
            Rebind::Tape(slot) => matches!(plan.slots[*slot].kind, SlotKind::Direct(_)),
        })
    });
    direct
        && b.stmts.iter().all(|s| match &s.kind {
            StmtKind::If { then_blk, else_blk, .. } => stack_free(then_blk, plan) && stack_free(else_blk, plan),
            StmtKind::For { body, .. } | StmtKind::While { body, .. } => stack_free(body, plan),
            _ => true,
        })
}
