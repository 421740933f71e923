//! Iterator chains and `for` loops become counted `For` loops over an index.
//!
//! A chain is a source (a range, a slice's `iter()`/`iter_mut()`, `chunks`,
//! `chunks_mut`, `windows`) and adapters (`enumerate`, `zip`, `map`, `rev`,
//! `step_by`, `skip`, `take`, `copied`, `cloned`). Each stage says how many
//! elements it has and what element `k` is, in terms of the loop counter, so
//! the loop needs no iterator at run time and the adjoint loop can visit the
//! same elements in reverse. The stages themselves are built in `stages`.

use super::stages::{Elem, Stage};
use super::state::{Binding, Lowerer};
use crate::ir::*;
use crate::syntax::strip_parens;
use proc_macro2::Span;
use syn::spanned::Spanned;

/// What a loop does with each element, given the lowerer and the element.
type ElemBody<'s, L> = Box<dyn FnOnce(&mut L, Binding) + 's>;

impl Lowerer<'_> {
    pub fn lower_for(&mut self, f: &syn::ExprForLoop) {
        self.lower_for_in(f, None)
    }

    /// A `for` loop; with `spawn` (the handle of a `rayon::scope`), a loop
    /// whose body ends in `spawn(..)`, which runs as a rayon loop.
    pub(super) fn lower_for_in(&mut self, f: &syn::ExprForLoop, spawn: Option<&str>) {
        let label = super::syntax::label_name(f.label.as_ref());
        self.par_sources = spawn.is_some();
        let stage = self.lower_stage(&f.expr);
        self.par_sources = false;
        let Some(stage) = stage else { return };
        let span = f.span();
        if stage.par != spawn.is_some() {
            if spawn.is_some() {
                self.diag.error(
                    f.expr.span(),
                    "a loop of `spawn`s needs a range or a slice's iter, iter_mut, chunks or chunks_mut",
                );
                return;
            }
            self.diag.error(
                f.expr.span(),
                "a rayon iterator cannot drive a `for` loop; end the chain in `for_each(|x| ...)`",
            );
            return;
        }
        let pat = &*f.pat;
        let counter_name = match (pat, stage.range.is_some(), stage.direct) {
            (syn::Pat::Ident(pi), true, _) => pi.ident.to_string(),
            (syn::Pat::Tuple(t), _, true) => match t.elems.first() {
                Some(syn::Pat::Ident(pi)) if matches!(&f.expr.as_ref(), e if chain_has_enumerate_first(e)) => {
                    pi.ident.to_string()
                }
                _ => "i".into(),
            },
            _ => "i".into(),
        };
        let idx = self.new_var(&counter_name, span, VarOrigin::LoopIndex, None);
        let (lo, hi, step, elem) = self.loop_bounds(&stage, idx, span);
        let rev = stage.rev;
        let par = stage.par_loop(idx, span);
        let ck = self.checkpoint_of(&f.attrs, false, par.is_some());
        let brk = if spawn.is_none() { self.break_flag(&f.body, label.as_deref()) } else { None };
        let (body, ()) = self.block(|l| {
            l.with_elem(
                elem,
                Box::new(|l, b| {
                    l.bind_pat(pat, b);
                    match spawn {
                        Some(handle) => l.spawn_loop_body(&f.body, handle),
                        None => {
                            let inner = l.lower_loop_body(&f.body, brk, label);
                            l.out.last_mut().unwrap().extend(inner.stmts);
                        }
                    }
                }),
            )
        });
        self.emit(StmtKind::For { index: idx, lo, hi, step, rev, body, par }, span);
        self.mark_checkpoint(ck);
    }

    /// Loop bounds for a stage, and the element of the iteration with counter `idx`.
    pub(super) fn loop_bounds(&mut self, stage: &Stage, idx: VarId, span: Span) -> (Expr, Expr, Option<Expr>, Elem) {
        let counter = Expr::var(idx, span);
        match &stage.range {
            Some((lo, hi, step)) => {
                self.counter_ranges.insert(idx, (lo.clone(), hi.clone()));
                (lo.clone(), hi.clone(), step.clone(), Elem::Value(counter))
            }
            None => {
                let count = stage.count.clone();
                (Expr::int(0, span), count, None, (stage.elem)(counter))
            }
        }
    }

    /// An iterator chain ending in `sum`, `product`, `fold`, `for_each`,
    /// `collect` or `count`. The result is computed into `dest` if given.
    pub fn lower_chain(&mut self, m: &syn::ExprMethodCall, dest: Option<VarId>) -> Expr {
        let span = m.span();
        let terminal = m.method.to_string();
        let Some(stage) = self.lower_stage(&m.receiver) else { return Expr::bool(false, span) };
        if terminal == "count" && !stage.filtered {
            return stage.count;
        }
        let terminal = match terminal.as_str() {
            "reduce" if self.is_sum_reduce(m) => "sum".to_string(),
            "reduce" => return Expr::bool(false, span),
            _ => terminal,
        };
        if stage.par && stage.filtered && terminal == "collect" {
            self.diag.error(m.method.span(), "`collect()` after `filter` is supported on serial iterators only");
            if let Some(d) = dest {
                // The vector is still one: no follow-up error where it is indexed.
                self.mark_buf(d);
            }
            return Expr::bool(false, span);
        }
        if stage.par && !matches!(terminal.as_str(), "sum" | "for_each" | "collect" | "count") {
            self.diag.error(
                m.method.span(),
                "a rayon iterator must end in `sum()`, `reduce(|| 0.0, |a, b| a + b)`, `for_each(|x| ...)`, \
                 `collect()` or `count()`",
            );
            return Expr::bool(false, span);
        }
        let acc = match terminal.as_str() {
            "for_each" => None,
            _ => {
                let Some(v) = self.chain_acc(m, &terminal, &stage, dest, span) else {
                    return Expr::bool(false, span);
                };
                Some(v)
            }
        };
        let idx = self.new_var("i", span, VarOrigin::LoopIndex, None);
        let (lo, hi, step, elem) = self.loop_bounds(&stage, idx, span);
        let rev = stage.rev;
        let mut par = stage.par_loop(idx, span);
        let collect_at = (terminal == "collect" && stage.par)
            .then(|| collect_split(par.as_mut().unwrap(), idx, &lo, acc.unwrap(), span));
        let (body, ()) = self.block(|l| l.chain_body(m, &terminal, elem, acc, collect_at, span));
        self.emit(StmtKind::For { index: idx, lo, hi, step, rev, body, par }, span);
        match acc {
            Some(a) => Expr::var(a, span),
            None => Expr::bool(true, span),
        }
    }

    /// The accumulator of a chain ending other than `for_each` (`dest` if
    /// given), declared with its start: zero, one, `fold`'s initial value, or
    /// an empty (serial) or zero-filled (rayon) vector for `collect`; `None`
    /// after an error.
    fn chain_acc(
        &mut self,
        m: &syn::ExprMethodCall,
        terminal: &str,
        stage: &Stage,
        dest: Option<VarId>,
        span: Span,
    ) -> Option<VarId> {
        let base = match terminal {
            "sum" => "sum",
            "count" => "count",
            "product" => "product",
            "collect" => "collected",
            _ => "acc",
        };
        // `fold(0.0, |acc: f64, x| ..)` types its accumulator in the closure.
        let annot = match (terminal, m.args.get(1).map(strip_parens)) {
            ("fold", Some(syn::Expr::Closure(c))) => match c.inputs.first() {
                Some(syn::Pat::Type(t)) => Some((*t.ty).clone()),
                _ => None,
            },
            _ => None,
        };
        let v = match dest {
            Some(d) => {
                if let Some(ty) = annot {
                    self.annotate(d, ty);
                }
                d
            }
            None => self.new_var(base, span, VarOrigin::Temp, annot),
        };
        let init = match terminal {
            "sum" => Init::Expr(Expr::new(ExprKind::Zero, span)),
            "product" => Init::Expr(Expr::new(ExprKind::One, span)),
            "count" => Init::Expr(Expr::int(0, span)),
            "collect" if stage.par => {
                // Each iteration writes its own element.
                self.mark_buf(v);
                Init::VecFill { elem: Expr::new(ExprKind::Zero, span), len: stage.count.clone() }
            }
            "collect" => {
                self.mark_buf(v);
                Init::WithCapacity(Some(stage.count.clone()))
            }
            _ => {
                if m.args.len() != 2 {
                    self.diag.error(span, "`fold` takes an initial value and a closure");
                    return None;
                }
                Init::Expr(self.lower_value(&m.args[0], None))
            }
        };
        self.emit(StmtKind::Let { var: v, init }, span);
        Some(v)
    }

    /// The loop body of a chain ending: adds, multiplies, counts, pushes or
    /// folds the element into `acc`, stores it at `collect_at` (a rayon
    /// `collect`), or runs `for_each`'s closure on it.
    fn chain_body(
        &mut self,
        m: &syn::ExprMethodCall,
        terminal: &str,
        elem: Elem,
        acc: Option<VarId>,
        collect_at: Option<Expr>,
        span: Span,
    ) {
        match terminal {
            "sum" | "product" => self.with_elem(
                elem,
                Box::new(|l, b| {
                    let value = l.binding_value(&b, span);
                    let op = if terminal == "sum" { AssignOp::Add } else { AssignOp::Mul };
                    l.emit(StmtKind::Assign { place: Place::var(acc.unwrap()), op, value }, span);
                }),
            ),
            "count" => self.with_elem(
                elem,
                Box::new(|l, _| {
                    let one = Expr::int(1, span);
                    l.emit(StmtKind::Assign { place: Place::var(acc.unwrap()), op: AssignOp::Add, value: one }, span);
                }),
            ),
            "collect" => self.with_elem(
                elem,
                Box::new(|l, b| {
                    let value = l.binding_value(&b, span);
                    match collect_at {
                        Some(at) => l.emit(
                            StmtKind::Assign { place: Place::var(acc.unwrap()).index(at), op: AssignOp::Set, value },
                            span,
                        ),
                        None => l.emit(StmtKind::Push { vec: Place::var(acc.unwrap()), value }, span),
                    }
                }),
            ),
            "fold" => {
                let acc = acc.unwrap();
                self.with_elem(
                    elem,
                    Box::new(|l, b| {
                        let value = l.fold_step(m, acc, b, span);
                        l.emit(StmtKind::Assign { place: Place::var(acc), op: AssignOp::Set, value }, span);
                    }),
                )
            }
            _ => {
                // for_each
                let Some(arg) = m.args.first() else { return };
                match strip_parens(arg) {
                    syn::Expr::Closure(c) if c.inputs.len() == 1 => self.with_elem(
                        elem,
                        Box::new(|l, b| {
                            l.bind_pat(&c.inputs[0], b);
                            l.closure_body_stmt(&c.body);
                        }),
                    ),
                    other => self.diag.error(other.span(), "`for_each` takes a closure `|x| { ... }`"),
                }
            }
        }
    }

    /// The new value of `fold`'s accumulator `acc` for the element `b`: its
    /// closure `|acc, x| ..`, or a float function such as `f64::max`.
    fn fold_step(&mut self, m: &syn::ExprMethodCall, acc: VarId, b: Binding, span: Span) -> Expr {
        self.fold_with(&m.args[1], acc, b, span)
    }

    /// The new value of an accumulator `acc` that the function `f` (a
    /// closure `|acc, x| ..` or a float function) folds the element `b` into.
    pub(super) fn fold_with(&mut self, f: &syn::Expr, acc: VarId, b: Binding, span: Span) -> Expr {
        match strip_parens(f) {
            syn::Expr::Closure(c) if c.inputs.len() == 2 => {
                self.bind_pat(&c.inputs[0], Binding::Var(acc));
                self.bind_pat(&c.inputs[1], b);
                self.lower_value(&c.body, None)
            }
            syn::Expr::Path(p) => match super::syntax::classify_callee(&p.path) {
                super::syntax::Callee::FloatFn(method) if method.arity() == 1 => {
                    let x = self.binding_value(&b, span);
                    Expr::new(ExprKind::Method(method, Box::new(Expr::var(acc, span)), vec![x]), span)
                }
                _ => {
                    self.diag.error(
                        p.span(),
                        "`fold` takes a closure `|acc, x| ...` or a float function such as `f64::max`",
                    );
                    Expr::bool(false, span)
                }
            },
            other => {
                self.diag.error(other.span(), "`fold` takes a closure `|acc, x| ...`");
                Expr::bool(false, span)
            }
        }
    }

    pub(super) fn closure_body_stmt(&mut self, body: &syn::Expr) {
        match strip_parens(body) {
            syn::Expr::Block(b) => {
                if jumps_any(&b.block) {
                    self.diag
                        .error(b.span(), "`return` inside a `for_each` closure is not supported; use a `for` loop");
                }
                let tail = self.lower_stmts(&b.block.stmts);
                drop(tail);
            }
            other => self.lower_expr_stmt(other),
        }
    }

    /// Binds a pattern (`x`, `&x`, `(i, x)`, `(a, b)`, `_`) to an element.
    pub fn bind_pat(&mut self, pat: &syn::Pat, b: Binding) {
        match pat {
            syn::Pat::Ident(pi) if pi.subpat.is_none() => self.bind(&pi.ident, b),
            syn::Pat::Wild(_) => {}
            syn::Pat::Reference(r) => self.bind_pat(&r.pat, b),
            syn::Pat::Type(t) => self.bind_pat(&t.pat, b),
            syn::Pat::Paren(p) => self.bind_pat(&p.pat, b),
            syn::Pat::Tuple(t) => match b {
                Binding::Tuple(parts) if parts.len() == t.elems.len() => {
                    for (p, b) in t.elems.iter().zip(parts) {
                        self.bind_pat(p, b);
                    }
                }
                _ => self.diag.error(t.span(), "this tuple pattern does not match the iterator's elements"),
            },
            other => self.diag.error(other.span(), "unsupported pattern: use a name, `&x`, a tuple of names or `_`"),
        }
    }

    /// Lowers `body` with the element bound. Each `filter` of the chain
    /// puts what follows it, the rest of the chain and the body, inside
    /// `if predicate { .. }`, so a `map` after it runs only on the elements kept.
    pub(super) fn with_elem<'s>(&mut self, e: Elem, body: ElemBody<'s, Self>) {
        match e {
            Elem::Filtered(inner, pred) => self.with_elem(
                *inner,
                Box::new(move |l, b| {
                    let span = pred.body.span();
                    l.push_scope();
                    l.bind_pat(&pred.inputs[0], b.clone());
                    let cond = l.lower_value(&pred.body, None);
                    l.pop_scope();
                    let (then_blk, ()) = l.block(|l| body(l, b));
                    l.emit(StmtKind::If { cond, then_blk, else_blk: Block::new(Vec::new()) }, span);
                }),
            ),
            Elem::Mapped(inner, c) => self.with_elem(
                *inner,
                Box::new(move |l, b| {
                    let v = l.map_value(b, &c);
                    body(l, v)
                }),
            ),
            other => {
                let b = self.materialize(other);
                body(self, b)
            }
        }
    }

    /// Turns an element of a chain without `filter` into a binding,
    /// computing `map` closures into temporaries.
    fn materialize(&mut self, e: Elem) -> Binding {
        match e {
            Elem::Value(v) => Binding::Value(v),
            Elem::Place(p) => Binding::Place(p),
            Elem::View(v) => Binding::View(v),
            Elem::Tuple(parts) => Binding::Tuple(parts.into_iter().map(|p| self.materialize(p)).collect()),
            Elem::Mapped(inner, c) => {
                let b = self.materialize(*inner);
                self.map_value(b, &c)
            }
            Elem::Filtered(_, pred) => {
                // `zip` and the adapters that count positions refuse a filtered stage.
                self.diag.error(pred.span(), "`filter` is not supported at this place in the chain");
                Binding::Value(Expr::bool(false, pred.span()))
            }
        }
    }

    /// The value of `map(c)` on the element `b`, computed into a temporary
    /// (`c` has one input: see `adapter_closure`).
    fn map_value(&mut self, b: Binding, c: &syn::ExprClosure) -> Binding {
        self.push_scope();
        self.bind_pat(&c.inputs[0], b);
        let body = &*c.body;
        let v = self.new_var(&map_temp_name(&c.inputs[0]), body.span(), VarOrigin::Temp, None);
        let value = self.lower_value(body, Some(v));
        match value.kind {
            ExprKind::Read(ref p) if p.is_var() && p.base == v => {}
            _ => self.emit(StmtKind::Let { var: v, init: Init::Expr(value) }, body.span()),
        }
        self.pop_scope();
        Binding::Var(v)
    }
}

/// Element `i - lo` of a rayon `collect`'s vector `acc` belongs to
/// iteration `i`: the loop `par` hands that element to the iteration; returns
/// the element's index.
fn collect_split(par: &mut ParLoop, idx: VarId, lo: &Expr, acc: VarId, span: Span) -> Expr {
    let at = if lo.is_lit_int(0) {
        Expr::var(idx, span)
    } else {
        Expr::binary(BinOp::Sub, Expr::var(idx, span), lo.clone(), span)
    };
    let one = Expr::int(1, span);
    let split = Split {
        place: Place::var(acc),
        base: at.clone(),
        start: Expr::int(0, span),
        per: one,
        mutable: true,
        cut: false,
    };
    par.splits.push(split);
    at
}

fn chain_has_enumerate_first(e: &syn::Expr) -> bool {
    match strip_parens(e) {
        syn::Expr::MethodCall(m) if m.method == "enumerate" => match strip_parens(&m.receiver) {
            syn::Expr::MethodCall(src) => matches!(src.method.to_string().as_str(), "iter" | "iter_mut" | "into_iter"),
            syn::Expr::Path(_) | syn::Expr::Reference(_) => true,
            _ => false,
        },
        _ => false,
    }
}

fn jumps_any(b: &syn::Block) -> bool {
    super::control::jumps_block(b, None).ret
}

fn map_temp_name(p: &syn::Pat) -> String {
    match p {
        syn::Pat::Ident(pi) => format!("{}_mapped", pi.ident),
        _ => "mapped".into(),
    }
}
