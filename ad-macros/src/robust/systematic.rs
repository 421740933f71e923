//! The variants every function gets, each once: as written, other activity
//! lists (too short, too long, every parameter `Const`, `Duplicated`,
//! `Active` or `Dual`, the other mode), other parameter types, one
//! statement removed; with `exhaustive`, also every pair of adjacent
//! statements swapped and every statement duplicated.

use super::family;
use crate::expand::Attr;
use proc_macro2::TokenStream;
use quote::quote;
use syn::visit_mut::VisitMut;

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

/// What to do to the `target`-th statement (counted depth first over every
/// block of the body).
#[derive(Clone, Copy)]
pub enum Edit {
    Remove,
    /// Swapped with the next statement of its block, if there is one.
    SwapNext,
    Duplicate,
}

/// Applies an `Edit` to the `target`-th statement, if there is one.
pub struct AtStatement {
    pub target: usize,
    pub seen: usize,
    pub edit: Edit,
    pub applied: bool,
}

impl VisitMut for AtStatement {
    fn visit_block_mut(&mut self, b: &mut syn::Block) {
        let mut k = 0;
        while k < b.stmts.len() {
            if self.seen == self.target {
                self.seen += 1;
                match self.edit {
                    Edit::Remove => {
                        b.stmts.remove(k);
                        self.applied = true;
                        continue;
                    }
                    Edit::SwapNext if k + 1 < b.stmts.len() => {
                        b.stmts.swap(k, k + 1);
                        self.applied = true;
                    }
                    Edit::SwapNext => {}
                    Edit::Duplicate => {
                        let s = b.stmts[k].clone();
                        b.stmts.insert(k, s);
                        self.applied = true;
                        // The copy is not counted again.
                        k += 1;
                    }
                }
            } else {
                self.seen += 1;
            }
            self.visit_stmt_mut(&mut b.stmts[k]);
            k += 1;
        }
    }
}

pub fn statement_count(f: &syn::ItemFn) -> usize {
    let mut r = AtStatement { target: usize::MAX, seen: 0, edit: Edit::Remove, applied: false };
    let mut b = (*f.block).clone();
    r.visit_block_mut(&mut b);
    r.seen
}

/// `f` with `edit` applied to its `target`-th statement, if it applies
/// (a tail expression moved up gets a semicolon, see `fix_tails`).
pub fn edited(f: &syn::ItemFn, target: usize, edit: Edit) -> Option<syn::ItemFn> {
    let mut g = f.clone();
    let mut a = AtStatement { target, seen: 0, edit, applied: false };
    a.visit_block_mut(&mut g.block);
    if !matches!(edit, Edit::Remove) {
        fix_tails(&mut g);
    }
    a.applied.then_some(g)
}

/// Gives a semicolon to every expression statement without one that is not
/// the last of its block and needs one (`s` moved above a loop would not
/// parse: the function would not reach the macro as a function).
pub fn fix_tails(f: &mut syn::ItemFn) {
    struct Fix;
    impl VisitMut for Fix {
        fn visit_block_mut(&mut self, b: &mut syn::Block) {
            let n = b.stmts.len();
            for (k, s) in b.stmts.iter_mut().enumerate() {
                if let syn::Stmt::Expr(e, semi @ None) = s {
                    let block_like = matches!(
                        e,
                        syn::Expr::If(_)
                            | syn::Expr::Match(_)
                            | syn::Expr::ForLoop(_)
                            | syn::Expr::While(_)
                            | syn::Expr::Loop(_)
                            | syn::Expr::Block(_)
                            | syn::Expr::Unsafe(_)
                            | syn::Expr::TryBlock(_)
                            | syn::Expr::Const(_)
                    );
                    if k + 1 < n && !block_like {
                        *semi = Some(Default::default());
                    }
                }
            }
            syn::visit_mut::visit_block_mut(self, b);
        }
    }
    Fix.visit_block_mut(&mut f.block);
}

/// The variants of `f` to expand, as (kind, what, function).
pub fn variants(f: &syn::ItemFn, exhaustive: bool) -> Vec<(&'static str, String, syn::ItemFn)> {
    let mut out: Vec<(&'static str, String, syn::ItemFn)> = vec![("as written", "as written".into(), f.clone())];
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
            out.push(("activity list", what, g));
        }
    }
    let statements = statement_count(f);
    for target in 0..statements {
        if let Some(g) = edited(f, target, Edit::Remove) {
            out.push(("statement removed", format!("statement {target} removed"), g));
        }
    }
    if exhaustive {
        for target in 0..statements {
            if let Some(g) = edited(f, target, Edit::SwapNext) {
                out.push(("statements swapped", format!("statement {target} swapped with the next"), g));
            }
            if let Some(g) = edited(f, target, Edit::Duplicate) {
                out.push(("statement duplicated", format!("statement {target} duplicated"), g));
            }
        }
    }
    for (k, arg) in f.sig.inputs.iter().enumerate() {
        let syn::FnArg::Typed(pt) = arg else { continue };
        for ty in other_types(&pt.ty) {
            let mut g = f.clone();
            if let syn::FnArg::Typed(pt) = &mut g.sig.inputs[k] {
                *pt.ty = ty.clone();
            }
            out.push(("parameter type", format!("parameter {k} of type {}", quote!(#ty)), g));
        }
    }
    out
}
