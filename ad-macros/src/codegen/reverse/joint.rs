//! Joint functions: a differentiable function's forward and adjoint sweeps
//! in one plain function, `__parad_joint_g(params, shadows, seed) -> grads`,
//! with no closure. A nestable derivative (see `docs/nested.md`) calls the
//! plain `g` in its forward sweep and `__parad_joint_g` in its adjoint (the
//! callee's forward sweep is run again there, Tapenade's joint mode), so
//! that the pipeline can read the derivative and differentiate it again
//! through the callee's joint function's own companions.
//!
//! The contract between caller and callee, decided by each side alone: a
//! call whose arguments are numbers and `&` buffers, with one float result,
//! calls the joint function; every function whose parameters are numbers
//! and `&` buffers and whose result is a float emits its joint function's
//! companions, real or (where the joint is outside the subset) stubs that
//! panic, so that callers' companions always compile.

use super::state::RevGen;
use crate::analysis::types::{expr_cat, Cat};
use crate::codegen::emit;
use crate::ir::*;
use crate::parse::{Activity, DiffSpec, Mode, ParamKind, Signature};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::Ident;

pub fn joint_name(name: &Ident) -> Ident {
    Ident::new(&format!("__parad_joint_{}", crate::names::bare(name)), name.span())
}

fn joint_path(path: &syn::Path) -> syn::Path {
    let mut p = path.clone();
    if let Some(last) = p.segments.last_mut() {
        last.ident = joint_name(&last.ident);
    }
    p
}

/// Whether a function has a joint function: numbers and `&` buffers in, a
/// float out.
pub fn jointable(sig: &Signature) -> bool {
    matches!(sig.ret, ParamKind::Float(_))
        && sig.params.iter().all(|p| {
            matches!(
                p.kind,
                ParamKind::Float(_)
                    | ParamKind::Inactive
                    | ParamKind::Value { differentiated: false, .. }
                    | ParamKind::FloatBuf { mutable: false, .. }
                    | ParamKind::InactiveBuf { mutable: false }
            )
        })
}

/// The joint function as a requested derivative: every float parameter
/// `Active`, every float buffer `Duplicated`, the result `ActiveOnly`.
pub fn joint_spec(func: &syn::ItemFn, sig: &Signature) -> DiffSpec {
    let span = Span::call_site();
    let mut acts: Vec<(Activity, Span)> = sig
        .params
        .iter()
        .map(|p| match p.kind {
            ParamKind::Float(_) => (Activity::Active, span),
            ParamKind::FloatBuf { .. } => (Activity::Duplicated, span),
            _ => (Activity::Const, span),
        })
        .collect();
    acts.push((Activity::ActiveOnly, span));
    DiffSpec {
        mode: Mode::Reverse,
        name: joint_name(&func.sig.ident),
        acts,
        atomic: false,
        hidden: 0,
        width: 1,
        width_span: None,
    }
}

/// The joint function's signature: the parameters as written, a shadow
/// `&mut [F]` after each float buffer, the seed; the gradients of the float
/// parameters returned (bare when one, a tuple when more).
fn signature(func: &syn::ItemFn, sig: &Signature) -> (Vec<TokenStream>, Vec<TokenStream>) {
    let mut params = Vec::new();
    let mut grads = Vec::new();
    for (p, input) in sig.params.iter().zip(&func.sig.inputs) {
        params.push(quote!(#input));
        match &p.kind {
            ParamKind::FloatBuf { float, .. } => {
                let d = syn::Ident::new(&crate::names::derived("d", &p.name), proc_macro2::Span::call_site());
                let f = float.ident();
                params.push(quote!(#d: &mut [#f]));
            }
            ParamKind::Float(f) => grads.push(f.ident()),
            _ => {}
        }
    }
    if let ParamKind::Float(f) = &sig.ret {
        let f = f.ident();
        params.push(quote!(seed: #f));
    }
    (params, grads.into_iter().map(|g| quote!(#g)).collect())
}

/// Stand-in source for the joint function's companions, where its real
/// nestable form is outside the subset: its signature over a body that
/// panics with `why`, then returns zeros. The pipeline gives it companions
/// of the signatures callers expect.
pub fn stub(func: &syn::ItemFn, sig: &Signature, why: &str) -> syn::ItemFn {
    let (params, grads) = signature(func, sig);
    let (ret, value) = match grads.len() {
        0 => (quote!(()), quote!()),
        1 => (grads[0].clone(), quote!(0.0)),
        n => {
            let z = std::iter::repeat_n(quote!(0.0), n);
            (quote!((#(#grads),*)), quote!((#(#z),*)))
        }
    };
    let name = joint_name(&func.sig.ident);
    let vis = &func.vis;
    // `assert!(false, ..)`, not `panic!`: the zeros after it are then not
    // unreachable code to rustc.
    syn::parse_quote! {
        #vis fn #name(#(#params),*) -> #ret {
            ::core::assert!(false, #why);
            #value
        }
    }
}

impl RevGen<'_> {
    /// Whether a call's adjoint calls the callee's joint function: in a
    /// nestable derivative, every call of that shape; elsewhere, the calls
    /// of a recursive function to itself the plan chose.
    pub(super) fn joint_call(&self, s: StmtId, c: &Call, dests: &[VarId]) -> bool {
        if self.nestable {
            crate::analysis::plan::joint_shaped(self.t, self.act, c, dests)
        } else {
            self.plan.joint_calls.contains(&s)
        }
    }

    /// The adjoint of a call through the callee's joint function: the
    /// arguments again (the plan keeps what they read), a shadow for each
    /// float buffer (zeros where the caller's is inactive), the seed.
    pub(super) fn rev_joint_call(&mut self, c: &Call, dests: &[VarId]) -> TokenStream {
        let mut pre = emit::CallBounds::new(&self.names);
        self.em.split_shared(&mut pre, &c.args);
        let mut args = Vec::new();
        let mut float_args = Vec::new();
        for a in &c.args {
            match a {
                Arg::Value(e) => {
                    args.push(self.em.value_arg(&mut pre, e, &c.args));
                    if expr_cat(self.t, e) == Cat::FLOAT {
                        float_args.push(e);
                    }
                }
                Arg::Buf(b) => args.extend(self.adjoint_buf_args(&mut pre, b, true)),
                Arg::Struct { .. } => unreachable!("joint calls take no structs"),
            }
        }
        let mut out = std::mem::take(&mut pre.lets);
        let seed = match dests {
            [d] if self.active_var(*d) => {
                let dd = self.shadow[*d].clone().unwrap();
                quote!(#dd)
            }
            _ => quote!(0.0),
        };
        args.push(seed);
        let path = joint_path(&c.path);
        let gs: Vec<Ident> = float_args.iter().map(|_| self.names.fresh("g")).collect();
        out.extend(match gs.as_slice() {
            [] => quote!(#path(#(#args),*);),
            [g] => quote!(let #g = #path(#(#args),*);),
            gs => quote!(let (#(#gs),*) = #path(#(#args),*);),
        });
        out.extend(pre.post);
        for (e, g) in float_args.iter().zip(gs) {
            self.adj(e, emit::E::atom(quote!(#g)), &mut out);
        }
        out
    }
}
