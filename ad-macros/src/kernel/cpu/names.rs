//! The macro's own names in the CPU code of a kernel.

use proc_macro2::Span;
use quote::format_ident;

/// The macro's own names in the CPU code: mixed-site, so they can neither
/// capture nor be captured by the kernel's names.
pub struct Names {
    pub b: syn::Ident,
    pub bd: syn::Ident,
    pub gd: syn::Ident,
    pub t: syn::Ident,
}

impl Names {
    pub(super) fn new() -> Names {
        let m = |n: &str| syn::Ident::new(n, Span::mixed_site());
        Names { b: m("parad_b"), bd: m("parad_bd"), gd: m("parad_gd"), t: m("parad_t") }
    }
    /// The per-thread array of a variable that lives across a barrier.
    pub fn per_thread(v: &syn::Ident) -> syn::Ident {
        format_ident!("{}_per_thread", v, span = Span::mixed_site())
    }
    /// A block's log of additions to a shadow.
    pub fn log(buf: &syn::Ident) -> syn::Ident {
        format_ident!("parad_log_{}", buf, span = Span::mixed_site())
    }
    pub(super) fn slot(p: &syn::Ident) -> syn::Ident {
        format_ident!("{}_slot", p, span = Span::mixed_site())
    }
}
