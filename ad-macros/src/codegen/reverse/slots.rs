//! The companion taking values (`__parad_fwdv_NAME`, see `docs/values.md`):
//! its reverse closure takes, after the seed, one slot per argument, where
//! a caller passing a value lends that value's shadow.

use super::entry::strip_lifetimes;
use super::state::RevGen;
use crate::ir::fields_and_args_only;
use proc_macro2::TokenStream;
use quote::quote;
use syn::spanned::Spanned;

impl RevGen<'_> {
    /// Makes this the companion taking values. A value parameter the
    /// function reads only through fields and passes on (never writes,
    /// copies, or reads in a parallel loop) adds into the caller's shadow
    /// directly: the slot is its shadow, as a `&T` parameter's. Any other
    /// has a shadow of its own, added into the slot at the end.
    pub fn with_value_slots(mut self) -> Self {
        self.slotted = true;
        for &v in &self.f.value_slots {
            if self.shadow[v].is_some() && !self.plan.written[v] && fields_and_args_only(&self.f.body, v) {
                self.struct_params[v] = true;
            }
        }
        self
    }

    /// The slot parameters with their types, and what the closure does with
    /// them last. A parameter that takes no derivative has the slot `()`:
    /// a caller lending it one does not compile.
    pub(super) fn slot_params(&self) -> (Vec<TokenStream>, Vec<TokenStream>, TokenStream) {
        let (mut params, mut types, mut end) = (Vec::new(), Vec::new(), TokenStream::new());
        for (p, &v) in self.sig.params.iter().zip(&self.f.params) {
            if !self.f.value_slots.contains(&v) {
                params.push(quote!(_: ()));
                types.push(quote!(()));
                continue;
            }
            let ty = strip_lifetimes(&p.ty);
            let sty = quote!(::core::option::Option<&mut #ty>);
            match self.shadow[v].clone() {
                Some(d) if self.struct_params[v] => params.push(quote!(mut #d: #sty)),
                Some(d) => {
                    let slot = self.names.fresh(&format!("{d}_slot"));
                    params.push(quote!(#slot: #sty));
                    // (Spanned at the type: one without `Value` is reported there.)
                    let add = quote::quote_spanned!(p.ty.span()=> ::parad::Value::add_adjoint);
                    end.extend(quote! {
                        if let ::core::option::Option::Some(#slot) = #slot {
                            #add(#slot, &#d);
                        }
                    });
                }
                None => params.push(quote!(_: #sty)),
            }
            types.push(sty);
        }
        (params, types, end)
    }
}
