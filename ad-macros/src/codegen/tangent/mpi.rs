//! MPI operations in forward mode: each operation on the values, then on
//! their tangents.

use super::state::TanGen;
use crate::codegen::emit::{self};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;
use syn::Ident;

impl TanGen<'_> {
    /// The duplicated communicators, before the body.
    pub(super) fn mpi_prelude(&self) -> TokenStream {
        let new = crate::codegen::mpi::rt("AdjointComm");
        let lets = self.adj_comms.iter().map(|(v, adj)| {
            let c = self.name(*v);
            quote!(let #adj = #new::new(#c);)
        });
        quote!(#(#lets)*)
    }

    /// An MPI operation, then the same operation on the tangents (on the
    /// duplicated communicator; max and min pass the winners' tangents).
    pub(super) fn mpi(&self, op: &MpiOp) -> TokenStream {
        use crate::codegen::mpi::{float_of, forward_call, record_name, some};
        let mut pre = emit::CallBounds::new(&self.names);
        let mut tans = Vec::new();
        let mut prim = |b: &MpiBuf, pre: &mut emit::CallBounds| -> TokenStream {
            if b.scalar {
                let p = self.em.place(&b.arg.place).ts;
                let active = self.place_active(&b.arg.place);
                let t = active.then(|| {
                    let tp = self.tan_read(&b.arg.place).ts;
                    if b.arg.mutable {
                        quote!(::core::slice::from_mut(&mut #tp))
                    } else {
                        quote!(::core::slice::from_ref(&#tp))
                    }
                });
                tans.push(t);
                return if b.arg.mutable {
                    quote!(::core::slice::from_mut(&mut #p))
                } else {
                    quote!(::core::slice::from_ref(&#p))
                };
            }
            let with_tan = self.has_tan_arg(&b.arg);
            let bounds = self.em.arg_bounds(pre, &b.arg, with_tan);
            tans.push(with_tan.then(|| self.tan_buf_arg(&b.arg, bounds.clone())));
            self.em.buf_arg_in(&b.arg, bounds)
        };
        let immediate_recv = op.kind == MpiKind::ImmediateReceive;
        let send = op.send.as_ref().map(|b| prim(b, &mut pre));
        let recv = op.recv.as_ref().map(|b| {
            // An immediate receive writes at its wait: here only the length counts.
            let mut b = b.clone();
            b.arg.mutable &= !immediate_recv;
            prim(&b, &mut pre)
        });
        if let Some(r) = op.request {
            return self.mpi_immediate(op, r, pre.lets, send, recv, tans);
        }
        let comm = self.name(op.comm);
        let call = forward_call(op, &quote!(#comm), send, recv, &|e| self.em.expr(e).ts);
        let rec = self.names.fresh(record_name(op.kind));
        let adj = &self.adj_comms[&op.comm];
        let mut tans = tans.into_iter();
        let tsend = op.send.as_ref().and_then(|_| tans.next().flatten());
        let trecv = op.recv.as_ref().and_then(|_| tans.next().flatten());
        let typed_none = |b: &Option<MpiBuf>, m: TokenStream| {
            let f = match b.as_ref().or(op.send.as_ref()).or(op.recv.as_ref()) {
                Some(b) => float_of(self.f, self.sig, b),
                None => Ident::new("f64", proc_macro2::Span::call_site()),
            };
            quote!(::core::option::Option::None::<&#m [#f]>)
        };
        let ts = match tsend {
            Some(t) => some(Some(t)),
            None => typed_none(&op.send, quote!()),
        };
        let tr = match trecv {
            Some(t) => some(Some(t)),
            None => typed_none(&op.recv, quote!(mut)),
        };
        let tangent = quote!(#rec.tangent(&#adj, #ts, #tr););
        let lets = pre.lets;
        quote!(#lets let #rec = #call; #tangent)
    }

    /// An immediate operation or its wait, then the same on the tangents,
    /// on the duplicated communicator (a `Const` parameter sends zeros).
    pub(super) fn mpi_immediate(
        &self,
        op: &MpiOp,
        r: VarId,
        lets: TokenStream,
        send: Option<TokenStream>,
        recv: Option<TokenStream>,
        tans: Vec<Option<TokenStream>>,
    ) -> TokenStream {
        use crate::codegen::mpi::{float_of, forward_call, wait_call};
        let request = self.name(r).clone();
        let tangent_request = quote::format_ident!("{}_tangent", request);
        let b = op.send.as_ref().or(op.recv.as_ref()).unwrap();
        let prim = send.clone().or(recv.clone()).unwrap();
        let tan = tans.into_iter().flatten().next().unwrap_or_else(|| {
            let f = float_of(self.f, self.sig, b);
            quote!(&::std::vec![0.0 as #f; (#prim).len()][..])
        });
        let adj = &self.adj_comms[&op.comm];
        let adj_comm = quote!(#adj.communicator());
        match op.kind {
            MpiKind::WaitSend | MpiKind::WaitReceive => {
                let primal = wait_call(op, &request, recv);
                let tangent = wait_call(op, &tangent_request, Some(tan));
                quote!(#lets #primal #tangent)
            }
            _ => {
                let comm = self.name(op.comm);
                let primal = forward_call(op, &quote!(#comm), send.clone(), recv.clone(), &|e| self.em.expr(e).ts);
                let (ts, tr) = if op.kind == MpiKind::ImmediateSend { (Some(tan), None) } else { (None, Some(tan)) };
                let tangent = forward_call(op, &adj_comm, ts, tr, &|e| self.em.expr(e).ts);
                quote!(#lets let (#request, _) = #primal; let (#tangent_request, _) = #tangent;)
            }
        }
    }
}
