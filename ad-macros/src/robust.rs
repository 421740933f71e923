//! The macro never panics and always emits Rust that parses: every
//! function of the repository's tests, examples, benches and snapshot
//! inputs that carries an attribute of the family is expanded as written
//! and in variants that a user could write by mistake or on purpose: other
//! activity lists (too short, too long, every parameter `Const`,
//! `Duplicated`, `Active` or `Dual`, the other mode), other parameter
//! types, and bodies with one statement removed. Each expansion runs under
//! `catch_unwind`; a panic or output that is not a list of items fails the
//! test, naming the function and the variant.

use crate::codegen::{self, Attr};
use crate::parse::Mode;
use proc_macro2::TokenStream;
use quote::quote;
use std::path::{Path, PathBuf};
use syn::visit_mut::VisitMut;

/// The `.rs` files under the given directories of the workspace (not the
/// snapshots' expansions).
fn sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = ["tests", "examples", "benches", "mpi-tests", "gradbench", "ad-macros/expand"].iter().map(|d| root.join(d)).collect();
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") && !p.to_string_lossy().ends_with(".expanded.rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn family(a: &syn::Attribute) -> Option<Attr> {
    let n = a.path().segments.last()?.ident.to_string();
    Some(match n.as_str() {
        "autodiff" => Attr::Autodiff(None),
        "autodiff_reverse" => Attr::Autodiff(Some(Mode::Reverse)),
        "autodiff_forward" => Attr::Autodiff(Some(Mode::Forward)),
        "derivative" => Attr::Derivative,
        "kernel" => Attr::Kernel,
        _ => return None,
    })
}

/// Every function with an attribute of the family, in modules and `impl`
/// blocks too (a method as the free function the attribute sees).
fn functions(items: &[syn::Item], out: &mut Vec<syn::ItemFn>) {
    for item in items {
        match item {
            syn::Item::Fn(f) if f.attrs.iter().any(|a| family(a).is_some()) => out.push(f.clone()),
            syn::Item::Mod(m) => {
                if let Some((_, items)) = &m.content {
                    functions(items, out);
                }
            }
            syn::Item::Impl(i) => {
                for it in &i.items {
                    if let syn::ImplItem::Fn(m) = it {
                        if m.attrs.iter().any(|a| family(a).is_some()) {
                            out.push(syn::ItemFn { attrs: m.attrs.clone(), vis: m.vis.clone(), sig: m.sig.clone(), block: Box::new(m.block.clone()) });
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// Expands `f` as the first attribute of the family on it would.
fn expand(f: &syn::ItemFn) -> Result<(), String> {
    let mut f = f.clone();
    let Some(pos) = f.attrs.iter().position(|a| family(a).is_some()) else { return Ok(()) };
    let a = f.attrs.remove(pos);
    let kind = family(&a).unwrap();
    let args = match &a.meta {
        syn::Meta::List(l) => l.tokens.clone(),
        _ => TokenStream::new(),
    };
    let item = quote!(#f);
    match std::panic::catch_unwind(move || codegen::expand(kind, args, item)) {
        Err(payload) => Err(payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into())),
        Ok(out) => syn::parse2::<syn::File>(out).map(|_| ()).map_err(|e| format!("the expansion does not parse: {e}")),
    }
}

/// The activity lists to try in place of an `#[autodiff(...)]`'s: its
/// mode and name kept, the activities replaced.
fn activity_variants(f: &syn::ItemFn, args: &TokenStream) -> Vec<(String, TokenStream)> {
    let parts: Vec<String> = args.to_string().split(',').map(|s| s.trim().to_string()).collect();
    let (head, acts): (Vec<String>, Vec<String>) = match parts.first().map(String::as_str) {
        Some("reverse" | "forward") if parts.len() >= 2 => (parts[..2].to_vec(), parts[2..].to_vec()),
        _ => return Vec::new(),
    };
    let n = f.sig.inputs.len() + usize::from(!matches!(f.sig.output, syn::ReturnType::Default));
    let mut lists: Vec<(String, Vec<String>)> = Vec::new();
    for a in ["Const", "Duplicated", "Active", "Dual"] {
        lists.push((format!("every activity {a}"), vec![a.to_string(); n]));
    }
    if !acts.is_empty() {
        lists.push(("one activity fewer".into(), acts[..acts.len() - 1].to_vec()));
    }
    let mut longer = acts.clone();
    longer.push("Const".into());
    lists.push(("one activity more".into(), longer));
    let mut out = Vec::new();
    for (what, list) in lists {
        let text = head.iter().chain(&list).cloned().collect::<Vec<_>>().join(", ");
        out.push((what, text.parse().unwrap()));
    }
    let other = if head[0] == "reverse" { "forward" } else { "reverse" };
    let text = [other.to_string(), head[1].clone()].iter().chain(&acts).cloned().collect::<Vec<_>>().join(", ");
    out.push(("the other mode".into(), text.parse().unwrap()));
    out
}

/// Types a parameter might have instead of `ty`: the other float, the
/// other reference, a vector by value.
fn other_types(ty: &syn::Type) -> Vec<syn::Type> {
    let text = quote!(#ty).to_string();
    let mut out: Vec<String> = Vec::new();
    if text.contains("f64") {
        out.push(text.replace("f64", "f32"));
    }
    if let Some(rest) = text.strip_prefix("& mut ") {
        out.push(format!("& {rest}"));
    } else if let Some(rest) = text.strip_prefix("& ") {
        out.push(format!("& mut {rest}"));
        if rest.starts_with('[') {
            out.push(format!("Vec < {} >", rest.trim_start_matches('[').trim_end_matches(']').trim()));
        }
    } else if text == "usize" {
        out.push("f64".into());
    }
    out.into_iter().filter_map(|t| syn::parse_str(&t).ok()).collect()
}

/// Removes the `target`-th statement (counted depth first over every
/// block of the body), if there is one.
struct Remove {
    target: usize,
    seen: usize,
}

impl VisitMut for Remove {
    fn visit_block_mut(&mut self, b: &mut syn::Block) {
        let mut k = 0;
        while k < b.stmts.len() {
            if self.seen == self.target {
                self.seen += 1;
                b.stmts.remove(k);
                continue;
            }
            self.seen += 1;
            self.visit_stmt_mut(&mut b.stmts[k]);
            k += 1;
        }
    }
}

fn statement_count(f: &syn::ItemFn) -> usize {
    let mut r = Remove { target: usize::MAX, seen: 0 };
    let mut b = (*f.block).clone();
    r.visit_block_mut(&mut b);
    r.seen
}

/// The variants of `f` to expand: as written, other activity lists, and
/// one statement removed.
fn variants(f: &syn::ItemFn) -> Vec<(String, syn::ItemFn)> {
    let mut out: Vec<(String, syn::ItemFn)> = vec![("as written".into(), f.clone())];
    for (k, a) in f.attrs.iter().enumerate() {
        let syn::Meta::List(l) = &a.meta else { continue };
        if !matches!(family(a), Some(Attr::Autodiff(None))) {
            continue;
        }
        for (what, args) in activity_variants(f, &l.tokens) {
            let mut g = f.clone();
            if let syn::Meta::List(m) = &mut g.attrs[k].meta {
                m.tokens = args;
            }
            out.push((what, g));
        }
    }
    for target in 0..statement_count(f) {
        let mut g = f.clone();
        Remove { target, seen: 0 }.visit_block_mut(&mut g.block);
        out.push((format!("statement {target} removed"), g));
    }
    for (k, arg) in f.sig.inputs.iter().enumerate() {
        let syn::FnArg::Typed(pt) = arg else { continue };
        for ty in other_types(&pt.ty) {
            let mut g = f.clone();
            if let syn::FnArg::Typed(pt) = &mut g.sig.inputs[k] {
                *pt.ty = ty.clone();
            }
            out.push((format!("parameter {k} of type {}", quote!(#ty)), g));
        }
    }
    out
}

/// Expands the variants of every `threads`-th function from the `part`-th
/// on (syntax trees cannot cross threads, so each thread parses the
/// sources itself): the number of functions and of expansions, and the
/// failures.
fn run_part(part: usize, threads: usize) -> (usize, usize, Vec<String>) {
    let mut fns = Vec::new();
    for path in sources() {
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let Ok(file) = syn::parse_file(&text) else { continue };
        functions(&file.items, &mut fns);
    }
    let (mut runs, mut failures) = (0, Vec::new());
    for f in fns.iter().skip(part).step_by(threads) {
        for (what, g) in variants(f) {
            runs += 1;
            if let Err(e) = expand(&g) {
                failures.push(format!("{} ({what}): {e}", f.sig.ident));
            }
        }
    }
    (fns.len(), runs, failures)
}

#[test]
fn the_macro_never_panics() {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let parts: Vec<(usize, usize, Vec<String>)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads).map(|t| s.spawn(move || run_part(t, threads))).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    std::panic::set_hook(hook);
    let fns = parts[0].0;
    let runs: usize = parts.iter().map(|p| p.1).sum();
    let failures: Vec<String> = parts.into_iter().flat_map(|p| p.2).collect();
    eprintln!("robust: {fns} functions, {runs} expansions");
    assert!(fns >= 300, "expected the repository's functions, found {fns}");
    assert!(failures.is_empty(), "{} of {runs} expansions failed:\n{}", failures.len(), failures.join("\n"));
}
