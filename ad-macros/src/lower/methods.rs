//! Library methods lowered into plain statements the rest of the pipeline
//! already differentiates: the slice methods `copy_from_slice`, `fill` and
//! `swap` become loops and assignments, `clamp` a test, `sin_cos` two
//! values, and `let [a, b, c] = *p` one read per name.

use super::state::{Lowerer, View};
use crate::ir::*;
use crate::syntax::strip_parens;
use proc_macro2::Span;
use syn::spanned::Spanned;

impl Lowerer<'_> {
    /// `dst.copy_from_slice(src)`, `dst.fill(v)` or `x.swap(i, j)` as a
    /// statement, on a slice the macro knows; false (nothing lowered) if it
    /// is not one.
    pub fn try_slice_stmt(&mut self, m: &syn::ExprMethodCall) -> bool {
        let name = m.method.to_string();
        let arity = match name.as_str() {
            "copy_from_slice" | "fill" => 1,
            "swap" => 2,
            _ => return false,
        };
        if m.args.len() != arity {
            return false;
        }
        let Some(dst) = self.try_view(&m.receiver) else { return false };
        let span = m.span();
        match name.as_str() {
            "copy_from_slice" => {
                let Some(src) = self.lower_view(&m.args[0]) else { return true };
                self.same_length(&dst, &src, span);
                self.for_each_elem(&dst, span, |k| Expr::read(src.elem(k), span));
            }
            "fill" => {
                let value = self.lower_expr(&m.args[0]);
                let value = self.pin(value, "fill", span);
                self.for_each_elem(&dst, span, |_| value.clone());
            }
            _ => {
                let i = self.lower_expr(&m.args[0]);
                let i = self.pin(i, "i", span);
                let j = self.lower_expr(&m.args[1]);
                let j = self.pin(j, "j", span);
                let (at_i, at_j) = (self.checked_elem(&dst, i, span), self.checked_elem(&dst, j, span));
                let held = self.temp("swapped", Init::Expr(Expr::read(at_i.clone(), span)), span);
                self.emit(
                    StmtKind::Assign { place: at_i, op: AssignOp::Set, value: Expr::read(at_j.clone(), span) },
                    span,
                );
                self.emit(StmtKind::Assign { place: at_j, op: AssignOp::Set, value: Expr::var(held, span) }, span);
            }
        }
        true
    }

    /// `for k in 0..dst.len() { dst[k] = value(k) }`.
    fn for_each_elem(&mut self, dst: &View, span: Span, value: impl Fn(Expr) -> Expr) {
        let k = self.new_var("k", span, VarOrigin::LoopIndex, None);
        let place = dst.elem(Expr::var(k, span));
        let (body, ()) = self
            .block(|l| l.emit(StmtKind::Assign { place, op: AssignOp::Set, value: value(Expr::var(k, span)) }, span));
        let (lo, hi) = (Expr::int(0, span), dst.len.clone());
        self.emit(StmtKind::For { index: k, lo, hi, step: None, rev: false, body, par: None }, span);
    }

    /// The panic of `copy_from_slice` on slices of different lengths.
    fn same_length(&mut self, dst: &View, src: &View, span: Span) {
        let cond = Expr::binary(BinOp::Ne, dst.len.clone(), src.len.clone(), span);
        self.panic_if(cond, "copy_from_slice: the source and destination slices have different lengths", span);
    }

    /// `x.clamp(lo, hi)`: `let mut c = x; if c < lo { c = lo } else if c > hi
    /// { c = hi }`, which keeps a NaN as `clamp` does.
    pub fn lower_clamp(&mut self, m: &syn::ExprMethodCall) -> Expr {
        let span = m.span();
        let x = self.lower_expr(&m.receiver);
        let c = self.temp("clamped", Init::Expr(x), span);
        let lo = self.lower_expr(&m.args[0]);
        let lo = self.pin(lo, "lo", span);
        let hi = self.lower_expr(&m.args[1]);
        let hi = self.pin(hi, "hi", span);
        let set = |l: &mut Self, value: Expr| {
            l.emit(StmtKind::Assign { place: Place::var(c), op: AssignOp::Set, value }, span)
        };
        let (below, ()) = self.block(|l| set(l, lo.clone()));
        let (above, ()) = self.block(|l| set(l, hi.clone()));
        let (otherwise, ()) = self.block(|l| {
            let cond = Expr::binary(BinOp::Gt, Expr::var(c, span), hi.clone(), span);
            l.emit(StmtKind::If { cond, then_blk: above, else_blk: Block::new(Vec::new()) }, span)
        });
        let cond = Expr::binary(BinOp::Lt, Expr::var(c, span), lo, span);
        self.emit(StmtKind::If { cond, then_blk: below, else_blk: otherwise }, span);
        Expr::var(c, span)
    }

    /// `let (s, c) = x.sin_cos();`: `x` evaluated once, then `s = x.sin()`
    /// and `c = x.cos()`.
    pub fn lower_let_sin_cos(&mut self, m: &syn::ExprMethodCall, names: &[Option<syn::Ident>]) {
        let span = m.span();
        let x = self.lower_expr(&m.receiver);
        let x = self.pin(x, "angle", span);
        for (name, method) in names.iter().zip([Method::Sin, Method::Cos]) {
            if let Some(name) = name {
                let value = Expr::new(ExprKind::Method(method, Box::new(x.clone()), Vec::new()), span);
                let v = self.bind_new(name, None);
                self.emit(StmtKind::Let { var: v, init: Init::Expr(value) }, name.span());
            }
        }
    }

    /// `let [a, b, _] = *p;` (or of a local array, or of an array literal):
    /// each name a new variable holding its element.
    pub fn lower_let_array(&mut self, pat: &syn::PatSlice, init: Option<&syn::Expr>, annot: Option<&syn::Type>) {
        let names = self.pattern_names(&pat.elems, "only names and `_` are supported in an array pattern (no `..`)");
        let Some(init) = init else {
            self.diag.error(pat.span(), "an array pattern needs a value");
            return;
        };
        let elem_ty = match annot {
            Some(syn::Type::Array(a)) => Some((*a.elem).clone()),
            _ => None,
        };
        let values: Vec<Expr> = match strip_parens(init) {
            syn::Expr::Array(a) if a.elems.len() == names.len() => a.elems.iter().map(|e| self.lower_expr(e)).collect(),
            syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Deref(_), expr, .. }) => {
                self.array_elems(expr, names.len())
            }
            other => self.array_elems(other, names.len()),
        };
        for (name, value) in names.iter().zip(values) {
            if let Some(name) = name {
                let v = self.bind_new(name, elem_ty.clone());
                self.emit(StmtKind::Let { var: v, init: Init::Expr(value) }, name.span());
            }
        }
    }

    /// Reads of elements `0..n` of an array-valued expression.
    fn array_elems(&mut self, e: &syn::Expr, n: usize) -> Vec<Expr> {
        let span = e.span();
        match self.lower_view(e) {
            Some(view) => (0..n).map(|k| Expr::read(view.elem(Expr::int(k, span)), span)).collect(),
            None => Vec::new(),
        }
    }
}
