//! Mutation operators on the expressions of a body: a sub-expression
//! replaced (by another of the function, a literal, an integer, a method
//! call on it, a call to an unknown function, a wrapper), operators,
//! literals, names, references. Conditions, loops, calls and the like are
//! in `ops_flow`.

use super::mutate::{expr, paren, parse_expr, zero, Ctx, Op};
use super::rng::Rng;
use super::sites::random_expr;
use proc_macro2::TokenStream;
use quote::quote;
use syn::{Expr, ItemFn};

pub const OPS: &[Op] = &[
    Op { name: "expression from the function", apply: from_function },
    Op { name: "expression to literal", apply: to_literal },
    Op { name: "expression to integer", apply: to_integer },
    Op { name: "method call on expression", apply: method_call },
    Op { name: "unknown function call", apply: unknown_call },
    Op { name: "expression wrapped", apply: wrapped },
    Op { name: "binary operator", apply: binary_operator },
    Op { name: "assignment operator", apply: assignment },
    Op { name: "literal changed", apply: literal },
    Op { name: "identifier renamed", apply: renamed },
    Op { name: "reference mutability", apply: reference },
];

/// An expression that can stand where a value is expected (not a loop or
/// a block that ends a statement without a semicolon).
pub fn is_value(e: &Expr) -> bool {
    !matches!(e, Expr::ForLoop(_) | Expr::While(_) | Expr::Loop(_) | Expr::Block(_) | Expr::Let(_) | Expr::Verbatim(_))
}

/// Replaces a random value expression by `make` of it.
fn replace(f: &mut ItemFn, rng: &mut Rng, make: &mut dyn FnMut(&Expr, &mut Rng) -> Option<Expr>) -> bool {
    let mut local = rng.fork();
    random_expr(f, rng, &is_value, &mut |e| match make(e, &mut local) {
        Some(new) => {
            *e = new;
            true
        }
        None => false,
    })
}

fn from_function(f: &mut ItemFn, rng: &mut Rng, ctx: &Ctx) -> bool {
    !ctx.pool.is_empty() && replace(f, rng, &mut |_, r| Some(paren(r.pick(&ctx.pool))))
}

const FLOATS: &[&str] = &[
    "0.0",
    "1.0",
    "-1.0",
    "2.5",
    "1e300",
    "1e-300",
    "0.5f32",
    "2f64",
    "f64::NAN",
    "f64::INFINITY",
    "-0.0",
    "std::f64::consts::PI",
    "f32::EPSILON",
    "1.0e-320",
];

fn to_literal(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    replace(f, rng, &mut |_, r| Some(parse_expr(r.word(FLOATS))))
}

const INTEGERS: &[&str] =
    &["0", "1", "2", "-1", "42usize", "3i32", "u64::MAX", "1_000_000", "7u8", "0x10", "99999999999999999999999"];

fn to_integer(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    replace(f, rng, &mut |_, r| Some(parse_expr(r.word(INTEGERS))))
}

const METHODS: &[&str] = &[
    "sqrt()",
    "abs()",
    "exp()",
    "ln()",
    "sin()",
    "cos()",
    "tanh()",
    "powi(2)",
    "powi(-1)",
    "powf(1.5)",
    "max(0.0)",
    "min(1.0)",
    "mul_add(2.0, 1.0)",
    "hypot(1.0)",
    "atan2(1.0)",
    "recip()",
    "signum()",
    "floor()",
    "sqrt().sqrt()",
    "len()",
    "iter().sum::<f64>()",
    "iter().map(|v| v * 2.0).sum::<f64>()",
    "iter().fold(0.0, |a, b| a + b)",
    "to_vec()",
    "clone()",
    "unknown_method()",
    "first()",
    "unwrap()",
    "get(0)",
    "into()",
    "exp().ln()",
    "powi(3).cbrt()",
    "sqrt::<f64>()",
    "iter().copied().reduce(f64::max)",
];

fn method_call(f: &mut ItemFn, rng: &mut Rng, ctx: &Ctx) -> bool {
    replace(f, rng, &mut |e, r| {
        let p = paren(e);
        if r.chance(25) && !ctx.pool.is_empty() {
            // A method whose argument is another expression of the function.
            let o = paren(r.pick(&ctx.pool));
            let m: TokenStream = r.word(&["max", "min", "powf", "atan2", "hypot", "dot", "mul_add"]).parse().unwrap();
            return expr(quote!(#p.#m(#o)));
        }
        let m: TokenStream = r.word(METHODS).parse().unwrap();
        expr(quote!(#p.#m))
    })
}

fn unknown_call(f: &mut ItemFn, rng: &mut Rng, ctx: &Ctx) -> bool {
    let name = &ctx.name;
    let arity = ctx.arity;
    replace(f, rng, &mut |e, r| {
        let p = paren(e);
        Some(match r.below(14) {
            0 => parse_expr(&format!("unknown_fn({})", quote!(#e))),
            1 => expr(quote!(#name(#e)))?,
            2 => {
                // The function itself with as many arguments as it takes.
                let args: Vec<Expr> = (0..arity).map(|_| paren(&ctx.pick_or(r, e))).collect();
                expr(quote!(#name(#(#args),*)))?
            }
            3 => expr(quote!(Self::helper(#e)))?,
            4 => expr(quote!(f64::max(#e, 1.0)))?,
            5 => expr(quote!(f64::sqrt(#e)))?,
            6 => expr(quote!(crate::nowhere::g(#e, #e)))?,
            7 => expr(quote!(std::hint::black_box(#e)))?,
            8 => expr(quote!(#p(1.0)))?,
            9 => expr(quote!(vec![#e; 3]))?,
            10 => expr(quote!(dbg!(#e)))?,
            11 => expr(quote!(unknown_macro!(#e)))?,
            12 => expr(quote!(<f64 as Into<f64>>::into(#e)))?,
            _ => expr(quote!(exp(#e)))?,
        })
    })
}

fn wrapped(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    replace(f, rng, &mut |e, r| {
        let p = paren(e);
        expr(match r.below(26) {
            0 => quote!(-#p),
            1 => quote!(!#p),
            2 => quote!(&#p),
            3 => quote!(&mut #p),
            4 => quote!(*#p),
            5 => quote!((#e)),
            6 => quote!({ #e }),
            7 => quote!(#p as f32),
            8 => quote!(#p as usize),
            9 => quote!(#p[0]),
            10 => quote!(#p.0),
            11 => quote!(#p?),
            12 => quote!((#e, #e)),
            13 => quote!([#e; 2]),
            14 => quote!(Some(#e)),
            15 => quote!((|| #e)()),
            16 => quote!(if true { #e } else { #e }),
            17 => quote!(match #e { v => v }),
            18 => quote!(unsafe { #e }),
            19 => quote!(loop { break #e }),
            20 => quote!('l: { break 'l #e }),
            21 => quote!({ let t = #e; t }),
            22 => quote!(#p..#p),
            23 => quote!(#p as f64),
            24 => quote!(#p.clone()),
            _ => quote!(std::convert::identity(#e)),
        })
    })
}

const BINOPS: &[&str] =
    &["+", "-", "*", "/", "%", "&&", "||", "^", "&", "|", "<<", ">>", "==", "<", "<=", "!=", ">=", ">"];
const ASSIGNOPS: &[&str] = &["+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=", "<<=", ">>="];

fn is_assign_op(op: &syn::BinOp) -> bool {
    ASSIGNOPS.contains(&quote!(#op).to_string().as_str())
}

fn binary_operator(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    let mut r = rng.fork();
    random_expr(f, rng, &|e| matches!(e, Expr::Binary(b) if !is_assign_op(&b.op)), &mut |e| {
        let Expr::Binary(b) = e else { return false };
        if r.chance(20) {
            std::mem::swap(&mut b.left, &mut b.right);
        } else {
            b.op = syn::parse_str(r.word(BINOPS)).unwrap();
        }
        true
    })
}

fn assignment(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    let mut r = rng.fork();
    let pred = |e: &Expr| matches!(e, Expr::Assign(_)) || matches!(e, Expr::Binary(b) if is_assign_op(&b.op));
    random_expr(f, rng, &pred, &mut |e| {
        let (left, right) = match e {
            Expr::Assign(a) => (a.left.clone(), a.right.clone()),
            Expr::Binary(b) => (b.left.clone(), b.right.clone()),
            _ => return false,
        };
        let new = match r.below(5) {
            0 => expr(quote!(#left = #right)),
            1 => expr(quote!(#left = #left)),
            2 => expr(quote!(#right = #left)),
            3 => expr(quote!(#left)),
            _ => {
                let op: TokenStream = r.word(ASSIGNOPS).parse().unwrap();
                expr(quote!(#left #op #right))
            }
        };
        new.map(|n| *e = n).is_some()
    })
}

const LITERALS: &[&str] = &[
    "0",
    "1",
    "0.0",
    "1.0",
    "-1.0",
    "2",
    "1e308",
    "1.0e-320",
    "0.5f32",
    "1f64",
    "3usize",
    "true",
    "false",
    "\"text\"",
    "'c'",
    "b'x'",
    "1_i32",
    "f64::NAN",
    "f64::EPSILON",
    "0x10",
    "1.5e3",
    "99999999999999999999999",
    "1u128",
    "0.1f16",
    "2.0_f64",
    "1e",
];

fn literal(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    let mut r = rng.fork();
    random_expr(f, rng, &|e| matches!(e, Expr::Lit(_)), &mut |e| {
        match syn::parse_str::<Expr>(r.word(LITERALS)) {
            Ok(new) => *e = new,
            // `1e` is no literal: a float without its exponent's digits.
            Err(_) => *e = parse_expr("1e0"),
        }
        true
    })
}

fn renamed(f: &mut ItemFn, rng: &mut Rng, ctx: &Ctx) -> bool {
    let mut r = rng.fork();
    let pred = |e: &Expr| matches!(e, Expr::Path(p) if p.qself.is_none() && p.path.segments.len() == 1);
    random_expr(f, rng, &pred, &mut |e| {
        let name = &ctx.name;
        *e = match r.below(10) {
            0..=3 if !ctx.names.is_empty() => {
                let n = r.pick(&ctx.names);
                parse_expr(&n.to_string())
            }
            4 => parse_expr(&name.to_string()),
            5 => parse_expr("self"),
            6 => parse_expr("Self"),
            7 => parse_expr("std::f64::consts::PI"),
            8 => parse_expr("_"),
            _ => parse_expr("unknown_name"),
        };
        true
    })
}

fn reference(f: &mut ItemFn, rng: &mut Rng, _: &Ctx) -> bool {
    let mut r = rng.fork();
    let pred = |e: &Expr| matches!(e, Expr::Reference(_) | Expr::Path(_));
    random_expr(f, rng, &pred, &mut |e| {
        match e {
            Expr::Reference(x) => match r.below(4) {
                0 | 1 => x.mutability = if x.mutability.is_some() { None } else { Some(Default::default()) },
                2 => *e = paren(&x.expr),
                _ => *e = expr(quote!(&#x)).unwrap_or_else(zero),
            },
            Expr::Path(_) => {
                *e = if r.chance(50) { expr(quote!(&mut #e)) } else { expr(quote!(&#e)) }.unwrap_or_else(zero);
            }
            _ => return false,
        }
        true
    })
}
