//! The reverse generator's state: the function, its analyses and plan,
//! the names of shadows and tapes, and what the optimisations keep while
//! the sweeps are emitted.

use crate::analysis::activity::{expr_active, place_active, Activity};
use crate::analysis::plan::Plan;
use crate::analysis::types::{place_cat, Cat, Types};
use crate::codegen::batched::Width;
use crate::codegen::emit::{Emitter, E};
use crate::ir::*;
use crate::names::Names;
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
    pub shadow: IdVec<VarId, Option<Ident>>,
    pub(super) slot_names: Vec<Ident>,
    /// Reverse closures of calls, by statement.
    pub(super) call_names: std::collections::HashMap<StmtId, Ident>,
    /// In a nestable derivative, the calls whose adjoint calls the callee's
    /// joint function (see `joint`).
    pub(super) joint_calls: std::collections::HashSet<StmtId>,
    pub(super) struct_params: IdVec<VarId, bool>,
    pub(super) float_buf_params: IdVec<VarId, bool>,
    /// The loops whose adjoints run inside them (sweep fusion, outermost
    /// first), and the blocks whose forward and adjoint run together (see
    /// `analysis::fusion`): their locals are live in the adjoint, so they
    /// are neither stored nor rebound.
    pub(super) fused_loops: Vec<StmtId>,
    pub(super) fused_bodies: std::collections::HashSet<BlockId>,
    /// The name of the seed of the result (`seed`, unless the function
    /// already has a variable of that name, as a derivative does).
    pub(super) seed: Ident,
    /// How many parallel loops' closures enclose the code being emitted;
    /// a rayon loop inside another runs serially in its iteration.
    pub(super) par_depth: usize,
    /// Buffers (by variable) whose shadow is, in the closure being emitted,
    /// the piece a parallel iteration owns.
    pub(super) pieces: std::collections::HashSet<VarId>,
    /// Shared and hoisted stencil partials (see `stencil`).
    pub(super) stencils: super::tables::Stencils,
    /// `accumulate = atomic` was asked for, and the shared atomic shadows of
    /// the parallel loop being emitted.
    pub(super) atomic: bool,
    pub(super) atomics: std::collections::HashMap<VarId, Ident>,
    /// The duplicated communicator of each communicator the MPI operations use.
    pub(super) adj_comms: std::collections::BTreeMap<VarId, Ident>,
    /// The communicators the reverse sweep recomputes checkpointed steps
    /// with (a second duplicate of each: recomputed messages must not match
    /// adjoint ones, and a companion's reverse closure cannot borrow the
    /// user's), and whether the code being emitted is such a recomputation.
    pub(super) recompute_comms: std::collections::BTreeMap<VarId, Ident>,
    pub(super) recomputing: bool,
    /// The adjoint messages of immediate MPI operations, by request, from
    /// the adjoint of the wait to that of the operation.
    pub(super) pending: std::collections::HashMap<VarId, Ident>,
    /// Emitting a checkpointed step to be run without a tape: nothing is
    /// stored, calls call the plain functions.
    pub(super) plain: bool,
    /// Shadow elements that the adjoints of the loops being emitted
    /// accumulate in locals (by buffer and index, as emitted; see `hoist`).
    pub(super) hoisted: Vec<(Place, super::tables::Accumulator)>,
    /// The tapes of the rayon loop being emitted whose values each chunk
    /// saves and restores as whole pieces (see `super::par::whole_pieces`), not
    /// element by element.
    pub(super) whole_pieces: std::collections::HashSet<usize>,
    /// While the adjoint of one statement is emitted: its additions into
    /// shadows (place, value), held back so that those into the same place
    /// become one (see `adj_merged`).
    pub(super) merging: std::cell::RefCell<Option<Vec<(Place, E)>>>,
    /// The statement of a run of statements whose adjoint is being emitted,
    /// and its sums of additions held back to the run's end (see `merge`).
    pub(super) run: std::cell::RefCell<Option<super::tables::Run>>,
    /// The names of the variables no code assigns after their definition.
    pub(super) constants: std::collections::HashSet<String>,
    /// The scalar shadows declared for the block whose adjoint is being
    /// emitted that still hold their initial zero: the first adjoint
    /// addition into one is an assignment (`ddx = dr2 * 2.0 * dx;` rather
    /// than `ddx += ..`, which the compiler must keep as an addition to
    /// `0.0`, since `0.0 + -0.0` is `0.0`). Any other mention of the shadow
    /// in the block, or any mention in a nested block, ends this.
    pub(super) fresh: std::cell::RefCell<std::collections::HashSet<VarId>>,
    /// The loops whose adjoints enclose the code being emitted, outermost
    /// first, with the reciprocals to declare in front of them (see `recip`).
    pub(super) loops: std::cell::RefCell<Vec<super::tables::Frame>>,
    /// The names that, outside parallel closures, are slices, vectors,
    /// arrays or tapes: buffers, the shadows of local buffers, the tapes
    /// (what `window` may slice).
    pub(super) plain_bufs: std::collections::HashSet<String>,
    /// The variables that may hold signed integers (their counters index
    /// tapes through a cast).
    pub(super) signed: std::collections::HashSet<VarId>,
    /// Emitting the form of a derivative that the pipeline reads again to
    /// differentiate it once more (see `docs/nested.md`): only plain Rust of
    /// the subset, no runtime calls. Serial loops take no windows, and
    /// stacks are plain `Vec`s read through a cursor (`tape_top`), since the
    /// pipeline reads `v[k]` but has no `pop`.
    pub nestable: bool,
    /// Emitting the companion that takes values (see `slots`).
    pub(super) slotted: bool,
    /// Batched mode: every adjoint is a `Lanes<N>`, one lane per seed (see
    /// the runtime's `lanes`).
    pub(super) lanes: Option<Width>,
}

impl<'a> RevGen<'a> {
    pub fn new(f: &'a Function, t: &'a Types, act: &'a Activity, plan: &'a Plan, sig: &'a Signature) -> Self {
        let names = Names::new(f.vars.iter().map(|v| v.name.to_string()));
        let mut shadow = IdVec::filled(None, f.vars.len());
        let mut struct_params = IdVec::filled(false, f.vars.len());
        let mut float_buf_params = IdVec::filled(false, f.vars.len());
        for (i, &p) in f.params.iter().enumerate() {
            match &sig.params[i].kind {
                ParamKind::Float(_)
                | ParamKind::FloatBuf { .. }
                | ParamKind::ValueBuf { .. }
                | ParamKind::Struct { .. } => {
                    shadow[p] = Some(names.fresh(&crate::names::derived("d", &f.vars[p].name)));
                }
                _ => {}
            }
            struct_params[p] = matches!(sig.params[i].kind, ParamKind::Struct { .. });
            float_buf_params[p] = matches!(sig.params[i].kind, ParamKind::FloatBuf { .. } | ParamKind::ValueBuf { .. });
        }
        for v in f.vars.ids() {
            if shadow[v].is_none() && act.vars[v] && (t.vars[v].holds_floats() || t.vars[v] == Cat::Struct) {
                shadow[v] = Some(names.fresh(&crate::names::derived("d", &f.vars[v].name)));
            }
        }
        let slot_names: Vec<Ident> = plan.slots.iter().map(|s| names.fresh(&s.name)).collect();
        let mut plain_bufs: std::collections::HashSet<String> = slot_names.iter().map(|n| n.to_string()).collect();
        for (v, var) in f.vars.iter_enumerated() {
            if matches!(t.vars[v], Cat::Buf(_)) {
                plain_bufs.insert(var.name.to_string());
                if let (Some(d), false) = (&shadow[v], matches!(var.origin, VarOrigin::Param(_))) {
                    plain_bufs.insert(d.to_string());
                }
            }
        }
        let seed = names.fresh("seed");
        let adj_comms = crate::codegen::mpi::comms(f)
            .into_iter()
            .map(|c| (c, names.fresh(&format!("adj_{}", f.vars[c].name))))
            .collect();
        let recompute_comms = crate::codegen::mpi::checkpointed_comms(f)
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
            slotted: false,
            float_buf_params,
            fused_loops: Vec::new(),
            fused_bodies: Default::default(),
            plain: false,
            recompute_comms,
            recomputing: false,
            seed,
            par_depth: 0,
            pieces: Default::default(),
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
            lanes: None,
            run: Default::default(),
            constants: f
                .vars
                .iter_enumerated()
                .filter(|&(v, _)| !plan.written[v] && !plan.uninit[v])
                .map(|(_, var)| var.name.to_string())
                .collect(),
        }
    }

    /// The generator of a batched derivative: adjoints of `width` lanes.
    pub fn with_lanes(mut self, width: usize) -> Self {
        self.lanes = Some(Width::fixed(width));
        self
    }

    /// The zero adjoint of a float: `0.0`, or all lanes zero.
    pub(super) fn dzero(&self) -> TokenStream {
        self.lanes.as_ref().map(Width::zero).unwrap_or_else(|| quote!(0.0))
    }

    pub(super) fn name(&self, v: VarId) -> &Ident {
        &self.f.vars[v].name
    }

    pub(super) fn active_var(&self, v: VarId) -> bool {
        self.shadow[v].is_some() && self.act.vars[v]
    }

    pub(super) fn expr_active(&self, e: &Expr) -> bool {
        expr_active(self.t, &self.act.vars, e)
    }

    pub(super) fn place_active(&self, p: &Place) -> bool {
        place_active(self.t, &self.act.vars, p) && self.shadow[p.base].is_some() && place_cat(self.t, p) == Cat::FLOAT
    }

    // ---------------------------------------------------------------- tape

    pub(super) fn mutability(&self, v: VarId) -> TokenStream {
        if self.plan.written[v] || self.plan.uninit[v] {
            quote!(mut)
        } else {
            quote!()
        }
    }
}
