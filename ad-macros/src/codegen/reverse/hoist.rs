//! Loop-invariant adjoint accumulations. In the adjoint of a loop (`for` or
//! `while`, reversed or fused), an adjoint write `dx[k] += g` whose index
//! `k` is the same in every iteration adds into a local instead, declared
//! before the loop and added into the shadow once after it, as a
//! hand-written adjoint would: the docking score's
//! `dligand[3 * a]` is summed over all protein atoms `b` in a register
//! rather than read, bounds-checked and written back once per atom pair.
//!
//! Only the order of additions into one element changes, so the rewrite
//! applies to a buffer `x` in a loop when every access the loop's adjoint
//! makes to `x`'s shadow is such an addition:
//! - `x` is neither defined nor written in the loop, nor copied or passed
//!   to a call there (each of which reads or overwrites its shadow);
//! - every read of `x` in an expression with an adjoint is `x[k]`, an
//!   element. Those whose `k` reads no variable the loop assigns (its
//!   counter, its locals, whatever it writes) are accumulated; the others
//!   add into the shadow as before, which is still only a reordering of
//!   additions when they reach the same element (the particle energy's
//!   `dpos[3 * i]` accumulates over `j` beside `dpos[3 * j]`).
//!
//! The final addition evaluates `k` (and indexes the shadow with it), so it
//! runs only where the function evaluated `k` itself: when the loops around
//! a read that runs in every iteration ran at least once (`if n > 0 { .. }`),
//! since an index such as `x[i - 1]` in an empty `for j in 0..i` with
//! `i == 0` may not be valid; and for a read under an `if` or a `while` (or
//! in a loop whose bounds change), when the accumulator is not zero, which
//! it is until a read's adjoint added something (`if dx_i != 0.0 { .. }`;
//! skipping a zero changes at most the sign of a zero).
//!
//! Outside parallel code, a loop holding a rayon loop is left alone (the
//! rayon loop's adjoint runs in closures). An accumulation moves out of the
//! outermost loop where it qualifies: the pose's `dposes[i * 3]` in the
//! docking score is summed over all `a` and `b`. The rewrite is the same in
//! every chunk of a parallel loop, so gradients stay independent of the
//! number of threads.

use super::state::RevGen;
use super::tables::Accumulator;
use crate::analysis::types::{place_cat, Cat};
use crate::codegen::emit::{self, E};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;
use std::cell::Cell;
use std::collections::HashSet;
use syn::Ident;

/// An element of a shadow that the adjoint of one loop accumulates in a local.
pub(super) struct Hoisted {
    /// The element read in the loop, `x[k]`.
    place: Place,
    /// The bounds of the loops that must run for the loop's adjoint to
    /// evaluate the index: the loop itself, and those between it and the read.
    ran: Vec<(Expr, Expr)>,
    /// Every read of the element is conditional: the addition is guarded by
    /// the accumulator being non-zero instead.
    conditional: bool,
}

/// A read with an adjoint, found in a loop body.
struct Access {
    place: Place,
    /// Under an `if`, a `while`, or a loop whose bounds change in the loop.
    conditional: bool,
    /// The bounds of the loops between the loop body and the read.
    path: Vec<(Expr, Expr)>,
}

impl RevGen<'_> {
    /// The accumulator an adjoint write into the shadow of `p` goes to, if
    /// an enclosing loop hoisted it; marks it used.
    pub(super) fn hoisted_accumulator(&self, p: &Place) -> Option<&Ident> {
        let (_, acc) = self.hoisted.iter().find(|(q, _)| same_place(q, p))?;
        acc.used.set(true);
        Some(&acc.name)
    }

    /// Chooses the shadow elements the adjoint of loop `body` (counter
    /// `index`, bounds `lo..hi`) accumulates in locals, and redirects the
    /// adjoint writes into them until `end_hoisting`; the loop's invariants
    /// are known to `recip` until then too.
    pub(super) fn begin_hoisting(
        &mut self,
        index: VarId,
        lo: &Expr,
        hi: &Expr,
        step: Option<&Expr>,
        body: &Block,
    ) -> Vec<Hoisted> {
        let varying = assigned_in(body, index);
        self.enter_loop(varying.clone());
        let reads_varying = |e: &Expr| reads_any(e, &varying);
        if reads_varying(lo) || reads_varying(hi) || step.is_some_and(reads_varying) {
            return Vec::new();
        }
        self.hoist_in(body, &varying, (lo.clone(), hi.clone()))
    }

    /// `begin_hoisting` for a `while` loop, whose adjoint runs `counter`
    /// times (the number of iterations the forward sweep counted).
    pub(super) fn begin_hoisting_while(&mut self, counter: VarId, body: &Block) -> Vec<Hoisted> {
        let varying = assigned_in(body, counter);
        self.enter_loop(varying.clone());
        let span = proc_macro2::Span::call_site();
        self.hoist_in(body, &varying, (Expr::int(0, span), Expr::var(counter, span)))
    }

    /// The accumulations of a loop body, which assigns `varying`, and whose
    /// adjoint runs when `ran` (its bounds) is not empty.
    fn hoist_in(&mut self, body: &Block, varying: &HashSet<VarId>, ran: (Expr, Expr)) -> Vec<Hoisted> {
        if self.par_depth == 0 && holds_par_loop(body) {
            return Vec::new();
        }
        let reads_varying = |e: &Expr| reads_any(e, varying);
        let mut blocked = HashSet::new();
        let mut accesses = Vec::new();
        scan(body, varying, &mut Vec::new(), false, &mut blocked, &mut accesses);

        let mut chosen: Vec<Hoisted> = Vec::new();
        for a in &accesses {
            let x = a.place.base;
            if self.shadow[x].is_none() || !self.act.vars[x] || blocked.contains(&x) {
                continue; // no shadow to add into, or already refused
            }
            let element = match a.place.proj.as_slice() {
                [Proj::Index(k)] if place_cat(self.t, &a.place) == Cat::FLOAT && !self.struct_params[x] => Some(k),
                _ => None,
            };
            let Some(k) = element else {
                blocked.insert(x);
                continue;
            };
            if reads_varying(k) {
                continue; // added into the shadow in each iteration
            }
            if self.hoisted.iter().any(|(q, _)| same_place(q, &a.place)) {
                continue; // an enclosing loop accumulates it already
            }
            let mut loops = vec![ran.clone()];
            loops.extend(a.path.iter().cloned());
            match chosen.iter_mut().find(|h| same_place(&h.place, &a.place)) {
                // Any one read of the element that runs in every iteration
                // suffices to guard its addition.
                Some(_) if a.conditional => {}
                Some(h) if h.conditional || h.ran.len() > loops.len() => {
                    h.ran = loops;
                    h.conditional = false;
                }
                Some(_) => {}
                None => chosen.push(Hoisted { place: a.place.clone(), ran: loops, conditional: a.conditional }),
            }
        }
        chosen.retain(|h| !blocked.contains(&h.place.base));
        for h in &chosen {
            let shadow = self.shadow[h.place.base].as_ref().unwrap();
            let name = self.names.fresh(&accumulator_name(shadow, &h.place, self.f));
            self.hoisted.push((h.place.clone(), Accumulator { name, used: Cell::new(false) }));
        }
        chosen
    }

    /// Ends the redirection of `begin_hoisting`: the declarations of the
    /// reciprocals and accumulators the loop's adjoint used, to go before
    /// the loop, and the additions into the shadow, to go after it.
    pub(super) fn end_hoisting(&mut self, hoisted: Vec<Hoisted>) -> (TokenStream, TokenStream) {
        let mut decls = self.leave_loop();
        // The additions, grouped by the condition that guards them: an
        // accumulator's own, or the loops that must have run.
        let mut groups: Vec<(Guard, TokenStream)> = Vec::new();
        for h in hoisted {
            let at = self.hoisted.iter().position(|(q, _)| same_place(q, &h.place));
            let (_, acc) = self.hoisted.remove(at.expect("hoisted accumulators are registered"));
            if !acc.used.get() {
                continue;
            }
            let name = acc.name;
            let zero = self.dzero();
            decls.extend(quote!(let mut #name = #zero;));
            let mut add = TokenStream::new();
            let span = proc_macro2::Span::call_site();
            self.adj(&Expr::read(h.place, span), E::atom(quote!(#name)), &mut add);
            let guard = if h.conditional { Guard::NonZero(name) } else { Guard::Ran(may_not_run(&h.ran)) };
            match groups.iter_mut().find(|(g, _)| g.same(&guard)) {
                Some((_, adds)) => adds.extend(add),
                None => groups.push((guard, add)),
            }
        }
        let mut flush = TokenStream::new();
        let zero = self.dzero();
        for (guard, adds) in groups {
            let cond = match guard {
                Guard::NonZero(name) => Some(E::atom(quote!(#name != #zero))),
                Guard::Ran(loops) => self.ran(&loops),
            };
            flush.extend(match cond {
                Some(c) => {
                    let c = c.ts;
                    quote!(if #c { #adds })
                }
                None => adds,
            });
        }
        (decls, flush)
    }

    /// `lo < hi && ...` (`hi > 0` where `lo` is zero) for the loops of
    /// `may_not_run`; `None` when there are none.
    fn ran(&self, loops: &[(Expr, Expr)]) -> Option<E> {
        let conds = loops.iter().map(|(lo, hi)| {
            if lo.int_lit() == Some(0) {
                emit::binary(BinOp::Gt, &self.em.expr(hi), &E::atom(quote!(0)))
            } else {
                emit::binary(BinOp::Lt, &self.em.expr(lo), &self.em.expr(hi))
            }
        });
        conds.reduce(|prev, c| emit::binary(BinOp::And, &prev, &c))
    }
}

/// What guards the addition of hoisted accumulators into their shadows.
enum Guard {
    /// Its accumulator is not zero (every read of it is conditional).
    NonZero(Ident),
    /// These loops ran (see `may_not_run`).
    Ran(Vec<(Expr, Expr)>),
}

impl Guard {
    fn same(&self, other: &Guard) -> bool {
        match (self, other) {
            (Guard::NonZero(a), Guard::NonZero(b)) => a == b,
            (Guard::Ran(a), Guard::Ran(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same_bounds(x, y)),
            _ => false,
        }
    }
}

/// The loops of `loops` that may run zero times (bounds not two literals
/// in order), each once.
fn may_not_run(loops: &[(Expr, Expr)]) -> Vec<(Expr, Expr)> {
    let mut out: Vec<(Expr, Expr)> = Vec::new();
    for b @ (lo, hi) in loops {
        if matches!((lo.int_lit(), hi.int_lit()), (Some(l), Some(h)) if l < h) {
            continue;
        }
        if !out.iter().any(|o| same_bounds(o, b)) {
            out.push(b.clone());
        }
    }
    out
}

/// Whether two loops' bounds give the same "ran" condition (`hi > 0`
/// from any literal zero).
fn same_bounds((l1, h1): &(Expr, Expr), (l2, h2): &(Expr, Expr)) -> bool {
    let zero = |e: &Expr| e.int_lit() == Some(0);
    same_tree(h1, h2) && (zero(l1) && zero(l2) || same_tree(l1, l2))
}

fn reads_any(e: &Expr, vars: &HashSet<VarId>) -> bool {
    e.reads_where(|v| vars.contains(&v))
}

/// Whether a block holds a rayon loop.
fn holds_par_loop(body: &Block) -> bool {
    let mut found = false;
    walk_stmts(body, &mut |s| found |= matches!(s.kind, StmtKind::For { par: Some(_), .. }));
    found
}

/// The variables a loop assigns: its counter, the variables its body
/// defines (inner counters included), and those it writes or lets a callee
/// write. An index reading none of them is the same in every iteration.
fn assigned_in(body: &Block, index: VarId) -> HashSet<VarId> {
    let mut out = HashSet::from([index]);
    walk_stmts(body, &mut |s| match &s.kind {
        StmtKind::Let { var, init } => {
            out.insert(*var);
            if let Init::Call(c) = init {
                out.extend(mutable_args(c));
            }
        }
        StmtKind::Assign { place, .. } => {
            out.insert(place.base);
        }
        StmtKind::Call { dests, call } => {
            out.extend(dests.iter().copied());
            out.extend(mutable_args(call));
        }
        StmtKind::Push { vec, .. } => {
            out.insert(vec.base);
        }
        StmtKind::Swap(a, b) => {
            out.insert(a.base);
            out.insert(b.base);
        }
        StmtKind::For { index, .. } => {
            out.insert(*index);
        }
        StmtKind::Mpi(op) => {
            out.extend(op.written().map(|b| b.arg.place.base));
        }
        StmtKind::If { .. } | StmtKind::While { .. } | StmtKind::Opaque(_) | StmtKind::Check { .. } => {}
    });
    out
}

fn mutable_args(c: &Call) -> Vec<VarId> {
    c.args
        .iter()
        .filter_map(|a| match a {
            Arg::Buf(b) if b.mutable => Some(b.place.base),
            Arg::Struct { place, mutable: true, .. } => Some(place.base),
            _ => None,
        })
        .collect()
}

/// Collects, in program order, the reads of a loop body whose adjoints add
/// into a shadow, and the variables whose shadow the body's adjoint touches
/// some other way (`blocked`): defined or written in the body, copied, or
/// passed to a call. `path` holds the bounds of the loops around the
/// statements being scanned, inside the body.
fn scan(
    b: &Block,
    varying: &HashSet<VarId>,
    path: &mut Vec<(Expr, Expr)>,
    conditional: bool,
    blocked: &mut HashSet<VarId>,
    out: &mut Vec<Access>,
) {
    let reads = |e: &Expr, out: &mut Vec<Access>, path: &[(Expr, Expr)]| {
        adjoint_reads(e, &mut |p| out.push(Access { place: p.clone(), conditional, path: path.to_vec() }))
    };
    for s in &b.stmts {
        match &s.kind {
            StmtKind::Let { var, init } => {
                blocked.insert(*var);
                match init {
                    Init::Expr(e) | Init::VecFill { elem: e, .. } | Init::ArrayFill { elem: e, .. } => {
                        reads(e, out, path)
                    }
                    Init::VecLit(es) | Init::ArrayLit(es) => es.iter().for_each(|e| reads(e, out, path)),
                    Init::Copy(src) => {
                        blocked.insert(src.place.base);
                    }
                    Init::Call(c) => call(c, blocked, &mut |e| reads(e, out, path)),
                    Init::Uninit | Init::WithCapacity(_) => {}
                }
            }
            StmtKind::Assign { place, value, .. } => {
                blocked.insert(place.base);
                reads(value, out, path);
                for p in &place.proj {
                    if let Proj::Index(i) = p {
                        reads(i, out, path);
                    }
                }
            }
            StmtKind::Call { dests, call: c } => {
                blocked.extend(dests.iter().copied());
                call(c, blocked, &mut |e| reads(e, out, path));
            }
            StmtKind::Push { vec, value } => {
                blocked.insert(vec.base);
                reads(value, out, path);
            }
            StmtKind::Swap(a, b) => {
                blocked.insert(a.base);
                blocked.insert(b.base);
            }
            StmtKind::If { then_blk, else_blk, .. } => {
                scan(then_blk, varying, path, true, blocked, out);
                scan(else_blk, varying, path, true, blocked, out);
            }
            StmtKind::For { index, lo, hi, step, body, .. } => {
                blocked.insert(*index);
                let fixed = [Some(lo), Some(hi), step.as_ref()].into_iter().flatten().all(|e| !reads_any(e, varying));
                path.push((lo.clone(), hi.clone()));
                scan(body, varying, path, conditional || !fixed, blocked, out);
                path.pop();
            }
            StmtKind::While { body, .. } => scan(body, varying, path, true, blocked, out),
            StmtKind::Opaque(_) | StmtKind::Check { .. } => {}
            // The adjoint of an MPI operation hands its buffers' shadows to the runtime.
            StmtKind::Mpi(op) => blocked.extend(op.bufs().map(|b| b.arg.place.base)),
        }
    }
}

/// The value arguments of a call are reads with adjoints; its buffer and
/// struct arguments hand their shadows to the callee.
fn call(c: &Call, blocked: &mut HashSet<VarId>, reads: &mut dyn FnMut(&Expr)) {
    for a in &c.args {
        match a {
            Arg::Value(e) => reads(e),
            Arg::Buf(b) => {
                blocked.insert(b.place.base);
            }
            Arg::Struct { place, .. } => {
                blocked.insert(place.base);
            }
        }
    }
}

/// The places an expression reads whose adjoint may be added into a shadow:
/// every read except under `no_grad`, of a length, or inside an integer
/// method, a `matches!` or a pattern's binding (constant data); index
/// expressions included, conservatively.
fn adjoint_reads(e: &Expr, f: &mut dyn FnMut(&Place)) {
    match &e.kind {
        ExprKind::Read(p) => {
            f(p);
            for pr in &p.proj {
                if let Proj::Index(i) = pr {
                    adjoint_reads(i, f);
                }
            }
        }
        ExprKind::Unary(_, a) | ExprKind::Cast(a, _) => adjoint_reads(a, f),
        ExprKind::Binary(_, a, b) => {
            adjoint_reads(a, f);
            adjoint_reads(b, f);
        }
        ExprKind::Method(_, r, args) => {
            adjoint_reads(r, f);
            args.iter().for_each(|a| adjoint_reads(a, f));
        }
        ExprKind::StructLit(_, fields) => fields.iter().for_each(|(_, e)| adjoint_reads(e, f)),
        ExprKind::Len(_)
        | ExprKind::ValueDefault(_)
        | ExprKind::NoGrad(_)
        | ExprKind::Matches(..)
        | ExprKind::Bound(..)
        | ExprKind::IntMethod(..)
        | ExprKind::Lit(_)
        | ExprKind::Zero
        | ExprKind::One
        | ExprKind::Const(_)
        | ExprKind::CommQuery(..) => {}
    }
}

/// `dligand_a` for `dligand[3 * a]`, `dligand_a_1` for `dligand[3 * a + 1]`
/// (`dx_i_minus_1` for `dx[i - 1]`): the shadow's name, the variables of
/// the index, and a constant it adds or subtracts.
fn accumulator_name(shadow: &Ident, place: &Place, f: &Function) -> String {
    let [Proj::Index(k)] = place.proj.as_slice() else { unreachable!("hoisted places are elements") };
    let mut parts: Vec<String> = Vec::new();
    k.visit_reads(&mut |p| {
        let n = f.vars[p.base].name.to_string();
        if !parts.contains(&n) {
            parts.push(n);
        }
    });
    match &k.kind {
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), _, c) if c.int_lit().is_some() => {
            let c = c.int_lit().unwrap();
            parts.push(if *op == BinOp::Add { c.to_string() } else { format!("minus_{c}") })
        }
        ExprKind::Lit(_) => parts.push(k.int_lit().map_or_else(|| "k".to_string(), |c| c.to_string())),
        _ => {}
    }
    if parts.is_empty() {
        parts.push("sum".to_string());
    }
    format!("{shadow}_{}", parts.join("_"))
}
