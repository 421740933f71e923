//! `#[autodiff]` on a trait: each of its methods gets its companions
//! declared in the trait, so generic code bounded by it (`fn fit<M: Loss>(m:
//! &M, ..)`) reaches them through the bound (`M::__parad_fwd_loss`), and an
//! `#[autodiff]` on an `impl` of the trait defines them there. The
//! declarations are those the macro emits for a method of that signature,
//! without bodies (a provided method's keep theirs), bounded by `Self:
//! Sized` so that the trait stays usable as `dyn Loss`.

use super::attrs::{attr_kind, Attr};
use super::function::expand_fn;
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand_trait(args: TokenStream, mut item: syn::ItemTrait) -> TokenStream {
    if !args.is_empty() {
        let e = syn::Error::new_spanned(
            &args,
            "on a trait `#[autodiff]` takes no arguments: it makes its methods differentiable where an `impl` of it \
             is marked `#[autodiff]`; ask for a derivative on the method of the `impl`",
        );
        return crate::diag::with_errors(quote!(#item), e);
    }
    let mut errors = TokenStream::new();
    let mut declared = Vec::new();
    for member in &mut item.items {
        let syn::TraitItem::Fn(m) = member else { continue };
        if let Some(pos) = m.attrs.iter().position(|a| attr_kind(a).is_some()) {
            let a = m.attrs.remove(pos);
            errors.extend(
                syn::Error::new_spanned(
                    &a.meta,
                    "derivatives of a trait's method are asked for on the method of an `impl` of it \
                     (`#[autodiff(reverse, d_loss, ..)]` in `#[autodiff] impl Loss for Mse`); in the trait, \
                     `#[autodiff]` on the trait declares what every differentiated `impl` defines",
                )
                .to_compile_error(),
            );
            continue;
        }
        declared.extend(companions(m, &item.generics));
    }
    item.items.extend(declared);
    quote!(#item #errors)
}

/// The companions of the method `m` as items of its trait: declared alone
/// for a required method, with their bodies for a provided one.
fn companions(m: &syn::TraitItemFn, generics: &syn::Generics) -> Vec<syn::TraitItem> {
    let captured = captures(generics);
    generated(&m.sig, m.default.clone())
        .into_iter()
        .map(|f| {
            let mut sig = f.sig;
            capture(&mut sig.output, &captured);
            sig.generics.make_where_clause().predicates.push(syn::parse_quote!(Self: ::core::marker::Sized));
            match m.default {
                Some(_) => {
                    let (attrs, body) = (f.attrs, f.block);
                    syn::parse_quote!(#(#attrs)* #sig #body)
                }
                // `#[inline]` means nothing on a declaration, nor do
                // patterns (`mut x`).
                None => {
                    plain_patterns(&mut sig);
                    let attrs = f.attrs.iter().filter(|a| !a.path().is_ident("inline"));
                    syn::parse_quote!(#(#attrs)* #sig;)
                }
            }
        })
        .collect()
}

/// The names of the companions a marked trait declares for a method of
/// signature `sig`: what its `impl`s define in the trait's `impl`.
pub fn declared(sig: &syn::Signature) -> Vec<syn::Ident> {
    generated(sig, None).into_iter().map(|f| f.sig.ident).collect()
}

/// What the macro generates beside a method of signature `sig` and body
/// `block`, the method itself left out. A required method is expanded with
/// a body that differentiates to nothing: the companions' signatures
/// follow from the method's alone.
fn generated(sig: &syn::Signature, block: Option<syn::Block>) -> Vec<syn::ImplItemFn> {
    let block = block.unwrap_or_else(|| match sig.output {
        syn::ReturnType::Default => syn::parse_quote!({}),
        syn::ReturnType::Type(..) => syn::parse_quote!({ Default::default() }),
    });
    let func =
        syn::ItemFn { attrs: Vec::new(), vis: syn::Visibility::Inherited, sig: sig.clone(), block: Box::new(block) };
    let out = expand_fn(Attr::Autodiff(None), TokenStream::new(), func);
    let Ok(generated) = syn::parse2::<syn::ItemImpl>(quote!(impl X { #out })) else { return Vec::new() };
    (generated.items.into_iter())
        .filter_map(|g| match g {
            syn::ImplItem::Fn(f) if f.sig.ident != sig.ident => Some(f),
            _ => None,
        })
        .collect()
}

/// The parameters of `sig` as a declaration takes them: `x`, not `mut x`.
fn plain_patterns(sig: &mut syn::Signature) {
    for input in &mut sig.inputs {
        if let syn::FnArg::Typed(pt) = input {
            match &mut *pt.pat {
                syn::Pat::Ident(pi) => pi.mutability = None,
                other => *other = syn::parse_quote!(_),
            }
        }
    }
}

/// `Self` and the trait's type and const parameters: what a companion's
/// returned closure captures, the lifetimes of its inputs left out so that
/// callers stay free to write their buffers.
fn captures(generics: &syn::Generics) -> Vec<syn::CapturedParam> {
    let own = generics.type_params().map(|t| t.ident.clone()).chain(generics.const_params().map(|c| c.ident.clone()));
    let own = std::iter::once(syn::Ident::new("Self", proc_macro2::Span::call_site())).chain(own);
    own.map(syn::CapturedParam::Ident).collect()
}

/// Sets the `use<..>` of the `impl Trait` types in `output` to `captured`.
pub fn capture(output: &mut syn::ReturnType, captured: &[syn::CapturedParam]) {
    struct Capture<'c>(&'c [syn::CapturedParam]);
    impl syn::visit_mut::VisitMut for Capture<'_> {
        fn visit_type_impl_trait_mut(&mut self, t: &mut syn::TypeImplTrait) {
            t.bounds = std::mem::take(&mut t.bounds)
                .into_iter()
                .filter(|b| !matches!(b, syn::TypeParamBound::PreciseCapture(_)))
                .collect();
            let params = self.0;
            t.bounds.push(syn::parse_quote!(use<#(#params),*>));
            syn::visit_mut::visit_type_impl_trait_mut(self, t);
        }
    }
    syn::visit_mut::VisitMut::visit_return_type_mut(&mut Capture(captured), output);
}
