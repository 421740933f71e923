//! The state of the adjoint kernel being built, which every file of the
//! adjoint reads.

use super::super::ir::*;
use crate::diag::Diag;
use std::collections::HashMap;

/// The adjoint kernel being built, with what the sweeps need to know.
pub struct Adj<'d> {
    pub k: Kernel,
    pub diag: &'d Diag,
    /// Locals of the primal (the adjoint's first locals have the same ids).
    pub primal_locals: usize,
    pub active_var: IdVec<VarId, bool>,
    pub shadow_var: HashMap<VarId, VarId>,
    pub shadow_buf: HashMap<Buf, Buf>,
    /// The accumulator of each `Active` scalar parameter.
    pub scalar_acc: HashMap<usize, VarId>,
    /// Sums over the block, added at the end: accumulator, target, index.
    pub reductions: Vec<(VarId, Buf, Expr)>,
    /// Buffers the primal writes (their reads became locals in `prepare`).
    pub written: std::collections::HashSet<Buf>,
    /// The reads of written buffers that `prepare` turned into locals, with
    /// whether they are inside a loop.
    pub loads: HashMap<VarId, (Buf, (proc_macro2::Span, proc_macro2::Span), bool)>,
    pub classes: super::access::Classes,
    /// Locals declared at the top of the adjoint kernel.
    pub hoisted: Vec<VarId>,
}
