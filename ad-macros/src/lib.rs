//! Procedural macros of parad. Each attribute delegates to one function in
//! `codegen`; errors become `compile_error!` tokens there, next to the
//! original item.

// The IR's and the parser's enums are built once per function and matched
// everywhere; boxing their large variants would add noise to every match.
// A match arm whose body tests more keeps the test in the body: folded into
// a guard, a failing test would fall through to the arms below.
#![allow(clippy::large_enum_variant, clippy::collapsible_match)]

mod analysis;
mod arrays;
mod chosen;
mod chunks;
mod codegen;
mod diag;
mod expand;
mod flatten;
mod generics;
mod grows;
mod ids;
mod ir;
mod kernel;
#[cfg(test)]
mod layers;
mod lifetimes;
mod lower;
mod names;
mod options;
mod parse;
#[cfg(test)]
mod robust;
mod scalars;
#[cfg(test)]
mod snapshots;
mod syntax;

use expand::Attr;
use parse::Mode;
use proc_macro::TokenStream;

/// Runs an expansion; a panic (always a bug of parad) becomes a spanned
/// error next to the untouched item instead of an opaque compiler failure.
fn guarded(attr: Attr, args: TokenStream, item: TokenStream) -> TokenStream {
    let (args, item): (proc_macro2::TokenStream, proc_macro2::TokenStream) = (args.into(), item.into());
    let fallback = item.clone();
    match std::panic::catch_unwind(move || expand::expand(attr, args, item)) {
        Ok(out) => out.into(),
        Err(payload) => {
            let msg = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            let err = syn::Error::new(
                proc_macro2::Span::call_site(),
                format!("internal error in parad ({msg}); this is a bug: please report it with this function"),
            );
            diag::with_errors(fallback, err).into()
        }
    }
}

/// `#[autodiff(reverse|forward, NAME, ACTIVITIES...)]`, or bare `#[autodiff]`
/// for the companions only. See the crate `parad` for the full description.
#[proc_macro_attribute]
pub fn autodiff(args: TokenStream, item: TokenStream) -> TokenStream {
    guarded(Attr::Autodiff(None), args, item)
}

/// `#[autodiff_reverse(NAME, ACTIVITIES...)]`: `std::autodiff`'s name for
/// `#[autodiff(reverse, ...)]`.
#[proc_macro_attribute]
pub fn autodiff_reverse(args: TokenStream, item: TokenStream) -> TokenStream {
    guarded(Attr::Autodiff(Some(Mode::Reverse)), args, item)
}

/// `#[autodiff_forward(NAME, ACTIVITIES...)]`: `std::autodiff`'s name for
/// `#[autodiff(forward, ...)]`.
#[proc_macro_attribute]
pub fn autodiff_forward(args: TokenStream, item: TokenStream) -> TokenStream {
    guarded(Attr::Autodiff(Some(Mode::Forward)), args, item)
}

/// `#[derivative(reverse = f_rev, forward = f_fwd)]`: custom derivative rules.
#[proc_macro_attribute]
pub fn derivative(args: TokenStream, item: TokenStream) -> TokenStream {
    guarded(Attr::Derivative, args, item)
}

/// `#[kernel]`: a GPU kernel written in a subset of Rust. Emits a module of
/// the function's name with `CUDA_SOURCE`, `launch_cpu` and (feature `cuda`)
/// `launch`; with `#[autodiff(reverse, d_f, ...)]` also a module `d_f` for
/// the adjoint kernel. See the crate `parad` for the full description.
#[proc_macro_attribute]
pub fn kernel(args: TokenStream, item: TokenStream) -> TokenStream {
    guarded(Attr::Kernel, args, item)
}
