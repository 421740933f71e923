//! The adjoint kernel's signature: the primal's parameters in order, each
//! `Duplicated` slice followed by its shadow (`&mut`), as in the reverse
//! signature of `#[autodiff]`; then one single-element buffer per `Active`
//! scalar, into which its derivative is summed over the grid (`launch_cpu`
//! and `launch` allocate it and return its value).

use super::super::ir::*;
use super::state::Adj;
use crate::diag::Diag;
use crate::parse::{Activity, DiffSpec};
use proc_macro2::Span;
use std::collections::HashMap;

pub fn setup<'d>(p: &Kernel, spec: &DiffSpec, diag: &'d Diag) -> Option<(Adj<'d>, Vec<Stmt>)> {
    if !super::super::common::one_activity_each(p, spec, diag) {
        return None;
    }
    let mut params = Vec::new();
    let mut map = Vec::new();
    let mut shadows = Vec::new();
    let mut actives = Vec::new();
    let mut ok = true;
    for (i, (prm, (act, span))) in p.params.iter().zip(&spec.acts).enumerate() {
        map.push(params.len());
        params.push(prm.clone());
        let float = match prm.kind {
            ParamKind::Scalar(t) | ParamKind::Slice { elem: t, .. } => t.is_float(),
        };
        match (act, prm.kind) {
            (Activity::Const, _) => {}
            (Activity::Duplicated, ParamKind::Slice { elem, .. }) if float => {
                shadows.push((i, params.len()));
                let name = crate::names::derived("d", &prm.name);
                params.push(Param {
                    name: crate::names::ident(&name, prm.name.span()),
                    kind: ParamKind::Slice { elem, mutable: true },
                    role: Role::User,
                });
            }
            (Activity::Active, ParamKind::Scalar(t)) if float => actives.push((i, t)),
            (act, kind) => {
                let what = match kind {
                    ParamKind::Scalar(t) if t.is_float() => "a float scalar is `Const` or `Active`",
                    ParamKind::Slice { elem, .. } if elem.is_float() => "a float slice is `Const` or `Duplicated`",
                    _ => "an integer or bool parameter is `Const`",
                };
                diag.error(*span, format!("`{act:?}` does not apply to `{}` here: in a kernel, {what}", prm.name));
                ok = false;
            }
        }
    }
    if !ok {
        return None;
    }
    // Unique names for the shadows, the slots and everything added later.
    let mut k = Kernel {
        name: spec.name.clone(),
        params: vec![],
        locals: IdVec::new(),
        shared: p.shared.clone(),
        body: vec![],
    };
    for prm in params {
        let name = super::super::names::unique(&prm.name.to_string(), prm.name.span(), &k.taken());
        k.params.push(Param { name, ..prm });
    }
    let mut slots = Vec::new();
    for (i, t) in &actives {
        let name = super::super::names::unique(&format!("parad_d{}", p.params[*i].name), Span::call_site(), &k.taken());
        k.params.push(Param { name, kind: ParamKind::Slice { elem: *t, mutable: true }, role: Role::ActiveSlot });
        slots.push(k.params.len() - 1);
    }
    for l in &p.locals {
        k.locals.push(Local { name: l.name.clone(), ty: l.ty, mutable: true });
    }
    let body = p.body.iter().map(|s| remap_stmt(s, &map)).collect();
    let mut a = Adj {
        k,
        diag,
        primal_locals: p.locals.len(),
        active_var: IdVec::filled(false, p.locals.len()),
        shadow_var: HashMap::new(),
        shadow_buf: HashMap::new(),
        scalar_acc: HashMap::new(),
        reductions: Vec::new(),
        written: Default::default(),
        loads: HashMap::new(),
        classes: Default::default(),
        hoisted: Vec::new(),
    };
    for (i, d) in shadows {
        a.shadow_buf.insert(Buf::Param(map[i]), Buf::Param(d));
    }
    for ((i, t), slot) in actives.into_iter().zip(slots) {
        let acc = a.local(&format!("parad_acc_{}", p.params[i].name), t);
        a.scalar_acc.insert(map[i], acc);
        a.reductions.push((acc, Buf::Param(slot), Expr::int(0, Span::call_site())));
    }
    Some((a, body))
}

impl Adj<'_> {
    /// A new local of the adjoint kernel, declared at its top.
    pub fn local(&mut self, name: &str, ty: Ty) -> VarId {
        let v = self.k.add_local(name, ty, Span::call_site());
        self.hoisted.push(v);
        v
    }

    /// A new local declared where it is first assigned (`Let`).
    pub fn temp(&mut self, name: &str, ty: Ty) -> VarId {
        self.k.add_local(name, ty, Span::call_site())
    }
}

fn remap_buf(b: Buf, map: &[usize]) -> Buf {
    match b {
        Buf::Param(i) => Buf::Param(map[i]),
        s => s,
    }
}

pub fn remap_expr(e: &Expr, map: &[usize]) -> Expr {
    let r = |e: &Expr| Box::new(remap_expr(e, map));
    let kind = match &e.kind {
        ExprKind::Param(i) => ExprKind::Param(map[*i]),
        ExprKind::Load(b, i) => ExprKind::Load(remap_buf(*b, map), r(i)),
        ExprKind::Len(b) => ExprKind::Len(remap_buf(*b, map)),
        ExprKind::Unary(op, a) => ExprKind::Unary(*op, r(a)),
        ExprKind::Binary(op, a, b) => ExprKind::Binary(*op, r(a), r(b)),
        ExprKind::Cast(a) => ExprKind::Cast(r(a)),
        ExprKind::Method(m, x, args) => ExprKind::Method(*m, r(x), args.iter().map(|a| remap_expr(a, map)).collect()),
        ExprKind::Select(c, a, b) => ExprKind::Select(r(c), r(a), r(b)),
        k => k.clone(),
    };
    Expr { kind, ..e.clone() }
}

pub fn remap_stmt(s: &Stmt, map: &[usize]) -> Stmt {
    let e = |e: &Expr| remap_expr(e, map);
    let b = |b: &[Stmt]| b.iter().map(|s| remap_stmt(s, map)).collect::<Vec<_>>();
    let kind = match &s.kind {
        StmtKind::Let { var, init } => StmtKind::Let { var: *var, init: e(init) },
        StmtKind::Assign { var, value } => StmtKind::Assign { var: *var, value: e(value) },
        StmtKind::Store { buf, idx, value } => {
            StmtKind::Store { buf: remap_buf(*buf, map), idx: e(idx), value: e(value) }
        }
        StmtKind::If { cond, then, els } => StmtKind::If { cond: e(cond), then: b(then), els: b(els) },
        StmtKind::For { var, lo, hi, rev, body } => {
            StmtKind::For { var: *var, lo: e(lo), hi: e(hi), rev: *rev, body: b(body) }
        }
        StmtKind::While { cond, body } => StmtKind::While { cond: e(cond), body: b(body) },
        k => k.clone(),
    };
    Stmt { kind, span: s.span, end: s.end }
}
