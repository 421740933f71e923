//! Whole-buffer saves: a loop that overwrites a prefix of a local vector,
//! every element of it, without reading the vector, as `next` here:
//!
//! ```text
//! for r in 0..n {
//!     for c in 0..n {
//!         let k = r * n + c;
//!         if edge { next[k] = u[k]; } else { next[k] = stencil(u, k); }
//!     }
//! }
//! ```
//!
//! Tapenade's scheme saves each overwritten element before its write and
//! puts it back at the write's adjoint. Here the adjoint of the loop needs
//! none of the vector's values, only the vector as it was before the loop
//! once the loop's adjoint is done. So the vector is saved once, before the
//! loop, and put back once, after its adjoint (`save_whole`,
//! `restore_whole`): when the loop covers the whole vector, the save moves
//! the vector onto the tape and hands the loop a fresh one, and the restore
//! moves it back, no copy either way; when it covers a shorter prefix, the
//! prefix is copied out and back.
//!
//! This module finds the loops and vectors by their shape; the planner keeps
//! those whose overwrites need saving at all.

use super::types::{Cat, Scalar, Types};
use crate::ir::*;
use std::collections::HashMap;

/// The vectors loop `lp` overwrites whole, each with the length of the
/// prefix it writes, `[0, count)`: every write to the vector in the loop's
/// body is `buf[idx] = e` with `idx` one of the loop's element indices,
/// every iteration writes all of its elements, and nothing else in the
/// body touches the vector (no read, no length, no call, push or swap).
///
/// The element indices: a loop `for i in 0..h` writing `buf[i]` covers
/// `[0, h)`; one writing `buf[i * w + c]` (or `c + i * w`, `w * i + c`) in
/// every iteration of an inner `for c in 0..w` covers `[0, h * w)`, `w`
/// read from variables never written. A write counts when it is a
/// statement of the body (of the inner loop's body) or of both branches of
/// an `if` there; an index may go through a `let` of a variable never
/// written. Only local vectors qualify (`vec!`, `to_vec`, `clone`,
/// `Vec::with_capacity`), and only if every buffer a swap may exchange
/// storage with is one too: the save replaces the vector itself.
pub fn whole_writes(f: &Function, written: &[bool], lp: &Stmt, owned: &[bool]) -> Vec<(VarId, Expr)> {
    let StmtKind::For { index, lo, hi, step: None, body, .. } = &lp.kind else { return Vec::new() };
    if !lo.is_lit_int(0) {
        return Vec::new();
    }
    let lets = unwritten_lets(f, written);
    let mut out = Vec::new();
    let mut bufs: Vec<VarId> = Vec::new();
    walk_stmts(body, &mut |s| {
        if let StmtKind::Assign { place, .. } = &s.kind {
            if !bufs.contains(&place.base) {
                bufs.push(place.base);
            }
        }
    });
    for x in bufs.into_iter().filter(|&x| owned[x]) {
        let cover = Cover { x, lets: &lets, written };
        if !cover.only_element_writes(body) {
            continue;
        }
        if let Some(count) = cover.per_iteration(body, *index).map(|w| match w {
            None => hi.clone(),
            Some(w) => Expr::binary(BinOp::Mul, hi.clone(), w, lp.span),
        }) {
            out.push((x, count));
        }
    }
    out
}

/// Variables bound once by `let v = e` and never written: an index may be
/// named by one.
fn unwritten_lets<'a>(f: &'a Function, written: &[bool]) -> HashMap<VarId, &'a Expr> {
    let mut lets = HashMap::new();
    walk_stmts(&f.body, &mut |s| {
        if let StmtKind::Let { var, init: Init::Expr(e) } = &s.kind {
            if !written[*var] {
                lets.insert(*var, e);
            }
        }
    });
    lets
}

/// Per variable: a local vector (or array) of numbers whose storage a save
/// may take, and so may every buffer a swap exchanges it with.
pub fn owned_buffers(f: &Function, t: &Types) -> Vec<bool> {
    let mut owned = vec![false; f.vars.len()];
    walk_stmts(&f.body, &mut |s| {
        if let StmtKind::Let { var, init: Init::VecFill { .. } | Init::VecLit(_) | Init::Copy(_) | Init::WithCapacity(_) } = &s.kind {
            owned[*var] = matches!(t.vars[*var], Cat::Buf(Scalar::Float | Scalar::Int | Scalar::Bool));
        }
    });
    // Swapped buffers trade storage: both must qualify, transitively.
    let mut changed = true;
    while changed {
        changed = false;
        walk_stmts(&f.body, &mut |s| {
            if let StmtKind::Swap(a, b) = &s.kind {
                let both = owned[a.base] && owned[b.base] && a.is_var() && b.is_var();
                if owned[a.base] != both || owned[b.base] != both {
                    owned[a.base] = both;
                    owned[b.base] = both;
                    changed = true;
                }
            }
        });
    }
    owned
}

struct Cover<'a> {
    x: VarId,
    lets: &'a HashMap<VarId, &'a Expr>,
    written: &'a [bool],
}

impl Cover<'_> {
    /// Whether every statement of `body` that touches `x` is an element
    /// assignment `x[idx] = e`.
    fn only_element_writes(&self, body: &Block) -> bool {
        let x = self.x;
        let mut ok = true;
        walk_stmts(body, &mut |s| {
            crate::analysis::types::for_each_expr(s, &mut |e| {
                if let ExprKind::Read(p) | ExprKind::Len(p) = &e.kind {
                    ok &= p.base != x;
                }
            });
            let touches = match &s.kind {
                StmtKind::Assign { place, op, .. } => {
                    place.base == x && (*op != AssignOp::Set || !matches!(place.proj.as_slice(), [Proj::Index(_)]))
                }
                StmtKind::Let { init: Init::Copy(b), .. } => b.place.base == x,
                StmtKind::Let { init: Init::Call(c), .. } | StmtKind::Call { call: c, .. } => c.args.iter().any(|a| match a {
                    Arg::Buf(b) => b.place.base == x,
                    Arg::Struct { place, .. } => place.base == x,
                    Arg::Value(_) => false,
                }),
                StmtKind::Push { vec, .. } => vec.base == x,
                StmtKind::Swap(a, b) => a.base == x || b.base == x,
                StmtKind::Mpi(op) => op.bufs().any(|b| b.arg.place.base == x),
                _ => false,
            };
            ok &= !touches;
        });
        ok
    }

    /// The width each iteration of a loop over `i` covers with `body`:
    /// `Some(None)` for `x[i]`, `Some(Some(w))` for `x[i * w + c]` over an
    /// inner `for c in 0..w`, every element write being of that form.
    fn per_iteration(&self, body: &Block, i: VarId) -> Option<Option<Expr>> {
        let mut writes = 0;
        walk_stmts(body, &mut |s| writes += usize::from(matches!(&s.kind, StmtKind::Assign { place, .. } if place.base == self.x)));
        let single = |idx: &Expr| is_var(idx, i);
        if writes > 0 && self.all_write(body, &single) == Some(writes) {
            return Some(None);
        }
        for s in &body.stmts {
            let StmtKind::For { index: c, lo, hi: w, step: None, body: inner, .. } = &s.kind else { continue };
            let mut fixed = true;
            w.visit_reads(&mut |p| fixed &= !self.written[p.base]);
            if !lo.is_lit_int(0) || !fixed {
                continue;
            }
            let row = |idx: &Expr| match &idx.kind {
                ExprKind::Binary(BinOp::Add, a, b) => (is_var(b, *c) && self.is_scaled(a, i, w)) || (is_var(a, *c) && self.is_scaled(b, i, w)),
                _ => false,
            };
            if self.all_write(inner, &row) == Some(writes) {
                return Some(Some(w.clone()));
            }
        }
        None
    }

    /// If `block` writes `x` at an index `want` accepts in every run, and
    /// writes it nowhere else: the number of such writes. A write counts at
    /// the top of the block or in both branches of an `if` there.
    fn all_write(&self, block: &Block, want: &dyn Fn(&Expr) -> bool) -> Option<usize> {
        let mut total = 0;
        let mut covered = false;
        for s in &block.stmts {
            match &s.kind {
                StmtKind::Assign { place, .. } if place.base == self.x => {
                    let [Proj::Index(idx)] = place.proj.as_slice() else { return None };
                    if !want(&self.resolve(idx)) {
                        return None;
                    }
                    covered = true;
                    total += 1;
                }
                StmtKind::If { then_blk, else_blk, .. } => {
                    let (a, b) = (self.all_write(then_blk, want), self.all_write(else_blk, want));
                    match (a, b) {
                        (Some(a), Some(b)) if a > 0 && b > 0 => {
                            covered = true;
                            total += a + b;
                        }
                        _ if self.writes_in(then_blk) + self.writes_in(else_blk) == 0 => {}
                        _ => return None,
                    }
                }
                StmtKind::For { body, .. } | StmtKind::While { body, .. } if self.writes_in(body) > 0 => return None,
                _ => {}
            }
        }
        covered.then_some(total)
    }

    fn writes_in(&self, b: &Block) -> usize {
        let mut n = 0;
        walk_stmts(b, &mut |s| n += usize::from(matches!(&s.kind, StmtKind::Assign { place, .. } if place.base == self.x)));
        n
    }

    /// `e` with a variable bound by an unwritten `let` replaced by its
    /// initialiser.
    fn resolve(&self, e: &Expr) -> Expr {
        match &e.kind {
            ExprKind::Read(p) if p.is_var() => self.lets.get(&p.base).map_or_else(|| e.clone(), |init| self.resolve(init)),
            _ => e.clone(),
        }
    }

    /// `i * w` or `w * i`.
    fn is_scaled(&self, e: &Expr, i: VarId, w: &Expr) -> bool {
        match &self.resolve(e).kind {
            ExprKind::Binary(BinOp::Mul, a, b) => (is_var(a, i) && same_expr(b, w)) || (is_var(b, i) && same_expr(a, w)),
            _ => false,
        }
    }
}

fn is_var(e: &Expr, v: VarId) -> bool {
    matches!(&e.kind, ExprKind::Read(p) if p.is_var() && p.base == v)
}
