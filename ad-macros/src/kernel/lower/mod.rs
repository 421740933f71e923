//! Parsing and validation of a `#[kernel]` function into the kernel IR: the
//! signature, then the body statement by statement. Everything outside the
//! kernel subset is a spanned error saying what is supported; all of them
//! are collected in one pass.

mod expr;

use super::ir::*;
use super::types::{Solver, TyVar};
use crate::diag::Diag;
use proc_macro2::Span;
use syn::spanned::Spanned;
use super::ir::ends;

pub const SUPPORTED: &str = "a kernel body may use f32, f64, integer and bool scalars, `&[T]` and `&mut [T]` \
     parameters, indexing, `.len()`, arithmetic, comparisons, `as` casts, float methods, `let`, assignments, \
     `if`, `for` over a range, `while`, and the intrinsics of `parad::gpu` (thread_idx, block_idx, block_dim, \
     grid_dim, global_index, sync_threads, shared)";

pub struct Lowered {
    /// `None` when the body has errors (all reported).
    pub kernel: Option<Kernel>,
    /// The paths by which the body named the intrinsics, so that the
    /// generated code can refer to them and the user's imports are used.
    pub intrinsic_paths: Vec<syn::Path>,
}

#[derive(Clone, Copy)]
enum Binding {
    Local(VarId),
    Param(usize),
    Shared(usize),
}

pub(super) struct Lower<'d> {
    diag: &'d Diag,
    solver: Solver,
    kernel: Kernel,
    local_tv: Vec<TyVar>,
    scopes: Vec<Vec<(String, Binding)>>,
    paths: Vec<syn::Path>,
    /// How deep in `if`/loops the statement being lowered is.
    depth: usize,
    /// Float-only methods, checked once the types are known.
    float_receivers: Vec<(TyVar, Span, &'static str)>,
}

/// Lowers `func`; errors go to `diag`.
pub fn lower(func: &syn::ItemFn, diag: &Diag) -> Lowered {
    let errors_before = diag.error_count();
    let mut l = Lower {
        diag,
        solver: Solver::default(),
        kernel: Kernel { name: func.sig.ident.clone(), params: vec![], locals: vec![], shared: vec![], body: vec![] },
        local_tv: vec![],
        scopes: vec![vec![]],
        paths: vec![],
        depth: 0,
        float_receivers: vec![],
    };
    l.signature(&func.sig);
    let body = l.block(&func.block.stmts);
    l.kernel.body = body;
    l.finish_types();
    let ok = diag.error_count() == errors_before;
    Lowered { kernel: ok.then_some(l.kernel), intrinsic_paths: l.paths }
}

/// The type named by `ty` if it is a scalar of the subset.
fn scalar(ty: &syn::Type) -> Option<Ty> {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() && p.path.segments.len() == 1 => {
            Ty::from_name(&p.path.segments[0].ident.to_string())
        }
        syn::Type::Paren(p) => scalar(&p.elem),
        _ => None,
    }
}

fn param_kind(ty: &syn::Type) -> Option<ParamKind> {
    if let Some(t) = scalar(ty) {
        return Some(ParamKind::Scalar(t));
    }
    match ty {
        syn::Type::Reference(r) => match &*r.elem {
            syn::Type::Slice(s) => match scalar(&s.elem) {
                Some(Ty::Bool) | None => None,
                Some(elem) => Some(ParamKind::Slice { elem, mutable: r.mutability.is_some() }),
            },
            _ => None,
        },
        _ => None,
    }
}

impl Lower<'_> {
    fn signature(&mut self, sig: &syn::Signature) {
        let d = self.diag;
        if let Some(a) = &sig.asyncness {
            d.error(a.span(), "a kernel cannot be `async`");
        }
        if let Some(u) = &sig.unsafety {
            d.error(u.span(), "a kernel cannot be `unsafe fn`: the macro checks its body instead");
        }
        if !sig.generics.params.is_empty() {
            d.error_spanned(&sig.generics, "kernels cannot be generic: write the kernel for f32 or f64");
        }
        if let syn::ReturnType::Type(_, ty) = &sig.output {
            d.error_spanned(ty, "a kernel returns nothing: it writes its results into `&mut [T]` parameters");
        }
        for input in &sig.inputs {
            let syn::FnArg::Typed(pt) = input else {
                d.error_spanned(input, "a kernel is a free function, without `self`");
                continue;
            };
            let name = match &*pt.pat {
                syn::Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() && pi.mutability.is_none() => {
                    pi.ident.clone()
                }
                other => {
                    d.error_spanned(other, "kernel parameters are plain names (`x: &[f64]`)");
                    continue;
                }
            };
            let Some(kind) = param_kind(&pt.ty) else {
                d.error_spanned(
                    &pt.ty,
                    "kernel parameters are f32, f64, integer or bool scalars, or slices `&[T]` / `&mut [T]` of \
                     f32, f64 or integers",
                );
                continue;
            };
            let idx = self.kernel.params.len();
            let taken = self.kernel.taken();
            let cname = super::names::unique(&name.to_string(), name.span(), &taken);
            if cname != name {
                d.error(name.span(), format!("`{name}` cannot name a kernel parameter (the CUDA source reserves it)"));
            }
            self.kernel.params.push(Param { name, kind, role: Role::User });
            self.scopes[0].push((cname.to_string(), Binding::Param(idx)));
        }
    }

    fn lookup(&self, name: &str) -> Option<Binding> {
        self.scopes.iter().rev().flat_map(|s| s.iter().rev()).find(|(n, _)| n == name).map(|(_, b)| *b)
    }

    fn bind(&mut self, name: &syn::Ident, b: Binding) {
        self.scopes.last_mut().unwrap().push((name.to_string(), b));
    }

    fn new_local(&mut self, name: &syn::Ident, tv: TyVar, mutable: bool) -> VarId {
        let v = self.kernel.add_local(&name.to_string(), Ty::Bool, name.span());
        self.kernel.locals[v].mutable = mutable;
        self.local_tv.push(tv);
        self.bind(name, Binding::Local(v));
        v
    }

    fn block(&mut self, stmts: &[syn::Stmt]) -> Vec<Stmt> {
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
            syn::Stmt::Item(i) => self.diag.error_spanned(i, format!("items cannot be declared in a kernel; {SUPPORTED}")),
            syn::Stmt::Macro(m) => self.diag.error_spanned(&m.mac, format!("macros are not supported in a kernel; {SUPPORTED}")),
        }
    }

    fn local(&mut self, l: &syn::Local, out: &mut Vec<Stmt>) {
        let (pat, annot) = match &l.pat {
            syn::Pat::Type(pt) => (&*pt.pat, Some(&*pt.ty)),
            p => (p, None),
        };
        let (name, mutable) = match pat {
            syn::Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() => (pi.ident.clone(), pi.mutability.is_some()),
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
            self.diag.error_spanned(init, format!("{what}: write `let tile = shared::<f64, 256>();` (element type, length)"));
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
            syn::GenericArgument::Const(syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. })) => i.base10_parse::<usize>().ok(),
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
        let name = super::names::unique(&name.to_string(), name.span(), &taken);
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
    fn write(&mut self, target: &syn::Expr, op: Option<crate::ir::BinOp>, value: Expr, span: Span, out: &mut Vec<Stmt>) {
        match target {
            syn::Expr::Path(p) if p.path.get_ident().is_some() => {
                let name = p.path.get_ident().unwrap();
                match self.lookup(&name.to_string()) {
                    Some(Binding::Local(var)) => {
                        if !self.kernel.locals[var].mutable {
                            self.diag.error(
                                name.span(),
                                format!("cannot assign twice to immutable variable `{name}`: declare it `let mut {name}`"),
                            );
                        }
                        let tv = self.local_tv[var];
                        let cur = Expr { tv, ..Expr::var(var, Ty::Bool, name.span()) };
                        let value = self.combine(op, cur, value, span);
                        self.solver.unify(value.tv, tv, span);
                        out.push(Stmt::new(StmtKind::Assign { var, value }, span));
                    }
                    Some(_) => self.diag.error_spanned(target, "only locals, `&mut` slice elements and shared array elements can be assigned"),
                    None => self.diag.error(name.span(), format!("cannot find `{name}` in this kernel")),
                }
            }
            syn::Expr::Index(ix) => {
                let Some((buf, idx)) = self.index(ix) else { return };
                if let Buf::Param(p) = buf {
                    if matches!(self.kernel.params[p].kind, ParamKind::Slice { mutable: false, .. }) {
                        self.diag.error_spanned(
                            &ix.expr,
                            format!("`{}` is a `&[T]` parameter: a kernel writes only `&mut [T]` slices and shared arrays", self.kernel.params[p].name),
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
            _ => self.diag.error_spanned(target, "only locals, `&mut` slice elements and shared array elements can be assigned"),
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

    fn finish_types(&mut self) {
        for (span, msg) in std::mem::take(&mut self.solver.errors) {
            self.diag.error(span, msg);
        }
        for (tv, span, name) in std::mem::take(&mut self.float_receivers) {
            if !self.solver.resolve(tv).is_float() {
                self.diag.error(span, format!("`{name}` is a method of f32 and f64 in a kernel"));
            }
        }
        for (v, tv) in self.local_tv.clone().into_iter().enumerate() {
            self.kernel.locals[v].ty = self.solver.resolve(tv);
        }
        let mut body = std::mem::take(&mut self.kernel.body);
        for s in &mut body {
            resolve_stmt(s, &mut self.solver);
        }
        self.kernel.body = body;
    }
}

fn resolve_stmt(s: &mut Stmt, solver: &mut Solver) {
    match &mut s.kind {
        StmtKind::Let { init: e, .. } | StmtKind::Assign { value: e, .. } => resolve_expr(e, solver),
        StmtKind::Store { idx, value, .. } => {
            resolve_expr(idx, solver);
            resolve_expr(value, solver);
        }
        StmtKind::If { cond, then, els } => {
            resolve_expr(cond, solver);
            then.iter_mut().chain(els.iter_mut()).for_each(|s| resolve_stmt(s, solver));
        }
        StmtKind::For { lo, hi, body, .. } => {
            resolve_expr(lo, solver);
            resolve_expr(hi, solver);
            body.iter_mut().for_each(|s| resolve_stmt(s, solver));
        }
        StmtKind::While { cond, body } => {
            resolve_expr(cond, solver);
            body.iter_mut().for_each(|s| resolve_stmt(s, solver));
        }
        _ => {}
    }
}

fn resolve_expr(e: &mut Expr, solver: &mut Solver) {
    if e.tv != usize::MAX {
        e.ty = solver.resolve(e.tv);
    }
    match &mut e.kind {
        ExprKind::Load(_, i) | ExprKind::Unary(_, i) | ExprKind::Cast(i) => resolve_expr(i, solver),
        ExprKind::Binary(_, a, b) => {
            resolve_expr(a, solver);
            resolve_expr(b, solver);
        }
        ExprKind::Method(_, r, args) => {
            resolve_expr(r, solver);
            args.iter_mut().for_each(|a| resolve_expr(a, solver));
        }
        ExprKind::Select(c, a, b) => {
            resolve_expr(c, solver);
            resolve_expr(a, solver);
            resolve_expr(b, solver);
        }
        _ => {}
    }
}

fn strip_parens(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Paren(p) => strip_parens(&p.expr),
        e => e,
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
