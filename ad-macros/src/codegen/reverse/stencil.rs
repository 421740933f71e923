//! The stencil strategy of a parallel adjoint: a read `u[k + d]` next to a
//! write `next[k]` of the same iteration, with `d` the same in every
//! iteration (`-n`, `+1`, ...), adds its adjoint at `part_d[k]`, an element
//! the iteration owns; a gather `du[j] += part_d[j - d]` then runs over `du`
//! in parallel. No atomics, no private copies, and a fixed order of sums.
//!
//! Offsets come from affine forms of the index expressions: integer sums of
//! products of variables, with the body's integer `let`s substituted.

use super::RevGen;
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
}

impl RevGen<'_> {
    /// Integer `let`s of the body that are never reassigned: substituted
    /// into index expressions.
    pub(super) fn int_defs<'b>(&self, body: &'b Block) -> HashMap<VarId, &'b Expr> {
        let mut defs = HashMap::new();
        walk_stmts(body, &mut |s| {
            if let StmtKind::Let { var, init: Init::Expr(e) } = &s.kind {
                if self.t.vars[*var] == Cat::INT && !self.plan.written[*var] {
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
                let split = par.splits.iter().find(|sp| sp.mutable && !sp.cut && sp.place.is_var() && sp.place.base == place.base);
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
    pub(super) fn stencil_offset(&self, index: &Expr, writes: &Writes, defs: &HashMap<VarId, &Expr>, inner: &HashSet<VarId>) -> Option<Offset> {
        let a = self.affine(index, defs, 0)?;
        writes.iter().find_map(|(sp, w)| {
            let d = combine(&a, w, -1);
            d.keys().all(|k| k.iter().all(|v| !inner.contains(v))).then(|| Offset { split: sp.clone(), offset: d })
        })
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
