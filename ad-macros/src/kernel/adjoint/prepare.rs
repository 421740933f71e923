//! Before the sweeps: every read of a buffer the kernel writes becomes a
//! local of its own (the forward sweep keeps the value it read, since the
//! buffer may change before the reverse sweep needs it), then activity (the
//! values that depend on active inputs), then the shadows of the shared
//! arrays that hold such values, then the class of every shadow's
//! additions (`access`).

use super::super::ir::*;
use super::state::Adj;
use crate::ir::BinOp;

impl Adj<'_> {
    pub fn prepare(&mut self, body: Vec<Stmt>) -> Vec<Stmt> {
        self.written = super::super::uniform::written_in(&body);
        let body = self.norm_block(body, false);
        self.active_var = IdVec::filled(false, self.k.locals.len());
        loop {
            let before = (self.active_var.clone(), self.shadow_buf.len());
            self.activity(&body);
            if before == (self.active_var.clone(), self.shadow_buf.len()) {
                break;
            }
        }
        self.const_outputs(&body);
        self.k.body = body;
        self.classes = super::access::Classes::analyse(&self.k, self.shadow_buf.keys());
        std::mem::take(&mut self.k.body)
    }

    fn norm_block(&mut self, stmts: Vec<Stmt>, in_loop: bool) -> Vec<Stmt> {
        let mut out = Vec::new();
        for mut s in stmts {
            let mut pre = Vec::new();
            match &mut s.kind {
                StmtKind::Let { init: e, .. } | StmtKind::Assign { value: e, .. } => {
                    *e = self.norm_expr(e, &mut pre, in_loop)
                }
                StmtKind::Store { idx, value, .. } => {
                    *idx = self.norm_expr(idx, &mut pre, in_loop);
                    *value = self.norm_expr(value, &mut pre, in_loop);
                }
                StmtKind::If { cond, then, els } => {
                    *cond = self.norm_expr(cond, &mut pre, in_loop);
                    *then = self.norm_block(std::mem::take(then), in_loop);
                    *els = self.norm_block(std::mem::take(els), in_loop);
                }
                StmtKind::For { lo, hi, body, .. } => {
                    *lo = self.norm_expr(lo, &mut pre, in_loop);
                    *hi = self.norm_expr(hi, &mut pre, in_loop);
                    *body = self.norm_block(std::mem::take(body), true);
                }
                StmtKind::While { cond, body } => {
                    if self.reads_written(cond) {
                        self.diag.error_range(
                            cond.span,
                            cond.end,
                            "the condition of a `while` in a differentiated kernel cannot read a buffer the kernel \
                             writes (the reverse sweep could not recompute it); count the iterations with a local \
                             instead",
                        );
                    }
                    *body = self.norm_block(std::mem::take(body), true);
                }
                _ => {}
            }
            out.extend(pre);
            out.push(s);
        }
        out
    }

    fn reads_written(&self, e: &Expr) -> bool {
        let mut found = false;
        e.visit(&mut |x| found |= matches!(&x.kind, ExprKind::Load(b, _) if self.written.contains(b)));
        found
    }

    fn norm_expr(&mut self, e: &Expr, pre: &mut Vec<Stmt>, in_loop: bool) -> Expr {
        let kind = match &e.kind {
            ExprKind::Load(b, i) if self.written.contains(b) => {
                let i = self.norm_expr(i, pre, in_loop);
                let v = self.local(&format!("parad_read_{}", self.k.buf_name(*b)), e.ty);
                self.loads.insert(v, (*b, (e.span, e.end), in_loop));
                pre.push(Stmt::new(
                    StmtKind::Let { var: v, init: Expr { kind: ExprKind::Load(*b, Box::new(i)), ..e.clone() } },
                    e.span,
                ));
                return Expr::var(v, e.ty, e.span);
            }
            ExprKind::Select(_, a, b) | ExprKind::Binary(BinOp::And | BinOp::Or, a, b)
                if self.reads_written(b) || (matches!(e.kind, ExprKind::Select(..)) && self.reads_written(a)) =>
            {
                self.diag.error_range(
                    e.span,
                    e.end,
                    "in a differentiated kernel, a branch of an `if` value (or the right side of `&&`, `||`) cannot \
                     read a buffer the kernel writes: the forward sweep keeps such reads in locals, which would read \
                     it on both paths; use an `if` statement",
                );
                return e.clone();
            }
            ExprKind::Load(b, i) => ExprKind::Load(*b, Box::new(self.norm_expr(i, pre, in_loop))),
            ExprKind::Unary(op, a) => ExprKind::Unary(*op, Box::new(self.norm_expr(a, pre, in_loop))),
            ExprKind::Binary(op, a, b) => {
                let a = Box::new(self.norm_expr(a, pre, in_loop));
                ExprKind::Binary(*op, a, Box::new(self.norm_expr(b, pre, in_loop)))
            }
            ExprKind::Cast(a) => ExprKind::Cast(Box::new(self.norm_expr(a, pre, in_loop))),
            ExprKind::Method(m, x, args) => {
                let x = Box::new(self.norm_expr(x, pre, in_loop));
                ExprKind::Method(*m, x, args.iter().map(|a| self.norm_expr(a, pre, in_loop)).collect())
            }
            ExprKind::Select(c, a, b) => {
                ExprKind::Select(Box::new(self.norm_expr(c, pre, in_loop)), a.clone(), b.clone())
            }
            k => k.clone(),
        };
        Expr { kind, ..e.clone() }
    }

    /// Whether `e` is a float that depends on an active input.
    pub fn expr_active(&self, e: &Expr) -> bool {
        if !e.ty.is_float() {
            return false;
        }
        let mut found = false;
        e.visit(&mut |x| {
            found |= match &x.kind {
                ExprKind::Var(v) => self.active_var.get(*v).copied().unwrap_or(false),
                ExprKind::Param(p) => self.scalar_acc.contains_key(p),
                ExprKind::Load(b, _) => self.shadow_buf.contains_key(b),
                _ => false,
            }
        });
        found
    }

    fn activity(&mut self, stmts: &[Stmt]) {
        for s in stmts {
            s.walk(&mut |s| match &s.kind {
                StmtKind::Let { var, init: e } | StmtKind::Assign { var, value: e } if self.expr_active(e) => {
                    self.active_var[*var] = true;
                }
                StmtKind::Store { buf: b @ Buf::Shared(i), value, .. }
                    if self.expr_active(value) && !self.shadow_buf.contains_key(b) =>
                {
                    let sh = self.k.shared[*i].clone();
                    let name = super::super::names::unique(
                        &crate::names::derived("d", &sh.name),
                        sh.name.span(),
                        &self.k.taken(),
                    );
                    self.k.shared.push(Shared { name, ..sh });
                    self.shadow_buf.insert(*b, Buf::Shared(self.k.shared.len() - 1));
                }
                _ => {}
            });
        }
    }

    /// A `Const` buffer has no shadow to carry derivatives: the kernel must
    /// not store active values into it.
    fn const_outputs(&self, stmts: &[Stmt]) {
        for s in stmts {
            s.walk(&mut |s| {
                if let StmtKind::Store { buf: b @ Buf::Param(p), value, .. } = &s.kind {
                    if !self.shadow_buf.contains_key(b) && self.expr_active(value) {
                        self.diag.error_range(
                            s.span,
                            s.end,
                            format!(
                                "`{}` is `Const`, but the kernel stores values into it that carry derivatives; mark it \
                                 Duplicated (its shadow then carries them)",
                                self.k.params[*p].name
                            ),
                        );
                    }
                }
            });
        }
    }
}
