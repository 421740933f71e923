//! Procedural macros of parad. Each attribute delegates to one function in
//! `codegen`; errors become `compile_error!` tokens there, next to the
//! original item.

mod analysis;
mod codegen;
mod diag;
mod ir;
mod lower;
mod parse;
#[cfg(test)]
mod snapshots;

use codegen::Attr;
use parse::Mode;
use proc_macro::TokenStream;

/// `#[autodiff(reverse|forward, NAME, ACTIVITIES...)]`, or bare `#[autodiff]`
/// for the companions only. See the crate `parad` for the full description.
#[proc_macro_attribute]
pub fn autodiff(args: TokenStream, item: TokenStream) -> TokenStream {
    codegen::expand(Attr::Autodiff(None), args.into(), item.into()).into()
}

/// `#[autodiff_reverse(NAME, ACTIVITIES...)]`: `std::autodiff`'s name for
/// `#[autodiff(reverse, ...)]`.
#[proc_macro_attribute]
pub fn autodiff_reverse(args: TokenStream, item: TokenStream) -> TokenStream {
    codegen::expand(Attr::Autodiff(Some(Mode::Reverse)), args.into(), item.into()).into()
}

/// `#[autodiff_forward(NAME, ACTIVITIES...)]`: `std::autodiff`'s name for
/// `#[autodiff(forward, ...)]`.
#[proc_macro_attribute]
pub fn autodiff_forward(args: TokenStream, item: TokenStream) -> TokenStream {
    codegen::expand(Attr::Autodiff(Some(Mode::Forward)), args.into(), item.into()).into()
}

/// `#[derivative(reverse = f_rev, forward = f_fwd)]`: custom derivative rules.
#[proc_macro_attribute]
pub fn derivative(args: TokenStream, item: TokenStream) -> TokenStream {
    codegen::expand(Attr::Derivative, args.into(), item.into()).into()
}
