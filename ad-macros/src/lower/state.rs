//! The state of the lowering, which every file of it shares: the
//! `Lowerer`, what names in scope stand for, views into buffers.

use super::arith::plus;
use crate::diag::Diag;
use crate::ir::*;
use proc_macro2::Span;
use std::collections::{HashMap, HashSet};
use syn::Ident;

/// What a name in scope stands for.
#[derive(Clone)]
pub(crate) enum Binding {
    Var(VarId),
    /// An alias of a location: the element an `iter()`/`iter_mut()` loop visits.
    Place(Place),
    /// A value computed from loop counters (an `enumerate` index, a range element).
    Value(Expr),
    /// A slice: a whole buffer, a chunk or window of one, `&x[a..b]`.
    View(View),
    /// A tuple bound as a whole (`let t = (a, b)`; `|(i, x)|` before destructuring).
    Tuple(Vec<Binding>),
    /// An MPI process (`world.process_at_rank(r)`): its communicator and
    /// rank (`None` for `any_process()`).
    Process {
        comm: VarId,
        rank: Option<Expr>,
    },
    /// The scope of `mpi::request::scope(|scope| ..)`, which immediate
    /// operations name.
    RequestScope,
    /// A closure stored in a variable, inlined at its calls (see `closure`).
    Closure(std::rc::Rc<Closure>),
}

/// A slice of a buffer place: elements `off .. off + len`, where no `off`
/// means the view starts at element 0 (`&x[..m]`, or all of `x`).
#[derive(Clone)]
pub(crate) struct View {
    pub place: Place,
    pub off: Option<Expr>,
    pub len: Expr,
    /// Bound from a mutable borrow (`let r = &mut w;`, `split_at_mut`): a
    /// call may write through it.
    pub mutable: bool,
}

impl View {
    pub fn whole(place: Place, span: Span) -> View {
        View { len: Expr::new(ExprKind::Len(place.clone()), span), place, off: None, mutable: false }
    }
    /// The place of element `i` of the view.
    pub fn elem(&self, i: Expr) -> Place {
        let span = i.span;
        let idx = match &self.off {
            None => i,
            Some(off) if i.is_lit_int(0) => off.clone(),
            Some(off) => Expr::binary(BinOp::Add, off.clone(), i, span),
        };
        self.place.index(idx)
    }
    /// Whether the view is all of its buffer: it starts at 0 and its length
    /// is the buffer's (`x`, `&x[..]`, `&x[..x.len()]`).
    pub fn is_whole(&self) -> bool {
        self.off.is_none() && matches!(&self.len.kind, ExprKind::Len(p) if same_place(p, &self.place))
    }
    /// The view as a call argument or a copy source: the whole buffer, or
    /// the range `off..off + len` (`0..len` for `&x[..m]`).
    pub fn to_arg(&self, mutable: bool) -> BufArg {
        let range = match &self.off {
            None if self.is_whole() => None,
            None => Some((Expr::int(0, self.len.span), self.len.clone())),
            Some(off) => {
                let span = off.span;
                let hi = match &self.len.kind {
                    // `&x[lo..hi]` has the length `hi - lo`: it ends at `hi`.
                    ExprKind::Binary(BinOp::Sub, hi, lo) if same_expr(lo, off) => (**hi).clone(),
                    _ => plus(off, &self.len, span),
                };
                Some((off.clone(), hi))
            }
        };
        BufArg { place: self.place.clone(), range, mutable, nograd: false, one: false }
    }
}

/// Whether two places are the same location: the same variable and fields.
/// Places with index projections are taken to differ (the answer may only
/// err towards "different").
fn same_place(a: &Place, b: &Place) -> bool {
    a.base == b.base
        && a.proj.len() == b.proj.len()
        && a.proj.iter().zip(&b.proj).all(|(p, q)| matches!((p, q), (Proj::Field(m), Proj::Field(n)) if m == n))
}

pub(crate) struct LoopCtx {
    pub brk: Option<VarId>,
    pub cont: Option<VarId>,
    pub label: Option<String>,
    /// The variable a `loop` in value position (`let r = loop { .. }`)
    /// holds its value in: `break v` assigns it.
    pub value: Option<VarId>,
}

pub(crate) struct Lowerer<'d> {
    pub diag: &'d Diag,
    pub vars: IdVec<VarId, Var>,
    pub(super) scopes: Vec<HashMap<String, Binding>>,
    pub(super) used_names: HashSet<String>,
    pub(super) out: Vec<Vec<Stmt>>,
    /// The number of statements emitted so far: the next one's id.
    pub(super) next_id: usize,
    pub ret: Option<VarId>,
    pub returned: Option<VarId>,
    pub loops: Vec<LoopCtx>,
    /// The value variable of the `loop` about to be lowered (see `LoopCtx`).
    pub(super) loop_value: Option<VarId>,
    /// The variables whose fields are places: parameters that are
    /// references to structs, and values (parameters and locals).
    pub(super) struct_params: HashSet<VarId>,
    /// The values among them (`a: V3`, value locals).
    pub(super) value_params: Vec<VarId>,
    /// Those of them that are differentiated (see `ParamKind::Value`).
    pub(super) diff_values: HashSet<VarId>,
    /// The differentiated values no request asked for (parameters a caller
    /// may pass a derivative in, and their copies), by the parameter they
    /// come from: a use that cannot be differentiated makes that parameter
    /// and its copies constant data instead of an error.
    pub(super) soft_values: HashMap<VarId, VarId>,
    /// Parameters that are MPI communicators.
    pub(super) comm_params: HashSet<VarId>,
    /// The requests of immediate MPI operations, by variable.
    pub(super) requests: HashMap<VarId, Request>,
    /// The checkpointed loops, by statement id.
    pub(super) checkpoints: HashMap<StmtId, Checkpoint>,
    pub(super) buf_vars: HashSet<VarId>,
    /// Names of call results the statements after the call use as buffers
    /// (see `results`), until their `let` is lowered.
    pub(super) vec_results: HashSet<String>,
    /// Local buffers known to be `Vec`s, not arrays: a whole one assigned
    /// another is moved from it (see `lower_buffer_assign`).
    pub(super) vecs: HashSet<VarId>,
    /// The element types of local buffers of values written without a
    /// type (`let v = vec![a, b];`).
    pub(super) value_elems: HashMap<VarId, syn::Type>,
    /// The range `lo..hi` each counted loop's counter stays in.
    pub(super) counter_ranges: HashMap<VarId, (Expr, Expr)>,
    /// Buffers asserted to have the length of another (`assert_eq!`), each
    /// to one closer to the representative of its class.
    pub(super) equal_lengths: HashMap<VarId, VarId>,
    /// Whether statements are being lowered at the top of the function body.
    pub fn_level: bool,
    /// Whether the function returns a value type (see `docs/values.md`).
    pub(super) value_result: bool,
    /// Whether the next block's tail is a whole value (a branch of an `if`
    /// or `match` computing a value local); taken by `lower_stmts`.
    pub(super) value_tail: bool,
    /// The type a `let` names for the value an operator computes
    /// (`let d: V3 = ps[i].pos - ps[j].pos;`): its operands that are
    /// places are values of that type.
    pub(super) value_hint: Option<syn::Type>,
    /// The start and length variables of views a `let mut` binds, which
    /// later assignments may rebind to other ranges of the same buffer.
    pub(super) rebindable: HashSet<VarId>,
    /// While lowering `let (a, b) = if ...`: the variables a branch's tuple
    /// value is assigned to.
    pub tuple_dest: Option<Vec<VarId>>,
    /// While lowering the source of a `for` loop of `spawn`s in a `rayon::scope`:
    /// serial sources (`iter_mut`, `chunks_mut`, ranges) are read as rayon's.
    pub(super) par_sources: bool,
}

impl<'d> Lowerer<'d> {
    pub(super) fn new(diag: &'d Diag) -> Self {
        Lowerer {
            diag,
            vars: IdVec::new(),
            scopes: vec![HashMap::new()],
            used_names: HashSet::new(),
            out: vec![Vec::new()],
            next_id: 0,
            ret: None,
            returned: None,
            loops: Vec::new(),
            loop_value: None,
            struct_params: HashSet::new(),
            value_params: Vec::new(),
            diff_values: HashSet::new(),
            soft_values: HashMap::new(),
            comm_params: HashSet::new(),
            requests: HashMap::new(),
            buf_vars: HashSet::new(),
            vec_results: HashSet::new(),
            vecs: HashSet::new(),
            value_elems: HashMap::new(),
            counter_ranges: HashMap::new(),
            equal_lengths: HashMap::new(),
            fn_level: true,
            value_result: false,
            value_tail: false,
            value_hint: None,
            rebindable: HashSet::new(),
            tuple_dest: None,
            par_sources: false,
            checkpoints: HashMap::new(),
        }
    }

    /// A fresh variable whose name is `base` if that is free in the function,
    /// else `base_2`, `base_3`, ...
    pub fn new_var(&mut self, base: &str, span: Span, origin: VarOrigin, annot: Option<syn::Type>) -> VarId {
        let base = base.trim_start_matches("r#");
        let mut name = base.to_string();
        let mut k = 2;
        while self.used_names.contains(&name) || RESERVED.contains(&name.as_str()) {
            name = format!("{base}_{k}");
            k += 1;
        }
        self.used_names.insert(name.clone());
        self.vars.push(Var { name: crate::names::ident(&name, span), span, origin, annot })
    }

    /// Binds a user name in the current scope to a new variable.
    pub fn bind_new(&mut self, ident: &Ident, annot: Option<syn::Type>) -> VarId {
        let v = self.new_var(&ident.to_string(), ident.span(), VarOrigin::Local, annot);
        self.bind(ident, Binding::Var(v));
        v
    }

    pub fn bind(&mut self, ident: &Ident, b: Binding) {
        self.scopes.last_mut().unwrap().insert(ident.to_string(), b);
    }

    pub fn lookup(&self, name: &str) -> Option<&Binding> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    pub fn is_struct_var(&self, v: VarId) -> bool {
        self.struct_params.contains(&v)
    }

    /// Whether `v` is a parameter of a user type taken by value (`a: V3`).
    pub fn is_value_var(&self, v: VarId) -> bool {
        self.value_params.contains(&v)
    }

    /// Whether `v` is a differentiated value.
    pub fn is_diff_value(&self, v: VarId) -> bool {
        self.diff_values.contains(&v)
    }

    /// Makes `v` a variable of a value type, its fields places.
    pub fn mark_value(&mut self, v: VarId, differentiated: bool) {
        self.struct_params.insert(v);
        self.value_params.push(v);
        if differentiated {
            self.diff_values.insert(v);
        }
    }

    /// Makes the value `v` constant data, with every value copied from the
    /// same parameter, where no request asked for its derivative; `false`
    /// where one did.
    pub fn demote_value(&mut self, v: VarId) -> bool {
        let Some(&root) = self.soft_values.get(&v) else { return false };
        let group: Vec<VarId> = self.soft_values.iter().filter(|(_, r)| **r == root).map(|(v, _)| *v).collect();
        for w in group {
            self.diff_values.remove(&w);
            self.soft_values.remove(&w);
        }
        true
    }

    /// Makes the buffer `v` a buffer of values, its elements' fields places.
    pub fn mark_value_buffer(&mut self, v: VarId) {
        self.struct_params.insert(v);
    }

    /// Whether `v` is a buffer of values (see `mark_value_buffer`).
    pub fn is_value_buffer(&self, v: VarId) -> bool {
        self.is_struct_var(v) && self.is_buf_var(v)
    }

    pub fn is_buf_var(&self, v: VarId) -> bool {
        self.buf_vars.contains(&v)
    }

    pub fn mark_buf(&mut self, v: VarId) {
        self.buf_vars.insert(v);
    }

    /// A buffer known to be a `Vec`, not an array (see `vecs`).
    pub fn mark_vec(&mut self, v: VarId) {
        self.buf_vars.insert(v);
        self.vecs.insert(v);
    }

    pub fn push_scope(&mut self) {
        self.scopes.push(HashMap::new());
    }

    pub fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    pub fn emit(&mut self, kind: StmtKind, span: Span) {
        if let StmtKind::Let { var, init: Init::VecFill { .. } | Init::VecLit(_) | Init::WithCapacity(_) } = &kind {
            self.vecs.insert(*var);
        }
        let id = StmtId::from_index(self.next_id);
        self.next_id += 1;
        self.out.last_mut().unwrap().push(Stmt { id, kind, span });
    }

    /// Lowers what `f` emits into a separate block, in a new scope.
    pub fn block<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> (Block, R) {
        self.out.push(Vec::new());
        self.scopes.push(HashMap::new());
        let fn_level = std::mem::replace(&mut self.fn_level, false);
        let r = f(self);
        self.fn_level = fn_level;
        self.scopes.pop();
        let stmts = self.out.pop().unwrap();
        (Block::new(stmts), r)
    }

    /// Gives the local `v` the type `ty` where the user wrote none: a type
    /// that Rust infers from the user's code (`f64::sqrt(s)`, `fold(0.0,
    /// |acc: f64, x| ..)`) but not from the generated code.
    pub fn annotate(&mut self, v: VarId, ty: syn::Type) {
        let var = &mut self.vars[v];
        if var.annot.is_none() && matches!(var.origin, VarOrigin::Local | VarOrigin::Temp) {
            var.annot = Some(ty);
        }
    }

    /// `let tmp = <init>;` for a value the lowering needs to name.
    pub fn temp(&mut self, base: &str, init: Init, span: Span) -> VarId {
        let v = self.new_var(base, span, VarOrigin::Temp, None);
        self.emit(StmtKind::Let { var: v, init }, span);
        v
    }
}

/// Names the generated code uses for its own purposes.
pub(super) const RESERVED: &[&str] = &["seed", "reverse", "primal", "tape", "self", "crate", "super", "Self"];

/// A closure and the names in scope where it was written.
pub(crate) struct Closure {
    pub(super) def: syn::ExprClosure,
    pub(super) scopes: Vec<HashMap<String, Binding>>,
}

/// An immediate operation's request: what its wait completes.
pub(crate) struct Request {
    pub(super) send: bool,
    pub(super) comm: VarId,
    pub(super) buf: MpiBuf,
    /// The block (depth of the lowering's output) it was made in.
    pub(super) depth: usize,
    pub(super) waited: bool,
    pub(super) span: proc_macro2::Span,
}
