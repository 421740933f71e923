//! The tangent (forward-mode) kernel, which the forward-mode companion of
//! `launch_cpu` runs (see `companion`): each float parameter is followed by
//! its tangent, and every statement that computes a value carrying
//! derivatives also computes the value's tangent, in the same thread, in
//! the same order: no reversal, no atomics. The derivatives of the float
//! methods are those of `codegen::partials`, applied to a unit seed.

use super::adjoint::Kir;
use super::ir::*;
use crate::codegen::partials::{method_adjoints, Algebra, Powi};
use crate::ir::{BinOp, Method, UnOp};
use proc_macro2::Span;
use std::collections::HashMap;

struct Tan {
    k: Kernel,
    /// The tangent of each float parameter (by the tangent kernel's index).
    tparam: HashMap<usize, usize>,
    tvar: HashMap<VarId, VarId>,
    tbuf: HashMap<Buf, Buf>,
}

/// The tangent kernel of `p`, every float parameter active.
pub fn build(p: &Kernel) -> Kernel {
    let mut k = Kernel { name: syn::Ident::new("__parad_tangent", Span::call_site()), params: vec![], locals: vec![], shared: p.shared.clone(), body: vec![] };
    let mut map = Vec::new();
    let mut tparam = HashMap::new();
    let mut tbuf = HashMap::new();
    for prm in &p.params {
        map.push(k.params.len());
        k.params.push(prm.clone());
        let (ParamKind::Scalar(t) | ParamKind::Slice { elem: t, .. }) = prm.kind;
        if t.is_float() {
            let name = super::names::unique(&crate::codegen::names::derived("t", &prm.name), prm.name.span(), &k.taken());
            k.params.push(Param { name, kind: prm.kind, role: Role::User });
            let (orig, tan) = (k.params.len() - 2, k.params.len() - 1);
            match prm.kind {
                ParamKind::Scalar(_) => {
                    tparam.insert(orig, tan);
                }
                ParamKind::Slice { .. } => {
                    tbuf.insert(Buf::Param(orig), Buf::Param(tan));
                }
            }
        }
    }
    k.locals = p.locals.iter().map(|l| Local { name: l.name.clone(), ty: l.ty, mutable: l.mutable }).collect();
    let body: Vec<Stmt> = p.body.iter().map(|s| super::adjoint::remap_stmt(s, &map)).collect();
    let mut t = Tan { k, tparam, tvar: HashMap::new(), tbuf };
    // Shared arrays all get tangents (zero where nothing active is stored).
    for s in 0..p.shared.len() {
        let sh = t.k.shared[s].clone();
        let name = super::names::unique(&crate::codegen::names::derived("t", &sh.name), sh.name.span(), &t.k.taken());
        t.k.shared.push(Shared { name, ..sh });
        t.tbuf.insert(Buf::Shared(s), Buf::Shared(t.k.shared.len() - 1));
    }
    for (v, l) in p.locals.iter().enumerate() {
        if l.ty.is_float() {
            let tv = t.k.add_local(&crate::codegen::names::derived("t", &l.name), l.ty, Span::call_site());
            t.tvar.insert(v, tv);
        }
    }
    t.k.body = t.block(&body);
    t.k
}

impl Tan {
    fn block(&mut self, stmts: &[Stmt]) -> Vec<Stmt> {
        let mut out = Vec::new();
        for s in stmts {
            let span = s.span;
            let st = |kind| Stmt::new(kind, span);
            match &s.kind {
                StmtKind::Let { var, init } => {
                    if let Some(&tv) = self.tvar.get(var) {
                        out.push(st(StmtKind::Let { var: tv, init: self.tan(init) }));
                    }
                    out.push(s.clone());
                }
                StmtKind::Assign { var, value } => match self.tvar.get(var).copied() {
                    Some(tv) => {
                        // The tangent first: it reads the value being overwritten.
                        let tmp = self.k.add_local("parad_tangent", value.ty, span);
                        out.push(st(StmtKind::Let { var: tmp, init: self.tan(value) }));
                        out.push(s.clone());
                        out.push(st(StmtKind::Assign { var: tv, value: Expr::var(tmp, value.ty, span) }));
                    }
                    None => out.push(s.clone()),
                },
                StmtKind::Store { buf, idx, value } => match self.tbuf.get(buf).copied() {
                    Some(tb) => {
                        let tmp = self.k.add_local("parad_tangent", value.ty, span);
                        out.push(st(StmtKind::Let { var: tmp, init: self.tan(value) }));
                        out.push(s.clone());
                        out.push(st(StmtKind::Store { buf: tb, idx: idx.clone(), value: Expr::var(tmp, value.ty, span) }));
                    }
                    None => out.push(s.clone()),
                },
                StmtKind::If { cond, then, els } => {
                    let (then, els) = (self.block(then), self.block(els));
                    out.push(st(StmtKind::If { cond: cond.clone(), then, els }));
                }
                StmtKind::For { var, lo, hi, rev, body } => {
                    let body = self.block(body);
                    out.push(st(StmtKind::For { var: *var, lo: lo.clone(), hi: hi.clone(), rev: *rev, body }));
                }
                StmtKind::While { cond, body } => {
                    let body = self.block(body);
                    out.push(st(StmtKind::While { cond: cond.clone(), body }));
                }
                _ => out.push(s.clone()),
            }
        }
        out
    }

    /// The tangent of `e` (zero for values without derivatives).
    fn tan(&self, e: &Expr) -> Expr {
        let k = Kir { ty: e.ty, span: e.span };
        let zero = || k.lit(0.0);
        if !e.ty.is_float() {
            return Expr::zero(e.ty, e.span);
        }
        match &e.kind {
            ExprKind::Var(v) => self.tvar.get(v).map_or_else(zero, |tv| Expr::var(*tv, e.ty, e.span)),
            ExprKind::Param(p) => self.tparam.get(p).map_or_else(zero, |tp| Expr::new(ExprKind::Param(*tp), e.ty, e.span)),
            ExprKind::Load(b, i) => match self.tbuf.get(b) {
                Some(tb) => Expr::new(ExprKind::Load(*tb, i.clone()), e.ty, e.span),
                None => zero(),
            },
            ExprKind::Unary(UnOp::Neg, a) => k.neg(&self.tan(a)),
            ExprKind::Binary(op, a, b) => {
                let (ta, tb) = (self.tan(a), self.tan(b));
                match op {
                    BinOp::Add => k.add(&ta, &tb),
                    BinOp::Sub => k.sub(&ta, &tb),
                    BinOp::Mul => k.add(&k.mul(&ta, b), &k.mul(a, &tb)),
                    BinOp::Div => k.sub(&k.div(&ta, b), &k.div(&k.mul(&k.div(a, b), &tb), b)),
                    BinOp::Rem => k.sub(&ta, &k.mul(&tb, &k.method(&k.div(a, b), Method::Trunc, &[]))),
                    _ => zero(),
                }
            }
            ExprKind::Cast(a) if a.ty.is_float() => Expr::new(ExprKind::Cast(Box::new(self.tan(a))), e.ty, e.span),
            ExprKind::Method(m @ (Method::Min | Method::Max), x, args) => {
                let op = if *m == Method::Min { BinOp::Le } else { BinOp::Ge };
                let cond = Expr::binary(op, (**x).clone(), args[0].clone());
                Expr::new(ExprKind::Select(Box::new(cond), Box::new(self.tan(x)), Box::new(self.tan(&args[0]))), e.ty, e.span)
            }
            ExprKind::Method(m, x, args) => {
                let powi = match (m, args.first()) {
                    (Method::Powi, Some(Expr { kind: ExprKind::Int(d), .. })) => d.parse().map_or(Powi::Bad, Powi::Lit),
                    (Method::Powi, Some(n)) => Powi::Expr(n.clone()),
                    _ => Powi::Bad,
                };
                let partials = method_adjoints(&k, *m, x, args, powi, &k.lit(1.0));
                let mut sum: Option<Expr> = None;
                for (operand, d) in std::iter::once(&**x).chain(args).zip(partials) {
                    if let (Some(d), true) = (d, operand.ty.is_float()) {
                        let term = k.mul(&d, &self.tan(operand));
                        sum = Some(match sum {
                            Some(s) => k.add(&s, &term),
                            None => term,
                        });
                    }
                }
                sum.unwrap_or_else(zero)
            }
            ExprKind::Select(c, a, b) => Expr::new(ExprKind::Select(c.clone(), Box::new(self.tan(a)), Box::new(self.tan(b))), e.ty, e.span),
            _ => zero(),
        }
    }
}
