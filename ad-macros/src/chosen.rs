//! Slices chosen by an `if`: `let (xp, s1, s2) = if i == 0 { .. (x.as_mut(),
//! a, b) } else { .. (c, d, e) };`, as code that walks a state buffer
//! through the borrow checker writes it. The lowerer knows each slice's
//! buffer and range when the code is written, and here they depend on the
//! branch taken. So the rest of the block moves into both branches, after
//! the `let` each branch ends in: `if i == 0 { ..; let xp = &mut x[..];
//! let s1 = a; ..; REST } else { ..; REST }`, where every slice is known
//! again. The rest is written twice; the `let` must bind names only.
//!
//! Also a tuple of tuples bound from a tuple (`let ((f, i), (o, c)) =
//! (a.split_at_mut(h), b.split_at_mut(h));`) is bound part by part.

use std::collections::HashSet;
use syn::visit_mut::{self, VisitMut};

/// Moves the rest of each block after a `let` of slices chosen by an `if`
/// into the branches.
pub fn desugar(block: &mut syn::Block) {
    Blocks.visit_block_mut(block);
}

struct Blocks;

impl VisitMut for Blocks {
    fn visit_block_mut(&mut self, b: &mut syn::Block) {
        b.stmts = std::mem::take(&mut b.stmts).into_iter().flat_map(nested_parts).collect();
        if let Some(k) = b.stmts.iter().position(chooses_slices) {
            let rest: Vec<syn::Stmt> = b.stmts.drain(k + 1..).collect();
            let syn::Stmt::Local(l) = b.stmts.pop().expect("the let") else { unreachable!() };
            let init = l.init.expect("an if");
            let syn::Expr::If(mut choice) = *init.expr else { unreachable!() };
            branch(&mut choice.then_branch, &l.pat, &rest);
            if let Some((_, els)) = &mut choice.else_branch {
                let mut blk = match &mut **els {
                    syn::Expr::Block(e) => std::mem::replace(&mut e.block, syn::parse_quote!({})),
                    e => syn::parse_quote!({ #e }),
                };
                branch(&mut blk, &l.pat, &rest);
                **els = syn::parse_quote!(#blk);
            }
            // The branches' values are the block's, where it has one.
            let tail = matches!(rest.last(), Some(syn::Stmt::Expr(_, None)));
            let e = syn::Expr::If(choice);
            b.stmts.push(syn::Stmt::Expr(e, (!tail).then(Default::default)));
        }
        visit_mut::visit_block_mut(self, b);
    }
}

/// `let ((a, b), c) = (e1, e2);` as `let (a, b) = e1; let c = e2;`.
fn nested_parts(s: syn::Stmt) -> Vec<syn::Stmt> {
    if let syn::Stmt::Local(l) = &s {
        if let (syn::Pat::Tuple(p), Some(init)) = (&l.pat, &l.init) {
            if let syn::Expr::Tuple(v) = crate::syntax::strip_parens(&init.expr) {
                let nested = p.elems.iter().any(|e| matches!(e, syn::Pat::Tuple(_)));
                if nested && init.diverge.is_none() && p.elems.len() == v.elems.len() && !reads_earlier(p, v) {
                    return p.elems.iter().zip(&v.elems).map(|(p, v)| syn::parse_quote!(let #p = #v;)).collect();
                }
            }
        }
    }
    vec![s]
}

/// `let` of names from an `if` with an `else` whose branches end in a
/// slice or a tuple holding one.
fn chooses_slices(s: &syn::Stmt) -> bool {
    let syn::Stmt::Local(l) = s else { return false };
    let Some(init) = l.init.as_ref().filter(|i| i.diverge.is_none()) else { return false };
    let syn::Expr::If(i) = &*init.expr else { return false };
    let Some((_, els)) = &i.else_branch else { return false };
    let names_only = match &l.pat {
        syn::Pat::Ident(_) => true,
        syn::Pat::Tuple(t) => t.elems.iter().all(|p| matches!(p, syn::Pat::Ident(_) | syn::Pat::Wild(_))),
        _ => false,
    };
    names_only && (ends_in_slice(&i.then_branch) || matches!(&**els, syn::Expr::Block(b) if ends_in_slice(&b.block)))
}

/// Whether a branch ends in a slice, or a tuple holding one: a reference
/// (`&mut x[..]`), `x.as_mut()`, or a name its own `split_at` bound.
fn ends_in_slice(b: &syn::Block) -> bool {
    let Some(syn::Stmt::Expr(tail, None)) = b.stmts.last() else { return false };
    let mut split = HashSet::new();
    for s in &b.stmts {
        if let syn::Stmt::Local(l) = s {
            let from_split = l.init.as_ref().is_some_and(|i| {
                matches!(&*i.expr, syn::Expr::MethodCall(m) if m.method == "split_at_mut" || m.method == "split_at")
                    || matches!(&*i.expr, syn::Expr::Reference(_))
            });
            if from_split {
                split.extend(crate::syntax::pattern_names(&l.pat));
            }
        }
    }
    let slice = |e: &syn::Expr| match crate::syntax::strip_parens(e) {
        syn::Expr::Reference(_) => true,
        syn::Expr::MethodCall(m) => m.args.is_empty() && (m.method == "as_mut" || m.method == "as_ref"),
        syn::Expr::Path(p) => p.path.get_ident().is_some_and(|id| split.contains(&id.to_string())),
        _ => false,
    };
    match crate::syntax::strip_parens(tail) {
        syn::Expr::Tuple(t) => t.elems.iter().any(slice),
        e => slice(e),
    }
}

/// A branch ending in `value`: `let pat = value;` (one `let` a name where
/// `pat` is a tuple and `value` one), then `rest`.
fn branch(b: &mut syn::Block, pat: &syn::Pat, rest: &[syn::Stmt]) {
    let Some(syn::Stmt::Expr(value, None)) = b.stmts.pop() else { return };
    match (pat, crate::syntax::strip_parens(&value)) {
        (syn::Pat::Tuple(p), syn::Expr::Tuple(v)) if p.elems.len() == v.elems.len() && !reads_earlier(p, v) => {
            for (p, v) in p.elems.iter().zip(&v.elems) {
                let v = as_slice(v);
                b.stmts.push(syn::parse_quote!(let #p = #v;));
            }
        }
        _ => b.stmts.push(syn::parse_quote!(let #pat = #value;)),
    }
    b.stmts.extend(rest.iter().cloned());
}

/// Whether an element of the tuple reads a name an earlier element of the
/// pattern binds (`let (a, b) = (b, a)`): then the `let`s one by one would
/// read the new name.
fn reads_earlier(p: &syn::PatTuple, v: &syn::ExprTuple) -> bool {
    let mut bound = HashSet::new();
    for (p, v) in p.elems.iter().zip(&v.elems) {
        let reads: HashSet<String> = crate::syntax::expr_idents(v);
        if reads.iter().any(|r| bound.contains(r)) {
            return true;
        }
        bound.extend(crate::syntax::pattern_names(p));
    }
    false
}

/// `x.as_mut()` as `&mut x[..]` (`as_ref`: `&x[..]`), the forms the lowerer reads.
fn as_slice(v: &syn::Expr) -> syn::Expr {
    match crate::syntax::strip_parens(v) {
        syn::Expr::MethodCall(m) if m.args.is_empty() && m.method == "as_mut" => {
            let r = &m.receiver;
            syn::parse_quote!(&mut #r[..])
        }
        syn::Expr::MethodCall(m) if m.args.is_empty() && m.method == "as_ref" => {
            let r = &m.receiver;
            syn::parse_quote!(&#r[..])
        }
        _ => v.clone(),
    }
}
