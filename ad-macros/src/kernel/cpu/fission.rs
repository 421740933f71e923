//! Loop fission for the CPU path: the body of a block is cut at each
//! barrier into segments, each run for all threads of the block before the
//! next. A barrier inside an `if` or a loop stays inside it, and the `if`
//! or the loop runs once for the block, its condition evaluated with thread
//! 0's values: allowed only when the condition is uniform, so every thread
//! would have taken the same path (on a GPU, the only way for every thread
//! to reach the barrier).
//!
//! Then each variable is placed: one used in a single segment is a plain
//! local of that segment's thread loop; one used in several segments, or
//! by a condition evaluated for the block, lives in a per-thread array.

use super::super::ir::*;
use super::super::uniform::Uniform;
use crate::diag::Diag;

pub enum Piece<'k> {
    /// Statements without barriers, run for each thread in turn.
    Seg(usize, Vec<&'k Stmt>),
    Sync,
    If {
        cond: &'k Expr,
        then: Vec<Piece<'k>>,
        els: Vec<Piece<'k>>,
    },
    For {
        var: VarId,
        lo: &'k Expr,
        hi: &'k Expr,
        rev: bool,
        body: Vec<Piece<'k>>,
    },
    While {
        cond: &'k Expr,
        body: Vec<Piece<'k>>,
    },
    Reduce {
        acc: VarId,
        buf: Buf,
        idx: &'k Expr,
    },
}

pub struct Plan<'k> {
    pub pieces: Vec<Piece<'k>>,
    pub per_thread: IdVec<VarId, bool>,
}

const NON_UNIFORM: &str = "`sync_threads()` inside control flow that differs between the threads of a block: every \
     thread of the block must reach the barrier, so the condition (or the loop's range) may depend only on \
     values the whole block shares (parameters, `block_idx()`, `block_dim()`, `grid_dim()`, lengths, and locals \
     computed from them); compute the thread-dependent part inside the barrier-free code around it";

pub fn plan<'k>(k: &'k Kernel, diag: &Diag) -> Plan<'k> {
    let uni = Uniform::analyse(k);
    let mut next = 0;
    let pieces = split(&k.body, &uni, diag, &mut next);
    let mut places: IdVec<VarId, Vec<isize>> = IdVec::filled(vec![], k.locals.len());
    let mut block_vars = IdVec::filled(false, k.locals.len());
    record(&pieces, &mut places, &mut block_vars);
    let per_thread =
        k.locals.ids().map(|v| !block_vars[v] && (places[v].len() > 1 || places[v].contains(&-1))).collect();
    Plan { pieces, per_thread }
}

fn split<'k>(stmts: &'k [Stmt], uni: &Uniform, diag: &Diag, next: &mut usize) -> Vec<Piece<'k>> {
    let mut out = Vec::new();
    let mut seg: Vec<&Stmt> = Vec::new();
    let close = |seg: &mut Vec<&'k Stmt>, out: &mut Vec<Piece<'k>>, next: &mut usize| {
        if !seg.is_empty() {
            out.push(Piece::Seg(*next, std::mem::take(seg)));
            *next += 1;
        }
    };
    for s in stmts {
        if !s.has_sync() {
            seg.push(s);
            continue;
        }
        close(&mut seg, &mut out, next);
        match &s.kind {
            StmtKind::Sync => out.push(Piece::Sync),
            StmtKind::BlockReduceAdd { acc, buf, idx } => out.push(Piece::Reduce { acc: *acc, buf: *buf, idx }),
            StmtKind::If { cond, then, els } => {
                if !uni.expr(cond) {
                    diag.error_range(cond.span, cond.end, NON_UNIFORM);
                }
                let (then, els) = (split(then, uni, diag, next), split(els, uni, diag, next));
                out.push(Piece::If { cond, then, els });
            }
            StmtKind::For { var, lo, hi, rev, body } => {
                if !uni.expr(lo) || !uni.expr(hi) {
                    diag.error_range(lo.span, hi.end, NON_UNIFORM);
                }
                out.push(Piece::For { var: *var, lo, hi, rev: *rev, body: split(body, uni, diag, next) });
            }
            StmtKind::While { cond, body } => {
                if !uni.expr(cond) {
                    diag.error_range(cond.span, cond.end, NON_UNIFORM);
                }
                out.push(Piece::While { cond, body: split(body, uni, diag, next) });
            }
            // Only the kinds above can hold a barrier.
            _ => seg.push(s),
        }
    }
    close(&mut seg, &mut out, next);
    out
}

/// Notes, for each variable, the segments (`>= 0`) that use it and whether
/// a block-level evaluation does (`-1`).
fn record(pieces: &[Piece], places: &mut IdVec<VarId, Vec<isize>>, block_vars: &mut IdVec<VarId, bool>) {
    let mut note = |v: VarId, at: isize, places: &mut IdVec<VarId, Vec<isize>>| {
        if !places[v].contains(&at) {
            places[v].push(at);
        }
    };
    for p in pieces {
        match p {
            Piece::Seg(id, stmts) => {
                for s in stmts {
                    s.walk(&mut |s| {
                        if let StmtKind::Let { var, .. } | StmtKind::Assign { var, .. } | StmtKind::For { var, .. } =
                            &s.kind
                        {
                            note(*var, *id as isize, places);
                        }
                        for e in s.exprs() {
                            let mut vs = vec![];
                            e.vars(&mut vs);
                            vs.into_iter().for_each(|v| note(v, *id as isize, places));
                        }
                    });
                }
            }
            Piece::Sync => {}
            Piece::If { cond, then, els } => {
                block_expr(cond, places, &mut note);
                record(then, places, block_vars);
                record(els, places, block_vars);
            }
            Piece::For { var, lo, hi, body, .. } => {
                block_vars[*var] = true;
                block_expr(lo, places, &mut note);
                block_expr(hi, places, &mut note);
                record(body, places, block_vars);
            }
            Piece::While { cond, body } => {
                block_expr(cond, places, &mut note);
                record(body, places, block_vars);
            }
            Piece::Reduce { acc, idx, .. } => {
                note(*acc, -1, places);
                block_expr(idx, places, &mut note);
            }
        }
    }
}

fn block_expr(
    e: &Expr,
    places: &mut IdVec<VarId, Vec<isize>>,
    note: &mut impl FnMut(VarId, isize, &mut IdVec<VarId, Vec<isize>>),
) {
    let mut vs = vec![];
    e.vars(&mut vs);
    vs.into_iter().for_each(|v| note(v, -1, places));
}
