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
//!   a trial emission of the loop's adjoint logs every write into a
//!   partial, and offsets of one buffer whose writes are the same
//!   statements, values and owned elements are merged; the loop is then
//!   emitted again, each shared partial written once and gathered at every
//!   offset. The sums are the same, term for term, as with one partial per
//!   offset.
//! - inside a serial loop (the time steps of a simulation), the partial
//!   buffers are declared once in front of the outermost such loop and
//!   reused: each execution resizes them to the loop's buffer and each
//!   chunk zeroes its own share (`PerIter::zeroed`), in parallel, instead
//!   of a zeroed allocation per execution on the calling thread.

use super::state::RevGen;
use super::tables::Logged;
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

    /// Counts a statement whose adjoint is about to be emitted.
    pub(super) fn next_site(&mut self) {
        self.stencils.site += 1;
    }

    /// Records the offset and owned element of a stencil access, for the
    /// trial emission's log.
    pub(super) fn key_access(&mut self, v: VarId, at: &str, o: &Offset) {
        let offset = self.offset_tokens(&o.offset).to_string();
        self.stencils.keys.insert((v, at.to_string()), (offset, format!("{:?}", o.write)));
    }

    /// The group of offsets (as emitted) that `offset` of buffer `v` shares
    /// a partial with, found by the trial emission.
    pub(super) fn shared_group(&self, v: VarId, offset: &str) -> Option<usize> {
        self.stencils.shared.get(&v)?.get(offset).copied()
    }

    /// `stmt`, a write into the partial `place` for the access `at` of the
    /// buffer `v`: logged during a trial emission, and left out when
    /// another offset writes the same numbers into a shared partial.
    pub(super) fn stencil_write(&self, v: VarId, at: String, place: &TokenStream, stmt: TokenStream) -> TokenStream {
        let key = (v, at);
        if self.stencils.skipped.contains(&key) {
            return TokenStream::new();
        }
        if let (Some(log), Some((offset, owned))) =
            (self.stencils.log.borrow_mut().as_mut(), self.stencils.keys.get(&key))
        {
            let (stmt, place) = (stmt.to_string(), place.to_string());
            let value = stmt.strip_prefix(&place).unwrap_or(&stmt).to_string();
            log.push(Logged {
                buffer: v,
                offset: offset.clone(),
                site: self.stencils.site,
                value,
                owned: owned.clone(),
            });
        }
        stmt
    }

    /// The adjoint of a rayon loop whose stencil buffers may share partials
    /// (one reads several offsets): emitted once as a trial that logs the
    /// writes into partials, then again with the offsets whose writes are
    /// the same sharing one partial. `None` from inside the two emissions.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn shared_partials(
        &mut self,
        s: &Stmt,
        index: VarId,
        lo: &Expr,
        hi: &Expr,
        body: &Block,
        par: &ParLoop,
        fused: bool,
    ) -> Option<TokenStream> {
        if self.stencils.passes {
            return None;
        }
        self.stencils.passes = true;
        let mark = self.names.mark();
        let hoisted = self.stencils.hoisted.len();
        *self.stencils.log.borrow_mut() = Some(Vec::new());
        let _ = self.par_adjoint(s, index, lo, hi, body, par, fused);
        let log = self.stencils.log.borrow_mut().take().unwrap_or_default();
        self.stencils.hoisted.truncate(hoisted);
        self.names.rewind(mark);
        self.stencils.shared = shared_groups(&log);
        let out = self.par_adjoint(s, index, lo, hi, body, par, fused);
        self.stencils.shared.clear();
        self.stencils.skipped.clear();
        self.stencils.keys.clear();
        self.stencils.passes = false;
        Some(out)
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

/// Per buffer, the offsets that can share a partial: those whose logged
/// writes are the same sequence of (statement, value, owned element), so
/// that their partials would hold the same numbers. Each offset of a group
/// of two or more maps to the group's number.
fn shared_groups(log: &[Logged]) -> HashMap<VarId, HashMap<String, usize>> {
    // Per (buffer, offset), its writes as (statement, value, owned element).
    type Seq<'a> = Vec<(usize, &'a str, &'a str)>;
    let mut writes: Vec<((VarId, &str), Seq)> = Vec::new();
    for w in log {
        let key = (w.buffer, w.offset.as_str());
        let entry = (w.site, w.value.as_str(), w.owned.as_str());
        match writes.iter_mut().find(|(k, _)| *k == key) {
            Some((_, seq)) => seq.push(entry),
            None => writes.push((key, vec![entry])),
        }
    }
    let mut groups: HashMap<VarId, HashMap<String, usize>> = HashMap::new();
    for ((v, offset), seq) in &writes {
        let same: Vec<usize> =
            (writes.iter().enumerate()).filter(|(_, ((w, _), other))| w == v && other == seq).map(|(j, _)| j).collect();
        if same.len() > 1 {
            groups.entry(*v).or_default().insert(offset.to_string(), same[0]);
        }
    }
    groups
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
