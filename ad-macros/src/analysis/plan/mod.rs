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

mod reads;
mod saves;

use crate::analysis::activity::Activity;
use crate::analysis::prepare::Prepared;
use crate::analysis::scratch::Scratch;
use crate::analysis::types::{Cat, Scalar, Types};
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
    pub parent: Option<BlockId>,
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
    pub vars: crate::analysis::checkpoint::StepVars,
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
    pub written: IdVec<VarId, bool>,
    pub uninit: IdVec<VarId, bool>,
    pub needed: IdVec<VarId, bool>,
    pub def_block: IdVec<VarId, BlockId>,
    pub blocks: IdVec<BlockId, BlockInfo>,
    /// Per block: variables to rebind at the start of its adjoint, in definition order.
    pub rebind: HashMap<BlockId, Vec<(VarId, Rebind)>>,
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
    pub def_stmt: IdVec<VarId, Option<StmtId>>,
    /// Per active call (and MPI operation): the slot holding its reverse
    /// closure (its record), when it sits in a nested block (at the top it
    /// is a plain local).
    pub call_slots: HashMap<StmtId, usize>,
    /// Per variable: the statements whose adjoints read its value (`None`:
    /// read wherever, as a `&mut` parameter restored on return).
    pub read_at: IdVec<VarId, HashSet<Option<StmtId>>>,
    /// The checkpointed loops, by statement id. A checkpointed loop that is
    /// not at the top of the function keeps its driver in `call_slots`.
    pub steps: HashMap<StmtId, Step>,
    /// Per loop: the local vectors it overwrites whole, saved before it and
    /// restored after its adjoint instead of element by element (see
    /// `whole`).
    pub whole: HashMap<StmtId, Vec<Whole>>,
    /// Calls without an active argument that overwrite, through `&mut`, a
    /// buffer the reverse sweep reads before them, where no whole save can
    /// keep it (in a rayon loop or a checkpointed step): the derivative is
    /// refused (the call's span and the buffer).
    pub unsaved_calls: Vec<(proc_macro2::Span, VarId)>,
    /// The calls of a recursive function to itself.
    pub self_calls: HashSet<StmtId>,
    /// Those of `self_calls` whose adjoint runs the function's joint
    /// function (see `codegen::reverse::joint`): the forward sweep calls the
    /// plain function and keeps no tape of the callee, so a recursion holds
    /// a tape per level of its depth, not one per call.
    pub joint_calls: HashSet<StmtId>,
    /// The function is in a cycle of functions calling each other: the
    /// reverse closures of its companions contain each other's, and are
    /// boxed.
    pub in_cycle: bool,
}

/// A vector a loop overwrites whole: saved on `slot` before the loop, which
/// writes its prefix `[0, count)`; or (`count` `None`) a buffer a call
/// without active arguments overwrites, which it may also read: all of it
/// copied before the call.
pub struct Whole {
    pub buf: VarId,
    pub slot: usize,
    pub count: Option<Expr>,
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
    read_at: IdVec<VarId, HashSet<Option<StmtId>>>,
    /// Program order of statements, and the loops around each.
    order: HashMap<StmtId, usize>,
    loops_of: HashMap<StmtId, Vec<StmtId>>,
    /// Per checkpointed loop: the position of the last statement inside it.
    step_end: HashMap<StmtId, usize>,
    block_refs: HashMap<BlockId, &'a Block>,
    /// Buffers written only by element assignments and swaps.
    elementwise: IdVec<VarId, bool>,
    /// The assignments of the scratch buffers' rewrites that the reverse
    /// sweep runs again: nothing to save.
    rerun_writes: HashSet<StmtId>,
    /// What the proofs of whole-vector writes share (see `whole`).
    shapes: crate::analysis::whole::Shapes<'a>,
    /// Vectors saved whole by a loop around the statements being planned.
    whole_vars: HashSet<VarId>,
}

impl<'a> Builder<'a> {
    fn blocks(
        &mut self,
        b: &'a Block,
        parent: Option<BlockId>,
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
            let vars = crate::analysis::checkpoint::step_vars(body);
            self.plan.steps.insert(l, Step { vars, slots: Vec::new() });
            return (Vec::new(), Some(l));
        }
        let mut inner = loops.to_vec();
        inner.push(l);
        (inner, step)
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
}

/// Per variable: a buffer whose every write is an element assignment
/// (`x[i] = ..`, `x[i] += ..`) or a swap with another such buffer.
fn elementwise_buffers(f: &Function, t: &Types) -> IdVec<VarId, bool> {
    let mut ok: IdVec<VarId, bool> = t.vars.iter().map(|c| matches!(c, Cat::Buf(_))).collect();
    walk_stmts(&f.body, &mut |s| match &s.kind {
        StmtKind::Assign { place, .. } if !place.is_var() && matches!(place.proj.last(), Some(Proj::Index(_))) => {}
        StmtKind::Swap(a, b) if a.is_var() && b.is_var() => {}
        _ => crate::analysis::prepare::for_each_write(s, &mut |v| ok[v] = false),
    });
    crate::analysis::agree_across_swaps(f, &mut ok);
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
    written: IdVec<VarId, bool>,
    purpose: Purpose,
) -> Plan {
    let restore_params = purpose == Purpose::Companion;
    let elementwise = elementwise_buffers(f, t);
    let scratch = crate::analysis::scratch::candidates(f, t, &written, &elementwise);
    let mut b = Builder::new(f, t, act, prepared, written, elementwise, purpose);
    b.blocks(&f.body, None, Owner::Body, vec![], None);
    b.positions(&f.body, &[]);
    // `&mut` parameters are restored to their entry state by the reverse
    // sweep, so callers can rely on them.
    for &p in f.params.iter().filter(|_| restore_params) {
        if b.plan.written[p] && matches!(t.vars[p], Cat::Buf(_) | Cat::Struct) {
            b.need(p);
        }
    }
    let (recompute, rerun) = b.fixpoint(&scratch);
    // Reads found after a rewrite was chosen may rule it out.
    let reruns: Vec<&Scratch> =
        scratch.iter().zip(rerun).filter(|(sc, chosen)| *chosen && b.rerunnable(sc)).map(|(sc, _)| sc).collect();
    b.rebind_locals(&recompute);
    b.place_reruns(reruns);
    b.saves(&f.body);
    b.plan.read_at = b.read_at;
    b.plan
}

/// Whether a call's adjoint can call the callee's joint function: numbers
/// and `&` buffers of floats in, one float out, active (see
/// `codegen::reverse::joint`).
pub fn joint_shaped(t: &Types, act: &Activity, c: &Call, dests: &[VarId]) -> bool {
    let method = c.path.segments.first().is_some_and(|s| s.ident == "Self");
    let args = c.args.iter().all(|a| match a {
        Arg::Value(_) => true,
        // (A function taking a buffer of values has no joint function.)
        Arg::Buf(b) => !b.mutable && crate::analysis::types::place_cat(t, &b.place) != Cat::Buf(Scalar::Value),
        Arg::Struct { .. } => false,
    });
    !method
        && args
        && matches!(dests, [d] if t.vars[*d] == Cat::FLOAT)
        && crate::analysis::activity::call_active(t, &act.vars, c, dests)
}

/// The calls to itself of a function with a joint function whose adjoint
/// calls it. Not where the function runs rayon, MPI or a checkpointed loop,
/// whose tasks, messages and schedules a second forward sweep would repeat.
fn joint_self_calls(f: &Function, t: &Types, act: &Activity, self_calls: &HashSet<StmtId>) -> HashSet<StmtId> {
    let mut sequential = f.checkpoints.is_empty();
    let mut joint = HashSet::new();
    walk_stmts(&f.body, &mut |s| match &s.kind {
        StmtKind::For { par: Some(_), .. } | StmtKind::Mpi(_) => sequential = false,
        _ => {
            if let Some((c, dests)) = s.call().filter(|_| self_calls.contains(&s.id)) {
                if joint_shaped(t, act, c, dests) {
                    joint.insert(s.id);
                }
            }
        }
    });
    if sequential {
        joint
    } else {
        HashSet::new()
    }
}

impl<'a> Builder<'a> {
    /// A builder with an empty plan for `f`: no variable needed, every
    /// block at the top, no slot.
    fn new(
        f: &'a Function,
        t: &'a Types,
        act: &'a Activity,
        prepared: Prepared,
        written: IdVec<VarId, bool>,
        elementwise: IdVec<VarId, bool>,
        purpose: Purpose,
    ) -> Self {
        let n = f.vars.len();
        let shapes = crate::analysis::whole::Shapes::new(f, t, &written);
        let plan = Plan {
            written,
            uninit: IdVec::filled(false, n),
            needed: IdVec::filled(false, n),
            def_block: IdVec::filled(BlockId::BODY, n),
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
            def_stmt: IdVec::filled(None, n),
            call_slots: HashMap::new(),
            read_at: IdVec::new(),
            steps: HashMap::new(),
            whole: HashMap::new(),
            unsaved_calls: Vec::new(),
            joint_calls: if prepared.jointable {
                joint_self_calls(f, t, act, &prepared.self_calls)
            } else {
                HashSet::new()
            },
            self_calls: prepared.self_calls,
            in_cycle: prepared.in_cycle,
        };
        Builder {
            f,
            t,
            act,
            plan,
            inits: HashMap::new(),
            cur: None,
            read_at: IdVec::filled(HashSet::new(), n),
            order: HashMap::new(),
            loops_of: HashMap::new(),
            step_end: HashMap::new(),
            block_refs: HashMap::new(),
            elementwise,
            rerun_writes: HashSet::new(),
            shapes,
            whole_vars: HashSet::new(),
            nestable: purpose == Purpose::Nestable,
        }
    }

    /// Fixpoint: reads of the reverse sweep, then the reads of the
    /// recomputations they imply. Returns the block-locals to recompute,
    /// with their definitions, and which of `scratch` were chosen to run
    /// again.
    fn fixpoint(&mut self, scratch: &[Scratch]) -> (HashMap<VarId, Expr>, Vec<bool>) {
        let f = self.f;
        let mut recompute: HashMap<VarId, Expr> = HashMap::new();
        let mut rerun = vec![false; scratch.len()];
        loop {
            let mut changed = false;
            self.reads(&f.body, &mut changed);
            for v in f.vars.ids() {
                if !self.plan.needed[v] || self.plan.def_block[v] == BlockId::BODY || recompute.contains_key(&v) {
                    continue;
                }
                if f.vars[v].origin == VarOrigin::LoopIndex {
                    continue;
                }
                if self.plan.written[v] {
                    continue;
                }
                if let Some(Init::Expr(e)) = self.inits.get(&v).copied() {
                    if self.recomputable(v, e) {
                        recompute.insert(v, e.clone());
                        self.cur = self.plan.def_stmt[v];
                        self.need_all_reads(e, &mut changed);
                    }
                }
            }
            for (sc, chosen) in scratch.iter().zip(&mut rerun) {
                if !*chosen && self.plan.needed[sc.buf] && self.rerunnable(sc) {
                    *chosen = true;
                    self.cur = Some(sc.rewrite.id);
                    for &r in &sc.reads {
                        changed |= self.need(r);
                    }
                }
            }
            if !changed {
                break;
            }
        }
        (recompute, rerun)
    }

    /// Rebinding of needed block-locals, in program order: recomputed from
    /// `recompute`, or read from a new tape slot.
    fn rebind_locals(&mut self, recompute: &HashMap<VarId, Expr>) {
        let f = self.f;
        let mut order: Vec<VarId> =
            f.vars.ids().filter(|v| self.plan.needed[*v] && self.plan.def_block[*v] != BlockId::BODY).collect();
        order.sort_by_key(|v| self.plan.def_stmt[*v].map_or(usize::MAX, |d| self.order[&d]));
        for v in order {
            if f.vars[v].origin == VarOrigin::LoopIndex || self.plan.def_stmt[v].is_none() {
                continue;
            }
            let block = self.plan.def_block[v];
            let how = match recompute.get(&v) {
                Some(e) => Rebind::Recompute(e.clone()),
                None => {
                    let value = self.scalar_of(v);
                    let name = format!("tape_{}", f.vars[v].name);
                    Rebind::Tape(self.new_slot(name, block, value))
                }
            };
            self.plan.rebind.entry(block).or_default().push((v, how));
        }
    }

    /// A rewrite runs again among the rebinding of its block's locals, in
    /// program order: after those it reads, before those that read it.
    fn place_reruns(&mut self, reruns: Vec<&Scratch>) {
        for sc in reruns {
            let at = self.order[&sc.rewrite.id];
            let list = self.plan.rebind.entry(sc.body).or_default();
            let k = list.iter().position(|(v, how)| match how {
                Rebind::Rerun(w) => self.order[&w.id] > at,
                _ => self.plan.def_stmt[*v].is_some_and(|d| self.order[&d] > at),
            });
            list.insert(k.unwrap_or(list.len()), (sc.buf, Rebind::Rerun(Box::new(sc.rewrite.clone()))));
            self.rerun_writes.insert(sc.write);
        }
    }
}
