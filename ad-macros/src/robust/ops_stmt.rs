//! Mutation operators on the statements of a body: swapped, duplicated,
//! removed, moved, copied into another block, new ones inserted, wrapped
//! in a block, a branch or a loop, loops and branches replaced by their
//! body, `let`s changed, the tail expression turned into a statement and
//! back.

use super::mutate::{paren, Ctx, Op};
use super::rng::Rng;
use super::sites::{at_block, block_count, random_stmt};
use proc_macro2::TokenStream;
use quote::quote;
use syn::{Expr, ItemFn, Stmt};

pub const OPS: &[Op] = &[
    Op { name: "statements swapped", apply: swapped },
    Op { name: "statement duplicated", apply: duplicated },
    Op { name: "statement removed", apply: removed },
    Op { name: "statement moved", apply: moved },
    Op { name: "statement copied elsewhere", apply: copied },
    Op { name: "statement inserted", apply: inserted },
    Op { name: "statement wrapped", apply: wrapped },
    Op { name: "block inlined", apply: inlined },
    Op { name: "let changed", apply: let_changed },
    Op { name: "tail changed", apply: tail_changed },
];

fn all(_: &Stmt) -> bool {
    true
}

/// Statements parsed from tokens (the operators' templates).
fn stmts(ts: TokenStream) -> Option<Vec<Stmt>> {
    syn::parse::Parser::parse2(syn::Block::parse_within, ts).ok()
}

fn swapped(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    let mut ok = false;
    random_stmt(f, rng, &all, &mut |s, k| {
        if k + 1 < s.len() {
            s.swap(k, k + 1);
            ok = true;
        }
    }) && ok
}

fn duplicated(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    random_stmt(f, rng, &all, &mut |s, k| {
        let copy = s[k].clone();
        s.insert(k, copy);
    })
}

fn removed(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    random_stmt(f, rng, &all, &mut |s, k| {
        s.remove(k);
    })
}

fn moved(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    let mut r = rng.fork();
    random_stmt(f, rng, &all, &mut |s, k| {
        let st = s.remove(k);
        let to = r.below(s.len() + 1);
        s.insert(to, st);
    })
}

/// A statement of the function copied into a random block (at a random
/// place); a `let` so copied shadows or declares a name out of its scope.
fn copied(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    let mut taken = None;
    random_stmt(f, rng, &all, &mut |s, k| taken = Some(s[k].clone()));
    let Some(st) = taken else { return false };
    let b = rng.below(block_count(f));
    let mut r = rng.fork();
    at_block(f, b, &mut |block| {
        let to = r.below(block.stmts.len() + 1);
        block.stmts.insert(to, st.clone());
    });
    true
}

fn inserted(f: &mut ItemFn, rng: &mut Rng, ctx: &Ctx) -> bool {
    let value = paren(&ctx.pick_or(rng, &syn::parse_quote!(1.0)));
    let name = match ctx.names.is_empty() {
        true => quote!(x),
        false => {
            let n = rng.pick(&ctx.names);
            quote!(#n)
        }
    };
    let own = &ctx.name;
    let new = match rng.below(24) {
        0 => quote!(return;),
        1 => quote!(return #value;),
        2 => quote!(break;),
        3 => quote!(continue;),
        4 => quote!(panic!("never");),
        5 => quote!(let _ = #value;),
        6 => quote!(loop {
            break;
        }),
        7 => quote!(while false {}),
        8 => quote!(#name = #value;),
        9 => quote!(#name[0] = #value;),
        10 => quote!(#name += #value;),
        11 => quote!({}),
        12 => quote!(;),
        13 => quote!(
            fn inner(a: f64) -> f64 {
                a * 2.0
            }
        ),
        14 => quote!(
            use std::f64::consts::PI;
        ),
        15 => quote!(
            const K: f64 = 1.0;
        ),
        16 => quote!(let c = |a: f64| a * #value;),
        17 => quote!(std::mem::swap(&mut #name, &mut #name);),
        18 => quote!(drop(#name);),
        19 => quote!(let #name = #value;),
        20 => quote!(let mut #name = #value;),
        21 => quote!(#own(#value);),
        22 => quote!(for _ in 0..2 { #name = #value; }),
        _ => quote!(#value;),
    };
    let Some(new) = stmts(new) else { return false };
    let b = rng.below(block_count(f));
    let mut r = rng.fork();
    at_block(f, b, &mut |block| {
        let to = r.below(block.stmts.len() + 1);
        for (i, s) in new.iter().enumerate() {
            block.stmts.insert(to + i, s.clone());
        }
    });
    true
}

/// The statement as the statement of a block (a tail expression gets its
/// semicolon back, so the block is one statement).
fn as_statement(s: &Stmt) -> Stmt {
    match s {
        Stmt::Expr(e, None)
            if !matches!(
                e,
                Expr::ForLoop(_) | Expr::While(_) | Expr::Loop(_) | Expr::Block(_) | Expr::If(_) | Expr::Match(_)
            ) =>
        {
            Stmt::Expr(e.clone(), Some(Default::default()))
        }
        s => s.clone(),
    }
}

fn wrapped(f: &mut ItemFn, rng: &mut Rng, ctx: &Ctx) -> bool {
    let mut r = rng.fork();
    let cond = paren(&ctx.pick_or(rng, &syn::parse_quote!(true)));
    random_stmt(f, rng, &all, &mut |s, k| {
        let st = as_statement(&s[k]);
        let new = match r.below(11) {
            0 => quote!({ #st }),
            1 => quote!(if #cond { #st }),
            2 => quote!(if true { #st } else { #st }),
            3 => quote!(for _ in 0..2 { #st }),
            4 => quote!(loop { #st break; }),
            5 => quote!(while false { #st }),
            6 => quote!(unsafe { #st }),
            7 => quote!(if let Some(_) = Some(1) { #st }),
            8 => quote!(match 0 { _ => { #st } }),
            9 => quote!((|| { #st })();),
            _ => quote!('outer: for _ in 0..1 { #st break 'outer; }),
        };
        if let Some(mut new) = stmts(new) {
            if new.len() == 1 {
                s[k] = new.remove(0);
            }
        }
    })
}

/// A loop, a branch or a block statement replaced by the statements of its
/// body (a loop unrolled once, a branch always taken).
fn inlined(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    let body_of = |s: &Stmt| -> Option<syn::Block> {
        let e = match s {
            Stmt::Expr(e, _) => e,
            _ => return None,
        };
        Some(match e {
            Expr::ForLoop(x) => x.body.clone(),
            Expr::While(x) => x.body.clone(),
            Expr::Loop(x) => x.body.clone(),
            Expr::Block(x) => x.block.clone(),
            Expr::If(x) => x.then_branch.clone(),
            Expr::Unsafe(x) => x.block.clone(),
            _ => return None,
        })
    };
    let pred = |s: &Stmt| body_of(s).is_some();
    random_stmt(f, rng, &pred, &mut |s, k| {
        if let Some(b) = body_of(&s[k]) {
            s.remove(k);
            for (i, st) in b.stmts.into_iter().enumerate() {
                s.insert(k + i, st);
            }
        }
    })
}

const LET_TYPES: &[&str] = &["f64", "f32", "usize", "Vec<f64>", "&[f64]", "&mut [f64]", "(f64, f64)", "i32", "_"];

fn let_changed(f: &mut ItemFn, rng: &mut Rng, ctx: &Ctx) -> bool {
    let mut r = rng.fork();
    random_stmt(f, rng, &|s| matches!(s, Stmt::Local(_)), &mut |s, k| {
        let Stmt::Local(l) = &mut s[k] else { return };
        match r.below(8) {
            0 => {
                if let syn::Pat::Ident(p) = &mut l.pat {
                    p.mutability = if p.mutability.is_some() { None } else { Some(Default::default()) };
                }
            }
            1 | 2 => {
                let ty: syn::Type = syn::parse_str(r.word(LET_TYPES)).unwrap();
                let pat = match &l.pat {
                    syn::Pat::Type(pt) => (*pt.pat).clone(),
                    p => p.clone(),
                };
                l.pat = syn::Pat::Type(syn::PatType {
                    attrs: vec![],
                    pat: Box::new(pat),
                    colon_token: Default::default(),
                    ty: Box::new(ty),
                });
            }
            3 => l.init = None,
            4 => l.pat = syn::parse::Parser::parse_str(syn::Pat::parse_single, "_").unwrap(),
            5 => l.pat = syn::parse::Parser::parse_str(syn::Pat::parse_single, "(a, b)").unwrap(),
            6 => {
                if let Some(init) = &mut l.init {
                    init.diverge = Some((Default::default(), Box::new(syn::parse_quote!({ return }))));
                }
            }
            _ => {
                let v = ctx.pick_or(&mut r, &syn::parse_quote!(0.0));
                l.init = Some(syn::LocalInit { eq_token: Default::default(), expr: Box::new(v), diverge: None });
            }
        }
    })
}

/// The body's last statement: a tail expression gets a semicolon, a
/// statement expression loses it (becoming the tail), or the tail moves up.
fn tail_changed(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    let mut r = rng.fork();
    random_stmt(f, rng, &|s| matches!(s, Stmt::Expr(..)), &mut |s, k| {
        let Stmt::Expr(_, semi) = &mut s[k] else { return };
        if semi.is_some() {
            *semi = None;
        } else if r.chance(70) {
            *semi = Some(Default::default());
        } else if k > 0 {
            s.swap(k, k - 1);
        }
    })
}
