//! The tape plan: which values the reverse sweep reads (to-be-recorded),
//! and for each, how it gets them back.
//!
//! - A variable defined at the top of the function and never written again
//!   is simply still there: the reverse closure captures it.
//! - A variable defined inside a loop body or a branch is rebound at the start
//!   of that block's adjoint: recomputed if its definition is cheap and reads
//!   only values that are themselves available, otherwise read from the tape.
//! - A variable the reverse reads and the forward sweep overwrites has the
//!   overwritten value saved before the write and restored at the write's
//!   adjoint (Tapenade's scheme).
//! - A buffer that a loop's iterations rewrite whole before reading it (see
//!   `scratch`) is not saved: the adjoint of each iteration runs the rewrite
//!   again.
//!
//! Tape slots inside counted loops are direct-indexed by the loop counters
//! (`tape[i * m + j]`), allocated once before the outermost loop; slots under
//! a `while` loop, or holding owned values (vectors, reverse closures), are
//! stacks.

use super::activity::{expr_active, place_active, Activity};
use super::cost::cheap;
use super::prepare::Prepared;
use super::scratch::Scratch;
use super::types::{Cat, Scalar, Types};
use crate::ir::*;
use std::collections::{HashMap, HashSet};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Owner {
    Body,
    Branch,
    For(StmtId),
    While(StmtId),
}

pub struct BlockInfo {
    pub parent: Option<usize>,
    pub owner: Owner,
    /// Enclosing loops, outermost first (including the block's own loop),
    /// up to the checkpointed loop the block is in, if any: a step's tape
    /// is indexed as if the step were the whole function.
    pub loops: Vec<StmtId>,
    /// The checkpointed loop whose step the block is part of.
    pub step: Option<StmtId>,
}

/// A checkpointed loop: what its step touches outside, and the slots of
/// its step's tape (declared in the taped step, handed to its adjoint).
pub struct Step {
    pub vars: super::checkpoint::StepVars,
    pub slots: Vec<usize>,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SlotKind {
    /// A plain local of the forward function, captured by the reverse closure.
    Local,
    /// `tape[index]`, the index computed from the counters of these loops.
    Direct(Vec<StmtId>),
    /// `push` / `pop`.
    Stack,
    /// A value stored at most once per call (inside a branch, outside every
    /// loop): an `Option` declared at the top.
    Single,
    /// Inside this parallel loop: one stack per fixed chunk of its
    /// iterations, pushed by the chunk's forward iterations and popped by its
    /// adjoint iterations, which run in the same chunks.
    Chunk(StmtId),
    /// The saves of a vector a loop overwrites whole (see `whole`): a
    /// `WholeTape`.
    Whole,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SlotValue {
    Scalar(Scalar),
    /// A vector or a reverse closure: moved in and out, never copied.
    Owned,
}

pub struct Slot {
    pub name: String,
    pub kind: SlotKind,
    pub value: SlotValue,
    /// A direct slot written at every index, in index order (no branch
    /// between it and its loops, no loop running backwards): it is filled
    /// by `push_reserved` into reserved capacity instead of zeroing it first.
    pub dense: bool,
}

#[derive(Clone)]
pub enum Rebind {
    Recompute(Expr),
    Tape(usize),
    /// The buffer's rewrite, run again (see `scratch`).
    Rerun(Box<Stmt>),
}

pub struct LoopInfo {
    pub index: VarId,
    pub lo: Expr,
    pub hi: Expr,
    pub step: Option<Expr>,
    pub rev: bool,
}

pub struct Plan {
    pub written: Vec<bool>,
    pub uninit: Vec<bool>,
    pub needed: Vec<bool>,
    pub def_block: Vec<usize>,
    pub blocks: Vec<BlockInfo>,
    /// Per block: variables to rebind at the start of its adjoint, in definition order.
    pub rebind: HashMap<usize, Vec<(VarId, Rebind)>>,
    /// Per statement: the slot saving the value it overwrites.
    pub saves: HashMap<StmtId, usize>,
    /// Per block: the slots its rebound variables are saved to at its end.
    pub slots: Vec<Slot>,
    pub loops: HashMap<StmtId, LoopInfo>,
    /// Direct slots to size before this (outermost) loop.
    pub resize_before: HashMap<StmtId, Vec<usize>>,
    pub while_counters: HashMap<StmtId, VarId>,
    pub counters: HashSet<VarId>,
    /// The rayon loops.
    pub par_loops: HashSet<StmtId>,
    /// Statements that define each variable (its `let`, or the `For`).
    pub def_stmt: Vec<Option<StmtId>>,
    /// Per active call (and MPI operation): the slot holding its reverse
    /// closure (its record), when it sits in a nested block (at the top it
    /// is a plain local).
    pub call_slots: HashMap<StmtId, usize>,
    /// Per variable: the statements whose adjoints read its value (`None`:
    /// read wherever, as a `&mut` parameter restored on return).
    pub read_at: Vec<HashSet<Option<StmtId>>>,
    /// The checkpointed loops, by statement id. A checkpointed loop that is
    /// not at the top of the function keeps its driver in `call_slots`.
    pub steps: HashMap<StmtId, Step>,
    /// Per loop: the local vectors it overwrites whole, saved before it and
    /// restored after its adjoint instead of element by element (see
    /// `whole`).
    pub whole: HashMap<StmtId, Vec<Whole>>,
    /// Calls without an active argument that overwrite, through `&mut`, a
    /// buffer the reverse sweep reads before them: nothing saves it, so
    /// the derivative is refused (the call's span and the buffer).
    pub unsaved_calls: Vec<(proc_macro2::Span, VarId)>,
}

/// A vector a loop overwrites whole: saved on `slot` before the loop, which
/// writes its prefix `[0, count)`.
pub struct Whole {
    pub buf: VarId,
    pub slot: usize,
    pub count: Expr,
}

struct Builder<'a> {
    /// Planning a nestable form: calls' arguments are evaluated again.
    nestable: bool,
    f: &'a Function,
    t: &'a Types,
    act: &'a Activity,
    plan: Plan,
    /// `let` initialisers, for recomputation.
    inits: HashMap<VarId, &'a Init>,
    /// The statement whose adjoint is being scanned for reads.
    cur: Option<StmtId>,
    /// Per variable: the statements whose adjoints read it (`None`: read
    /// wherever, as for a `&mut` parameter restored on return).
    read_at: Vec<HashSet<Option<StmtId>>>,
    /// Program order of statements, and the loops around each.
    order: HashMap<StmtId, usize>,
    loops_of: HashMap<StmtId, Vec<StmtId>>,
    /// Per checkpointed loop: the position of the last statement inside it.
    step_end: HashMap<StmtId, usize>,
    block_refs: HashMap<usize, &'a Block>,
    /// Buffers written only by element assignments and swaps.
    elementwise: Vec<bool>,
    /// The assignments of the scratch buffers' rewrites that the reverse
    /// sweep runs again: nothing to save.
    rerun_writes: HashSet<StmtId>,
    /// What the proofs of whole-vector writes share (see `whole`).
    shapes: super::whole::Shapes<'a>,
    /// Vectors saved whole by a loop around the statements being planned.
    whole_vars: HashSet<VarId>,
}

impl<'a> Builder<'a> {
    fn blocks(
        &mut self,
        b: &'a Block,
        parent: Option<usize>,
        owner: Owner,
        loops: Vec<StmtId>,
        in_step: Option<StmtId>,
    ) {
        self.block_refs.insert(b.id, b);
        self.plan.blocks[b.id] = BlockInfo { parent, owner, loops: loops.clone(), step: in_step };
        for s in &b.stmts {
            match &s.kind {
                StmtKind::Let { var, init } => {
                    self.plan.def_block[*var] = b.id;
                    self.plan.def_stmt[*var] = Some(s.id);
                    self.inits.insert(*var, init);
                    if matches!(init, Init::Uninit) {
                        self.plan.uninit[*var] = true;
                    }
                }
                StmtKind::Call { dests, .. } => {
                    for d in dests {
                        self.plan.def_block[*d] = b.id;
                        self.plan.def_stmt[*d] = Some(s.id);
                    }
                }
                StmtKind::If { then_blk, else_blk, .. } => {
                    self.blocks(then_blk, Some(b.id), Owner::Branch, loops.clone(), in_step);
                    self.blocks(else_blk, Some(b.id), Owner::Branch, loops.clone(), in_step);
                }
                StmtKind::For { index, lo, hi, step, body, rev, par } => {
                    if par.is_some() {
                        self.plan.par_loops.insert(s.id);
                    }
                    self.plan.def_block[*index] = body.id;
                    self.plan.def_stmt[*index] = Some(s.id);
                    self.plan.loops.insert(
                        s.id,
                        LoopInfo { index: *index, lo: lo.clone(), hi: hi.clone(), step: step.clone(), rev: *rev },
                    );
                    let (l, st) = self.enter_loop(s.id, body, &loops, in_step);
                    self.blocks(body, Some(b.id), Owner::For(s.id), l, st);
                }
                StmtKind::While { body, .. } => {
                    let (l, st) = self.enter_loop(s.id, body, &loops, in_step);
                    self.blocks(body, Some(b.id), Owner::While(s.id), l, st);
                }
                _ => {}
            }
        }
    }

    /// The loops and step of a loop's body: a checkpointed loop starts a
    /// step, with no enclosing loops.
    fn enter_loop(
        &mut self,
        l: StmtId,
        body: &Block,
        loops: &[StmtId],
        step: Option<StmtId>,
    ) -> (Vec<StmtId>, Option<StmtId>) {
        if self.f.checkpoints.contains_key(&l) {
            let vars = super::checkpoint::step_vars(body);
            self.plan.steps.insert(l, Step { vars, slots: Vec::new() });
            return (Vec::new(), Some(l));
        }
        let mut inner = loops.to_vec();
        inner.push(l);
        (inner, step)
    }

    fn need(&mut self, v: VarId) -> bool {
        self.read_at[v].insert(self.cur);
        if self.plan.needed[v] {
            return false;
        }
        self.plan.needed[v] = true;
        true
    }

    fn positions(&mut self, b: &Block, loops: &[StmtId]) {
        for s in &b.stmts {
            let n = self.order.len();
            self.order.insert(s.id, n);
            self.loops_of.insert(s.id, loops.to_vec());
            match &s.kind {
                StmtKind::If { then_blk, else_blk, .. } => {
                    self.positions(then_blk, loops);
                    self.positions(else_blk, loops);
                }
                StmtKind::For { body, .. } | StmtKind::While { body, .. } => {
                    let mut l = loops.to_vec();
                    l.push(s.id);
                    self.positions(body, &l);
                    if self.f.checkpoints.contains_key(&s.id) {
                        self.step_end.insert(s.id, self.order.len() - 1);
                    }
                }
                _ => {}
            }
        }
    }

    /// Whether the value a write overwrites can still be read by the reverse
    /// sweep: some read of the variable comes before the write in program
    /// order, or shares a loop with it (a later iteration reads it) - a loop
    /// around the variable's definition does not count, since every
    /// iteration has a fresh variable.
    fn overwrite_matters(&self, class: &[VarId], write: StmtId) -> bool {
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
    fn alias_class(&self, v: VarId) -> Vec<VarId> {
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

    fn need_all_reads(&mut self, e: &Expr, changed: &mut bool) {
        let mut vs = Vec::new();
        e.visit_reads(&mut |p| vs.push(p.base));
        for v in vs {
            *changed |= self.need(v);
        }
    }

    fn need_index_reads(&mut self, p: &Place, changed: &mut bool) {
        let mut vs = Vec::new();
        p.visit_index_reads(&mut |q| vs.push(q.base));
        for v in vs {
            *changed |= self.need(v);
        }
    }

    /// What the adjoint of `e` reads: index expressions of active places,
    /// and the operands of nonlinear operations.
    fn partial_reads(&mut self, e: &Expr, changed: &mut bool) {
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

    fn buf_arg_reads(&mut self, b: &BufArg, changed: &mut bool) {
        self.need_index_reads(&b.place, changed);
        if let Some((lo, hi)) = &b.range {
            self.need_all_reads(lo, changed);
            self.need_all_reads(hi, changed);
        }
    }

    fn call_active(&self, c: &Call, dests: &[VarId]) -> bool {
        super::activity::call_active(self.t, &self.act.vars, c, dests)
    }

    fn call_reads(&mut self, c: &Call, dests: &[VarId], changed: &mut bool) {
        if !self.call_active(c, dests) {
            return;
        }
        for a in &c.args {
            match a {
                Arg::Value(e) if self.nestable => self.need_all_reads(e, changed),
                Arg::Value(e) => self.partial_reads(e, changed),
                Arg::Buf(b) => {
                    *changed |= self.need(b.place.base);
                    self.buf_arg_reads(b, changed)
                }
                Arg::Struct { place, .. } => {
                    *changed |= self.need(place.base);
                    self.need_index_reads(place, changed)
                }
            }
        }
    }

    /// One pass over the reads the reverse sweep makes; true if `needed` grew.
    fn reads(&mut self, b: &'a Block, changed: &mut bool) {
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
                    if active && matches!(t.vars[*var], Cat::Buf(_)) && self.plan.def_block[*var] != 0 {
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

    fn is_within(&self, mut b: usize, ancestor: usize) -> bool {
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
    fn recomputable(&self, v: VarId, e: &Expr) -> bool {
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
    fn available(&self, reads: &[VarId], block: usize, at: Option<StmtId>) -> bool {
        reads.iter().all(|&r| {
            let restorable =
                (self.plan.needed[r] || self.elementwise[r]) && at.is_some_and(|at| !self.written_after(r, block, at));
            !self.plan.uninit[r] && (!self.plan.written[r] || restorable)
        })
    }

    /// Whether `r` is written in `block` after its statement `at` (by its
    /// name, or by any name a swap there may give its storage).
    fn written_after(&self, r: VarId, block: usize, at: StmtId) -> bool {
        let Some(block) = self.block_refs.get(&block) else { return true };
        let Some(k) = block.stmts.iter().position(|s| s.id == at) else { return true };
        let class = self.alias_class(r);
        let mut swapped = false;
        let mut writes = std::collections::HashSet::new();
        let mut check = |s: &Stmt| {
            swapped |= matches!(&s.kind, StmtKind::Swap(a, b) if class.contains(&a.base) || class.contains(&b.base));
            super::prepare::for_each_write(s, &mut |w| {
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
    fn rerunnable(&self, sc: &Scratch) -> bool {
        let at = self.order[&sc.rewrite.id];
        let in_iteration = self.read_at[sc.buf]
            .iter()
            .all(|r| r.is_some_and(|r| self.order[&r] >= at && self.loops_of[&r].contains(&sc.lp)));
        let info = &self.plan.blocks[sc.body];
        let plain = info.step.is_none() && !info.loops.iter().any(|l| self.plan.par_loops.contains(l));
        let outer = !self.is_within(self.plan.def_block[sc.buf], sc.body);
        in_iteration && plain && outer && self.available(&sc.reads, sc.body, Some(sc.rewrite.id))
    }

    fn slot_kind(&self, block: usize) -> SlotKind {
        let loops = &self.plan.blocks[block].loops;
        if loops.is_empty() {
            return if block == 0 { SlotKind::Local } else { SlotKind::Single };
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

    fn body_of(&self, loop_stmt: StmtId) -> usize {
        self.plan
            .blocks
            .iter()
            .position(|b| matches!(b.owner, Owner::For(s) | Owner::While(s) if s == loop_stmt))
            .unwrap_or(0)
    }

    fn new_slot(&mut self, name: String, block: usize, value: SlotValue) -> usize {
        let outside_loops = self.plan.blocks[block].loops.is_empty();
        let par = self.plan.blocks[block].loops.iter().find(|l| self.plan.par_loops.contains(l)).copied();
        let kind = if let Some(l) = par {
            SlotKind::Chunk(l)
        } else if value == SlotValue::Owned && outside_loops && block == 0 {
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
                        Owner::For(_) => b = self.plan.blocks[b].parent.unwrap_or(0),
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

    fn scalar_of(&self, v: VarId) -> SlotValue {
        match self.t.vars[v] {
            Cat::Scalar(s) => SlotValue::Scalar(s),
            _ => SlotValue::Owned,
        }
    }

    /// The vectors loop `lp` of block `b` saves whole: those it overwrites
    /// whole (see `whole`) where some overwrite needs a save, outside
    /// rayon loops.
    fn whole_saves(&mut self, lp: &Stmt, b: usize) -> Vec<VarId> {
        let in_par = self.plan.blocks[b].loops.iter().any(|l| self.plan.par_loops.contains(l));
        if in_par || self.f.checkpoints.contains_key(&lp.id) {
            return Vec::new();
        }
        let StmtKind::For { body, .. } = &lp.kind else { return Vec::new() };
        let mut out = Vec::new();
        for (x, count) in super::whole::whole_writes(&self.shapes, lp) {
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
            let slot = self.new_slot(format!("saved_{}", self.f.vars[x].name), b, SlotValue::Owned);
            self.plan.slots[slot].kind = SlotKind::Whole;
            self.plan.whole.entry(lp.id).or_default().push(Whole { buf: x, slot, count });
            out.push(x);
        }
        out
    }

    /// Saves of overwritten values: every write to a needed variable after
    /// its definition (but to a vector a loop around it saves whole).
    fn saves(&mut self, b: &'a Block) {
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
            let call = match &s.kind {
                StmtKind::Call { dests, call } => Some((call, dests.clone())),
                StmtKind::Let { var, init: Init::Call(call) } => Some((call, vec![*var])),
                _ => None,
            };
            // The record of an MPI operation (an immediate one's is kept at
            // its wait, which learns the actual tag of a receive).
            if b.id != 0
                && matches!(&s.kind, StmtKind::Mpi(op) if !matches!(op.kind, MpiKind::ImmediateSend | MpiKind::ImmediateReceive))
            {
                let slot = self.new_slot("tape_mpi".into(), b.id, SlotValue::Owned);
                self.plan.call_slots.insert(s.id, slot);
            }
            // The driver of a checkpointed loop, from its forward sweep to
            // its reverse.
            if b.id != 0 && self.plan.steps.contains_key(&s.id) {
                let slot = self.new_slot("tape_checkpoint".into(), b.id, SlotValue::Owned);
                self.plan.call_slots.insert(s.id, slot);
            }
            if let Some((call, dests)) = &call {
                if !self.call_active(call, dests) {
                    for a in &call.args {
                        let Arg::Buf(arg) = a else { continue };
                        let v = arg.place.base;
                        if arg.mutable && self.plan.needed[v] && self.overwrite_matters(&self.alias_class(v), s.id) {
                            self.plan.unsaved_calls.push((s.span, v));
                        }
                    }
                }
            }
            if let Some((call, dests)) = call {
                if b.id != 0 && self.call_active(call, &dests) {
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
                        match super::types::place_cat(self.t, place) {
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
}

/// Per variable: a buffer whose every write is an element assignment
/// (`x[i] = ..`, `x[i] += ..`) or a swap with another such buffer.
fn elementwise_buffers(f: &Function, t: &Types) -> Vec<bool> {
    let mut ok: Vec<bool> = t.vars.iter().map(|c| matches!(c, Cat::Buf(_))).collect();
    walk_stmts(&f.body, &mut |s| match &s.kind {
        StmtKind::Assign { place, .. } if !place.is_var() && matches!(place.proj.last(), Some(Proj::Index(_))) => {}
        StmtKind::Swap(a, b) if a.is_var() && b.is_var() => {}
        _ => super::prepare::for_each_write(s, &mut |v| ok[v] = false),
    });
    super::agree_across_swaps(f, &mut ok);
    ok
}

/// Methods whose derivative is best written in their result `v`, and
/// their argument: exp' = v, tanh' = 1 - v^2, sqrt' = 0.5 / v, ... (saves
/// recomputing a transcendental function in the adjoint sweep). `1.0 / b`
/// counts as `b.recip()`: -v^2 saves a division.
pub fn value_derivative(e: &Expr) -> Option<(Method, &Expr)> {
    match &e.kind {
        ExprKind::Method(
            m @ (Method::Exp
            | Method::Tanh
            | Method::Sqrt
            | Method::Exp2
            | Method::ExpM1
            | Method::Recip
            | Method::Cbrt),
            r,
            args,
        ) if args.is_empty() => Some((*m, r)),
        ExprKind::Binary(BinOp::Div, one, b) if is_one(one) => Some((Method::Recip, b)),
        _ => None,
    }
}

fn is_one(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Lit(syn::Lit::Float(f)) if f.base10_parse::<f64>().is_ok_and(|v| v == 1.0))
}

pub fn call_name(c: &Call) -> String {
    c.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default()
}

/// What a plan is for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// A companion: the adjoint returns `&mut` parameters to their state on
    /// entry, which callers rely on.
    Companion,
    /// A derivative the user calls: `&mut` parameters may be left as the
    /// forward sweep did.
    Derivative,
    /// A derivative's nestable form (see `codegen::reverse::joint`): as a
    /// derivative, and the adjoint evaluates the arguments of calls again,
    /// so all that they read is needed.
    Nestable,
}

pub fn build(
    f: &Function,
    t: &Types,
    act: &Activity,
    prepared: Prepared,
    written: Vec<bool>,
    purpose: Purpose,
) -> Plan {
    let restore_params = purpose == Purpose::Companion;
    let n = f.vars.len();
    let elementwise = elementwise_buffers(f, t);
    let scratch = super::scratch::candidates(f, t, &written, &elementwise);
    let shapes = super::whole::Shapes::new(f, t, &written);
    let plan = Plan {
        written,
        uninit: vec![false; n],
        needed: vec![false; n],
        def_block: vec![0; n],
        blocks: (0..f.block_count)
            .map(|_| BlockInfo { parent: None, owner: Owner::Body, loops: vec![], step: None })
            .collect(),
        rebind: HashMap::new(),
        saves: HashMap::new(),
        slots: Vec::new(),
        loops: HashMap::new(),
        resize_before: HashMap::new(),
        while_counters: prepared.while_counters,
        counters: prepared.counters,
        par_loops: HashSet::new(),
        def_stmt: vec![None; n],
        call_slots: HashMap::new(),
        read_at: Vec::new(),
        steps: HashMap::new(),
        whole: HashMap::new(),
        unsaved_calls: Vec::new(),
    };
    let mut b = Builder {
        f,
        t,
        act,
        plan,
        inits: HashMap::new(),
        cur: None,
        read_at: vec![HashSet::new(); n],
        order: HashMap::new(),
        loops_of: HashMap::new(),
        step_end: HashMap::new(),
        block_refs: HashMap::new(),
        elementwise,
        rerun_writes: HashSet::new(),
        shapes,
        whole_vars: HashSet::new(),
        nestable: purpose == Purpose::Nestable,
    };
    b.blocks(&f.body, None, Owner::Body, vec![], None);
    b.positions(&f.body, &[]);
    // `&mut` parameters are restored to their entry state by the reverse
    // sweep, so callers can rely on them.
    for &p in f.params.iter().filter(|_| restore_params) {
        if b.plan.written[p] && matches!(t.vars[p], Cat::Buf(_) | Cat::Struct) {
            b.need(p);
        }
    }
    // Fixpoint: reads of the reverse sweep, then the reads of the
    // recomputations they imply.
    let mut recompute: HashMap<VarId, Expr> = HashMap::new();
    let mut rerun = vec![false; scratch.len()];
    loop {
        let mut changed = false;
        b.reads(&f.body, &mut changed);
        for v in 0..n {
            if !b.plan.needed[v] || b.plan.def_block[v] == 0 || recompute.contains_key(&v) {
                continue;
            }
            if f.vars[v].origin == VarOrigin::LoopIndex {
                continue;
            }
            if b.plan.written[v] {
                continue;
            }
            if let Some(Init::Expr(e)) = b.inits.get(&v).copied() {
                if b.recomputable(v, e) {
                    recompute.insert(v, e.clone());
                    b.cur = b.plan.def_stmt[v];
                    b.need_all_reads(e, &mut changed);
                }
            }
        }
        for (sc, chosen) in scratch.iter().zip(&mut rerun) {
            if !*chosen && b.plan.needed[sc.buf] && b.rerunnable(sc) {
                *chosen = true;
                b.cur = Some(sc.rewrite.id);
                for &r in &sc.reads {
                    changed |= b.need(r);
                }
            }
        }
        if !changed {
            break;
        }
    }
    // Reads found after a rewrite was chosen may rule it out.
    let reruns: Vec<&Scratch> =
        scratch.iter().zip(rerun).filter(|(sc, chosen)| *chosen && b.rerunnable(sc)).map(|(sc, _)| sc).collect();
    // Rebinding of needed block-locals.
    let mut order: Vec<VarId> = (0..n).filter(|v| b.plan.needed[*v] && b.plan.def_block[*v] != 0).collect();
    order.sort_by_key(|v| b.plan.def_stmt[*v].map_or(usize::MAX, |d| b.order[&d]));
    for v in order {
        if f.vars[v].origin == VarOrigin::LoopIndex || b.plan.def_stmt[v].is_none() {
            continue;
        }
        let block = b.plan.def_block[v];
        let how = match recompute.get(&v) {
            Some(e) => Rebind::Recompute(e.clone()),
            None => {
                let value = b.scalar_of(v);
                let name = format!("tape_{}", f.vars[v].name);
                Rebind::Tape(b.new_slot(name, block, value))
            }
        };
        b.plan.rebind.entry(block).or_default().push((v, how));
    }
    // A rewrite runs again among the rebinding of its block's locals, in
    // program order: after those it reads, before those that read it.
    for sc in reruns {
        let at = b.order[&sc.rewrite.id];
        let list = b.plan.rebind.entry(sc.body).or_default();
        let k = list.iter().position(|(v, how)| match how {
            Rebind::Rerun(w) => b.order[&w.id] > at,
            _ => b.plan.def_stmt[*v].is_some_and(|d| b.order[&d] > at),
        });
        list.insert(k.unwrap_or(list.len()), (sc.buf, Rebind::Rerun(Box::new(sc.rewrite.clone()))));
        b.rerun_writes.insert(sc.write);
    }
    b.saves(&f.body);
    b.plan.read_at = b.read_at;
    b.plan
}
