//! Expressions of the kernel subset, typed as they are lowered.

use super::super::ir::*;
use super::{Binding, Lower, SUPPORTED};
use crate::ir::{BinOp, Method, UnOp};
use proc_macro2::Span;
use syn::spanned::Spanned;

impl Lower<'_> {
    fn typed(&mut self, kind: ExprKind, tv: usize, span: Span) -> Expr {
        Expr { tv, ..Expr::new(kind, Ty::Bool, span) }
    }

    pub(super) fn bool_expr(&mut self, e: &syn::Expr) -> Option<Expr> {
        let x = self.expr(e)?;
        let b = self.solver.known(Ty::Bool);
        self.solver.unify(x.tv, b, e.span());
        Some(x)
    }

    pub(super) fn load(&mut self, buf: Buf, idx: Expr, span: Span) -> Expr {
        let tv = self.solver.known(self.kernel.buf_elem(buf));
        self.typed(ExprKind::Load(buf, Box::new(idx)), tv, span)
    }

    pub(super) fn arith(&mut self, op: BinOp, a: Expr, b: Expr, span: Span) -> Expr {
        let tv = if op.is_comparison() {
            self.solver.unify(a.tv, b.tv, span);
            self.solver.known(Ty::Bool)
        } else if op.is_logical() {
            let t = self.solver.known(Ty::Bool);
            self.solver.unify(a.tv, t, span);
            self.solver.unify(b.tv, t, span);
            t
        } else if matches!(op, BinOp::Shl | BinOp::Shr) {
            let i = self.solver.some_int();
            self.solver.unify(b.tv, i, span);
            a.tv
        } else {
            self.solver.unify(a.tv, b.tv, span);
            a.tv
        };
        self.typed(ExprKind::Binary(op, Box::new(a), Box::new(b)), tv, span)
    }

    pub(super) fn is_intrinsic_call(&self, c: &syn::ExprCall, name: &str) -> bool {
        matches!(&*c.func, syn::Expr::Path(p) if p.qself.is_none() && p.path.segments.last().is_some_and(|s| s.ident == name && s.arguments.is_empty()))
    }

    /// The buffer and index of `buf[idx]`.
    pub(super) fn index(&mut self, ix: &syn::ExprIndex) -> Option<(Buf, Expr)> {
        let buf = self.buffer(&ix.expr)?;
        let idx = self.expr(&ix.index)?;
        let u = self.solver.known(Ty::USIZE);
        self.solver.unify(idx.tv, u, ix.index.span());
        Some((buf, idx))
    }

    fn buffer(&mut self, e: &syn::Expr) -> Option<Buf> {
        if let syn::Expr::Path(p) = e {
            if let Some(id) = p.path.get_ident() {
                match self.lookup(&id.to_string()) {
                    Some(Binding::Param(i)) if matches!(self.kernel.params[i].kind, ParamKind::Slice { .. }) => {
                        return Some(Buf::Param(i))
                    }
                    Some(Binding::Shared(s)) => return Some(Buf::Shared(s)),
                    None => {
                        self.diag.error(id.span(), format!("cannot find `{id}` in this kernel"));
                        return None;
                    }
                    _ => {}
                }
            }
        }
        self.diag.error_spanned(e, "only slice parameters and shared arrays can be indexed in a kernel");
        None
    }

    pub(super) fn expr(&mut self, e: &syn::Expr) -> Option<Expr> {
        let mut x = self.expr_inner(e)?;
        (x.span, x.end) = ends(e);
        Some(x)
    }

    fn expr_inner(&mut self, e: &syn::Expr) -> Option<Expr> {
        let span = e.span();
        match e {
            syn::Expr::Lit(l) => self.lit(&l.lit),
            syn::Expr::Paren(p) => self.expr(&p.expr),
            syn::Expr::Group(g) => self.expr(&g.expr),
            syn::Expr::Path(p) if p.qself.is_none() && p.path.get_ident().is_some() => {
                let id = p.path.get_ident().unwrap();
                match self.lookup(&id.to_string()) {
                    Some(Binding::Local(v)) => {
                        let tv = self.local_tv[v];
                        Some(self.typed(ExprKind::Var(v), tv, id.span()))
                    }
                    Some(Binding::Param(i)) => match self.kernel.params[i].kind {
                        ParamKind::Scalar(t) => {
                            let tv = self.solver.known(t);
                            Some(self.typed(ExprKind::Param(i), tv, id.span()))
                        }
                        ParamKind::Slice { .. } => {
                            self.diag.error(
                                id.span(),
                                format!("a slice is used indexed (`{id}[i]`) or by `{id}.len()` in a kernel"),
                            );
                            None
                        }
                    },
                    Some(Binding::Shared(_)) => {
                        self.diag
                            .error(id.span(), format!("a shared array is used indexed (`{id}[i]`) or by `{id}.len()`"));
                        None
                    }
                    None => {
                        self.diag.error(id.span(), format!("cannot find `{id}` in this kernel"));
                        None
                    }
                }
            }
            syn::Expr::Index(ix) => {
                let (buf, idx) = self.index(ix)?;
                Some(self.load(buf, idx, span))
            }
            syn::Expr::Binary(b) => {
                let Some(op) = binop(&b.op) else {
                    self.diag.error_spanned(e, "an assignment is a statement, not a value, in a kernel");
                    return None;
                };
                let (l, r) = (self.expr(&b.left), self.expr(&b.right));
                Some(self.arith(op, l?, r?, b.op.span()))
            }
            syn::Expr::Unary(u) => {
                let op = match u.op {
                    syn::UnOp::Neg(_) => UnOp::Neg,
                    syn::UnOp::Not(_) => UnOp::Not,
                    _ => {
                        self.diag.error_spanned(e, format!("dereferencing is not supported in a kernel; {SUPPORTED}"));
                        return None;
                    }
                };
                let x = self.expr(&u.expr)?;
                let tv = x.tv;
                Some(self.typed(ExprKind::Unary(op, Box::new(x)), tv, span))
            }
            syn::Expr::Cast(c) => {
                let x = self.expr(&c.expr)?;
                let Some(t) = super::scalar(&c.ty) else {
                    self.diag.error_spanned(&c.ty, "a kernel casts to f32, f64, an integer type or bool");
                    return None;
                };
                let any = self.solver.any();
                self.solver.unify(x.tv, any, c.expr.span());
                let tv = self.solver.known(t);
                Some(self.typed(ExprKind::Cast(Box::new(x)), tv, span))
            }
            syn::Expr::MethodCall(m) => self.method(m),
            syn::Expr::Call(c) => self.call(c),
            syn::Expr::If(i) => self.select(i),
            _ => {
                self.diag.error_spanned(e, format!("this expression is not supported in a kernel; {SUPPORTED}"));
                None
            }
        }
    }

    fn lit(&mut self, l: &syn::Lit) -> Option<Expr> {
        let span = l.span();
        match l {
            syn::Lit::Float(f) => {
                let tv = match f.suffix() {
                    "" => self.solver.some_float(),
                    s => self.solver.known(Ty::from_name(s)?),
                };
                Some(self.typed(ExprKind::Float(f.base10_digits().to_string()), tv, span))
            }
            syn::Lit::Int(i) => {
                let tv = match i.suffix() {
                    "" => self.solver.some_int(),
                    s => match Ty::from_name(s) {
                        Some(t) => self.solver.known(t),
                        None => {
                            self.diag.error(span, "unsupported literal suffix");
                            return None;
                        }
                    },
                };
                if Ty::from_name(i.suffix()).is_some_and(|t| t.is_float()) {
                    return Some(self.typed(ExprKind::Float(i.base10_digits().to_string()), tv, span));
                }
                Some(self.typed(ExprKind::Int(i.base10_digits().to_string()), tv, span))
            }
            syn::Lit::Bool(b) => {
                let tv = self.solver.known(Ty::Bool);
                Some(self.typed(ExprKind::Bool(b.value), tv, span))
            }
            _ => {
                self.diag.error(span, "kernels use numeric and bool literals only");
                None
            }
        }
    }

    fn method(&mut self, m: &syn::ExprMethodCall) -> Option<Expr> {
        let name = m.method.to_string();
        let span = m.method.span();
        if name == "len" && m.args.is_empty() {
            let buf = self.buffer(&m.receiver)?;
            let tv = self.solver.known(Ty::USIZE);
            return Some(self.typed(ExprKind::Len(buf), tv, span));
        }
        let method = Method::from_name(&name)
            .filter(|k| !matches!(k, Method::Pow | Method::DivCeil | Method::SaturatingSub | Method::WrappingAdd));
        let Some(method) = method else {
            self.diag.error(
                span,
                format!(
                    "`{name}` is not supported in a kernel: the methods are `len` of slices and the float methods \
                     sin cos tan asin acos atan atan2 sinh cosh tanh exp exp2 exp_m1 ln ln_1p log2 log10 sqrt cbrt \
                     powi powf hypot abs min max mul_add recip floor ceil round trunc signum"
                ),
            );
            return None;
        };
        if m.turbofish.is_some() {
            self.diag.error_spanned(&m.turbofish, "method type arguments are not supported in a kernel");
        }
        if m.args.len() != method.arity() {
            self.diag.error_spanned(m, format!("`{name}` takes {} argument(s)", method.arity()));
            return None;
        }
        let recv = self.expr(&m.receiver)?;
        let args: Vec<Expr> = m.args.iter().map(|a| self.expr(a)).collect::<Option<_>>()?;
        match method {
            Method::Min | Method::Max | Method::Abs | Method::Signum => {}
            _ => self.float_receivers.push((recv.tv, span, method.name())),
        }
        for (a, syn_a) in args.iter().zip(&m.args) {
            let want = if method == Method::Powi { self.solver.known(Ty::Int(IntTy::I32)) } else { recv.tv };
            self.solver.unify(a.tv, want, syn_a.span());
        }
        let tv = recv.tv;
        Some(self.typed(ExprKind::Method(method, Box::new(recv), args), tv, span))
    }

    fn call(&mut self, c: &syn::ExprCall) -> Option<Expr> {
        let syn::Expr::Path(p) = &*c.func else {
            self.diag.error_spanned(c, format!("calls are not supported in a kernel; {SUPPORTED}"));
            return None;
        };
        let last = p.path.segments.last()?;
        match Intrinsic::from_name(&last.ident.to_string()) {
            Some(i) if c.args.is_empty() && last.arguments.is_empty() => {
                self.paths.push(p.path.clone());
                let tv = self.solver.known(Ty::USIZE);
                Some(self.typed(ExprKind::Intrinsic(i), tv, c.span()))
            }
            _ if last.ident == "sync_threads" => {
                self.diag.error_spanned(c, "`sync_threads()` is a statement of its own");
                None
            }
            _ if last.ident == "shared" => {
                self.diag.error_spanned(
                    c,
                    "`shared::<T, N>()` initialises a `let` at the top level: `let tile = shared::<f64, 256>();`",
                );
                None
            }
            _ => {
                self.diag.error_spanned(
                    c,
                    format!(
                        "calls are not supported in a kernel (the CUDA source cannot call Rust functions); the \
                         callable functions are the intrinsics of `parad::gpu`; {SUPPORTED}"
                    ),
                );
                None
            }
        }
    }

    /// `if c { a } else { b }` as a value: each branch one expression.
    fn select(&mut self, i: &syn::ExprIf) -> Option<Expr> {
        let single = |b: &syn::Block| match b.stmts.as_slice() {
            [syn::Stmt::Expr(e, None)] => Some(e.clone()),
            _ => None,
        };
        let then = single(&i.then_branch);
        let els = match &i.else_branch {
            Some((_, e)) => match &**e {
                syn::Expr::Block(b) => single(&b.block),
                other @ syn::Expr::If(_) => Some(other.clone()),
                _ => None,
            },
            None => None,
        };
        let (Some(then), Some(els)) = (then, els) else {
            self.diag.error_spanned(
                i,
                "an `if` used as a value has one expression in each branch and an `else`: `if c { a } else { b }`",
            );
            return None;
        };
        let cond = self.bool_expr(&i.cond);
        let (a, b) = (self.expr(&then), self.expr(&els));
        let (cond, a, b) = (cond?, a?, b?);
        self.solver.unify(a.tv, b.tv, i.if_token.span);
        let tv = a.tv;
        Some(self.typed(ExprKind::Select(Box::new(cond), Box::new(a), Box::new(b)), tv, i.if_token.span))
    }
}

fn binop(op: &syn::BinOp) -> Option<BinOp> {
    Some(match op {
        syn::BinOp::Add(_) => BinOp::Add,
        syn::BinOp::Sub(_) => BinOp::Sub,
        syn::BinOp::Mul(_) => BinOp::Mul,
        syn::BinOp::Div(_) => BinOp::Div,
        syn::BinOp::Rem(_) => BinOp::Rem,
        syn::BinOp::And(_) => BinOp::And,
        syn::BinOp::Or(_) => BinOp::Or,
        syn::BinOp::BitAnd(_) => BinOp::BitAnd,
        syn::BinOp::BitOr(_) => BinOp::BitOr,
        syn::BinOp::BitXor(_) => BinOp::BitXor,
        syn::BinOp::Shl(_) => BinOp::Shl,
        syn::BinOp::Shr(_) => BinOp::Shr,
        syn::BinOp::Eq(_) => BinOp::Eq,
        syn::BinOp::Ne(_) => BinOp::Ne,
        syn::BinOp::Lt(_) => BinOp::Lt,
        syn::BinOp::Le(_) => BinOp::Le,
        syn::BinOp::Gt(_) => BinOp::Gt,
        syn::BinOp::Ge(_) => BinOp::Ge,
        _ => return None,
    })
}
