//! Code generation: the original function, its companions, and the
//! derivative functions the attributes ask for.

pub mod emit;
pub mod names;
pub mod reverse;
pub mod rules;
pub mod tangent;
pub mod wrappers;

use crate::analysis::{activity, plan, prepare, types};
use crate::diag::Diag;
use crate::lower::lower_fn;
use crate::parse::{self, Mode, Request, Rules};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::spanned::Spanned;

/// Which attribute of the family invoked the macro.
#[derive(Clone, Copy)]
pub enum Attr {
    Autodiff(Option<Mode>),
    Derivative,
}

fn attr_kind(a: &syn::Attribute) -> Option<Attr> {
    let last = a.path().segments.last()?.ident.to_string();
    match last.as_str() {
        "autodiff" => Some(Attr::Autodiff(None)),
        "autodiff_reverse" => Some(Attr::Autodiff(Some(Mode::Reverse))),
        "autodiff_forward" => Some(Attr::Autodiff(Some(Mode::Forward))),
        "derivative" => Some(Attr::Derivative),
        _ => None,
    }
}

fn attr_args(a: &syn::Attribute) -> TokenStream {
    match &a.meta {
        syn::Meta::List(l) => l.tokens.clone(),
        _ => TokenStream::new(),
    }
}

/// Removes `#[checkpoint(...)]` from statements of the body: the attribute
/// is consumed by the macro, so the emitted code compiles on stable.
fn strip_inner_attrs(func: &mut syn::ItemFn) {
    struct S;
    impl syn::visit_mut::VisitMut for S {
        fn visit_expr_for_loop_mut(&mut self, e: &mut syn::ExprForLoop) {
            e.attrs.retain(|a| !a.path().is_ident("checkpoint"));
            syn::visit_mut::visit_expr_for_loop_mut(self, e);
        }
        fn visit_expr_while_mut(&mut self, e: &mut syn::ExprWhile) {
            e.attrs.retain(|a| !a.path().is_ident("checkpoint"));
            syn::visit_mut::visit_expr_while_mut(self, e);
        }
        fn visit_expr_loop_mut(&mut self, e: &mut syn::ExprLoop) {
            e.attrs.retain(|a| !a.path().is_ident("checkpoint"));
            syn::visit_mut::visit_expr_loop_mut(self, e);
        }
    }
    syn::visit_mut::VisitMut::visit_item_fn_mut(&mut S, func);
}

pub fn expand(first: Attr, args: TokenStream, item: TokenStream) -> TokenStream {
    let mut func: syn::ItemFn = match syn::parse2(item.clone()) {
        Ok(f) => f,
        Err(_) => return not_a_function(item),
    };
    let diag = Diag::default();
    // Gather every attribute of the family on this function: the first one
    // to run handles them all.
    let mut requests = Vec::new();
    let mut rules: Option<Rules> = None;
    let mut handle = |kind: Attr, args: TokenStream, span: Span, diag: &Diag| match kind {
        Attr::Autodiff(mode) => match parse::parse_request(args, mode, span) {
            Ok(r) => requests.push(r),
            Err(e) => diag.push(e),
        },
        Attr::Derivative => match parse::parse_rules(args, span) {
            Ok(r) => rules = Some(r),
            Err(e) => diag.push(e),
        },
    };
    handle(first, args, func.sig.ident.span(), &diag);
    let attrs = std::mem::take(&mut func.attrs);
    for a in attrs {
        match attr_kind(&a) {
            Some(kind) => handle(kind, attr_args(&a), a.span(), &diag),
            None => func.attrs.push(a),
        }
    }
    strip_inner_attrs(&mut func);
    for r in &requests {
        if let Request::Derivative(spec) = r {
            if spec.name == func.sig.ident {
                diag.error(spec.name.span(), "the derivative needs a name of its own, different from the function's");
            }
        }
    }
    let sig = parse::signature(&func, &diag);
    let mut out = quote!(#func);
    if diag.has_errors() {
        return finish(out, diag);
    }
    let specs: Vec<&parse::DiffSpec> = requests
        .iter()
        .filter_map(|r| match r {
            Request::Derivative(spec) => Some(spec),
            Request::Companions => None,
        })
        .collect();
    // Each derivative calls a companion specialised to its activities when
    // they differ from the all-active ones other functions call.
    let mut specialised = Vec::new();
    let companions = match &rules {
        Some(r) => rules::companions(&func, &sig, r),
        None => differentiate(&func, &sig, &specs, &mut specialised, &diag),
    };
    if diag.has_errors() {
        return finish(out, diag);
    }
    out.extend(companions);
    for (k, spec) in specs.iter().enumerate() {
        let companion = specialised.get(k).cloned().flatten();
        out.extend(match spec.mode {
            Mode::Reverse => wrappers::reverse(&func, &sig, spec, companion, &diag),
            Mode::Forward => wrappers::forward(&func, &sig, spec, companion, &diag),
        });
    }
    finish(out, diag)
}

/// Which parameters a derivative treats as active.
fn activity_mask(sig: &parse::Signature, spec: &parse::DiffSpec) -> Vec<bool> {
    sig.params
        .iter()
        .enumerate()
        .map(|(i, _)| spec.acts.get(i).is_some_and(|(a, _)| *a != parse::Activity::Const))
        .collect()
}

fn differentiate(
    func: &syn::ItemFn,
    sig: &parse::Signature,
    specs: &[&parse::DiffSpec],
    specialised: &mut Vec<Option<syn::Ident>>,
    diag: &Diag,
) -> TokenStream {
    let mut f = lower_fn(func, sig, diag);
    if diag.has_errors() {
        return quote!();
    }
    let prepared = prepare::prepare(&mut f);
    let t = types::infer(&f, diag);
    if diag.has_errors() {
        return quote!();
    }
    let written = prepare::written_vars(&f);
    let recursive = calls_itself(&f, &func.sig.ident);
    let all = vec![true; sig.params.len()];
    let generate = |mask: &[bool], mode: Option<Mode>, name: Option<&syn::Ident>| -> TokenStream {
        let act = activity::analyse(&f, &t, mask);
        let p = plan::build(&f, &t, &act, prepared.clone(), written.clone());
        let mut out = TokenStream::new();
        if mode != Some(Mode::Forward) {
            let mut rev = reverse::RevGen::new(&f, &t, &act, &p, sig);
            out.extend(rev.companion(func, recursive, name));
        }
        if mode != Some(Mode::Reverse) {
            out.extend(tangent::TanGen::new(&f, &t, &act, &p, sig).companion(func, name));
        }
        out
    };
    let mut out = generate(&all, None, None);
    for spec in specs {
        let mask = activity_mask(sig, spec);
        if mask == all || spec.acts.len() < sig.params.len() {
            specialised.push(None);
            continue;
        }
        let name = quote::format_ident!("{}_for_{}", func.sig.ident, spec.name);
        out.extend(generate(&mask, Some(spec.mode), Some(&name)));
        specialised.push(Some(name));
    }
    out
}

fn calls_itself(f: &crate::ir::Function, name: &syn::Ident) -> bool {
    let mut found = false;
    crate::ir::walk_stmts(&f.body, &mut |s| match &s.kind {
        crate::ir::StmtKind::Call { call, .. } | crate::ir::StmtKind::Let { init: crate::ir::Init::Call(call), .. } => {
            found |= call.path.is_ident(name);
        }
        _ => {}
    });
    found
}

fn finish(out: TokenStream, diag: Diag) -> TokenStream {
    match diag.finish() {
        Ok(()) => out,
        Err(e) => crate::diag::with_errors(out, e),
    }
}

fn not_a_function(item: TokenStream) -> TokenStream {
    let span = match syn::parse2::<syn::Item>(item.clone()) {
        Ok(i) => match &i {
            syn::Item::Struct(s) => s.struct_token.span(),
            syn::Item::Const(c) => c.const_token.span(),
            syn::Item::Impl(i) => i.impl_token.span(),
            syn::Item::Enum(e) => e.enum_token.span(),
            syn::Item::Static(s) => s.static_token.span(),
            syn::Item::Trait(t) => t.trait_token.span(),
            other => other.span(),
        },
        Err(_) => {
            // A function signature without a body (a trait method declaration).
            match syn::parse2::<syn::TraitItemFn>(item.clone()) {
                Ok(t) => {
                    let e = syn::Error::new(
                        t.sig.ident.span(),
                        "`#[autodiff]` needs a function with a body; a trait method declaration has none",
                    );
                    return crate::diag::with_errors(item, e);
                }
                Err(_) => Span::call_site(),
            }
        }
    };
    let e = syn::Error::new(span, "`#[autodiff]` applies to functions (`fn`), not to this item");
    crate::diag::with_errors(item, e)
}
