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

/// The communicators MPI operations inside checkpointed loops use.
pub(crate) fn checkpointed_comms(f: &Function) -> Vec<VarId> {
    let mut out = Vec::new();
    walk_stmts(&f.body, &mut |s| {
        if let (true, StmtKind::For { body, .. } | StmtKind::While { body, .. }) =
            (f.checkpoints.contains_key(&s.id), &s.kind)
        {
            walk_stmts(body, &mut |s| {
                if let StmtKind::Mpi(op) = &s.kind {
                    if !out.contains(&op.comm) {
                        out.push(op.comm);
                    }
                }
            });
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
pub(crate) fn forward_call(
    op: &MpiOp,
    comm: &TokenStream,
    send: Option<TokenStream>,
    recv: Option<TokenStream>,
    int: &dyn Fn(&Expr) -> TokenStream,
) -> TokenStream {
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
        MpiKind::ImmediateSend => {
            let f = rt("immediate_send");
            quote!(#f(#comm, #peer, #tag, #s))
        }
        MpiKind::ImmediateReceive => {
            let f = rt("immediate_receive");
            quote!(#f(#comm, #peer, #tag, #r))
        }
        // Waits are methods of the request (see `wait_call`).
        MpiKind::WaitSend | MpiKind::WaitReceive => quote!(),
    }
}

/// `r.wait();` or `r.wait_into(&mut y[..]);`.
/// `let status = r.wait_into(&mut y[..]);` for a receive.
pub(crate) fn wait_call(op: &MpiOp, request: &Ident, recv: Option<TokenStream>) -> TokenStream {
    match (op.kind, recv) {
        (MpiKind::WaitReceive, Some(r)) => quote!(let status = #request.wait_into(#r);),
        _ => quote!(#request.wait();),
    }
}

/// The immediate operation a wait completes.
pub(crate) fn immediate_of(f: &Function, request: VarId) -> Option<StmtId> {
    let mut found = None;
    walk_stmts(&f.body, &mut |s| {
        if let StmtKind::Mpi(op) = &s.kind {
            if op.request == Some(request) && matches!(op.kind, MpiKind::ImmediateSend | MpiKind::ImmediateReceive) {
                found = Some(s.id);
            }
        }
    });
    found
}

/// The element type of an operation's buffer, from its parameter's type
/// (`f64` for locals, which rustc infers anyway where a shadow is passed).
pub(crate) fn float_of(f: &Function, sig: &crate::parse::Signature, b: &MpiBuf) -> Ident {
    use crate::parse::ParamKind;
    let v = b.arg.place.base;
    let float = f.params.iter().position(|&p| p == v).and_then(|i| match &sig.params[i].kind {
        ParamKind::Float(fl) | ParamKind::FloatBuf { float: fl, .. } => Some(fl.ident()),
        _ => None,
    });
    float.unwrap_or_else(|| Ident::new("f64", proc_macro2::Span::call_site()))
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
        MpiKind::ImmediateSend | MpiKind::ImmediateReceive => "request_record",
        MpiKind::WaitSend | MpiKind::WaitReceive => "wait_record",
    }
}

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
