//! Methods. The pipeline sees a method as the function it is under the
//! hood: the receiver becomes a first parameter named `this` (`&self` is
//! `this: &Self`), and `self` in the body is `this`. The companions stay
//! associated functions with that parameter, which callers reach as
//! `Self::__parad_fwd_f(this, ..)`; the derivatives a user asked for get
//! the receiver back, so `d_f` is called as `model.d_f(..)`.

use proc_macro2::{Ident, TokenStream, TokenTree};
use quote::quote;
use syn::visit_mut::VisitMut;

/// The receiver of a method, as written, and the name the pipeline gives it.
pub struct Receiver {
    written: syn::Receiver,
    pat: syn::Pat,
}

/// `func` with its receiver as a plain parameter, or `None` for a function
/// without one.
pub fn as_function(func: &syn::ItemFn) -> Option<(syn::ItemFn, Receiver)> {
    let Some(syn::FnArg::Receiver(r)) = func.sig.inputs.first() else { return None };
    let block = &func.block;
    let block = quote!(#block);
    let name = if crate::parse::mentions_any(block.clone(), &["this".to_string()]) { "__parad_self" } else { "this" };
    let span = r.self_token.span;
    let ident = Ident::new(name, span);
    let mutability = r.mutability.filter(|_| r.reference.is_none());
    let pat: syn::Pat = syn::parse_quote!(#mutability #ident);
    let ty = &r.ty;
    let mut out = func.clone();
    out.sig.inputs[0] = syn::parse_quote!(#pat: #ty);
    // The body parsed before; renaming one identifier keeps it parseable.
    if let Ok(b) = syn::parse2(rename_self(block, &ident)) {
        out.block = Box::new(b);
    }
    Some((out, Receiver { written: r.clone(), pat }))
}

/// The derivatives named `names` among `items` with the receiver back in
/// place of the parameter that stood for it. A companion's reverse
/// closure, `impl FnOnce(&Self, ..)`, loses its `use<>`: in the `impl`
/// of a type with lifetime or type parameters, which the macro cannot
/// see, `Self` names them and they must be captured. Without `use<..>` the
/// rules of the macro's edition (2021) capture exactly those, not the
/// lifetimes of the inputs, so callers stay free to write their buffers.
pub fn as_methods(items: TokenStream, names: &[&Ident], r: &Receiver) -> TokenStream {
    let Ok(file) = syn::parse2::<syn::File>(items.clone()) else { return items };
    let mut out = TokenStream::new();
    for mut item in file.items {
        if let syn::Item::Fn(f) = &mut item {
            CaptureSelf.visit_return_type_mut(&mut f.sig.output);
            if names.iter().any(|n| **n == f.sig.ident) && !f.sig.inputs.is_empty() {
                f.sig.inputs[0] = syn::FnArg::Receiver(r.written.clone());
                let pat = &r.pat;
                f.block.stmts.insert(0, syn::parse_quote!(let #pat = self;));
            }
        }
        out.extend(quote!(#item));
    }
    out
}

/// Drops `use<..>` from the `impl Trait` types it visits.
struct CaptureSelf;

impl VisitMut for CaptureSelf {
    fn visit_type_impl_trait_mut(&mut self, t: &mut syn::TypeImplTrait) {
        t.bounds = std::mem::take(&mut t.bounds)
            .into_iter()
            .filter(|b| !matches!(b, syn::TypeParamBound::PreciseCapture(_)))
            .collect();
        syn::visit_mut::visit_type_impl_trait_mut(self, t);
    }
}

/// `tokens` with every `self` that is a value (not the start of a path
/// `self::..`) replaced by `ident`, inside macros too.
fn rename_self(tokens: TokenStream, ident: &Ident) -> TokenStream {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = TokenStream::new();
    for (k, tt) in tokens.iter().enumerate() {
        let path_start = matches!(tokens.get(k + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':');
        out.extend(std::iter::once(match tt {
            TokenTree::Ident(id) if id == "self" && !path_start => {
                TokenTree::Ident(Ident::new(&ident.to_string(), id.span()))
            }
            TokenTree::Group(g) => {
                let mut inner = proc_macro2::Group::new(g.delimiter(), rename_self(g.stream(), ident));
                inner.set_span(g.span());
                TokenTree::Group(inner)
            }
            other => other.clone(),
        }));
    }
    out
}
