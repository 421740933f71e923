//! The forward sweep: the function's statements with the plan's stores.

use super::print::{annotation, assign_op};
use super::state::RevGen;
use crate::analysis::plan::Rebind;
use crate::codegen::emit::{self};
use crate::codegen::window::{self, Bounds};
use crate::ir::*;
use crate::names::companion_path;
use proc_macro2::TokenStream;
use quote::quote;

impl RevGen<'_> {
    /// The arguments of a call as written, with the bounds of `&mut`
    /// sub-slices bound first into `pre`; to the `plain` function, numbers
    /// lent as slices of one are lent as numbers.
    pub(super) fn call_args(&self, c: &Call, pre: &mut emit::CallBounds, plain: bool) -> Vec<TokenStream> {
        self.em.split_shared(pre, &c.args);
        c.args
            .iter()
            .map(|a| match a {
                Arg::Value(e) => self.em.value_arg(pre, e, &c.args),
                Arg::Buf(b) if plain => self.em.plain_buf_arg(pre, b),
                Arg::Buf(b) => self.em.buf_arg_once(pre, b),
                Arg::Struct { place, mutable, by_value } => self.em.struct_arg(place, *mutable, *by_value),
            })
            .collect()
    }

    pub(super) fn call_is_active(&self, c: &Call, dests: &[VarId]) -> bool {
        crate::analysis::activity::call_active(self.t, &self.act.vars, c, dests)
    }

    pub(super) fn dest_pattern(&self, dests: &[VarId]) -> TokenStream {
        match dests {
            [] => quote!(_),
            [d] => {
                let m = self.mutability(*d);
                let n = self.name(*d);
                quote!(#m #n)
            }
            ds => {
                let parts = ds.iter().map(|d| {
                    let m = self.mutability(*d);
                    let n = self.name(*d);
                    quote!(#m #n)
                });
                quote!((#(#parts),*))
            }
        }
    }

    pub(super) fn fwd_call(&mut self, s: &Stmt, c: &Call, dests: &[VarId]) -> TokenStream {
        let mut pre = emit::CallBounds::new(&self.names);
        let plain = self.plain || !self.call_is_active(c, dests);
        let args = self.call_args(c, &mut pre, plain);
        let mut out = pre.lets;
        let pat = self.dest_pattern(dests);
        if self.plain {
            let path = &c.path;
            out.extend(if dests.is_empty() {
                quote!(#path(#(#args),*);)
            } else {
                quote!(let #pat = #path(#(#args),*);)
            });
            return out;
        }
        if !self.call_is_active(c, dests) {
            // Marked constant, so that differentiating this code again (a
            // nested derivative) keeps the call plain.
            let path = &c.path;
            out.extend(if dests.is_empty() {
                quote!(::parad::no_grad(#path(#(#args),*));)
            } else {
                quote!(let #pat = ::parad::no_grad(#path(#(#args),*));)
            });
            return out;
        }
        if self.joint_call(s.id, c, dests) {
            self.joint_calls.insert(s.id);
            let path = &c.path;
            out.extend(quote!(let #pat = #path(#(#args),*);));
            return out;
        }
        let comp = companion_path(&c.path, false, c.passes_values());
        let rev = self.names.fresh(&format!("{}_reverse", crate::analysis::plan::call_name(c)));
        self.call_names.insert(s.id, rev.clone());
        out.extend(quote!(let (#pat, #rev) = #comp(#(#args),*);));
        if let Some(&slot) = self.plan.call_slots.get(&s.id) {
            out.extend(self.slot_store(slot, quote!(#rev)));
        }
        out
    }

    pub fn fwd_block(&mut self, b: &Block) -> TokenStream {
        let mut out = self.fwd_stmts(&b.stmts);
        if self.fused_bodies.contains(&b.id) {
            return out;
        }
        if let Some(rebinds) = self.plan.rebind.get(&b.id) {
            for (v, how) in rebinds {
                if let Rebind::Tape(slot) = how {
                    let n = self.name(*v).clone();
                    out.extend(self.slot_store(*slot, quote!(#n)));
                }
            }
        }
        out
    }

    pub(super) fn fwd_stmts(&mut self, stmts: &[Stmt]) -> TokenStream {
        let mut out = TokenStream::new();
        for s in stmts {
            if let Some(&slot) = self.plan.saves.get(&s.id).filter(|slot| !self.whole_pieces.contains(slot)) {
                if let StmtKind::Assign { place, .. } = &s.kind {
                    let p = self.em.place(place).ts;
                    out.extend(self.slot_store(slot, quote!(#p)));
                }
            }
            if matches!(s.kind, StmtKind::Call { .. } | StmtKind::Let { init: Init::Call(_), .. }) {
                out.extend(self.whole_saves(s.id));
            }
            out.extend(self.fwd_stmt(s));
        }
        out
    }

    /// A serial counted loop, its body emitted: outside parallel closures,
    /// with windows of the buffers it indexes at its counter (see
    /// `codegen::window`).
    pub(super) fn serial_for(
        &self,
        index: VarId,
        lo: &Expr,
        hi: &Expr,
        step: Option<&Expr>,
        rev: bool,
        body: TokenStream,
    ) -> TokenStream {
        let i = self.name(index);
        let range = self.em.range(lo, hi, step, rev);
        if step.is_some() || self.par_depth > 0 || self.nestable {
            return quote!(for #i in #range { #body });
        }
        let bounds = Bounds {
            lo: self.em.range_bound(lo),
            hi: self.em.range_bound(hi),
            lo_lit: lo.int_lit(),
            hi_lit: hi.int_lit(),
        };
        window::serial_for(&self.names, &|n| self.plain_bufs.contains(n), i, &bounds, range, rev, body)
    }

    pub(super) fn fwd_stmt(&mut self, s: &Stmt) -> TokenStream {
        match &s.kind {
            StmtKind::Let { var, init: Init::Call(c) } => self.fwd_call(s, c, std::slice::from_ref(var)),
            StmtKind::Let { var, init: Init::Uninit } => {
                let n = self.name(*var);
                let m = self.mutability(*var);
                let ty = annotation(self.f, *var);
                quote!(let #m #n #ty;)
            }
            StmtKind::Let { var, init } => {
                let n = self.name(*var);
                let m = self.mutability(*var);
                let i = self.em.init(*var, init);
                let ty = annotation(self.f, *var);
                quote!(let #m #n #ty = #i;)
            }
            StmtKind::Assign { place, op, value } => {
                let p = self.em.place(place).ts;
                let v = self.em.expr(value).ts;
                let op = assign_op(*op);
                quote!(#p #op #v;)
            }
            StmtKind::Call { dests, call } => self.fwd_call(s, call, dests),
            StmtKind::Push { vec, value } => {
                let p = self.em.place(vec).ts;
                let v = self.em.expr(value).ts;
                quote!(#p.push(#v);)
            }
            StmtKind::Swap(a, b) => {
                let a = self.em.place(a).ts;
                let b = self.em.place(b).ts;
                quote!(::core::mem::swap(&mut #a, &mut #b);)
            }
            StmtKind::If { cond, then_blk, else_blk } => {
                let c = self.em.expr(cond).ts;
                let t = self.fwd_block(then_blk);
                let e = self.fwd_block(else_blk);
                emit::if_else(&c, &t, &e)
            }
            StmtKind::For { .. } | StmtKind::While { .. } if self.plan.steps.contains_key(&s.id) => self.ck_forward(s),
            StmtKind::For { index, lo, hi, body, par: Some(par), .. }
                if self.par_depth == 0 && self.parallel(*index, lo, body, par) =>
            {
                let save = self.whole_saves(s.id);
                let run = self.par_forward(s, *index, lo, hi, body, par);
                let reserve = self.reserve_chunk_tapes(s.id, body);
                quote!(#save #run #reserve)
            }
            StmtKind::For { index, lo, hi, step, rev, body, .. } => {
                let save = self.whole_saves(s.id);
                let resize = self.resizes(s.id);
                let body = self.fwd_block(body);
                let run = self.serial_for(*index, lo, hi, step.as_ref(), *rev, body);
                quote!(#save #resize #run)
            }
            StmtKind::While { cond, body } => {
                let c = self.em.expr(cond).ts;
                let body = self.fwd_block(body);
                quote!(while #c { #body })
            }
            StmtKind::Opaque(ts) => ts.clone(),
            StmtKind::Check { cond, message } => emit::check(&self.em.expr(cond).ts, message, s.span),
            StmtKind::Mpi(op) => self.mpi_fwd(s, op),
        }
    }

    // ------------------------------------------------------------- reverse
}
