//! The driver of the pipeline: gathers the attributes on an item, validates
//! them, desugars the function (`lifetimes`, `flatten`, `scalars`, methods),
//! lowers it, analyses it and has `codegen` (or `kernel`) print the result.
//! Every stage it calls sits below it; none calls back.

mod attrs;
mod derive;
mod function;
mod grow;
mod impls;
mod method;
mod module;
mod traits;
mod value;

pub use attrs::Attr;
use proc_macro2::TokenStream;

pub fn expand(first: Attr, args: TokenStream, item: TokenStream) -> TokenStream {
    if let Ok(func) = syn::parse2::<syn::ItemFn>(item.clone()) {
        return function::expand_fn(first, args, func);
    }
    if first != Attr::Autodiff(None) {
        return attrs::not_a_function(item, first);
    }
    if let Ok(block) = syn::parse2::<syn::ItemImpl>(item.clone()) {
        return impls::expand_impl(args, block);
    }
    if let Ok(module) = syn::parse2::<syn::ItemMod>(item.clone()) {
        return module::expand_mod(args, module);
    }
    if let Ok(t) = syn::parse2::<syn::ItemTrait>(item.clone()) {
        return traits::expand_trait(args, t);
    }
    match syn::parse2::<syn::DeriveInput>(item.clone()) {
        Ok(ty) if args.is_empty() => value::expand_value(ty),
        _ => attrs::not_a_function(item, first),
    }
}
