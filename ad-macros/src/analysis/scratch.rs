//! Scratch buffers: a buffer that each iteration of a loop rewrites whole
//! before it reads it, as `t` here:
//!
//! ```text
//! for i in 0..n {
//!     for j in 0..d { t[j] = x[i * d + j] - m[j]; }
//!     ... reads of t ...
//! }
//! ```
//!
//! Tapenade's scheme saves the value every write overwrites, which for `t`
//! is the previous iteration's contents, and puts it back at the write's
//! adjoint, a save and a restore per element and iteration. No adjoint needs
//! those contents: the adjoint of iteration `i` needs iteration `i`'s. So it
//! runs the rewrite again at its start instead (`Rebind::Rerun`), when that
//! costs no more than what it replaces: a loop of one element assignment of
//! cheap arithmetic.
//!
//! This module finds the candidates by their shape; the planner keeps those
//! whose rerun reads values it can provide, and whose buffer no adjoint reads
//! outside the iteration, or in it before the rewrite (a value carried in
//! from the previous iteration, or the one the loop leaves behind).

use super::types::{Cat, Types};
use crate::ir::*;

/// A buffer rewritten whole at the top level of a loop's body.
pub struct Scratch {
    pub buf: VarId,
    /// The loop whose body rewrites the buffer, and that body.
    pub lp: StmtId,
    pub body: BlockId,
    /// The rewrite, `for j in 0..len { buf[j] = e; }`, and its assignment.
    pub rewrite: Stmt,
    pub write: StmtId,
    /// What the rewrite reads, but its index and the buffer's length.
    pub reads: Vec<VarId>,
}

/// The rewrites of `f`'s loops that qualify by their shape: a counted loop
/// `for j in 0..len` (forward or reversed) whose body is one assignment
/// `buf[j] = e` of cheap arithmetic not reading `buf`, where `len` is the
/// length of `buf` (`buf.len()`, or the length it was created with, read
/// from variables never written, or a local never written that holds one of
/// those, as `buf.iter_mut()` lowers to), `buf` a local vector written only
/// element by element, never swapped, and the rewrite the only statement of
/// the body that writes it.
pub fn candidates(
    f: &Function,
    t: &Types,
    written: &IdVec<VarId, bool>,
    elementwise: &IdVec<VarId, bool>,
) -> Vec<Scratch> {
    let mut lengths = IdVec::filled(None, f.vars.len());
    let mut values = IdVec::filled(None, f.vars.len());
    let mut swapped = IdVec::filled(false, f.vars.len());
    walk_stmts(&f.body, &mut |s| match &s.kind {
        StmtKind::Let { var, init: Init::VecFill { len, .. } } => lengths[*var] = Some(len),
        StmtKind::Let { var, init: Init::Expr(e) } if !written[*var] => values[*var] = Some(e),
        StmtKind::Swap(a, b) => {
            swapped[a.base] = true;
            swapped[b.base] = true;
        }
        _ => {}
    });
    let local = |v: VarId| matches!(t.vars[v], Cat::Buf(_)) && elementwise[v] && !swapped[v] && !f.params.contains(&v);
    let length = |buf: VarId, hi: &Expr| match &hi.kind {
        ExprKind::Len(p) => p.is_var() && p.base == buf,
        _ => lengths[buf].is_some_and(|len| {
            let mut fixed = true;
            len.visit_reads(&mut |p| fixed &= !written[p.base]);
            fixed && same_expr(len, hi)
        }),
    };
    let whole = |buf: VarId, hi: &Expr| match &hi.kind {
        ExprKind::Read(p) if p.is_var() => values[p.base].is_some_and(|v| length(buf, v)) || length(buf, hi),
        _ => length(buf, hi),
    };

    let mut out = Vec::new();
    walk_stmts(&f.body, &mut |lp| {
        let body = match &lp.kind {
            StmtKind::For { body, par: None, .. } | StmtKind::While { body, .. }
                if !f.checkpoints.contains_key(&lp.id) =>
            {
                body
            }
            _ => return,
        };
        for w in &body.stmts {
            let StmtKind::For { index, lo, hi, step: None, body: inner, par: None, .. } = &w.kind else { continue };
            let [assign] = inner.stmts.as_slice() else { continue };
            let StmtKind::Assign { place, op: AssignOp::Set, value } = &assign.kind else { continue };
            let buf = place.base;
            let at_index = matches!(place.proj.as_slice(), [Proj::Index(i)] if matches!(&i.kind, ExprKind::Read(p) if p.is_var() && p.base == *index));
            let mut reads_buf = false;
            value.visit_reads(&mut |p| reads_buf |= p.base == buf);
            if !at_index
                || reads_buf
                || !lo.is_lit_int(0)
                || !super::cost::cheap(value)
                || !local(buf)
                || !whole(buf, hi)
            {
                continue;
            }
            let mut writers = 0;
            walk_stmts(body, &mut |s| super::prepare::for_each_write(s, &mut |v| writers += usize::from(v == buf)));
            if writers == 1 {
                let mut reads = Vec::new();
                hi.visit_reads(&mut |p| reads.push(p.base));
                value.visit_reads(&mut |p| reads.push(p.base));
                reads.retain(|&r| r != buf && r != *index);
                out.push(Scratch { buf, lp: lp.id, body: body.id, rewrite: w.clone(), write: assign.id, reads });
            }
        }
    });
    out
}
