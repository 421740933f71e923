//! Random mutants of a function: one to three mutation operators applied
//! at random sites, drawn from the function's own generator (see
//! `Rng::for_mutant`). A mutant that no longer prints as a function is
//! drawn again (up to four times), so that most expansions see a function
//! and reach the macro's analyses; the last one is expanded anyway.

use super::rng::Rng;
use super::sites;
use super::{ops_expr, ops_flow, ops_sig, ops_stmt};
use proc_macro2::TokenStream;
use quote::quote;
use syn::{Expr, ItemFn};

/// A mutation operator: its name (the kind counted and reported) and what
/// it does; false when the function has no site for it.
pub struct Op {
    pub name: &'static str,
    pub apply: fn(&mut ItemFn, &mut Rng, &Ctx) -> bool,
}

/// Every operator.
pub fn all_ops() -> Vec<&'static Op> {
    ops_stmt::OPS.iter().chain(ops_expr::OPS).chain(ops_flow::OPS).chain(ops_sig::OPS).collect()
}

/// What the operators draw from: the function's own expressions and names.
pub struct Ctx {
    pub pool: Vec<Expr>,
    pub names: Vec<syn::Ident>,
    pub name: syn::Ident,
    pub arity: usize,
}

impl Ctx {
    pub fn new(f: &ItemFn) -> Ctx {
        Ctx {
            pool: sites::all_exprs(f, 400),
            names: sites::bound_names(f),
            name: f.sig.ident.clone(),
            arity: f.sig.inputs.len(),
        }
    }

    /// One of the function's expressions, `or` if it has none.
    pub fn pick_or(&self, r: &mut Rng, or: &Expr) -> Expr {
        if self.pool.is_empty() {
            or.clone()
        } else {
            r.pick(&self.pool).clone()
        }
    }
}

pub fn expr(ts: TokenStream) -> Option<Expr> {
    syn::parse2(ts).ok()
}

/// An expression of the operators' own tables (which all parse).
pub fn parse_expr(text: &str) -> Expr {
    syn::parse_str(text).unwrap_or_else(|e| panic!("robust: `{text}` does not parse: {e}"))
}

/// `0`: what an operator puts where the expression it built does not parse.
pub fn zero() -> Expr {
    parse_expr("0")
}

/// `e`, in parentheses unless it binds tighter than any operator.
pub fn paren(e: &Expr) -> Expr {
    match e {
        Expr::Lit(_)
        | Expr::Path(_)
        | Expr::Call(_)
        | Expr::MethodCall(_)
        | Expr::Paren(_)
        | Expr::Field(_)
        | Expr::Index(_)
        | Expr::Macro(_)
        | Expr::Array(_)
        | Expr::Tuple(_) => e.clone(),
        _ => Expr::Paren(syn::ExprParen { attrs: vec![], paren_token: Default::default(), expr: Box::new(e.clone()) }),
    }
}

/// A mutant of `f`: the names of the operators applied and the function,
/// and whether it still prints as a function; `None` when no operator
/// found a site.
pub fn mutant(f: &ItemFn, ctx: &Ctx, ops: &[&Op], rng: &mut Rng) -> Option<(Vec<&'static str>, ItemFn, bool)> {
    let mut last = None;
    for _ in 0..4 {
        let want = match rng.below(100) {
            0..=59 => 1,
            60..=84 => 2,
            _ => 3,
        };
        let mut g = f.clone();
        let mut names = Vec::new();
        for _ in 0..want * 8 {
            if names.len() == want {
                break;
            }
            let op = *rng.pick(ops);
            if (op.apply)(&mut g, rng, ctx) {
                names.push(op.name);
            }
        }
        if names.is_empty() {
            continue;
        }
        super::systematic::fix_tails(&mut g);
        if syn::parse2::<ItemFn>(quote!(#g)).is_ok() {
            return Some((names, g, true));
        }
        last = Some((names, g, false));
    }
    last
}
