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

/// The tangent kernel of `p`, named `name`, in which the parameters
/// marked in `dual` (floats only) are followed by their tangents; the
/// others have none (a zero tangent).
pub fn build(p: &Kernel, name: syn::Ident, dual: &[bool]) -> Kernel {
    let mut k = Kernel { name, params: vec![], locals: IdVec::new(), shared: p.shared.clone(), body: vec![] };
    let mut map = Vec::new();
    let mut tparam = HashMap::new();
    let mut tbuf = HashMap::new();
    for (prm, &dual) in p.params.iter().zip(dual) {
        map.push(k.params.len());
        k.params.push(prm.clone());
        let (ParamKind::Scalar(t) | ParamKind::Slice { elem: t, .. }) = prm.kind;
        if t.is_float() && dual {
            let name = super::names::unique(&crate::names::derived("t", &prm.name), prm.name.span(), &k.taken());
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
        let name = super::names::unique(&crate::names::derived("t", &sh.name), sh.name.span(), &t.k.taken());
        t.k.shared.push(Shared { name, ..sh });
        t.tbuf.insert(Buf::Shared(s), Buf::Shared(t.k.shared.len() - 1));
    }
    for (v, l) in p.locals.iter_enumerated() {
        if l.ty.is_float() {
            let tv = t.k.add_local(&crate::names::derived("t", &l.name), l.ty, Span::call_site());
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
                        out.push(st(StmtKind::Store {
                            buf: tb,
                            idx: idx.clone(),
                            value: Expr::var(tmp, value.ty, span),
                        }));
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
            ExprKind::Param(p) => {
                self.tparam.get(p).map_or_else(zero, |tp| Expr::new(ExprKind::Param(*tp), e.ty, e.span))
            }
            ExprKind::Load(b, i) => match self.tbuf.get(b) {
                Some(tb) => Expr::new(ExprKind::Load(*tb, i.clone()), e.ty, e.span),
                None => zero(),
            },
            ExprKind::Unary(UnOp::Neg, a) => {
                let ta = self.tan(a);
                if is_zero(&ta) {
                    ta
                } else {
                    k.neg(&ta)
                }
            }
            ExprKind::Binary(op, a, b) => {
                let (ta, tb) = (self.tan(a), self.tan(b));
                // Terms of a zero tangent are left out (a `Const` operand).
                let unless_zero = |t: &Expr, term: &dyn Fn() -> Expr| if is_zero(t) { zero() } else { term() };
                let terms = match op {
                    BinOp::Add => vec![(ta, false), (tb, false)],
                    BinOp::Sub => vec![(ta, false), (tb, true)],
                    BinOp::Mul => {
                        vec![(unless_zero(&ta, &|| k.mul(&ta, b)), false), (unless_zero(&tb, &|| k.mul(a, &tb)), false)]
                    }
                    BinOp::Div => vec![
                        (unless_zero(&ta, &|| k.div(&ta, b)), false),
                        (unless_zero(&tb, &|| k.div(&k.mul(&k.div(a, b), &tb), b)), true),
                    ],
                    BinOp::Rem => vec![
                        (ta.clone(), false),
                        (unless_zero(&tb, &|| k.mul(&tb, &k.method(&k.div(a, b), Method::Trunc, &[]))), true),
                    ],
                    _ => vec![],
                };
                sum(&k, terms)
            }
            ExprKind::Cast(a) if a.ty.is_float() => Expr::new(ExprKind::Cast(Box::new(self.tan(a))), e.ty, e.span),
            ExprKind::Method(m @ (Method::Min | Method::Max), x, args) => {
                let op = if *m == Method::Min { BinOp::Le } else { BinOp::Ge };
                let cond = Expr::binary(op, (**x).clone(), args[0].clone());
                Expr::new(
                    ExprKind::Select(Box::new(cond), Box::new(self.tan(x)), Box::new(self.tan(&args[0]))),
                    e.ty,
                    e.span,
                )
            }
            ExprKind::Method(m, x, args) => {
                let powi = match (m, args.first()) {
                    (Method::Powi, Some(Expr { kind: ExprKind::Int(d), .. })) => d.parse().map_or(Powi::Bad, Powi::Lit),
                    (Method::Powi, Some(n)) => Powi::Expr(n.clone()),
                    _ => Powi::Bad,
                };
                let partials = method_adjoints(&k, *m, x, args, powi, &k.lit(1.0));
                let mut terms = Vec::new();
                for (operand, d) in std::iter::once(&**x).chain(args).zip(partials) {
                    let t = self.tan(operand);
                    if let (Some(d), false) = (d, is_zero(&t)) {
                        terms.push((k.mul(&d, &t), false));
                    }
                }
                sum(&k, terms)
            }
            ExprKind::Select(c, a, b) => {
                Expr::new(ExprKind::Select(c.clone(), Box::new(self.tan(a)), Box::new(self.tan(b))), e.ty, e.span)
            }
            _ => zero(),
        }
    }
}

/// Whether `e` is a literal zero (the tangent of a value without one).
fn is_zero(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Float(d) => d.parse::<f64>() == Ok(0.0),
        ExprKind::Int(d) => d == "0",
        _ => false,
    }
}

/// The sum of `terms` (each negated where marked), zero terms left out.
fn sum(k: &Kir, terms: Vec<(Expr, bool)>) -> Expr {
    let mut out: Option<Expr> = None;
    for (t, negated) in terms.into_iter().filter(|(t, _)| !is_zero(t)) {
        out = Some(match (out, negated) {
            (None, false) => t,
            (None, true) => k.neg(&t),
            (Some(s), false) => k.add(&s, &t),
            (Some(s), true) => k.sub(&s, &t),
        });
    }
    out.unwrap_or_else(|| k.lit(0.0))
}

/// The tangent kernel a user asked for with `#[autodiff(forward, t_k,
/// ...)]`: `Dual` on a float scalar or slice gives it a tangent after it,
/// `Const` none. A `Const` `&mut` float slice may be written (its tangent
/// is then not returned) but not read: a value read back from it would
/// have lost its tangent.
pub fn requested(p: &Kernel, spec: &crate::parse::DiffSpec, diag: &crate::diag::Diag) -> Option<Kernel> {
    use crate::parse::Activity;
    if !super::common::one_activity_each(p, spec, diag) {
        return None;
    }
    let read = super::uniform::read_in(&p.body);
    let (mut dual, mut ok) = (Vec::new(), true);
    for (i, (prm, (act, span))) in p.params.iter().zip(&spec.acts).enumerate() {
        let (ParamKind::Scalar(t) | ParamKind::Slice { elem: t, .. }) = prm.kind;
        let fault = match (act, prm.kind) {
            (Activity::Dual, _) if t.is_float() => None,
            (Activity::Const, ParamKind::Slice { mutable: true, .. }) if t.is_float() && read.contains(&Buf::Param(i)) => Some(format!(
                "`{}` is read by the kernel, so it needs its tangent: a `&mut` float slice that the kernel reads is `Dual` \
                 (`Const` only for one it writes and never reads)",
                prm.name
            )),
            (Activity::Const, _) => None,
            (act, _) => Some(format!(
                "`{act:?}` does not apply to `{}` here: in a kernel's forward derivative, {}",
                prm.name,
                if t.is_float() { "a float scalar or slice is `Const` or `Dual`" } else { "an integer or bool parameter is `Const`" }
            )),
        };
        if let Some(msg) = fault {
            diag.error(*span, msg);
            ok = false;
        }
        dual.push(*act == Activity::Dual);
    }
    ok.then(|| build(p, spec.name.clone(), &dual))
}
