//! A function that changes the length of a `&mut Vec<F>` parameter (see
//! `grows`): emitted as written, with its twin and the twin's derivatives,
//! and each derivative the user asked for as a wrapper that calls the
//! twin's: `d_f(x, dx, out, dout)` takes the initial contents out of `out`,
//! and `dout`'s seed (one per element `out` holds after the call), calls
//! the twin's derivative, and leaves the final contents in `out` and the
//! adjoint of the initial ones in `dout`. Forward: `tout` holds the
//! tangent of the initial contents and receives that of the final ones.

use crate::diag::Diag;
use crate::names::hygienic;
use crate::parse::{Activity, Mode, Request};
use proc_macro2::TokenStream;
use quote::{quote, ToTokens};

/// A growing function on its way: as written, its twin with the requests
/// it carries, and the derivatives to wrap (the user's name, the twin's).
pub struct Growth {
    out: TokenStream,
    twin: Option<syn::ItemFn>,
    wanted: Vec<(Mode, syn::Ident, syn::Ident)>,
    name: syn::Ident,
    initial_name: syn::Ident,
    elem: syn::Type,
    func: syn::ItemFn,
}

impl Growth {
    /// Checks the requests and makes the twin (none when `diag` has errors).
    pub fn new(
        func: syn::ItemFn,
        (name, elem): (syn::Ident, syn::Type),
        requests: &[Request],
        consumed: TokenStream,
        diag: &Diag,
    ) -> Growth {
        let mut written = func.clone();
        written.attrs.push(syn::parse_quote!(#[allow(dead_code)]));
        let mut out = quote!(#written);
        if !consumed.is_empty() {
            out.extend(quote!(const _: () = { #consumed };));
        }
        if let syn::ReturnType::Type(_, ty) = &func.sig.output {
            diag.error_spanned(
                ty,
                format!(
                    "a function that changes the length of `{name}` (a `&mut Vec` it pushes to, resizes or clears) \
                     is differentiated when it returns nothing: return the value through another `&mut` parameter"
                ),
            );
        }
        let index = position(&func, &name);
        let (mut twin, initial_name) = crate::grows::twin(&func, &name, &elem);
        let mut wanted = Vec::new();
        for r in requests {
            let Request::Derivative(spec) = r else { continue };
            if crate::codegen::batched::is_batched(spec) {
                let at = spec.width_span.unwrap_or(spec.name.span());
                diag.error(
                    at,
                    format!("batched mode is not supported yet for a function that changes the length of `{name}`"),
                );
                continue;
            }
            let act = index.and_then(|i| spec.acts.get(i));
            let ret = match (spec.mode, act.map(|a| a.0)) {
                (Mode::Reverse, Some(Activity::Duplicated)) => quote!(Duplicated),
                (Mode::Forward, Some(Activity::Dual)) => quote!(Dual),
                (_, Some(_)) => {
                    let span = act.map_or(spec.name.span(), |a| a.1);
                    let want = if spec.mode == Mode::Reverse { "Duplicated" } else { "Dual" };
                    diag.error(
                        span,
                        format!(
                            "`{name}` changes its length, so its shadow follows it: it is `{want}` (the shadow a \
                             `&mut Vec` of the same element type)"
                        ),
                    );
                    continue;
                }
                (_, None) => continue,
            };
            let inner = crate::names::grow_twin(&spec.name);
            let mode = match spec.mode {
                Mode::Reverse => quote!(reverse),
                Mode::Forward => quote!(forward),
            };
            let acts = spec.acts.iter().map(|(a, span)| {
                let id = syn::Ident::new(&format!("{a:?}"), *span);
                quote!(#id)
            });
            twin.attrs.push(syn::parse_quote!(#[::parad::autodiff(#mode, #inner, #(#acts,)* #ret)]));
            wanted.push((spec.mode, spec.name.clone(), inner));
        }
        let twin = (!diag.has_errors()).then_some(twin);
        Growth { out, twin, wanted, name, initial_name, elem, func }
    }

    /// The twin to expand.
    pub fn twin(&self) -> Option<syn::ItemFn> {
        self.twin.clone()
    }

    /// The function as written, the twin's expansion `generated` and the
    /// derivatives the user asked for, with the errors of `diag`.
    pub fn finish(self, generated: Option<TokenStream>, diag: Diag) -> TokenStream {
        let mut out = self.out;
        let errors = |out: TokenStream, diag: Diag| match diag.finish() {
            Ok(()) => out,
            Err(e) => crate::diag::with_errors(out, e),
        };
        let Some(generated) = generated else { return errors(out, diag) };
        let Ok(mut file) = syn::parse2::<syn::File>(generated.clone()) else {
            out.extend(generated);
            return errors(out, diag);
        };
        let wrappers: TokenStream = (self.wanted.iter())
            .filter_map(|(mode, user, inner)| {
                let f = file.items.iter().find_map(|i| match i {
                    syn::Item::Fn(f) if f.sig.ident == *inner => Some(f),
                    _ => None,
                })?;
                Some(wrapper(*mode, user, f, (&self.name, &self.initial_name), &self.elem, &self.func))
            })
            .collect();
        // The twin and its derivatives are the wrappers' business alone (and
        // the attributes the twin was given import nothing of the user's).
        file.items.retain(|i| !matches!(i, syn::Item::Const(_)));
        for item in &mut file.items {
            if let syn::Item::Fn(f) = item {
                f.attrs.retain(|a| !a.path().is_ident("doc"));
                f.attrs.push(syn::parse_quote!(#[doc(hidden)]));
            }
        }
        out.extend(file.items.iter().map(ToTokens::to_token_stream));
        out.extend(wrappers);
        errors(out, diag)
    }
}

fn position(func: &syn::ItemFn, name: &syn::Ident) -> Option<usize> {
    func.sig.inputs.iter().position(|a| match a {
        syn::FnArg::Typed(pt) => matches!(&*pt.pat, syn::Pat::Ident(pi) if pi.ident == *name),
        syn::FnArg::Receiver(_) => false,
    })
}

/// The derivative `user` the user asked for, calling the twin's `inner`.
fn wrapper(
    mode: Mode,
    user: &syn::Ident,
    inner: &syn::ItemFn,
    (name, initial_name): (&syn::Ident, &syn::Ident),
    elem: &syn::Type,
    func: &syn::ItemFn,
) -> TokenStream {
    let prefix = if mode == Mode::Reverse { "d" } else { "t" };
    let shadow = crate::names::derived(prefix, initial_name);
    let d = crate::names::derived_ident(prefix, name);
    let mut sig = inner.sig.clone();
    sig.ident = user.clone();
    let (initial, d_initial, seed) = (hygienic("initial"), hygienic("d_initial"), hygienic("seed_of_final"));
    let mut args = Vec::new();
    let mut inputs = syn::punctuated::Punctuated::<syn::FnArg, syn::Token![,]>::new();
    let last = sig.inputs.len().saturating_sub(1);
    for (k, a) in sig.inputs.iter().enumerate() {
        let syn::FnArg::Typed(pt) = a else { continue };
        let syn::Pat::Ident(pi) = &*pt.pat else { continue };
        let id = &pi.ident;
        if *id == *initial_name {
            inputs.push(syn::parse_quote!(#name: &mut ::std::vec::Vec<#elem>));
            args.push(quote!(&#initial));
        } else if *id == shadow.as_str() {
            inputs.push(syn::parse_quote!(#d: &mut ::std::vec::Vec<#elem>));
            args.push(match mode {
                Mode::Reverse => quote!(&mut #d_initial),
                Mode::Forward => quote!(&#d_initial),
            });
        } else if mode == Mode::Reverse && k == last {
            // The seed of the twin's result: `dout` on entry.
            args.push(quote!(&#seed));
        } else {
            inputs.push(a.clone());
            args.push(quote!(#id));
        }
    }
    let inner_name = &inner.sig.ident;
    let call = quote!(#inner_name(#(#args),*));
    let result = hygienic("result");
    let (prelude, body, output) = match mode {
        Mode::Reverse => {
            let grads = match &sig.output {
                syn::ReturnType::Type(_, ty) => match &**ty {
                    syn::Type::Tuple(t) => t.elems.iter().skip(1).cloned().collect::<Vec<_>>(),
                    _ => Vec::new(),
                },
                syn::ReturnType::Default => Vec::new(),
            };
            // The twin's derivative checks the seed's length against the
            // final one when its forward sweep ends.
            let prelude = quote! {
                let #initial = ::core::mem::take(#name);
                let mut #d_initial = ::std::vec![::core::default::Default::default(); #initial.len()];
                let #seed = ::core::mem::take(#d);
            };
            // The twin's derivative returns the vector, then the gradients
            // of the active numbers, if any.
            let names: Vec<syn::Ident> = (0..grads.len()).map(|k| hygienic(&format!("g{k}"))).collect();
            let (value, output) = match grads.as_slice() {
                [] => (quote!(), quote!()),
                [g] => (quote!(#(#names)*), quote!(-> #g)),
                _ => (quote!((#(#names),*)), quote!(-> (#(#grads),*))),
            };
            let take = match names.is_empty() {
                true => quote!(*#name = #call;),
                false => quote!(let (#result, #(#names),*) = #call; *#name = #result;),
            };
            (prelude, quote!(#take *#d = #d_initial; #value), output)
        }
        Mode::Forward => {
            let prelude = quote! {
                let #initial = ::core::mem::take(#name);
                let #d_initial = ::core::mem::take(#d);
            };
            let tangent = hygienic("tangent");
            (prelude, quote!(let (#result, #tangent) = #call; *#name = #result; *#d = #tangent;), quote!())
        }
    };
    sig.inputs = inputs;
    sig.output = syn::parse2(output).unwrap_or(syn::ReturnType::Default);
    let doc = crate::syntax::derivative_doc(mode == Mode::Reverse, &func.sig.ident);
    let vis = &func.vis;
    let allow = crate::syntax::allow_generated();
    let sig = sig.to_token_stream();
    quote! {
        #[doc = #doc]
        #allow
        #vis #sig {
            #prelude
            #body
        }
    }
}
