//! Errors are collected, never thrown one at a time: every unsupported
//! construct of a function is reported in one compile, each at its span.

use proc_macro2::{Punct, Spacing, Span, TokenStream, TokenTree};
use std::cell::RefCell;

#[derive(Default)]
pub struct Diag {
    errors: RefCell<Vec<syn::Error>>,
}

impl Diag {
    pub fn error(&self, span: Span, msg: impl std::fmt::Display) {
        self.errors.borrow_mut().push(syn::Error::new(span, msg));
    }

    /// An error covering all of `tokens` (a type, a pattern, an attribute),
    /// not only their first token.
    pub fn error_spanned(&self, tokens: impl quote::ToTokens, msg: impl std::fmt::Display) {
        self.errors.borrow_mut().push(syn::Error::new_spanned(tokens, msg));
    }

    /// An error covering the code from `first` to `last`: on stable Rust a
    /// span cannot be joined, but rustc joins the ends of the error's tokens.
    pub fn error_range(&self, first: Span, last: Span, msg: impl std::fmt::Display) {
        self.errors.borrow_mut().push(range_error(first, last, msg));
    }

    pub fn push(&self, err: syn::Error) {
        self.errors.borrow_mut().push(err);
    }

    /// Takes over the errors collected in `other`.
    pub fn absorb(&self, other: Diag) {
        self.errors.borrow_mut().extend(other.errors.into_inner());
    }

    /// Where the first error is, and what it says.
    pub fn first(&self) -> Option<(Span, String)> {
        self.errors.borrow().first().map(|e| (e.span(), e.to_string()))
    }

    pub fn error_count(&self) -> usize {
        self.errors.borrow().len()
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

/// A `syn::Error` from `first` to `last` (see `Diag::error_range`).
pub fn range_error(first: Span, last: Span, msg: impl std::fmt::Display) -> syn::Error {
    let ends: TokenStream = [first, last]
        .into_iter()
        .map(|span| {
            let mut p = Punct::new('.', Spacing::Alone);
            p.set_span(span);
            TokenTree::Punct(p)
        })
        .collect();
    syn::Error::new_spanned(ends, msg)
}

/// The original item followed by the errors: the user's other code still
/// type-checks against the function while the errors are shown.
pub fn with_errors(original: TokenStream, err: syn::Error) -> TokenStream {
    let errors = err.to_compile_error();
    quote::quote! { #original #errors }
}
