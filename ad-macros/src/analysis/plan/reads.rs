//! What the adjoint reads: the values each partial needs, which of them are
//! recomputed, and which must be kept.

use super::{value_derivative, Builder};
use crate::analysis::activity::{expr_active, place_active};
use crate::analysis::cost::cheap;
use crate::analysis::scratch::Scratch;
use crate::analysis::types::Cat;
use crate::ir::*;

impl<'a> Builder<'a> {
    pub(super) fn need(&mut self, v: VarId) -> bool {
        self.read_at[v].insert(self.cur);
        if self.plan.needed[v] {
            return false;
        }
        self.plan.needed[v] = true;
        true
    }

    pub(super) fn need_all_reads(&mut self, e: &Expr, changed: &mut bool) {
        let mut vs = Vec::new();
        e.visit_reads(&mut |p| vs.push(p.base));
        for v in vs {
            *changed |= self.need(v);
        }
    }

    pub(super) fn need_index_reads(&mut self, p: &Place, changed: &mut bool) {
        let mut vs = Vec::new();
        p.visit_index_reads(&mut |q| vs.push(q.base));
        for v in vs {
            *changed |= self.need(v);
        }
    }

    /// What the adjoint of `e` reads: index expressions of active places,
    /// and the operands of nonlinear operations.
    pub(super) fn partial_reads(&mut self, e: &Expr, changed: &mut bool) {
        let (t, act) = (self.t, &self.act.vars);
        if !expr_active(t, act, e) {
            return;
        }
        match &e.kind {
            ExprKind::Read(p) => self.need_index_reads(p, changed),
            ExprKind::Unary(_, a) => self.partial_reads(a, changed),
            ExprKind::Binary(op, a, b) => {
                let (aa, ba) = (expr_active(t, act, a), expr_active(t, act, b));
                match op {
                    BinOp::Add | BinOp::Sub => {}
                    BinOp::Mul => {
                        if aa {
                            self.need_all_reads(b, changed);
                        }
                        if ba {
                            self.need_all_reads(a, changed);
                        }
                    }
                    // a / b: the numerator's adjoint is g / b; `a` matters
                    // only for the denominator's.
                    BinOp::Div => {
                        self.need_all_reads(b, changed);
                        if ba {
                            self.need_all_reads(a, changed);
                        }
                    }
                    _ => {
                        self.need_all_reads(a, changed);
                        self.need_all_reads(b, changed);
                    }
                }
                self.partial_reads(a, changed);
                self.partial_reads(b, changed);
            }
            ExprKind::Method(_, r, args) => {
                self.need_all_reads(e, changed);
                self.partial_reads(r, changed);
                for a in args {
                    self.partial_reads(a, changed);
                }
            }
            ExprKind::Cast(a, _) => {
                self.need_all_reads(a, changed);
                self.partial_reads(a, changed);
            }
            _ => {}
        }
    }

    pub(super) fn buf_arg_reads(&mut self, b: &BufArg, changed: &mut bool) {
        self.need_index_reads(&b.place, changed);
        if let Some((lo, hi)) = &b.range {
            self.need_all_reads(lo, changed);
            self.need_all_reads(hi, changed);
        }
    }

    pub(super) fn call_active(&self, c: &Call, dests: &[VarId]) -> bool {
        crate::analysis::activity::call_active(self.t, &self.act.vars, c, dests)
    }

    pub(super) fn call_reads(&mut self, c: &Call, dests: &[VarId], changed: &mut bool) {
        if !self.call_active(c, dests) {
            return;
        }
        for a in &c.args {
            match a {
                Arg::Value(e) if self.nestable || self.cur.is_some_and(|s| self.plan.joint_calls.contains(&s)) => {
                    self.need_all_reads(e, changed)
                }
                Arg::Value(e) => self.partial_reads(e, changed),
                Arg::Buf(b) => {
                    *changed |= self.need(b.place.base);
                    self.buf_arg_reads(b, changed)
                }
                // A value passed by value lends only its shadow to the
                // adjoint (its zero, for a second slot, named by its type).
                Arg::Struct { place, by_value: true, .. } if self.f.vars[place.base].annot.is_some() => {}
                Arg::Struct { place, .. } => {
                    *changed |= self.need(place.base);
                    self.need_index_reads(place, changed)
                }
            }
        }
    }

    /// One pass over the reads the reverse sweep makes; true if `needed` grew.
    pub(super) fn reads(&mut self, b: &'a Block, changed: &mut bool) {
        let (t, act) = (self.t, &self.act.vars);
        for s in &b.stmts {
            self.cur = Some(s.id);
            if let Some(step) = self.plan.steps.get(&s.id) {
                for v in step.vars.outer.clone() {
                    *changed |= self.need(v);
                }
            }
            match &s.kind {
                StmtKind::Let { var, init } => {
                    let active = act[*var] && t.vars[*var].holds_floats();
                    match init {
                        Init::Expr(e) if active && value_derivative(e).is_some() => {
                            // The derivative is written in the result (`exp`,
                            // `tanh`, `sqrt`, ...): read it, not the argument.
                            *changed |= self.need(*var);
                            if let Some((_, r)) = value_derivative(e) {
                                self.partial_reads(r, changed);
                            }
                        }
                        Init::Expr(e) if active => self.partial_reads(e, changed),
                        Init::VecFill { elem, .. } | Init::ArrayFill { elem, .. } if active => {
                            self.partial_reads(elem, changed)
                        }
                        Init::VecLit(es) | Init::ArrayLit(es) if active => {
                            for e in es {
                                self.partial_reads(e, changed)
                            }
                        }
                        Init::Copy(src) if active => self.buf_arg_reads(src, changed),
                        Init::Call(c) => self.call_reads(c, std::slice::from_ref(var), changed),
                        _ => {}
                    }
                    // The shadow of a buffer is sized from the buffer.
                    if active && matches!(t.vars[*var], Cat::Buf(_)) && self.plan.def_block[*var] != BlockId::BODY {
                        *changed |= self.need(*var);
                    }
                }
                StmtKind::Assign { place, op, value } => {
                    if place_active(t, act, place) {
                        self.need_index_reads(place, changed);
                        self.partial_reads(value, changed);
                        if matches!(op, AssignOp::Mul | AssignOp::Div) {
                            self.need_all_reads(value, changed);
                            *changed |= self.need(place.base);
                        }
                    }
                    if self.plan.needed[place.base] {
                        self.need_index_reads(place, changed);
                    }
                }
                StmtKind::Call { dests, call } => self.call_reads(call, dests, changed),
                StmtKind::Push { vec, value } => {
                    if place_active(t, act, vec) {
                        self.partial_reads(value, changed);
                        self.need_index_reads(vec, changed);
                    }
                    if self.plan.needed[vec.base] {
                        self.need_index_reads(vec, changed);
                    }
                }
                StmtKind::Swap(a, c) => {
                    // Swapped buffers trade places: a write through either
                    // name may overwrite what the other one held.
                    // (Positions of reads are kept per variable and joined
                    // over the swap's alias class when writes are planned.)
                    if self.plan.needed[a.base] != self.plan.needed[c.base] {
                        self.plan.needed[a.base] = true;
                        self.plan.needed[c.base] = true;
                        *changed = true;
                    }
                    if place_active(t, act, a) || self.plan.needed[a.base] || self.plan.needed[c.base] {
                        self.need_index_reads(a, changed);
                        self.need_index_reads(c, changed);
                    }
                }
                StmtKind::If { cond, then_blk, else_blk } => {
                    self.need_all_reads(cond, changed);
                    self.reads(then_blk, changed);
                    self.reads(else_blk, changed);
                }
                StmtKind::For { lo, hi, step, body, par, .. } => {
                    for sp in par.iter().flat_map(|p| &p.splits) {
                        self.need_all_reads(&sp.start, changed);
                        self.need_all_reads(&sp.per, changed);
                    }
                    self.need_all_reads(lo, changed);
                    self.need_all_reads(hi, changed);
                    if let Some(st) = step {
                        self.need_all_reads(st, changed);
                    }
                    self.reads(body, changed);
                }
                StmtKind::While { body, .. } => {
                    if let Some(&n) = self.plan.while_counters.get(&s.id) {
                        *changed |= self.need(n);
                    }
                    self.reads(body, changed);
                }
                StmtKind::Opaque(_) | StmtKind::Check { .. } => {}
                // The runtime records ranks, tags and masks: the adjoint of
                // an MPI operation reads only the bounds of its buffers.
                StmtKind::Mpi(op) => {
                    for b in op.bufs() {
                        self.buf_arg_reads(&b.arg, changed);
                    }
                }
            }
        }
    }

    pub(super) fn is_within(&self, mut b: BlockId, ancestor: BlockId) -> bool {
        loop {
            if b == ancestor {
                return true;
            }
            match self.plan.blocks[b].parent {
                Some(p) => b = p,
                None => return false,
            }
        }
    }

    /// Whether `v`'s initialiser `e` can be recomputed at the start of the
    /// adjoint of its block: cheap, and reading only values available there.
    pub(super) fn recomputable(&self, v: VarId, e: &Expr) -> bool {
        let mut reads = Vec::new();
        e.visit_reads(&mut |p| reads.push(p.base));
        cheap(e) && self.available(&reads, self.plan.def_block[v], self.plan.def_stmt[v])
    }

    /// Whether variables read by statement `at` of `block` hold at the start
    /// of the block's adjoint what they held at `at`. A variable never
    /// written does; so does one that the rest of the block does not write
    /// after `at` and that the adjoint reads (its saves then keep it as the
    /// forward sweep had it at every read): `let u = w[o]` in a stencil whose
    /// buffers are swapped only between steps. Reading it is what the
    /// recomputation adds, so it must be worth it: the variable is read
    /// already, or it is a buffer written only element by element (a save
    /// per written element, against a slot per definition).
    pub(super) fn available(&self, reads: &[VarId], block: BlockId, at: Option<StmtId>) -> bool {
        reads.iter().all(|&r| {
            let restorable =
                (self.plan.needed[r] || self.elementwise[r]) && at.is_some_and(|at| !self.written_after(r, block, at));
            !self.plan.uninit[r] && (!self.plan.written[r] || restorable)
        })
    }

    /// Whether `r` is written in `block` after its statement `at` (by its
    /// name, or by any name a swap there may give its storage).
    pub(super) fn written_after(&self, r: VarId, block: BlockId, at: StmtId) -> bool {
        let Some(block) = self.block_refs.get(&block) else { return true };
        let Some(k) = block.stmts.iter().position(|s| s.id == at) else { return true };
        let class = self.alias_class(r);
        let mut swapped = false;
        let mut writes = std::collections::HashSet::new();
        let mut check = |s: &Stmt| {
            swapped |= matches!(&s.kind, StmtKind::Swap(a, b) if class.contains(&a.base) || class.contains(&b.base));
            crate::analysis::prepare::for_each_write(s, &mut |w| {
                writes.insert(w);
            });
        };
        for s in &block.stmts[k + 1..] {
            check(s);
            match &s.kind {
                StmtKind::If { then_blk, else_blk, .. } => {
                    walk_stmts(then_blk, &mut check);
                    walk_stmts(else_blk, &mut check);
                }
                StmtKind::For { body, .. } | StmtKind::While { body, .. } => walk_stmts(body, &mut check),
                _ => {}
            }
        }
        if swapped {
            class.iter().any(|c| writes.contains(c))
        } else {
            writes.contains(&r)
        }
    }

    /// Whether the adjoint of each iteration of `sc.lp` can rewrite the
    /// scratch buffer `sc.buf` itself: the buffer outlives the iteration,
    /// every read of it by the reverse sweep is in the loop's body, at or
    /// after the rewrite (none outside the iteration, none of a value carried
    /// in from the previous one), no enclosing loop is parallel or
    /// checkpointed, and what the rewrite reads is available at the start of
    /// the body's adjoint.
    pub(super) fn rerunnable(&self, sc: &Scratch) -> bool {
        let at = self.order[&sc.rewrite.id];
        let in_iteration = self.read_at[sc.buf]
            .iter()
            .all(|r| r.is_some_and(|r| self.order[&r] >= at && self.loops_of[&r].contains(&sc.lp)));
        let info = &self.plan.blocks[sc.body];
        let plain = info.step.is_none() && !info.loops.iter().any(|l| self.plan.par_loops.contains(l));
        let outer = !self.is_within(self.plan.def_block[sc.buf], sc.body);
        in_iteration && plain && outer && self.available(&sc.reads, sc.body, Some(sc.rewrite.id))
    }
}
