//! `while` and `loop`, labelled blocks, and `break` / `continue` as flags
//! guarding the rest of their block.

use super::control::{jumps_block, JumpSet};
use super::state::{LoopCtx, Lowerer};
use super::syntax::label_name;
use crate::ir::*;
use proc_macro2::Span;
use syn::spanned::Spanned;

impl Lowerer<'_> {
    pub(super) fn labelled_block(&mut self, b: &syn::ExprBlock) {
        let label = b.label.as_ref().map(|l| quote::quote!(#l));
        self.diag.error_spanned(
            label,
            "a block with a label is not supported (labelled loops are); to leave it early, put it in a \
             `loop { ... break; }` or a function that returns",
        );
    }

    /// `break` or `continue`, to the loop labelled `label` or the innermost:
    /// its flag is set, and the break flags of the loops inside it, which
    /// stop too.
    /// The loop a jump to `label` (or the innermost) leaves, by depth.
    fn jump_target(&self, label: Option<&syn::Lifetime>) -> Option<usize> {
        match label {
            None => self.loops.len().checked_sub(1),
            Some(l) => self.loops.iter().rposition(|c| c.label.as_deref() == Some(&l.ident.to_string())),
        }
    }

    /// `break v`: `v` assigned to the value of the `loop` it leaves, which
    /// must be in value position; then the jump.
    pub(super) fn lower_break(&mut self, b: &syn::ExprBreak, span: Span) {
        if let Some(e) = &b.expr {
            match self.jump_target(b.label.as_ref()).and_then(|d| self.loops[d].value) {
                Some(v) => {
                    let value = self.lower_value(e, None);
                    self.emit(StmtKind::Assign { place: Place::var(v), op: AssignOp::Set, value }, span);
                }
                None => self.diag.error_spanned(b, super::syntax::BREAK_VALUE),
            }
        }
        self.lower_jump(b.label.as_ref(), true, span);
    }

    pub(super) fn lower_jump(&mut self, label: Option<&syn::Lifetime>, is_break: bool, span: Span) {
        let what = if is_break { "break" } else { "continue" };
        let depth = self.jump_target(label);
        let Some(depth) = depth else {
            let message = match label {
                Some(l) => {
                    format!("`{what}` to `{l}`, which is not a loop around it (labelled blocks are not supported)")
                }
                None => format!("`{what}` outside of a loop"),
            };
            return self.diag.error(span, message);
        };
        let target = &self.loops[depth];
        let mut flags: Vec<Option<VarId>> = vec![if is_break { target.brk } else { target.cont }];
        flags.extend(self.loops[depth + 1..].iter().map(|c| c.brk));
        for f in flags.into_iter().flatten() {
            self.emit(
                StmtKind::Assign { place: Place::var(f), op: AssignOp::Set, value: Expr::bool(true, span) },
                span,
            );
        }
    }

    pub(super) fn lower_while(&mut self, w: &syn::ExprWhile) {
        if let syn::Expr::Let(l) = &*w.cond {
            let while_token = &w.while_token;
            self.diag.error_spanned(
                quote::quote!(#while_token #l),
                "`while let` is not supported; use a `for` loop over a range (`for i in 0..x.len()`) or `while` \
                 with a condition",
            );
            return;
        }
        let ck = self.checkpoint_of(&w.attrs, true, false);
        let label = label_name(w.label.as_ref());
        let jumps = jumps_block(&w.body, label.as_deref());
        let brk = jumps.brk.then(|| self.flag("brk", w.span()));
        // The condition is evaluated before every iteration; if it needs
        // statements (a call, an iterator chain), they move into the loop.
        let (cond_blk, cond) = self.block(|l| l.lower_value(&w.cond, None));
        let span = w.span();
        if cond_blk.stmts.is_empty() {
            let cond = self.loop_cond(brk, Some(cond), span);
            self.loop_body(brk, cond, &w.body, jumps.cont, None, label);
        } else {
            let go = self.flag("go", span);
            self.emit(
                StmtKind::Assign { place: Place::var(go), op: AssignOp::Set, value: Expr::bool(true, span) },
                span,
            );
            let cond = self.loop_cond(brk, Some(Expr::var(go, span)), span);
            self.loop_body(brk, cond, &w.body, jumps.cont, Some((go, &w.cond)), label);
        }
        self.mark_checkpoint(ck);
    }

    pub(super) fn lower_loop(&mut self, l: &syn::ExprLoop) {
        let label = label_name(l.label.as_ref());
        let jumps = jumps_block(&l.body, label.as_deref());
        if !jumps.brk && !jumps.ret {
            self.diag.error(l.loop_token.span(), "a `loop` without `break` or `return` never ends");
            return;
        }
        let brk = self.flag("brk", l.span());
        let cond = self.loop_cond(Some(brk), None, l.span());
        self.loop_body(Some(brk), cond, &l.body, jumps.cont, None, label);
    }

    /// `!brk && !returned && cond`.
    pub(super) fn loop_cond(&mut self, brk: Option<VarId>, cond: Option<Expr>, span: Span) -> Expr {
        let mut parts: Vec<Expr> = Vec::new();
        if let Some(b) = brk {
            parts.push(Expr::not(Expr::var(b, span)));
        }
        if let Some(r) = self.returned {
            parts.push(Expr::not(Expr::var(r, span)));
        }
        parts.extend(cond);
        let mut it = parts.into_iter();
        let first = it.next().unwrap_or_else(|| Expr::bool(true, span));
        it.fold(first, |a, b| Expr::binary(BinOp::And, a, b, span))
    }

    pub(super) fn loop_body(
        &mut self,
        brk: Option<VarId>,
        cond: Expr,
        body: &syn::Block,
        has_cont: bool,
        recheck: Option<(VarId, &syn::Expr)>,
        label: Option<String>,
    ) {
        let span = body.span();
        let (blk, ()) = self.block(|l| {
            if let Some((go, c)) = recheck {
                let v = l.lower_value(c, None);
                l.emit(StmtKind::Assign { place: Place::var(go), op: AssignOp::Set, value: v }, span);
                let (inner, ()) = l.block(|l| l.loop_inner(brk, body, has_cont, label));
                l.emit(StmtKind::If { cond: Expr::var(go, span), then_blk: inner, else_blk: Block::new(vec![]) }, span);
            } else {
                l.loop_inner(brk, body, has_cont, label);
            }
        });
        self.emit(StmtKind::While { cond, body: blk }, span);
    }

    pub(super) fn loop_inner(&mut self, brk: Option<VarId>, body: &syn::Block, has_cont: bool, label: Option<String>) {
        let cont = has_cont.then(|| self.flag("cont", body.span()));
        let value = self.loop_value.take();
        self.loops.push(LoopCtx { brk, cont, label, value });
        let tail = self.lower_stmts(&body.stmts);
        self.loops.pop();
        if let Some(t) = tail {
            self.diag.error(t.span, "a loop body cannot end in a value");
        }
    }

    /// `let mut NAME = false;`
    pub fn flag(&mut self, base: &str, span: Span) -> VarId {
        self.temp(base, Init::Expr(Expr::bool(false, span)), span)
    }

    /// The flag a counted loop's `break` sets, declared where this is
    /// called: before the loop, so that it outlives the iteration.
    pub fn break_flag(&mut self, body: &syn::Block, label: Option<&str>) -> Option<VarId> {
        jumps_block(body, label).brk.then(|| self.flag("brk", body.span()))
    }

    /// The body of a counted loop, guarded by its break flag (from
    /// [`Self::break_flag`]) and the other flags its jumps need.
    pub fn lower_loop_body(&mut self, body: &syn::Block, brk: Option<VarId>, label: Option<String>) -> Block {
        let jumps = jumps_block(body, label.as_deref());
        let guard_ret = jumps.ret;
        let (blk, ()) = self.block(|l| {
            if brk.is_some() || guard_ret {
                let cond = l.loop_cond(brk, None, body.span());
                let (inner, ()) = l.block(|l| l.loop_inner(brk, body, jumps.cont, label));
                l.emit(StmtKind::If { cond, then_blk: inner, else_blk: Block::new(vec![]) }, body.span());
            } else {
                l.loop_inner(None, body, jumps.cont, label);
            }
        });
        blk
    }

    /// The label of the innermost loop being lowered.
    pub(super) fn loop_label(&self) -> Option<&str> {
        self.loops.last().and_then(|c| c.label.as_deref())
    }

    /// `!returned && !brk && !cont` for the flags a jump may have set.
    pub(super) fn jump_guard(&self, jumps: &JumpSet, span: Span) -> Expr {
        let mut flags = Vec::new();
        if jumps.ret {
            flags.extend(self.returned);
        }
        if let Some(ctx) = self.loops.last() {
            if jumps.brk {
                flags.extend(ctx.brk);
            }
            if jumps.cont {
                flags.extend(ctx.cont);
            }
        }
        let mut guard: Option<Expr> = None;
        for f in flags {
            let not = Expr::not(Expr::var(f, span));
            guard = Some(match guard {
                None => not,
                Some(g) => Expr::binary(BinOp::And, g, not, span),
            });
        }
        guard.unwrap_or_else(|| Expr::bool(true, span))
    }
}
