//! The stencil strategy of a parallel adjoint: a read `u[k + d]` next to a
//! write `next[k]` of the same iteration, with `d` the same in every
//! iteration (`-n`, `+1`, ...), adds its adjoint at `part_d[k]`, an element
//! the iteration owns; a gather `du[j] += part_d[j - d]` then runs over `du`
//! in parallel. No atomics, no private copies, and a fixed order of sums.
//!
//! Offsets come from affine forms of the index expressions: integer sums of
//! products of variables, with the body's integer `let`s substituted.
//!
//! Two refinements keep the adjoint close to a hand-written gather:
//!
//! - offsets whose partials would hold the same numbers share one partial
//!   buffer (the four neighbours of a Laplacian all receive `g * alpha`):
//!   decided on the IR before the loop's adjoint is emitted
//!   (`shared_offsets`). Each read of the buffer has a path from the value
//!   of its statement down to it, and its adjoint is the statement's seed
//!   times the partials along that path; two offsets whose reads have the
//!   same paths (the same operations, the same other operands where a
//!   partial depends on them) in the same statements, writing the same
//!   owned elements, add the same numbers. The partial is then written
//!   once and gathered at every offset: the sums are the same, term for
//!   term, as with one partial per offset.
//! - inside a serial loop (the time steps of a simulation), the partial
//!   buffers are declared once in front of the outermost such loop and
//!   reused: each execution resizes them to the loop's buffer and each
//!   chunk zeroes its own share (`PerIter::zeroed`), in parallel, instead
//!   of a zeroed allocation per execution on the calling thread.

use super::state::RevGen;
use super::tables::Redirect;
use crate::analysis::types::Cat;
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;
use std::collections::{BTreeMap, HashMap, HashSet};

/// `sum coef * product(atoms)`; the empty product is the constant term.
pub(super) type Affine = BTreeMap<Vec<VarId>, i64>;

/// The owned elements a body writes: (buffer split, affine index of a write).
pub(super) type Writes = Vec<(Split, Affine)>;

/// One stencil access, relative to an owned write: `offset = index - write`.
#[derive(Clone)]
pub(super) struct Offset {
    pub split: Split,
    pub offset: Affine,
    /// The owned write's index: the partial's element.
    pub write: Affine,
}

impl RevGen<'_> {
    /// Integer `let`s of the body that are never reassigned, and those of
    /// the whole function that only name another such variable (the chunk
    /// width `size` pinned from a local `w`): substituted into index
    /// expressions, so that `r * w` and `r * size` are seen to be equal.
    pub(super) fn int_defs<'b>(&'b self, body: &'b Block) -> HashMap<VarId, &'b Expr> {
        let fixed = |v: VarId| self.t.vars[v] == Cat::INT && !self.plan.written[v];
        let mut defs = HashMap::new();
        walk_stmts(&self.f.body, &mut |s| {
            if let StmtKind::Let { var, init: Init::Expr(e) } = &s.kind {
                if fixed(*var) && matches!(&e.kind, ExprKind::Read(p) if p.is_var() && fixed(p.base)) {
                    defs.insert(*var, e);
                }
            }
        });
        walk_stmts(body, &mut |s| {
            if let StmtKind::Let { var, init: Init::Expr(e) } = &s.kind {
                if fixed(*var) {
                    defs.insert(*var, e);
                }
            }
        });
        defs
    }

    pub(super) fn affine(&self, e: &Expr, defs: &HashMap<VarId, &Expr>, depth: usize) -> Option<Affine> {
        if depth > 16 {
            return None;
        }
        match &e.kind {
            ExprKind::Lit(syn::Lit::Int(i)) => Some(constant(i.base10_parse::<i64>().ok()?)),
            ExprKind::Read(p) if p.is_var() => match defs.get(&p.base) {
                Some(d) => self.affine(d, defs, depth + 1),
                None => Some(BTreeMap::from([(vec![p.base], 1)])),
            },
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                let (a, b) = (self.affine(a, defs, depth + 1)?, self.affine(b, defs, depth + 1)?);
                Some(combine(&a, &b, if *op == BinOp::Add { 1 } else { -1 }))
            }
            ExprKind::Binary(BinOp::Mul, a, b) => {
                let (a, b) = (self.affine(a, defs, depth + 1)?, self.affine(b, defs, depth + 1)?);
                let mut out = Affine::new();
                for (ka, ca) in &a {
                    for (kb, cb) in &b {
                        let mut k: Vec<VarId> = ka.iter().chain(kb).copied().collect();
                        k.sort();
                        *out.entry(k).or_insert(0) += ca * cb;
                    }
                }
                out.retain(|_, c| *c != 0);
                Some(out)
            }
            _ => None,
        }
    }

    /// The affine indices of the body's writes to the buffers the loop splits.
    pub(super) fn owned_writes(&self, body: &Block, par: &ParLoop, defs: &HashMap<VarId, &Expr>) -> Writes {
        let mut forms = Vec::new();
        walk_stmts(body, &mut |s| {
            if let StmtKind::Assign { place, .. } = &s.kind {
                let split = par
                    .splits
                    .iter()
                    .find(|sp| sp.mutable && !sp.cut && sp.place.is_var() && sp.place.base == place.base);
                if let (Some(sp), [Proj::Index(i)]) = (split, place.proj.as_slice()) {
                    if let Some(a) = self.affine(i, defs, 0) {
                        forms.push((sp.clone(), a));
                    }
                }
            }
        });
        forms
    }

    /// The offset of an access from one of the owned writes, when it is the
    /// same in every iteration (reads no variable the loop defines).
    pub(super) fn stencil_offset(
        &self,
        index: &Expr,
        writes: &Writes,
        defs: &HashMap<VarId, &Expr>,
        inner: &HashSet<VarId>,
    ) -> Option<Offset> {
        let a = self.affine(index, defs, 0)?;
        writes.iter().find_map(|(sp, w)| {
            let d = combine(&a, w, -1);
            d.keys().all(|k| k.iter().all(|v| !inner.contains(v))).then(|| Offset {
                split: sp.clone(),
                offset: d,
                write: w.clone(),
            })
        })
    }

    /// The adjoint of a loop's body that runs in a serial loop's adjoint,
    /// and the declarations to make in front of that loop when it is the
    /// outermost (partials that every execution of a parallel loop inside
    /// reuses).
    pub(super) fn rev_loop_body(&mut self, body: &Block) -> (TokenStream, TokenStream) {
        self.stencils.loops += 1;
        let b = self.rev_block(body);
        self.stencils.loops -= 1;
        let hoisted = if self.stencils.loops == 0 && self.par_depth == 0 {
            std::mem::take(&mut self.stencils.hoisted)
        } else {
            Vec::new()
        };
        (quote!(#(#hoisted)*), b)
    }

    /// Whether a parallel loop's adjoint being emitted runs inside a serial
    /// loop's, so that its partials are worth declaring once outside.
    pub(super) fn hoists(&self) -> bool {
        self.stencils.loops > 0
    }

    /// The redirect of an adjoint write into `p`, in the rayon loop whose
    /// adjoint is being emitted.
    pub(super) fn redirect(&self, p: &Place) -> Option<&Redirect> {
        self.stencils.redirects.iter().find(|r| same_place(&r.place, p))
    }

    /// An offset as an `isize` expression.
    pub(super) fn offset_tokens(&self, d: &Affine) -> TokenStream {
        if d.is_empty() {
            return quote!(0isize);
        }
        let terms = d.iter().map(|(k, c)| {
            let atoms = k.iter().map(|v| {
                let n = self.name(*v);
                quote!((#n as isize))
            });
            let product = atoms.reduce(|a, b| quote!(#a * #b));
            match (c, product) {
                (1, Some(p)) => p,
                (-1, Some(p)) => quote!(-#p),
                (_, product) => {
                    let atoms = product.into_iter();
                    let abs = proc_macro2::Literal::i64_unsuffixed(c.abs());
                    let sign = (*c < 0).then(|| quote!(-));
                    quote!(#sign #abs #(* #atoms)*)
                }
            }
        });
        quote!(#(#terms)+*)
    }
}

/// The offsets of the stencil buffer `v` (its accesses, by index) that can
/// share a partial with another in the loop `body`: each mapped to its
/// group, the first offset of the group. Offsets share when the reads at
/// them, statement by statement, have the same paths (see the module's
/// header) and write the same owned elements; a read of `v` that is not in
/// a statement's value (a call's argument, ...) shares nothing.
pub(super) fn shared_offsets(v: VarId, accesses: &[(Expr, Offset)], body: &Block) -> Vec<(Affine, Affine)> {
    // Per offset, its reads in program order: statement, path, owned write.
    type Seq<'e> = Vec<(StmtId, Vec<Step<'e>>, &'e Affine)>;
    let mut seqs: Vec<(&Affine, Seq)> = Vec::new();
    let mut opaque = false;
    walk_stmts(body, &mut |s| {
        let value = match &s.kind {
            StmtKind::Let { init: Init::Expr(e), .. } => Some(e),
            StmtKind::Assign { place, value, .. } => {
                opaque |= place_reads(place, v);
                Some(value)
            }
            // Conditions have no adjoint; loops' statements come one by one.
            StmtKind::If { .. } | StmtKind::While { .. } | StmtKind::Check { .. } => None,
            _ => {
                for_each_expr(s, &mut |e| opaque |= reads(e, v));
                None
            }
        };
        let mut paths = Paths { v, path: Vec::new(), found: Vec::new(), opaque: false };
        if let Some(e) = value {
            paths.walk(e);
        }
        opaque |= paths.opaque;
        for (path, index) in paths.found {
            let Some((_, o)) = accesses.iter().find(|(at, _)| same_tree(at, index)) else {
                opaque = true;
                continue;
            };
            if o.offset.is_empty() {
                continue; // added straight into the owned element
            }
            let entry = (s.id, path, &o.write);
            match seqs.iter_mut().find(|(d, _)| **d == o.offset) {
                Some((_, seq)) => seq.push(entry),
                None => seqs.push((&o.offset, vec![entry])),
            }
        }
    });
    if opaque {
        return Vec::new();
    }
    let same_seq = |a: &Seq, b: &Seq| {
        a.len() == b.len()
            && a.iter().zip(b).all(|((s, p, w), (t, q, x))| {
                s == t && w == x && p.len() == q.len() && p.iter().zip(q).all(|(a, b)| a.same(b))
            })
    };
    let mut out = Vec::new();
    for (d, seq) in &seqs {
        let alike: Vec<&Affine> = seqs.iter().filter(|(_, other)| same_seq(seq, other)).map(|(e, _)| *e).collect();
        if alike.len() > 1 {
            out.push(((*d).clone(), alike[0].clone()));
        }
    }
    out
}

/// One step from an expression down to one of its operands, as far as the
/// operand's partial goes: the operation, which operand (where that
/// changes the partial), and the operands the partial is computed from.
#[derive(Clone)]
pub(super) struct Step<'e> {
    op: Op<'e>,
    side: usize,
    operands: Vec<&'e Expr>,
}

#[derive(Clone, PartialEq)]
enum Op<'e> {
    Neg,
    Mul,
    Div,
    Cast(&'e syn::Type),
    Method(Method),
    /// Any other operation: its partials may read every operand.
    Other,
}

impl Step<'_> {
    fn same(&self, other: &Step) -> bool {
        self.op == other.op
            && self.side == other.side
            && self.operands.len() == other.operands.len()
            && self.operands.iter().zip(&other.operands).all(|(a, b)| same_tree(a, b))
    }
}

/// The reads `v[index]` in `e` through which an adjoint flows, each with
/// its path from `e`; `opaque` when `v` is read otherwise.
struct Paths<'e> {
    v: VarId,
    path: Vec<Step<'e>>,
    found: Vec<(Vec<Step<'e>>, &'e Expr)>,
    opaque: bool,
}

impl<'e> Paths<'e> {
    fn walk(&mut self, e: &'e Expr) {
        let v = self.v;
        match &e.kind {
            ExprKind::Read(p) if p.base == v => match p.proj.as_slice() {
                [Proj::Index(i)] if !reads(i, v) => self.found.push((self.path.clone(), &**i)),
                _ => self.opaque = true,
            },
            ExprKind::Read(p) => self.opaque |= place_reads(p, v),
            // No adjoint flows into these.
            ExprKind::NoGrad(_) | ExprKind::Unary(UnOp::Not, _) | ExprKind::Len(_) => {}
            ExprKind::Unary(UnOp::Neg, a) => self.down(Op::Neg, 0, Vec::new(), a),
            // A sum passes its adjoint on unchanged: no step.
            ExprKind::Binary(BinOp::Add, a, b) => {
                self.walk(a);
                self.walk(b);
            }
            ExprKind::Binary(BinOp::Sub, a, b) => {
                self.walk(a);
                self.down(Op::Neg, 0, Vec::new(), b);
            }
            ExprKind::Binary(BinOp::Mul, a, b) => {
                self.down(Op::Mul, 0, vec![b], a);
                self.down(Op::Mul, 0, vec![a], b);
            }
            ExprKind::Binary(BinOp::Div, a, b) => {
                self.down(Op::Div, 0, vec![b], a);
                self.down(Op::Div, 1, vec![a, b], b);
            }
            ExprKind::Binary(_, a, b) => {
                self.down(Op::Other, 0, vec![a, b], a);
                self.down(Op::Other, 1, vec![a, b], b);
            }
            ExprKind::Cast(a, ty) => self.down(Op::Cast(ty), 0, Vec::new(), a),
            ExprKind::Method(m, r, args) => {
                let all: Vec<&Expr> = std::iter::once(&**r).chain(args).collect();
                for (k, x) in all.iter().enumerate() {
                    self.down(Op::Method(*m), k, all.clone(), x);
                }
            }
            _ => self.opaque |= reads(e, v),
        }
    }

    fn down(&mut self, op: Op<'e>, side: usize, operands: Vec<&'e Expr>, into: &'e Expr) {
        self.path.push(Step { op, side, operands });
        self.walk(into);
        self.path.pop();
    }
}

/// Whether `e` reads the variable `v` anywhere.
fn reads(e: &Expr, v: VarId) -> bool {
    e.reads_where(|w| w == v)
}

/// Whether the indices of `p` read `v`.
fn place_reads(p: &Place, v: VarId) -> bool {
    p.proj.iter().any(|pr| matches!(pr, Proj::Index(i) if reads(i, v)))
}

fn constant(c: i64) -> Affine {
    if c == 0 {
        Affine::new()
    } else {
        BTreeMap::from([(Vec::new(), c)])
    }
}

fn combine(a: &Affine, b: &Affine, sign: i64) -> Affine {
    let mut out = a.clone();
    for (k, c) in b {
        *out.entry(k.clone()).or_insert(0) += sign * c;
    }
    out.retain(|_, c| *c != 0);
    out
}
