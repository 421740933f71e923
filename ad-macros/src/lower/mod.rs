//! Lowering: `syn` function body -> IR.
//!
//! Names are resolved here (shadowed bindings get unique names), iterator
//! chains become counted loops, calls are hoisted into statements, and
//! `break` / `continue` / `return` become flags guarding the rest of their
//! block, so that every IR block runs to its end.

mod bounds;
mod checkpoint;
mod closure;
mod control;
mod expr;
mod iter;
mod methods;
mod mpi;
mod par;
mod results;
mod stmt;
mod tasks;

use crate::diag::Diag;
use crate::ir::*;
use crate::parse::{ParamKind, Signature};
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
    Closure(std::rc::Rc<closure::Closure>),
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
                    _ => bounds::plus(off, &self.len, span),
                };
                Some((off.clone(), hi))
            }
        };
        BufArg { place: self.place.clone(), range, mutable, nograd: false }
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
}

pub(crate) struct Lowerer<'d> {
    pub diag: &'d Diag,
    pub vars: Vec<Var>,
    scopes: Vec<HashMap<String, Binding>>,
    used_names: HashSet<String>,
    out: Vec<Vec<Stmt>>,
    next_id: StmtId,
    pub ret: Option<VarId>,
    pub returned: Option<VarId>,
    pub loops: Vec<LoopCtx>,
    /// Parameters that are references to structs.
    struct_params: HashSet<VarId>,
    /// Parameters that are MPI communicators.
    comm_params: HashSet<VarId>,
    /// The requests of immediate MPI operations, by variable.
    requests: HashMap<VarId, mpi::Request>,
    /// The checkpointed loops, by statement id.
    checkpoints: HashMap<StmtId, Checkpoint>,
    buf_vars: HashSet<VarId>,
    /// Names of call results the statements after the call use as buffers
    /// (see `results`), until their `let` is lowered.
    vec_results: HashSet<String>,
    /// Local buffers known to be `Vec`s, not arrays: a whole one assigned
    /// another is moved from it (see `lower_buffer_assign`).
    vecs: HashSet<VarId>,
    /// The range `lo..hi` each counted loop's counter stays in.
    counter_ranges: HashMap<VarId, (Expr, Expr)>,
    /// Buffers asserted to have the length of another (`assert_eq!`), each
    /// to one closer to the representative of its class.
    equal_lengths: HashMap<VarId, VarId>,
    /// Whether statements are being lowered at the top of the function body.
    pub fn_level: bool,
    /// While lowering `let (a, b) = if ...`: the variables a branch's tuple
    /// value is assigned to.
    pub tuple_dest: Option<Vec<VarId>>,
    /// While lowering the source of a `for` loop of `spawn`s in a `rayon::scope`:
    /// serial sources (`iter_mut`, `chunks_mut`, ranges) are read as rayon's.
    par_sources: bool,
}

impl<'d> Lowerer<'d> {
    fn new(diag: &'d Diag) -> Self {
        Lowerer {
            diag,
            vars: Vec::new(),
            scopes: vec![HashMap::new()],
            used_names: HashSet::new(),
            out: vec![Vec::new()],
            next_id: 0,
            ret: None,
            returned: None,
            loops: Vec::new(),
            struct_params: HashSet::new(),
            comm_params: HashSet::new(),
            requests: HashMap::new(),
            buf_vars: HashSet::new(),
            vec_results: HashSet::new(),
            vecs: HashSet::new(),
            counter_ranges: HashMap::new(),
            equal_lengths: HashMap::new(),
            fn_level: true,
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
        self.vars.push(Var { name: crate::names::ident(&name, span), span, origin, annot });
        self.vars.len() - 1
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
        let id = self.next_id;
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
const RESERVED: &[&str] = &["seed", "reverse", "primal", "tape", "self", "crate", "super", "Self"];

/// Lowers a whole function. Errors go to `diag`; the result is meaningful only
/// when none were reported.
pub fn lower_fn(func: &syn::ItemFn, sig: &Signature, diag: &Diag) -> Function {
    let mut l = Lowerer::new(diag);
    // Names the generated code derives from parameters (shadows, tangents)
    // must not be taken by locals.
    for p in &sig.params {
        for prefix in ["", "d", "t", "d_", "t_"] {
            l.used_names.insert(format!("{prefix}{}", p.name));
        }
    }
    let mut params = Vec::new();
    for (i, p) in sig.params.iter().enumerate() {
        let v = l.vars.len();
        l.vars.push(Var {
            name: p.name.clone(),
            span: p.name.span(),
            origin: VarOrigin::Param(i),
            annot: Some(p.ty.clone()),
        });
        match p.kind {
            ParamKind::Struct { .. } => {
                l.struct_params.insert(v);
            }
            ParamKind::FloatBuf { .. } | ParamKind::InactiveBuf { .. } => {
                l.buf_vars.insert(v);
            }
            ParamKind::Comm => {
                l.comm_params.insert(v);
            }
            _ => {}
        }
        l.bind(&p.name, Binding::Var(v));
        params.push(v);
    }
    match &sig.ret {
        ParamKind::Tuple(parts) => return lower_tuple_fn(l, func, parts, params, diag),
        ParamKind::FloatVec(_) => return lower_vec_fn(l, func, sig, params, diag),
        _ => {}
    }
    let returns_value = !matches!(sig.ret, ParamKind::Unit);
    let has_return = control::contains_return_not_tail(&func.block);
    if returns_value && has_return {
        let r = l.new_var("ret", Span::call_site(), VarOrigin::Temp, sig.ret_ty.clone());
        l.emit(
            StmtKind::Let { var: r, init: Init::Expr(Expr::new(ExprKind::Zero, Span::call_site())) },
            Span::call_site(),
        );
        l.ret = Some(r);
    }
    if has_return {
        let f = l.new_var("returned", Span::call_site(), VarOrigin::Temp, None);
        l.emit(StmtKind::Let { var: f, init: Init::Expr(Expr::bool(false, Span::call_site())) }, Span::call_site());
        l.returned = Some(f);
    }
    let tail = l.lower_stmts(&func.block.stmts);
    let mut ret = l.ret;
    if let Some(tail) = tail {
        if returns_value {
            match l.ret {
                Some(r) => {
                    let span = tail.span;
                    l.emit(StmtKind::Assign { place: Place::var(r), op: AssignOp::Set, value: tail }, span);
                }
                None => {
                    let span = tail.span;
                    let r = l.temp("ret", Init::Expr(tail), span);
                    l.vars[r].annot = sig.ret_ty.clone();
                    ret = Some(r);
                }
            }
        }
    } else if returns_value && l.ret.is_none() && !diag.has_errors() {
        diag.error(func.sig.output_span(), "the function must end in the value it returns");
    }
    finish(l, params, ret, Vec::new(), diag)
}

/// The lowered body as a function, its placement rules checked.
fn finish(mut l: Lowerer, params: Vec<VarId>, ret: Option<VarId>, ret_parts: Vec<VarId>, diag: &Diag) -> Function {
    let mut body = Block::new(l.out.pop().unwrap());
    mpi::check_placement(&body, false, diag);
    checkpoint::check_placement(&body, &l.checkpoints, None, diag);
    let mut block_count = 0;
    number_blocks(&mut body, &mut block_count);
    Function {
        vars: l.vars,
        params,
        body,
        ret,
        ret_parts,
        stmt_count: l.next_id,
        block_count,
        checkpoints: l.checkpoints,
    }
}

/// A function returning `Vec<F>`: it ends in a local vector, which becomes
/// the result, or in an expression making one (`vec![..]`, `collect()`),
/// bound first to a local `ret`.
fn lower_vec_fn(mut l: Lowerer, func: &syn::ItemFn, sig: &Signature, params: Vec<VarId>, diag: &Diag) -> Function {
    use syn::spanned::Spanned;
    if control::contains_return_not_tail(&func.block) {
        diag.error(
            func.sig.output_span(),
            "an early `return` in a function returning a `Vec` is not supported: end the function in the vector",
        );
        return finish(l, params, None, Vec::new(), diag);
    }
    let stmts = &func.block.stmts;
    let (init, last) = split_tail(stmts);
    let mut body = init.to_vec();
    let tail: syn::Expr = match last.map(crate::syntax::strip_parens) {
        Some(e @ syn::Expr::Path(p)) if p.path.get_ident().is_some() => e.clone(),
        Some(e) => {
            let ty = &sig.ret_ty;
            body.push(syn::parse_quote_spanned!(e.span()=> let ret: #ty = #e;));
            syn::parse_quote!(ret)
        }
        None => syn::parse_quote!(()),
    };
    body.push(syn::Stmt::Expr(tail, None));
    let ret = match l.lower_stmts(&body).map(|e| e.kind) {
        Some(ExprKind::Read(p))
            if p.is_var() && matches!(l.vars[p.base].origin, VarOrigin::Local | VarOrigin::Temp) =>
        {
            // A call's result returned as it is (`let h = f(x); h`) is known
            // to be a vector only here.
            if let Some(ty) = &sig.ret_ty {
                l.annotate(p.base, ty.clone());
            }
            Some(p.base)
        }
        _ => {
            if !diag.has_errors() {
                diag.error(
                    func.sig.output_span(),
                    "a function returning a `Vec` must end in a local vector (`h`) or in an expression making \
                     one (`vec![..]`, `x.to_vec()`, `collect()`)",
                );
            }
            None
        }
    };
    finish(l, params, ret, Vec::new(), diag)
}

/// The statements before the value a body ends in (a tail expression or
/// a final `return`), and that value.
fn split_tail(stmts: &[syn::Stmt]) -> (&[syn::Stmt], Option<&syn::Expr>) {
    match stmts.split_last() {
        Some((syn::Stmt::Expr(e, None), init)) => (init, Some(e)),
        Some((syn::Stmt::Expr(syn::Expr::Return(r), _), init)) => (init, r.expr.as_deref()),
        _ => (stmts, None),
    }
}

/// A function returning a tuple: its body ends in a tuple expression (or a
/// tuple variable), whose elements become the variables `ret_0`, `ret_1`, ...
fn lower_tuple_fn(
    mut l: Lowerer,
    func: &syn::ItemFn,
    parts: &[ParamKind],
    params: Vec<VarId>,
    diag: &Diag,
) -> Function {
    use syn::spanned::Spanned;
    let stmts = &func.block.stmts;
    if control::contains_return_not_tail(&func.block) {
        diag.error(func.sig.output_span(), "an early `return` in a function returning a tuple is not supported");
    }
    let (init, last) = split_tail(stmts);
    let tail = l.lower_stmts(init);
    let elems: Vec<Expr> = match last.map(crate::syntax::strip_parens) {
        Some(syn::Expr::Tuple(t)) if t.elems.len() == parts.len() => {
            t.elems.iter().map(|e| l.lower_value(e, None)).collect()
        }
        Some(e @ syn::Expr::Path(_)) => match l.lower_tuple_binding(e) {
            Some(bs) if bs.len() == parts.len() => bs.iter().map(|b| l.binding_value(b, e.span())).collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    if elems.len() != parts.len() || tail.is_some() {
        diag.error(
            func.sig.output_span(),
            "a function returning a tuple must end in a tuple `(a, b, ...)` of that length",
        );
    }
    let ret_tys: Vec<Option<syn::Type>> = match &func.sig.output {
        syn::ReturnType::Type(_, ty) => match &**ty {
            syn::Type::Tuple(t) => t.elems.iter().map(|e| Some(e.clone())).collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    let mut ret_parts = Vec::new();
    for (k, e) in elems.into_iter().enumerate() {
        let span = e.span;
        let r = l.temp(&format!("ret_{k}"), Init::Expr(e), span);
        l.vars[r].annot = ret_tys.get(k).cloned().flatten();
        ret_parts.push(r);
    }
    finish(l, params, None, ret_parts, diag)
}

trait OutputSpan {
    fn output_span(&self) -> Span;
}

impl OutputSpan for syn::Signature {
    fn output_span(&self) -> Span {
        use syn::spanned::Spanned;
        match &self.output {
            syn::ReturnType::Default => self.ident.span(),
            syn::ReturnType::Type(_, t) => t.span(),
        }
    }
}
