//! `rayon::join` and `rayon::scope`. Tasks lower to the iterations of a
//! parallel loop, one per task, so they share the chunked forward and adjoint
//! sweeps of rayon's iterators, and their determinism.
//!
//! `let (a, b) = join(|| f(l), || g(r))` becomes a loop over `task in 0..2`
//! whose body is `if task == 0 { a += f(l) } else { b += g(r) }`, with `a`
//! and `b` starting at zero: each result is a sum of one term. A buffer the
//! two tasks pass on in two parts (`x.split_at(mid)`, or `&x[..mid]` and
//! `&x[mid..]`) is split between them at the cut. In a `scope`, a `for` loop
//! whose body ends in `s.spawn(..)` is a parallel loop over the same
//! elements, and a run of `s.spawn(..)` statements is a set of tasks.

use super::state::{Binding, Lowerer, View};
use crate::ir::for_each_expr;
use crate::ir::*;
use crate::syntax::strip_parens;
use proc_macro2::Span;
use std::collections::{HashMap, HashSet};
use syn::spanned::Spanned;

/// `rayon::join(|| .., || ..)` (or `join` imported from rayon).
pub(crate) fn is_join(c: &syn::ExprCall) -> bool {
    rayon_fn(c) == Some("join") && c.args.len() == 2 && c.args.iter().all(|a| closure_of(a, 0).is_some())
}

/// `rayon::scope(|s| ..)` (or `scope` imported from rayon).
pub(crate) fn is_scope(c: &syn::ExprCall) -> bool {
    rayon_fn(c) == Some("scope") && c.args.len() == 1 && closure_of(&c.args[0], 1).is_some()
}

fn rayon_fn(c: &syn::ExprCall) -> Option<&'static str> {
    let syn::Expr::Path(p) = strip_parens(&c.func) else { return None };
    let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
    let name = match segs.as_slice() {
        [n] => n,
        [r, n] if r == "rayon" => n,
        _ => return None,
    };
    ["join", "scope"].into_iter().find(|k| k == name)
}

fn closure_of(e: &syn::Expr, inputs: usize) -> Option<&syn::ExprClosure> {
    match strip_parens(e) {
        syn::Expr::Closure(c) if c.inputs.len() == inputs => Some(c),
        _ => None,
    }
}

/// `s.spawn(|_| ..)` for the scope handle `s`: the closure.
fn spawned<'a>(s: &'a syn::Stmt, handle: &str) -> Option<&'a syn::ExprClosure> {
    let syn::Stmt::Expr(syn::Expr::MethodCall(m), _) = s else { return None };
    let is_handle = matches!(strip_parens(&m.receiver), syn::Expr::Path(p) if p.path.is_ident(handle));
    if m.method != "spawn" || !is_handle || m.args.len() != 1 {
        return None;
    }
    closure_of(&m.args[0], 1)
}

/// Whether a statement uses the scope handle (in a way not supported).
fn mentions(s: &syn::Stmt, handle: &str) -> bool {
    fn walk(ts: proc_macro2::TokenStream, handle: &str) -> bool {
        ts.into_iter().any(|tt| match tt {
            proc_macro2::TokenTree::Ident(i) => i == handle,
            proc_macro2::TokenTree::Group(g) => walk(g.stream(), handle),
            _ => false,
        })
    }
    !handle.is_empty() && walk(quote::quote!(#s), handle)
}

/// A sub-slice a task passes on or copies: `lo..hi` of the buffer.
struct Part {
    lo: Expr,
    hi: Expr,
    mutable: bool,
}

impl Lowerer<'_> {
    /// `rayon::join(|| A, || B)`, its results bound to `names` (none when
    /// it is a statement; `None` for `_`).
    pub(super) fn lower_join(&mut self, c: &syn::ExprCall, names: &[(Option<syn::Ident>, Option<syn::Type>)]) {
        let span = c.span();
        let mut tasks = Vec::new();
        let mut results = Vec::new();
        for (k, arg) in c.args.iter().enumerate() {
            let Some(closure) = closure_of(arg, 0) else { continue };
            let dest = match names.get(k) {
                Some((Some(n), ty)) => {
                    let v = self.new_var(&n.to_string(), n.span(), VarOrigin::Local, ty.clone());
                    self.emit(StmtKind::Let { var: v, init: Init::Expr(Expr::new(ExprKind::Zero, span)) }, n.span());
                    results.push((n.clone(), v));
                    Some(v)
                }
                _ => None,
            };
            if let syn::Expr::Block(b) = strip_parens(&closure.body) {
                if super::control::jumps_block(&b.block, None).ret {
                    self.diag.error(b.span(), "`return` inside a task of `rayon::join` is not supported");
                }
            }
            let (task, ()) = self.block(|l| match dest {
                Some(v) => {
                    let value = l.lower_value(&closure.body, None);
                    l.emit(StmtKind::Assign { place: Place::var(v), op: AssignOp::Add, value }, closure.body.span());
                }
                None => l.closure_body_stmt(&closure.body),
            });
            tasks.push(task);
        }
        self.task_loop(tasks, span);
        for (n, v) in results {
            self.bind(&n, Binding::Var(v));
        }
    }

    /// `rayon::scope(|s| { .. })` as a statement.
    pub(super) fn lower_scope(&mut self, c: &syn::ExprCall) {
        let span = c.span();
        let Some(closure) = closure_of(&c.args[0], 1) else { return };
        let handle = match &closure.inputs[0] {
            syn::Pat::Ident(pi) => pi.ident.to_string(),
            _ => String::new(),
        };
        let stmts = match strip_parens(&closure.body) {
            syn::Expr::Block(b) => b.block.stmts.clone(),
            other => vec![syn::Stmt::Expr(other.clone(), Some(Default::default()))],
        };
        let (body, ()) = self.block(|l| {
            let mut pending = Vec::new();
            for s in &stmts {
                if super::control::jumps_stmt(s, None).any() {
                    l.diag.error(
                        s.span(),
                        "`return`, `break` and `continue` directly in a `rayon::scope` are not supported",
                    );
                    continue;
                }
                if let Some(task) = spawned(s, &handle) {
                    let (blk, ()) = l.block(|l| l.closure_body_stmt(&task.body));
                    pending.push(blk);
                    continue;
                }
                l.flush_tasks(&mut pending, span);
                match s {
                    syn::Stmt::Expr(syn::Expr::ForLoop(f), _)
                        if f.body.stmts.last().is_some_and(|t| spawned(t, &handle).is_some()) =>
                    {
                        l.lower_for_in(f, Some(&handle));
                    }
                    _ if mentions(s, &handle) => l.diag.error(
                        s.span(),
                        "in a `rayon::scope`, `spawn` is supported as a statement of the scope's body, or as the last \
                         statement of a `for` loop directly in it (one task per element)",
                    ),
                    _ => l.lower_stmt(s),
                }
            }
            l.flush_tasks(&mut pending, span);
        });
        self.out.last_mut().unwrap().extend(body.stmts);
    }

    fn flush_tasks(&mut self, pending: &mut Vec<Block>, span: Span) {
        if !pending.is_empty() {
            let tasks = std::mem::take(pending);
            self.task_loop(tasks, span);
        }
    }

    /// The body of a `for` loop that ends in `s.spawn(|_| ..)`: the
    /// statements before the spawn, then the spawned closure's body.
    pub(super) fn spawn_loop_body(&mut self, body: &syn::Block, handle: &str) {
        let Some((last, before)) = body.stmts.split_last() else { return };
        if super::control::jumps_block(body, None).any() {
            self.diag.error(body.span(), "`break` and `continue` in a loop of `spawn`s are not supported");
        }
        let tail = self.lower_stmts(before);
        drop(tail);
        if let Some(task) = spawned(last, handle) {
            self.closure_body_stmt(&task.body);
        }
    }

    /// `let (l, r) = x.split_at(mid)` (or `split_at_mut`): two views.
    pub(super) fn lower_split_at(&mut self, m: &syn::ExprMethodCall, names: &[Option<syn::Ident>]) {
        let span = m.span();
        if m.args.len() != 1 || names.len() != 2 {
            self.diag.error(span, "`split_at` takes one index and gives two slices");
            return;
        }
        let Some(view) = self.lower_view(&m.receiver) else { return };
        let mid = self.lower_expr(&m.args[0]);
        let mid = self.pin(mid, "mid", span);
        let right_off = match &view.off {
            None => mid.clone(),
            Some(off) => Expr::binary(BinOp::Add, off.clone(), mid.clone(), span),
        };
        let mutable = m.method == "split_at_mut";
        let left = View { place: view.place.clone(), off: view.off.clone(), len: mid.clone(), mutable };
        let right_len = self.pin(Expr::binary(BinOp::Sub, view.len, mid.clone(), span), "len", span);
        let right = View { place: view.place, off: Some(right_off), len: right_len, mutable };
        for (name, part) in names.iter().zip([left, right]) {
            if let Some(name) = name {
                self.bind(name, Binding::View(part));
            }
        }
    }

    /// One parallel iteration per task:
    /// `for task in 0..n { if task == 0 { .. } else if task == 1 { .. } .. }`.
    fn task_loop(&mut self, tasks: Vec<Block>, span: Span) {
        let n = tasks.len();
        let task = self.new_var("task", span, VarOrigin::LoopIndex, None);
        let splits = match tasks.as_slice() {
            [a, b] => self.cut_splits(a, b, span),
            _ => Vec::new(),
        };
        let mut body: Option<Block> = None;
        for (k, blk) in tasks.into_iter().enumerate().rev() {
            body = Some(match body {
                None => blk,
                Some(else_blk) => {
                    let cond = Expr::binary(BinOp::Eq, Expr::var(task, span), Expr::int(k, span), span);
                    Block::new(vec![self.stmt(StmtKind::If { cond, then_blk: blk, else_blk }, span)])
                }
            });
        }
        let body = body.unwrap_or_else(|| Block::new(Vec::new()));
        let (lo, hi) = (Expr::int(0, span), Expr::int(n, span));
        let par = Some(ParLoop { splits });
        self.emit(StmtKind::For { index: task, lo, hi, step: None, rev: false, body, par }, span);
    }

    /// The outer buffers two tasks pass on in two parts, split at the cut:
    /// every sub-slice of the first ends where every sub-slice of the second
    /// starts. A buffer only one task uses goes to that task whole. Any other
    /// access (an element, a sub-slice elsewhere) leaves the buffer unsplit.
    fn cut_splits(&self, a: &Block, b: &Block, span: Span) -> Vec<Split> {
        let (ua, ub) = (self.task_parts(a), self.task_parts(b));
        let mut vars: Vec<VarId> = ua.keys().chain(ub.keys()).copied().collect();
        vars.sort_unstable();
        vars.dedup();
        let mut out = Vec::new();
        for v in vars {
            let (pa, pb) = (ua.get(&v), ub.get(&v));
            if matches!(pa, Some(None)) || matches!(pb, Some(None)) {
                continue;
            }
            let none = Vec::new();
            let (pa, pb) = (pa.and_then(Option::as_ref).unwrap_or(&none), pb.and_then(Option::as_ref).unwrap_or(&none));
            let at = match (pa.first(), pb.first()) {
                (Some(_), None) => Expr::new(ExprKind::Len(Place::var(v)), span),
                (None, Some(_)) => Expr::int(0, span),
                (Some(first), Some(_))
                    if pa.iter().all(|p| same_expr(&p.hi, &first.hi))
                        && pb.iter().all(|p| same_expr(&p.lo, &first.hi)) =>
                {
                    first.hi.clone()
                }
                _ => continue,
            };
            let mutable = pa.iter().chain(pb).any(|p| p.mutable);
            let zero = Expr::int(0, span);
            out.push(Split { place: Place::var(v), base: zero.clone(), start: zero, per: at, mutable, cut: true });
        }
        out
    }

    /// For each outer buffer a task touches: the sub-slices it passes on or
    /// copies, or `None` when it touches it some other way.
    fn task_parts(&self, task: &Block) -> HashMap<VarId, Option<Vec<Part>>> {
        let mut parts: HashMap<VarId, Option<Vec<Part>>> = HashMap::new();
        let mut local = HashSet::new();
        let other = |parts: &mut HashMap<VarId, Option<Vec<Part>>>, v: VarId| {
            parts.insert(v, None);
        };
        let sub_slice = |parts: &mut HashMap<VarId, Option<Vec<Part>>>, b: &BufArg| {
            let Some((lo, hi)) = b.range.clone().filter(|_| b.place.is_var()) else {
                parts.insert(b.place.base, None);
                return;
            };
            if let Some(list) = parts.entry(b.place.base).or_insert_with(|| Some(Vec::new())) {
                list.push(Part { lo, hi, mutable: b.mutable });
            }
        };
        walk_stmts(task, &mut |s| {
            let call = match &s.kind {
                StmtKind::Let { var, init } => {
                    local.insert(*var);
                    if let Init::Copy(b) = init {
                        sub_slice(&mut parts, b);
                    }
                    match init {
                        Init::Call(c) => Some(c),
                        _ => None,
                    }
                }
                StmtKind::Call { dests, call } => {
                    local.extend(dests.iter().copied());
                    Some(call)
                }
                StmtKind::For { index, par, .. } => {
                    local.insert(*index);
                    for sp in par.iter().flat_map(|p| &p.splits) {
                        other(&mut parts, sp.place.base);
                    }
                    None
                }
                StmtKind::Assign { place, .. } if !place.proj.is_empty() => {
                    other(&mut parts, place.base);
                    None
                }
                StmtKind::Push { vec, .. } => {
                    other(&mut parts, vec.base);
                    None
                }
                StmtKind::Swap(x, y) => {
                    other(&mut parts, x.base);
                    other(&mut parts, y.base);
                    None
                }
                _ => None,
            };
            for arg in call.iter().flat_map(|c| &c.args) {
                match arg {
                    Arg::Buf(b) => sub_slice(&mut parts, b),
                    Arg::Struct { place, .. } => other(&mut parts, place.base),
                    Arg::Value(_) => {}
                }
            }
            for_each_expr(s, &mut |e| {
                if let ExprKind::Read(p) = &e.kind {
                    if !p.proj.is_empty() {
                        other(&mut parts, p.base);
                    }
                }
            });
        });
        parts.retain(|v, _| self.is_buf_var(*v) && !local.contains(v));
        parts
    }
}
