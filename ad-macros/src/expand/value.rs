//! `#[autodiff]` on a struct or a fieldless enum: a value type, whose
//! shadows generated code adds whole through `parad::Value` (see
//! `docs/values.md`). The item is emitted unchanged, with the impl.

use crate::diag::{range_error, with_errors, Diag};
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

/// The type `item` unchanged and its `parad::Value` implementation.
pub fn expand_value(item: syn::DeriveInput) -> TokenStream {
    let diag = Diag::default();
    let body = match &item.data {
        syn::Data::Struct(s) => add_fields(&s.fields),
        syn::Data::Enum(e) => {
            for v in e.variants.iter().filter(|v| !v.fields.is_empty()) {
                diag.error_spanned(
                    &v.fields,
                    "a value type may be a struct or an enum without data (whose values carry no derivative); \
                     an enum variant with fields is not supported: make it a struct",
                );
            }
            TokenStream::new()
        }
        syn::Data::Union(u) => {
            diag.push(range_error(
                u.union_token.span,
                item.ident.span(),
                "`#[autodiff]` applies to functions, `impl` blocks, structs and enums, not to a union",
            ));
            TokenStream::new()
        }
    };
    let name = &item.ident;
    let (generics, ty_generics, where_clause) = item.generics.split_for_impl();
    // Spanned at the name: a type that is not `Copy` is reported there by
    // rustc, as a bound of the trait.
    let value = quote_spanned!(name.span()=> ::parad::Value);
    let out = quote! {
        #item
        impl #generics #value for #name #ty_generics #where_clause {
            #[inline]
            fn add_adjoint(&mut self, other: &Self) {
                #body
            }
        }
    };
    match diag.finish() {
        Ok(()) => out,
        Err(e) => with_errors(quote!(#item), e),
    }
}

/// Each field added through its own `Value`: floats added, arrays element
/// by element, integers left alone.
fn add_fields(fields: &syn::Fields) -> TokenStream {
    fields
        .members()
        .zip(fields.iter())
        .map(|(m, f)| {
            let value = quote_spanned!(f.ty.span()=> ::parad::Value);
            quote!(#value::add_adjoint(&mut self.#m, &other.#m);)
        })
        .collect()
}
