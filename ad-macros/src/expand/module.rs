//! `#[autodiff]` on an inline module (`#[autodiff] mod model { .. }`):
//! every function, `impl` block and `Copy` value type in it is
//! differentiable, as if each carried a bare `#[autodiff]`, so code written
//! for `std::autodiff`, which differentiates a whole call graph, switches
//! with one attribute. Items that carry an attribute of the family keep
//! theirs. As with `std::autodiff`, only what a derivative reaches must be
//! differentiable: a function or `impl` block whose body the macro refuses
//! (a driver with `unsafe` code, a helper returning a tuple of vectors) is
//! left as written, without companions. Where a differentiated function of
//! the module calls a refused one, which it could not without companions,
//! the refused function's errors are shown at its own code. Functions
//! that cannot be differentiated at all (`unsafe`, `const`, `extern`) are
//! left as they are. Traits are marked too, so that the `impl`s of them in
//! the module can define their companions (see `traits`). Functions that
//! call each other in a cycle are marked as such (`in_cycles`).

use super::attrs::{attr_kind, Attr};
use super::function::expand_fn;
use super::impls::expand_impl_of;
use proc_macro2::TokenStream;
use quote::quote;

pub fn expand_mod(args: TokenStream, mut module: syn::ItemMod) -> TokenStream {
    if !args.is_empty() {
        let e = syn::Error::new_spanned(
            &args,
            "on a module `#[autodiff]` takes no arguments: it makes every function in it differentiable; ask for a \
             derivative with `#[autodiff(reverse, d_f, ...)]` on the function",
        );
        return crate::diag::with_errors(quote!(#module), e);
    }
    let Some((_, items)) = &mut module.content else {
        let e = syn::Error::new_spanned(
            &module,
            "`#[autodiff]` on a module needs its items inline (`mod model { .. }`): on a module in its own file \
             the attribute cannot see them; mark the functions there, or put `#[autodiff]` on its `impl` blocks",
        );
        return crate::diag::with_errors(quote!(#module), e);
    };
    let results = sibling_results(items);
    let traits: std::collections::HashSet<String> = (items.iter())
        .filter_map(|i| match i {
            syn::Item::Trait(t) => Some(t.ident.to_string()),
            _ => None,
        })
        .collect();
    let growing = growing_functions(items);
    let cycles = in_cycles(items);
    let mut out = Vec::new();
    // Functions the macro refuses, by name, and what the others call.
    let mut refused = std::collections::HashMap::new();
    let mut called = std::collections::HashSet::new();
    for mut item in std::mem::take(items) {
        annotate_results(&mut item, &results);
        if let syn::Item::Fn(f) = &mut item {
            if cycles.contains(&f.sig.ident.to_string()) {
                f.attrs.push(syn::parse_quote!(#[__parad_cycle]));
            }
        }
        let marked = markable(&mut item)
            .is_some_and(|attrs| !attrs.iter().any(|a| attr_kind(a).is_some() || a.path().is_ident("kernel")));
        // A function calling one that changes a vector's length cannot be
        // differentiated yet: refused, with the error at the call, shown
        // where a derivative is asked for it or of a function calling it.
        if let syn::Item::Fn(f) = &mut item {
            if let Some(e) = growing_call(f, &growing) {
                let asked = f.attrs.iter().any(|a| attr_kind(a).is_some());
                f.attrs.retain(|a| attr_kind(a).is_none());
                let with_error = crate::diag::with_errors(quote!(#f), e);
                if asked {
                    out.push(with_error);
                } else {
                    refused.insert(f.sig.ident.to_string(), (out.len(), with_error));
                    out.push(quote!(#f));
                }
                continue;
            }
        }
        match (&item, marked) {
            (syn::Item::Fn(f), true) => {
                let expanded = expand_fn(Attr::Autodiff(None), TokenStream::new(), f.clone());
                if has_errors(&expanded) {
                    refused.insert(f.sig.ident.to_string(), (out.len(), expanded));
                } else {
                    called.extend(callees(&f.block));
                    out.push(expanded);
                    continue;
                }
                out.push(quote!(#item));
            }
            (syn::Item::Impl(i), true) => {
                // The trait of an `impl` is marked when the module defines
                // it; another (std's, another crate's) keeps its items.
                let own_trait = (i.trait_.as_ref())
                    .and_then(|(_, p, _)| p.get_ident())
                    .is_some_and(|t| traits.contains(&t.to_string()));
                let expanded = expand_impl_of(TokenStream::new(), i.clone(), own_trait);
                if has_errors(&expanded) {
                    out.push(quote!(#item));
                    continue;
                }
                for m in &i.items {
                    if let syn::ImplItem::Fn(m) = m {
                        called.extend(callees(&m.block));
                    }
                }
                out.push(expanded);
            }
            (_, true) => {
                let attrs = markable(&mut item).expect("markable");
                attrs.push(syn::parse_quote!(#[::parad::autodiff]));
                out.push(quote!(#item));
            }
            (_, false) => {
                // A function with attributes of its own is differentiated too
                // (not an `unsafe` or `extern` driver, which is left alone).
                if let syn::Item::Fn(f) = &item {
                    if f.attrs.iter().any(|a| attr_kind(a).is_some()) {
                        called.extend(callees(&f.block));
                    }
                }
                out.push(quote!(#item))
            }
        }
    }
    // A refused function that a differentiated one calls is why that one
    // does not compile: its errors are shown, at its own code.
    for (name, (at, expanded)) in refused {
        if called.contains(&name) {
            out[at] = expanded;
        }
    }
    let (attrs, vis, unsafety, ident) = (&module.attrs, &module.vis, &module.unsafety, &module.ident);
    quote!(#(#attrs)* #vis #unsafety mod #ident { #(#out)* })
}

/// The functions of the module that change the length of a `&mut Vec`
/// parameter (see `grows`), by name, with that parameter.
fn growing_functions(items: &[syn::Item]) -> std::collections::HashMap<String, syn::Ident> {
    (items.iter())
        .filter_map(|i| match i {
            syn::Item::Fn(f) => crate::grows::growing(f).map(|(param, _)| (f.sig.ident.to_string(), param)),
            _ => None,
        })
        .collect()
}

/// The error at the first call in `f` of another function of the module
/// that changes a vector's length.
fn growing_call(f: &syn::ItemFn, growing: &std::collections::HashMap<String, syn::Ident>) -> Option<syn::Error> {
    use syn::visit::Visit;
    struct Find<'g> {
        growing: &'g std::collections::HashMap<String, syn::Ident>,
        own: String,
        found: Option<syn::Error>,
    }
    impl Visit<'_> for Find<'_> {
        fn visit_expr_call(&mut self, c: &syn::ExprCall) {
            if let (None, syn::Expr::Path(p)) = (&self.found, &*c.func) {
                let name = p.path.get_ident().map(|i| i.to_string()).unwrap_or_default();
                if let Some(param) = self.growing.get(&name).filter(|_| name != self.own) {
                    self.found = Some(syn::Error::new_spanned(
                        &p.path,
                        format!(
                            "`{name}` changes the length of `{param}` (a `&mut Vec` it pushes to, resizes or \
                             clears), and differentiated code cannot call such a function yet, so `{}` is not \
                             differentiable; call `{name}` outside differentiated code, or have it write into a \
                             `&mut [F]` of the final length",
                            self.own
                        ),
                    ));
                }
            }
            syn::visit::visit_expr_call(self, c);
        }
    }
    let mut find = Find { growing, own: f.sig.ident.to_string(), found: None };
    find.visit_block(&f.block);
    find.found
}

/// Whether an expansion carries the macro's errors, `compile_error!`s at
/// the top of its output.
fn has_errors(expanded: &TokenStream) -> bool {
    expanded.clone().into_iter().any(|t| matches!(&t, proc_macro2::TokenTree::Ident(i) if i == "compile_error"))
}

/// The names a body calls as plain functions (`g(..)`), not counting
/// those under `no_grad`, whose values are constants.
fn callees(body: &syn::Block) -> std::collections::HashSet<String> {
    use syn::visit::Visit;
    struct Calls(std::collections::HashSet<String>);
    impl Visit<'_> for Calls {
        fn visit_expr_call(&mut self, c: &syn::ExprCall) {
            if let syn::Expr::Path(p) = &*c.func {
                if crate::syntax::is_no_grad(&p.path) {
                    return;
                }
                if let Some(id) = p.path.get_ident() {
                    self.0.insert(id.to_string());
                }
            }
            syn::visit::visit_expr_call(self, c);
        }
    }
    let mut calls = Calls(Default::default());
    calls.visit_block(body);
    calls.0
}

/// The module's functions that call each other in a cycle (`a` calls `b`,
/// `b` calls `a`): each one's companion contains the others', which only a
/// box can name. A function alone sees none of this; the module marks them
/// (`#[__parad_cycle]`, taken off by `attrs::take_cycle_mark`).
fn in_cycles(items: &[syn::Item]) -> std::collections::HashSet<String> {
    let calls: std::collections::HashMap<String, std::collections::HashSet<String>> = (items.iter())
        .filter_map(|i| match i {
            syn::Item::Fn(f) => Some((f.sig.ident.to_string(), callees(&f.block))),
            _ => None,
        })
        .collect();
    // What each function reaches through calls to the others.
    let reach = |from: &String| {
        let mut seen = std::collections::HashSet::new();
        let mut todo: Vec<&String> = calls[from].iter().collect();
        while let Some(g) = todo.pop() {
            if g != from && calls.contains_key(g) && seen.insert(g.clone()) {
                todo.extend(calls[g].iter());
            }
        }
        seen
    };
    let reached: std::collections::HashMap<String, std::collections::HashSet<String>> =
        calls.keys().map(|f| (f.clone(), reach(f))).collect();
    (reached.iter()).filter(|(f, r)| r.iter().any(|g| reached[g].contains(*f))).map(|(f, _)| f.clone()).collect()
}

/// The attributes of an item the module's attribute marks.
fn markable(item: &mut syn::Item) -> Option<&mut Vec<syn::Attribute>> {
    match item {
        syn::Item::Fn(f) => {
            let s = &f.sig;
            let plain = s.unsafety.is_none() && s.constness.is_none() && s.abi.is_none() && s.asyncness.is_none();
            plain.then_some(&mut f.attrs)
        }
        syn::Item::Impl(i) if i.unsafety.is_none() => Some(&mut i.attrs),
        syn::Item::Struct(s) if derives_copy(&s.attrs) => Some(&mut s.attrs),
        syn::Item::Enum(e) if derives_copy(&e.attrs) && e.variants.iter().all(|v| v.fields.is_empty()) => {
            Some(&mut e.attrs)
        }
        syn::Item::Mod(m) if m.content.is_some() => Some(&mut m.attrs),
        syn::Item::Trait(t) if t.unsafety.is_none() && t.auto_token.is_none() => Some(&mut t.attrs),
        _ => None,
    }
}

/// Whether `#[derive(..)]` among `attrs` names `Copy`: a value type.
fn derives_copy(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().filter(|a| a.path().is_ident("derive")).any(|a| {
        let mut copy = false;
        let _ = a.parse_nested_meta(|m| {
            copy |= m.path.segments.last().is_some_and(|s| s.ident == "Copy");
            Ok(())
        });
        copy
    })
}

/// The result types of the module's functions, by name: what a function
/// marked on its own cannot see of its callees.
fn sibling_results(items: &[syn::Item]) -> std::collections::HashMap<String, syn::Type> {
    let generic = |f: &syn::ItemFn| !f.sig.generics.params.is_empty();
    items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Fn(f) if !generic(f) => match &f.sig.output {
                syn::ReturnType::Type(_, ty) if !matches!(**ty, syn::Type::ImplTrait(_)) => {
                    Some((f.sig.ident.to_string(), (**ty).clone()))
                }
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// `let x = range(..);` of a function of the module gets the function's
/// result type (`let x: f64 = range(..);`), as if the user had written it:
/// the macro needs the categories of call results, and a module shows
/// them (see `known`). Not where the function binds the callee's name
/// itself (a closure of that name).
fn annotate_results(item: &mut syn::Item, results: &std::collections::HashMap<String, syn::Type>) {
    use syn::visit_mut::VisitMut;
    struct Annotate<'a>(&'a std::collections::HashMap<String, syn::Type>, std::collections::HashSet<String>);
    impl VisitMut for Annotate<'_> {
        fn visit_local_mut(&mut self, l: &mut syn::Local) {
            syn::visit_mut::visit_local_mut(self, l);
            let Some(init) = &l.init else { return };
            let syn::Expr::Call(c) = &*init.expr else { return };
            let syn::Expr::Path(p) = &*c.func else { return };
            let Some(name) = p.path.get_ident().map(|i| i.to_string()) else { return };
            let Some(ty) = self.0.get(&name).filter(|_| !self.1.contains(&name)) else { return };
            if matches!(l.pat, syn::Pat::Ident(_) | syn::Pat::Tuple(_)) {
                let pat = l.pat.clone();
                l.pat = syn::Pat::Type(syn::PatType {
                    attrs: Vec::new(),
                    pat: Box::new(pat),
                    colon_token: Default::default(),
                    ty: Box::new(ty.clone()),
                });
            }
        }
    }
    let mut bodies: Vec<&mut syn::Block> = match item {
        syn::Item::Fn(f) => vec![&mut *f.block],
        syn::Item::Impl(i) => (i.items.iter_mut())
            .filter_map(|it| match it {
                syn::ImplItem::Fn(m) => Some(&mut m.block),
                _ => None,
            })
            .collect(),
        _ => return,
    };
    for body in bodies.iter_mut() {
        let bound = crate::syntax::bound_names(body);
        Annotate(results, bound).visit_block_mut(body);
    }
}
