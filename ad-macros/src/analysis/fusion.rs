//! Sweep fusion: when a derivative is generated whole and its seed is known
//! up front, the adjoint of the function's last top-level loop can run
//! inside that loop, iteration by iteration, instead of in a second pass
//! over the data (what a hand-written adjoint of a reduction does). A rayon
//! loop is fused the same way, each chunk running its iterations' forward
//! and adjoint (its sums and private shadows come back together).
//!
//! That is valid when
//! - the statements after the loop (the tail) are plain `let`s and
//!   assignments of numbers whose adjoints read no value the loop or the
//!   tail computes, so the tail's adjoint can run before the loop
//!   (`let s = 0.5 * sum` qualifies, `let s = sum.sqrt()` does not);
//! - nothing in the loop is saved for the adjoint (no value it reads is
//!   overwritten later), and the loop calls no function;
//! - the adjoint iterations are independent: a variable from outside the
//!   loop is either only read in it (its shadow is added to, in any order),
//!   or only accumulated into with `+=`/`-=` (its shadow is only read), or,
//!   for a buffer, only written at the loop's own index `y[i]`.
//!
//! Fusion nests: inside a fused loop's body, the last loop is fused in turn
//! when the same holds of it and of the statements after it in the body. The
//! pair energy `for i { let mut e = 0.0; for j { e += .. } total += e }`
//! runs each pair's adjoint right after the pair, once `de` is known from
//! the adjoint of `total += e`, instead of computing every pair a second
//! time in a reversed loop over `j`.

use super::plan::{Plan, Rebind, SlotKind};
use crate::ir::*;
use std::collections::HashSet;

/// What runs fused in a derivative: the loops whose adjoints run inside
/// them, outermost first, and the blocks whose forward and adjoint run one
/// right after the other (the fused loops' bodies, and the branches of an
/// `if` that ends one), whose locals the adjoint reads live.
#[derive(Default)]
pub struct Fused {
    pub loops: Vec<StmtId>,
    pub blocks: HashSet<BlockId>,
}

/// The function's last top-level loop if it qualifies (a rayon loop
/// included); inside a fused block, its last loop if that qualifies in turn
/// (a serial one), or else the branches of the `if` it ends with; and so on
/// inwards.
pub fn fused(f: &Function, plan: &Plan) -> Fused {
    let mut out = Fused::default();
    if let Some(s) = fusable_in(&f.body, f, plan, true) {
        out.loops.push(s.id);
        fuse_body(loop_body(s), f, plan, &mut out);
    }
    out
}

fn fuse_body(b: &Block, f: &Function, plan: &Plan, out: &mut Fused) {
    out.blocks.insert(b.id);
    if let Some(s) = fusable_in(b, f, plan, false) {
        out.loops.push(s.id);
        fuse_body(loop_body(s), f, plan, out);
    } else if let Some(StmtKind::If { then_blk, else_blk, .. }) = b.stmts.last().map(|s| &s.kind) {
        // The adjoint of the `if` follows its forward directly: one test.
        fuse_body(then_blk, f, plan, out);
        fuse_body(else_blk, f, plan, out);
    }
}

fn loop_body(s: &Stmt) -> &Block {
    match &s.kind {
        StmtKind::For { body, .. } => body,
        _ => unreachable!("only counted loops are fused"),
    }
}

/// The last loop of block `b`, if its adjoint can run inside it (see the
/// module); a rayon loop only where `par` allows.
fn fusable_in<'b>(b: &'b Block, f: &Function, plan: &Plan, par: bool) -> Option<&'b Stmt> {
    let stmts = &b.stmts;
    let k = stmts.iter().rposition(|s| matches!(s.kind, StmtKind::For { .. } | StmtKind::While { .. }))?;
    let StmtKind::For { index, body, par: p, .. } = &stmts[k].kind else { return None };
    // A checkpointed loop's adjoint runs from its driver's snapshots.
    if p.is_some() && !par || f.checkpoints.contains_key(&stmts[k].id) {
        return None;
    }
    let tail = &stmts[k + 1..];

    let (ok, inner, written) = independent(body, *index, plan);
    if !ok {
        return None;
    }
    // What the tail defines or assigns.
    let mut tail_vars = HashSet::new();
    let mut tail_ids = HashSet::new();
    for s in tail {
        tail_ids.insert(s.id);
        match &s.kind {
            StmtKind::Let { var, init: Init::Expr(_) } => {
                tail_vars.insert(*var);
            }
            StmtKind::Assign { place, .. } if place.is_var() && !plan.saves.contains_key(&s.id) => {
                tail_vars.insert(place.base);
            }
            _ => return None,
        }
    }

    // The tail's adjoint must not read what the loop or the tail computes.
    for (v, at) in plan.read_at.iter_enumerated() {
        let read_by_tail = at.iter().any(|s| s.is_some_and(|s| tail_ids.contains(&s)));
        if read_by_tail && (written.contains(&v) || tail_vars.contains(&v) || inner.contains(&v)) {
            return None;
        }
    }
    Some(&stmts[k])
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
            StmtKind::Call { .. }
            | StmtKind::Mpi(_)
            | StmtKind::While { .. }
            | StmtKind::Swap(..)
            | StmtKind::Push { .. } => ok = false,
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
            Rebind::Recompute(_) | Rebind::Rerun(_) => true,
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
