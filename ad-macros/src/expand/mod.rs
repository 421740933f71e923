//! The driver of the pipeline: gathers the attributes on an item, validates
//! them, desugars the function (`lifetimes`, `flatten`, `scalars`, methods),
//! lowers it, analyses it and has `codegen` (or `kernel`) print the result.
//! Every stage it calls sits below it; none calls back.

mod attrs;
mod derive;
mod function;
mod impls;
mod method;
mod module;
mod value;

pub use attrs::Attr;
use proc_macro2::TokenStream;

pub fn expand(first: Attr, args: TokenStream, item: TokenStream) -> TokenStream {
    match syn::parse2::<syn::ItemFn>(item.clone()) {
        Ok(func) => function::expand_fn(first, args, func),
        Err(_) => match (first, syn::parse2::<syn::ItemImpl>(item.clone())) {
            (Attr::Autodiff(None), Ok(block)) => impls::expand_impl(args, block),
            (Attr::Autodiff(None), Err(_)) => match syn::parse2::<syn::ItemMod>(item.clone()) {
                Ok(module) => module::expand_mod(args, module),
                Err(_) if args.is_empty() => match syn::parse2::<syn::DeriveInput>(item.clone()) {
                    Ok(ty) => value::expand_value(ty),
                    Err(_) => attrs::not_a_function(item, first),
                },
                Err(_) => attrs::not_a_function(item, first),
            },
            _ => attrs::not_a_function(item, first),
        },
    }
}
