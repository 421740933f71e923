//! Tangents of blocks and statements.

use super::state::TanGen;
use crate::analysis::types::{place_cat, Cat};
use crate::codegen::emit::{self, E};
use crate::codegen::reverse::assign_op;
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

impl TanGen<'_> {
    pub(super) fn block(&self, b: &Block) -> TokenStream {
        let mut out = TokenStream::new();
        for s in &b.stmts {
            out.extend(self.stmt(s));
        }
        out
    }

    pub(super) fn stmt(&self, s: &Stmt) -> TokenStream {
        let mut out = TokenStream::new();
        match &s.kind {
            StmtKind::Let { var, init: Init::Call(c) } => return self.call(c, std::slice::from_ref(var)),
            StmtKind::Let { var, init } => return self.let_stmt(var, init),
            StmtKind::Assign { place, op, value } => return self.assign_stmt(place, op, value),
            StmtKind::Call { dests, call } => return self.call(call, dests),
            StmtKind::Push { vec, value } => {
                if self.place_active(vec) {
                    let t = self.tan[vec.base].clone().unwrap();
                    let tp = self.em.place_with(&t, vec).ts;
                    let tv = self.zero_or(self.tan(value));
                    out.extend(quote!(#tp.push(#tv);));
                }
                let p = self.em.place(vec).ts;
                let v = self.em.expr(value).ts;
                out.extend(quote!(#p.push(#v);));
            }
            StmtKind::Swap(a, b) => {
                if self.tan[a.base].is_some() && self.tan[b.base].is_some() && self.act.vars[a.base] {
                    let ta = self.em.place_with(self.tan[a.base].as_ref().unwrap(), a).ts;
                    let tb = self.em.place_with(self.tan[b.base].as_ref().unwrap(), b).ts;
                    out.extend(quote!(::core::mem::swap(&mut #ta, &mut #tb);));
                }
                let (pa, pb) = (self.em.place(a).ts, self.em.place(b).ts);
                out.extend(quote!(::core::mem::swap(&mut #pa, &mut #pb);));
            }
            StmtKind::If { cond, then_blk, else_blk } => {
                let c = self.em.expr(cond).ts;
                let t = self.block(then_blk);
                let e = self.block(else_blk);
                out.extend(emit::if_else(&c, &t, &e));
            }
            StmtKind::For { index, lo, hi, step, rev, body, par } => {
                let parallel = par.as_ref().filter(|_| self.par_depth.get() == 0);
                if let Some(ts) = parallel.and_then(|par| self.par_loop(s, *index, lo, hi, body, par)) {
                    return ts;
                }
                let r = self.em.range(lo, hi, step.as_ref(), *rev);
                let i = self.name(*index);
                let b = self.block(body);
                out.extend(quote!(for #i in #r { #b }));
            }
            StmtKind::While { cond, body } => {
                let c = self.em.expr(cond).ts;
                let b = self.block(body);
                out.extend(quote!(while #c { #b }));
            }
            StmtKind::Opaque(ts) => out.extend(ts.clone()),
            StmtKind::Check { cond, message } => out.extend(emit::check(&self.em.expr(cond).ts, message, s.span)),
            StmtKind::Mpi(op) => out.extend(self.mpi(op)),
        }
        out
    }

    /// `let var = init;`, after the tangent of `var` where it is active.
    fn let_stmt(&self, var: &VarId, init: &Init) -> TokenStream {
        let mut out = TokenStream::new();
        let v = *var;
        let n = self.name(v);
        let m = self.mutability(v);
        if let Some(out) = self.let_from_value(v, init) {
            return out;
        }
        if self.active_var(v) {
            let t = self.tan[v].clone().unwrap();
            let tinit = match init {
                Init::Expr(e) => Some(self.tan_or_zero(e)),
                Init::Uninit => None,
                Init::VecFill { elem, len } => {
                    let te = self.tan_or_zero(elem);
                    let l = self.em.expr(len).ts;
                    Some(quote!(::std::vec![#te; #l]))
                }
                Init::VecLit(es) => {
                    let ts = es.iter().map(|e| self.tan_or_zero(e));
                    Some(quote!(::std::vec![#(#ts),*]))
                }
                Init::ArrayLit(es) => {
                    let ts = es.iter().map(|e| self.tan_or_zero(e));
                    Some(quote!([#(#ts),*]))
                }
                Init::ArrayFill { elem, len } => {
                    let te = self.tan_or_zero(elem);
                    Some(quote!([#te; #len]))
                }
                Init::Copy(src) => {
                    let b = BufArg {
                        place: src.place.clone(),
                        range: src.range.clone(),
                        mutable: false,
                        nograd: false,
                        one: false,
                    };
                    let n = self.em.buf_arg(&b);
                    if self.has_tan_arg(&b) {
                        let t = self.tan_buf_arg(&b, self.em.bounds(&b));
                        Some(quote!(::parad::__private::copy_or_zeros(#t, (#n).len())))
                    } else if let Some(w) = self.width() {
                        Some(quote!(::parad::__private::lanes::zeros::<#w>((#n).len())))
                    } else {
                        Some(quote!(::parad::__private::zeros_like(#n)))
                    }
                }
                Init::WithCapacity(None) => Some(quote!(::std::vec::Vec::new())),
                Init::WithCapacity(Some(n)) => {
                    let n = self.em.expr(n).ts;
                    Some(quote!(::std::vec::Vec::with_capacity(#n)))
                }
                Init::Call(_) => unreachable!(),
            };
            // A value's tangent has its type, which its fields need.
            let ty =
                if self.t.vars[v] == Cat::Struct { crate::codegen::reverse::annotation(self.f, v) } else { quote!() };
            out.extend(match tinit {
                Some(ti) => quote!(let #m #t #ty = #ti;),
                None => quote!(let #m #t #ty;),
            });
        }
        let ty = crate::codegen::reverse::annotation(self.f, v);
        out.extend(match init {
            Init::Uninit => quote!(let #m #n #ty;),
            Init::Expr(e) => {
                let e = self.em.init_expr(v, e).ts;
                quote!(let #m #n #ty = #e;)
            }
            _ => {
                let i = self.em.init(v, init);
                quote!(let #m #n #ty = #i;)
            }
        });
        out
    }

    /// `place op= value`, after the same update of the tangent of a float
    /// `place` that is active.
    fn assign_stmt(&self, place: &Place, op: &AssignOp, value: &Expr) -> TokenStream {
        let mut out = TokenStream::new();
        if self.place_active(place) && place_cat(self.t, place) == Cat::Struct && *op == AssignOp::Set {
            out.extend(self.tan_write(place, quote!(=), E::atom(self.tan_or_zero(value))));
        }
        if self.place_active(place) && place_cat(self.t, place) == Cat::FLOAT {
            let tv = self.tan(value);
            match op {
                AssignOp::Set => out.extend(self.tan_write(place, quote!(=), E::atom(self.zero_or(tv)))),
                // Lanes add through `AddAssign`, which borrows an element
                // before the value that may read its buffer: `t[i] = t[i] + v`.
                AssignOp::Add | AssignOp::Sub if self.lanes.is_some() && !place.is_var() => {
                    if let Some(tv) = tv {
                        let cur = self.tan_read(place);
                        let new = if *op == AssignOp::Add { emit::add(&cur, &tv) } else { emit::sub(&cur, &tv) };
                        out.extend(self.tan_write(place, quote!(=), new));
                    }
                }
                AssignOp::Add => {
                    if let Some(tv) = tv {
                        out.extend(self.tan_write(place, quote!(+=), tv));
                    }
                }
                AssignOp::Sub => {
                    if let Some(tv) = tv {
                        out.extend(self.tan_write(place, quote!(-=), tv));
                    }
                }
                AssignOp::Mul | AssignOp::Div => {
                    let cur = self.tan_read(place);
                    let val = self.em.expr(value);
                    let old = self.em.place(place);
                    let new = if *op == AssignOp::Mul {
                        let l = emit::mul(&cur, &val);
                        match tv {
                            Some(t) => emit::add(&l, &emit::mul(&old, &t)),
                            None => l,
                        }
                    } else {
                        let l = emit::div(&cur, &val);
                        match tv {
                            Some(t) => emit::sub(&l, &emit::div(&emit::mul(&t, &emit::div(&old, &val)), &val)),
                            None => l,
                        }
                    };
                    out.extend(self.tan_write(place, quote!(=), new));
                }
            }
        }
        let p = self.em.place(place).ts;
        let v = self.em.expr(value).ts;
        let op = assign_op(*op);
        out.extend(quote!(#p #op #v;));
        out
    }
}
