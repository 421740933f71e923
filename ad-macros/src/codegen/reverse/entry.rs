//! The functions generated: the companion `__parad_fwd_NAME` and the flat
//! derivative a user asked for.

use super::print::seed_type;
use super::state::RevGen;
use crate::codegen::batched::Width;
use crate::codegen::emit::{self};
use crate::ir::*;
use crate::names::{companion_fwd, companion_fwdv};
use crate::parse::ParamKind;
use proc_macro2::TokenStream;
use quote::{quote, ToTokens};

pub(super) fn strip_lifetimes(ty: &syn::Type) -> syn::Type {
    struct S;
    impl syn::visit_mut::VisitMut for S {
        fn visit_type_reference_mut(&mut self, r: &mut syn::TypeReference) {
            r.lifetime = None;
            syn::visit_mut::visit_type_reference_mut(self, r);
        }
    }
    let mut ty = ty.clone();
    syn::visit_mut::VisitMut::visit_type_mut(&mut S, &mut ty);
    ty
}

/// What the parameters give a flat derivative: its parameters (each as
/// written, then its shadow), the checks of the shadows' lengths, the
/// adjoint sweep's prelude, the copies of restored `&mut` arguments kept
/// after the forward sweep and put back at the end, and the adjoints
/// returned, with their types.
#[derive(Default)]
struct FlatParams {
    params: Vec<TokenStream>,
    checks: TokenStream,
    prelude: TokenStream,
    keep: TokenStream,
    put_back: TokenStream,
    outs: Vec<TokenStream>,
    out_tys: Vec<TokenStream>,
}

impl RevGen<'_> {
    /// The closure's parameters: each reference parameter, then the shadow
    /// of each float buffer or struct, then the seed of the result.
    pub fn closure_params(&self) -> (Vec<TokenStream>, Vec<TokenStream>) {
        let mut params = Vec::new();
        let mut types = Vec::new();
        for (i, p) in self.sig.params.iter().enumerate() {
            let v = self.f.params[i];
            let n = self.name(v);
            let ty = strip_lifetimes(&p.ty);
            match &p.kind {
                ParamKind::FloatBuf { .. } | ParamKind::ValueBuf { .. } => {
                    let d = self.shadow[v].clone().unwrap();
                    let (fl, _) = p.kind.shadow_elem().unwrap();
                    params.push(quote!(#n: #ty));
                    params.push(quote!(#d: &mut [#fl]));
                    types.push(quote!(#ty));
                    types.push(quote!(&mut [#fl]));
                }
                ParamKind::InactiveBuf { .. } => {
                    params.push(quote!(#n: #ty));
                    types.push(quote!(#ty));
                }
                ParamKind::Struct { ty: inner, .. } => {
                    let d = self.shadow[v].clone().unwrap();
                    params.push(quote!(#n: #ty));
                    params.push(quote!(mut #d: ::core::option::Option<&mut #inner>));
                    types.push(quote!(#ty));
                    types.push(quote!(::core::option::Option<&mut #inner>));
                }
                _ => {}
            }
        }
        let seed_ty = seed_type(&self.sig.ret);
        let seed = self.seed.clone();
        params.push(quote!(#seed: #seed_ty));
        types.push(seed_ty);
        (params, types)
    }

    /// The adjoints of the float parameters, which a companion's reverse
    /// returns: as a tuple, and its type; `None` when there are none.
    pub fn adjoint_return(&self) -> Option<(TokenStream, TokenStream)> {
        let mut vals = Vec::new();
        let mut tys = Vec::new();
        for (i, p) in self.sig.params.iter().enumerate() {
            if let ParamKind::Float(f) = &p.kind {
                let d = self.shadow[self.f.params[i]].clone().unwrap();
                let f = f.ident();
                vals.push(quote!(#d));
                tys.push(quote!(#f));
            }
        }
        (!vals.is_empty()).then(|| (quote!((#(#vals,)*)), quote!((#(#tys,)*))))
    }

    /// The shadows of a companion's parameters, declared where its reverse
    /// closure starts.
    fn companion_shadows(&self) -> TokenStream {
        let mut prelude = TokenStream::new();
        for (i, p) in self.sig.params.iter().enumerate() {
            let v = self.f.params[i];
            match &p.kind {
                ParamKind::FloatBuf { .. } | ParamKind::ValueBuf { .. } => {
                    let d = self.shadow[v].clone().unwrap();
                    prelude.extend(quote!(let mut #d = ::parad::__private::ShadowSlice::new(#d);));
                }
                ParamKind::Float(f) => {
                    let d = self.shadow[v].clone().unwrap();
                    let f = f.ident();
                    prelude.extend(quote!(let mut #d: #f = 0.0;));
                }
                // A value's shadow is a local, unless the companion
                // taking values lends the caller's (see `slots`).
                ParamKind::Value { ty, .. } if !self.struct_params[v] => {
                    if let Some(d) = self.shadow[v].clone() {
                        prelude.extend(emit::Emitter::value_zero_local(&d, ty));
                    }
                }
                _ => {}
            }
        }
        prelude
    }

    pub fn companion(&mut self, func: &syn::ItemFn) -> TokenStream {
        let name = if self.slotted { companion_fwdv(&func.sig.ident) } else { companion_fwd(&func.sig.ident) };
        let vis = &func.vis;
        let inputs = &func.sig.inputs;
        let ret_ty = match &self.sig.ret_ty {
            Some(t) => quote!(#t),
            None => quote!(()),
        };
        let mut tapes = self.tape_decls();
        tapes.extend(self.mpi_prelude());
        let fwd = self.fwd_block(&self.f.body.clone());
        let (mut params, mut types) = self.closure_params();
        let mut slot_adds = TokenStream::new();
        if self.slotted {
            let (slots, slot_types, adds) = self.slot_params();
            params.extend(slots);
            types.extend(slot_types);
            slot_adds = adds;
        }
        let seed = self.seed.clone();
        let (adj_vals, arrow) = match self.adjoint_return() {
            Some((vals, tys)) => (vals, quote!(-> #tys)),
            None => (quote!(), quote!()),
        };
        let mut prelude = self.companion_shadows();
        let mut fwd_end = TokenStream::new();
        let ret_value = match self.f.ret {
            None if !self.f.ret_parts.is_empty() => {
                // A tuple result: one seed per element.
                let pats =
                    self.f.ret_parts.iter().map(|&r| match self.shadow[r].clone().filter(|_| self.act.vars[r]) {
                        Some(d) => quote!(mut #d),
                        None => quote!(_),
                    });
                prelude.extend(quote!(let (#(#pats,)*) = #seed;));
                let names = self.f.ret_parts.iter().map(|&r| self.name(r).clone());
                quote!((#(#names,)*))
            }
            Some(r) => {
                let n = self.name(r).clone();
                match self.shadow[r].clone().filter(|_| self.act.vars[r]) {
                    // A caller that drops a returned `Vec` seeds it with `&[]`.
                    Some(d) if matches!(self.sig.ret, ParamKind::FloatVec(_)) => {
                        let len = self.names.fresh(&format!("{n}_len"));
                        fwd_end.extend(quote!(let #len = #n.len();));
                        prelude.extend(quote!(let mut #d = ::parad::__private::copy_or_zeros(#seed, #len);));
                    }
                    Some(d) => prelude.extend(quote!(let mut #d = #seed;)),
                    None => {}
                }
                quote!(#n)
            }
            None => quote!(()),
        };
        let rev = self.rev_block(&self.f.body.clone());
        // A result the closure keeps is copied before the closure takes it.
        let ret_value = if self.result_copied(Some(&rev)) {
            let kept = self.names.fresh("result");
            fwd_end.extend(quote!(let #kept = #ret_value.clone();));
            quote!(#kept)
        } else {
            ret_value
        };
        // A recursive function's reverse closure that keeps its own
        // callee's contains its own type (through the other functions of
        // its cycle, for mutual recursion), so it is boxed (and `Send`, so that
        // a parallel loop or `join` can keep it on a chunk's tape); every
        // other one, recursive ones whose calls to themselves all run the
        // joint function, is returned as an unboxed `impl FnOnce`, whose
        // `Send` the compiler sees through.
        let boxed = self.plan.in_cycle || self.plan.self_calls.iter().any(|s| !self.joint_calls.contains(s));
        let reverse_fn = self.names.fresh("reverse");
        let (closure_ty, reverse) = if boxed {
            (
                quote!(::std::boxed::Box<dyn ::core::ops::FnOnce(#(#types),*) #arrow + ::core::marker::Send>),
                quote!(::std::boxed::Box::new(#reverse_fn)),
            )
        } else {
            // (Located at the function: rustc's notes on a caller's
            // mismatched argument point there.)
            let ty = quote!(impl ::core::ops::FnOnce(#(#types),*) #arrow + use<>);
            (crate::syntax::respan(ty, func.sig.ident.span()), quote!(#reverse_fn))
        };
        let allow_generated = crate::syntax::allow_generated();
        quote! {
            #[doc(hidden)]
            #[inline]
            #allow_generated
            #vis fn #name(#inputs) -> (#ret_ty, #closure_ty) {
                #tapes
                #fwd
                #fwd_end
                let #reverse_fn = move |#(#params),*| #arrow {
                    #prelude
                    #rev
                    #slot_adds
                    #adj_vals
                };
                (#ret_value, #reverse)
            }
        }
    }

    /// The reverse-mode derivative a user asked for, as one function: the
    /// forward sweep, then the adjoint sweep, with the signature of DESIGN
    /// section 2 for the activities of `spec`. The analyses behind `self`
    /// were run with the parameters `spec` marks `Const` inactive.
    pub fn flat(&mut self, func: &syn::ItemFn, spec: &crate::parse::DiffSpec) -> TokenStream {
        use crate::parse::Activity as A;
        self.atomic = spec.atomic;
        let FlatParams { mut params, checks, mut prelude, keep, put_back, outs, out_tys } =
            self.flat_params(func, spec);
        let n = self.sig.params.len();
        let ret_act = spec.acts.get(n).map(|a| a.0);
        let seeded = matches!(ret_act, Some(A::Active | A::ActiveOnly | A::Duplicated | A::DuplicatedOnly));
        let seed_decl = self.flat_seed_decl(ret_act, &mut params);
        // A result never written after its `let` still holds the primal
        // value when the adjoint sweep ends: returned as it is, not copied.
        let unchanged = self.f.ret.filter(|&r| !self.plan.written[r]).map(|r| self.name(r).clone());
        let primal = unchanged.clone().unwrap_or_else(|| self.names.fresh("primal"));
        // Where the forward sweep ends, before the result is moved: a
        // `Vec` result's seed checked against it, or its length kept.
        let mut at_result = TokenStream::new();
        let ret_value = self.flat_result_shadow(seeded, &mut prelude, &mut at_result);
        let no_primal = self.f.ret.is_none() || ret_act.is_some_and(|a| a.is_only());
        let finish_fwd = |value: TokenStream| match (no_primal, unchanged.is_some()) {
            (true, _) => keep.clone(),
            (false, true) => quote!(#at_result #keep),
            (false, false) => quote!(#at_result let #primal = #value; #keep),
        };
        let (tapes, fwd, rev) = self.flat_sweeps(seeded, ret_value, prelude, finish_fwd);
        let (result, result_ty) = crate::codegen::wrappers::reverse_result(self.sig, ret_act, &primal, outs, out_tys);
        let name = &spec.name;
        let vis = &func.vis;
        let hidden = self.lanes.is_some() || crate::names::is_hidden(name);
        let doc = crate::codegen::batched::flat_attrs(hidden, true, &func.sig.ident);
        let allow_generated = crate::syntax::allow_generated();
        quote! {
            #doc
            #allow_generated
            #vis fn #name(#(#params),*) #result_ty {
                #checks
                #seed_decl
                #tapes
                #fwd
                #rev
                #put_back
                #result
            }
        }
    }

    /// What the parameters give the flat derivative (see [`FlatParams`]):
    /// each parameter as written, then its shadow where `spec` duplicates
    /// it; a float's adjoint, returned where `spec` makes it active.
    fn flat_params(&mut self, func: &syn::ItemFn, spec: &crate::parse::DiffSpec) -> FlatParams {
        use crate::parse::Activity as A;
        let mut out = FlatParams::default();
        for (i, (p, input)) in self.sig.params.iter().zip(&func.sig.inputs).enumerate() {
            out.params.push(quote!(#input));
            let v = self.f.params[i];
            let n = self.name(v).clone();
            let d = self.shadow[v].clone();
            let act = spec.acts[i].0;
            let dup = matches!(act, A::Duplicated | A::DuplicatedOnly);
            match &p.kind {
                ParamKind::FloatBuf { .. } | ParamKind::ValueBuf { .. } => {
                    self.float_buf_params[v] = false;
                    if dup {
                        let d = d.unwrap();
                        let sty = match &self.lanes {
                            Some(w) => {
                                let l = w.ty();
                                quote!(&mut [#l])
                            }
                            None => crate::codegen::wrappers::shadow_type(&p.ty),
                        };
                        out.params.push(quote!(#d: #sty));
                        let msg = format!("the shadow of `{n}` must have the length of `{n}`");
                        out.checks.extend(quote!(::core::assert_eq!(#d.len(), #n.len(), #msg);));
                        // Re-slicing to the primal's length lets the compiler
                        // drop bounds checks in loops over the primal.
                        out.prelude.extend(quote!(let #d = &mut #d[..#n.len()];));
                        self.plain_bufs.insert(d.to_string());
                    } else if p.kind.is_mut() && self.act.vars[v] {
                        // A `Const` buffer the function uses as scratch,
                        // writing values that carry derivatives into it:
                        // its shadow is the derivative's own, zero.
                        self.float_buf_params[v] = false;
                        let d = d.unwrap();
                        let store = self.names.fresh(&format!("{d}_scratch"));
                        out.prelude.extend(emit::Emitter::scratch_shadow(&store, &d, &n));
                        self.plain_bufs.insert(d.to_string());
                    }
                }
                ParamKind::Struct { .. } if dup => {
                    let d = d.unwrap();
                    let sty = crate::codegen::wrappers::shadow_type(&p.ty);
                    out.params.push(quote!(#d: #sty));
                    out.prelude.extend(quote!(let mut #d = ::core::option::Option::Some(#d);));
                }
                ParamKind::Float(f) => {
                    let d = d.unwrap();
                    let f = self.lanes.as_ref().map(Width::ty).unwrap_or_else(|| f.ident().into_token_stream());
                    let zero = self.dzero();
                    out.prelude.extend(quote!(let mut #d: #f = #zero;));
                    if matches!(act, A::Active | A::ActiveOnly) {
                        out.outs.push(quote!(#d));
                        out.out_tys.push(quote!(#f));
                    }
                }
                // A value's shadow is a zero local where it is active:
                // returned where `spec` makes it `Active`.
                ParamKind::Value { ty, .. } => {
                    if let Some(d) = d {
                        out.prelude.extend(emit::Emitter::value_zero_local(&d, ty));
                        if matches!(act, A::Active | A::ActiveOnly) {
                            out.outs.push(quote!(#d));
                            out.out_tys.push(quote!(#ty));
                        }
                    }
                }
                _ => {}
            }
            if p.kind.is_mut()
                && matches!(p.kind, ParamKind::FloatBuf { .. } | ParamKind::ValueBuf { .. } | ParamKind::Struct { .. })
                && self.restores(v)
            {
                // The adjoint sweep restores the argument; hand back the result.
                let (keep, put_back) = crate::codegen::wrappers::kept_result(p);
                out.keep.extend(keep);
                out.put_back.extend(put_back);
            }
        }
        out
    }

    /// The seed of the flat derivative's result: a parameter (pushed on
    /// `params`) where `ret_act` seeds the result, else declared, zero or
    /// empty; returns the declaration.
    fn flat_seed_decl(&self, ret_act: Option<crate::parse::Activity>, params: &mut Vec<TokenStream>) -> TokenStream {
        use crate::parse::Activity as A;
        let seed = self.seed.clone();
        match (&self.sig.ret, ret_act) {
            (ParamKind::Float(f), Some(A::Active | A::ActiveOnly)) => {
                let f = self.lanes.as_ref().map(Width::ty).unwrap_or_else(|| f.ident().into_token_stream());
                params.push(quote!(#seed: #f));
                quote!()
            }
            (ParamKind::Float(_), _) => {
                let zero = self.dzero();
                quote!(let #seed = #zero;)
            }
            (ParamKind::FloatVec(f), Some(A::Duplicated | A::DuplicatedOnly)) => {
                let f = f.ident();
                params.push(quote!(#seed: &[#f]));
                quote!()
            }
            (ParamKind::FloatVec(f), _) => {
                let f = f.ident();
                quote!(let #seed: &[#f] = &[];)
            }
            (ParamKind::Value { ty, .. }, Some(A::Active | A::ActiveOnly)) => {
                params.push(quote!(#seed: #ty));
                quote!()
            }
            (ParamKind::Value { ty, .. }, _) => {
                let zero = emit::Emitter::value_zero(ty);
                quote!(let #seed: #ty = #zero;)
            }
            // A unit result has no seed.
            _ => quote!(),
        }
    }

    /// The result's shadow, set from the seed in the adjoint's `prelude`
    /// (a `Vec` result's seed checked, or its zero shadow sized, at
    /// `at_result`); returns the result's value.
    fn flat_result_shadow(
        &mut self,
        seeded: bool,
        prelude: &mut TokenStream,
        at_result: &mut TokenStream,
    ) -> TokenStream {
        let seed = self.seed.clone();
        match self.f.ret {
            Some(r) => {
                let rn = self.name(r).clone();
                let vec_ret = matches!(self.sig.ret, ParamKind::FloatVec(_));
                match self.shadow[r].clone().filter(|_| self.act.vars[r]) {
                    Some(d) if vec_ret && seeded => {
                        let msg = "the seed (of a returned `Vec`, or the shadow of a `&mut Vec` the function resizes) must have the length of the resulting vector";
                        at_result.extend(quote!(::core::assert_eq!(#seed.len(), #rn.len(), #msg);));
                        prelude.extend(quote!(let mut #d = #seed.to_vec();));
                    }
                    Some(d) if vec_ret => {
                        let len = self.names.fresh(&format!("{rn}_len"));
                        at_result.extend(quote!(let #len = #rn.len();));
                        prelude.extend(quote!(let mut #d = ::std::vec![0.0; #len];));
                    }
                    Some(d) => prelude.extend(quote!(let mut #d = #seed;)),
                    None => {}
                }
                quote!(#rn)
            }
            None => quote!(()),
        }
    }

    /// The tapes and the two sweeps of the flat derivative, fused where a
    /// loop allows: the forward sweep ends with `finish_fwd` of the result
    /// `ret_value` (a copy where the adjoint reads it), the adjoint sweep
    /// starts with `prelude`.
    fn flat_sweeps(
        &mut self,
        seeded: bool,
        ret_value: TokenStream,
        prelude: TokenStream,
        finish_fwd: impl Fn(TokenStream) -> TokenStream,
    ) -> (TokenStream, TokenStream, TokenStream) {
        // The adjoint of an MPI program runs after all of its forward sweep;
        // an unseeded `Vec` result's zero shadow is sized from the result,
        // which a fused loop's adjoint may need before it is made.
        if !crate::codegen::mpi::has_mpi(self.f) && (seeded || !matches!(self.sig.ret, ParamKind::FloatVec(_))) {
            let fused = crate::analysis::fusion::fused(self.f, self.plan);
            self.fused_loops = fused.loops;
            self.fused_bodies = fused.blocks;
        }
        let fused = self.fused_loops.first().copied();
        let mut tapes = self.tape_decls();
        tapes.extend(self.mpi_prelude());
        let (fwd, rev) = match fused {
            Some(l) => {
                let value = if self.result_copied(None) { quote!(#ret_value.clone()) } else { ret_value };
                self.fused_sweeps(l, prelude, finish_fwd(value))
            }
            None => {
                let fwd = self.fwd_block(&self.f.body.clone());
                let rev = self.rev_block(&self.f.body.clone());
                let resets = self.cursor_resets();
                let value = if self.result_copied(Some(&rev)) { quote!(#ret_value.clone()) } else { ret_value };
                let finish = finish_fwd(value);
                (quote!(#fwd #finish), quote!(#prelude #resets #rev))
            }
        };
        (tapes, fwd, rev)
    }

    /// Whether the result is handed back as a copy, past the adjoint sweep
    /// `rev`: a returned `Vec` that `rev` still reads (or restores), or may
    /// (`None`: not known).
    pub(super) fn result_copied(&self, rev: Option<&TokenStream>) -> bool {
        let Some(r) = self.f.ret.filter(|_| matches!(self.sig.ret, ParamKind::FloatVec(_))) else { return false };
        rev.is_none_or(|rev| emit::value_idents(rev).contains(&self.name(r).to_string()))
    }

    /// The length of a local array (`[a, b, c]`, `[x; N]`): its shadow is an
    /// array too, on the stack.
    pub(super) fn array_len(&self, s: &Stmt) -> Option<TokenStream> {
        match &s.kind {
            StmtKind::Let { init: Init::ArrayLit(es), .. } => {
                let n = syn::Index::from(es.len());
                Some(quote!(#n))
            }
            StmtKind::Let { init: Init::ArrayFill { len, .. }, .. } => Some(quote!(#len)),
            _ => None,
        }
    }
}
