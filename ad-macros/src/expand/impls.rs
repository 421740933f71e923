//! `#[autodiff]` on an `impl` block: every method in it is differentiable,
//! as if each carried a bare `#[autodiff]` (a method's own attributes of the
//! family still ask for its derivatives). In `impl Loss for X` of a trait of
//! the user's, marked `#[autodiff]` (see `traits`), the companions are the
//! trait's items and are defined in the `impl`, so that generic code
//! bounded by the trait reaches them. The derivatives a user asks for
//! (`d_loss`), and every generated item of an operator's `impl` (`impl Sub
//! for V3`: std's traits declare no companions), go to an inherent `impl X`
//! beside it, where callers find them all the same (`X::__parad_fwd_sub`,
//! `m.d_loss(..)`). A module tells [`expand_impl_of`] which traits it
//! marks; alone, every trait but std's is taken as marked.

use super::attrs::{attr_args, attr_kind, Attr};
use super::function::expand_fn;
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand_impl(args: TokenStream, block: syn::ItemImpl) -> TokenStream {
    let marked = block.trait_.as_ref().is_some_and(|(_, path, _)| !is_std_trait(path));
    expand_impl_of(args, block, marked)
}

/// [`expand_impl`], told whether the block's trait is marked (declares the
/// companions): a module sees which of its traits are.
pub fn expand_impl_of(args: TokenStream, block: syn::ItemImpl, marked_trait: bool) -> TokenStream {
    if !args.is_empty() {
        let e = syn::Error::new_spanned(
            &args,
            "on an `impl` block `#[autodiff]` takes no arguments: it makes every method differentiable; ask for a \
             derivative with `#[autodiff(reverse, d_f, ...)]` on the method",
        );
        return crate::diag::with_errors(quote!(#block), e);
    }
    let in_trait = block.trait_.is_some();
    let captured = captures(&block.generics);
    let assoc = associated_types(&block);
    // `impl Mul<V3> for f64`: an inherent impl of `f64` cannot be written,
    // so the companions go to `impl V3`, as those of a function `rmul`.
    let scaling = scaled_type(&block);
    let mut scaled = None;
    let mut kept = Vec::new();
    let mut beside = TokenStream::new();
    for item in &block.items {
        let syn::ImplItem::Fn(m) = item else {
            kept.push(quote!(#item));
            continue;
        };
        let mut attrs = m.attrs.clone();
        let (first, first_args) = match attrs.iter().position(|a| attr_kind(a).is_some()) {
            Some(pos) => {
                let a = attrs.remove(pos);
                (attr_kind(&a).unwrap_or(Attr::Autodiff(None)), attr_args(&a))
            }
            None => (Attr::Autodiff(None), TokenStream::new()),
        };
        // A trait's method is as visible as the trait: so are its companions.
        let vis = if in_trait { syn::parse_quote!(pub) } else { m.vis.clone() };
        let mut func = syn::ItemFn { attrs, vis, sig: m.sig.clone(), block: Box::new(m.block.clone()) };
        // `-> Self::Output`: the companions beside the trait's impl cannot
        // name the trait's associated types through `Self`.
        syn::visit_mut::VisitMut::visit_item_fn_mut(&mut Associated(&assoc), &mut func);
        if let Some((float, other)) = scaling.as_ref().filter(|_| m.sig.ident == "mul") {
            if let Some((mut f, _)) = super::method::as_function(&func) {
                f.sig.ident = syn::Ident::new("rmul", m.sig.ident.span());
                syn::visit_mut::VisitMut::visit_item_fn_mut(&mut SelfIs(float), &mut f);
                let out = expand_fn(first, first_args, f);
                kept.push(quote!(#m));
                scaled = Some((other.clone(), out));
                continue;
            }
        }
        let out = expand_fn(first, first_args, func);
        if !in_trait {
            kept.push(out);
            continue;
        }
        // The method itself stays in the trait's impl, with the companions
        // a marked trait declares; what else was generated beside it moves
        // to the inherent impl.
        let declared = if marked_trait { super::traits::declared(&m.sig) } else { Vec::new() };
        match syn::parse2::<syn::ItemImpl>(quote!(impl X { #out })) {
            Ok(generated) => {
                for g in generated.items {
                    match g {
                        syn::ImplItem::Fn(mut f) if f.sig.ident == m.sig.ident => {
                            f.vis = syn::Visibility::Inherited;
                            kept.push(quote!(#f))
                        }
                        syn::ImplItem::Fn(mut f) if declared.contains(&f.sig.ident) => {
                            f.vis = syn::Visibility::Inherited;
                            super::traits::capture(&mut f.sig.output, &captured);
                            kept.push(quote!(#f))
                        }
                        g => beside.extend(quote!(#g)),
                    }
                }
            }
            Err(_) => kept.push(out),
        }
    }
    let syn::ItemImpl { attrs, defaultness, unsafety, impl_token, generics, trait_, self_ty, .. } = &block;
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let trait_part = trait_.as_ref().map(|(bang, path, for_token)| quote!(#bang #path #for_token));
    let mut out = quote! {
        #(#attrs)* #defaultness #unsafety #impl_token #impl_generics #trait_part #self_ty #where_clause {
            #(#kept)*
        }
    };
    if let Some((other, generated)) = scaled {
        out.extend(rmul_beside(&other, generated));
    }
    if !beside.is_empty() {
        out.extend(quote! {
            #[allow(dead_code)]
            #impl_token #impl_generics #self_ty #where_clause {
                #beside
            }
        });
    }
    out
}

/// Whether `path` names a trait of std's (`Add`, `std::ops::Mul<f64>`,
/// `Sum`), which declares no companions.
fn is_std_trait(path: &syn::Path) -> bool {
    const STD: &[&str] = &[
        "Add",
        "Sub",
        "Mul",
        "Div",
        "Rem",
        "Neg",
        "AddAssign",
        "SubAssign",
        "MulAssign",
        "DivAssign",
        "RemAssign",
        "Sum",
        "Product",
        "Default",
        "Clone",
        "Copy",
        "From",
        "Into",
        "TryFrom",
        "Index",
        "IndexMut",
        "Iterator",
        "IntoIterator",
        "FromIterator",
        "Extend",
        "Drop",
        "Display",
        "Debug",
        "PartialEq",
        "Eq",
        "PartialOrd",
        "Ord",
        "Hash",
        "Deref",
        "DerefMut",
        "AsRef",
        "AsMut",
        "Borrow",
        "FromStr",
        "Error",
    ];
    let first = path.segments.first().map(|s| s.ident.to_string());
    matches!(first.as_deref(), Some("std" | "core" | "alloc"))
        || path.segments.last().is_some_and(|s| STD.contains(&s.ident.to_string().as_str()))
}

/// The lifetimes, type and const parameters of an `impl` block: what the
/// returned closures of its companions capture (`Self` names them).
fn captures(generics: &syn::Generics) -> Vec<syn::CapturedParam> {
    (generics.params.iter())
        .map(|p| match p {
            syn::GenericParam::Lifetime(l) => syn::CapturedParam::Lifetime(l.lifetime.clone()),
            syn::GenericParam::Type(t) => syn::CapturedParam::Ident(t.ident.clone()),
            syn::GenericParam::Const(c) => syn::CapturedParam::Ident(c.ident.clone()),
        })
        .collect()
}

/// The associated types an `impl` block defines (`type Output = V3;`).
fn associated_types(block: &syn::ItemImpl) -> Vec<(syn::Ident, syn::Type)> {
    (block.items.iter())
        .filter_map(|item| match item {
            syn::ImplItem::Type(t) if t.generics.params.is_empty() => Some((t.ident.clone(), t.ty.clone())),
            _ => None,
        })
        .collect()
}

/// Replaces `Self::Output` by the type the block defines for it.
struct Associated<'a>(&'a [(syn::Ident, syn::Type)]);

impl syn::visit_mut::VisitMut for Associated<'_> {
    fn visit_type_mut(&mut self, ty: &mut syn::Type) {
        if let syn::Type::Path(p) = ty {
            let segs: Vec<&syn::PathSegment> = p.path.segments.iter().collect();
            if let (None, [first, name]) = (&p.qself, segs.as_slice()) {
                if first.ident == "Self" && first.arguments.is_none() {
                    if let Some((_, def)) = self.0.iter().find(|(n, _)| *n == name.ident) {
                        *ty = def.clone();
                        return;
                    }
                }
            }
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }
}

/// `(f64, V3)` of `impl Mul<V3> for f64` (or `f32`).
fn scaled_type(block: &syn::ItemImpl) -> Option<(syn::Type, syn::Type)> {
    let (_, path, _) = block.trait_.as_ref()?;
    let last = path.segments.last()?;
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else { return None };
    let (Some(syn::GenericArgument::Type(other)), 1) = (args.args.first(), args.args.len()) else { return None };
    let float = matches!(&*block.self_ty, syn::Type::Path(p) if p.path.is_ident("f64") || p.path.is_ident("f32"));
    (last.ident == "Mul" && float && block.generics.params.is_empty())
        .then(|| ((*block.self_ty).clone(), other.clone()))
}

/// `rmul` and its companions in an inherent `impl` of the value type
/// (generated code calls `V3::rmul(k, a)` where no derivative is needed).
fn rmul_beside(other: &syn::Type, generated: TokenStream) -> TokenStream {
    let items: TokenStream = match syn::parse2::<syn::File>(generated.clone()) {
        Ok(file) => file
            .items
            .into_iter()
            .filter(|i| !matches!(i, syn::Item::Const(_)))
            .map(|i| match i {
                syn::Item::Fn(f) if f.sig.ident == "rmul" => quote!(#[doc(hidden)] #f),
                i => quote!(#i),
            })
            .collect(),
        Err(_) => generated,
    };
    quote! {
        #[allow(dead_code)]
        impl #other {
            #items
        }
    }
}

/// `Self` as the float type whose `impl` the method was written in.
struct SelfIs<'a>(&'a syn::Type);

impl syn::visit_mut::VisitMut for SelfIs<'_> {
    fn visit_type_mut(&mut self, ty: &mut syn::Type) {
        if matches!(ty, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("Self")) {
            *ty = self.0.clone();
            return;
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }
}
