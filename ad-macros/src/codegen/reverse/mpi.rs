//! MPI operations in reverse mode (DESIGN section 6). The forward sweep
//! calls the runtime's wrapper of the operation, which does what the user
//! wrote and returns a record (ranks, tags, lengths, max/min masks); the
//! adjoint sweep hands the record the shadows, and it posts the adjoint
//! messages on the duplicated communicator, in reverse order on every rank.

use super::RevGen;
use crate::codegen::emit::{self, CallBounds};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;
use std::collections::BTreeMap;
use syn::Ident;

/// The communicators a function's MPI operations use, by variable.
pub(crate) fn comms(f: &Function) -> Vec<VarId> {
    let mut out = Vec::new();
    walk_stmts(&f.body, &mut |s| {
        if let StmtKind::Mpi(op) = &s.kind {
            if !out.contains(&op.comm) {
                out.push(op.comm);
            }
        }
    });
    out
}

pub(crate) fn has_mpi(f: &Function) -> bool {
    !comms(f).is_empty()
}

/// `::parad::__private::mpi::NAME`.
pub(crate) fn rt(name: &str) -> TokenStream {
    let id = Ident::new(name, proc_macro2::Span::call_site());
    quote!(::parad::__private::mpi::#id)
}

pub(crate) fn reduce_op(op: ReduceOp) -> TokenStream {
    let m = rt("ReduceOp");
    match op {
        ReduceOp::Sum => quote!(#m::Sum),
        ReduceOp::Max => quote!(#m::Max),
        ReduceOp::Min => quote!(#m::Min),
    }
}

pub(crate) fn some(e: Option<TokenStream>) -> TokenStream {
    match e {
        Some(e) => quote!(::core::option::Option::Some(#e)),
        None => quote!(::core::option::Option::None),
    }
}

/// The forward call of an operation, given its emitted buffers and integers:
/// shared by the reverse and the tangent generators.
pub(crate) fn forward_call(op: &MpiOp, comm: &Ident, send: Option<TokenStream>, recv: Option<TokenStream>, int: &dyn Fn(&Expr) -> TokenStream) -> TokenStream {
    let peer = op.peer.as_ref().map(int);
    let tag = some(op.tag.as_ref().map(int));
    let (s, r) = (send.clone().unwrap_or_default(), recv.clone().unwrap_or_default());
    match op.kind {
        MpiKind::Send => {
            let f = rt("send");
            quote!(#f(#comm, #peer, #tag, #s))
        }
        MpiKind::Receive => {
            let f = rt("receive");
            let source = some(peer);
            quote!(#f(#comm, #source, #tag, #r))
        }
        MpiKind::SendReceive => {
            let f = rt("send_receive");
            let source = op.source.as_ref().map(int);
            let recv_tag = some(op.recv_tag.as_ref().map(int));
            quote!(#f(#comm, #s, #peer, #tag, #r, #source, #recv_tag))
        }
        MpiKind::Broadcast => {
            let f = rt("broadcast");
            quote!(#f(#comm, #peer, #r))
        }
        MpiKind::Reduce(o) => {
            let f = rt("reduce");
            let o = reduce_op(o);
            let r = some(recv);
            quote!(#f(#comm, #peer, #o, #s, #r))
        }
        MpiKind::AllReduce(o) => {
            let f = rt("all_reduce");
            let o = reduce_op(o);
            quote!(#f(#comm, #o, #s, #r))
        }
        MpiKind::Gather => {
            let f = rt("gather");
            let r = some(recv);
            quote!(#f(#comm, #peer, #s, #r))
        }
        MpiKind::AllGather => {
            let f = rt("all_gather");
            quote!(#f(#comm, #s, #r))
        }
        MpiKind::Scatter => {
            let f = rt("scatter");
            let s = some(send);
            quote!(#f(#comm, #peer, #s, #r))
        }
        MpiKind::Barrier => {
            let f = rt("barrier");
            quote!(#f(#comm))
        }
    }
}

pub(crate) fn record_name(kind: MpiKind) -> &'static str {
    match kind {
        MpiKind::Send => "send_record",
        MpiKind::Receive => "receive_record",
        MpiKind::SendReceive => "send_receive_record",
        MpiKind::Broadcast => "broadcast_record",
        MpiKind::Reduce(_) => "reduce_record",
        MpiKind::AllReduce(_) => "all_reduce_record",
        MpiKind::Gather => "gather_record",
        MpiKind::AllGather => "all_gather_record",
        MpiKind::Scatter => "scatter_record",
        MpiKind::Barrier => "barrier_record",
    }
}

impl RevGen<'_> {
    /// The adjoint communicators, duplicated (collectively) before the
    /// forward sweep: `let adj_world = AdjointComm::new(world);`.
    pub(super) fn mpi_prelude(&self) -> TokenStream {
        let new = rt("AdjointComm");
        let lets = self.adj_comms.iter().map(|(v, adj)| {
            let c = self.name(*v);
            quote!(let #adj = #new::new(#c);)
        });
        quote!(#(#lets)*)
    }

    /// A buffer of an operation as a primal slice.
    fn mpi_primal(&self, b: &MpiBuf, pre: &mut CallBounds, bounds: &mut BTreeMap<usize, Option<(TokenStream, TokenStream)>>, k: usize) -> TokenStream {
        if b.scalar {
            let p = self.em.place(&b.arg.place).ts;
            return if b.arg.mutable { quote!(::core::slice::from_mut(&mut #p)) } else { quote!(::core::slice::from_ref(&#p)) };
        }
        let bd = if b.arg.mutable || self.has_shadow_arg(&b.arg) { self.em.bind_bounds(pre, &b.arg) } else { self.em.bounds(&b.arg) };
        bounds.insert(k, bd.clone());
        self.em.buf_arg_in(&b.arg, bd)
    }

    /// A buffer's shadow as `Some(&mut [F])`, or `None` without one.
    fn mpi_shadow(&self, b: &MpiBuf, bounds: Option<(TokenStream, TokenStream)>) -> Option<TokenStream> {
        if b.scalar {
            if !self.place_active(&b.arg.place) {
                return None;
            }
            let d = self.shadow[b.arg.place.base].clone().unwrap();
            let sp = self.em.place_with(&d, &b.arg.place).ts;
            return Some(quote!(::core::slice::from_mut(&mut #sp)));
        }
        self.has_shadow_arg(&b.arg).then(|| self.shadow_arg(&b.arg, bounds))
    }

    pub(super) fn mpi_fwd(&mut self, s: &Stmt, op: &MpiOp) -> TokenStream {
        let mut pre = CallBounds::new(&self.names);
        let mut bounds = BTreeMap::new();
        let send = op.send.as_ref().map(|b| self.mpi_primal(b, &mut pre, &mut bounds, 0));
        let recv = op.recv.as_ref().map(|b| self.mpi_primal(b, &mut pre, &mut bounds, 1));
        let mut out = pre.lets;
        // The values a receive overwrites, when an adjoint reads them.
        if let (Some(&slot), Some(b)) = (self.plan.saves.get(&s.id), &op.recv) {
            let p = self.em.place(&b.arg.place).ts;
            let old = match bounds.get(&1).cloned().flatten() {
                _ if b.scalar => quote!(#p),
                None => quote!(#p.to_vec()),
                Some((lo, hi)) => {
                    let r = emit::slice_range(&lo, &hi);
                    quote!(#p[#r].to_vec())
                }
            };
            out.extend(self.slot_store(slot, old));
        }
        let comm = self.name(op.comm).clone();
        let call = forward_call(op, &comm, send, recv, &|e| self.em.expr(e).ts);
        let rec = self.names.fresh(record_name(op.kind));
        self.call_names.insert(s.id, rec.clone());
        out.extend(quote!(let #rec = #call;));
        if let Some(&slot) = self.plan.call_slots.get(&s.id) {
            out.extend(self.slot_store(slot, quote!(#rec)));
        }
        out
    }

    pub(super) fn mpi_rev(&mut self, s: &Stmt, op: &MpiOp) -> TokenStream {
        let mut out = TokenStream::new();
        let Some(rec) = self.call_names.get(&s.id).cloned() else { return out };
        if let Some(&slot) = self.plan.call_slots.get(&s.id) {
            let load = self.slot_load(slot);
            out.extend(quote!(let #rec = #load;));
        }
        let mut pre = CallBounds::new(&self.names);
        let bounds_of = |b: &MpiBuf, pre: &mut CallBounds| if b.scalar { None } else { self.em.bind_bounds(pre, &b.arg) };
        let sb = op.send.as_ref().map(|b| (b, bounds_of(b, &mut pre)));
        let rb = op.recv.as_ref().map(|b| (b, bounds_of(b, &mut pre)));
        out.extend(pre.lets);
        let adj = &self.adj_comms[&op.comm];
        let dsend = sb.as_ref().and_then(|(b, bd)| self.mpi_shadow(b, bd.clone()));
        let drecv = rb.as_ref().and_then(|(b, bd)| self.mpi_shadow(b, bd.clone()));
        out.extend(if dsend.is_none() && drecv.is_none() {
            // No shadow on this rank: the record knows the element type.
            quote!(#rec.adjoint_unshadowed(&#adj);)
        } else {
            let (ds, dr) = (some(dsend), some(drecv));
            quote!(#rec.adjoint(&#adj, #ds, #dr);)
        });
        if let (Some(&slot), Some((b, bd))) = (self.plan.saves.get(&s.id), &rb) {
            let p = self.em.place(&b.arg.place).ts;
            let old = self.slot_load(slot);
            out.extend(match bd {
                _ if b.scalar => quote!(#p = #old;),
                None => quote!(#p.copy_from_slice(&#old);),
                Some((lo, hi)) => {
                    let r = emit::slice_range(lo, hi);
                    quote!(#p[#r].copy_from_slice(&#old);)
                }
            });
        }
        out
    }
}
