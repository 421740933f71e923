//! Closures stored in variables (`let scale = |v: f64| k * v;`). Each call
//! `scale(a)` is lowered as the closure's body: its parameters bound to the
//! arguments, evaluated first and in order, and every other name resolved
//! in the scopes where the closure was written, as its captures are.
//! Borrowing rules keep what a closure borrows unchanged between its
//! definition and its calls, except through the closure itself; a `move`
//! closure copies its captures when it is made, so it is refused.

use super::state::{Binding, Closure, Lowerer};
use crate::ir::*;
use std::rc::Rc;
use syn::spanned::Spanned;

impl Lowerer<'_> {
    /// `let name = |..| ..;`: binds the closure, or reports what it cannot be.
    pub fn bind_closure(&mut self, name: &syn::Ident, c: &syn::ExprClosure) {
        let refused = if c.capture.is_some() {
            Some("a `move` closure stored in a variable is not supported: it copies what it captures when it is made; drop `move`")
        } else if c.asyncness.is_some() {
            Some("async closures cannot be differentiated")
        } else if returns_early(&c.body) {
            Some("a closure stored in a variable may not `return` or use `?`: its calls are differentiated as its body, in place; end it with its value")
        } else {
            None
        };
        if let Some(msg) = refused {
            self.diag.error_range(c.or1_token.span(), c.or2_token.span(), msg);
            // Its calls then read as calls of a function, without an error of their own.
            return;
        }
        let closure = Closure { def: c.clone(), scopes: self.scopes.clone() };
        self.bind(name, Binding::Closure(Rc::new(closure)));
    }

    /// The closure a name stands for.
    pub fn closure(&self, name: &syn::Ident) -> Option<Rc<Closure>> {
        match self.lookup(&name.to_string()) {
            Some(Binding::Closure(c)) => Some(c.clone()),
            _ => None,
        }
    }

    /// The closure a call calls by name.
    pub fn closure_named(&self, call: &syn::ExprCall) -> Option<Rc<Closure>> {
        let syn::Expr::Path(p) = &*call.func else { return None };
        self.closure(p.path.get_ident()?)
    }

    /// A call of a closure, lowered in place: the value of its body, or
    /// `None` when `value` is false (a call for its effect).
    pub fn inline_closure(&mut self, cl: &Closure, call: &syn::ExprCall, value: bool) -> Option<Expr> {
        let span = call.span();
        let def = &cl.def;
        if call.args.len() != def.inputs.len() {
            self.diag.error(span, format!("this closure takes {} argument(s)", def.inputs.len()));
            return None;
        }
        for param in &def.inputs {
            if let syn::Pat::Type(t) = param {
                if let syn::Type::Reference(r) = &*t.ty {
                    if r.mutability.is_some() {
                        self.diag.error(r.span(), "a closure stored in a variable cannot take `&mut`: write to the buffer in the closure's body, or use a function");
                        return None;
                    }
                }
            }
        }
        let args: Vec<Expr> = call.args.iter().map(|a| self.lower_value(a, None)).collect();
        let caller = std::mem::replace(&mut self.scopes, cl.scopes.clone());
        self.push_scope();
        for (param, arg) in def.inputs.iter().zip(args) {
            let (pat, annot) = match param {
                // `|v: &f64|` holds the value: the IR has no references.
                syn::Pat::Type(t) => (&*t.pat, Some(referent(&t.ty).clone())),
                other => (other, None),
            };
            match pat {
                // A variable or a literal passed to a parameter the body does
                // not assign is used as it is: the closure cannot change it.
                syn::Pat::Ident(pi)
                    if pi.mutability.is_none() && pi.by_ref.is_none() && pi.subpat.is_none() && is_plain(&arg) =>
                {
                    self.bind(&pi.ident, Binding::Value(arg))
                }
                syn::Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() => {
                    let v = self.bind_new(&pi.ident, annot);
                    self.emit(StmtKind::Let { var: v, init: Init::Expr(arg) }, pi.ident.span());
                }
                syn::Pat::Wild(_) => {}
                other => {
                    self.diag.error(other.span(), "a closure stored in a variable takes plain names (`|x, i|`) or `_`")
                }
            }
        }
        let out = if value {
            let t = self.new_var(&closure_temp_name(call), span, VarOrigin::Temp, None);
            let v = self.lower_value(&def.body, Some(t));
            match v.kind {
                ExprKind::Read(ref p) if p.is_var() && p.base == t => {}
                _ => self.emit(StmtKind::Let { var: t, init: Init::Expr(v) }, span),
            }
            Some(Expr::var(t, span))
        } else {
            self.lower_expr_stmt(&def.body);
            None
        };
        self.pop_scope();
        self.scopes = caller;
        out
    }
}

/// `T` of `&T`, `&&T`.
fn referent(ty: &syn::Type) -> &syn::Type {
    match ty {
        syn::Type::Reference(r) => referent(&r.elem),
        other => other,
    }
}

fn is_plain(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Read(p) => p.is_var(),
        ExprKind::Lit(_) => true,
        _ => false,
    }
}

/// `return` or `?` in a closure's body (not in a closure inside it).
fn returns_early(body: &syn::Expr) -> bool {
    struct V(bool);
    impl<'a> syn::visit::Visit<'a> for V {
        fn visit_expr_return(&mut self, _: &'a syn::ExprReturn) {
            self.0 = true;
        }
        fn visit_expr_try(&mut self, _: &'a syn::ExprTry) {
            self.0 = true;
        }
        fn visit_expr_closure(&mut self, _: &'a syn::ExprClosure) {}
    }
    let mut v = V(false);
    syn::visit::Visit::visit_expr(&mut v, body);
    v.0
}

fn closure_temp_name(call: &syn::ExprCall) -> String {
    match &*call.func {
        syn::Expr::Path(p) => p.path.segments.last().map_or_else(|| "value".into(), |s| s.ident.to_string()),
        _ => "value".into(),
    }
}
