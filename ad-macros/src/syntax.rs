//! Facts about Rust syntax that several stages need: small helpers on
//! `syn` trees and the names of std items the macro recognises.

/// `e` without the parentheses (and invisible groups) around it.
pub fn strip_parens(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Paren(p) => strip_parens(&p.expr),
        syn::Expr::Group(g) => strip_parens(&g.expr),
        _ => e,
    }
}

/// `name!`, or the same macro by its path in std (`::std::vec!`, which
/// generated code writes).
pub fn is_std_macro(path: &syn::Path, name: &str) -> bool {
    let segs: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    match segs.as_slice() {
        [only] => only == name,
        [krate, last] => matches!(krate.as_str(), "std" | "alloc") && last == name,
        _ => false,
    }
}

/// The float tests that return a `bool` (`x.is_nan()`): constant, never
/// differentiated.
pub const FLOAT_TESTS: &[&str] =
    &["is_nan", "is_finite", "is_infinite", "is_sign_positive", "is_sign_negative", "is_normal", "is_subnormal"];

/// The lints allowed on every generated function: generated code declares
/// what a path may not use (the `unused` group: variables, assignments,
/// `mut`, parentheses, functions no caller nests), and names shadows after
/// the user's names.
pub fn allow_generated() -> proc_macro2::TokenStream {
    quote::quote!(#[allow(unused, non_snake_case, clippy::all)])
}

/// `tokens` located at `span` (each keeping its own name resolution): an
/// argument generated for a call whose type rustc may reject, reported at
/// the user's call.
pub fn respan(tokens: proc_macro2::TokenStream, span: proc_macro2::Span) -> proc_macro2::TokenStream {
    use proc_macro2::TokenTree;
    tokens
        .into_iter()
        .map(|mut t| {
            if let TokenTree::Group(g) = &t {
                let mut inner = proc_macro2::Group::new(g.delimiter(), respan(g.stream(), span));
                inner.set_span(g.span().located_at(span));
                t = TokenTree::Group(inner);
            } else {
                t.set_span(t.span().located_at(span));
            }
            t
        })
        .collect()
}

/// The type a path names (`V3` of the literal `V3 { .. }`).
pub fn path_type(path: &syn::Path) -> syn::Type {
    syn::Type::Path(syn::TypePath { qself: None, path: path.clone() })
}

/// Every name a pattern in `block` binds (`let`, `for`, closure and
/// `match` patterns).
pub fn bound_names(block: &syn::Block) -> std::collections::HashSet<String> {
    struct Names(std::collections::HashSet<String>);
    impl<'a> syn::visit::Visit<'a> for Names {
        fn visit_pat_ident(&mut self, p: &'a syn::PatIdent) {
            self.0.insert(p.ident.to_string());
            syn::visit::visit_pat_ident(self, p);
        }
    }
    let mut names = Names(std::collections::HashSet::new());
    syn::visit::Visit::visit_block(&mut names, block);
    names.0
}

/// The `X` of a signature returning `Option<X>`.
pub fn option_result(sig: &syn::Signature) -> Option<&syn::Type> {
    let syn::ReturnType::Type(_, ty) = &sig.output else { return None };
    let syn::Type::Path(p) = &**ty else { return None };
    let seg = p.path.segments.last().filter(|s| s.ident == "Option" && p.qself.is_none())?;
    match &seg.arguments {
        syn::PathArguments::AngleBracketed(a) if a.args.len() == 1 => match &a.args[0] {
            syn::GenericArgument::Type(t) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

/// The names of a signature's parameters bound by name.
pub fn param_names(sig: &syn::Signature) -> impl Iterator<Item = String> + '_ {
    sig.inputs.iter().filter_map(|a| match a {
        syn::FnArg::Typed(pt) => match &*pt.pat {
            syn::Pat::Ident(pi) => Some(pi.ident.to_string()),
            _ => None,
        },
        syn::FnArg::Receiver(_) => None,
    })
}

/// The names a pattern binds.
pub fn pattern_names(pat: &syn::Pat) -> Vec<String> {
    struct Names(Vec<String>);
    impl<'a> syn::visit::Visit<'a> for Names {
        fn visit_pat_ident(&mut self, p: &'a syn::PatIdent) {
            self.0.push(p.ident.to_string());
            syn::visit::visit_pat_ident(self, p);
        }
    }
    let mut names = Names(Vec::new());
    syn::visit::Visit::visit_pat(&mut names, pat);
    names.0
}

/// Every identifier an expression names.
pub fn expr_idents(e: &syn::Expr) -> std::collections::HashSet<String> {
    struct Idents(std::collections::HashSet<String>);
    impl<'a> syn::visit::Visit<'a> for Idents {
        fn visit_ident(&mut self, id: &'a proc_macro2::Ident) {
            self.0.insert(id.to_string());
        }
    }
    let mut ids = Idents(Default::default());
    syn::visit::Visit::visit_expr(&mut ids, e);
    ids.0
}

/// `f(..)` where `f` may be a helper returning `Option` or an array: a call of a path
/// in snake case that is not of the standard library, a number type or a
/// kernel's launcher.
pub fn helper_call(e: &syn::Expr) -> Option<&syn::ExprCall> {
    let syn::Expr::Call(c) = strip_parens(e) else { return None };
    let syn::Expr::Path(p) = &*c.func else { return None };
    let segs = &p.path.segments;
    let snake = |s: &syn::PathSegment| !s.ident.to_string().starts_with(|c: char| c.is_ascii_uppercase());
    let foreign = [
        "std", "core", "alloc", "parad", "f32", "f64", "usize", "isize", "u8", "u16", "u32", "u64", "u128", "i8",
        "i16", "i32", "i64", "i128", "char", "str", "bool",
    ];
    // The launchers of `#[kernel]` modules return a `Result`.
    let not_option = ["no_grad", "launch", "launch_cpu"];
    let ok = p.qself.is_none()
        && segs.iter().all(snake)
        && !segs.first().is_some_and(|s| foreign.contains(&s.ident.to_string().as_str()))
        && !segs.last().is_some_and(|s| not_option.contains(&s.ident.to_string().as_str()));
    ok.then_some(c)
}

/// A hidden twin of `func` named `name`, with one more parameter of type
/// `ty` named `param` (`__parad_param` where the function uses that name),
/// and the names the function uses.
pub fn twin_of(
    func: &syn::ItemFn,
    name: syn::Ident,
    param: &str,
    ty: syn::Type,
) -> (syn::ItemFn, syn::Ident, std::collections::HashSet<String>) {
    let mut taken = bound_names(&func.block);
    taken.extend(param_names(&func.sig));
    let text = match taken.contains(param) {
        false => param.to_string(),
        true => format!("__parad_{param}"),
    };
    let ident = syn::Ident::new(&text, func.sig.ident.span());
    let mut t = func.clone();
    let allow = allow_generated();
    t.attrs = vec![syn::parse_quote!(#[doc(hidden)]), syn::parse_quote!(#allow)];
    t.sig.ident = name;
    t.sig.inputs.push(syn::parse_quote!(#ident: #ty));
    (t, ident, taken)
}
