//! Where what the adjoint reads is kept: the tape slots, and the saves of
//! values the function overwrites.

use super::{call_name, Builder, Owner, Slot, SlotKind, SlotValue, Whole};
use crate::analysis::types::Cat;
use crate::ir::*;

impl<'a> Builder<'a> {
    pub(super) fn slot_kind(&self, block: BlockId) -> SlotKind {
        let loops = &self.plan.blocks[block].loops;
        if loops.is_empty() {
            return if block == BlockId::BODY { SlotKind::Local } else { SlotKind::Single };
        }
        if loops.iter().any(|l| !self.plan.loops.contains_key(l)) {
            return SlotKind::Stack;
        }
        // Inner trip counts must be known when the outermost loop starts.
        let outer = loops[0];
        let outer_body = self.body_of(outer);
        for l in &loops[1..] {
            let info = &self.plan.loops[l];
            let mut ok = true;
            let mut check = |p: &Place| {
                let v = p.base;
                if self.plan.written[v] || self.is_within(self.plan.def_block[v], outer_body) {
                    ok = false;
                }
            };
            info.lo.visit_reads(&mut check);
            info.hi.visit_reads(&mut check);
            if let Some(s) = &info.step {
                s.visit_reads(&mut check);
            }
            if !ok {
                return SlotKind::Stack;
            }
        }
        SlotKind::Direct(loops.clone())
    }

    pub(super) fn body_of(&self, loop_stmt: StmtId) -> BlockId {
        self.plan
            .blocks
            .iter_enumerated()
            .find(|(_, b)| matches!(b.owner, Owner::For(s) | Owner::While(s) if s == loop_stmt))
            .map_or(BlockId::BODY, |(id, _)| id)
    }

    pub(super) fn new_slot(&mut self, name: String, block: BlockId, value: SlotValue) -> usize {
        let outside_loops = self.plan.blocks[block].loops.is_empty();
        let par = self.plan.blocks[block].loops.iter().find(|l| self.plan.par_loops.contains(l)).copied();
        let kind = if let Some(l) = par {
            SlotKind::Chunk(l)
        } else if value == SlotValue::Owned && outside_loops && block == BlockId::BODY {
            SlotKind::Local
        } else if value == SlotValue::Owned && outside_loops {
            SlotKind::Single
        } else if value == SlotValue::Owned {
            SlotKind::Stack
        } else {
            self.slot_kind(block)
        };
        if let SlotKind::Direct(loops) = &kind {
            let outer = loops[0];
            let idx = self.plan.slots.len();
            self.plan.resize_before.entry(outer).or_default().push(idx);
        }
        let dense = match &kind {
            SlotKind::Direct(loops) => {
                // Every block from this one up to the outermost loop's body is a loop body.
                let mut b = block;
                let mut ok = loops.iter().all(|l| !self.plan.loops[l].rev);
                while ok {
                    match self.plan.blocks[b].owner {
                        Owner::For(l) if l == loops[0] => break,
                        Owner::For(_) => b = self.plan.blocks[b].parent.unwrap_or(BlockId::BODY),
                        _ => ok = false,
                    }
                }
                ok
            }
            _ => false,
        };
        self.plan.slots.push(Slot { name, kind, value, dense });
        let idx = self.plan.slots.len() - 1;
        if let Some(l) = self.plan.blocks[block].step {
            self.plan.steps.get_mut(&l).unwrap().slots.push(idx);
        }
        idx
    }

    pub(super) fn scalar_of(&self, v: VarId) -> SlotValue {
        match self.t.vars[v] {
            Cat::Scalar(s) => SlotValue::Scalar(s),
            _ => SlotValue::Owned,
        }
    }

    /// The vectors loop `lp` of block `b` saves whole: those it overwrites
    /// whole (see `whole`) where some overwrite needs a save, outside
    /// rayon loops.
    pub(super) fn whole_saves(&mut self, lp: &Stmt, b: BlockId) -> Vec<VarId> {
        let in_par = self.plan.blocks[b].loops.iter().any(|l| self.plan.par_loops.contains(l));
        if in_par || self.f.checkpoints.contains_key(&lp.id) {
            return Vec::new();
        }
        let StmtKind::For { body, .. } = &lp.kind else { return Vec::new() };
        let mut out = Vec::new();
        for (x, count) in crate::analysis::whole::whole_writes(&self.shapes, lp) {
            let class = self.alias_class(x);
            let mut matters = false;
            walk_stmts(body, &mut |s| {
                if matches!(&s.kind, StmtKind::Assign { place, .. } if place.base == x) {
                    matters |= !self.rerun_writes.contains(&s.id) && self.overwrite_matters(&class, s.id);
                }
            });
            if !self.plan.needed[x] || !matters || self.whole_vars.contains(&x) {
                continue;
            }
            self.save_whole(lp.id, b, x, Some(count));
            out.push(x);
        }
        out
    }

    /// A call without an active argument that overwrites buffer `v`, which
    /// the adjoint reads before it: all of `v` is copied on a whole tape
    /// before the call and put back at its adjoint. Inside rayon loops and
    /// checkpointed steps, or for a field of a struct, it is refused.
    fn save_around_call(&mut self, s: &Stmt, b: BlockId, v: VarId, whole_var: bool) {
        let in_par = self.plan.blocks[b].loops.iter().any(|l| self.plan.par_loops.contains(l));
        if in_par || self.plan.blocks[b].step.is_some() || !whole_var {
            self.plan.unsaved_calls.push((s.span, v));
            return;
        }
        self.save_whole(s.id, b, v, None);
    }

    /// A whole save of `buf` around statement `at` of block `b` (see
    /// [`Whole`]), on a slot of its own.
    fn save_whole(&mut self, at: StmtId, b: BlockId, buf: VarId, count: Option<Expr>) {
        let slot = self.new_slot(format!("saved_{}", self.f.vars[buf].name), b, SlotValue::Owned);
        self.plan.slots[slot].kind = SlotKind::Whole;
        self.plan.whole.entry(at).or_default().push(Whole { buf, slot, count });
    }

    /// Saves of overwritten values: every write to a needed variable after
    /// its definition (but to a vector a loop around it saves whole).
    pub(super) fn saves(&mut self, b: &'a Block) {
        for s in &b.stmts {
            let target = match &s.kind {
                StmtKind::Assign { place, op, .. } => {
                    let v = place.base;
                    let init_write = self.plan.uninit[v] && *op == AssignOp::Set && place.is_var();
                    (!init_write && !self.plan.counters.contains(&v)).then_some(place)
                }
                StmtKind::Mpi(op) => op.written().map(|r| &r.arg.place),
                _ => None,
            };
            let call = s.call().map(|(call, dests)| (call, dests.to_vec()));
            // The record of an MPI operation (an immediate one's is kept at
            // its wait, which learns the actual tag of a receive).
            if b.id != BlockId::BODY
                && matches!(&s.kind, StmtKind::Mpi(op) if !matches!(op.kind, MpiKind::ImmediateSend | MpiKind::ImmediateReceive))
            {
                let slot = self.new_slot("tape_mpi".into(), b.id, SlotValue::Owned);
                self.plan.call_slots.insert(s.id, slot);
            }
            // The driver of a checkpointed loop, from its forward sweep to
            // its reverse.
            if b.id != BlockId::BODY && self.plan.steps.contains_key(&s.id) {
                let slot = self.new_slot("tape_checkpoint".into(), b.id, SlotValue::Owned);
                self.plan.call_slots.insert(s.id, slot);
            }
            if let Some((call, dests)) = &call {
                if !self.call_active(call, dests) {
                    for a in &call.args {
                        let Arg::Buf(arg) = a else { continue };
                        let v = arg.place.base;
                        if arg.mutable && self.plan.needed[v] && self.overwrite_matters(&self.alias_class(v), s.id) {
                            self.save_around_call(s, b.id, v, arg.place.is_var());
                        }
                    }
                }
            }
            if let Some((call, dests)) = call {
                if b.id != BlockId::BODY && self.call_active(call, &dests) && !self.plan.joint_calls.contains(&s.id) {
                    let name = format!("tape_{}", call_name(call));
                    let slot = self.new_slot(name, b.id, SlotValue::Owned);
                    self.plan.call_slots.insert(s.id, slot);
                }
            }
            if let Some(place) = target.filter(|p| !self.whole_vars.contains(&p.base)) {
                let class = self.alias_class(place.base);
                if self.plan.needed[place.base]
                    && !self.rerun_writes.contains(&s.id)
                    && self.overwrite_matters(&class, s.id)
                {
                    let value = if place.is_var() {
                        self.scalar_of(place.base)
                    } else {
                        match crate::analysis::types::place_cat(self.t, place) {
                            Cat::Scalar(s) => SlotValue::Scalar(s),
                            _ => SlotValue::Owned,
                        }
                    };
                    let name = format!("saved_{}", self.f.vars[place.base].name);
                    let slot = self.new_slot(name, b.id, value);
                    self.plan.saves.insert(s.id, slot);
                }
            }
            let whole = self.whole_saves(s, b.id);
            self.whole_vars.extend(whole.iter().copied());
            for c in std::iter::once(s).flat_map(|s| match &s.kind {
                StmtKind::If { then_blk, else_blk, .. } => vec![then_blk, else_blk],
                StmtKind::For { body, .. } | StmtKind::While { body, .. } => vec![body],
                _ => vec![],
            }) {
                self.saves(c);
            }
            for x in whole {
                self.whole_vars.remove(&x);
            }
        }
    }

    /// Whether the value a write overwrites can still be read by the reverse
    /// sweep: some read of the variable comes before the write in program
    /// order, or shares a loop with it (a later iteration reads it) - a loop
    /// around the variable's definition does not count, since every
    /// iteration has a fresh variable.
    pub(super) fn overwrite_matters(&self, class: &[VarId], write: StmtId) -> bool {
        let w = self.order[&write];
        let wl = &self.loops_of[&write];
        class.iter().any(|&v| {
            let fresh_in: &[StmtId] =
                self.plan.def_stmt[v].and_then(|d| self.loops_of.get(&d)).map_or(&[], |l| l.as_slice());
            self.read_at[v].iter().any(|r| match r {
                None => true,
                // Read at a checkpointed loop: by its steps, recomputed in
                // the reverse sweep, and as the state its adjoint starts
                // from: as the loop left it. Read inside a step: a later
                // step is recomputed, not restored, so only writes before
                // the read in the same step matter.
                Some(r) => {
                    let before = match self.step_end.get(r) {
                        Some(&end) => end < w,
                        None => self.order[r] <= w,
                    };
                    before
                        || self.loops_of[r]
                            .iter()
                            .any(|l| wl.contains(l) && !fresh_in.contains(l) && !self.f.checkpoints.contains_key(l))
                }
            })
        })
    }

    /// The variables a swap may exchange storage with, transitively.
    pub(super) fn alias_class(&self, v: VarId) -> Vec<VarId> {
        let mut class = vec![v];
        let mut k = 0;
        while k < class.len() {
            let x = class[k];
            walk_stmts(&self.f.body, &mut |s| {
                if let StmtKind::Swap(a, b) = &s.kind {
                    for (p, q) in [(a.base, b.base), (b.base, a.base)] {
                        if p == x && !class.contains(&q) {
                            class.push(q);
                        }
                    }
                }
            });
            k += 1;
        }
        class
    }
}
