//! The tangent generator's state: the function, its analyses and plan, and
//! the names of the tangents.

use crate::analysis::activity::{expr_active, place_active, Activity};
use crate::analysis::plan::Plan;
use crate::analysis::types::Types;
use crate::codegen::batched::Width;
use crate::codegen::emit::Emitter;
use crate::ir::*;
use crate::names::Names;
use crate::parse::{ParamKind, Signature};
use proc_macro2::TokenStream;
use quote::quote;
use std::cell::{Cell, RefCell};
use syn::Ident;

pub struct TanGen<'a> {
    pub(super) f: &'a Function,
    pub(super) t: &'a Types,
    pub(super) act: &'a Activity,
    pub(super) plan: &'a Plan,
    pub(super) sig: &'a Signature,
    pub(super) em: Emitter<'a>,
    pub(super) names: Names,
    pub(super) tan: IdVec<VarId, Option<Ident>>,
    pub(super) struct_params: IdVec<VarId, Option<bool>>,
    pub(super) buf_params: IdVec<VarId, Option<bool>>,
    /// The duplicated communicators tangent messages travel on.
    pub(super) adj_comms: std::collections::BTreeMap<VarId, Ident>,
    /// How many rayon loops run in parallel around the code being emitted
    /// (a loop inside one runs serially in its chunk).
    pub(super) par_depth: Cell<usize>,
    /// The buffers whose tangents are, where the code is emitted, a chunk's
    /// pieces (indexed by global element, sliced with ranges).
    pub(super) pieces: RefCell<Vec<VarId>>,
    /// Emitting the companion that takes values (see `slots`).
    pub(super) slotted: bool,
    /// Batched mode: every tangent is a `Lanes<N>` of this many tangents
    /// (see the runtime's `lanes`).
    pub(super) lanes: Option<Width>,
}

impl<'a> TanGen<'a> {
    pub fn new(f: &'a Function, t: &'a Types, act: &'a Activity, plan: &'a Plan, sig: &'a Signature) -> Self {
        let names = Names::new(f.vars.iter().map(|v| v.name.to_string()));
        let mut tan = IdVec::filled(None, f.vars.len());
        let mut struct_params = IdVec::filled(None, f.vars.len());
        let mut buf_params = IdVec::filled(None, f.vars.len());
        for (i, &p) in f.params.iter().enumerate() {
            let mutable = sig.params[i].kind.is_mut();
            match &sig.params[i].kind {
                ParamKind::Float(_)
                | ParamKind::FloatBuf { .. }
                | ParamKind::ValueBuf { .. }
                | ParamKind::Struct { .. } => {
                    tan[p] = Some(names.fresh(&crate::names::derived("t", &f.vars[p].name)));
                }
                _ => {}
            }
            match &sig.params[i].kind {
                ParamKind::Struct { .. } => struct_params[p] = Some(mutable),
                ParamKind::FloatBuf { .. } | ParamKind::ValueBuf { .. } => buf_params[p] = Some(mutable),
                _ => {}
            }
        }
        for v in f.vars.ids() {
            if tan[v].is_none()
                && act.vars[v]
                && (t.vars[v].holds_floats() || t.vars[v] == crate::analysis::types::Cat::Struct)
            {
                tan[v] = Some(names.fresh(&crate::names::derived("t", &f.vars[v].name)));
            }
        }
        let adj_comms = crate::codegen::mpi::comms(f)
            .into_iter()
            .map(|c| (c, names.fresh(&format!("adj_{}", f.vars[c].name))))
            .collect();
        TanGen {
            f,
            t,
            act,
            plan,
            sig,
            em: Emitter { f, t },
            names,
            tan,
            struct_params,
            buf_params,
            adj_comms,
            par_depth: Cell::new(0),
            pieces: RefCell::default(),
            slotted: false,
            lanes: None,
        }
    }

    /// The generator of a batched derivative: tangents of `width` lanes.
    pub fn with_lanes(mut self, width: usize) -> Self {
        self.lanes = Some(Width::fixed(width));
        self
    }

    /// The generator of the lane companion, generic over its width.
    pub fn with_generic_lanes(mut self) -> Self {
        self.lanes = Some(Width::generic());
        self
    }

    /// The width of a batched derivative's lanes.
    pub(super) fn width(&self) -> Option<TokenStream> {
        self.lanes.as_ref().map(|w| quote!(#w))
    }

    /// The type of a float's tangent in a batched derivative, `Lanes<N>`.
    pub(super) fn lanes_ty(&self) -> Option<TokenStream> {
        self.lanes.as_ref().map(Width::ty)
    }

    /// The zero tangent of a float: `0.0`, or all lanes zero.
    pub(super) fn tzero(&self) -> TokenStream {
        self.lanes.as_ref().map(Width::zero).unwrap_or_else(|| quote!(0.0))
    }

    pub(super) fn name(&self, v: VarId) -> &Ident {
        &self.f.vars[v].name
    }

    pub(super) fn active(&self, e: &Expr) -> bool {
        expr_active(self.t, &self.act.vars, e)
    }

    pub(super) fn active_var(&self, v: VarId) -> bool {
        self.act.vars[v] && self.tan[v].is_some()
    }

    pub(super) fn place_active(&self, p: &Place) -> bool {
        place_active(self.t, &self.act.vars, p) && self.tan[p.base].is_some()
    }

    pub(super) fn mutability(&self, v: VarId) -> TokenStream {
        if self.plan.written[v] || self.plan.uninit[v] {
            quote!(mut)
        } else {
            quote!()
        }
    }
}
