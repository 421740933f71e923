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

use super::plan::Plan;
use crate::ir::*;
use std::collections::HashSet;

/// The statement id of the top-level loop to fuse, if one qualifies.
pub fn fusable_loop(f: &Function, plan: &Plan) -> Option<StmtId> {
    let stmts = &f.body.stmts;
    let k = stmts.iter().rposition(|s| matches!(s.kind, StmtKind::For { .. } | StmtKind::While { .. }))?;
    let StmtKind::For { index, body, .. } = &stmts[k].kind else { return None };
    let tail = &stmts[k + 1..];

    // Variables defined inside the loop (its index included) or in the tail.
    let mut inner: HashSet<VarId> = HashSet::new();
    inner.insert(*index);
    let mut loop_ids: HashSet<StmtId> = HashSet::new();
    let mut ok = true;
    walk_stmts(body, &mut |s| {
        loop_ids.insert(s.id);
        match &s.kind {
            StmtKind::Let { var, init } => {
                inner.insert(*var);
                if matches!(init, Init::Call(_)) {
                    ok = false;
                }
            }
            StmtKind::For { index, .. } => {
                inner.insert(*index);
            }
            StmtKind::Call { .. } | StmtKind::While { .. } | StmtKind::Swap(..) | StmtKind::Push { .. } => ok = false,
            _ => {}
        }
        if plan.saves.contains_key(&s.id) || plan.call_slots.contains_key(&s.id) {
            ok = false;
        }
    });
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
                    [Proj::Index(i)] if matches!(&i.kind, ExprKind::Read(p) if p.is_var() && p.base == *index))
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
    if !ok || written.iter().any(|v| read.contains(v)) {
        return None;
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
