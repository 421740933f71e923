//! One read-modify-write per shadow element. The adjoint of a statement
//! adds into the shadow of every place its value reads; a stencil reads
//! the same element several times, in one statement or in several (the
//! Burgers step's `w[q + east]` in `dx` and in `lap`). The additions of one
//! statement into one element are summed first (`du[k] += g_2 + -g_3 * 4.0;`),
//! and in a run of statements (a block's adjoint, last statement first)
//! the sums are held back from statement to statement and made once, at
//! the end of the run: `dw[q + east] += g_5 + g_7;` instead of two
//! read-modify-writes.
//!
//! Only the order of additions changes, and a held addition is made
//! before any code that could see the difference: code that names the
//! shadow (at any index: two indices may be the same element), or that
//! names a variable the addition's index or value reads (which it might
//! assign) unless the function never reassigns it; and before a later
//! statement's additions that read its shadow or write a shadow it reads.
//! Names are those the tokens mention, so the test is blunt but safe:
//! generated code touches no variable it does not name. Additions under a
//! branch (`min`, `max`), into struct shadows, atomic shadows and loop
//! accumulators (see `hoist`) are made in place.

use super::state::RevGen;
use super::tables::{Run, Sum};
use crate::codegen::emit::{self, E};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;
use std::collections::HashSet;

impl RevGen<'_> {
    /// `adj` for the value of statement `s`, with the additions into each
    /// shadow element summed first, in the order of their places' first
    /// additions. They are the statement's last code (its partials are
    /// bound before); in a run, they are held back (see `rev_run`).
    pub(super) fn adj_merged(&self, s: StmtId, e: &Expr, g: E, out: &mut TokenStream) {
        let outer = self.merging.replace(Some(Vec::new()));
        self.adj(e, g, out);
        let adds = std::mem::replace(&mut *self.merging.borrow_mut(), outer).unwrap_or_default();
        let mut sums: Vec<(Place, Vec<E>)> = Vec::new();
        for (p, g) in adds {
            match sums.iter_mut().find(|(q, _)| same_place(q, &p)) {
                Some((_, gs)) => gs.push(g),
                None => sums.push((p, vec![g])),
            }
        }
        let held = self.run.borrow().as_ref().is_some_and(|r| r.stmt == s);
        for (place, values) in sums {
            let first = place.is_var() && self.fresh.borrow_mut().remove(&place.base);
            if held {
                let sum = self.hold(place, values, first);
                self.run.borrow_mut().as_mut().unwrap().sums.push(sum);
            } else {
                out.extend(self.add_into(&place, total(values), first));
            }
        }
    }

    /// `shadow(p) += g;`, or `=` for a scalar shadow's `first` addition.
    pub(super) fn add_into(&self, p: &Place, g: E, first: bool) -> TokenStream {
        if self.lanes.is_some() && !p.is_var() {
            // Lanes add through `AddAssign`, which borrows an element before
            // the value that may read its buffer: `d[i] = d[i] + g`.
            return self.with_shadow(p, |sp| {
                let sum = emit::add(&E::atom(sp.clone()), &g).ts;
                quote!(#sp = #sum;)
            });
        }
        let gts = g.ts;
        self.with_shadow(p, |sp| if first { quote!(#sp = #gts;) } else { quote!(#sp += #gts;) })
    }

    fn hold(&self, place: Place, values: Vec<E>, first: bool) -> Sum {
        let mut reads = HashSet::new();
        let mut writes =
            HashSet::from([self.shadow[place.base].as_ref().expect("active place has a shadow").to_string()]);
        if let Some(r) = self.redirect(&place) {
            writes.insert(r.part.to_string());
            writes.insert(r.offset.to_string());
        }
        for proj in &place.proj {
            if let Proj::Index(i) = proj {
                reads.extend(emit::value_idents(&self.em.expr(i).ts));
            }
        }
        for v in &values {
            reads.extend(emit::value_idents(&v.ts));
        }
        reads.retain(|r| !self.constants.contains(r));
        Sum { place, values, first, reads, writes }
    }

    /// The adjoints of `stmts`, in that order, their additions into shadow
    /// elements held back and made once per element where nothing in
    /// between could tell.
    pub(super) fn rev_run<'s>(&mut self, stmts: impl Iterator<Item = &'s Stmt>) -> TokenStream {
        let outer = self.run.take();
        let mut held: Vec<Sum> = Vec::new();
        let mut out = TokenStream::new();
        for s in stmts {
            self.run.replace(Some(Run { stmt: s.id, sums: Vec::new() }));
            let mut code = self.rev_stmt_fresh(s);
            // A buffer the call overwrote, back as it was before the call.
            if matches!(s.kind, StmtKind::Call { .. } | StmtKind::Let { init: Init::Call(_), .. }) {
                code.extend(self.whole_restores(s.id));
            }
            let new = self.run.take().map(|r| r.sums).unwrap_or_default();
            let named = emit::value_idents(&code);
            let new_reads: HashSet<&String> = new.iter().flat_map(|n| &n.reads).collect();
            let new_writes: HashSet<&String> = new.iter().flat_map(|n| &n.writes).collect();
            let (due, kept): (Vec<Sum>, Vec<Sum>) = held.into_iter().partition(|h| {
                h.writes.iter().any(|w| named.contains(w) || new_reads.contains(w))
                    || h.reads.iter().any(|r| named.contains(r) || new_writes.contains(r))
            });
            let mut step = self.add_sums(due);
            step.extend(code);
            self.forget_fresh(&step);
            out.extend(step);
            held = kept;
            for n in new {
                match held.iter_mut().find(|h| same_place(&h.place, &n.place)) {
                    Some(h) => {
                        h.values.extend(n.values);
                        h.reads.extend(n.reads);
                    }
                    None => held.push(n),
                }
            }
        }
        out.extend(self.add_sums(held));
        self.run.replace(outer);
        out
    }

    fn add_sums(&self, sums: Vec<Sum>) -> TokenStream {
        let mut out = TokenStream::new();
        for s in sums {
            out.extend(self.add_into(&s.place, total(s.values), s.first));
        }
        out
    }
}

fn total(values: Vec<E>) -> E {
    values.into_iter().reduce(|a, b| emit::add(&a, &b)).expect("a sum has a value")
}
