//! The shapes of syntax the lowering recognises before it lowers them:
//! iterator chains, calls of float functions and `no_grad`, loop labels.

use crate::ir::Method;
use crate::syntax::strip_parens;

pub(crate) const BREAK_VALUE: &str = "`break` with a value is supported out of a `loop` whose value is used \
     (`let r = loop { .. break v; .. }`), and this loop's is not: assign the value to a variable declared before \
     the loop and use a plain `break`";

#[derive(PartialEq, Eq)]
pub(crate) enum Callee {
    NoGrad,
    FloatFn(Method),
    Swap,
    User,
}

pub(crate) fn classify_callee(path: &syn::Path) -> Callee {
    let segs: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let last = segs.last().map(String::as_str).unwrap_or("");
    if crate::syntax::is_no_grad(path) {
        return Callee::NoGrad;
    }
    if last == "swap" && (segs.len() == 1 || segs[segs.len() - 2] == "mem") {
        return Callee::Swap;
    }
    if segs.len() >= 2 {
        let ty = segs[segs.len() - 2].as_str();
        let numeric = matches!(
            ty,
            "f64" | "f32" | "usize" | "isize" | "u32" | "u64" | "i32" | "i64" | "u8" | "u16" | "i8" | "i16"
        );
        if numeric {
            if let Some(m) = Method::from_name(last) {
                return Callee::FloatFn(m);
            }
        }
        if ty == "cmp" && (last == "min" || last == "max") {
            return Callee::FloatFn(Method::from_name(last).unwrap());
        }
    }
    Callee::User
}

pub(crate) const TERMINALS: &[&str] = &["sum", "product", "fold", "for_each", "collect", "count", "reduce"];

pub(crate) fn is_chain_terminal(m: &syn::ExprMethodCall) -> bool {
    let name = m.method.to_string();
    if !TERMINALS.contains(&name.as_str()) {
        return false;
    }
    // `x.iter().sum()` and friends; `a.count` is not a method of floats.
    matches!(strip_parens(&m.receiver), syn::Expr::MethodCall(_) | syn::Expr::Range(_) | syn::Expr::Paren(_))
}

/// The name of a loop's label, without its `'`.
pub(crate) fn label_name(label: Option<&syn::Label>) -> Option<String> {
    label.map(|l| l.name.ident.to_string())
}

/// `m` as an `Option` taken out at once: `.unwrap()`, `.expect(..)` or
/// `.unwrap_or(d)`, through `.copied()` or `.cloned()`. Returns the
/// default `d`, if any, and the call that makes the `Option`.
pub(crate) fn unwrapped(m: &syn::ExprMethodCall) -> Option<(Option<&syn::Expr>, &syn::ExprMethodCall)> {
    let default = match (m.method.to_string().as_str(), m.args.len()) {
        ("unwrap", 0) | ("expect", 1) => None,
        ("unwrap_or", 1) => Some(&m.args[0]),
        _ => return None,
    };
    let mut inner = strip_parens(&m.receiver);
    if let syn::Expr::MethodCall(c) = inner {
        if c.args.is_empty() && matches!(c.method.to_string().as_str(), "copied" | "cloned") {
            inner = strip_parens(&c.receiver);
        }
    }
    match inner {
        syn::Expr::MethodCall(made) => Some((default, made)),
        _ => None,
    }
}

/// `x.first()` or `x.last()` taken out of its `Option` at once (see
/// [`unwrapped`]), as the element it names: `x.first().unwrap()` is
/// `x[0]`, `x.last()`'s is `x[x.len() - 1]`, and `.unwrap_or(d)` is
/// `if x.is_empty() { d } else { .. }`; `x` must be a name (read twice).
pub(crate) fn first_or_last(m: &syn::ExprMethodCall) -> Option<syn::Expr> {
    let (default, pick) = unwrapped(m)?;
    let syn::Expr::Path(x) = strip_parens(&pick.receiver) else { return None };
    if !pick.args.is_empty() || x.path.get_ident().is_none() {
        return None;
    }
    let span = syn::spanned::Spanned::span(m);
    let elem = match pick.method.to_string().as_str() {
        "first" => quote::quote_spanned!(span=> #x[0]),
        "last" => quote::quote_spanned!(span=> #x[#x.len() - 1]),
        _ => return None,
    };
    let e = match default {
        None => elem,
        Some(d) => quote::quote_spanned!(span=> if #x.is_empty() { #d } else { #elem }),
    };
    syn::parse2(e).ok()
}

/// The argument inside the marker of a number lent as a slice of one
/// (`__parad_one(&mut s)`, see `scalars`).
pub(crate) fn one_lent(e: &syn::Expr) -> Option<&syn::Expr> {
    let syn::Expr::Call(c) = strip_parens(e) else { return None };
    let marked = matches!(&*c.func, syn::Expr::Path(p) if p.path.is_ident(crate::names::ONE_LENT));
    (marked && c.args.len() == 1).then(|| &c.args[0])
}
