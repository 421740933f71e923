//! Companions of a function with custom rules (`#[derivative]`): they call
//! the user's rules instead of differentiating the body, so an opaque or
//! foreign function can take part in differentiated code.

use crate::names::{companion_fwd, companion_fwdv, companion_tan, companion_tanv};
use crate::parse::{ParamKind, Rules, Signature};
use proc_macro2::Span;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::syntax::allow_generated as allow;

/// The companions of a function with custom rules: `__parad_fwd_f`, its value
/// and a reverse closure calling the reverse rule, and `__parad_tan_f`, its
/// value and tangent from the forward rule.
pub fn companions(func: &syn::ItemFn, sig: &Signature, rules: &Rules) -> TokenStream {
    let (primal_args, ret_ty) = primal(sig);
    // A function with one rule still gets both companions, since every
    // differentiated caller emits both: the missing half panics naming the
    // rule to add, and only code that runs that mode through it reaches it.
    let mut out = reverse_companion(func, sig, rules, &primal_args, &ret_ty, false);
    out.extend(tangent_companion(func, sig, rules, &primal_args, &ret_ty, false));
    // The companions calls passing values call (see `docs/values.md`): the
    // rules take no derivative for values, so every slot is `()`.
    if sig.params.iter().any(|p| matches!(p.kind, ParamKind::Value { .. })) {
        out.extend(reverse_companion(func, sig, rules, &primal_args, &ret_ty, true));
        out.extend(tangent_companion(func, sig, rules, &primal_args, &ret_ty, true));
    }
    out
}

/// The `()` slots of a companion taking values, one per parameter.
fn unit_slots(sig: &Signature) -> impl Iterator<Item = TokenStream> + '_ {
    sig.params.iter().map(|_| quote!(_: ()))
}

/// What both companions share: the arguments that call the function itself
/// (a `&mut` reborrowed), and its return type (`()` for none).
fn primal(sig: &Signature) -> (Vec<TokenStream>, TokenStream) {
    let primal_args: Vec<_> = sig
        .params
        .iter()
        .map(|p| {
            let n = &p.name;
            match &p.ty {
                syn::Type::Reference(r) if r.mutability.is_some() => quote!(&mut *#n),
                _ => quote!(#n),
            }
        })
        .collect();
    let ret_ty = sig.ret_ty.as_ref().map(|t| quote!(#t)).unwrap_or_else(|| quote!(()));
    (primal_args, ret_ty)
}

/// `__parad_fwd_f`: the value, and a reverse closure that calls the reverse
/// rule (or panics for want of one).
fn reverse_companion(
    func: &syn::ItemFn,
    sig: &Signature,
    rules: &Rules,
    primal_args: &[TokenStream],
    ret_ty: &TokenStream,
    slots: bool,
) -> TokenStream {
    let name = &func.sig.ident;
    let vis = &func.vis;
    let inputs = &func.sig.inputs;
    let allow = allow();
    let hyg = crate::names::hygienic;
    let (seed, primal, reverse) = (hyg("seed"), hyg("primal"), hyg("reverse"));
    let ReverseClosure { mut types, mut params, prelude, rule_args, grads, grad_tys } = reverse_closure(sig, &seed);
    if slots {
        params.extend(unit_slots(sig));
        types.extend(sig.params.iter().map(|_| quote!(())));
    }
    let body = match &rules.reverse {
        Some(rule) => {
            let call = quote!(#rule(#(#rule_args),*));
            let bind = match grads.len() {
                0 => quote!(#call;),
                1 => {
                    let g = &grads[0];
                    quote!(let #g = #call;)
                }
                _ => quote!(let (#(#grads),*) = #call;),
            };
            quote!(#prelude #bind (#(#grads,)*))
        }
        None => missing_half(name, rules),
    };
    let fwd = if slots { companion_fwdv(name) } else { companion_fwd(name) };
    quote! {
        #[doc(hidden)]
        #[inline]
        #allow
        #vis fn #fwd(#inputs) -> (#ret_ty, impl ::core::ops::FnOnce(#(#types),*) -> (#(#grad_tys,)*) + use<>) {
            let #primal = #name(#(#primal_args),*);
            let #reverse = move |#(#params),*| -> (#(#grad_tys,)*) { #body };
            (#primal, #reverse)
        }
    }
}

/// `(types, params, prelude)` of the reverse closure, and the arguments of
/// the reverse rule and the derivatives it returns, with their types.
struct ReverseClosure {
    types: Vec<TokenStream>,
    params: Vec<TokenStream>,
    prelude: TokenStream,
    rule_args: Vec<TokenStream>,
    grads: Vec<syn::Ident>,
    grad_tys: Vec<TokenStream>,
}

/// The reverse closure's pieces: each buffer or struct with its shadow (an
/// absent one given scratch space), each float a derivative returned, then
/// the seed.
fn reverse_closure(sig: &Signature, seed: &syn::Ident) -> ReverseClosure {
    let mut types = Vec::new();
    let mut params = Vec::new();
    let mut prelude = TokenStream::new();
    let mut rule_args = Vec::new();
    let mut grads = Vec::new();
    let mut grad_tys = Vec::new();
    for p in &sig.params {
        let n = &p.name;
        let ty = &p.ty;
        let d = crate::names::derived_ident("d", n);
        match &p.kind {
            ParamKind::Float(f) => {
                rule_args.push(quote!(#n));
                let g = crate::names::derived_ident("d", n);
                grads.push(g);
                let f = f.ident();
                grad_tys.push(quote!(#f));
            }
            ParamKind::FloatBuf { .. } | ParamKind::ValueBuf { .. } => {
                let (f, zero) = p.kind.shadow_elem().unwrap();
                types.push(quote!(#ty));
                types.push(quote!(&mut [#f]));
                params.push(quote!(#n: #ty));
                params.push(quote!(#d: &mut [#f]));
                // The rule always gets a full-length shadow; an inactive
                // argument's goes to scratch space.
                let scratch = format_ident!("{}_scratch", d, span = Span::mixed_site());
                prelude.extend(quote! {
                    let mut #scratch;
                    let #d: &mut [#f] = if #d.is_empty() && !#n.is_empty() {
                        #scratch = ::std::vec![#zero; #n.len()];
                        &mut #scratch[..]
                    } else {
                        #d
                    };
                });
                rule_args.push(quote!(#n));
                rule_args.push(quote!(#d));
            }
            ParamKind::Struct { ty: inner, .. } => {
                types.push(quote!(#ty));
                types.push(quote!(::core::option::Option<&mut #inner>));
                params.push(quote!(#n: #ty));
                params.push(quote!(#d: ::core::option::Option<&mut #inner>));
                let scratch = format_ident!("{}_scratch", d, span = Span::mixed_site());
                prelude.extend(quote! {
                    let mut #scratch;
                    let #d: &mut #inner = match #d {
                        ::core::option::Option::Some(d) => d,
                        ::core::option::Option::None => {
                            #scratch = ::core::clone::Clone::clone(&*#n);
                            &mut #scratch
                        }
                    };
                });
                rule_args.push(quote!(#n));
                rule_args.push(quote!(#d));
            }
            ParamKind::InactiveBuf { .. } => {
                types.push(quote!(#ty));
                params.push(quote!(#n: #ty));
                rule_args.push(quote!(#n));
            }
            // Value structs are refused with custom rules (`expand::function`).
            ParamKind::Inactive
            | ParamKind::Value { .. }
            | ParamKind::Comm
            | ParamKind::Unit
            | ParamKind::Tuple(_)
            | ParamKind::FloatVec(_) => rule_args.push(quote!(#n)),
        }
    }
    let seed_ty = match &sig.ret {
        ParamKind::Float(f) => {
            let f = f.ident();
            rule_args.push(quote!(#seed));
            quote!(#f)
        }
        _ => quote!(()),
    };
    types.push(seed_ty.clone());
    params.push(quote!(#seed: #seed_ty));
    ReverseClosure { types, params, prelude, rule_args, grads, grad_tys }
}

/// `__parad_tan_f`: the value and its tangent from the forward rule (or a
/// panic for want of one).
fn tangent_companion(
    func: &syn::ItemFn,
    sig: &Signature,
    rules: &Rules,
    primal_args: &[TokenStream],
    ret_ty: &TokenStream,
    slots: bool,
) -> TokenStream {
    let name = &func.sig.ident;
    let vis = &func.vis;
    let allow = allow();
    let hyg = crate::names::hygienic;
    let (primal, tangent) = (hyg("primal"), hyg("tangent"));
    let (mut params, prelude, rule_args) = tangent_params(sig);
    if slots {
        params.extend(unit_slots(sig));
    }
    let tan_ty = match &sig.ret {
        ParamKind::Float(f) => {
            let f = f.ident();
            quote!(#f)
        }
        _ => quote!(()),
    };
    let body = match &rules.forward {
        Some(rule) => quote! {
            #prelude
            let #primal = #name(#(#primal_args),*);
            let #tangent = #rule(#(#rule_args),*);
            (#primal, #tangent)
        },
        None => missing_half(name, rules),
    };
    let tan = if slots { companion_tanv(name) } else { companion_tan(name) };
    quote! {
        #[doc(hidden)]
        #[inline]
        #allow
        #vis fn #tan(#(#params),*) -> (#ret_ty, #tan_ty) {
            #body
        }
    }
}

/// `(params, prelude, rule_args)` of the tangent companion: each float,
/// buffer or struct followed by its tangent (an empty or absent one given
/// scratch space), and the forward rule's arguments.
fn tangent_params(sig: &Signature) -> (Vec<TokenStream>, TokenStream, Vec<TokenStream>) {
    let mut params = Vec::new();
    let mut prelude = TokenStream::new();
    let mut rule_args = Vec::new();
    for p in &sig.params {
        let n = &p.name;
        let ty = &p.ty;
        let t = crate::names::derived_ident("t", n);
        params.push(quote!(#n: #ty));
        let mutable = p.kind.is_mut();
        match &p.kind {
            ParamKind::Float(f) => {
                let f = f.ident();
                params.push(quote!(#t: #f));
                rule_args.push(quote!(#n));
                rule_args.push(quote!(#t));
            }
            ParamKind::FloatBuf { .. } | ParamKind::ValueBuf { .. } => {
                let (f, zero) = p.kind.shadow_elem().unwrap();
                let scratch = format_ident!("{}_scratch", t, span = Span::mixed_site());
                if mutable {
                    params.push(quote!(#t: &mut [#f]));
                    prelude.extend(quote! {
                        let mut #scratch;
                        let #t: &mut [#f] = if #t.is_empty() && !#n.is_empty() {
                            #scratch = ::std::vec![#zero; #n.len()];
                            &mut #scratch[..]
                        } else {
                            #t
                        };
                    });
                    rule_args.push(quote!(&mut *#n));
                } else {
                    params.push(quote!(#t: &[#f]));
                    prelude.extend(quote! {
                        let #scratch;
                        let #t: &[#f] = if #t.is_empty() && !#n.is_empty() {
                            #scratch = ::std::vec![#zero; #n.len()];
                            &#scratch[..]
                        } else {
                            #t
                        };
                    });
                    rule_args.push(quote!(#n));
                }
                rule_args.push(quote!(#t));
            }
            ParamKind::Struct { ty: inner, .. } => {
                let scratch = format_ident!("{}_scratch", t, span = Span::mixed_site());
                if mutable {
                    params.push(quote!(#t: ::core::option::Option<&mut #inner>));
                    prelude.extend(quote! {
                        let mut #scratch;
                        let #t: &mut #inner = match #t {
                            ::core::option::Option::Some(t) => t,
                            ::core::option::Option::None => { #scratch = ::core::clone::Clone::clone(&*#n); &mut #scratch }
                        };
                    });
                    rule_args.push(quote!(&mut *#n));
                } else {
                    params.push(quote!(#t: ::core::option::Option<&#inner>));
                    prelude.extend(quote! {
                        let #scratch;
                        let #t: &#inner = match #t {
                            ::core::option::Option::Some(t) => t,
                            ::core::option::Option::None => { #scratch = ::core::clone::Clone::clone(#n); &#scratch }
                        };
                    });
                    rule_args.push(quote!(#n));
                }
                rule_args.push(quote!(#t));
            }
            _ => rule_args.push(quote!(#n)),
        }
    }
    (params, prelude, rule_args)
}

/// The body of the companion whose rule was not given: a panic that names
/// the function and the rule to add.
fn missing_half(name: &syn::Ident, rules: &Rules) -> TokenStream {
    let (has, lacks, mode) = match (&rules.reverse, &rules.forward) {
        (Some(r), _) => (
            format!("reverse = {}", quote!(#r)),
            "forward",
            "forward mode (a forward derivative, or a derivative differentiated again)",
        ),
        (None, Some(f)) => (format!("forward = {}", quote!(#f)), "reverse", "reverse mode"),
        (None, None) => return quote!(::core::unreachable!()),
    };
    let msg = format!(
        "parad: `{name}` has only a {} rule (`#[derivative({has})]`): {mode} through it needs a {lacks} rule as well, \
         `#[derivative({has}, {lacks} = ..)]`",
        if lacks == "forward" { "reverse" } else { "forward" }
    );
    quote!(::core::panic!(#msg))
}
