//! Lifetime parameters of a differentiated function. The derivatives and
//! companions take more parameters than the function (shadows, tangents,
//! seeds) and return no references, so the lifetimes the user named only
//! relate the inputs to each other: the generated functions take each
//! input with its own elided lifetime (`&'a [f64]` becomes `&'_ [f64]`),
//! and the generics lose their lifetime parameters.

use syn::visit_mut::VisitMut;

/// Removes the lifetime parameters of `func`'s own generics and writes
/// `'_` wherever the signature or the body names one of them.
pub fn erase(func: &mut syn::ItemFn) {
    let generics = &mut func.sig.generics;
    let names: Vec<syn::Ident> = generics.lifetimes().map(|l| l.lifetime.ident.clone()).collect();
    if names.is_empty() {
        return;
    }
    generics.params = std::mem::take(&mut generics.params)
        .into_iter()
        .filter(|p| !matches!(p, syn::GenericParam::Lifetime(_)))
        .collect();
    if generics.params.is_empty() {
        generics.lt_token = None;
        generics.gt_token = None;
    }
    if let Some(w) = &mut generics.where_clause {
        w.predicates = std::mem::take(&mut w.predicates)
            .into_iter()
            .filter(|p| !matches!(p, syn::WherePredicate::Lifetime(_)))
            .collect();
        if w.predicates.is_empty() {
            generics.where_clause = None;
        }
    }
    struct Elide<'n>(&'n [syn::Ident]);
    impl VisitMut for Elide<'_> {
        fn visit_lifetime_mut(&mut self, l: &mut syn::Lifetime) {
            if self.0.contains(&l.ident) {
                *l = syn::Lifetime::new("'_", l.apostrophe);
            }
        }
    }
    let mut e = Elide(&names);
    e.visit_signature_mut(&mut func.sig);
    e.visit_block_mut(&mut func.block);
}
