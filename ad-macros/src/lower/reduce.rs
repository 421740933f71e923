//! Reductions that return an `Option`, unwrapped: `reduce(f64::max)` or
//! `reduce(|a, b| ..)`, and `max_by` / `min_by` comparing with
//! `partial_cmp` or `total_cmp`, then `.unwrap()`, `.expect(..)` or
//! `.unwrap_or(d)` (through `copied()` or `cloned()`, or read through `*`).
//! They lower to a serial loop that takes the first element and folds the
//! others in; an empty iterator panics as the unwrap would, or gives `d`.

use super::state::Lowerer;
use crate::ir::*;
use crate::syntax::strip_parens;
use proc_macro2::Span;
use syn::spanned::Spanned;

/// What an `Option` reduction keeps: the function's fold, or the greatest
/// (`true`) or least element.
enum Keep<'a> {
    Fold(&'a syn::Expr),
    Extreme(bool),
}

impl Lowerer<'_> {
    /// `m` as an unwrapped `Option` reduction, lowered; `None` when it is not one.
    pub(super) fn try_option_reduce(&mut self, m: &syn::ExprMethodCall) -> Option<Expr> {
        let (default, red) = super::syntax::unwrapped(m)?;
        let keep = match (red.method.to_string().as_str(), red.args.len()) {
            ("reduce", 1) => Keep::Fold(&red.args[0]),
            ("max_by", 1) => Keep::Extreme(self.ascending(&red.args[0])),
            ("min_by", 1) => Keep::Extreme(!self.ascending(&red.args[0])),
            _ => return None,
        };
        let span = m.span();
        let Some(stage) = self.lower_stage(&red.receiver) else { return Some(Expr::bool(false, span)) };
        if stage.par {
            self.diag.error(
                red.method.span(),
                "on a rayon iterator, only the sum `reduce(|| 0.0, |a, b| a + b)` is supported; reduce serially",
            );
            return Some(Expr::bool(false, span));
        }
        let acc = self.new_var("acc", span, VarOrigin::Temp, None);
        self.emit(StmtKind::Let { var: acc, init: Init::Expr(Expr::new(ExprKind::Zero, span)) }, span);
        let empty = self.new_var("empty", span, VarOrigin::Temp, None);
        self.emit(StmtKind::Let { var: empty, init: Init::Expr(Expr::bool(true, span)) }, span);
        let idx = self.new_var("i", span, VarOrigin::LoopIndex, None);
        let (lo, hi, step, elem) = self.loop_bounds(&stage, idx, span);
        let (body, ()) = self.block(|l| {
            l.with_elem(
                elem,
                Box::new(|l, b| {
                    let v = l.binding_value(&b, span);
                    let (then_blk, ()) = l.block(|l| {
                        l.set(acc, v.clone(), span);
                        l.set(empty, Expr::bool(false, span), span);
                    });
                    let (else_blk, ()) = l.block(|l| match keep {
                        Keep::Fold(f) => {
                            let value = l.fold_with(f, acc, b, span);
                            l.set(acc, value, span);
                        }
                        Keep::Extreme(greatest) => {
                            // The last of equal greatest elements, the first of equal least.
                            let op = if greatest { BinOp::Ge } else { BinOp::Lt };
                            let cond = Expr::binary(op, v.clone(), Expr::var(acc, span), span);
                            let (take, ()) = l.block(|l| l.set(acc, v, span));
                            l.emit(StmtKind::If { cond, then_blk: take, else_blk: Block::new(Vec::new()) }, span);
                        }
                    });
                    l.emit(StmtKind::If { cond: Expr::var(empty, span), then_blk, else_blk }, span);
                }),
            )
        });
        self.emit(StmtKind::For { index: idx, lo, hi, step, rev: stage.rev, body, par: None }, span);
        let (then_blk, ()) = self.block(|l| match default {
            Some(d) => {
                let d = l.lower_value(d, None);
                l.set(acc, d, span);
            }
            None => l.emit(
                StmtKind::Opaque(
                    quote::quote_spanned!(span=> ::core::panic!("called `Option::unwrap()` on a `None` value");),
                ),
                span,
            ),
        });
        self.emit(StmtKind::If { cond: Expr::var(empty, span), then_blk, else_blk: Block::new(Vec::new()) }, span);
        Some(Expr::var(acc, span))
    }

    fn set(&mut self, v: VarId, value: Expr, span: Span) {
        self.emit(StmtKind::Assign { place: Place::var(v), op: AssignOp::Set, value }, span);
    }

    /// Whether the comparator of `max_by` / `min_by` orders ascending
    /// (`|a, b| a.partial_cmp(b).unwrap()`, `a.total_cmp(b)`) rather than
    /// descending (`b.partial_cmp(a)`); an error for any other.
    fn ascending(&mut self, cmp: &syn::Expr) -> bool {
        let order = |c: &syn::ExprClosure| -> Option<bool> {
            let [a, b] = [&c.inputs[0], &c.inputs[1]].map(pat_name);
            let mut body = strip_parens(&c.body);
            if let syn::Expr::MethodCall(u) = body {
                if u.method == "unwrap" && u.args.is_empty() {
                    body = strip_parens(&u.receiver);
                }
            }
            let syn::Expr::MethodCall(call) = body else { return None };
            if !matches!(call.method.to_string().as_str(), "partial_cmp" | "total_cmp") || call.args.len() != 1 {
                return None;
            }
            let (first, second) = (expr_name(&call.receiver)?, expr_name(&call.args[0])?);
            match (a?, b?) {
                (a, b) if first == a && second == b => Some(true),
                (a, b) if first == b && second == a => Some(false),
                _ => None,
            }
        };
        match strip_parens(cmp) {
            syn::Expr::Closure(c) if c.inputs.len() == 2 => {
                if let Some(up) = order(c) {
                    return up;
                }
            }
            _ => {}
        }
        self.diag.error_spanned(
            cmp,
            "`max_by` and `min_by` are supported with the comparator `|a, b| a.partial_cmp(b).unwrap()` (or \
             `a.total_cmp(b)`, or the two swapped); compare floats that way",
        );
        true
    }
}

/// The name a closure parameter binds (`a`, `&a`, `a: &f64`).
fn pat_name(p: &syn::Pat) -> Option<String> {
    match p {
        syn::Pat::Ident(pi) => Some(pi.ident.to_string()),
        syn::Pat::Reference(r) => pat_name(&r.pat),
        syn::Pat::Type(t) => pat_name(&t.pat),
        _ => None,
    }
}

/// The name an expression reads (`a`, `&a`, `*a`).
fn expr_name(e: &syn::Expr) -> Option<String> {
    match strip_parens(e) {
        syn::Expr::Path(p) => p.path.get_ident().map(|i| i.to_string()),
        syn::Expr::Reference(r) => expr_name(&r.expr),
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => expr_name(&u.expr),
        _ => None,
    }
}
