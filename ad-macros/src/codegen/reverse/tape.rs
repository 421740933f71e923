//! The tapes: where each slot of the plan is declared, stored, read back
//! and resized.

use super::state::RevGen;
use crate::analysis::plan::{Rebind, SlotKind, SlotValue};
use crate::analysis::types::Scalar;
use crate::codegen::emit::{self, E};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;
use syn::Ident;

impl RevGen<'_> {
    /// The direct index of a slot: the loop counters, outermost first.
    pub(super) fn slot_index(&self, loops: &[StmtId]) -> TokenStream {
        let mut idx: Option<E> = None;
        for l in loops {
            let info = &self.plan.loops[l];
            let i = E::atom({
                let n = self.name(info.index);
                quote!(#n)
            });
            let k = match (&info.step, info.lo.is_lit_int(0)) {
                (None, true) => i,
                (None, false) => emit::sub(&i, &self.em.expr(&info.lo)),
                (Some(s), _) => emit::div(&emit::sub(&i, &self.em.expr(&info.lo)), &self.em.expr(s)),
            };
            let k = if self.signed.contains(&info.index) {
                let k = &k.ts;
                E::atom(quote!((#k) as usize))
            } else {
                k
            };
            idx = Some(match idx {
                None => k,
                Some(outer) => emit::add(&emit::mul(&outer, &self.trip_count(*l)), &k),
            });
        }
        idx.map(|e| e.ts).unwrap_or_else(|| quote!(0))
    }

    pub(super) fn trip_count(&self, l: StmtId) -> E {
        let info = &self.plan.loops[&l];
        if info.lo.is_lit_int(0) && info.step.is_none() && !self.signed.contains(&info.index) {
            return self.em.expr(&info.hi);
        }
        let lo = self.em.expr(&info.lo).ts;
        let hi = self.em.expr(&info.hi).ts;
        let step = info.step.as_ref().map(|s| self.em.expr(s).ts).unwrap_or_else(|| quote!(1));
        E::atom(quote!(::parad::__private::trip_count(#lo, #hi, #step)))
    }

    pub(super) fn slot_store(&self, slot: usize, value: TokenStream) -> TokenStream {
        if self.plain {
            return quote!();
        }
        let name = &self.slot_names[slot];
        match &self.plan.slots[slot].kind {
            SlotKind::Local => quote!(let #name = #value;),
            SlotKind::Stack | SlotKind::Chunk(_) | SlotKind::Whole => quote!(#name.push(#value);),
            SlotKind::Single if self.nestable => quote!(#name.push(#value);),
            SlotKind::Single => quote!(#name = ::core::option::Option::Some(#value);),
            SlotKind::Direct(_) if self.plan.slots[slot].dense && self.pooled(slot) && !self.nestable => {
                quote!(#name.push_reserved(#value);)
            }
            SlotKind::Direct(_) if self.plan.slots[slot].dense => quote!(#name.push(#value);),
            SlotKind::Direct(loops) => {
                let idx = self.slot_index(loops);
                quote!(#name[#idx] = #value;)
            }
        }
    }

    pub(super) fn slot_load(&self, slot: usize) -> TokenStream {
        let name = &self.slot_names[slot];
        if let Some(top) = self.cursor(slot) {
            // A vector is moved out, leaving an empty one in its place.
            return match self.plan.slots[slot].value {
                SlotValue::Owned => quote!({ #top -= 1; ::core::mem::take(&mut #name[#top]) }),
                SlotValue::Scalar(_) => quote!({ #top -= 1; #name[#top] }),
            };
        }
        match &self.plan.slots[slot].kind {
            SlotKind::Local => quote!(#name),
            SlotKind::Stack | SlotKind::Chunk(_) | SlotKind::Whole => quote!(#name.pop().unwrap()),
            SlotKind::Single => quote!(#name.take().unwrap()),
            SlotKind::Direct(loops) => {
                let idx = self.slot_index(loops);
                quote!(#name[#idx])
            }
        }
    }

    /// In a nestable derivative, the cursor of a slot read last-in first-out.
    pub(super) fn cursor(&self, slot: usize) -> Option<Ident> {
        let lifo = matches!(self.plan.slots[slot].kind, SlotKind::Stack | SlotKind::Single);
        (self.nestable && lifo).then(|| quote::format_ident!("{}_top", self.slot_names[slot]))
    }

    /// In a nestable derivative, where an adjoint starts right after the
    /// forward code it reverses: every cursor to its stack's end. The stacks
    /// never shrink, so a loop whose iterations run their adjoints at once
    /// (sweep fusion) finds each iteration's values at the end.
    pub(super) fn cursor_resets(&self) -> TokenStream {
        let resets = (0..self.plan.slots.len()).filter(|&i| !self.unused_slot(i)).filter_map(|i| {
            let top = self.cursor(i)?;
            let name = &self.slot_names[i];
            Some(quote!(#top = #name.len();))
        });
        quote!(#(#resets)*)
    }

    /// Slots the fused loop's locals would use: not needed, its adjoint reads
    /// them live; and those of a rayon loop's overwrites that its chunks
    /// save as whole pieces on another slot (see `super::par::whole_pieces`).
    pub(super) fn unused_slot(&self, slot: usize) -> bool {
        (self.fused_bodies.iter()).any(|b| {
            self.plan
                .rebind
                .get(b)
                .is_some_and(|r| r.iter().any(|(_, how)| matches!(how, Rebind::Tape(s) if *s == slot)))
        }) || self.spare_slots().contains(&slot)
            || (self.nestable && self.plan.call_slots.values().any(|&c| c == slot))
    }

    /// Tapes come from the runtime's per-thread pool (`Tape`, `ChunkTapes`),
    /// which keys buffers by element type and so needs `'static` elements:
    /// numbers and the reverse closures and MPI records of calls. Other saved
    /// values (vectors, structs, which may borrow) stay on plain `Vec`s.
    pub(super) fn tape_decls(&self) -> TokenStream {
        // A checkpointed loop's step declares its own.
        let in_steps: std::collections::HashSet<usize> =
            self.plan.steps.values().flat_map(|st| st.slots.iter().copied()).collect();
        self.tape_decls_of((0..self.plan.slots.len()).filter(|i| !in_steps.contains(i)))
    }

    pub(super) fn tape_decls_of(&self, slots: impl Iterator<Item = usize>) -> TokenStream {
        let decls = slots.filter(|&i| self.plan.slots[i].kind != SlotKind::Local && !self.unused_slot(i)).map(|i| {
            let s = &self.plan.slots[i];
            let name = &self.slot_names[i];
            if self.nestable {
                let top = self.cursor(i).map(|top| quote!(let mut #top = 0;));
                return quote!(let mut #name = ::std::vec::Vec::new(); #top);
            }
            match s.kind {
                SlotKind::Single => quote!(let mut #name = ::core::option::Option::None;),
                SlotKind::Chunk(l) if self.pooled(i) && self.runs_parallel(l) => {
                    quote!(let mut #name = ::parad::__private::ChunkTapes::new();)
                }
                SlotKind::Whole => quote!(let mut #name = ::parad::__private::WholeTape::new();),
                _ if self.pooled(i) => quote!(let mut #name = ::parad::__private::Tape::new();),
                _ => quote!(let mut #name = ::std::vec::Vec::new();),
            }
        });
        quote!(#(#decls)*)
    }

    /// Whether the rayon loop `l` runs in parallel; one that runs serially
    /// (see `parallel`) keeps its values on a plain stack.
    pub(super) fn runs_parallel(&self, l: StmtId) -> bool {
        let mut yes = false;
        walk_stmts(&self.f.body, &mut |s| {
            if let StmtKind::For { index, lo, body, par: Some(par), .. } = &s.kind {
                yes |= s.id == l && self.parallel(*index, lo, body, par);
            }
        });
        yes
    }

    /// Whether a slot is a pooled `Tape` (see `tape_decls`) rather than a
    /// plain `Vec`.
    pub(super) fn pooled(&self, slot: usize) -> bool {
        matches!(self.plan.slots[slot].value, SlotValue::Scalar(Scalar::Float | Scalar::Int | Scalar::Bool))
            || self.plan.call_slots.values().any(|&c| c == slot)
    }

    pub(super) fn resizes(&self, loop_stmt: StmtId) -> TokenStream {
        let Some(slots) = self.plan.resize_before.get(&loop_stmt).filter(|_| !self.plain) else { return quote!() };
        let stmts = slots.iter().filter(|&&s| !self.unused_slot(s)).map(|&s| {
            let SlotKind::Direct(loops) = &self.plan.slots[s].kind else { unreachable!() };
            let mut total: Option<E> = None;
            for l in loops {
                let c = self.trip_count(*l);
                total = Some(match total {
                    None => c,
                    Some(t) => emit::mul(&t, &c),
                });
            }
            let total = total.unwrap().ts;
            let zero = match self.plan.slots[s].value {
                SlotValue::Scalar(Scalar::Int) => quote!(0),
                SlotValue::Scalar(Scalar::Bool) => quote!(false),
                _ => quote!(0.0),
            };
            let name = &self.slot_names[s];
            if self.plan.slots[s].dense && self.nestable {
                quote!()
            } else if self.plan.slots[s].dense {
                quote!(#name.reserve(#total);)
            } else if self.nestable {
                quote!(for _ in #name.len()..#total { #name.push(#zero); })
            } else {
                quote!(#name.resize(#total, #zero);)
            }
        });
        quote!(#(#stmts)*)
    }

    // ------------------------------------------------------------- forward
}
