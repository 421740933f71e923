//! What the reverse generator's optimisations keep while the sweeps are
//! emitted (stencil partials, hoisted accumulators, merged additions,
//! reciprocals), as tables the generator's state holds.

use crate::codegen::emit::E;
use crate::ir::*;
use proc_macro2::TokenStream;
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};
use syn::Ident;

/// What the stencil strategy keeps while the reverse sweep is emitted.
#[derive(Default)]
pub(super) struct Stencils {
    /// How many serial loops' adjoints enclose the code being emitted.
    pub(super) loops: usize,
    /// Declarations of partial buffers, made once in front of the outermost
    /// of those loops.
    pub hoisted: Vec<TokenStream>,
    /// Counts the statements whose adjoints are emitted: writes of one
    /// statement's adjoint see the same values of every variable.
    pub(super) site: usize,
    /// Inside [`RevGen::shared_partials`]: its two emissions of the loop.
    pub(super) passes: bool,
    /// Per access (buffer, index as emitted): its offset (as emitted) and
    /// the owned element it writes, for the trial's log.
    pub(super) keys: HashMap<(VarId, String), (String, String)>,
    /// During the trial emission: every write into a partial, in order.
    pub(super) log: RefCell<Option<Vec<Logged>>>,
    /// For the second emission, per buffer: the group of each offset (as
    /// emitted) that shares a partial with another.
    pub(super) shared: HashMap<VarId, HashMap<String, usize>>,
    /// Accesses whose writes are left out: another offset of their group
    /// writes the same numbers into the shared partial.
    pub skipped: HashSet<(VarId, String)>,
}

/// A write into a partial, seen in the trial emission.
pub(super) struct Logged {
    pub(super) buffer: VarId,
    pub(super) offset: String,
    pub(super) site: usize,
    /// The statement without its target (`+= g_3;`).
    pub(super) value: String,
    pub(super) owned: String,
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
    /// The buffer, and the place as emitted.
    pub(super) key: (VarId, String),
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
    /// The reciprocals to declare in front of the loop: the divisor as
    /// emitted, the name, the divisor.
    pub(super) recips: Vec<(String, Ident, E)>,
}
