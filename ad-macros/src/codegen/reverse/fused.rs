//! Fused sweeps: the adjoint of a top-level loop's iteration run right
//! after it (see `analysis::fusion`).

use super::state::RevGen;
use crate::codegen::emit::{self};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

impl RevGen<'_> {
    /// The sweeps of a flat derivative whose last top-level loop `l` is
    /// fused (see `analysis::fusion`): the forward statements before the
    /// loop; the adjoint's prelude and the tail's adjoint; the loop running
    /// each iteration's adjoint right after it; the tail; then the adjoint of
    /// the statements before the loop.
    pub(super) fn fused_sweeps(
        &mut self,
        l: StmtId,
        prelude: TokenStream,
        finish_fwd: TokenStream,
    ) -> (TokenStream, TokenStream) {
        let body = self.f.body.clone();
        let k = body.stmts.iter().position(|s| s.id == l).unwrap();
        let mut out = self.fwd_stmts(&body.stmts[..k]);
        out.extend(prelude);
        let (middle, outer, restore) = self.fused_middle(&body, k);
        out.extend(middle);
        out.extend(finish_fwd);
        out.extend(restore);
        let mut back = self.cursor_resets();
        back.extend(self.rev_run(body.stmts[..k].iter().rev()));
        self.end_fresh(outer);
        (out, back)
    }

    /// A fused loop: each iteration runs its forward and then its adjoint
    /// (a rayon loop in its chunks, see `par_adjoint`). The vectors it saved
    /// whole are put back by the second part, which goes after the
    /// statements that follow the loop: they read the loop's results.
    pub(super) fn fused_loop(&mut self, lp: &Stmt) -> (TokenStream, TokenStream) {
        let StmtKind::For { index, lo, hi, step, rev, body, par } = &lp.kind else {
            unreachable!("only counted loops are fused")
        };
        let (save, restore) = (self.whole_saves(lp.id), self.whole_restores(lp.id));
        if let Some(par) = par.as_ref().filter(|par| self.par_depth == 0 && self.parallel(*index, lo, body, par)) {
            let run = self.par_adjoint(lp, *index, lo, hi, body, par, true);
            return (quote!(#save #run), restore);
        }
        let hoisted = self.begin_hoisting(*index, lo, hi, step.as_ref(), body);
        let iteration = self.fused_iteration(body);
        let (accumulators, add_accumulated) = self.end_hoisting(hoisted);
        let resize = self.resizes(lp.id);
        let run = self.serial_for(*index, lo, hi, step.as_ref(), *rev, iteration);
        (quote!(#save #resize #accumulators #run #add_accumulated), restore)
    }

    /// A fused block (one iteration of a fused loop, or a branch of an `if`
    /// that ends one): its forward, then its adjoint. When its last loop is
    /// fused too, the tail's adjoint runs before that loop, which then runs
    /// its own iterations' adjoints (see `analysis::fusion`): the statements
    /// before the loop, the adjoint declarations, the tail's adjoint, the
    /// loop, the tail, and the adjoint of the statements before the loop.
    /// When it ends with an `if` whose branches are fused, each branch runs
    /// its forward and adjoint under one test.
    pub(super) fn fused_iteration(&mut self, body: &Block) -> TokenStream {
        let fused_loop = body.stmts.iter().position(|s| self.fused_loops.contains(&s.id));
        let fused_if = match body.stmts.last().map(|s| &s.kind) {
            Some(StmtKind::If { then_blk, .. }) if self.fused_bodies.contains(&then_blk.id) => {
                Some(body.stmts.len() - 1)
            }
            _ => None,
        };
        let Some(k) = fused_loop.or(fused_if) else {
            let fwd = self.fwd_block(body);
            let rev = self.rev_block(body);
            let resets = self.cursor_resets();
            return quote!(#fwd #resets #rev);
        };
        let mut out = self.fwd_stmts(&body.stmts[..k]);
        let (middle, outer, restore) = self.fused_middle(body, k);
        out.extend(middle);
        out.extend(restore);
        out.extend(self.cursor_resets());
        out.extend(self.rev_run(body.stmts[..k].iter().rev()));
        self.end_fresh(outer);
        out
    }

    /// The middle of a fused block whose statement `k` is its fused loop or
    /// the `if` it ends with: the adjoint declarations, the adjoint of the
    /// statements after `k`, statement `k` fused, and those statements'
    /// forward. Returns the enclosing block's fresh shadows, for `end_fresh`
    /// after the adjoint of the statements before `k`, and what puts back
    /// the vectors the loop saved whole, for after the block's forward.
    pub(super) fn fused_middle(
        &mut self,
        body: &Block,
        k: usize,
    ) -> (TokenStream, std::collections::HashSet<VarId>, TokenStream) {
        let (last, tail) = body.stmts[k..].split_first().unwrap();
        let mut out: TokenStream = self.adjoint_decls(body).into_iter().map(|(_, decl, _)| decl).collect();
        let outer = self.begin_fresh(body);
        out.extend(self.rev_run(tail.iter().rev()));
        let (nested, restore) = match &last.kind {
            StmtKind::If { cond, then_blk, else_blk } => {
                let c = self.em.expr(cond).ts;
                let t = self.fused_iteration(then_blk);
                let e = self.fused_iteration(else_blk);
                (emit::if_else(&c, &t, &e), TokenStream::new())
            }
            _ => self.fused_loop(last),
        };
        self.forget_fresh(&nested);
        out.extend(nested);
        out.extend(self.fwd_stmts(tail));
        (out, outer, restore)
    }

    /// Whether the adjoint sweep writes saved values back into variable `v`.
    pub(super) fn restores(&self, v: VarId) -> bool {
        self.restored_in(&self.f.body).contains(&v)
    }

    /// Variables the adjoint of `body` writes saved values back into,
    /// itself or through a callee (companions restore their `&mut` arguments).
    pub(super) fn restored_in(&self, body: &Block) -> std::collections::HashSet<VarId> {
        let mut out = std::collections::HashSet::new();
        walk_stmts(body, &mut |s| match &s.kind {
            // The checkpoint driver runs steps again from its snapshots.
            StmtKind::For { body, .. } | StmtKind::While { body, .. } if self.f.checkpoints.contains_key(&s.id) => {
                out.extend(crate::analysis::checkpoint::step_vars(body).state);
            }
            StmtKind::Assign { place, .. } if self.plan.saves.contains_key(&s.id) => {
                out.insert(place.base);
            }
            StmtKind::Mpi(MpiOp { recv: Some(r), .. }) if self.plan.saves.contains_key(&s.id) => {
                out.insert(r.arg.place.base);
            }
            StmtKind::Call { call, .. } | StmtKind::Let { init: Init::Call(call), .. } => {
                for a in &call.args {
                    match a {
                        Arg::Buf(b) if b.mutable => out.insert(b.place.base),
                        Arg::Struct { place, mutable: true, .. } => out.insert(place.base),
                        _ => false,
                    };
                }
            }
            _ => {}
        });
        out
    }
}
