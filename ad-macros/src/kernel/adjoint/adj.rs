//! The adjoint of an expression: `g` times its derivative added to the
//! shadows of its active leaves, as statements of the adjoint kernel. The
//! float methods use the rules of `codegen::partials`, over the kernel IR.

use super::super::ir::*;
use super::access::Add;
use super::state::Adj;
use crate::codegen::partials::{method_adjoints, Algebra, Powi};
use crate::ir::{BinOp, Method, UnOp};
use proc_macro2::Span;

/// The kernel IR as an algebra, at one float type.
pub struct Kir {
    pub ty: Ty,
    pub span: Span,
}

impl Kir {
    fn e(&self, kind: ExprKind) -> Expr {
        Expr::new(kind, self.ty, self.span)
    }
}

impl Algebra for Kir {
    type E = Expr;
    fn lit(&self, v: f64) -> Expr {
        self.e(ExprKind::Float(format!("{v:?}")))
    }
    fn int(&self, v: i64) -> Expr {
        Expr::new(ExprKind::Int(v.to_string()), Ty::Int(IntTy::I32), self.span)
    }
    fn add(&self, a: &Expr, b: &Expr) -> Expr {
        Expr::binary(BinOp::Add, a.clone(), b.clone())
    }
    fn sub(&self, a: &Expr, b: &Expr) -> Expr {
        Expr::binary(BinOp::Sub, a.clone(), b.clone())
    }
    fn mul(&self, a: &Expr, b: &Expr) -> Expr {
        Expr::binary(BinOp::Mul, a.clone(), b.clone())
    }
    fn div(&self, a: &Expr, b: &Expr) -> Expr {
        Expr::binary(BinOp::Div, a.clone(), b.clone())
    }
    fn neg(&self, a: &Expr) -> Expr {
        self.e(ExprKind::Unary(UnOp::Neg, Box::new(a.clone())))
    }
    fn method(&self, x: &Expr, m: Method, args: &[Expr]) -> Expr {
        self.e(ExprKind::Method(m, Box::new(x.clone()), args.to_vec()))
    }
    fn d_exp2(&self, x: &Expr) -> Expr {
        self.mul(&self.method(x, Method::Exp2, &[]), &self.lit(std::f64::consts::LN_2))
    }
    fn d_log(&self, x: &Expr, ten: bool) -> Expr {
        let ln = if ten { std::f64::consts::LN_10 } else { std::f64::consts::LN_2 };
        self.div(&self.lit(1.0), &self.mul(x, &self.lit(ln)))
    }
    fn d_powi(&self, x: &Expr, n: &Expr) -> Expr {
        let nf = self.e(ExprKind::Cast(Box::new(n.clone())));
        let n1 = Expr::binary(BinOp::Sub, n.clone(), self.int(1));
        // x^0 is constant: its derivative is 0, also at x = 0 (where
        // 0 * x^-1 would be NaN).
        let constant = Expr::binary(BinOp::Eq, n.clone(), self.int(0));
        let general = self.mul(&nf, &self.method(x, Method::Powi, &[n1]));
        self.e(ExprKind::Select(Box::new(constant), Box::new(self.lit(0.0)), Box::new(general)))
    }
}

pub fn assign(var: VarId, value: Expr) -> Stmt {
    let span = value.span;
    Stmt::new(StmtKind::Assign { var, value }, span)
}

pub fn let_(var: VarId, init: Expr) -> Stmt {
    let span = init.span;
    Stmt::new(StmtKind::Let { var, init }, span)
}

impl Adj<'_> {
    pub fn var_e(&self, v: VarId) -> Expr {
        Expr::var(v, self.k.locals[v].ty, Span::call_site())
    }

    /// The shadow of an active local, declared at the kernel's top.
    pub fn shadow_of(&mut self, v: VarId) -> VarId {
        if let Some(d) = self.shadow_var.get(&v) {
            return *d;
        }
        let d = self.local(&crate::names::derived("d", &self.k.locals[v].name), self.k.locals[v].ty);
        self.shadow_var.insert(v, d);
        d
    }

    /// `g` as a local unless it is one already (or a literal).
    pub fn bind(&mut self, g: Expr, out: &mut Vec<Stmt>) -> Expr {
        if matches!(g.kind, ExprKind::Var(_) | ExprKind::Float(_)) {
            return g;
        }
        let t = self.temp("parad_adj", g.ty);
        out.push(let_(t, g));
        self.var_e(t)
    }

    /// Adds `g` times the derivative of `e` to the shadows of its leaves.
    pub fn adj(&mut self, e: &Expr, g: Expr, out: &mut Vec<Stmt>) {
        if !self.expr_active(e) {
            return;
        }
        let leaf = matches!(e.kind, ExprKind::Var(_) | ExprKind::Param(_) | ExprKind::Load(..));
        let g = if leaf { g } else { self.bind(g, out) };
        let k = Kir { ty: e.ty, span: e.span };
        match &e.kind {
            ExprKind::Var(v) => {
                let d = self.shadow_of(*v);
                out.push(assign(d, k.add(&self.var_e(d), &g)));
            }
            ExprKind::Param(p) => {
                let acc = self.scalar_acc[p];
                out.push(assign(acc, k.add(&self.var_e(acc), &g)));
            }
            ExprKind::Load(b, i) => self.add_to_shadow(*b, i, g, out),
            ExprKind::Unary(UnOp::Neg, a) => self.adj(a, k.neg(&g), out),
            ExprKind::Binary(op, a, b) => match op {
                BinOp::Add => {
                    self.adj(a, g.clone(), out);
                    self.adj(b, g, out);
                }
                BinOp::Sub => {
                    self.adj(a, g.clone(), out);
                    self.adj(b, k.neg(&g), out);
                }
                BinOp::Mul => {
                    self.adj(a, k.mul(&g, b), out);
                    self.adj(b, k.mul(&g, a), out);
                }
                BinOp::Div => {
                    self.adj(a, k.div(&g, b), out);
                    // d(a/b)/db = -(a/b)/b
                    self.adj(b, k.neg(&k.div(&k.mul(&g, &k.div(a, b)), b)), out);
                }
                BinOp::Rem => {
                    self.adj(a, g.clone(), out);
                    self.adj(b, k.neg(&k.mul(&g, &k.method(&k.div(a, b), Method::Trunc, &[]))), out);
                }
                _ => {}
            },
            ExprKind::Cast(a) if a.ty.is_float() => {
                let back = Expr::new(ExprKind::Cast(Box::new(g)), a.ty, e.span);
                self.adj(a, back, out);
            }
            ExprKind::Method(m @ (Method::Min | Method::Max), x, args) => {
                let op = if *m == Method::Min { BinOp::Le } else { BinOp::Ge };
                let cond = Expr::binary(op, (**x).clone(), args[0].clone());
                let (mut then, mut els) = (Vec::new(), Vec::new());
                self.adj(x, g.clone(), &mut then);
                self.adj(&args[0], g, &mut els);
                out.push(Stmt::new(StmtKind::If { cond, then, els }, e.span));
            }
            ExprKind::Method(m, x, args) => {
                let powi = match (m, args.first()) {
                    (Method::Powi, Some(Expr { kind: ExprKind::Int(d), .. })) => d.parse().map_or(Powi::Bad, Powi::Lit),
                    (Method::Powi, Some(n)) => Powi::Expr(n.clone()),
                    _ => Powi::Bad,
                };
                let terms = method_adjoints(&k, *m, x, args, powi, &g);
                for (operand, term) in std::iter::once(&**x).chain(args).zip(terms) {
                    if let Some(t) = term {
                        self.adj(operand, t, out);
                    }
                }
            }
            ExprKind::Select(c, a, b) => {
                let (mut then, mut els) = (Vec::new(), Vec::new());
                self.adj(a, g.clone(), &mut then);
                self.adj(b, g, &mut els);
                out.push(Stmt::new(StmtKind::If { cond: (**c).clone(), then, els }, e.span));
            }
            _ => {}
        }
    }

    /// `shadow(b)[i] += g`, as `access` classes it.
    fn add_to_shadow(&mut self, b: Buf, i: &Expr, g: Expr, out: &mut Vec<Stmt>) {
        let db = self.shadow_buf[&b];
        let span = g.span;
        match self.classes.class(&self.written, b, i) {
            Add::Plain => {
                let cur = Expr::new(ExprKind::Load(db, Box::new(i.clone())), g.ty, span);
                out.push(Stmt::new(
                    StmtKind::Store { buf: db, idx: i.clone(), value: Expr::binary(BinOp::Add, cur, g) },
                    span,
                ));
            }
            Add::Block => {
                let acc = self.block_acc(db, i);
                out.push(assign(acc, Expr::binary(BinOp::Add, self.var_e(acc), g)));
            }
            Add::Atomic => out.push(Stmt::new(StmtKind::AtomicAdd { buf: db, idx: i.clone(), value: g }, span)),
        }
    }

    /// The register that sums this thread's additions to `db[i]`, summed
    /// over the block at the end of the kernel.
    fn block_acc(&mut self, db: Buf, i: &Expr) -> VarId {
        let text = super::super::cuda::expr(&self.k, i, 0);
        for (acc, b, idx) in &self.reductions {
            if *b == db && super::super::cuda::expr(&self.k, idx, 0) == text {
                return *acc;
            }
        }
        let acc = self.local(&format!("parad_sum_{}", self.k.buf_name(db)), self.k.buf_elem(db));
        self.reductions.push((acc, db, i.clone()));
        acc
    }
}
