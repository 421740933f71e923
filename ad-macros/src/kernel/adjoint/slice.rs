//! Backward slicing of straight IR code: the statements needed to compute
//! the values some later code reads, and what they read in turn. A reverse
//! iteration recomputes only the slice of its forward iteration that its
//! adjoint needs (and a carried value only the slice that computes it).

use super::super::ir::*;
use std::collections::HashSet;

pub type Live = HashSet<VarId>;

fn reads_expr(e: &Expr, live: &mut Live) {
    let mut vs = Vec::new();
    e.vars(&mut vs);
    live.extend(vs);
}

/// Every local read anywhere in `stmts`.
pub fn reads(stmts: &[Stmt]) -> Live {
    let mut live = Live::new();
    for s in stmts {
        s.walk(&mut |s| {
            if let StmtKind::BlockReduceAdd { acc, .. } = s.kind {
                live.insert(acc);
            }
            s.exprs().into_iter().for_each(|e| reads_expr(e, &mut live));
        });
    }
    live
}

/// The statements of `stmts` that `live_out` (read after them) depends on,
/// and the locals they read from before them. Statements with effects on
/// memory are always kept.
pub fn slice(stmts: &[Stmt], live_out: &Live) -> (Vec<Stmt>, Live) {
    let mut live = live_out.clone();
    let mut kept = Vec::new();
    for s in stmts.iter().rev() {
        match &s.kind {
            StmtKind::Let { var, init: e } | StmtKind::Assign { var, value: e } => {
                if live.remove(var) {
                    reads_expr(e, &mut live);
                    kept.push(s.clone());
                }
            }
            StmtKind::If { cond, then, els } => {
                let (t, lt) = slice(then, &live);
                let (f, lf) = slice(els, &live);
                if !t.is_empty() || !f.is_empty() {
                    live = &lt | &lf;
                    reads_expr(cond, &mut live);
                    kept.push(Stmt {
                        kind: StmtKind::If { cond: cond.clone(), then: t, els: f },
                        span: s.span,
                        end: s.end,
                    });
                }
            }
            StmtKind::For { var, lo, hi, rev, body } => {
                let (b, head) = fixpoint(body, &live, None);
                if !b.is_empty() {
                    live = head;
                    live.remove(var);
                    reads_expr(lo, &mut live);
                    reads_expr(hi, &mut live);
                    kept.push(Stmt {
                        kind: StmtKind::For { var: *var, lo: lo.clone(), hi: hi.clone(), rev: *rev, body: b },
                        span: s.span,
                        end: s.end,
                    });
                }
            }
            StmtKind::While { cond, body } => {
                let (b, head) = fixpoint(body, &live, Some(cond));
                if !b.is_empty() {
                    live = head;
                    kept.push(Stmt { kind: StmtKind::While { cond: cond.clone(), body: b }, span: s.span, end: s.end });
                }
            }
            _ => {
                if let StmtKind::BlockReduceAdd { acc, .. } = s.kind {
                    live.insert(acc);
                }
                s.exprs().into_iter().for_each(|e| reads_expr(e, &mut live));
                kept.push(s.clone());
            }
        }
    }
    kept.reverse();
    (kept, live)
}

/// A loop body's slice: the locals live at the loop's head are those live
/// after it plus those the body reads from its previous iteration.
fn fixpoint(body: &[Stmt], after: &Live, cond: Option<&Expr>) -> (Vec<Stmt>, Live) {
    let mut head = after.clone();
    if let Some(c) = cond {
        reads_expr(c, &mut head);
    }
    loop {
        let (b, inb) = slice(body, &head);
        let mut next = &head | &inb;
        if let Some(c) = cond {
            reads_expr(c, &mut next);
        }
        if next == head {
            return (b, head);
        }
        head = next;
    }
}
