//! What the reverse generator's optimisations keep while the sweeps are
//! emitted (stencil partials, hoisted accumulators, merged additions,
//! reciprocals), as tables the generator's state holds.

use crate::codegen::emit::E;
use crate::ir::*;
use proc_macro2::TokenStream;
use std::cell::Cell;
use std::collections::HashSet;
use syn::Ident;

/// What the stencil strategy keeps while the reverse sweep is emitted.
#[derive(Default)]
pub(super) struct Stencils {
    /// How many serial loops' adjoints enclose the code being emitted.
    pub(super) loops: usize,
    /// Declarations of partial buffers, made once in front of the outermost
    /// of those loops.
    pub hoisted: Vec<TokenStream>,
    /// In the rayon loop being emitted, the shadow elements its adjoint adds
    /// into partial buffers instead.
    pub(super) redirects: Vec<Redirect>,
}

/// A shadow element that a stencil adjoint adds into a partial instead:
/// `dbuf[index]` becomes `part[index.wrapping_sub(offset)]`.
pub(super) struct Redirect {
    /// The element, `dbuf[index]`'s primal `buf[index]`.
    pub(super) place: Place,
    pub(super) part: Ident,
    /// The name of the offset's value.
    pub(super) offset: Ident,
    /// Another offset of the buffer writes the same numbers into the same
    /// shared partial: this access's writes are left out.
    pub(super) skipped: bool,
}

/// The local accumulating a hoisted element while its loop's adjoint is
/// emitted, and whether that adjoint added into it.
pub(super) struct Accumulator {
    pub(super) name: Ident,
    pub(super) used: Cell<bool>,
}

/// The statement of a run whose adjoint is being emitted, and the sums it
/// holds back.
pub(super) struct Run {
    pub(super) stmt: StmtId,
    pub(super) sums: Vec<Sum>,
}

/// The additions of one statement's adjoint into one shadow element.
pub(super) struct Sum {
    pub(super) place: Place,
    pub(super) values: Vec<E>,
    /// The first mention of a scalar shadow that still holds its initial
    /// zero: an assignment (see `RevGen::fresh`).
    pub(super) first: bool,
    /// The names the index and the values read, but those of variables
    /// never reassigned.
    pub(super) reads: HashSet<String>,
    /// The names of the memory written: the shadow, or a stencil partial.
    pub(super) writes: HashSet<String>,
}

/// A loop whose adjoint is being emitted.
pub(super) struct Frame {
    /// The variables the loop assigns (see `hoist::assigned_in`).
    pub(super) varying: HashSet<VarId>,
    /// The parallel closures around the loop.
    pub(super) par_depth: usize,
    /// The reciprocals to declare in front of the loop: the divisor, the
    /// name, the divisor as emitted.
    pub(super) recips: Vec<(Expr, Ident, E)>,
}
