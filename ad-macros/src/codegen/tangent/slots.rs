//! The tangent companion taking values (`__parad_tanv_NAME`, see
//! `docs/values.md`): after its parameters, one slot per argument, where a
//! caller passing a value lends that value's tangent.

use super::state::TanGen;
use crate::codegen::emit::Emitter;
use crate::ir::fields_and_args_only;
use proc_macro2::TokenStream;
use quote::quote;

impl TanGen<'_> {
    /// Makes this the companion taking values. A value parameter the
    /// function reads only through fields and passes on reads the caller's
    /// tangent in place (the slot is its tangent, as a `&T` parameter's);
    /// any other copies it first.
    pub fn with_value_slots(mut self) -> Self {
        self.slotted = true;
        for &v in &self.f.value_slots {
            if self.tan[v].is_some() && !self.plan.written[v] && fields_and_args_only(&self.f.body, v) {
                self.struct_params[v] = Some(false);
            }
        }
        self
    }

    /// The slot parameters, and the copies of written values' tangents. A
    /// parameter that takes no tangent has the slot `()`.
    pub(super) fn slot_params(&self) -> (Vec<TokenStream>, TokenStream) {
        let (mut params, mut prelude) = (Vec::new(), TokenStream::new());
        for (p, &v) in self.sig.params.iter().zip(&self.f.params) {
            if !self.f.value_slots.contains(&v) {
                params.push(quote!(_: ()));
                continue;
            }
            let ty = &p.ty;
            let sty = quote!(::core::option::Option<&#ty>);
            match self.tan[v].clone() {
                Some(t) if self.struct_params[v].is_some() => params.push(quote!(#t: #sty)),
                Some(t) => {
                    let slot = self.names.fresh(&format!("{t}_slot"));
                    let zero = Emitter::value_zero(ty);
                    params.push(quote!(#slot: #sty));
                    prelude.extend(quote! {
                        let mut #t: #ty = match #slot {
                            ::core::option::Option::Some(#slot) => *#slot,
                            ::core::option::Option::None => #zero,
                        };
                    });
                }
                None => params.push(quote!(_: #sty)),
            }
        }
        (params, prelude)
    }
}
