//! Launches inside differentiated host code: `saxpy::launch_cpu(cfg, a, &x,
//! &mut y).unwrap();` in a function marked `#[autodiff]` is a call, and the
//! derivative calls the callee's companion `__parad_fwd_launch_cpu` (see
//! `codegen::names::companion_path`), which every kernel module provides.
//!
//! The companion follows the convention of `#[autodiff]`'s companions: it
//! runs the launch and returns its value with a reverse closure taking each
//! float slice and its shadow (an empty shadow: inactive), each integer
//! slice, and the seed of the result, and returning the derivatives of the
//! float scalars. The closure runs the adjoint kernel of every float input
//! (built here, in a hidden module `__parad_adjoint`) on copies of the
//! buffers as they were at the launch, which the forward saved (the caller
//! may change them before its reverse sweep comes back to the launch). A
//! failed launch panics, as the `.unwrap()` of the host code would.

use super::ir::*;
use crate::diag::Diag;
use crate::parse::{Activity, DiffSpec, Mode};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

/// The companion of `launch_cpu` and the all-active adjoint it calls, or
/// nothing when the kernel has no float input or its adjoint cannot be built
/// (a differentiated caller then reports the missing companion).
pub fn companion(k: &Kernel) -> TokenStream {
    let float = |p: &Param| match p.kind {
        ParamKind::Scalar(t) | ParamKind::Slice { elem: t, .. } => t.is_float(),
    };
    if !k.params.iter().any(float) {
        return quote!();
    }
    let quiet = Diag::default();
    let Some(adj) = super::adjoint::build(k, &adjoint_spec(k), &quiet) else { return quote!() };
    let adj_cpu = super::cpu::launch_cpu(&adj, &quiet);
    if quiet.has_errors() {
        return quote!();
    }
    let rt = quote!(::parad::__private::gpu);
    let m = |n: &str| syn::Ident::new(n, Span::mixed_site());
    let (cfg, rev, seed) = (m("cfg"), m("reverse"), m("seed"));
    let Pieces { params, args, saves, closure_params, closure_tys, prelude, adj_args, grads, grad_tys } = pieces(k);
    let bind = match grads.len() {
        0 => quote!(let () =),
        1 => {
            let g = &grads[0];
            quote!(let #g =)
        }
        _ => quote!(let (#(#grads),*) =),
    };
    let name = k.name.to_string();
    let tangent = tangent_companion(k, &quiet);
    let allow_generated = crate::syntax::allow_generated();
    let values = value_companions(k, &params, &closure_tys, &grad_tys);
    quote! {
        #tangent
        #values
        #[doc(hidden)]
        #[allow(non_snake_case, dead_code)]
        pub mod __parad_adjoint {
            #adj_cpu
        }
        #[doc(hidden)]
        #allow_generated
        pub fn __parad_fwd_launch_cpu(#cfg: #rt::LaunchConfig, #(#params),*)
            -> ((), impl ::core::ops::FnOnce(#(#closure_tys),*) -> (#(#grad_tys,)*) + use<>)
        {
            #saves
            if let ::core::result::Result::Err(e) = launch_cpu(#cfg, #(#args),*) {
                ::core::panic!("kernel `{}`: {}", #name, e);
            }
            let #rev = move |#(#closure_params,)* #seed: ()| -> (#(#grad_tys,)*) {
                #prelude
                #bind match __parad_adjoint::launch_cpu(#cfg, #(#adj_args),*) {
                    ::core::result::Result::Ok(v) => v,
                    ::core::result::Result::Err(e) => ::core::panic!("adjoint of kernel `{}`: {}", #name, e),
                };
                (#(#grads,)*)
            };
            ((), #rev)
        }
    }
}

/// The companions that differentiated code passing values calls (see
/// `docs/values.md`): the launch configuration, the one value a launch
/// takes, carries no derivative, so they call the others and leave its
/// slot (and the `()` slots of the kernel's parameters) alone.
fn value_companions(
    k: &Kernel,
    params: &[TokenStream],
    closure_tys: &[TokenStream],
    grad_tys: &[TokenStream],
) -> TokenStream {
    let rt = quote!(::parad::__private::gpu);
    let m = |n: &str| syn::Ident::new(n, Span::mixed_site());
    let (cfg, value, rev) = (m("cfg"), m("value"), m("reverse"));
    let names: Vec<&syn::Ident> = k.params.iter().map(|p| &p.name).collect();
    let units: Vec<TokenStream> = k.params.iter().map(|_| quote!(())).collect();
    let closure_names: Vec<syn::Ident> =
        (0..closure_tys.len()).map(|i| format_ident!("arg{}", i, span = Span::mixed_site())).collect();
    let (tan_params, tan_names) = tangent_params(k);
    let allow_generated = crate::syntax::allow_generated();
    quote! {
        #[doc(hidden)]
        #allow_generated
        pub fn __parad_fwdv_launch_cpu(#cfg: #rt::LaunchConfig, #(#params),*) -> (
            (),
            impl ::core::ops::FnOnce(#(#closure_tys,)* ::core::option::Option<&mut #rt::LaunchConfig>, #(#units),*)
                -> (#(#grad_tys,)*) + use<>,
        ) {
            let (#value, #rev) = __parad_fwd_launch_cpu(#cfg, #(#names),*);
            (#value, move |#(#closure_names: #closure_tys,)* _: ::core::option::Option<&mut #rt::LaunchConfig>, #(_: #units),*| {
                #rev(#(#closure_names),*)
            })
        }
        #[doc(hidden)]
        #allow_generated
        pub fn __parad_tanv_launch_cpu(
            #cfg: #rt::LaunchConfig,
            #(#tan_params,)*
            _: ::core::option::Option<&#rt::LaunchConfig>,
            #(_: #units),*
        ) -> ((), ()) {
            __parad_tan_launch_cpu(#cfg, #(#tan_names),*)
        }
    }
}

/// The parameters of `__parad_tan_launch_cpu` (each float followed by its
/// tangent), and their names.
fn tangent_params(k: &Kernel) -> (Vec<TokenStream>, Vec<syn::Ident>) {
    let (mut params, mut names) = (Vec::new(), Vec::new());
    for p in &k.params {
        let (n, t) = (p.name.clone(), crate::names::derived_ident("t", &p.name));
        let (ty, float) = match p.kind {
            ParamKind::Scalar(ty) => {
                let tyi = ty.rust();
                (quote!(#tyi), ty.is_float())
            }
            ParamKind::Slice { elem, mutable } => {
                let tyi = elem.rust();
                (if mutable { quote!(&mut [#tyi]) } else { quote!(&[#tyi]) }, elem.is_float())
            }
        };
        params.push(quote!(#n: #ty));
        names.push(n);
        if float {
            params.push(quote!(#t: #ty));
            names.push(t);
        }
    }
    (params, names)
}

/// The request for the companion's adjoint, `__parad_adjoint`: reverse mode,
/// every float scalar active and every float slice duplicated.
fn adjoint_spec(k: &Kernel) -> DiffSpec {
    let span = Span::call_site();
    let acts = k
        .params
        .iter()
        .map(|p| match p.kind {
            ParamKind::Scalar(t) if t.is_float() => (Activity::Active, span),
            ParamKind::Slice { elem, .. } if elem.is_float() => (Activity::Duplicated, span),
            _ => (Activity::Const, span),
        })
        .collect();
    DiffSpec {
        mode: Mode::Reverse,
        name: syn::Ident::new("__parad_adjoint", span),
        acts,
        atomic: false,
        hidden: 0,
        width: 1,
        width_span: None,
    }
}

/// The pieces of `__parad_fwd_launch_cpu`: its parameters and the launch's
/// arguments, the copies of the slices it saves, the reverse closure's
/// parameters, their types and its prelude (an empty shadow given scratch
/// space), the adjoint launch's arguments, and the float scalars' derivatives
/// with their types.
struct Pieces {
    params: Vec<TokenStream>,
    args: Vec<TokenStream>,
    saves: TokenStream,
    closure_params: Vec<TokenStream>,
    closure_tys: Vec<TokenStream>,
    prelude: TokenStream,
    adj_args: Vec<TokenStream>,
    grads: Vec<syn::Ident>,
    grad_tys: Vec<TokenStream>,
}

/// The pieces of the companion, parameter by parameter (the seed's type
/// last among the closure's).
fn pieces(k: &Kernel) -> Pieces {
    let mut params = Vec::new();
    let mut args = Vec::new();
    let mut saves = TokenStream::new();
    let mut closure_params = Vec::new();
    let mut closure_tys = Vec::new();
    let mut prelude = TokenStream::new();
    let mut adj_args = Vec::new();
    let mut grads = Vec::new();
    let mut grad_tys = Vec::new();
    for p in &k.params {
        let n = &p.name;
        match p.kind {
            ParamKind::Scalar(t) => {
                let ty = t.rust();
                params.push(quote!(#n: #ty));
                args.push(quote!(#n));
                adj_args.push(quote!(#n));
                if t.is_float() {
                    grads.push(crate::names::derived_ident("d", n));
                    grad_tys.push(quote!(#ty));
                }
            }
            ParamKind::Slice { elem, mutable } => {
                let ty = elem.rust();
                let pty = if mutable { quote!(&mut [#ty]) } else { quote!(&[#ty]) };
                params.push(quote!(#n: #pty));
                args.push(quote!(#n));
                // The launch's inputs as they were: the caller may change its
                // buffers before the reverse sweep reaches this launch.
                let before = format_ident!("{}_before", n, span = Span::mixed_site());
                saves.extend(quote!(let mut #before: ::std::vec::Vec<#ty> = #n.to_vec();));
                closure_params.push(quote!(#n: #pty));
                closure_tys.push(pty.clone());
                prelude.extend(quote!(let _ = #n;));
                adj_args.push(if mutable { quote!(&mut #before[..]) } else { quote!(&#before[..]) });
                if !elem.is_float() {
                    continue;
                }
                let d = crate::names::derived_ident("d", n);
                closure_params.push(quote!(#d: &mut [#ty]));
                closure_tys.push(quote!(&mut [#ty]));
                // An empty shadow stands for an inactive argument.
                let scratch = format_ident!("{}_scratch", d, span = Span::mixed_site());
                prelude.extend(quote! {
                    let mut #scratch;
                    let #d: &mut [#ty] = if #d.is_empty() && !#before.is_empty() {
                        #scratch = ::std::vec![0.0 as #ty; #before.len()];
                        &mut #scratch[..]
                    } else {
                        #d
                    };
                });
                adj_args.push(quote!(#d));
            }
        }
    }
    closure_tys.push(quote!(()));
    Pieces { params, args, saves, closure_params, closure_tys, prelude, adj_args, grads, grad_tys }
}

/// `__parad_tan_launch_cpu`: the launch and its tangent, through the
/// tangent kernel (`tangent`), which computes both. Arguments as forward
/// mode passes them, each float followed by its tangent (`a, ta, x, tx`),
/// an empty tangent slice standing for a constant argument.
fn tangent_companion(k: &Kernel, diag: &Diag) -> TokenStream {
    let dual = vec![true; k.params.len()];
    let tk = super::tangent::build(k, syn::Ident::new("__parad_tangent", Span::call_site()), &dual);
    let tk_cpu = super::cpu::launch_cpu(&tk, diag);
    let rt = quote!(::parad::__private::gpu);
    let cfg = syn::Ident::new("cfg", Span::mixed_site());
    let (params, _) = tangent_params(k);
    let mut targs = Vec::new();
    let mut prelude = TokenStream::new();
    for p in &k.params {
        let n = &p.name;
        let t = crate::names::derived_ident("t", n);
        match p.kind {
            ParamKind::Scalar(ty) => {
                targs.push(quote!(#n));
                if ty.is_float() {
                    targs.push(quote!(#t));
                }
            }
            ParamKind::Slice { elem, mutable } => {
                let tyi = elem.rust();
                let pty = if mutable { quote!(&mut [#tyi]) } else { quote!(&[#tyi]) };
                if !elem.is_float() {
                    targs.push(quote!(#n));
                    continue;
                }
                let scratch = format_ident!("{}_scratch", t, span = Span::mixed_site());
                let r = if mutable { quote!(&mut) } else { quote!(&) };
                prelude.extend(quote! {
                    let mut #scratch;
                    let #t: #pty = if #t.is_empty() && !#n.is_empty() {
                        #scratch = ::std::vec![0.0 as #tyi; #n.len()];
                        #r #scratch[..]
                    } else {
                        #t
                    };
                });
                targs.push(quote!(#n));
                targs.push(quote!(#t));
            }
        }
    }
    let name = k.name.to_string();
    let allow_generated = crate::syntax::allow_generated();
    quote! {
        #[doc(hidden)]
        #[allow(non_snake_case, dead_code)]
        pub mod __parad_tangent {
            #tk_cpu
        }
        #[doc(hidden)]
        #allow_generated
        pub fn __parad_tan_launch_cpu(#cfg: #rt::LaunchConfig, #(#params),*) -> ((), ()) {
            #prelude
            if let ::core::result::Result::Err(e) = __parad_tangent::launch_cpu(#cfg, #(#targs),*) {
                ::core::panic!("tangent of kernel `{}`: {}", #name, e);
            }
            ((), ())
        }
    }
}
