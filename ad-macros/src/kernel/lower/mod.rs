//! Parsing and validation of a `#[kernel]` function into the kernel IR: the
//! signature, then the body statement by statement. Everything outside the
//! kernel subset is a spanned error saying what is supported; all of them
//! are collected in one pass.

mod expr;
mod stmt;

use super::ir::*;
use super::types::{Solver, TyVar};
use crate::diag::Diag;
use proc_macro2::Span;
use syn::spanned::Spanned;

pub const SUPPORTED: &str = "a kernel body may use f32, f64, integer and bool scalars, `&[T]` and `&mut [T]` \
     parameters, indexing, `.len()`, arithmetic, comparisons, `as` casts, float methods, `let`, assignments, \
     `if`, `for` over a range, `while`, and the intrinsics of `parad::gpu` (thread_idx, block_idx, block_dim, \
     grid_dim, global_index, sync_threads, shared)";

pub struct Lowered {
    /// `None` when the body has errors (all reported).
    pub kernel: Option<Kernel>,
    /// When only the body has errors: the kernel with its parameters and an
    /// empty body, so that the launches keep their signatures and the
    /// user's calls of them type-check while the errors are shown.
    pub stub: Option<Kernel>,
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
    local_tv: IdVec<VarId, TyVar>,
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
        kernel: Kernel {
            name: func.sig.ident.clone(),
            params: vec![],
            locals: IdVec::new(),
            shared: vec![],
            body: vec![],
        },
        local_tv: IdVec::new(),
        scopes: vec![vec![]],
        paths: vec![],
        depth: 0,
        float_receivers: vec![],
    };
    l.signature(&func.sig);
    let signature_ok = diag.error_count() == errors_before;
    let body = l.block(&func.block.stmts);
    l.kernel.body = body;
    l.finish_types();
    let ok = diag.error_count() == errors_before;
    let stub = (!ok && signature_ok).then(|| Kernel {
        name: l.kernel.name.clone(),
        params: l.kernel.params.clone(),
        locals: IdVec::new(),
        shared: vec![],
        body: vec![],
    });
    Lowered { kernel: ok.then_some(l.kernel), stub, intrinsic_paths: l.paths }
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

    fn finish_types(&mut self) {
        for (span, msg) in std::mem::take(&mut self.solver.errors) {
            self.diag.error(span, msg);
        }
        for (tv, span, name) in std::mem::take(&mut self.float_receivers) {
            if !self.solver.resolve(tv).is_float() {
                self.diag.error(span, format!("`{name}` is a method of f32 and f64 in a kernel"));
            }
        }
        for (v, &tv) in self.local_tv.iter_enumerated() {
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
