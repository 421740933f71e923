//! The adjoints of expressions: a seed `g` flowing into the shadows of
//! what an expression reads.

use super::state::RevGen;
use crate::analysis::types::{place_cat, Cat};
use crate::codegen::emit::{self, E};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;
use syn::Ident;

impl RevGen<'_> {
    /// Emits `shadow(place) OP` through `f`, unwrapping a struct shadow.
    pub(super) fn with_shadow(&self, p: &Place, f: impl FnOnce(TokenStream) -> TokenStream) -> TokenStream {
        if let Some(r) = self.redirect(p) {
            if r.skipped {
                return TokenStream::new();
            }
            let (part, off) = (&r.part, &r.offset);
            let [Proj::Index(i)] = p.proj.as_slice() else { unreachable!("redirects are of elements") };
            let i = self.em.expr(i).at(emit::ATOM);
            return f(quote!(#part[#i.wrapping_sub(#off as usize)]));
        }
        let base = self.shadow[p.base].clone().expect("active place has a shadow");
        if self.struct_params[p.base] {
            let body = f(self.em.struct_shadow_place(&base, p, false));
            quote!(if let ::core::option::Option::Some(#base) = #base.as_deref_mut() { #body })
        } else if emit::Emitter::in_element_buffer(self.t, p) {
            let body = f(self.em.place_with(&base, p).ts);
            quote!(if !#base.is_empty() { #body })
        } else {
            f(self.em.place_with(&base, p).ts)
        }
    }

    /// `let g = shadow; shadow = 0;` for a place being overwritten.
    pub(super) fn take_shadow(&self, p: &Place, g: &Ident) -> TokenStream {
        let base = self.shadow[p.base].clone().unwrap();
        if self.struct_params[p.base] {
            let sp = self.em.struct_shadow_place(&base, p, false);
            let zero = crate::codegen::emit::Emitter::zero_of(place_cat(self.t, p));
            quote! {
                let #g = match #base.as_deref_mut() {
                    ::core::option::Option::Some(#base) => ::core::mem::take(&mut #sp),
                    ::core::option::Option::None => #zero,
                };
            }
        } else if emit::Emitter::in_element_buffer(self.t, p) {
            let sp = self.em.place_with(&base, p).ts;
            quote!(let #g = if #base.is_empty() { 0.0 } else { ::core::mem::take(&mut #sp) };)
        } else if place_cat(self.t, p) == Cat::Struct {
            // A value's shadow: its zero is its `Default`.
            let sp = self.em.place_with(&base, p).ts;
            quote!(let #g = ::core::mem::take(&mut #sp);)
        } else {
            let sp = self.em.place_with(&base, p).ts;
            let zero = self.dzero();
            quote!(let #g = #sp; #sp = #zero;)
        }
    }

    /// `g` bound to a name unless it already is one.
    pub(super) fn bind(&self, g: E, out: &mut TokenStream) -> E {
        if g.is_atom() && !g.ts.to_string().contains('(') && !g.ts.to_string().contains('[') {
            return g;
        }
        let name = self.names.fresh("g");
        let ts = g.ts;
        out.extend(quote!(let #name = #ts;));
        E::atom(quote!(#name))
    }

    /// Propagates the adjoint `g` of expression `e` into the shadows of what it reads.
    pub fn adj(&self, e: &Expr, g: E, out: &mut TokenStream) {
        if !self.expr_active(e) {
            return;
        }
        if let ExprKind::Read(p) = &e.kind {
            if let Some(acc) = self.hoisted_accumulator(p) {
                let gts = g.ts;
                out.extend(quote!(#acc += #gts;));
                return;
            }
        }
        match &e.kind {
            ExprKind::Read(p) if self.atomics.contains_key(&p.base) => {
                let shared = &self.atomics[&p.base];
                let [Proj::Index(i)] = p.proj.as_slice() else { unreachable!("atomic shadows are indexed") };
                let (i, gts) = (self.em.expr(i).ts, g.ts);
                out.extend(quote!(#shared.add(#i, #gts);));
            }
            // A value read whole: its shadow takes the adjoint field by field.
            // (Spanned at the read: a type without `Value` is reported there.)
            ExprKind::Read(p) if place_cat(self.t, p) == Cat::Struct => {
                let gts = g.ts;
                let add = quote::quote_spanned!(e.span=> ::parad::Value::add_adjoint);
                out.extend(self.with_shadow(p, |sp| quote!(#add(&mut #sp, &#gts);)));
            }
            ExprKind::StructLit(_, fields) => {
                let g = self.bind(g, out);
                for (m, e) in fields {
                    let gts = &g.ts;
                    match crate::analysis::activity::untyped_field(self.t, &self.act.vars, e) {
                        Some(p) if self.shadow[p.base].is_some() => {
                            let add = quote::quote_spanned!(e.span=> ::parad::Value::add_adjoint);
                            out.extend(self.with_shadow(p, |sp| quote!(#add(&mut #sp, &#gts.#m);)));
                        }
                        _ => self.adj(e, E::atom(quote!(#gts.#m)), out),
                    }
                }
            }
            ExprKind::Read(p) => {
                // A struct shadow is unwrapped around the statement; compute
                // the adjoint outside it, since it may read the same shadow.
                let g = if self.struct_params[p.base] { self.bind(g, out) } else { g };
                if let Some(adds) = self.merging.borrow_mut().as_mut().filter(|_| !self.struct_params[p.base]) {
                    adds.push((p.clone(), g));
                    return;
                }
                let first = p.is_var() && self.fresh.borrow_mut().remove(&p.base);
                out.extend(self.add_into(p, g, first));
            }
            ExprKind::Unary(UnOp::Neg, a) => self.adj(a, emit::neg(&g), out),
            ExprKind::Binary(op, a, b) => {
                let (aa, ba) = (self.expr_active(a), self.expr_active(b));
                let g = if aa && ba { self.bind(g, out) } else { g };
                match op {
                    BinOp::Add => {
                        self.adj(a, g.clone(), out);
                        self.adj(b, g, out);
                    }
                    BinOp::Sub => {
                        self.adj(a, g.clone(), out);
                        self.adj(b, emit::neg(&g), out);
                    }
                    BinOp::Mul => {
                        if aa && same_tree(a, b) {
                            let eb = self.em.expr(b);
                            // x * x: one update of twice the partial, doubling
                            // x (exact) so that g meets one multiplication.
                            self.adj(a, emit::mul(&g, &emit::mul(&emit::lit(2.0), &eb)), out);
                            return;
                        }
                        if aa {
                            self.adj(a, emit::mul(&g, &self.em.expr(b)), out);
                        }
                        if ba {
                            self.adj(b, emit::mul(&g, &self.em.expr(a)), out);
                        }
                    }
                    BinOp::Div => {
                        let (ea, eb) = (self.em.expr(a), self.em.expr(b));
                        // Times the reciprocal where `b` is loop-invariant.
                        let over = |x: &E| match self.reciprocal(b) {
                            Some(r) => emit::mul(x, &r),
                            None => emit::div(x, &eb),
                        };
                        if aa {
                            self.adj(a, over(&g), out);
                        }
                        if ba {
                            // d(a/b)/db = -(a/b)/b
                            let q = over(&ea);
                            self.adj(b, emit::neg(&over(&emit::mul(&g, &q))), out);
                        }
                    }
                    BinOp::Rem => {
                        self.adj(a, g.clone(), out);
                        if ba {
                            let q = emit::method(&emit::div(&self.em.expr(a), &self.em.expr(b)), "trunc", &[]);
                            self.adj(b, emit::neg(&emit::mul(&g, &q)), out);
                        }
                    }
                    _ => {}
                }
            }
            ExprKind::Method(m, r, args) => self.adj_method(*m, r, args, g, out),
            ExprKind::Cast(a, _) => {
                let gts = g.ts;
                let av = self.em.expr(a).ts;
                self.adj(a, E::atom(quote!(::parad::__private::cast_like(#gts, #av))), out);
            }
            _ => {}
        }
    }

    pub(super) fn adj_method(&self, m: Method, r: &Expr, args: &[Expr], g: E, out: &mut TokenStream) {
        use crate::codegen::partials::{method_adjoints, powi_exponent, Tokens};
        let x = self.em.expr(r);
        let ra = self.expr_active(r);
        let g = if args.iter().any(|a| self.expr_active(a)) && ra { self.bind(g, out) } else { g };
        if let Method::Min | Method::Max = m {
            let y = self.em.expr(&args[0]);
            let cmp = if m == Method::Min { quote!(<=) } else { quote!(>=) };
            let (xs, ys) = (x.at(51), y.at(51));
            let mut then_ = TokenStream::new();
            let mut else_ = TokenStream::new();
            // Additions under a branch stay there.
            let outer = self.merging.replace(None);
            self.adj(r, g.clone(), &mut then_);
            self.adj(&args[0], g, &mut else_);
            self.merging.replace(outer);
            out.extend(quote!(if #xs #cmp #ys { #then_ } else { #else_ }));
            return;
        }
        let eargs: Vec<E> = args.iter().map(|a| self.em.expr(a)).collect();
        let terms = method_adjoints(&Tokens, m, &x, &eargs, powi_exponent(m, args, &eargs), &g);
        for (operand, term) in std::iter::once(r).chain(args).zip(terms) {
            if let Some(t) = term {
                self.adj(operand, t, out);
            }
        }
    }
}
