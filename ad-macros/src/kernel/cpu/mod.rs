//! The CPU path: `launch_cpu`, which runs a kernel's grid on the host.
//!
//! Generated shape (see `ad-runtime/src/gpu/cpu.rs` for the runtime side):
//! each `&mut [T]` parameter is shared as a `Racy` (relaxed atomics), the
//! blocks run through `run_blocks` (rayon), and a block runs its segments
//! (`fission`) one after the other, each as a loop over the block's
//! threads. The intrinsics are the block closure's arguments (`parad_b`,
//! `parad_bd`, `parad_gd`) and the thread loop's counter (`parad_t`); the
//! generated code passes them explicitly, nothing lives in thread-locals.

mod fission;
mod names;
mod print;

use super::ir::*;
use crate::diag::Diag;
use fission::Piece;
use names::Names;
use print::Printer;
use proc_macro2::{Span, TokenStream};
use quote::quote;

/// Buffers only ever added to: their additions go to per-block logs,
/// applied in block order after the grid, so their sums do not depend on
/// the number of threads rayon uses.
fn logged(k: &Kernel) -> Vec<Buf> {
    let mut touched = Vec::new();
    let mut added = Vec::new();
    for s in &k.body {
        s.walk(&mut |s| {
            match &s.kind {
                StmtKind::AtomicAdd { buf, .. } | StmtKind::BlockReduceAdd { buf, .. } => added.push(*buf),
                StmtKind::Store { buf, .. } => touched.push(*buf),
                _ => {}
            }
            for e in s.exprs() {
                e.visit(&mut |e| {
                    if let ExprKind::Load(b, _) | ExprKind::Len(b) = e.kind {
                        touched.push(b);
                    }
                });
            }
        });
    }
    let mut out: Vec<Buf> = added.into_iter().filter(|b| matches!(b, Buf::Param(_)) && !touched.contains(b)).collect();
    out.dedup();
    out.sort_by_key(|b| match b {
        Buf::Param(p) => *p,
        Buf::Shared(s) => *s,
    });
    out.dedup();
    out
}

/// `pub fn launch_cpu(cfg, params...) -> Result<R, GpuError>`, where `R`
/// is `()`, or the derivatives of the `Active` scalars (`ActiveSlot`
/// parameters), one bare or several in a tuple.
pub fn launch_cpu(k: &Kernel, diag: &Diag) -> TokenStream {
    let plan = fission::plan(k, diag);
    let names = Names::new();
    let logged = logged(k);
    let p = Printer { k, names: &names, per_thread: &plan.per_thread, logged: &logged };
    let rt = quote!(::parad::__private::gpu);
    let Names { b, bd, gd, .. } = &names;
    // Mixed-site: a kernel parameter may be called `cfg` too.
    let cfg = syn::Ident::new("cfg", Span::mixed_site());

    let mut params = Vec::new();
    let mut prologue = TokenStream::new();
    let mut slots = Vec::new();
    let mut slot_tys = Vec::new();
    for prm in &k.params {
        let n = &prm.name;
        match (prm.kind, prm.role) {
            (ParamKind::Scalar(t), _) => {
                let t = t.rust();
                params.push(quote!(#n: #t));
            }
            (ParamKind::Slice { elem, .. }, Role::ActiveSlot) => {
                let (slot, t) = (Names::slot(n), elem.rust());
                slots.push(quote!(#slot[0]));
                slot_tys.push(quote!(#t));
                params.push(TokenStream::new());
                prologue.extend(quote!(let #n = #rt::Racy::new(&mut #slot[..]);));
            }
            (ParamKind::Slice { elem, mutable: true }, Role::User) => {
                let t = elem.rust();
                params.push(quote!(#n: &mut [#t]));
                prologue.extend(quote!(let #n = #rt::Racy::new(#n);));
            }
            (ParamKind::Slice { elem, mutable: false }, Role::User) => {
                let t = elem.rust();
                params.push(quote!(#n: &[#t]));
            }
        }
    }
    let params: Vec<&TokenStream> = params.iter().filter(|t| !t.is_empty()).collect();
    let slot_decls: TokenStream = k
        .params
        .iter()
        .filter(|p| p.role == Role::ActiveSlot)
        .map(|p| {
            let ParamKind::Slice { elem, .. } = p.kind else { return quote!() };
            let (slot, z) = (Names::slot(&p.name), print::zero(elem));
            quote!(let mut #slot = [#z; 1];)
        })
        .collect();

    // Per block: shared arrays, per-thread arrays, logs, then the pieces.
    let mut block = TokenStream::new();
    for s in &k.shared {
        let (n, t, len, z) = (&s.name, s.elem.rust(), s.len, print::zero(s.elem));
        block.extend(quote!(let mut #n: [#t; #len] = [#z; #len];));
    }
    for (v, l) in k.locals.iter_enumerated() {
        if plan.per_thread[v] {
            let (pt, t) = (Names::per_thread(&l.name), l.ty.rust());
            block.extend(quote!(let mut #pt: ::std::vec::Vec<#t> = #rt::per_thread::<#t>(#bd);));
        }
    }
    let logs: Vec<syn::Ident> = logged.iter().map(|b| Names::log(k.buf_name(*b))).collect();
    for (log, buf) in logs.iter().zip(&logged) {
        let t = k.buf_elem(*buf).rust();
        let b = k.buf_name(*buf);
        block.extend(quote!(let mut #log = #rt::ScatterLog::<#t>::new(#b.len());));
    }
    block.extend(pieces(&p, &plan.pieces));
    let log_bufs: Vec<&syn::Ident> = logged.iter().map(|b| k.buf_name(*b)).collect();
    let log_idx = (0..logs.len()).map(syn::Index::from);

    let (ret_ty, ret) = (super::common::returned(&slot_tys), super::common::returned(&slots));
    let doc = format!(
        "Runs the kernel `{}` on the CPU: the grid's blocks in parallel (rayon), the threads of a block in order, split at each barrier.",
        k.name
    );
    let allow_generated = crate::syntax::allow_generated();
    quote! {
        #[doc = #doc]
        #allow_generated
        pub fn launch_cpu(#cfg: #rt::LaunchConfig, #(#params),*) -> ::core::result::Result<#ret_ty, #rt::GpuError> {
            #slot_decls
            {
                #prologue
                let parad_blocks = #rt::run_blocks(&#cfg, |#b: usize, #bd: usize, #gd: usize| {
                    #block
                    (#(#logs,)*)
                })?;
                #( #rt::apply_logs(&#log_bufs, parad_blocks.iter().map(|parad_logs| &parad_logs.#log_idx)); )*
            }
            ::core::result::Result::Ok(#ret)
        }
    }
}

fn pieces(p: &Printer, ps: &[Piece]) -> TokenStream {
    let (t, bd) = (&p.names.t, &p.names.bd);
    let mut out = TokenStream::new();
    for piece in ps {
        out.extend(match piece {
            Piece::Seg(_, stmts) => {
                let body: TokenStream = stmts.iter().map(|s| p.stmt(s)).collect();
                quote!(for #t in 0..#bd { #body })
            }
            // Fission already separates the segments.
            Piece::Sync => quote!(),
            Piece::If { cond, then, els } => {
                let (c, a, b) = (p.expr(cond, true).ts, pieces(p, then), pieces(p, els));
                quote!(if #c { #a } else { #b })
            }
            Piece::For { var, lo, hi, rev, body } => {
                let (n, lo, hi, body) =
                    (&p.k.locals[*var].name, p.expr(lo, true).ts, p.expr(hi, true).ts, pieces(p, body));
                if *rev {
                    quote!(for #n in (#lo..#hi).rev() { #body })
                } else {
                    quote!(for #n in #lo..#hi { #body })
                }
            }
            Piece::While { cond, body } => {
                let (c, body) = (p.expr(cond, true).ts, pieces(p, body));
                quote!(while #c { #body })
            }
            Piece::Reduce { acc, buf, idx } => {
                // The block's sum in thread order, then one addition.
                let ty = p.k.locals[*acc].ty;
                let (z, tyi) = (print::zero(ty), ty.rust());
                let a = p.var(*acc, false);
                let sum = syn::Ident::new("parad_sum", Span::mixed_site());
                let add = p.add(*buf, p.expr(idx, true).ts, quote!(#sum));
                quote! {
                    let mut #sum: #tyi = #z;
                    for #t in 0..#bd { #sum += #a; }
                    #add
                }
            }
        });
    }
    out
}
