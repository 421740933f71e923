//! What the kernel's back ends share: the check of a derivative's
//! activities, and the value a launch returns.

use super::ir;
use crate::diag::Diag;
use crate::parse;
use proc_macro2::TokenStream;
use quote::quote;

/// Whether `spec` has one activity per parameter of the kernel (reported
/// at the last activity when not).
pub(super) fn one_activity_each(p: &ir::Kernel, spec: &parse::DiffSpec, diag: &Diag) -> bool {
    if spec.acts.len() == p.params.len() {
        return true;
    }
    let span = spec.acts.last().map_or(spec.name.span(), |a| a.1);
    let msg = format!(
        "expected {} activities, one per parameter of the kernel (a kernel returns nothing), found {}",
        p.params.len(),
        spec.acts.len()
    );
    diag.error(span, msg);
    false
}

/// What the launches return: nothing, the derivative of the one `Active`
/// scalar, or those of several as a tuple in parameter order (as the
/// derivatives of `#[autodiff]` return them).
pub(super) fn returned(items: &[TokenStream]) -> TokenStream {
    match items {
        [] => quote!(()),
        [one] => one.clone(),
        _ => quote!((#(#items),*)),
    }
}
