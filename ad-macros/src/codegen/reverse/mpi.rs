//! MPI operations in reverse mode (DESIGN section 6). The forward sweep
//! calls the runtime's wrapper of the operation, which does what the user
//! wrote and returns a record (ranks, tags, lengths, max/min masks); the
//! adjoint sweep hands the record the shadows, and it posts the adjoint
//! messages on the duplicated communicator, in reverse order on every rank.

use super::state::RevGen;
use crate::codegen::emit::{self, CallBounds};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

use crate::codegen::mpi::*;

impl RevGen<'_> {
    /// The adjoint communicators, duplicated (collectively) before the
    /// forward sweep: `let adj_world = AdjointComm::new(world);`.
    pub(super) fn mpi_prelude(&self) -> TokenStream {
        let new = rt("AdjointComm");
        let lets = self.adj_comms.iter().chain(&self.recompute_comms).map(|(v, adj)| {
            let c = self.name(*v);
            quote!(let #adj = #new::new(#c);)
        });
        quote!(#(#lets)*)
    }

    /// A buffer of an operation as a primal slice, with its bounds as
    /// emitted (none for a scalar or a whole buffer).
    fn mpi_primal(&self, b: &MpiBuf, pre: &mut CallBounds) -> (TokenStream, Option<(TokenStream, TokenStream)>) {
        if b.scalar {
            let p = self.em.place(&b.arg.place).ts;
            let slice = if b.arg.mutable {
                quote!(::core::slice::from_mut(&mut #p))
            } else {
                quote!(::core::slice::from_ref(&#p))
            };
            return (slice, None);
        }
        // The forward passes the buffer once (its shadow is for the adjoint).
        let bd = self.em.arg_bounds(pre, &b.arg, false);
        (self.em.buf_arg_in(&b.arg, bd.clone()), bd)
    }

    /// A buffer's shadow as `Some(&mut [F])`, or `None::<&mut [F]>` without
    /// one (a `Const` parameter's: locals always have one).
    fn mpi_shadow(&self, b: &MpiBuf, bounds: Option<(TokenStream, TokenStream)>) -> TokenStream {
        if b.scalar && self.place_active(&b.arg.place) {
            let d = self.shadow[b.arg.place.base].clone().unwrap();
            let sp = self.em.place_with(&d, &b.arg.place).ts;
            return quote!(::core::option::Option::Some(::core::slice::from_mut(&mut #sp)));
        }
        if !b.scalar && self.has_shadow_arg(&b.arg) {
            let d = self.shadow_arg(&b.arg, bounds);
            return quote!(::core::option::Option::Some(#d));
        }
        let f = float_of(self.f, self.sig, b);
        quote!(::core::option::Option::None::<&mut [#f]>)
    }

    pub(super) fn mpi_fwd(&mut self, s: &Stmt, op: &MpiOp) -> TokenStream {
        if matches!(op.kind, MpiKind::ImmediateReceive) {
            // The buffer is written at the wait; here only its length counts.
            let mut op = op.clone();
            if let Some(r) = &mut op.recv {
                r.arg.mutable = false;
            }
            return self.mpi_fwd_op(s, &op);
        }
        self.mpi_fwd_op(s, op)
    }

    fn mpi_fwd_op(&mut self, s: &Stmt, op: &MpiOp) -> TokenStream {
        let mut pre = CallBounds::new(&self.names);
        // A send's wait does not touch the buffer.
        let send = op.send.as_ref().filter(|_| op.kind != MpiKind::WaitSend).map(|b| self.mpi_primal(b, &mut pre).0);
        let (recv, recv_bounds) = match &op.recv {
            Some(b) => {
                let (slice, bd) = self.mpi_primal(b, &mut pre);
                (Some(slice), bd)
            }
            None => (None, None),
        };
        let mut out = pre.lets;
        // The values a receive overwrites, when an adjoint reads them.
        if let (Some(&slot), Some(b)) = (self.plan.saves.get(&s.id), &op.recv) {
            let p = self.em.place(&b.arg.place).ts;
            let old = match recv_bounds {
                _ if b.scalar => quote!(#p),
                None => quote!(#p.to_vec()),
                Some((lo, hi)) => {
                    let r = emit::slice_range(&lo, &hi);
                    quote!(#p[#r].to_vec())
                }
            };
            out.extend(self.slot_store(slot, old));
        }
        if let (MpiKind::WaitSend | MpiKind::WaitReceive, Some(r)) = (op.kind, op.request) {
            // The operation's record goes on the tape here, with what the
            // wait learnt (the actual tag of an untagged receive).
            let request = self.name(r).clone();
            out.extend(wait_call(op, &request, recv));
            let Some(rec) = immediate_of(self.f, r).and_then(|imm| self.call_names.get(&imm).cloned()) else {
                return out;
            };
            if op.kind == MpiKind::WaitReceive {
                out.extend(quote!(#rec.received(&status);));
            }
            self.call_names.insert(s.id, rec.clone());
            if let Some(&slot) = self.plan.call_slots.get(&s.id) {
                out.extend(self.slot_store(slot, quote!(#rec)));
            }
            return out;
        }
        let comm = match self.recompute_comms.get(&op.comm).filter(|_| self.recomputing) {
            Some(c) => quote!(#c.communicator()),
            None => {
                let c = self.name(op.comm);
                quote!(#c)
            }
        };
        let call = forward_call(op, &comm, send, recv, &|e| self.em.expr(e).ts);
        let rec = match op.request {
            Some(r) => self.names.fresh(&format!("{}_record", self.name(r))),
            None => self.names.fresh(record_name(op.kind)),
        };
        self.call_names.insert(s.id, rec.clone());
        match op.request {
            Some(r) => {
                let request = self.name(r);
                let m = (op.kind == MpiKind::ImmediateReceive).then(|| quote!(mut));
                out.extend(quote!(let (#request, #m #rec) = #call;));
            }
            None => out.extend(quote!(let #rec = #call;)),
        }
        if let Some(&slot) = self.plan.call_slots.get(&s.id) {
            out.extend(self.slot_store(slot, quote!(#rec)));
        }
        out
    }

    pub(super) fn mpi_rev(&mut self, s: &Stmt, op: &MpiOp) -> TokenStream {
        if let Some(r) = op.request {
            return self.mpi_rev_immediate(s, op, r);
        }
        let mut out = TokenStream::new();
        let Some(rec) = self.call_names.get(&s.id).cloned() else { return out };
        if let Some(&slot) = self.plan.call_slots.get(&s.id) {
            let load = self.slot_load(slot);
            out.extend(quote!(let #rec = #load;));
        }
        let mut pre = CallBounds::new(&self.names);
        let bounds_of =
            |b: &MpiBuf, pre: &mut CallBounds| if b.scalar { None } else { self.em.bind_bounds(pre, &b.arg) };
        let sb = op.send.as_ref().map(|b| (b, bounds_of(b, &mut pre)));
        let rb = op.recv.as_ref().map(|b| (b, bounds_of(b, &mut pre)));
        out.extend(pre.lets);
        let adj = &self.adj_comms[&op.comm];
        let none = quote!(::core::option::Option::None::<&mut [f64]>);
        let typed_none = |other: &Option<(&MpiBuf, _)>| match other {
            Some((b, _)) => {
                let f = float_of(self.f, self.sig, b);
                quote!(::core::option::Option::None::<&mut [#f]>)
            }
            None => none.clone(),
        };
        let ds = match &sb {
            Some((b, bd)) => self.mpi_shadow(b, bd.clone()),
            None => typed_none(&rb),
        };
        let dr = match &rb {
            Some((b, bd)) => self.mpi_shadow(b, bd.clone()),
            None => typed_none(&sb),
        };
        out.extend(quote!(#rec.adjoint(&#adj, #ds, #dr);));
        if let Some((b, bd)) = &rb {
            out.extend(self.mpi_restore(s, b, bd));
        }
        out
    }

    /// Writes back what a receive overwrote, when the plan saved it.
    fn mpi_restore(&self, s: &Stmt, b: &MpiBuf, bd: &Option<(TokenStream, TokenStream)>) -> TokenStream {
        let Some(&slot) = self.plan.saves.get(&s.id) else { return quote!() };
        let p = self.em.place(&b.arg.place).ts;
        let old = self.slot_load(slot);
        match bd {
            _ if b.scalar => quote!(#p = #old;),
            None => quote!(#p.copy_from_slice(&#old);),
            Some((lo, hi)) => {
                let r = emit::slice_range(lo, hi);
                quote!(#p[#r].copy_from_slice(&#old);)
            }
        }
    }

    /// Immediate operations: at a wait's adjoint the record of its operation
    /// starts the adjoint message (`pending`); at the operation's adjoint,
    /// later in the reverse sweep and in the same block, it finishes.
    fn mpi_rev_immediate(&mut self, s: &Stmt, op: &MpiOp, request: VarId) -> TokenStream {
        let mut out = TokenStream::new();
        let b = op.send.as_ref().or(op.recv.as_ref()).unwrap();
        let mut pre = CallBounds::new(&self.names);
        let bd = if b.scalar { None } else { self.em.bind_bounds(&mut pre, &b.arg) };
        out.extend(pre.lets);
        let shadow = self.mpi_shadow(b, bd.clone());
        let adj = self.adj_comms[&op.comm].clone();
        match op.kind {
            MpiKind::WaitSend | MpiKind::WaitReceive => {
                let Some(rec) = self.call_names.get(&s.id).cloned() else { return out };
                let rec_ts = match self.plan.call_slots.get(&s.id) {
                    Some(&slot) => self.slot_load(slot),
                    None => quote!(#rec),
                };
                let pending = self.names.fresh(&format!("{}_adjoint", self.name(request)));
                self.pending.insert(request, pending.clone());
                out.extend(quote!(let #pending = #rec_ts.start_adjoint(&#adj, #shadow);));
                if op.kind == MpiKind::WaitReceive {
                    out.extend(self.mpi_restore(s, b, &bd));
                }
            }
            _ => {
                if let Some(pending) = self.pending.get(&request) {
                    out.extend(quote!(#pending.finish(#shadow);));
                }
            }
        }
        out
    }
}
