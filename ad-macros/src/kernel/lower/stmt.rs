//! Statements of the kernel subset: `let` (and shared arrays), assignments,
//! `if`, `for`, `while` and barriers.

use super::super::ir::*;
use super::{scalar, Binding, Lower, SUPPORTED};
use crate::syntax::strip_parens;
use proc_macro2::Span;
use syn::spanned::Spanned;

impl Lower<'_> {
    pub(super) fn block(&mut self, stmts: &[syn::Stmt]) -> Vec<Stmt> {
        self.scopes.push(vec![]);
        let mut out = Vec::new();
        for s in stmts {
            self.stmt(s, &mut out);
        }
        self.scopes.pop();
        out
    }

    fn nested(&mut self, stmts: &[syn::Stmt]) -> Vec<Stmt> {
        self.depth += 1;
        let b = self.block(stmts);
        self.depth -= 1;
        b
    }

    fn stmt(&mut self, s: &syn::Stmt, out: &mut Vec<Stmt>) {
        let before = out.len();
        self.stmt_inner(s, out);
        // The statement the source wrote is the last one pushed.
        if out.len() > before {
            let (first, last) = ends(s);
            let st = out.last_mut().unwrap();
            (st.span, st.end) = (first, last);
        }
    }

    fn stmt_inner(&mut self, s: &syn::Stmt, out: &mut Vec<Stmt>) {
        match s {
            syn::Stmt::Local(l) => self.local(l, out),
            syn::Stmt::Expr(e, _) => self.expr_stmt(e, out),
            syn::Stmt::Item(i) => {
                self.diag.error_spanned(i, format!("items cannot be declared in a kernel; {SUPPORTED}"))
            }
            syn::Stmt::Macro(m) => {
                self.diag.error_spanned(&m.mac, format!("macros are not supported in a kernel; {SUPPORTED}"))
            }
        }
    }

    fn local(&mut self, l: &syn::Local, out: &mut Vec<Stmt>) {
        let (pat, annot) = match &l.pat {
            syn::Pat::Type(pt) => (&*pt.pat, Some(&*pt.ty)),
            p => (p, None),
        };
        let (name, mutable) = match pat {
            syn::Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() => {
                (pi.ident.clone(), pi.mutability.is_some())
            }
            other => {
                self.diag.error_spanned(other, "a kernel's `let` binds one name (`let x = ...;`), not a pattern");
                return;
            }
        };
        let Some(init) = &l.init else {
            self.diag.error_spanned(l, "a kernel's `let` needs an initial value");
            return;
        };
        if let Some((_, els)) = &init.diverge {
            self.diag.error_spanned(els, format!("`let ... else` is not supported; {SUPPORTED}"));
            return;
        }
        if let Some(shared) = self.shared_decl(&init.expr, &name) {
            if let Some(s) = shared {
                self.bind(&name, Binding::Shared(s));
            }
            return;
        }
        let Some(value) = self.expr(&init.expr) else { return };
        let mut tv = value.tv;
        if let Some(t) = annot {
            match scalar(t) {
                Some(ty) => {
                    tv = self.solver.known(ty);
                    self.solver.unify(value.tv, tv, value.span);
                }
                None => self.diag.error_spanned(t, "a kernel's locals are f32, f64, integer or bool scalars"),
            }
        }
        let var = self.new_local(&name, tv, mutable);
        out.push(Stmt::new(StmtKind::Let { var, init: value }, name.span()));
    }

    /// `let tile = shared::<F, N>();`: `None` if `init` is not such a call,
    /// `Some(None)` if it is but is invalid (reported).
    fn shared_decl(&mut self, init: &syn::Expr, name: &syn::Ident) -> Option<Option<usize>> {
        let syn::Expr::Call(c) = init else { return None };
        let syn::Expr::Path(p) = &*c.func else { return None };
        let last = p.path.segments.last()?;
        if last.ident != "shared" {
            return None;
        }
        let bad = |what: &str| {
            self.diag.error_spanned(
                init,
                format!("{what}: write `let tile = shared::<f64, 256>();` (element type, length)"),
            );
            Some(None)
        };
        let nested = self.depth > 0;
        let syn::PathArguments::AngleBracketed(args) = &last.arguments else { return bad("missing type and length") };
        let mut it = args.args.iter();
        let (Some(syn::GenericArgument::Type(t)), Some(n), None) = (it.next(), it.next(), it.next()) else {
            return bad("expected two arguments");
        };
        let elem = match scalar(t) {
            Some(Ty::Bool) | None => return bad("the element type is f32, f64 or an integer"),
            Some(e) => e,
        };
        let len = match n {
            syn::GenericArgument::Const(syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. })) => {
                i.base10_parse::<usize>().ok()
            }
            _ => None,
        };
        let Some(len) = len.filter(|&n| n > 0) else { return bad("the length is a positive integer literal") };
        if !c.args.is_empty() {
            return bad("`shared` takes no arguments");
        }
        self.paths.push(p.path.clone());
        if nested {
            // Still declared, so that its uses raise no errors of their own.
            bad("shared arrays are declared at the top level of the kernel, outside `if` and loops");
        }
        let taken = self.kernel.taken();
        let name = super::super::names::unique(&name.to_string(), name.span(), &taken);
        self.kernel.shared.push(Shared { name, elem, len });
        Some(Some(self.kernel.shared.len() - 1))
    }

    fn expr_stmt(&mut self, e: &syn::Expr, out: &mut Vec<Stmt>) {
        let span = e.span();
        match e {
            syn::Expr::Assign(a) => {
                if let Some(value) = self.expr(&a.right) {
                    self.write(&a.left, None, value, span, out);
                }
            }
            syn::Expr::Binary(b) if compound(&b.op).is_some() => {
                if let Some(value) = self.expr(&b.right) {
                    self.write(&b.left, compound(&b.op), value, span, out);
                }
            }
            syn::Expr::If(i) => self.if_stmt(i, out),
            syn::Expr::ForLoop(f) => self.for_loop(f, out),
            syn::Expr::While(w) => {
                if let Some(label) = &w.label {
                    self.diag.error_spanned(label, "loop labels are not supported in a kernel");
                }
                let cond = self.bool_expr(&w.cond);
                let body = self.nested(&w.body.stmts);
                if let Some(cond) = cond {
                    out.push(Stmt::new(StmtKind::While { cond, body }, span));
                }
            }
            syn::Expr::Block(b) if b.label.is_none() => {
                let inner = self.block(&b.block.stmts);
                out.extend(inner);
            }
            syn::Expr::Call(c) if self.is_intrinsic_call(c, "sync_threads") => {
                if let syn::Expr::Path(p) = &*c.func {
                    self.paths.push(p.path.clone());
                }
                if !c.args.is_empty() {
                    self.diag.error_spanned(&c.args, "`sync_threads()` takes no arguments");
                }
                out.push(Stmt::new(StmtKind::Sync, span));
            }
            syn::Expr::Break(_) | syn::Expr::Continue(_) | syn::Expr::Return(_) => self.diag.error_spanned(
                e,
                format!("`break`, `continue` and `return` are not supported in a kernel: guard the rest with `if`; {SUPPORTED}"),
            ),
            syn::Expr::Loop(_) => self.diag.error_spanned(e, format!("`loop` is not supported in a kernel: use `while`; {SUPPORTED}")),
            syn::Expr::Match(_) => self.diag.error_spanned(e, format!("`match` is not supported in a kernel: use `if`; {SUPPORTED}")),
            _ => self.diag.error_spanned(e, format!("this expression is not a statement a kernel supports; {SUPPORTED}")),
        }
    }

    /// `target = value` or `target op= value` for a local or an element.
    fn write(
        &mut self,
        target: &syn::Expr,
        op: Option<crate::ir::BinOp>,
        value: Expr,
        span: Span,
        out: &mut Vec<Stmt>,
    ) {
        match target {
            syn::Expr::Path(p) if p.path.get_ident().is_some() => {
                let name = p.path.get_ident().unwrap();
                match self.lookup(&name.to_string()) {
                    Some(Binding::Local(var)) => {
                        if !self.kernel.locals[var].mutable {
                            self.diag.error(
                                name.span(),
                                format!(
                                    "cannot assign twice to immutable variable `{name}`: declare it `let mut {name}`"
                                ),
                            );
                        }
                        let tv = self.local_tv[var];
                        let cur = Expr { tv, ..Expr::var(var, Ty::Bool, name.span()) };
                        let value = self.combine(op, cur, value, span);
                        self.solver.unify(value.tv, tv, span);
                        out.push(Stmt::new(StmtKind::Assign { var, value }, span));
                    }
                    Some(_) => self.diag.error_spanned(
                        target,
                        "only locals, `&mut` slice elements and shared array elements can be assigned",
                    ),
                    None => self.diag.error(name.span(), format!("cannot find `{name}` in this kernel")),
                }
            }
            syn::Expr::Index(ix) => {
                let Some((buf, idx)) = self.index(ix) else { return };
                if let Buf::Param(p) = buf {
                    if matches!(self.kernel.params[p].kind, ParamKind::Slice { mutable: false, .. }) {
                        self.diag.error_spanned(
                            &ix.expr,
                            format!(
                                "`{}` is a `&[T]` parameter: a kernel writes only `&mut [T]` slices and shared arrays",
                                self.kernel.params[p].name
                            ),
                        );
                        return;
                    }
                }
                let cur = self.load(buf, idx.clone(), span);
                let value = self.combine(op, cur.clone(), value, span);
                self.solver.unify(value.tv, cur.tv, span);
                out.push(Stmt::new(StmtKind::Store { buf, idx, value }, span));
            }
            syn::Expr::Paren(p) => self.write(&p.expr, op, value, span, out),
            _ => self
                .diag
                .error_spanned(target, "only locals, `&mut` slice elements and shared array elements can be assigned"),
        }
    }

    fn combine(&mut self, op: Option<crate::ir::BinOp>, cur: Expr, value: Expr, span: Span) -> Expr {
        match op {
            None => value,
            Some(op) => self.arith(op, cur, value, span),
        }
    }

    fn if_stmt(&mut self, i: &syn::ExprIf, out: &mut Vec<Stmt>) {
        let cond = self.bool_expr(&i.cond);
        let then = self.nested(&i.then_branch.stmts);
        let els = match &i.else_branch {
            None => vec![],
            Some((_, e)) => match &**e {
                syn::Expr::Block(b) => self.nested(&b.block.stmts),
                syn::Expr::If(inner) => {
                    self.depth += 1;
                    let mut v = vec![];
                    self.if_stmt(inner, &mut v);
                    self.depth -= 1;
                    v
                }
                other => {
                    self.expr_stmt(other, out);
                    vec![]
                }
            },
        };
        if let Some(cond) = cond {
            out.push(Stmt::new(StmtKind::If { cond, then, els }, i.if_token.span));
        }
    }

    fn for_loop(&mut self, f: &syn::ExprForLoop, out: &mut Vec<Stmt>) {
        if let Some(label) = &f.label {
            self.diag.error_spanned(label, "loop labels are not supported in a kernel");
        }
        let name = match &*f.pat {
            syn::Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() => pi.ident.clone(),
            other => {
                self.diag.error_spanned(other, "a kernel's `for` binds one name: `for k in 0..n`");
                return;
            }
        };
        let (range, rev) = match &*f.expr {
            syn::Expr::MethodCall(m) if m.method == "rev" && m.args.is_empty() => (strip_parens(&m.receiver), true),
            e => (strip_parens(e), false),
        };
        let syn::Expr::Range(r) = range else {
            self.diag.error_spanned(&f.expr, "a kernel's `for` runs over a range, `lo..hi` or `(lo..hi).rev()`");
            return;
        };
        let (Some(lo), Some(hi), syn::RangeLimits::HalfOpen(_)) = (&r.start, &r.end, &r.limits) else {
            self.diag.error_spanned(r, "a kernel's `for` runs over a half-open range with both ends, `lo..hi`");
            return;
        };
        let (lo, hi) = (self.expr(lo), self.expr(hi));
        let (Some(lo), Some(hi)) = (lo, hi) else { return };
        self.solver.unify(lo.tv, hi.tv, r.span());
        self.scopes.push(vec![]);
        let var = self.new_local(&name, lo.tv, false);
        let body = self.nested(&f.body.stmts);
        self.scopes.pop();
        out.push(Stmt::new(StmtKind::For { var, lo, hi, rev, body }, f.for_token.span));
    }
}

fn compound(op: &syn::BinOp) -> Option<crate::ir::BinOp> {
    use crate::ir::BinOp as B;
    Some(match op {
        syn::BinOp::AddAssign(_) => B::Add,
        syn::BinOp::SubAssign(_) => B::Sub,
        syn::BinOp::MulAssign(_) => B::Mul,
        syn::BinOp::DivAssign(_) => B::Div,
        syn::BinOp::RemAssign(_) => B::Rem,
        syn::BinOp::BitAndAssign(_) => B::BitAnd,
        syn::BinOp::BitOrAssign(_) => B::BitOr,
        syn::BinOp::BitXorAssign(_) => B::BitXor,
        syn::BinOp::ShlAssign(_) => B::Shl,
        syn::BinOp::ShrAssign(_) => B::Shr,
        _ => return None,
    })
}
