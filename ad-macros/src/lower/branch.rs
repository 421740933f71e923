//! `if` and `match`, as statements and as values.

use super::bind::{bindings, without_bindings};
use super::state::{Binding, Lowerer};
use super::stmt::ends_in_jump;
use crate::ir::*;
use crate::syntax::strip_parens;
use proc_macro2::Span;
use syn::spanned::Spanned;

impl Lowerer<'_> {
    pub fn lower_if(&mut self, i: &syn::ExprIf, dest: Option<VarId>) {
        // `if let P = e { a } else { b }` is `match e { P => { a } _ => { b } }`.
        if let syn::Expr::Let(l) = &*i.cond {
            if dest.is_some() && i.else_branch.is_none() {
                self.diag.error(i.span(), "an `if` used as a value needs an `else`");
                return;
            }
            let (pat, scrutinee, then_branch) = (&l.pat, &l.expr, &i.then_branch);
            let otherwise = match &i.else_branch {
                Some((_, e)) => quote::quote!(#e),
                None => quote::quote!({}),
            };
            let m: syn::ExprMatch =
                syn::parse_quote_spanned!(i.span()=> match #scrutinee { #pat => #then_branch _ => #otherwise });
            return self.lower_match(&m, dest);
        }
        let cond = self.lower_value(&i.cond, None);
        let (then_blk, ()) = self.block(|l| l.lower_branch(&i.then_branch.stmts, dest, i.then_branch.span()));
        let (else_blk, ()) = self.block(|l| match &i.else_branch {
            None => {
                if dest.is_some() {
                    l.diag.error(i.span(), "an `if` used as a value needs an `else`");
                }
            }
            Some((_, e)) => match &**e {
                syn::Expr::If(inner) => l.lower_if(inner, dest),
                syn::Expr::Block(b) => l.lower_branch(&b.block.stmts, dest, b.span()),
                other => {
                    let v = l.lower_for_dest(other, dest.is_some_and(|d| l.is_value_var(d)));
                    l.assign_dest(dest, v);
                }
            },
        });
        self.emit(StmtKind::If { cond, then_blk, else_blk }, i.span());
    }

    pub(super) fn lower_branch(&mut self, stmts: &[syn::Stmt], dest: Option<VarId>, span: Span) {
        self.value_tail = dest.is_some_and(|d| self.is_value_var(d));
        let tail = self.lower_stmts(stmts);
        match (dest, tail) {
            (Some(d), Some(t)) => self.assign_dest(Some(d), t),
            (Some(_), None) if !ends_in_jump(stmts) => self.diag.error(span, "this branch has no value"),
            _ => {}
        }
    }

    pub(super) fn assign_dest(&mut self, dest: Option<VarId>, value: Expr) {
        if let Some(d) = dest {
            let span = value.span;
            self.emit(StmtKind::Assign { place: Place::var(d), op: AssignOp::Set, value }, span);
        }
    }

    pub fn lower_match(&mut self, m: &syn::ExprMatch, dest: Option<VarId>) {
        // Data taken out of what a call returns (`if let Some(v) = f(x)`,
        // `x.first()`): an `Option` or enum of floats, which the macro has
        // no shadow for.
        let takes_data = m
            .arms
            .iter()
            .any(|a| !bindings(&a.pat).is_empty() && !matches!(&a.pat, syn::Pat::Ident(pi) if pi.subpat.is_none()));
        if takes_data && matches!(strip_parens(&m.expr), syn::Expr::Call(_) | syn::Expr::MethodCall(_)) {
            self.diag.error_spanned(
                &m.expr,
                "taking data out of what this call returns (`if let Some(v) = x.first()`, `match r(x) { Ok(v) => .. \
                 }`) is not supported yet: unwrap it (`*x.first().unwrap()`), or compute it in a function marked \
                 `#[autodiff]` returning `Option<f64>`, whose callers may use `if let`, `match` and `unwrap_or`",
            );
            return;
        }
        // A value matched on without taking data out is data.
        let data_arms = m.arms.iter().all(|a| bindings(&a.pat).is_empty() || super::values::enum_data_pattern(&a.pat));
        let data = data_arms.then(|| self.data_read(&m.expr)).flatten();
        let scrut = data.unwrap_or_else(|| self.lower_value(&m.expr, None));
        let scrut = match &scrut.kind {
            ExprKind::Read(p) if p.is_var() => scrut,
            _ => {
                let span = scrut.span;
                let t = self.temp("scrutinee", Init::Expr(scrut), span);
                Expr::var(t, span)
            }
        };
        self.lower_arms(&scrut, &m.arms, dest, m.span());
    }

    pub(super) fn lower_arms(&mut self, scrut: &Expr, arms: &[syn::Arm], dest: Option<VarId>, span: Span) {
        let Some((arm, rest)) = arms.split_first() else {
            if dest.is_some() {
                self.diag.error(span, "`match` without a catch-all arm `_` cannot be used as a value here");
            }
            return;
        };
        let names = bindings(&arm.pat);
        if let Some(r) = names.iter().find_map(|pi| pi.by_ref.as_ref()) {
            self.diag.error(r.span(), "`ref` bindings are not supported: bind by value (`Some(x) => ..`)");
            return;
        }
        // `v => ..` names the value itself; other patterns take data out of
        // an enum, which must be constant: a value, not a `&E` parameter
        // (the macro sees those as structs with a shadow).
        let whole = matches!(&arm.pat, syn::Pat::Ident(pi) if pi.subpat.is_none());
        let behind_ref = |p: &Place| self.is_struct_var(p.base) && !self.is_value_var(p.base);
        if !whole && !names.is_empty() && matches!(&scrut.kind, ExprKind::Read(p) if behind_ref(p)) {
            self.diag.error(
                names[0].ident.span(),
                "match arms that take data out of an enum behind a reference (`&E`) are not supported: pass \
                 the enum by value (`mode: Mode`), whose data is then constant, or match on variants without \
                 data (`Kind::A => ..`)",
            );
            return;
        }
        let pat = &arm.pat;
        let values: Vec<(syn::Ident, Expr)> = names
            .iter()
            .map(|pi| {
                let value = if whole {
                    scrut.clone()
                } else {
                    Expr::new(
                        ExprKind::Bound(Box::new(scrut.clone()), quote::quote!(#pat), pi.ident.clone()),
                        pi.ident.span(),
                    )
                };
                (pi.ident.clone(), value)
            })
            .collect();
        // The original function is checked for exhaustiveness by rustc, so
        // the last arm without a guard catches whatever the others do not.
        let irrefutable = matches!(arm.pat, syn::Pat::Wild(_)) || whole;
        let catch_all = (irrefutable || rest.is_empty()) && arm.guard.is_none();
        let body = |l: &mut Self| {
            for (name, value) in &values {
                let v = l.bind_new(name, None);
                l.emit(StmtKind::Let { var: v, init: Init::Expr(value.clone()) }, name.span());
            }
            match (dest, &*arm.body) {
                (Some(d), body) => {
                    let v = l.lower_for_dest(body, l.is_value_var(d));
                    l.assign_dest(dest, v);
                }
                // A `match` as a statement: its arms are statements too.
                (None, syn::Expr::Block(b)) if b.label.is_none() => l.lower_branch(&b.block.stmts, None, b.span()),
                (None, body) => l.lower_expr_stmt(body),
            }
        };
        if catch_all {
            self.push_scope();
            body(self);
            self.pop_scope();
            return;
        }
        let mut cond = if irrefutable {
            Expr::bool(true, pat.span())
        } else {
            // The test binds nothing (`Some(_)`): a payload is not moved out.
            let test = without_bindings(pat);
            Expr::new(ExprKind::Matches(Box::new(scrut.clone()), quote::quote!(#test)), pat.span())
        };
        if let Some((_, g)) = &arm.guard {
            // The guard reads the bindings where they are taken.
            self.push_scope();
            for (name, value) in &values {
                self.bind(name, Binding::Value(value.clone()));
            }
            let g = self.lower_expr(g);
            self.pop_scope();
            cond = if irrefutable { g } else { Expr::binary(BinOp::And, cond, g, arm.span()) };
        }
        let (then_blk, ()) = self.block(body);
        let (else_blk, ()) = self.block(|l| l.lower_arms(scrut, rest, dest, span));
        self.emit(StmtKind::If { cond, then_blk, else_blk }, arm.span());
    }
}
