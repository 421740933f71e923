//! Errors are collected, never thrown one at a time: every unsupported
//! construct of a function is reported in one compile, each at its span.

use proc_macro2::{Span, TokenStream};
use std::cell::RefCell;

#[derive(Default)]
pub struct Diag {
    errors: RefCell<Vec<syn::Error>>,
}

impl Diag {
    pub fn error(&self, span: Span, msg: impl std::fmt::Display) {
        self.errors.borrow_mut().push(syn::Error::new(span, msg));
    }

    pub fn push(&self, err: syn::Error) {
        self.errors.borrow_mut().push(err);
    }

    pub fn has_errors(&self) -> bool {
        !self.errors.borrow().is_empty()
    }

    /// Turns the collected errors into one `syn::Error` (all of them combined).
    pub fn finish(self) -> Result<(), syn::Error> {
        let mut errors = self.errors.into_inner().into_iter();
        match errors.next() {
            None => Ok(()),
            Some(mut first) => {
                for e in errors {
                    first.combine(e);
                }
                Err(first)
            }
        }
    }
}

/// The original item followed by the errors: the user's other code still
/// type-checks against the function while the errors are shown.
pub fn with_errors(original: TokenStream, err: syn::Error) -> TokenStream {
    let errors = err.to_compile_error();
    quote::quote! { #original #errors }
}
