//! Reverse mode: the augmented forward companion `__parad_fwd_NAME`, which
//! runs the function, records what the plan says, and returns the value with
//! a closure holding the adjoint sweep.

mod checkpoint;
mod hoist;
pub(crate) mod joint;
mod merge;
pub(crate) mod mpi;
mod par;
mod recip;
mod stencil;
mod whole;

use super::emit::{self, Emitter, E};
use crate::analysis::activity::{expr_active, place_active, Activity};
use crate::analysis::plan::{Plan, Rebind, SlotKind, SlotValue};
use crate::analysis::types::{place_cat, Cat, Scalar, Types};
use crate::ir::*;
use crate::names::{companion_fwd, companion_path, Names};
use crate::parse::{ParamKind, Signature};
use proc_macro2::TokenStream;
use quote::quote;
use syn::Ident;

pub struct RevGen<'a> {
    pub f: &'a Function,
    pub t: &'a Types,
    pub act: &'a Activity,
    pub plan: &'a Plan,
    pub sig: &'a Signature,
    pub em: Emitter<'a>,
    pub names: Names,
    /// Shadow names per variable (active floats, float buffers, structs).
    pub shadow: Vec<Option<Ident>>,
    slot_names: Vec<Ident>,
    /// Reverse closures of calls, by statement.
    call_names: std::collections::HashMap<StmtId, Ident>,
    /// In a nestable derivative, the calls whose adjoint calls the callee's
    /// joint function (see `joint`).
    joint_calls: std::collections::HashSet<StmtId>,
    struct_params: Vec<bool>,
    float_buf_params: Vec<bool>,
    /// The loops whose adjoints run inside them (sweep fusion, outermost
    /// first), and the blocks whose forward and adjoint run together (see
    /// `analysis::fusion`): their locals are live in the adjoint, so they
    /// are neither stored nor rebound.
    fused_loops: Vec<StmtId>,
    fused_bodies: std::collections::HashSet<usize>,
    /// The name of the seed of the result (`seed`, unless the function
    /// already has a variable of that name, as a derivative does).
    seed: Ident,
    /// How many parallel loops' closures enclose the code being emitted;
    /// a rayon loop inside another runs serially in its iteration.
    par_depth: usize,
    /// Buffers (by variable) whose shadow is, in the closure being emitted,
    /// the piece a parallel iteration owns.
    pieces: std::collections::HashSet<VarId>,
    /// Shadow elements a stencil adjoint adds into partial buffers instead:
    /// by buffer and index (as emitted), the partial and the offset's name.
    stencil_map: std::collections::HashMap<(VarId, String), (Ident, Option<Ident>)>,
    /// Shared and hoisted stencil partials (see `stencil`).
    stencils: stencil::Stencils,
    /// `accumulate = atomic` was asked for, and the shared atomic shadows of
    /// the parallel loop being emitted.
    atomic: bool,
    atomics: std::collections::HashMap<VarId, Ident>,
    /// The duplicated communicator of each communicator the MPI operations use.
    adj_comms: std::collections::BTreeMap<VarId, Ident>,
    /// The communicators the reverse sweep recomputes checkpointed steps
    /// with (a second duplicate of each: recomputed messages must not match
    /// adjoint ones, and a companion's reverse closure cannot borrow the
    /// user's), and whether the code being emitted is such a recomputation.
    recompute_comms: std::collections::BTreeMap<VarId, Ident>,
    recomputing: bool,
    /// The adjoint messages of immediate MPI operations, by request, from
    /// the adjoint of the wait to that of the operation.
    pending: std::collections::HashMap<VarId, Ident>,
    /// Emitting a checkpointed step to be run without a tape: nothing is
    /// stored, calls call the plain functions.
    plain: bool,
    /// Shadow elements that the adjoints of the loops being emitted
    /// accumulate in locals (by buffer and index, as emitted; see `hoist`).
    hoisted: std::collections::HashMap<(VarId, String), hoist::Accumulator>,
    /// The tapes of the rayon loop being emitted whose values each chunk
    /// saves and restores as whole pieces (see `par::whole_pieces`), not
    /// element by element.
    whole_pieces: std::collections::HashSet<usize>,
    /// While the adjoint of one statement is emitted: its additions into
    /// shadows (place, value), held back so that those into the same place
    /// become one (see `adj_merged`).
    merging: std::cell::RefCell<Option<Vec<(Place, E)>>>,
    /// The statement of a run of statements whose adjoint is being emitted,
    /// and its sums of additions held back to the run's end (see `merge`).
    run: std::cell::RefCell<Option<merge::Run>>,
    /// The names of the variables no code assigns after their definition.
    constants: std::collections::HashSet<String>,
    /// The scalar shadows declared for the block whose adjoint is being
    /// emitted that still hold their initial zero: the first adjoint
    /// addition into one is an assignment (`ddx = dr2 * 2.0 * dx;` rather
    /// than `ddx += ..`, which the compiler must keep as an addition to
    /// `0.0`, since `0.0 + -0.0` is `0.0`). Any other mention of the shadow
    /// in the block, or any mention in a nested block, ends this.
    fresh: std::cell::RefCell<std::collections::HashSet<VarId>>,
    /// The loops whose adjoints enclose the code being emitted, outermost
    /// first, with the reciprocals to declare in front of them (see `recip`).
    loops: std::cell::RefCell<Vec<recip::Frame>>,
    /// The names that, outside parallel closures, are slices, vectors,
    /// arrays or tapes: buffers, the shadows of local buffers, the tapes
    /// (what `window` may slice).
    plain_bufs: std::collections::HashSet<String>,
    /// The variables that may hold signed integers (their counters index
    /// tapes through a cast).
    signed: std::collections::HashSet<VarId>,
    /// Emitting the form of a derivative that the pipeline reads again to
    /// differentiate it once more (see `docs/nested.md`): only plain Rust of
    /// the subset, no runtime calls. Serial loops take no windows, and
    /// stacks are plain `Vec`s read through a cursor (`tape_top`), since the
    /// pipeline reads `v[k]` but has no `pop`.
    pub nestable: bool,
}

fn strip_lifetimes(ty: &syn::Type) -> syn::Type {
    struct S;
    impl syn::visit_mut::VisitMut for S {
        fn visit_type_reference_mut(&mut self, r: &mut syn::TypeReference) {
            r.lifetime = None;
            syn::visit_mut::visit_type_reference_mut(self, r);
        }
    }
    let mut ty = ty.clone();
    syn::visit_mut::VisitMut::visit_type_mut(&mut S, &mut ty);
    ty
}

impl<'a> RevGen<'a> {
    pub fn new(f: &'a Function, t: &'a Types, act: &'a Activity, plan: &'a Plan, sig: &'a Signature) -> Self {
        let names = Names::new(f.vars.iter().map(|v| v.name.to_string()));
        let mut shadow = vec![None; f.vars.len()];
        let mut struct_params = vec![false; f.vars.len()];
        let mut float_buf_params = vec![false; f.vars.len()];
        for (i, &p) in f.params.iter().enumerate() {
            match &sig.params[i].kind {
                ParamKind::Float(_) | ParamKind::FloatBuf { .. } | ParamKind::Struct { .. } => {
                    shadow[p] = Some(names.fresh(&crate::names::derived("d", &f.vars[p].name)));
                }
                _ => {}
            }
            struct_params[p] = matches!(sig.params[i].kind, ParamKind::Struct { .. });
            float_buf_params[p] = matches!(sig.params[i].kind, ParamKind::FloatBuf { .. });
        }
        for (v, dv) in shadow.iter_mut().enumerate() {
            if dv.is_none() && act.vars[v] && t.vars[v].holds_floats() {
                *dv = Some(names.fresh(&crate::names::derived("d", &f.vars[v].name)));
            }
        }
        let slot_names: Vec<Ident> = plan.slots.iter().map(|s| names.fresh(&s.name)).collect();
        let mut plain_bufs: std::collections::HashSet<String> = slot_names.iter().map(|n| n.to_string()).collect();
        for (v, var) in f.vars.iter().enumerate() {
            if matches!(t.vars[v], Cat::Buf(_)) {
                plain_bufs.insert(var.name.to_string());
                if let (Some(d), false) = (&shadow[v], matches!(var.origin, VarOrigin::Param(_))) {
                    plain_bufs.insert(d.to_string());
                }
            }
        }
        let seed = names.fresh("seed");
        let adj_comms =
            mpi::comms(f).into_iter().map(|c| (c, names.fresh(&format!("adj_{}", f.vars[c].name)))).collect();
        let recompute_comms = mpi::checkpointed_comms(f)
            .into_iter()
            .map(|c| (c, names.fresh(&format!("recompute_{}", f.vars[c].name))))
            .collect();
        RevGen {
            f,
            t,
            act,
            plan,
            sig,
            em: Emitter { f, t },
            names,
            shadow,
            slot_names,
            call_names: Default::default(),
            joint_calls: Default::default(),
            struct_params,
            float_buf_params,
            fused_loops: Vec::new(),
            fused_bodies: Default::default(),
            plain: false,
            recompute_comms,
            recomputing: false,
            seed,
            par_depth: 0,
            pieces: Default::default(),
            stencil_map: Default::default(),
            stencils: Default::default(),
            atomic: false,
            atomics: Default::default(),
            adj_comms,
            pending: Default::default(),
            hoisted: Default::default(),
            fresh: Default::default(),
            merging: Default::default(),
            whole_pieces: Default::default(),
            loops: Default::default(),
            plain_bufs,
            signed: crate::analysis::types::signed_ints(f),
            nestable: false,
            run: Default::default(),
            constants: (0..f.vars.len())
                .filter(|&v| !plan.written[v] && !plan.uninit[v])
                .map(|v| f.vars[v].name.to_string())
                .collect(),
        }
    }

    fn name(&self, v: VarId) -> &Ident {
        &self.f.vars[v].name
    }

    fn active_var(&self, v: VarId) -> bool {
        self.shadow[v].is_some() && self.act.vars[v]
    }

    fn expr_active(&self, e: &Expr) -> bool {
        expr_active(self.t, &self.act.vars, e)
    }

    fn place_active(&self, p: &Place) -> bool {
        place_active(self.t, &self.act.vars, p) && self.shadow[p.base].is_some() && place_cat(self.t, p) == Cat::FLOAT
    }

    // ---------------------------------------------------------------- tape

    /// The direct index of a slot: the loop counters, outermost first.
    fn slot_index(&self, loops: &[StmtId]) -> TokenStream {
        let mut idx: Option<E> = None;
        for l in loops {
            let info = &self.plan.loops[l];
            let i = E::atom({
                let n = self.name(info.index);
                quote!(#n)
            });
            let k = match (&info.step, info.lo.is_lit_int(0)) {
                (None, true) => i,
                (None, false) => emit::sub(&i, &self.em.expr(&info.lo)),
                (Some(s), _) => emit::div(&emit::sub(&i, &self.em.expr(&info.lo)), &self.em.expr(s)),
            };
            let k = if self.signed.contains(&info.index) {
                let k = &k.ts;
                E::atom(quote!((#k) as usize))
            } else {
                k
            };
            idx = Some(match idx {
                None => k,
                Some(outer) => emit::add(&emit::mul(&outer, &self.trip_count(*l)), &k),
            });
        }
        idx.map(|e| e.ts).unwrap_or_else(|| quote!(0))
    }

    fn trip_count(&self, l: StmtId) -> E {
        let info = &self.plan.loops[&l];
        if info.lo.is_lit_int(0) && info.step.is_none() && !self.signed.contains(&info.index) {
            return self.em.expr(&info.hi);
        }
        let lo = self.em.expr(&info.lo).ts;
        let hi = self.em.expr(&info.hi).ts;
        let step = info.step.as_ref().map(|s| self.em.expr(s).ts).unwrap_or_else(|| quote!(1));
        E::atom(quote!(::parad::__private::trip_count(#lo, #hi, #step)))
    }

    fn slot_store(&self, slot: usize, value: TokenStream) -> TokenStream {
        if self.plain {
            return quote!();
        }
        let name = &self.slot_names[slot];
        match &self.plan.slots[slot].kind {
            SlotKind::Local => quote!(let #name = #value;),
            SlotKind::Stack | SlotKind::Chunk(_) | SlotKind::Whole => quote!(#name.push(#value);),
            SlotKind::Single if self.nestable => quote!(#name.push(#value);),
            SlotKind::Single => quote!(#name = ::core::option::Option::Some(#value);),
            SlotKind::Direct(_) if self.plan.slots[slot].dense && self.pooled(slot) && !self.nestable => {
                quote!(#name.push_reserved(#value);)
            }
            SlotKind::Direct(_) if self.plan.slots[slot].dense => quote!(#name.push(#value);),
            SlotKind::Direct(loops) => {
                let idx = self.slot_index(loops);
                quote!(#name[#idx] = #value;)
            }
        }
    }

    fn slot_load(&self, slot: usize) -> TokenStream {
        let name = &self.slot_names[slot];
        if let Some(top) = self.cursor(slot) {
            // A vector is moved out, leaving an empty one in its place.
            return match self.plan.slots[slot].value {
                SlotValue::Owned => quote!({ #top -= 1; ::core::mem::take(&mut #name[#top]) }),
                SlotValue::Scalar(_) => quote!({ #top -= 1; #name[#top] }),
            };
        }
        match &self.plan.slots[slot].kind {
            SlotKind::Local => quote!(#name),
            SlotKind::Stack | SlotKind::Chunk(_) | SlotKind::Whole => quote!(#name.pop().unwrap()),
            SlotKind::Single => quote!(#name.take().unwrap()),
            SlotKind::Direct(loops) => {
                let idx = self.slot_index(loops);
                quote!(#name[#idx])
            }
        }
    }

    /// In a nestable derivative, the cursor of a slot read last-in first-out.
    fn cursor(&self, slot: usize) -> Option<Ident> {
        let lifo = matches!(self.plan.slots[slot].kind, SlotKind::Stack | SlotKind::Single);
        (self.nestable && lifo).then(|| quote::format_ident!("{}_top", self.slot_names[slot]))
    }

    /// In a nestable derivative, where an adjoint starts right after the
    /// forward code it reverses: every cursor to its stack's end. The stacks
    /// never shrink, so a loop whose iterations run their adjoints at once
    /// (sweep fusion) finds each iteration's values at the end.
    fn cursor_resets(&self) -> TokenStream {
        let resets = (0..self.plan.slots.len()).filter(|&i| !self.unused_slot(i)).filter_map(|i| {
            let top = self.cursor(i)?;
            let name = &self.slot_names[i];
            Some(quote!(#top = #name.len();))
        });
        quote!(#(#resets)*)
    }

    /// Slots the fused loop's locals would use: not needed, its adjoint reads
    /// them live; and those of a rayon loop's overwrites that its chunks
    /// save as whole pieces on another slot (see `par::whole_pieces`).
    fn unused_slot(&self, slot: usize) -> bool {
        (self.fused_bodies.iter()).any(|b| {
            self.plan
                .rebind
                .get(b)
                .is_some_and(|r| r.iter().any(|(_, how)| matches!(how, Rebind::Tape(s) if *s == slot)))
        }) || self.spare_slots().contains(&slot)
            || (self.nestable && self.plan.call_slots.values().any(|&c| c == slot))
    }

    /// Tapes come from the runtime's per-thread pool (`Tape`, `ChunkTapes`),
    /// which keys buffers by element type and so needs `'static` elements:
    /// numbers and the reverse closures and MPI records of calls. Other saved
    /// values (vectors, structs, which may borrow) stay on plain `Vec`s.
    fn tape_decls(&self) -> TokenStream {
        // A checkpointed loop's step declares its own.
        let in_steps: std::collections::HashSet<usize> =
            self.plan.steps.values().flat_map(|st| st.slots.iter().copied()).collect();
        self.tape_decls_of((0..self.plan.slots.len()).filter(|i| !in_steps.contains(i)))
    }

    fn tape_decls_of(&self, slots: impl Iterator<Item = usize>) -> TokenStream {
        let decls = slots.filter(|&i| self.plan.slots[i].kind != SlotKind::Local && !self.unused_slot(i)).map(|i| {
            let s = &self.plan.slots[i];
            let name = &self.slot_names[i];
            if self.nestable {
                let top = self.cursor(i).map(|top| quote!(let mut #top = 0;));
                return quote!(let mut #name = ::std::vec::Vec::new(); #top);
            }
            match s.kind {
                SlotKind::Single => quote!(let mut #name = ::core::option::Option::None;),
                SlotKind::Chunk(l) if self.pooled(i) && self.runs_parallel(l) => {
                    quote!(let mut #name = ::parad::__private::ChunkTapes::new();)
                }
                SlotKind::Whole => quote!(let mut #name = ::parad::__private::WholeTape::new();),
                _ if self.pooled(i) => quote!(let mut #name = ::parad::__private::Tape::new();),
                _ => quote!(let mut #name = ::std::vec::Vec::new();),
            }
        });
        quote!(#(#decls)*)
    }

    /// Whether the rayon loop `l` runs in parallel; one that runs serially
    /// (see `parallel`) keeps its values on a plain stack.
    fn runs_parallel(&self, l: StmtId) -> bool {
        let mut yes = false;
        walk_stmts(&self.f.body, &mut |s| {
            if let StmtKind::For { index, lo, body, par: Some(par), .. } = &s.kind {
                yes |= s.id == l && self.parallel(*index, lo, body, par);
            }
        });
        yes
    }

    /// Whether a slot is a pooled `Tape` (see `tape_decls`) rather than a
    /// plain `Vec`.
    fn pooled(&self, slot: usize) -> bool {
        matches!(self.plan.slots[slot].value, SlotValue::Scalar(Scalar::Float | Scalar::Int | Scalar::Bool))
            || self.plan.call_slots.values().any(|&c| c == slot)
    }

    fn resizes(&self, loop_stmt: StmtId) -> TokenStream {
        let Some(slots) = self.plan.resize_before.get(&loop_stmt).filter(|_| !self.plain) else { return quote!() };
        let stmts = slots.iter().filter(|&&s| !self.unused_slot(s)).map(|&s| {
            let SlotKind::Direct(loops) = &self.plan.slots[s].kind else { unreachable!() };
            let mut total: Option<E> = None;
            for l in loops {
                let c = self.trip_count(*l);
                total = Some(match total {
                    None => c,
                    Some(t) => emit::mul(&t, &c),
                });
            }
            let total = total.unwrap().ts;
            let zero = match self.plan.slots[s].value {
                SlotValue::Scalar(Scalar::Int) => quote!(0),
                SlotValue::Scalar(Scalar::Bool) => quote!(false),
                _ => quote!(0.0),
            };
            let name = &self.slot_names[s];
            if self.plan.slots[s].dense && self.nestable {
                quote!()
            } else if self.plan.slots[s].dense {
                quote!(#name.reserve(#total);)
            } else if self.nestable {
                quote!(for _ in #name.len()..#total { #name.push(#zero); })
            } else {
                quote!(#name.resize(#total, #zero);)
            }
        });
        quote!(#(#stmts)*)
    }

    // ------------------------------------------------------------- forward

    fn mutability(&self, v: VarId) -> TokenStream {
        if self.plan.written[v] || self.plan.uninit[v] {
            quote!(mut)
        } else {
            quote!()
        }
    }

    /// The arguments of a call as written, with the bounds of `&mut`
    /// sub-slices bound first into `pre`.
    fn call_args(&self, c: &Call, pre: &mut emit::CallBounds) -> Vec<TokenStream> {
        self.em.split_shared(pre, &c.args);
        c.args
            .iter()
            .map(|a| match a {
                Arg::Value(e) => self.em.value_arg(pre, e, &c.args),
                Arg::Buf(b) => self.em.buf_arg_once(pre, b),
                Arg::Struct { place, mutable } => {
                    let p = self.em.place(place).ts;
                    if place.is_var() && matches!(self.f.vars[place.base].origin, VarOrigin::Param(_)) {
                        if *mutable {
                            quote!(&mut *#p)
                        } else {
                            quote!(#p)
                        }
                    } else if *mutable {
                        quote!(&mut #p)
                    } else {
                        quote!(&#p)
                    }
                }
            })
            .collect()
    }

    fn call_is_active(&self, c: &Call, dests: &[VarId]) -> bool {
        crate::analysis::activity::call_active(self.t, &self.act.vars, c, dests)
    }

    fn dest_pattern(&self, dests: &[VarId]) -> TokenStream {
        match dests {
            [] => quote!(_),
            [d] => {
                let m = self.mutability(*d);
                let n = self.name(*d);
                quote!(#m #n)
            }
            ds => {
                let parts = ds.iter().map(|d| {
                    let m = self.mutability(*d);
                    let n = self.name(*d);
                    quote!(#m #n)
                });
                quote!((#(#parts),*))
            }
        }
    }

    fn fwd_call(&mut self, s: &Stmt, c: &Call, dests: &[VarId]) -> TokenStream {
        let mut pre = emit::CallBounds::new(&self.names);
        let args = self.call_args(c, &mut pre);
        let mut out = pre.lets;
        let pat = self.dest_pattern(dests);
        if self.plain {
            let path = &c.path;
            out.extend(if dests.is_empty() {
                quote!(#path(#(#args),*);)
            } else {
                quote!(let #pat = #path(#(#args),*);)
            });
            return out;
        }
        if !self.call_is_active(c, dests) {
            // Marked constant, so that differentiating this code again (a
            // nested derivative) keeps the call plain.
            let path = &c.path;
            out.extend(if dests.is_empty() {
                quote!(::parad::no_grad(#path(#(#args),*));)
            } else {
                quote!(let #pat = ::parad::no_grad(#path(#(#args),*));)
            });
            return out;
        }
        if self.nestable && self.joint_call(c, dests) {
            self.joint_calls.insert(s.id);
            let path = &c.path;
            out.extend(quote!(let #pat = #path(#(#args),*);));
            return out;
        }
        let comp = companion_path(&c.path, false);
        let rev = self.names.fresh(&format!("{}_reverse", crate::analysis::plan::call_name(c)));
        self.call_names.insert(s.id, rev.clone());
        out.extend(quote!(let (#pat, #rev) = #comp(#(#args),*);));
        if let Some(&slot) = self.plan.call_slots.get(&s.id) {
            out.extend(self.slot_store(slot, quote!(#rev)));
        }
        out
    }

    pub fn fwd_block(&mut self, b: &Block) -> TokenStream {
        let mut out = self.fwd_stmts(&b.stmts);
        if self.fused_bodies.contains(&b.id) {
            return out;
        }
        if let Some(rebinds) = self.plan.rebind.get(&b.id) {
            for (v, how) in rebinds {
                if let Rebind::Tape(slot) = how {
                    let n = self.name(*v).clone();
                    out.extend(self.slot_store(*slot, quote!(#n)));
                }
            }
        }
        out
    }

    fn fwd_stmts(&mut self, stmts: &[Stmt]) -> TokenStream {
        let mut out = TokenStream::new();
        for s in stmts {
            if let Some(&slot) = self.plan.saves.get(&s.id).filter(|slot| !self.whole_pieces.contains(slot)) {
                if let StmtKind::Assign { place, .. } = &s.kind {
                    let p = self.em.place(place).ts;
                    out.extend(self.slot_store(slot, quote!(#p)));
                }
            }
            out.extend(self.fwd_stmt(s));
        }
        out
    }

    /// A serial counted loop, its body emitted: outside parallel closures,
    /// with windows of the buffers it indexes at its counter (see
    /// `codegen::window`).
    fn serial_for(
        &self,
        index: VarId,
        lo: &Expr,
        hi: &Expr,
        step: Option<&Expr>,
        rev: bool,
        body: TokenStream,
    ) -> TokenStream {
        let i = self.name(index);
        let range = self.em.range(lo, hi, step, rev);
        if step.is_some() || self.par_depth > 0 || self.nestable {
            return quote!(for #i in #range { #body });
        }
        let (lo, hi) = (self.em.range_bound(lo), self.em.range_bound(hi));
        crate::codegen::window::serial_for(&self.names, &|n| self.plain_bufs.contains(n), i, &lo, &hi, range, rev, body)
    }

    fn fwd_stmt(&mut self, s: &Stmt) -> TokenStream {
        match &s.kind {
            StmtKind::Let { var, init: Init::Call(c) } => self.fwd_call(s, c, std::slice::from_ref(var)),
            StmtKind::Let { var, init: Init::Uninit } => {
                let n = self.name(*var);
                let m = self.mutability(*var);
                let ty = annotation(self.f, *var);
                quote!(let #m #n #ty;)
            }
            StmtKind::Let { var, init } => {
                let n = self.name(*var);
                let m = self.mutability(*var);
                let i = self.em.init(*var, init);
                let ty = annotation(self.f, *var);
                quote!(let #m #n #ty = #i;)
            }
            StmtKind::Assign { place, op, value } => {
                let p = self.em.place(place).ts;
                let v = self.em.expr(value).ts;
                let op = assign_op(*op);
                quote!(#p #op #v;)
            }
            StmtKind::Call { dests, call } => self.fwd_call(s, call, dests),
            StmtKind::Push { vec, value } => {
                let p = self.em.place(vec).ts;
                let v = self.em.expr(value).ts;
                quote!(#p.push(#v);)
            }
            StmtKind::Swap(a, b) => {
                let a = self.em.place(a).ts;
                let b = self.em.place(b).ts;
                quote!(::core::mem::swap(&mut #a, &mut #b);)
            }
            StmtKind::If { cond, then_blk, else_blk } => {
                let c = self.em.expr(cond).ts;
                let t = self.fwd_block(then_blk);
                let e = self.fwd_block(else_blk);
                emit::if_else(&c, &t, &e)
            }
            StmtKind::For { .. } | StmtKind::While { .. } if self.plan.steps.contains_key(&s.id) => self.ck_forward(s),
            StmtKind::For { index, lo, hi, body, par: Some(par), .. }
                if self.par_depth == 0 && self.parallel(*index, lo, body, par) =>
            {
                let save = self.whole_saves(s.id);
                let run = self.par_forward(s, *index, lo, hi, body, par);
                let reserve = self.reserve_chunk_tapes(s.id, body);
                quote!(#save #run #reserve)
            }
            StmtKind::For { index, lo, hi, step, rev, body, .. } => {
                let save = self.whole_saves(s.id);
                let resize = self.resizes(s.id);
                let body = self.fwd_block(body);
                let run = self.serial_for(*index, lo, hi, step.as_ref(), *rev, body);
                quote!(#save #resize #run)
            }
            StmtKind::While { cond, body } => {
                let c = self.em.expr(cond).ts;
                let body = self.fwd_block(body);
                quote!(while #c { #body })
            }
            StmtKind::Opaque(ts) => ts.clone(),
            StmtKind::Check { cond, message } => emit::check(&self.em.expr(cond).ts, message, s.span),
            StmtKind::Mpi(op) => self.mpi_fwd(s, op),
        }
    }

    // ------------------------------------------------------------- reverse

    /// Emits `shadow(place) OP` through `f`, unwrapping a struct shadow.
    fn with_shadow(&self, p: &Place, f: impl FnOnce(TokenStream) -> TokenStream) -> TokenStream {
        if let [Proj::Index(i)] = p.proj.as_slice() {
            let i = self.em.expr(i);
            if let Some((part, off)) = self.stencil_map.get(&(p.base, i.ts.to_string())) {
                let key = i.ts.to_string();
                let at = match off {
                    Some(off) => {
                        let i = i.at(emit::ATOM);
                        quote!(#i.wrapping_sub(#off as usize))
                    }
                    None => i.ts,
                };
                let place = quote!(#part[#at]);
                return self.stencil_write(p.base, key, &place, f(place.clone()));
            }
        }
        let base = self.shadow[p.base].clone().expect("active place has a shadow");
        if self.struct_params[p.base] {
            let body = f(self.em.struct_shadow_place(&base, p, false));
            quote!(if let ::core::option::Option::Some(#base) = #base.as_deref_mut() { #body })
        } else {
            f(self.em.place_with(&base, p).ts)
        }
    }

    /// `let g = shadow; shadow = 0;` for a place being overwritten.
    fn take_shadow(&self, p: &Place, g: &Ident) -> TokenStream {
        let base = self.shadow[p.base].clone().unwrap();
        if self.struct_params[p.base] {
            let sp = self.em.struct_shadow_place(&base, p, false);
            quote! {
                let #g = match #base.as_deref_mut() {
                    ::core::option::Option::Some(#base) => ::core::mem::take(&mut #sp),
                    ::core::option::Option::None => 0.0,
                };
            }
        } else {
            let sp = self.em.place_with(&base, p).ts;
            quote!(let #g = #sp; #sp = 0.0;)
        }
    }

    /// `g` bound to a name unless it already is one.
    fn bind(&self, g: E, out: &mut TokenStream) -> E {
        if g.is_atom() && !g.ts.to_string().contains('(') && !g.ts.to_string().contains('[') {
            return g;
        }
        let name = self.names.fresh("g");
        let ts = g.ts;
        out.extend(quote!(let #name = #ts;));
        E::atom(quote!(#name))
    }

    /// Propagates the adjoint `g` of expression `e` into the shadows of what it reads.
    pub fn adj(&self, e: &Expr, g: E, out: &mut TokenStream) {
        if !self.expr_active(e) {
            return;
        }
        if let ExprKind::Read(p) = &e.kind {
            if let Some(acc) = self.hoisted_accumulator(p) {
                let gts = g.ts;
                out.extend(quote!(#acc += #gts;));
                return;
            }
        }
        match &e.kind {
            ExprKind::Read(p) if self.atomics.contains_key(&p.base) => {
                let shared = &self.atomics[&p.base];
                let [Proj::Index(i)] = p.proj.as_slice() else { unreachable!("atomic shadows are indexed") };
                let (i, gts) = (self.em.expr(i).ts, g.ts);
                out.extend(quote!(#shared.add(#i, #gts);));
            }
            ExprKind::Read(p) => {
                // A struct shadow is unwrapped around the statement; compute
                // the adjoint outside it, since it may read the same shadow.
                let g = if self.struct_params[p.base] { self.bind(g, out) } else { g };
                if let Some(adds) = self.merging.borrow_mut().as_mut().filter(|_| !self.struct_params[p.base]) {
                    adds.push((p.clone(), g));
                    return;
                }
                let first = p.is_var() && self.fresh.borrow_mut().remove(&p.base);
                out.extend(self.add_into(p, g, first));
            }
            ExprKind::Unary(UnOp::Neg, a) => self.adj(a, emit::neg(&g), out),
            ExprKind::Binary(op, a, b) => {
                let (aa, ba) = (self.expr_active(a), self.expr_active(b));
                let g = if aa && ba { self.bind(g, out) } else { g };
                match op {
                    BinOp::Add => {
                        self.adj(a, g.clone(), out);
                        self.adj(b, g, out);
                    }
                    BinOp::Sub => {
                        self.adj(a, g.clone(), out);
                        self.adj(b, emit::neg(&g), out);
                    }
                    BinOp::Mul => {
                        let (ea, eb) = (self.em.expr(a), self.em.expr(b));
                        if aa && ea.ts.to_string() == eb.ts.to_string() {
                            // x * x: one update of twice the partial, doubling
                            // x (exact) so that g meets one multiplication.
                            self.adj(a, emit::mul(&g, &emit::mul(&emit::lit(2.0), &eb)), out);
                            return;
                        }
                        if aa {
                            self.adj(a, emit::mul(&g, &self.em.expr(b)), out);
                        }
                        if ba {
                            self.adj(b, emit::mul(&g, &self.em.expr(a)), out);
                        }
                    }
                    BinOp::Div => {
                        let (ea, eb) = (self.em.expr(a), self.em.expr(b));
                        // Times the reciprocal where `b` is loop-invariant.
                        let over = |x: &E| match self.reciprocal(b) {
                            Some(r) => emit::mul(x, &r),
                            None => emit::div(x, &eb),
                        };
                        if aa {
                            self.adj(a, over(&g), out);
                        }
                        if ba {
                            // d(a/b)/db = -(a/b)/b
                            let q = over(&ea);
                            self.adj(b, emit::neg(&over(&emit::mul(&g, &q))), out);
                        }
                    }
                    BinOp::Rem => {
                        self.adj(a, g.clone(), out);
                        if ba {
                            let q = emit::method(&emit::div(&self.em.expr(a), &self.em.expr(b)), "trunc", &[]);
                            self.adj(b, emit::neg(&emit::mul(&g, &q)), out);
                        }
                    }
                    _ => {}
                }
            }
            ExprKind::Method(m, r, args) => self.adj_method(*m, r, args, g, out),
            ExprKind::Cast(a, _) => {
                let gts = g.ts;
                let av = self.em.expr(a).ts;
                self.adj(a, E::atom(quote!(::parad::__private::cast_like(#gts, #av))), out);
            }
            _ => {}
        }
    }

    fn adj_method(&self, m: Method, r: &Expr, args: &[Expr], g: E, out: &mut TokenStream) {
        use crate::codegen::partials::{method_adjoints, Powi, Tokens};
        let x = self.em.expr(r);
        let ra = self.expr_active(r);
        let g = if args.iter().any(|a| self.expr_active(a)) && ra { self.bind(g, out) } else { g };
        if let Method::Min | Method::Max = m {
            let y = self.em.expr(&args[0]);
            let cmp = if m == Method::Min { quote!(<=) } else { quote!(>=) };
            let (xs, ys) = (x.at(51), y.at(51));
            let mut then_ = TokenStream::new();
            let mut else_ = TokenStream::new();
            // Additions under a branch stay there.
            let outer = self.merging.replace(None);
            self.adj(r, g.clone(), &mut then_);
            self.adj(&args[0], g, &mut else_);
            self.merging.replace(outer);
            out.extend(quote!(if #xs #cmp #ys { #then_ } else { #else_ }));
            return;
        }
        let eargs: Vec<E> = args.iter().map(|a| self.em.expr(a)).collect();
        let powi = match (m, args.first().map(|a| &a.kind)) {
            (Method::Powi, Some(ExprKind::Lit(syn::Lit::Int(i)))) => {
                i.base10_parse::<i64>().map_or(Powi::Bad, Powi::Lit)
            }
            (Method::Powi, Some(_)) => Powi::Expr(eargs[0].clone()),
            _ => Powi::Bad,
        };
        let terms = method_adjoints(&Tokens, m, &x, &eargs, powi, &g);
        for (operand, term) in std::iter::once(r).chain(args).zip(terms) {
            if let Some(t) = term {
                self.adj(operand, t, out);
            }
        }
    }

    /// Starts the adjoint of block `b`, whose scalar shadows (those
    /// `adjoint_decls` declares) start fresh; returns the enclosing block's,
    /// for `end_fresh`. Not in MPI code, whose adjoints add into shadows by
    /// other means.
    fn begin_fresh(&self, b: &Block) -> std::collections::HashSet<VarId> {
        let mut fresh = std::collections::HashSet::new();
        if !mpi::has_mpi(self.f) {
            for s in &b.stmts {
                if let StmtKind::Let { var, .. } = &s.kind {
                    if self.active_var(*var)
                        && self.t.vars[*var] == Cat::FLOAT
                        && Some(*var) != self.f.ret
                        && !self.f.ret_parts.contains(var)
                    {
                        fresh.insert(*var);
                    }
                }
            }
        }
        self.fresh.replace(fresh)
    }

    /// Back to the enclosing block's fresh shadows after a nested block.
    fn end_fresh(&self, outer: std::collections::HashSet<VarId>) {
        self.fresh.replace(outer);
    }

    /// The shadows `code` mentions are no longer fresh: it may add into
    /// them, or run in a loop.
    fn forget_fresh(&self, code: &TokenStream) {
        let mut fresh = self.fresh.borrow_mut();
        if fresh.is_empty() {
            return;
        }
        let named = emit::value_idents(code);
        fresh.retain(|v| !named.contains(&self.shadow[*v].as_ref().unwrap().to_string()));
    }

    fn adjoint_decls(&self, b: &Block) -> TokenStream {
        let mut out = TokenStream::new();
        for s in &b.stmts {
            let vars: Vec<VarId> = match &s.kind {
                StmtKind::Let { var, .. } => vec![*var],
                StmtKind::Call { dests, .. } => dests.clone(),
                _ => vec![],
            };
            for v in vars {
                if !self.active_var(v) || Some(v) == self.f.ret || self.f.ret_parts.contains(&v) {
                    continue;
                }
                let d = self.shadow[v].clone().unwrap();
                let n = self.name(v);
                match (self.t.vars[v], self.array_len(s)) {
                    (Cat::Buf(_), Some(len)) => out.extend(quote!(let mut #d = [0.0; #len];)),
                    (Cat::Buf(_), None) => out.extend(quote!(let mut #d = ::std::vec![0.0; #n.len()];)),
                    _ => out.extend(quote!(let mut #d = 0.0;)),
                }
            }
        }
        out
    }

    pub fn rev_block(&mut self, b: &Block) -> TokenStream {
        let mut body = TokenStream::new();
        let outer = self.begin_fresh(b);
        body.extend(self.rev_run(b.stmts.iter().rev()));
        self.end_fresh(outer);
        if body.is_empty() {
            return body;
        }
        let mut prologue = TokenStream::new();
        let plan = self.plan;
        if let Some(rebinds) = plan.rebind.get(&b.id).filter(|_| !self.fused_bodies.contains(&b.id)) {
            for (v, how) in rebinds {
                let n = self.name(*v);
                let m = self.mutability(*v);
                let value = match how {
                    Rebind::Recompute(e) => self.em.init_expr(*v, e).ts,
                    Rebind::Tape(slot) => self.slot_load(*slot),
                    Rebind::Rerun(rewrite) => {
                        prologue.extend(self.fwd_stmt(rewrite));
                        continue;
                    }
                };
                prologue.extend(quote!(let #m #n = #value;));
            }
        }
        prologue.extend(self.adjoint_decls(b));
        prologue.extend(body);
        prologue
    }

    fn restore(&self, s: &Stmt, place: &Place) -> TokenStream {
        match self.plan.saves.get(&s.id).filter(|slot| !self.whole_pieces.contains(slot)) {
            Some(&slot) => {
                let p = self.em.place(place).ts;
                let v = self.slot_load(slot);
                quote!(#p = #v;)
            }
            None => quote!(),
        }
    }

    fn rev_stmt_fresh(&mut self, s: &Stmt) -> TokenStream {
        self.next_site();
        let mut out = TokenStream::new();
        match &s.kind {
            StmtKind::Let { var, init } => {
                let v = *var;
                if let Init::Call(c) = init {
                    return self.rev_call(s, c, std::slice::from_ref(var));
                }
                if !self.active_var(v) {
                    return out;
                }
                let d = self.shadow[v].clone().unwrap();
                match init {
                    Init::Expr(e) if crate::analysis::plan::value_derivative(e).is_some() => {
                        let Some((m, r)) = crate::analysis::plan::value_derivative(e) else { return out };
                        let value = E::atom({
                            let n = self.name(v);
                            quote!(#n)
                        });
                        let gr = emit::times_value_derivative(m, &E::atom(quote!(#d)), &value);
                        self.adj_merged(s.id, r, gr, &mut out);
                    }
                    Init::Expr(e) => self.adj_merged(s.id, e, E::atom(quote!(#d)), &mut out),
                    Init::VecFill { elem, .. } | Init::ArrayFill { elem, .. } => {
                        self.adj(elem, E::atom(quote!(::parad::__private::sum(&#d))), &mut out)
                    }
                    Init::VecLit(es) | Init::ArrayLit(es) => {
                        for (k, e) in es.iter().enumerate() {
                            let k = syn::Index::from(k);
                            self.adj(e, E::atom(quote!(#d[#k])), &mut out);
                        }
                    }
                    Init::Copy(src) => {
                        if self.place_active_buf(&src.place) {
                            let k = self.names.fresh("k");
                            let off =
                                src.range.as_ref().filter(|(lo, _)| !lo.is_lit_int(0)).map(|(lo, _)| self.em.expr(lo));
                            let idx = match off {
                                Some(o) => emit::add(&o, &E::atom(quote!(#k))).ts,
                                None => quote!(#k),
                            };
                            let mut elem = src.place.clone();
                            elem.proj.push(Proj::Index(Box::new(Expr::bool(false, s.span))));
                            let add = self.with_shadow_elem(&src.place, &idx, quote!(#d[#k]));
                            out.extend(quote!(for #k in 0..#d.len() { #add }));
                        }
                    }
                    _ => {}
                }
            }
            StmtKind::Assign { place, op, value } => {
                out.extend(self.restore(s, place));
                if !self.place_active(place) {
                    return out;
                }
                let reads_self = {
                    let mut hit = false;
                    value.visit_reads(&mut |p| hit |= p.base == place.base);
                    hit
                };
                match op {
                    AssignOp::Set => {
                        let g = self.names.fresh("g");
                        out.extend(self.take_shadow(place, &g));
                        self.adj_merged(s.id, value, E::atom(quote!(#g)), &mut out);
                    }
                    AssignOp::Add | AssignOp::Sub => {
                        let sp = self.shadow_read(place);
                        let g = if reads_self || self.struct_params[place.base] {
                            let g = self.names.fresh("g");
                            let sp = sp.ts;
                            out.extend(quote!(let #g = #sp;));
                            E::atom(quote!(#g))
                        } else {
                            sp
                        };
                        let g = if *op == AssignOp::Sub { emit::neg(&g) } else { g };
                        self.adj_merged(s.id, value, g, &mut out);
                    }
                    AssignOp::Mul | AssignOp::Div => {
                        // The shadow is set below, then added into.
                        self.fresh.borrow_mut().remove(&place.base);
                        let g = self.names.fresh("g");
                        let sp = self.shadow_read(place).ts;
                        out.extend(quote!(let #g = #sp;));
                        let gv = E::atom(quote!(#g));
                        let val = self.em.expr(value);
                        let old = self.em.place(place);
                        let new_shadow = if *op == AssignOp::Mul { emit::mul(&gv, &val) } else { emit::div(&gv, &val) };
                        let new_shadow =
                            if self.struct_params[place.base] { self.bind(new_shadow, &mut out) } else { new_shadow };
                        let ns = new_shadow.ts;
                        out.extend(self.with_shadow(place, |sp| quote!(#sp = #ns;)));
                        if *op == AssignOp::Mul {
                            self.adj(value, emit::mul(&gv, &old), &mut out);
                        } else {
                            let q = emit::div(&old, &val);
                            self.adj(value, emit::neg(&emit::div(&emit::mul(&gv, &q), &val)), &mut out);
                        }
                    }
                }
            }
            StmtKind::Call { dests, call } => return self.rev_call(s, call, dests),
            StmtKind::Push { vec, value } => {
                let active = self.place_active_buf(vec);
                if active {
                    let d = self.shadow[vec.base].clone().unwrap();
                    let g = self.names.fresh("g");
                    out.extend(quote!(let #g = #d.pop().unwrap();));
                    self.adj(value, E::atom(quote!(#g)), &mut out);
                }
                if self.plan.needed[vec.base] {
                    let p = self.em.place(vec).ts;
                    out.extend(quote!(#p.pop();));
                }
            }
            StmtKind::Swap(a, b) => {
                if self.plan.needed[a.base] || self.plan.needed[b.base] {
                    let (pa, pb) = (self.em.place(a).ts, self.em.place(b).ts);
                    out.extend(quote!(::core::mem::swap(&mut #pa, &mut #pb);));
                }
                if self.shadow[a.base].is_some() && self.shadow[b.base].is_some() && self.act.vars[a.base] {
                    let da = self.em.place_with(self.shadow[a.base].as_ref().unwrap(), a).ts;
                    let db = self.em.place_with(self.shadow[b.base].as_ref().unwrap(), b).ts;
                    out.extend(quote!(::core::mem::swap(&mut #da, &mut #db);));
                }
            }
            StmtKind::If { cond, then_blk, else_blk } => {
                let t = self.rev_block(then_blk);
                let e = self.rev_block(else_blk);
                if t.is_empty() && e.is_empty() {
                    return out;
                }
                let c = self.em.expr(cond).ts;
                out.extend(emit::if_else(&c, &t, &e));
            }
            StmtKind::For { .. } | StmtKind::While { .. } if self.plan.steps.contains_key(&s.id) => {
                return self.ck_reverse(s)
            }
            StmtKind::For { index, lo, hi, body, par: Some(par), .. }
                if self.par_depth == 0 && self.parallel(*index, lo, body, par) =>
            {
                out.extend(self.par_adjoint(s, *index, lo, hi, body, par, false));
                out.extend(self.whole_restores(s.id));
            }
            StmtKind::For { index, lo, hi, step, rev, body, .. } => {
                let accumulated = self.begin_hoisting(*index, lo, hi, step.as_ref(), body);
                let (partials, b) = self.rev_loop_body(body);
                let (accumulators, add_accumulated) = self.end_hoisting(accumulated);
                if !b.is_empty() {
                    // Independent adjoint iterations run front to back, the
                    // order memory and the vectoriser like best.
                    let forward = crate::analysis::fusion::independent(body, *index, self.plan).0;
                    let run = self.serial_for(*index, lo, hi, step.as_ref(), if forward { *rev } else { !*rev }, b);
                    out.extend(quote!(#partials #accumulators #run #add_accumulated));
                }
                out.extend(self.whole_restores(s.id));
            }
            StmtKind::While { body, .. } => {
                let counter = self.plan.while_counters[&s.id];
                let accumulated = self.begin_hoisting_while(counter, body);
                let (partials, b) = self.rev_loop_body(body);
                let (accumulators, add_accumulated) = self.end_hoisting(accumulated);
                if b.is_empty() {
                    return out;
                }
                let n = self.name(counter);
                out.extend(quote!(#partials #accumulators for _ in 0..#n { #b } #add_accumulated));
            }
            StmtKind::Opaque(_) | StmtKind::Check { .. } => {}
            StmtKind::Mpi(op) => return self.mpi_rev(s, op),
        }
        out
    }

    fn place_active_buf(&self, p: &Place) -> bool {
        place_active(self.t, &self.act.vars, p)
            && self.shadow[p.base].is_some()
            && place_cat(self.t, p) == Cat::Buf(Scalar::Float)
    }

    fn shadow_read(&self, p: &Place) -> E {
        let base = self.shadow[p.base].clone().unwrap();
        if self.struct_params[p.base] {
            let sp = self.em.place_with(&base, p).ts;
            E::atom(quote!(#base.as_deref().map_or(0.0, |#base| #sp)))
        } else {
            self.em.place_with(&base, p)
        }
    }

    /// `shadow(buf)[idx] += value` for a buffer place.
    fn with_shadow_elem(&self, buf: &Place, idx: &TokenStream, value: TokenStream) -> TokenStream {
        let base = self.shadow[buf.base].clone().unwrap();
        if self.struct_params[buf.base] {
            let sp = self.em.struct_shadow_place(&base, buf, true);
            quote!(if let ::core::option::Option::Some(#base) = #base.as_deref_mut() { #sp[#idx] += #value; })
        } else {
            let sp = self.em.place_with(&base, buf).ts;
            quote!(#sp[#idx] += #value;)
        }
    }

    /// Whether a buffer argument is passed with its shadow (else `&mut []`).
    fn has_shadow_arg(&self, b: &BufArg) -> bool {
        !b.nograd && self.place_active_buf(&b.place)
    }

    /// A buffer argument of a call's adjoint: its value, then, for a float
    /// buffer, its shadow. An inactive shadow is `&mut []`, or with `zeros`
    /// a vector of zeros as long as the argument, bound first into `pre`
    /// (a joint function's shadows must match their buffers).
    fn adjoint_buf_args(&self, pre: &mut emit::CallBounds, b: &BufArg, zeros: bool) -> Vec<TokenStream> {
        let cat = place_cat(self.t, &b.place);
        let float = cat != Cat::Buf(Scalar::Int) && cat != Cat::Buf(Scalar::Bool);
        let active = float && self.has_shadow_arg(b);
        let (value, bounds) = self.em.buf_value(pre, b, active);
        let mut args = vec![value];
        if float && active {
            let shadow = self.shadow_arg(b, bounds.clone());
            let key = self.shadow_key(b);
            if pre.lent.contains(&key) {
                // A second argument taken from the same buffer
                // (`pair(&x[a..b], &x[c..d])`) gets a shadow of its own. An
                // input's may overlap the first's: it starts at zero and is
                // added into the buffer's after the call. A `&mut` one is
                // disjoint from the others (the borrow checker saw to it):
                // it carries the seed in and the adjoint out.
                let tmp = self.names.fresh(&format!("{key}_arg"));
                if b.mutable {
                    pre.lets.extend(quote!(let mut #tmp = (#shadow).to_vec();));
                    pre.post.extend(quote!((#shadow).copy_from_slice(&#tmp);));
                } else {
                    let len = self.arg_len(b, &bounds);
                    pre.lets.extend(quote!(let mut #tmp = ::std::vec![0.0; #len];));
                    pre.post.extend(quote! {
                        for (s, t) in (#shadow).iter_mut().zip(&#tmp) {
                            *s += *t;
                        }
                    });
                }
                args.push(quote!(&mut #tmp[..]));
            } else {
                pre.lent.push(key);
                args.push(shadow);
            }
        } else if float && !zeros {
            args.push(self.shadow_arg(b, bounds));
        } else if float {
            let len = self.arg_len(b, &bounds);
            let z = self.names.fresh("zeros");
            pre.lets.extend(quote!(let mut #z = ::std::vec![0.0; #len];));
            args.push(quote!(&mut #z[..]));
        }
        args
    }

    /// The length of a buffer argument whose bounds are emitted as `bounds`.
    fn arg_len(&self, b: &BufArg, bounds: &Option<(TokenStream, TokenStream)>) -> TokenStream {
        match bounds {
            Some((lo, hi)) => quote!(#hi - #lo),
            None => {
                let base = self.em.place(&b.place).ts;
                quote!(#base.len())
            }
        }
    }

    /// The shadow buffer a buffer argument lends from (its base and fields,
    /// no range), as a name stem.
    fn shadow_key(&self, b: &BufArg) -> String {
        let base = self.shadow[b.place.base].clone().unwrap();
        let fields = self.em.stem(&b.place).split_off(self.name(b.place.base).to_string().len());
        format!("{base}{fields}")
    }

    /// The shadow of a buffer argument as a plain `&mut [F]` (empty when
    /// inactive), over the argument's `range` as emitted for its value.
    fn shadow_arg(&self, b: &BufArg, range: Option<(TokenStream, TokenStream)>) -> TokenStream {
        if !self.has_shadow_arg(b) {
            return quote!(&mut []);
        }
        let base = self.shadow[b.place.base].clone().unwrap();
        if self.struct_params[b.place.base] {
            let sp = self.em.struct_shadow_place(&base, &b.place, true);
            let inner = match &range {
                Some((lo, hi)) => {
                    let r = emit::slice_range(lo, hi);
                    quote!(&mut #sp[#r])
                }
                None => quote!(&mut #sp[..]),
            };
            return quote!(#base.as_deref_mut().map_or(&mut [][..], |#base| #inner));
        }
        let sp = self.em.place_with(&base, &b.place).ts;
        let param = self.float_buf_params[b.place.base] && b.place.is_var() && !self.pieces.contains(&b.place.base);
        match (range, param) {
            (None, true) => quote!(#sp.as_mut_slice()),
            (Some((lo, hi)), true) => quote!(::parad::__private::sub(#sp.as_mut_slice(), #lo, #hi)),
            (None, false) => quote!(&mut #sp[..]),
            (Some((lo, hi)), false) => {
                let r = emit::slice_range(&lo, &hi);
                quote!(&mut #sp[#r])
            }
        }
    }

    fn rev_call(&mut self, s: &Stmt, c: &Call, dests: &[VarId]) -> TokenStream {
        if self.joint_calls.contains(&s.id) {
            return self.rev_joint_call(c, dests);
        }
        let mut out = TokenStream::new();
        let Some(rev) = self.call_names.get(&s.id).cloned() else { return out };
        if let Some(&slot) = self.plan.call_slots.get(&s.id) {
            let load = self.slot_load(slot);
            out.extend(quote!(let #rev = #load;));
        }
        let mut pre = emit::CallBounds::new(&self.names);
        self.em.split_shared(&mut pre, &c.args);
        let mut args = Vec::new();
        let mut float_args = Vec::new();
        for a in &c.args {
            match a {
                Arg::Value(e) => {
                    if crate::analysis::types::expr_cat(self.t, e) == Cat::FLOAT {
                        float_args.push(e);
                    }
                }
                Arg::Buf(b) => args.extend(self.adjoint_buf_args(&mut pre, b, false)),
                Arg::Struct { place, mutable } => {
                    let p = self.em.place(place).ts;
                    let is_param = place.is_var() && matches!(self.f.vars[place.base].origin, VarOrigin::Param(_));
                    args.push(match (is_param, mutable) {
                        (true, false) => quote!(#p),
                        (true, true) => quote!(&mut *#p),
                        (false, false) => quote!(&#p),
                        (false, true) => quote!(&mut #p),
                    });
                    if self.shadow[place.base].is_some() && self.act.vars[place.base] && place.is_var() {
                        let d = self.shadow[place.base].clone().unwrap();
                        args.push(quote!(#d.as_deref_mut()));
                    } else {
                        args.push(quote!(::core::option::Option::None));
                    }
                }
            }
        }
        out.extend(pre.lets);
        // An inactive result's seed is zero of whatever type the callee's
        // result has (`0.0`, or `()` for an integer): `Default` says both.
        let seed_of = |d: VarId| {
            if self.active_var(d) && self.t.vars[d] == Cat::FLOAT {
                let dd = self.shadow[d].clone().unwrap();
                quote!(#dd)
            } else if self.active_var(d) && self.t.vars[d] == Cat::Buf(Scalar::Float) {
                // A returned `Vec`.
                let dd = self.shadow[d].clone().unwrap();
                quote!(&#dd[..])
            } else {
                quote!(::core::default::Default::default())
            }
        };
        let seed = match dests {
            // A result the caller drops: zero of its type.
            [] => quote!(::core::default::Default::default()),
            [d] => seed_of(*d),
            ds => {
                let parts = ds.iter().map(|d| seed_of(*d));
                quote!((#(#parts,)*))
            }
        };
        args.push(seed);
        let gs: Vec<Ident> = float_args.iter().map(|_| self.names.fresh("g")).collect();
        if gs.is_empty() {
            out.extend(quote!(#rev(#(#args),*);));
        } else {
            out.extend(quote!(let (#(#gs,)*) = #rev(#(#args),*);));
        }
        out.extend(pre.post);
        for (e, g) in float_args.iter().zip(gs) {
            self.adj(e, E::atom(quote!(#g)), &mut out);
        }
        out
    }

    // ----------------------------------------------------------- companion

    /// The closure's parameters: each reference parameter, then the shadow
    /// of each float buffer or struct, then the seed of the result.
    pub fn closure_params(&self) -> (Vec<TokenStream>, Vec<TokenStream>) {
        let mut params = Vec::new();
        let mut types = Vec::new();
        for (i, p) in self.sig.params.iter().enumerate() {
            let v = self.f.params[i];
            let n = self.name(v);
            let ty = strip_lifetimes(&p.ty);
            match &p.kind {
                ParamKind::FloatBuf { float, .. } => {
                    let d = self.shadow[v].clone().unwrap();
                    let fl = float.ident();
                    params.push(quote!(#n: #ty));
                    params.push(quote!(#d: &mut [#fl]));
                    types.push(quote!(#ty));
                    types.push(quote!(&mut [#fl]));
                }
                ParamKind::InactiveBuf { .. } => {
                    params.push(quote!(#n: #ty));
                    types.push(quote!(#ty));
                }
                ParamKind::Struct { ty: inner, .. } => {
                    let d = self.shadow[v].clone().unwrap();
                    params.push(quote!(#n: #ty));
                    params.push(quote!(mut #d: ::core::option::Option<&mut #inner>));
                    types.push(quote!(#ty));
                    types.push(quote!(::core::option::Option<&mut #inner>));
                }
                _ => {}
            }
        }
        let seed_ty = seed_type(&self.sig.ret);
        let seed = self.seed.clone();
        params.push(quote!(#seed: #seed_ty));
        types.push(seed_ty);
        (params, types)
    }

    pub fn adjoint_return(&self) -> (TokenStream, TokenStream) {
        let mut vals = Vec::new();
        let mut tys = Vec::new();
        for (i, p) in self.sig.params.iter().enumerate() {
            if let ParamKind::Float(f) = &p.kind {
                let d = self.shadow[self.f.params[i]].clone().unwrap();
                let f = f.ident();
                vals.push(quote!(#d));
                tys.push(quote!(#f));
            }
        }
        (quote!((#(#vals,)*)), quote!((#(#tys,)*)))
    }

    pub fn companion(&mut self, func: &syn::ItemFn, recursive: bool) -> TokenStream {
        let name = companion_fwd(&func.sig.ident);
        let vis = &func.vis;
        let inputs = &func.sig.inputs;
        let ret_ty = match &self.sig.ret_ty {
            Some(t) => quote!(#t),
            None => quote!(()),
        };
        let mut tapes = self.tape_decls();
        tapes.extend(self.mpi_prelude());
        let fwd = self.fwd_block(&self.f.body.clone());
        let (params, types) = self.closure_params();
        let seed = self.seed.clone();
        let (adj_vals, adj_tys) = self.adjoint_return();
        let unit = adj_vals.to_string() == "()";
        let arrow = if unit { quote!() } else { quote!(-> #adj_tys) };
        let adj_vals = if unit { quote!() } else { adj_vals };
        let mut prelude = TokenStream::new();
        let mut fwd_end = TokenStream::new();
        for (i, p) in self.sig.params.iter().enumerate() {
            let v = self.f.params[i];
            match &p.kind {
                ParamKind::FloatBuf { .. } => {
                    let d = self.shadow[v].clone().unwrap();
                    prelude.extend(quote!(let mut #d = ::parad::__private::ShadowSlice::new(#d);));
                }
                ParamKind::Float(f) => {
                    let d = self.shadow[v].clone().unwrap();
                    let f = f.ident();
                    prelude.extend(quote!(let mut #d: #f = 0.0;));
                }
                _ => {}
            }
        }
        let ret_value = match self.f.ret {
            None if !self.f.ret_parts.is_empty() => {
                // A tuple result: one seed per element.
                let pats =
                    self.f.ret_parts.iter().map(|&r| match self.shadow[r].clone().filter(|_| self.act.vars[r]) {
                        Some(d) => quote!(mut #d),
                        None => quote!(_),
                    });
                prelude.extend(quote!(let (#(#pats,)*) = #seed;));
                let names = self.f.ret_parts.iter().map(|&r| self.name(r).clone());
                quote!((#(#names,)*))
            }
            Some(r) => {
                let n = self.name(r).clone();
                match self.shadow[r].clone().filter(|_| self.act.vars[r]) {
                    // A caller that drops a returned `Vec` seeds it with `&[]`.
                    Some(d) if matches!(self.sig.ret, ParamKind::FloatVec(_)) => {
                        let len = self.names.fresh(&format!("{n}_len"));
                        fwd_end.extend(quote!(let #len = #n.len();));
                        prelude.extend(quote!(let mut #d = ::parad::__private::copy_or_zeros(#seed, #len);));
                    }
                    Some(d) => prelude.extend(quote!(let mut #d = #seed;)),
                    None => prelude.extend(quote!(let _ = #seed;)),
                }
                quote!(#n)
            }
            None => {
                prelude.extend(quote!(let _ = #seed;));
                quote!(())
            }
        };
        let rev = self.rev_block(&self.f.body.clone());
        // A result the closure keeps is copied before the closure takes it.
        let ret_value = if self.result_copied(Some(&rev)) {
            let kept = self.names.fresh("result");
            fwd_end.extend(quote!(let #kept = #ret_value.clone();));
            quote!(#kept)
        } else {
            ret_value
        };
        // A recursive function's reverse closure contains its own type, so it
        // is boxed (and `Send`, so that a parallel loop or `join` can keep it
        // on a chunk's tape); every other one is returned as an unboxed
        // `impl FnOnce`, whose `Send` the compiler sees through.
        let reverse_fn = self.names.fresh("reverse");
        let (closure_ty, reverse) = if recursive {
            (
                quote!(::std::boxed::Box<dyn ::core::ops::FnOnce(#(#types),*) #arrow + ::core::marker::Send>),
                quote!(::std::boxed::Box::new(#reverse_fn)),
            )
        } else {
            (quote!(impl ::core::ops::FnOnce(#(#types),*) #arrow + use<>), quote!(#reverse_fn))
        };
        let allow_generated = crate::syntax::allow_generated();
        quote! {
            #[doc(hidden)]
            #[inline]
            #allow_generated
            #vis fn #name(#inputs) -> (#ret_ty, #closure_ty) {
                #tapes
                #fwd
                #fwd_end
                let #reverse_fn = move |#(#params),*| #arrow {
                    #prelude
                    #rev
                    #adj_vals
                };
                (#ret_value, #reverse)
            }
        }
    }
}

/// `: T` when the user annotated a local.
pub fn annotation(f: &Function, v: VarId) -> TokenStream {
    match (&f.vars[v].annot, f.vars[v].origin) {
        (Some(ty), VarOrigin::Local | VarOrigin::Temp) => quote!(: #ty),
        _ => quote!(),
    }
}

pub fn assign_op(op: AssignOp) -> TokenStream {
    match op {
        AssignOp::Set => quote!(=),
        AssignOp::Add => quote!(+=),
        AssignOp::Sub => quote!(-=),
        AssignOp::Mul => quote!(*=),
        AssignOp::Div => quote!(/=),
    }
}

impl RevGen<'_> {
    /// The reverse-mode derivative a user asked for, as one function: the
    /// forward sweep, then the adjoint sweep, with the signature of DESIGN
    /// section 2 for the activities of `spec`. The analyses behind `self`
    /// were run with the parameters `spec` marks `Const` inactive.
    pub fn flat(&mut self, func: &syn::ItemFn, spec: &crate::parse::DiffSpec) -> TokenStream {
        use crate::parse::Activity as A;
        self.atomic = spec.atomic;
        let seed = self.seed.clone();
        let mut params = Vec::new();
        let mut checks = TokenStream::new();
        let mut prelude = TokenStream::new();
        let mut keep = TokenStream::new();
        let mut put_back = TokenStream::new();
        let mut outs = Vec::new();
        let mut out_tys = Vec::new();
        for (i, (p, input)) in self.sig.params.iter().zip(&func.sig.inputs).enumerate() {
            params.push(quote!(#input));
            let v = self.f.params[i];
            let n = self.name(v).clone();
            let d = self.shadow[v].clone();
            let act = spec.acts[i].0;
            let dup = matches!(act, A::Duplicated | A::DuplicatedOnly);
            match &p.kind {
                ParamKind::FloatBuf { .. } => {
                    self.float_buf_params[v] = false;
                    if dup {
                        let d = d.unwrap();
                        let sty = super::wrappers::shadow_type(&p.ty);
                        params.push(quote!(#d: #sty));
                        let msg = format!("the shadow of `{n}` must have the length of `{n}`");
                        checks.extend(quote!(::core::assert_eq!(#d.len(), #n.len(), #msg);));
                        // Re-slicing to the primal's length lets the compiler
                        // drop bounds checks in loops over the primal.
                        prelude.extend(quote!(let #d = &mut #d[..#n.len()];));
                        self.plain_bufs.insert(d.to_string());
                    }
                }
                ParamKind::Struct { .. } if dup => {
                    let d = d.unwrap();
                    let sty = super::wrappers::shadow_type(&p.ty);
                    params.push(quote!(#d: #sty));
                    prelude.extend(quote!(let mut #d = ::core::option::Option::Some(#d);));
                }
                ParamKind::Float(f) => {
                    let d = d.unwrap();
                    let f = f.ident();
                    prelude.extend(quote!(let mut #d: #f = 0.0;));
                    if matches!(act, A::Active | A::ActiveOnly) {
                        outs.push(quote!(#d));
                        out_tys.push(quote!(#f));
                    }
                }
                _ => {}
            }
            if p.kind.is_mut()
                && matches!(p.kind, ParamKind::FloatBuf { .. } | ParamKind::Struct { .. })
                && self.restores(v)
            {
                // The adjoint sweep restores the argument; hand back the result.
                let kept = quote::format_ident!("{}_result", n, span = proc_macro2::Span::mixed_site());
                keep.extend(match p.kind {
                    ParamKind::FloatBuf { .. } => quote!(let #kept = #n.to_vec();),
                    _ => quote!(let #kept = ::core::clone::Clone::clone(&*#n);),
                });
                put_back.extend(match p.kind {
                    ParamKind::FloatBuf { .. } => quote!(#n.copy_from_slice(&#kept);),
                    _ => quote!(*#n = #kept;),
                });
            }
        }
        let n = self.sig.params.len();
        let ret_act = spec.acts.get(n).map(|a| a.0);
        let seeded = matches!(ret_act, Some(A::Active | A::ActiveOnly | A::Duplicated | A::DuplicatedOnly));
        let seed_decl = match (&self.sig.ret, ret_act) {
            (ParamKind::Float(f), Some(A::Active | A::ActiveOnly)) => {
                let f = f.ident();
                params.push(quote!(#seed: #f));
                quote!()
            }
            (ParamKind::Float(_), _) => quote!(let #seed = 0.0;),
            (ParamKind::FloatVec(f), Some(A::Duplicated | A::DuplicatedOnly)) => {
                let f = f.ident();
                params.push(quote!(#seed: &[#f]));
                quote!()
            }
            (ParamKind::FloatVec(f), _) => {
                let f = f.ident();
                quote!(let #seed: &[#f] = &[];)
            }
            // No unit values in the pipeline's subset.
            _ if self.nestable => quote!(),
            _ => quote!(let #seed = ();),
        };
        let primal = self.names.fresh("primal");
        // Where the forward sweep ends, before the result is moved: a
        // `Vec` result's seed checked against it, or its length kept.
        let mut at_result = TokenStream::new();
        let ret_value = match self.f.ret {
            Some(r) => {
                let rn = self.name(r).clone();
                let vec_ret = matches!(self.sig.ret, ParamKind::FloatVec(_));
                match self.shadow[r].clone().filter(|_| self.act.vars[r]) {
                    Some(d) if vec_ret && seeded => {
                        let msg = "the seed must have the length of the returned `Vec`";
                        at_result.extend(quote!(::core::assert_eq!(#seed.len(), #rn.len(), #msg);));
                        prelude.extend(quote!(let mut #d = #seed.to_vec();));
                    }
                    Some(d) if vec_ret => {
                        let len = self.names.fresh(&format!("{rn}_len"));
                        at_result.extend(quote!(let #len = #rn.len();));
                        prelude.extend(quote!(let mut #d = ::std::vec![0.0; #len];));
                    }
                    Some(d) => prelude.extend(quote!(let mut #d = #seed;)),
                    None => prelude.extend(quote!(let _ = #seed;)),
                }
                quote!(#rn)
            }
            None => {
                if !self.nestable {
                    prelude.extend(quote!(let _ = #seed;));
                }
                quote!(())
            }
        };
        // The adjoint of an MPI program runs after all of its forward sweep;
        // an unseeded `Vec` result's zero shadow is sized from the result,
        // which a fused loop's adjoint may need before it is made.
        if !mpi::has_mpi(self.f) && (seeded || !matches!(self.sig.ret, ParamKind::FloatVec(_))) {
            let fused = crate::analysis::fusion::fused(self.f, self.plan);
            self.fused_loops = fused.loops;
            self.fused_bodies = fused.blocks;
        }
        let fused = self.fused_loops.first().copied();
        let mut tapes = self.tape_decls();
        tapes.extend(self.mpi_prelude());
        let no_primal = self.f.ret.is_none() && self.nestable;
        let finish_fwd = |value: TokenStream| match no_primal {
            true => keep.clone(),
            false => quote!(#at_result let #primal = #value; #keep),
        };
        let (fwd, rev) = match fused {
            Some(l) => {
                let value = if self.result_copied(None) { quote!(#ret_value.clone()) } else { ret_value };
                self.fused_sweeps(l, prelude, finish_fwd(value))
            }
            None => {
                let fwd = self.fwd_block(&self.f.body.clone());
                let rev = self.rev_block(&self.f.body.clone());
                let resets = self.cursor_resets();
                let value = if self.result_copied(Some(&rev)) { quote!(#ret_value.clone()) } else { ret_value };
                let finish = finish_fwd(value);
                (quote!(#fwd #finish), quote!(#prelude #resets #rev))
            }
        };
        let (mut result, result_ty) = super::wrappers::reverse_result(self.sig, ret_act, &primal, outs, out_tys);
        if self.nestable && result.to_string() == "()" {
            result = quote!();
        }
        let name = &spec.name;
        let vis = &func.vis;
        let doc = format!(" Reverse-mode derivative of [`{}`], generated by `#[autodiff]`.", func.sig.ident);
        let allow_generated = crate::syntax::allow_generated();
        quote! {
            #[doc = #doc]
            #allow_generated
            #vis fn #name(#(#params),*) -> #result_ty {
                #checks
                #seed_decl
                #tapes
                #fwd
                #rev
                #put_back
                #result
            }
        }
    }
}

impl RevGen<'_> {
    /// The sweeps of a flat derivative whose last top-level loop `l` is
    /// fused (see `analysis::fusion`): the forward statements before the
    /// loop; the adjoint's prelude and the tail's adjoint; the loop running
    /// each iteration's adjoint right after it; the tail; then the adjoint of
    /// the statements before the loop.
    fn fused_sweeps(&mut self, l: StmtId, prelude: TokenStream, finish_fwd: TokenStream) -> (TokenStream, TokenStream) {
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
}

impl RevGen<'_> {
    /// A fused loop: each iteration runs its forward and then its adjoint
    /// (a rayon loop in its chunks, see `par_adjoint`). The vectors it saved
    /// whole are put back by the second part, which goes after the
    /// statements that follow the loop: they read the loop's results.
    fn fused_loop(&mut self, lp: &Stmt) -> (TokenStream, TokenStream) {
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
    fn fused_middle(&mut self, body: &Block, k: usize) -> (TokenStream, std::collections::HashSet<VarId>, TokenStream) {
        let (last, tail) = body.stmts[k..].split_first().unwrap();
        let mut out = self.adjoint_decls(body);
        let outer = self.begin_fresh(body);
        out.extend(self.rev_run(tail.iter().rev()));
        let (nested, restore) = match &last.kind {
            StmtKind::If { cond, then_blk, else_blk } => {
                self.next_site();
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
    fn restores(&self, v: VarId) -> bool {
        self.restored_in(&self.f.body).contains(&v)
    }

    /// Variables the adjoint of `body` writes saved values back into,
    /// itself or through a callee (companions restore their `&mut` arguments).
    fn restored_in(&self, body: &Block) -> std::collections::HashSet<VarId> {
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
                        Arg::Struct { place, mutable: true } => out.insert(place.base),
                        _ => false,
                    };
                }
            }
            _ => {}
        });
        out
    }
}

/// The type of the seed a reverse closure takes for a result of kind `ret`.
pub fn seed_type(ret: &ParamKind) -> TokenStream {
    match ret {
        ParamKind::Float(f) => {
            let f = f.ident();
            quote!(#f)
        }
        ParamKind::Tuple(parts) => {
            let parts = parts.iter().map(seed_type);
            quote!((#(#parts,)*))
        }
        ParamKind::FloatVec(f) => {
            let f = f.ident();
            quote!(&[#f])
        }
        _ => quote!(()),
    }
}

impl RevGen<'_> {
    /// Whether the result is handed back as a copy, past the adjoint sweep
    /// `rev`: a returned `Vec` that `rev` still reads (or restores), or may
    /// (`None`: not known).
    fn result_copied(&self, rev: Option<&TokenStream>) -> bool {
        let Some(r) = self.f.ret.filter(|_| matches!(self.sig.ret, ParamKind::FloatVec(_))) else { return false };
        rev.is_none_or(|rev| emit::value_idents(rev).contains(&self.name(r).to_string()))
    }
}

impl RevGen<'_> {
    /// The length of a local array (`[a, b, c]`, `[x; N]`): its shadow is an
    /// array too, on the stack.
    fn array_len(&self, s: &Stmt) -> Option<TokenStream> {
        match &s.kind {
            StmtKind::Let { init: Init::ArrayLit(es), .. } => {
                let n = syn::Index::from(es.len());
                Some(quote!(#n))
            }
            StmtKind::Let { init: Init::ArrayFill { len, .. }, .. } => Some(quote!(#len)),
            _ => None,
        }
    }
}
