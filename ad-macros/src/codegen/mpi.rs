//! The pieces of MPI code both modes print: the operations' calls, their
//! records, and which communicators a function uses.

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
