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
use std::collections::{HashMap, HashSet};

/// The vectors loop `lp` overwrites whole, each with the length of the
/// prefix it writes, `[0, count)`: every write to the vector in the loop's
/// body is `buf[idx] = e`, each runs in every iteration of the loops
/// around it (a statement of a loop's body, or of both branches of an `if`
/// there), the loops around it (`lp` and loops in its body, all from 0,
/// without a step) and its index form a dense box, and nothing else in the
/// body touches the vector (no read, no length, no call, push or swap).
///
/// A dense box: the index is a sum of the loops' counters, each times a
/// product of variables never written and integers, every loop's counter
/// once and nothing else; ordered by their factors, the first counter's is
/// 1 and each next one's is the last one's times its loop's trip count
/// (`buf[r * w + c]` over `r in 0..h`, `c in 0..w`; `buf[k * n + r * w + c]`
/// over `k in 0..2` too, where `n = h * w`). The box covers
/// `[0, product of the trip counts)`. An index may go through a `let` of
/// a variable never written. Only the vectors [`Shapes::new`] lets a save
/// replace qualify.
pub fn whole_writes(shapes: &Shapes, lp: &Stmt) -> Vec<(VarId, Expr)> {
    let StmtKind::For { index, lo, hi, step: None, body, .. } = &lp.kind else { return Vec::new() };
    if !lo.is_lit_int(0) {
        return Vec::new();
    }
    let inside = defined_in(body);
    let mut bufs: Vec<VarId> = Vec::new();
    walk_stmts(body, &mut |s| {
        if let StmtKind::Assign { place, .. } = &s.kind {
            // A vector made in the body is fresh in every iteration: there
            // is none to save before the loop.
            if shapes.owned[place.base] && !inside.contains(&place.base) && !bufs.contains(&place.base) {
                bufs.push(place.base);
            }
        }
    });
    let mut out = Vec::new();
    for x in bufs {
        let cover = Cover { x, shapes, inside: &inside };
        if !cover.only_element_writes(body) {
            continue;
        }
        let mut chain = vec![(*index, hi)];
        if let Some(Covered { writes, count }) = cover.all_write(body, &mut chain) {
            if writes == cover.writes_in(body) {
                out.push((x, count));
            }
        }
    }
    out
}

/// What the coverage proofs of one function share: its `let`s of
/// variables never written (an index may be named by one), its loop
/// counters, the variables ever written, and the local vectors a save may
/// replace (see [`Shapes::new`]).
pub struct Shapes<'a> {
    lets: HashMap<VarId, &'a Expr>,
    counters: HashSet<VarId>,
    written: IdVec<VarId, bool>,
    owned: IdVec<VarId, bool>,
}

impl<'a> Shapes<'a> {
    /// A vector qualifies if it is a local vector (or array) of numbers
    /// (`vec!`, `to_vec`, `clone`, `Vec::with_capacity`), and so does every
    /// buffer a swap may exchange storage with: the save replaces the
    /// vector itself.
    pub fn new(f: &'a Function, t: &Types, written: &IdVec<VarId, bool>) -> Shapes<'a> {
        let mut lets = HashMap::new();
        let mut counters = HashSet::new();
        let mut owned = IdVec::filled(false, f.vars.len());
        let mut element_swaps = Vec::new();
        walk_stmts(&f.body, &mut |s| match &s.kind {
            StmtKind::Swap(a, b) if !a.is_var() || !b.is_var() => element_swaps.extend([a.base, b.base]),
            StmtKind::Let { var, init: Init::Expr(e) } if !written[*var] => {
                lets.insert(*var, e);
            }
            StmtKind::Let {
                var,
                init: Init::VecFill { .. } | Init::VecLit(_) | Init::Copy(_) | Init::WithCapacity(_),
            } => {
                owned[*var] =
                    matches!(t.vars[*var], Cat::Buf(Scalar::Float | Scalar::Int | Scalar::Bool | Scalar::Value));
            }
            StmtKind::For { index, .. } => {
                counters.insert(*index);
            }
            _ => {}
        });
        // A buffer whose elements are swapped with another's is left alone.
        for v in element_swaps {
            owned[v] = false;
        }
        super::agree_across_swaps(f, &mut owned);
        Shapes { lets, counters, written: written.clone(), owned }
    }
}

struct Cover<'a> {
    x: VarId,
    shapes: &'a Shapes<'a>,
    /// The variables defined in `lp`'s body.
    inside: &'a HashSet<VarId>,
}

/// Writes that cover a dense box: how many, and the box's size.
struct Covered {
    writes: usize,
    count: Expr,
}

impl Cover<'_> {
    /// Whether every statement of `body` that touches `x` is an element
    /// assignment `x[idx] = e`.
    fn only_element_writes(&self, body: &Block) -> bool {
        let x = self.x;
        let mut ok = true;
        walk_stmts(body, &mut |s| {
            crate::analysis::types::for_each_read(s, &mut |p| ok &= p.base != x);
            let touches = match &s.kind {
                StmtKind::Assign { place, op, .. } => {
                    place.base == x && (*op != AssignOp::Set || !matches!(place.proj.as_slice(), [Proj::Index(_)]))
                }
                StmtKind::Let { init: Init::Copy(b), .. } => b.place.base == x,
                StmtKind::Let { init: Init::Call(c), .. } | StmtKind::Call { call: c, .. } => {
                    c.args.iter().any(|a| match a {
                        Arg::Buf(b) => b.place.base == x,
                        Arg::Struct { place, .. } => place.base == x,
                        Arg::Value(_) => false,
                    })
                }
                StmtKind::Push { vec, .. } => vec.base == x,
                StmtKind::Swap(a, b) => a.base == x || b.base == x,
                StmtKind::Mpi(op) => op.bufs().any(|b| b.arg.place.base == x),
                _ => false,
            };
            ok &= !touches;
        });
        ok
    }

    /// If `block`, run in every iteration of the loops of `chain`
    /// (counter and bound, outermost first), writes `x` only at indices
    /// that form one dense box over those loops and the ones inside, and
    /// writes all of it in every run: the number of writes and the box's
    /// size.
    fn all_write<'b>(&self, block: &'b Block, chain: &mut Vec<(VarId, &'b Expr)>) -> Option<Covered> {
        let mut found: Option<Covered> = None;
        let add = |c: Covered, found: &mut Option<Covered>| match found {
            None => {
                *found = Some(c);
                true
            }
            Some(f) if same_expr(&f.count, &c.count) => {
                f.writes += c.writes;
                true
            }
            Some(_) => false,
        };
        for s in &block.stmts {
            let part = match &s.kind {
                StmtKind::Assign { place, .. } if place.base == self.x => {
                    let [Proj::Index(idx)] = place.proj.as_slice() else { return None };
                    Covered { writes: 1, count: self.dense(idx, chain)? }
                }
                StmtKind::If { then_blk, else_blk, .. } if self.writes_in(then_blk) + self.writes_in(else_blk) > 0 => {
                    let a = self.all_write(then_blk, chain)?;
                    let b = self.all_write(else_blk, chain)?;
                    if !same_expr(&a.count, &b.count) {
                        return None;
                    }
                    Covered { writes: a.writes + b.writes, count: a.count }
                }
                StmtKind::For { index, lo, hi, step: None, body, .. }
                    if self.writes_in(body) > 0 && lo.is_lit_int(0) =>
                {
                    chain.push((*index, hi));
                    let inner = self.all_write(body, chain);
                    chain.pop();
                    inner?
                }
                StmtKind::For { body, .. } | StmtKind::While { body, .. } if self.writes_in(body) > 0 => return None,
                _ => continue,
            };
            if !add(part, &mut found) {
                return None;
            }
        }
        found
    }

    /// The size of the dense box `idx` forms over the loops of `chain`
    /// (see [`whole_writes`]): the product of their bounds, `lp`'s as
    /// written, the inner ones' if they read only variables defined
    /// before `lp` (the size is computed there).
    fn dense(&self, idx: &Expr, chain: &[(VarId, &Expr)]) -> Option<Expr> {
        let mut left = Vec::new();
        self.terms(idx, &mut left)?;
        let inner_fixed = chain[1..].iter().all(|(_, hi)| self.fixed(hi) && self.before(hi));
        if left.len() != chain.len() || !inner_fixed {
            return None;
        }
        let mut stride: Vec<Expr> = Vec::new();
        while !left.is_empty() {
            let k = left.iter().position(|(_, f)| same_factors(f, &stride))?;
            let (v, _) = left.remove(k);
            let &(_, hi) = chain.iter().find(|(c, _)| *c == v)?;
            if !left.is_empty() {
                stride.extend(self.factors(hi)?);
            }
        }
        let bounds = chain.iter().map(|(_, hi)| (*hi).clone());
        bounds.reduce(|a, b| Expr::binary(BinOp::Mul, a, b, idx.span))
    }

    /// `e` as a sum of terms, each a counter times fixed factors (the
    /// counter, and the factors but 1).
    fn terms(&self, e: &Expr, out: &mut Vec<(VarId, Vec<Expr>)>) -> Option<()> {
        let e = self.resolve(e);
        if let ExprKind::Binary(BinOp::Add, a, b) = &e.kind {
            self.terms(a, out)?;
            return self.terms(b, out);
        }
        let mut parts = Vec::new();
        self.product(&e, &mut parts);
        let at = parts.iter().position(
            |p| matches!(&p.kind, ExprKind::Read(q) if q.is_var() && self.shapes.counters.contains(&q.base)),
        )?;
        let ExprKind::Read(counter) = &parts.remove(at).kind else { return None };
        if out.iter().any(|(v, _)| *v == counter.base) || !parts.iter().all(|p| self.fixed(p)) {
            return None;
        }
        parts.retain(|p| !p.is_lit_int(1));
        out.push((counter.base, parts));
        Some(())
    }

    /// The fixed factors of a loop bound, `None` if some are not fixed.
    fn factors(&self, e: &Expr) -> Option<Vec<Expr>> {
        let mut parts = Vec::new();
        self.product(&self.resolve(e), &mut parts);
        parts.retain(|p| !p.is_lit_int(1));
        parts.iter().all(|p| self.fixed(p)).then_some(parts)
    }

    /// The factors of a product, through `let`s.
    fn product(&self, e: &Expr, out: &mut Vec<Expr>) {
        match &e.kind {
            ExprKind::Binary(BinOp::Mul, a, b) => {
                self.product(&self.resolve(a), out);
                self.product(&self.resolve(b), out);
            }
            _ => out.push(e.clone()),
        }
    }

    /// Whether `e` has the same value wherever it is evaluated: it reads no
    /// counter and no variable ever written (through `let`s).
    fn fixed(&self, e: &Expr) -> bool {
        let mut ok = true;
        e.visit_reads(&mut |p| {
            let v = p.base;
            ok &= !self.shapes.written[v]
                && !self.shapes.counters.contains(&v)
                && self.shapes.lets.get(&v).is_none_or(|init| self.fixed(init));
        });
        ok
    }

    /// Whether `e` reads only variables defined before `lp`.
    fn before(&self, e: &Expr) -> bool {
        let mut ok = true;
        e.visit_reads(&mut |p| ok &= !self.inside.contains(&p.base));
        ok
    }

    fn writes_in(&self, b: &Block) -> usize {
        let mut n = 0;
        walk_stmts(b, &mut |s| {
            n += usize::from(matches!(&s.kind, StmtKind::Assign { place, .. } if place.base == self.x))
        });
        n
    }

    /// `e` with a variable bound by an unwritten `let` replaced by its
    /// initialiser.
    fn resolve(&self, e: &Expr) -> Expr {
        match &e.kind {
            ExprKind::Read(p) if p.is_var() => {
                self.shapes.lets.get(&p.base).map_or_else(|| e.clone(), |init| self.resolve(init))
            }
            _ => e.clone(),
        }
    }
}

/// Whether two lists of factors hold the same ones, in any order.
fn same_factors(a: &[Expr], b: &[Expr]) -> bool {
    let mut rest: Vec<&Expr> = b.iter().collect();
    a.len() == b.len()
        && a.iter().all(|x| match rest.iter().position(|y| same_expr(x, y)) {
            Some(k) => {
                rest.remove(k);
                true
            }
            None => false,
        })
}
