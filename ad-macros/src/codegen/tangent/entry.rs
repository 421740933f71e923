//! The functions generated: the tangent companion `__parad_tan_NAME` and
//! the flat forward derivative a user asked for.

use super::state::TanGen;
use crate::analysis::types::Cat;
use crate::names::{companion_tan, companion_tanl, companion_tanv};
use crate::parse::ParamKind;
use proc_macro2::TokenStream;
use quote::{quote, ToTokens};

impl TanGen<'_> {
    pub fn companion(&mut self, func: &syn::ItemFn) -> TokenStream {
        let name = self.companion_name(&func.sig.ident);
        let vis = &func.vis;
        let mut params = Vec::new();
        let mut prelude = TokenStream::new();
        for (i, p) in self.sig.params.iter().enumerate() {
            let v = self.f.params[i];
            let n = self.name(v);
            let ty = &p.ty;
            let mutable = p.kind.is_mut();
            let mt =
                if self.plan.written[v] && !matches!(p.ty, syn::Type::Reference(_)) { quote!(mut) } else { quote!() };
            params.push(quote!(#mt #n: #ty));
            match &p.kind {
                ParamKind::Float(f) => {
                    let t = self.tan[v].clone().unwrap();
                    let f = self.lanes_ty().unwrap_or_else(|| f.ident().into_token_stream());
                    params.push(quote!(mut #t: #f));
                }
                ParamKind::FloatBuf { .. } | ParamKind::ValueBuf { .. } => {
                    let t = self.tan[v].clone().unwrap();
                    let (f, _) = p.kind.shadow_elem().unwrap();
                    let f = self.lanes_ty().unwrap_or(f);
                    if mutable {
                        params.push(quote!(#t: &mut [#f]));
                        prelude.extend(quote!(let mut #t = ::parad::__private::ShadowSlice::new(#t);));
                    } else {
                        params.push(quote!(#t: &[#f]));
                        prelude.extend(quote!(let #t = ::parad::__private::TangentSlice::new(#t);));
                    }
                }
                ParamKind::Struct { ty: inner, .. } => {
                    let t = self.tan[v].clone().unwrap();
                    if mutable {
                        params.push(quote!(mut #t: ::core::option::Option<&mut #inner>));
                    } else {
                        params.push(quote!(#t: ::core::option::Option<&#inner>));
                    }
                }
                // Callers pass values as constants (see `docs/values.md`).
                ParamKind::Value { .. } if !(self.slotted && self.f.value_slots.contains(&v)) => {
                    prelude.extend(self.value_tangent_zero(i))
                }
                _ => {}
            }
        }
        if self.slotted {
            let (slots, copies) = self.slot_params();
            params.extend(slots);
            prelude.extend(copies);
        }
        let ret_ty = self.sig.ret_ty.as_ref().map(|t| quote!(#t)).unwrap_or_else(|| quote!(()));
        let (tan_ty, tan_val) = match &self.sig.ret {
            ParamKind::Tuple(_) => {
                let ty = crate::codegen::reverse::seed_type(&self.sig.ret);
                let vals = self.f.ret_parts.iter().map(|&r| {
                    if self.active_var(r) {
                        let t = self.tan[r].clone().unwrap();
                        quote!(#t)
                    } else if self.t.vars[r] == Cat::FLOAT {
                        quote!(0.0)
                    } else {
                        quote!(())
                    }
                });
                (ty, quote!((#(#vals,)*)))
            }
            ParamKind::Float(f) => {
                let f = self.lanes_ty().unwrap_or_else(|| f.ident().into_token_stream());
                let val = match self.f.ret {
                    Some(r) if self.active_var(r) => {
                        let t = self.tan[r].clone().unwrap();
                        quote!(#t)
                    }
                    _ => self.tzero(),
                };
                (f, val)
            }
            ParamKind::FloatVec(f) => {
                let f = f.ident();
                (quote!(::std::vec::Vec<#f>), self.vec_tangent())
            }
            ParamKind::Value { ty, .. } => (quote!(#ty), self.value_result_tangent(ty)),
            _ => (quote!(()), quote!(())),
        };
        let ret_val = match self.f.ret {
            Some(r) => {
                let n = self.name(r);
                quote!(#n)
            }
            None if !self.f.ret_parts.is_empty() => {
                let names = self.f.ret_parts.iter().map(|&r| self.name(r).clone());
                quote!((#(#names,)*))
            }
            None => quote!(()),
        };
        prelude.extend(self.mpi_prelude());
        let body = self.block(&self.f.body);
        // A zero tangent of a `Vec` reads the result's length before the
        // result moves.
        let (tan_bind, tan_val) = match &self.sig.ret {
            ParamKind::FloatVec(_) => {
                let t = self.names.fresh("tangent");
                (quote!(let #t = #tan_val;), quote!(#t))
            }
            _ => (quote!(), tan_val),
        };
        let allow_generated = crate::syntax::allow_generated();
        quote! {
            #[doc(hidden)]
            #[inline]
            #allow_generated
            #vis fn #name(#(#params),*) -> (#ret_ty, #tan_ty) {
                #prelude
                #body
                #tan_bind
                (#ret_val, #tan_val)
            }
        }
    }

    /// The companion's name, with the lane companion's width parameter.
    fn companion_name(&self, f: &syn::Ident) -> TokenStream {
        match (self.slotted, &self.lanes) {
            (true, _) => companion_tanv(f).into_token_stream(),
            (false, Some(w)) => {
                let name = companion_tanl(f);
                quote!(#name<const #w: usize>)
            }
            (false, None) => companion_tan(f).into_token_stream(),
        }
    }

    /// The tangent of a returned `Vec`: its tangent, or zeros of its length
    /// where it does not depend on the inputs; to be evaluated before the
    /// result is moved.
    pub(super) fn vec_tangent(&self) -> TokenStream {
        let Some(r) = self.f.ret else { return quote!(()) };
        let n = self.name(r);
        match self.tan[r].clone().filter(|_| self.active_var(r)) {
            Some(t) => quote!(#t),
            None => quote!(::std::vec![0.0; #n.len()]),
        }
    }

    /// The tangent of a result of value type `ty`: its zero where inactive.
    fn value_result_tangent(&self, ty: &syn::Type) -> TokenStream {
        match self.f.ret.filter(|&r| self.active_var(r)) {
            Some(r) => {
                let t = self.tan[r].clone().unwrap();
                quote!(#t)
            }
            None => crate::codegen::emit::Emitter::value_zero(ty),
        }
    }

    /// The zero tangent of value parameter `i` where it has one without
    /// being given one: written with active data.
    fn value_tangent_zero(&self, i: usize) -> TokenStream {
        let (ParamKind::Value { ty, .. }, Some(t)) = (&self.sig.params[i].kind, &self.tan[self.f.params[i]]) else {
            return quote!();
        };
        crate::codegen::emit::Emitter::value_zero_local(t, ty)
    }

    /// The forward-mode derivative a user asked for, as one function with the
    /// signature of DESIGN section 2 for the activities of `spec`. The
    /// analyses behind `self` were run with `Const` parameters inactive.
    pub fn flat(&mut self, func: &syn::ItemFn, spec: &crate::parse::DiffSpec) -> TokenStream {
        use crate::parse::Activity as A;
        let mut params = Vec::new();
        let mut checks = TokenStream::new();
        let mut prelude = TokenStream::new();
        for (i, (p, input)) in self.sig.params.iter().zip(&func.sig.inputs).enumerate() {
            params.push(quote!(#input));
            let v = self.f.params[i];
            let n = self.name(v).clone();
            let dual = matches!(spec.acts[i].0, A::Dual | A::DualOnly | A::Dualv);
            let scratch = matches!(p.kind, ParamKind::FloatBuf { .. } | ParamKind::ValueBuf { .. })
                && p.kind.is_mut()
                && self.active_var(v);
            if !dual && scratch {
                // A `Const` buffer used as scratch (see the reverse mode's).
                self.buf_params[v] = None;
                let t = self.tan[v].clone().unwrap();
                let store = self.names.fresh(&format!("{t}_scratch"));
                prelude.extend(crate::codegen::emit::Emitter::scratch_shadow(&store, &t, &n));
                continue;
            }
            if !dual {
                prelude.extend(self.value_tangent_zero(i));
                continue;
            }
            let t = self.tan[v].clone().unwrap();
            let ty = match (self.lanes_ty(), &p.kind) {
                (Some(l), ParamKind::Float(_)) => l,
                (Some(l), _) if p.kind.is_mut() => quote!(&mut [#l]),
                (Some(l), _) => quote!(&[#l]),
                (None, _) => {
                    let ty = &p.ty;
                    quote!(#ty)
                }
            };
            match &p.kind {
                ParamKind::Float(_) => params.push(quote!(mut #t: #ty)),
                ParamKind::FloatBuf { .. } | ParamKind::ValueBuf { .. } => {
                    self.buf_params[v] = None;
                    params.push(quote!(#t: #ty));
                    let msg = format!("the tangent of `{n}` must have the length of `{n}`");
                    checks.extend(quote!(::core::assert_eq!(#t.len(), #n.len(), #msg);));
                    prelude.extend(if p.kind.is_mut() {
                        quote!(let #t = &mut #t[..#n.len()];)
                    } else {
                        quote!(let #t = &#t[..#n.len()];)
                    });
                }
                ParamKind::Struct { .. } => {
                    params.push(quote!(#t: #ty));
                    prelude.extend(quote!(let mut #t = ::core::option::Option::Some(#t);));
                }
                ParamKind::Value { .. } => params.push(quote!(mut #t: #ty)),
                _ => {}
            }
        }
        let n = self.sig.params.len();
        let ret_act = spec.acts.get(n).map(|a| a.0);
        let tangent = match (self.f.ret, &self.sig.ret) {
            (_, ParamKind::FloatVec(_)) => self.vec_tangent(),
            (_, ParamKind::Value { ty, .. }) => self.value_result_tangent(ty),
            (Some(r), _) if self.active_var(r) => {
                let t = self.tan[r].clone().unwrap();
                quote!(#t)
            }
            _ => self.tzero(),
        };
        let primal = match self.f.ret {
            Some(r) => {
                let n = self.name(r);
                quote!(#n)
            }
            None => quote!(()),
        };
        let ret_ty = self.sig.ret_ty.as_ref().map(|t| quote!(#t)).unwrap_or_else(|| quote!(()));
        let tan_ty = self.lanes_ty().unwrap_or_else(|| ret_ty.clone());
        let (result, result_ty) = match (&self.sig.ret, ret_act) {
            (ParamKind::Unit, _) => (quote!(()), quote!(())),
            (ParamKind::FloatVec(_), Some(A::Dual)) => {
                let t = self.names.fresh("tangent");
                (quote!({ let #t = #tangent; (#primal, #t) }), quote!((#ret_ty, #ret_ty)))
            }
            (_, Some(A::Dual)) => (quote!((#primal, #tangent)), quote!((#ret_ty, #tan_ty))),
            (_, Some(A::DualOnly)) => (tangent, tan_ty),
            _ => (primal, ret_ty),
        };
        prelude.extend(self.mpi_prelude());
        let body = self.block(&self.f.body);
        let name = &spec.name;
        let vis = &func.vis;
        let doc = crate::codegen::batched::flat_attrs(self.lanes.is_some(), false, &func.sig.ident);
        let allow_generated = crate::syntax::allow_generated();
        quote! {
            #doc
            #allow_generated
            #vis fn #name(#(#params),*) -> #result_ty {
                #checks
                #prelude
                #body
                #result
            }
        }
    }
}
