//! Integer index expressions as a term plus a constant, and sums folded
//! through that form.

use crate::ir::*;
use proc_macro2::Span;

/// `e` as an expression plus an integer constant; `None` for a literal.
pub(super) fn linear(e: &Expr) -> (Option<Expr>, i128) {
    let lit = |e: &Expr| match &e.kind {
        ExprKind::Lit(syn::Lit::Int(i)) => i.base10_parse::<i128>().ok(),
        _ => None,
    };
    if let Some(n) = lit(e) {
        return (None, n);
    }
    match &e.kind {
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => match (lit(a), lit(b)) {
            (_, Some(n)) => {
                let (x, c) = linear(a);
                (x, if *op == BinOp::Add { c + n } else { c - n })
            }
            (Some(n), None) if *op == BinOp::Add => {
                let (x, c) = linear(b);
                (x, c + n)
            }
            _ => (Some(e.clone()), 0),
        },
        _ => (Some(e.clone()), 0),
    }
}

/// `a + b`, their constants folded (`(n - 1) + 1` is `n`).
pub(super) fn plus(a: &Expr, b: &Expr, span: Span) -> Expr {
    let ((x, c), (y, d)) = (linear(a), linear(b));
    match (x, y) {
        (Some(x), None) if c + d == 0 => x,
        (Some(x), None) if c + d > 0 => Expr::binary(BinOp::Add, x, Expr::int((c + d) as usize, span), span),
        (None, None) if c + d >= 0 => Expr::int((c + d) as usize, span),
        _ => Expr::binary(BinOp::Add, a.clone(), b.clone(), span),
    }
}
