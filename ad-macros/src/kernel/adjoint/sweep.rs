//! The forward and reverse sweeps of one thread.
//!
//! Invariant of the reverse sweep: when it reaches a statement, every local
//! holds the value it had just after that statement ran forward; undoing
//! the statement restores what it overwrote (kept by the forward sweep at
//! that statement's "site"), so the adjoints of earlier statements see
//! their own values. Inside a loop a site runs once per iteration, so a
//! reverse iteration first recomputes its forward iteration (`fwd` with
//! `recompute`: no memory writes, no barriers), sliced to what its adjoint
//! reads; values carried in from earlier iterations are recomputed from the
//! loop's start.

use super::super::ir::*;
use super::adj::{assign, let_};
use super::slice::{reads, slice, Live};
use super::state::Adj;
use crate::ir::BinOp;
use proc_macro2::Span;
use std::collections::HashMap;

/// What the forward sweep keeps at a statement, for its reverse.
#[derive(Clone, Default)]
pub struct Site {
    /// `Assign`: the overwritten value. `If`: the condition.
    keep: Option<VarId>,
    /// `For`: the range; `While`: the trip count (in `lo`).
    lo: Option<VarId>,
    hi: Option<VarId>,
    /// Locals the loop assigns that live outside it, with their values at
    /// the loop's entry.
    snap: Vec<(VarId, VarId)>,
}

fn key(s: &Stmt) -> usize {
    s as *const Stmt as usize
}

impl Adj<'_> {
    pub fn sweeps(&mut self, body: &[Stmt]) -> Vec<Stmt> {
        let mut sites = HashMap::new();
        let fwd = self.fwd(body, false, &mut sites, &mut Vec::new());
        let rev = self.rev(body, &mut sites);
        let mut out = Vec::new();
        let span = Span::call_site();
        // The shadows of shared arrays start at zero (CUDA's shared memory
        // starts undefined): each thread zeroes a strided part, then all wait.
        let shadows: Vec<Buf> = self.shadow_buf.values().copied().filter(|b| matches!(b, Buf::Shared(_))).collect();
        for db in &shadows {
            let Buf::Shared(s) = *db else { continue };
            let len = self.k.shared[s].len;
            let z = self.temp("parad_zero", Ty::USIZE);
            let ze = self.var_e(z);
            let intr = |i| Expr::new(ExprKind::Intrinsic(i), Ty::USIZE, span);
            out.push(let_(z, intr(Intrinsic::ThreadIdx)));
            let cond = Expr::binary(BinOp::Lt, ze.clone(), Expr::int(len, span));
            let body = vec![
                Stmt::new(
                    StmtKind::Store { buf: *db, idx: ze.clone(), value: Expr::zero(self.k.shared[s].elem, span) },
                    span,
                ),
                assign(z, Expr::binary(BinOp::Add, ze, intr(Intrinsic::BlockDim))),
            ];
            out.push(Stmt::new(StmtKind::While { cond, body }, span));
        }
        if !shadows.is_empty() {
            out.push(Stmt::new(StmtKind::Sync, span));
        }
        let mut hoisted: Vec<VarId> = self.k.locals.ids().take(self.primal_locals).collect();
        hoisted.extend(self.hoisted.iter().copied());
        for v in hoisted {
            let ty = self.k.locals[v].ty;
            let zero = if ty == Ty::Bool { Expr::new(ExprKind::Bool(false), ty, span) } else { Expr::zero(ty, span) };
            out.push(let_(v, zero));
        }
        out.extend(fwd);
        out.extend(rev);
        for (acc, buf, idx) in std::mem::take(&mut self.reductions) {
            out.push(Stmt::new(StmtKind::BlockReduceAdd { acc, buf, idx }, span));
        }
        out
    }

    fn site(&mut self, s: &Stmt, sites: &mut HashMap<usize, Site>) -> Site {
        if let Some(site) = sites.get(&key(s)) {
            return site.clone();
        }
        let mut site = Site::default();
        match &s.kind {
            StmtKind::Assign { var, .. } => {
                site.keep = Some(self.local(&format!("parad_old_{}", self.k.locals[*var].name), self.k.locals[*var].ty))
            }
            StmtKind::If { .. } => site.keep = Some(self.local("parad_cond", Ty::Bool)),
            StmtKind::For { var, body, .. } => {
                let t = self.k.locals[*var].ty;
                site.lo = Some(self.local("parad_lo", t));
                site.hi = Some(self.local("parad_hi", t));
                site.snap = self.snapshots(body);
            }
            StmtKind::While { body, .. } => {
                site.lo = Some(self.local("parad_trips", Ty::USIZE));
                site.snap = self.snapshots(body);
            }
            _ => {}
        }
        sites.insert(key(s), site.clone());
        site
    }

    /// The locals a loop body assigns that are declared outside it, each
    /// with a local to hold its value at the loop's entry.
    fn snapshots(&mut self, body: &[Stmt]) -> Vec<(VarId, VarId)> {
        let (mut assigned, mut inner) = (Vec::new(), Vec::new());
        for s in body {
            s.walk(&mut |s| match &s.kind {
                StmtKind::Assign { var, .. } => assigned.push(*var),
                StmtKind::Let { var, .. } | StmtKind::For { var, .. } => inner.push(*var),
                _ => {}
            });
        }
        assigned.sort();
        assigned.dedup();
        assigned
            .into_iter()
            .filter(|v| !inner.contains(v))
            .map(|v| (v, self.local(&format!("parad_entry_{}", self.k.locals[v].name), self.k.locals[v].ty)))
            .collect()
    }

    /// The forward sweep of `stmts`; with `recompute`, without memory
    /// writes and barriers, and the reads of written buffers it needs are
    /// noted in `reads` (they cannot be recomputed).
    fn fwd(
        &mut self,
        stmts: &[Stmt],
        recompute: bool,
        sites: &mut HashMap<usize, Site>,
        loads: &mut Vec<VarId>,
    ) -> Vec<Stmt> {
        let mut out = Vec::new();
        for s in stmts {
            let site = self.site(s, sites);
            match &s.kind {
                StmtKind::Let { var, init } => {
                    if recompute && self.loads.contains_key(var) {
                        loads.push(*var);
                    }
                    out.push(Stmt::new(StmtKind::Assign { var: *var, value: init.clone() }, s.span));
                }
                StmtKind::Assign { var, value } => {
                    out.push(assign(site.keep.unwrap(), self.var_e(*var)));
                    out.push(Stmt::new(StmtKind::Assign { var: *var, value: value.clone() }, s.span));
                }
                StmtKind::Store { .. } | StmtKind::Sync if recompute => {}
                StmtKind::If { cond, then, els } => {
                    let c = site.keep.unwrap();
                    out.push(assign(c, cond.clone()));
                    let (then, els) = (self.fwd(then, recompute, sites, loads), self.fwd(els, recompute, sites, loads));
                    out.push(Stmt::new(StmtKind::If { cond: self.var_e(c), then, els }, s.span));
                }
                StmtKind::For { var, lo, hi, rev, body } => {
                    let (l, h) = (site.lo.unwrap(), site.hi.unwrap());
                    out.push(assign(l, lo.clone()));
                    out.push(assign(h, hi.clone()));
                    out.extend(site.snap.iter().map(|(u, pre)| assign(*pre, self.var_e(*u))));
                    let f = self.temp(&format!("{}_fwd", self.k.locals[*var].name), self.k.locals[*var].ty);
                    let mut b = vec![assign(*var, self.var_e(f))];
                    b.extend(self.fwd(body, recompute, sites, loads));
                    out.push(Stmt::new(
                        StmtKind::For { var: f, lo: self.var_e(l), hi: self.var_e(h), rev: *rev, body: b },
                        s.span,
                    ));
                }
                StmtKind::While { cond, body } => {
                    let n = site.lo.unwrap();
                    out.extend(site.snap.iter().map(|(u, pre)| assign(*pre, self.var_e(*u))));
                    out.push(assign(n, Expr::int(0, s.span)));
                    let mut b = self.fwd(body, recompute, sites, loads);
                    b.push(assign(n, Expr::binary(BinOp::Add, self.var_e(n), Expr::int(1, s.span))));
                    out.push(Stmt::new(StmtKind::While { cond: cond.clone(), body: b }, s.span));
                }
                _ => out.push(s.clone()),
            }
        }
        out
    }

    /// The reverse sweep of `stmts`.
    fn rev(&mut self, stmts: &[Stmt], sites: &mut HashMap<usize, Site>) -> Vec<Stmt> {
        let mut out = Vec::new();
        for s in stmts.iter().rev() {
            let site = self.site(s, sites);
            match &s.kind {
                StmtKind::Let { var, init } => self.undo_def(*var, init, &mut out),
                StmtKind::Assign { var, value } => {
                    out.push(assign(*var, self.var_e(site.keep.unwrap())));
                    self.undo_def(*var, value, &mut out);
                }
                StmtKind::Store { buf, idx, value } => {
                    let Some(&db) = self.shadow_buf.get(buf) else { continue };
                    let span = s.span;
                    let zero = Stmt::new(
                        StmtKind::Store { buf: db, idx: idx.clone(), value: Expr::zero(value.ty, span) },
                        span,
                    );
                    if self.expr_active(value) {
                        let g = self.temp(&format!("parad_d{}", self.k.buf_name(*buf)), value.ty);
                        out.push(let_(g, Expr::new(ExprKind::Load(db, Box::new(idx.clone())), value.ty, span)));
                        out.push(zero);
                        let ge = self.var_e(g);
                        self.adj(value, ge, &mut out);
                    } else {
                        out.push(zero);
                    }
                }
                StmtKind::If { then, els, .. } => {
                    let (then, els) = (self.rev(then, sites), self.rev(els, sites));
                    if !then.is_empty() || !els.is_empty() {
                        out.push(Stmt::new(StmtKind::If { cond: self.var_e(site.keep.unwrap()), then, els }, s.span));
                    }
                }
                StmtKind::For { var, rev, body, .. } => {
                    let (lo, hi) = (self.var_e(site.lo.unwrap()), self.var_e(site.hi.unwrap()));
                    out.extend(self.rev_loop(s, body, Some((*var, *rev)), lo, hi, &site, sites));
                }
                StmtKind::While { body, .. } => {
                    let (lo, hi) = (Expr::int(0, s.span), self.var_e(site.lo.unwrap()));
                    out.extend(self.rev_loop(s, body, None, lo, hi, &site, sites));
                }
                StmtKind::Sync => out.push(s.clone()),
                _ => {}
            }
        }
        out
    }

    /// The adjoint of `var = e` (the overwritten value already restored).
    fn undo_def(&mut self, var: VarId, e: &Expr, out: &mut Vec<Stmt>) {
        if !self.active_var[var] {
            return;
        }
        let d = self.shadow_of(var);
        let g = self.temp(&format!("parad_d{}", self.k.locals[var].name), self.k.locals[var].ty);
        out.push(let_(g, self.var_e(d)));
        out.push(assign(d, Expr::zero(self.k.locals[var].ty, e.span)));
        let ge = self.var_e(g);
        self.adj(e, ge, out);
    }

    /// A loop run backwards: each iteration restores the values carried
    /// into it, recomputes its forward values and runs its adjoint; then the
    /// locals the loop assigned get their values from before the loop.
    #[allow(clippy::too_many_arguments)]
    fn rev_loop(
        &mut self,
        s: &Stmt,
        body: &[Stmt],
        var: Option<(VarId, bool)>,
        lo: Expr,
        hi: Expr,
        site: &Site,
        sites: &mut HashMap<usize, Site>,
    ) -> Vec<Stmt> {
        let adjoint = self.rev(body, sites);
        // Restores of locals nothing reads afterwards are dropped: the body's
        // own locals are dead once its reverse is done (the next reverse
        // iteration, and the code after the loop, set them again first).
        let mut own = Live::new();
        for s in body {
            s.walk(&mut |s| {
                if let StmtKind::Let { var, .. } | StmtKind::Assign { var, .. } | StmtKind::For { var, .. } = &s.kind {
                    own.insert(*var);
                }
            });
        }
        let live_after: Live = self.k.locals.ids().filter(|v| !own.contains(v)).collect();
        let (adjoint, _) = slice(&adjoint, &live_after);
        let mut loads = Vec::new();
        let recompute = self.fwd(body, true, sites, &mut loads);
        let (needed, live_in) = slice(&recompute, &reads(&adjoint));
        let snap_vars: Live = site.snap.iter().map(|(u, _)| *u).collect();
        let mut carried: Live = &live_in & &snap_vars;
        let mut carry;
        loop {
            let (c, inc) = slice(&recompute, &carried);
            carry = c;
            let next: Live = &carried | &(&inc & &snap_vars);
            if next == carried {
                break;
            }
            carried = next;
        }
        self.check_loads(&needed, &loads);
        self.check_loads(&carry, &loads);
        let ty = var.map_or(Ty::USIZE, |(v, _)| self.k.locals[v].ty);
        let r = self.temp("parad_iter", ty);
        let re = self.var_e(r);
        let mut b = Vec::new();
        if !carried.is_empty() {
            b.extend(
                site.snap.iter().filter(|(u, _)| carried.contains(u)).map(|(u, pre)| assign(*u, self.var_e(*pre))),
            );
            let q = self.temp("parad_redo", ty);
            let mut cb = Vec::new();
            if let Some((v, _)) = var {
                cb.push(assign(v, self.var_e(q)));
            }
            cb.extend(carry);
            // The iterations before `r` in the forward order.
            let reversed = var.is_some_and(|(_, rev)| rev);
            let (qlo, qhi) = if reversed {
                (Expr::binary(BinOp::Add, re.clone(), Expr::new(ExprKind::Int("1".into()), ty, s.span)), hi.clone())
            } else {
                (lo.clone(), re.clone())
            };
            b.push(Stmt::new(StmtKind::For { var: q, lo: qlo, hi: qhi, rev: reversed, body: cb }, s.span));
        }
        if let Some((v, _)) = var {
            b.push(assign(v, re));
        }
        b.extend(needed);
        b.extend(adjoint);
        let reversed = var.is_some_and(|(_, rev)| rev);
        let mut out = vec![Stmt::new(StmtKind::For { var: r, lo, hi, rev: !reversed, body: b }, s.span)];
        out.extend(site.snap.iter().map(|(u, pre)| assign(*u, self.var_e(*pre))));
        out
    }

    /// A read of a written buffer inside a loop that the reverse sweep
    /// would have to recompute: not supported (its value may have changed).
    fn check_loads(&self, code: &[Stmt], loads: &[VarId]) {
        let mut reported = Vec::new();
        for s in code {
            s.walk(&mut |s| {
                if let StmtKind::Assign { var, .. } = &s.kind {
                    if loads.contains(var) && !reported.contains(var) {
                        reported.push(*var);
                        let (buf, (span, end), _) = self.loads[var];
                        self.diag.error_range(
                            span,
                            end,
                            format!(
                                "this kernel cannot be differentiated: its adjoint needs the value read here, inside a \
                                 loop, from `{}`, which the kernel also writes, and the reverse sweep recomputes the \
                                 values of loops instead of storing them; supported: reads in loops of buffers the \
                                 kernel does not write, or reads whose values the adjoint does not need (sums)",
                                self.k.buf_name(buf)
                            ),
                        );
                    }
                }
            });
        }
    }
}
