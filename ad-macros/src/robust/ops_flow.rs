//! Mutation operators on the control flow and the calls of a body:
//! conditions negated or replaced, branches swapped or dropped, loop bounds
//! and patterns, calls and methods, `#[checkpoint]`s, `return`s and
//! `break`s, indices, closures.

use super::mutate::{expr, paren, parse_expr, zero, Ctx, Op};
use super::rng::Rng;
use super::sites::random_expr;
use proc_macro2::TokenStream;
use quote::quote;
use syn::{Expr, ItemFn};

pub const OPS: &[Op] = &[
    Op { name: "condition changed", apply: condition },
    Op { name: "loop bounds", apply: loop_bounds },
    Op { name: "loop pattern", apply: loop_pattern },
    Op { name: "call changed", apply: call_changed },
    Op { name: "checkpoint attribute", apply: checkpoint },
    Op { name: "return changed", apply: return_changed },
    Op { name: "index changed", apply: index_changed },
    Op { name: "closure changed", apply: closure_changed },
];

/// `x + 1` or `x - 1`.
fn sum(x: &Expr, op: TokenStream) -> Expr {
    let x = paren(x);
    expr(quote!(#x #op 1)).unwrap_or_else(zero)
}

fn any(_: &Expr) -> bool {
    true
}

fn condition(f: &mut ItemFn, rng: &mut Rng, ctx: &Ctx) -> bool {
    let mut r = rng.fork();
    random_expr(f, rng, &|e| matches!(e, Expr::If(_) | Expr::While(_)), &mut |e| {
        let flip = |c: &mut Box<Expr>, r: &mut Rng| {
            let inner = &**c;
            let new = match r.below(5) {
                _ if matches!(inner, Expr::Let(_)) => parse_expr("true"),
                0 | 1 => expr(quote!(!(#inner))).unwrap_or_else(zero),
                2 => parse_expr("true"),
                3 => parse_expr("false"),
                _ => paren(&ctx.pick_or(r, inner)),
            };
            **c = new;
        };
        match e {
            Expr::While(w) => flip(&mut w.cond, &mut r),
            Expr::If(i) => match r.below(6) {
                0 | 1 => flip(&mut i.cond, &mut r),
                2 => match i.else_branch.take() {
                    Some((t, els)) => match *els {
                        Expr::Block(b) => {
                            let then = std::mem::replace(&mut i.then_branch, b.block);
                            i.else_branch = Some((
                                t,
                                Box::new(Expr::Block(syn::ExprBlock { attrs: vec![], label: None, block: then })),
                            ));
                        }
                        other => i.else_branch = Some((t, Box::new(other))),
                    },
                    None => i.then_branch.stmts.clear(),
                },
                3 => i.else_branch = None,
                4 => {
                    let then = &i.then_branch;
                    i.else_branch = Some((Default::default(), Box::new(expr(quote!(#then)).unwrap_or_else(zero))));
                }
                _ => i.else_branch = Some((Default::default(), Box::new(parse_expr("{}")))),
            },
            _ => return false,
        }
        true
    })
}

fn loop_bounds(f: &mut ItemFn, rng: &mut Rng, ctx: &Ctx) -> bool {
    let mut r = rng.fork();
    random_expr(f, rng, &|e| matches!(e, Expr::ForLoop(_)), &mut |e| {
        let Expr::ForLoop(l) = e else { return false };
        let it = (*l.expr).clone();
        let it = &it;
        let new = match &*l.expr {
            Expr::Range(range) if r.chance(60) => {
                let mut range = range.clone();
                match r.below(10) {
                    0 => std::mem::swap(&mut range.start, &mut range.end),
                    1 => {
                        range.limits = match range.limits {
                            syn::RangeLimits::HalfOpen(_) => syn::RangeLimits::Closed(Default::default()),
                            syn::RangeLimits::Closed(_) => syn::RangeLimits::HalfOpen(Default::default()),
                        }
                    }
                    2 => range.start = None,
                    3 => range.end = None,
                    4 => range.start = Some(Box::new(parse_expr("1"))),
                    5 => range.end = range.end.take().map(|x| Box::new(sum(&x, quote!(-)))),
                    6 => range.end = range.end.take().map(|x| Box::new(sum(&x, quote!(+)))),
                    7 => range.start = range.end.clone(),
                    8 => range.end = Some(Box::new(paren(&ctx.pick_or(&mut r, it)))),
                    _ => range.start = Some(Box::new(parse_expr("usize::MAX"))),
                }
                Expr::Range(range)
            }
            _ => {
                let p = paren(it);
                let name = ctx.names.first().map_or_else(|| parse_expr("x"), |n| parse_expr(&n.to_string()));
                expr(match r.below(12) {
                    0 => quote!(#p.rev()),
                    1 => quote!(#p.step_by(2)),
                    2 => quote!(#p.skip(1)),
                    3 => quote!(#p.take(2)),
                    4 => quote!(#p.enumerate()),
                    5 => quote!(#p.zip(0..3)),
                    6 => quote!(0..3),
                    7 => quote!([1.0, 2.0]),
                    8 => quote!(#name.iter()),
                    9 => quote!(#name.iter_mut()),
                    10 => quote!(#name.chunks(2)),
                    _ => quote!(#p.into_iter()),
                })
                .unwrap_or_else(zero)
            }
        };
        *l.expr = new;
        true
    })
}

fn loop_pattern(f: &mut ItemFn, rng: &mut Rng, ctx: &Ctx) -> bool {
    let mut r = rng.fork();
    random_expr(f, rng, &|e| matches!(e, Expr::ForLoop(_)), &mut |e| {
        let Expr::ForLoop(l) = e else { return false };
        let text = match r.below(9) {
            0 => "_".to_string(),
            1 => "(i, v)".into(),
            2 => "&v".into(),
            3 => "mut i".into(),
            4 => "[a, b]".into(),
            5 => "(_, (a, b))".into(),
            6 => "i @ 0..=3".into(),
            _ if !ctx.names.is_empty() => r.pick(&ctx.names).to_string(),
            _ => "unused".into(),
        };
        match syn::parse::Parser::parse_str(syn::Pat::parse_single, &text) {
            Ok(p) => {
                *l.pat = p;
                true
            }
            Err(_) => false,
        }
    })
}

const METHOD_NAMES: &[&str] = &[
    "sqrt",
    "exp",
    "ln",
    "abs",
    "sin",
    "powi",
    "powf",
    "max",
    "min",
    "len",
    "iter",
    "iter_mut",
    "par_iter",
    "par_iter_mut",
    "par_chunks",
    "chunks",
    "chunks_mut",
    "map",
    "for_each",
    "sum",
    "zip",
    "enumerate",
    "fold",
    "reduce",
    "unknown",
    "copied",
    "collect",
    "product",
    "windows",
    "rev",
    "clone",
];

fn call_changed(f: &mut ItemFn, rng: &mut Rng, ctx: &Ctx) -> bool {
    let mut r = rng.fork();
    random_expr(f, rng, &|e| matches!(e, Expr::Call(_) | Expr::MethodCall(_)), &mut |e| {
        let extra = paren(&ctx.pick_or(&mut r, e));
        let (args, choice) = match e {
            Expr::MethodCall(m) => {
                let c = r.below(6);
                match c {
                    0 | 1 => m.method = syn::Ident::new(r.word(METHOD_NAMES), m.method.span()),
                    2 => m.turbofish = Some(syn::parse_quote!(::<f32>)),
                    3 => *m.receiver = extra.clone(),
                    _ => {}
                }
                (&mut m.args, c)
            }
            Expr::Call(c) => {
                let k = r.below(6);
                match k {
                    0 => *c.func = parse_expr(r.word(&["unknown_fn", "f64::sqrt", "Self::new", "super::helper"])),
                    1 => *c.func = parse_expr(&ctx.name.to_string()),
                    2 => *c.func = extra.clone(),
                    _ => {}
                }
                (&mut c.args, k)
            }
            _ => return false,
        };
        if choice >= 4 {
            if r.chance(50) && !args.is_empty() {
                let mut v: Vec<Expr> = std::mem::take(args).into_iter().collect();
                if r.chance(50) {
                    v.remove(r.below(v.len()));
                } else {
                    r.shuffle(&mut v);
                }
                args.extend(v);
            } else {
                args.push(extra);
            }
        }
        true
    })
}

const CHECKPOINTS: &[&str] = &[
    "#[checkpoint]",
    "#[checkpoint(binomial(snapshots = 3))]",
    "#[checkpoint(binomial(snapshots = 0))]",
    "#[checkpoint(binomial(snapshots = 99999999999999999999999))]",
    "#[checkpoint(binomial)]",
    "#[checkpoint(periodic(every = 2))]",
    "#[checkpoint(periodic(every = 0))]",
    "#[checkpoint(online(snapshots = 2))]",
    "#[checkpoint(foo)]",
    "#[checkpoint(binomial(snapshots = n))]",
    "#[checkpoint(binomial(snapshots = 3), binomial(snapshots = 4))]",
    "#[checkpoint = 3]",
    "#[checkpoint(binomial(snapshots = -1))]",
    "#[checkpoint(binomial(snapshots = 2.5))]",
    "#[checkpoint(binomial(every = 2))]",
    "#[checkpoint(binomial(snapshots = 3, snapshots = 4))]",
    "#[checkpoint()]",
];

fn checkpoint(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    let mut r = rng.fork();
    let attr: syn::Attribute = {
        let text = r.word(CHECKPOINTS);
        let mut attrs = syn::parse::Parser::parse_str(syn::Attribute::parse_outer, text).unwrap();
        attrs.remove(0)
    };
    let loops = |e: &Expr| matches!(e, Expr::ForLoop(_) | Expr::While(_) | Expr::Loop(_));
    let pred: &dyn Fn(&Expr) -> bool = if r.chance(75) { &loops } else { &any };
    random_expr(f, rng, pred, &mut |e| {
        let attrs = match e {
            Expr::ForLoop(x) => &mut x.attrs,
            Expr::While(x) => &mut x.attrs,
            Expr::Loop(x) => &mut x.attrs,
            Expr::Block(x) => &mut x.attrs,
            Expr::If(x) => &mut x.attrs,
            Expr::Call(x) => &mut x.attrs,
            Expr::MethodCall(x) => &mut x.attrs,
            Expr::Closure(x) => &mut x.attrs,
            Expr::Match(x) => &mut x.attrs,
            _ => return false,
        };
        attrs.push(attr.clone());
        true
    })
}

fn return_changed(f: &mut ItemFn, rng: &mut Rng, ctx: &Ctx) -> bool {
    let mut r = rng.fork();
    random_expr(f, rng, &|e| matches!(e, Expr::Return(_) | Expr::Break(_) | Expr::Continue(_)), &mut |e| {
        let value = paren(&ctx.pick_or(&mut r, e));
        *e = match (r.below(4), &*e) {
            (0, Expr::Return(x)) if x.expr.is_some() => parse_expr("return"),
            (1, _) => expr(quote!(return #value)).unwrap_or_else(zero),
            (2, _) => parse_expr("break"),
            (3, _) => parse_expr("continue"),
            _ => expr(quote!(break #value)).unwrap_or_else(zero),
        };
        true
    })
}

fn index_changed(f: &mut ItemFn, rng: &mut Rng, ctx: &Ctx) -> bool {
    let mut r = rng.fork();
    random_expr(f, rng, &|e| matches!(e, Expr::Index(_)), &mut |e| {
        let Expr::Index(x) = e else { return false };
        let i = &paren(&x.index);
        let other = paren(&ctx.pick_or(&mut r, i));
        *x.index = match r.below(9) {
            0 => expr(quote!(#i + 1)).unwrap_or_else(zero),
            1 => expr(quote!(#i - 1)).unwrap_or_else(zero),
            2 => parse_expr("0"),
            3 => parse_expr(".."),
            4 => expr(quote!(#i..)).unwrap_or_else(zero),
            5 => expr(quote!(#i as usize)).unwrap_or_else(zero),
            6 => other,
            7 => parse_expr("1.5"),
            _ => {
                let target = paren(&x.expr);
                *x.expr = expr(quote!(#target[0])).unwrap_or_else(zero);
                return true;
            }
        };
        true
    })
}

fn closure_changed(f: &mut ItemFn, rng: &mut Rng, ctx: &Ctx) -> bool {
    let mut r = rng.fork();
    random_expr(f, rng, &|e| matches!(e, Expr::Closure(_)), &mut |e| {
        let Expr::Closure(c) = e else { return false };
        match r.below(6) {
            0 => c.capture = if c.capture.is_some() { None } else { Some(Default::default()) },
            1 => {
                c.inputs.pop();
            }
            2 => c.inputs.push(syn::parse::Parser::parse_str(syn::Pat::parse_single, "extra").unwrap()),
            3 => *c.body = paren(&ctx.pick_or(&mut r, &c.body)),
            4 => c.output = syn::parse_quote!(-> f64),
            _ => {
                let body = &c.body;
                *c.body = expr(quote!({ let _unused = 0; #body })).unwrap_or_else(zero);
            }
        }
        true
    })
}
