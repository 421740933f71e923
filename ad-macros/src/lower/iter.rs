//! Iterator chains and `for` loops become counted `For` loops over an index.
//!
//! A chain is a source (a range, a slice's `iter()`/`iter_mut()`, `chunks`,
//! `chunks_mut`, `windows`) and adapters (`enumerate`, `zip`, `map`, `rev`,
//! `step_by`, `skip`, `take`, `copied`, `cloned`). Each stage says how many
//! elements it has and what element `k` is, in terms of the loop counter, so
//! the loop needs no iterator at run time and the adjoint loop can visit the
//! same elements in reverse.

use super::state::{Binding, Lowerer, View};
use super::syntax::TERMINALS;
use crate::ir::*;
use crate::syntax::strip_parens;
use proc_macro2::Span;
use std::rc::Rc;
use syn::spanned::Spanned;

#[derive(Clone)]
pub(super) enum Elem {
    Value(Expr),
    Place(Place),
    View(View),
    Tuple(Vec<Elem>),
    Mapped(Box<Elem>, Rc<syn::ExprClosure>),
    /// An element of a `filter` stage: the loop body runs only where the
    /// predicate holds.
    Filtered(Box<Elem>, Rc<syn::ExprClosure>),
}

type ElemFn = Rc<dyn Fn(Expr) -> Elem>;

/// What a loop does with each element, given the lowerer and the element.
type ElemBody<'s, L> = Box<dyn FnOnce(&mut L, Binding) + 's>;

pub(super) struct Stage {
    pub count: Expr,
    pub elem: ElemFn,
    /// `Some((lo, hi, step))` while the chain is a plain range, possibly with
    /// `step_by`: the loop can then run over the range itself.
    pub range: Option<(Expr, Expr, Option<Expr>)>,
    pub rev: bool,
    /// Whether the counter is still the position in the source (no adapter
    /// has re-mapped it), so `enumerate` may name it.
    pub direct: bool,
    /// A rayon chain (`par_iter`, `par_chunks_mut`, `into_par_iter`, ...).
    pub par: bool,
    /// The buffers a rayon chain hands out among its iterations.
    pub splits: Vec<SplitFn>,
    /// A `filter` is in the chain: `count` is then an upper bound, and the
    /// element's position is no longer its place among the elements visited.
    pub filtered: bool,
}

impl Stage {
    /// The parallel loop a rayon chain becomes, its splits written in terms
    /// of the counter `idx`; `None` for a serial chain.
    fn par_loop(&self, idx: VarId, span: Span) -> Option<ParLoop> {
        self.par.then(|| ParLoop { splits: self.splits.iter().map(|f| f(Expr::var(idx, span))).collect() })
    }
}

/// A split, given the loop counter.
pub(super) type SplitFn = Rc<dyn Fn(Expr) -> Split>;

const ADAPTERS: &[&str] =
    &["enumerate", "zip", "map", "filter", "rev", "step_by", "skip", "take", "copied", "cloned", "into_iter"];
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
    fn loop_bounds(&mut self, stage: &Stage, idx: VarId, span: Span) -> (Expr, Expr, Option<Expr>, Elem) {
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
                let base = match terminal.as_str() {
                    "sum" => "sum",
                    "count" => "count",
                    "product" => "product",
                    "collect" => "collected",
                    _ => "acc",
                };
                // `fold(0.0, |acc: f64, x| ..)` types its accumulator in the closure.
                let annot = match (terminal.as_str(), m.args.get(1).map(strip_parens)) {
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
                let init = match terminal.as_str() {
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
                            return Expr::bool(false, span);
                        }
                        Init::Expr(self.lower_value(&m.args[0], None))
                    }
                };
                self.emit(StmtKind::Let { var: v, init }, span);
                Some(v)
            }
        };
        let idx = self.new_var("i", span, VarOrigin::LoopIndex, None);
        let (lo, hi, step, elem) = self.loop_bounds(&stage, idx, span);
        let rev = stage.rev;
        let mut par = stage.par_loop(idx, span);
        let collect_at = (terminal == "collect" && stage.par).then(|| {
            // Element `i - lo` of the result belongs to iteration `i`.
            let at = if lo.is_lit_int(0) {
                Expr::var(idx, span)
            } else {
                Expr::binary(BinOp::Sub, Expr::var(idx, span), lo.clone(), span)
            };
            let one = Expr::int(1, span);
            let split = Split {
                place: Place::var(acc.unwrap()),
                base: at.clone(),
                start: Expr::int(0, span),
                per: one,
                mutable: true,
                cut: false,
            };
            par.as_mut().unwrap().splits.push(split);
            at
        });
        let (body, ()) = self.block(|l| match terminal.as_str() {
            "sum" | "product" => l.with_elem(
                elem,
                Box::new(|l, b| {
                    let value = l.binding_value(&b, span);
                    let op = if terminal == "sum" { AssignOp::Add } else { AssignOp::Mul };
                    l.emit(StmtKind::Assign { place: Place::var(acc.unwrap()), op, value }, span);
                }),
            ),
            "count" => l.with_elem(
                elem,
                Box::new(|l, _| {
                    let one = Expr::int(1, span);
                    l.emit(StmtKind::Assign { place: Place::var(acc.unwrap()), op: AssignOp::Add, value: one }, span);
                }),
            ),
            "collect" => l.with_elem(
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
                l.with_elem(
                    elem,
                    Box::new(|l, b| {
                        let value = match strip_parens(&m.args[1]) {
                            syn::Expr::Closure(c) if c.inputs.len() == 2 => {
                                l.bind_pat(&c.inputs[0], Binding::Var(acc));
                                l.bind_pat(&c.inputs[1], b);
                                l.lower_value(&c.body, None)
                            }
                            syn::Expr::Path(p) => match super::syntax::classify_callee(&p.path) {
                                super::syntax::Callee::FloatFn(method) if method.arity() == 1 => {
                                    let x = l.binding_value(&b, span);
                                    Expr::new(ExprKind::Method(method, Box::new(Expr::var(acc, span)), vec![x]), span)
                                }
                                _ => {
                                    l.diag.error(
                                        p.span(),
                                        "`fold` takes a closure `|acc, x| ...` or a float function such as `f64::max`",
                                    );
                                    Expr::bool(false, span)
                                }
                            },
                            other => {
                                l.diag.error(other.span(), "`fold` takes a closure `|acc, x| ...`");
                                Expr::bool(false, span)
                            }
                        };
                        l.emit(StmtKind::Assign { place: Place::var(acc), op: AssignOp::Set, value }, span);
                    }),
                )
            }
            _ => {
                // for_each
                let Some(arg) = m.args.first() else { return };
                match strip_parens(arg) {
                    syn::Expr::Closure(c) if c.inputs.len() == 1 => l.with_elem(
                        elem,
                        Box::new(|l, b| {
                            l.bind_pat(&c.inputs[0], b);
                            l.closure_body_stmt(&c.body);
                        }),
                    ),
                    other => l.diag.error(other.span(), "`for_each` takes a closure `|x| { ... }`"),
                }
            }
        });
        self.emit(StmtKind::For { index: idx, lo, hi, step, rev, body, par }, span);
        match acc {
            Some(a) => Expr::var(a, span),
            None => Expr::bool(true, span),
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
    fn with_elem<'s>(&mut self, e: Elem, body: ElemBody<'s, Self>) {
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

    fn lower_stage(&mut self, e: &syn::Expr) -> Option<Stage> {
        let span = e.span();
        match strip_parens(e) {
            syn::Expr::Range(r) => {
                let mut stage = self.range_stage(r)?;
                stage.par = self.par_sources;
                Some(stage)
            }
            syn::Expr::MethodCall(m) => {
                let name = m.method.to_string();
                let serial_source = matches!(
                    name.as_str(),
                    "iter" | "iter_mut" | "into_iter" | "chunks" | "chunks_mut" | "chunks_exact" | "chunks_exact_mut"
                );
                if self.par_sources && serial_source && m.args.len() == usize::from(name.starts_with("chunks")) {
                    let par_name =
                        if name == "into_iter" { "into_par_iter".to_string() } else { format!("par_{name}") };
                    return self.par_source(m, &par_name);
                }
                match name.as_str() {
                    "iter" | "iter_mut" | "into_iter" if m.args.is_empty() => {
                        if let syn::Expr::Range(_) = strip_parens(&m.receiver) {
                            return self.lower_stage(&m.receiver);
                        }
                        if let Some(stage) = self.chain_receiver(&m.receiver) {
                            return Some(stage);
                        }
                        let view = self.lower_view(&m.receiver)?;
                        Some(self.view_stage(view))
                    }
                    "par_iter" | "par_iter_mut" | "into_par_iter" if m.args.is_empty() => self.par_source(m, &name),
                    "par_chunks" | "par_chunks_mut" | "par_chunks_exact" | "par_chunks_exact_mut"
                        if m.args.len() == 1 =>
                    {
                        self.par_source(m, &name)
                    }
                    "with_min_len" | "with_max_len" if m.args.len() == 1 => {
                        let inner = self.lower_stage(&m.receiver)?;
                        if !inner.par {
                            self.diag
                                .error(m.method.span(), format!("`{name}` is a method of rayon's parallel iterators"));
                        }
                        Some(inner)
                    }
                    "chunks" | "chunks_mut" | "chunks_exact" | "chunks_exact_mut" | "windows" if m.args.len() == 1 => {
                        let view = self.lower_view(&m.receiver)?;
                        let size = self.lower_expr(&m.args[0]);
                        let size = self.pin(size, "size", span);
                        Some(self.window_stage(view, size, &name, span))
                    }
                    "enumerate" => {
                        let inner = self.lower_stage(&m.receiver)?;
                        self.positions_known(&inner, m)?;
                        let inner = self.settle_rev(inner, span);
                        let f = inner.elem.clone();
                        Some(Stage {
                            count: inner.count,
                            elem: Rc::new(move |k: Expr| Elem::Tuple(vec![Elem::Value(k.clone()), f(k)])),
                            range: None,
                            rev: false,
                            direct: inner.direct,
                            par: inner.par,
                            splits: inner.splits,
                            filtered: false,
                        })
                    }
                    "zip" if m.args.len() == 1 => {
                        let a = self.lower_stage(&m.receiver)?;
                        self.positions_known(&a, m)?;
                        let a = self.settle_rev(a, span);
                        let b = self.lower_stage_or_view(&m.args[0])?;
                        self.positions_known(&b, m)?;
                        let b = self.settle_rev(b, span);
                        let count = min_expr(a.count, b.count, span);
                        let (fa, fb) = (a.elem.clone(), b.elem.clone());
                        Some(Stage {
                            count,
                            elem: Rc::new(move |k: Expr| Elem::Tuple(vec![fa(k.clone()), fb(k)])),
                            range: None,
                            rev: false,
                            direct: a.direct && b.direct,
                            par: a.par || b.par,
                            splits: a.splits.into_iter().chain(b.splits).collect(),
                            filtered: false,
                        })
                    }
                    "map" if m.args.len() == 1 => {
                        let inner = self.lower_stage(&m.receiver)?;
                        let closure = self.adapter_closure(&m.args[0], "`map` takes a closure `|x| ...`")?;
                        let f = inner.elem.clone();
                        let range = None;
                        Some(Stage {
                            count: inner.count,
                            elem: Rc::new(move |k: Expr| Elem::Mapped(Box::new(f(k)), closure.clone())),
                            range,
                            rev: inner.rev,
                            direct: inner.direct,
                            par: inner.par,
                            splits: inner.splits,
                            filtered: inner.filtered,
                        })
                    }
                    "filter" if m.args.len() == 1 => {
                        let inner = self.lower_stage(&m.receiver)?;
                        let pred =
                            self.adapter_closure(&m.args[0], "`filter` takes a closure `|x| ...` returning a `bool`")?;
                        let f = inner.elem.clone();
                        Some(Stage {
                            elem: Rc::new(move |k: Expr| Elem::Filtered(Box::new(f(k)), pred.clone())),
                            range: None,
                            filtered: true,
                            ..inner
                        })
                    }
                    "copied" | "cloned" if m.args.is_empty() => self.lower_stage(&m.receiver),
                    "rev" if m.args.is_empty() => {
                        let mut inner = self.lower_stage(&m.receiver)?;
                        self.serial_only(&inner, m);
                        inner.rev = !inner.rev;
                        Some(inner)
                    }
                    "step_by" | "skip" | "take" if m.args.len() == 1 => {
                        let inner = self.lower_stage(&m.receiver)?;
                        self.serial_only(&inner, m);
                        self.positions_known(&inner, m)?;
                        let inner = self.settle_rev(inner, span);
                        let n = self.lower_expr(&m.args[0]);
                        let n = self.pin(n, if name == "step_by" { "step" } else { "n" }, span);
                        Some(self.counter_adapter(inner, &name, n, span))
                    }
                    _ => {
                        let hint = match name.as_str() {
                            "flat_map" | "flatten" => "; for nested iteration, write two nested `for` loops",
                            _ => "",
                        };
                        self.diag.error(
                            m.method.span(),
                            format!(
                                "the iterator adapter `{name}` is not supported{hint}: supported are the sources \
                                 iter, iter_mut, chunks, chunks_mut, windows and ranges (and rayon's par_iter, \
                                 par_iter_mut, into_par_iter, par_chunks, par_chunks_mut), the adapters {} and \
                                 the endings {}",
                                ADAPTERS.join(", "),
                                TERMINALS.join(", ")
                            ),
                        );
                        None
                    }
                }
            }
            syn::Expr::Reference(r) => {
                let view = self.lower_view(&r.expr)?;
                Some(self.view_stage(view))
            }
            other => {
                if let Some(view) = self.try_view(other) {
                    return Some(self.view_stage(view));
                }
                self.diag.error(
                    other.span(),
                    "unsupported iterator source: use a range `a..b`, `x.iter()`, `x.iter_mut()`, `x.chunks(k)`, \
                     `x.chunks_mut(k)` or `x.windows(k)`",
                );
                None
            }
        }
    }

    /// The closure of `map` or `filter`: written in place, or a closure
    /// variable `f`, read as `|value| f(value)`.
    fn adapter_closure(&mut self, arg: &syn::Expr, expected: &str) -> Option<Rc<syn::ExprClosure>> {
        match strip_parens(arg) {
            syn::Expr::Closure(c) if c.inputs.len() == 1 => Some(Rc::new(c.clone())),
            syn::Expr::Path(p) if p.path.get_ident().and_then(|f| self.closure(f)).is_some() => {
                Some(Rc::new(syn::parse_quote_spanned!(p.span()=> |value| #p(value))))
            }
            other => {
                self.diag.error(other.span(), expected);
                None
            }
        }
    }

    /// `x.iter()` where `x` is itself a chain, e.g. `(0..n).into_iter()`.
    fn chain_receiver(&mut self, e: &syn::Expr) -> Option<Stage> {
        match strip_parens(e) {
            syn::Expr::MethodCall(m) if ADAPTERS.contains(&m.method.to_string().as_str()) => self.lower_stage(e),
            _ => None,
        }
    }

    fn lower_stage_or_view(&mut self, e: &syn::Expr) -> Option<Stage> {
        if let Some(view) = self.try_view(e) {
            return Some(self.view_stage(view));
        }
        self.lower_stage(e)
    }

    /// A `.rev()` followed by adapters that look at positions becomes part
    /// of the element map: element `k` is the source's `count - 1 - k`.
    fn settle_rev(&mut self, inner: Stage, span: Span) -> Stage {
        if !inner.rev {
            return inner;
        }
        let count = self.pin(inner.count, "count", span);
        let last = Expr::binary(BinOp::Sub, count.clone(), Expr::int(1, span), span);
        let f = inner.elem.clone();
        Stage {
            count,
            elem: Rc::new(move |k: Expr| f(Expr::binary(BinOp::Sub, last.clone(), k, span))),
            range: None,
            rev: false,
            direct: false,
            par: inner.par,
            splits: inner.splits,
            filtered: inner.filtered,
        }
    }

    pub(super) fn range_stage(&mut self, r: &syn::ExprRange) -> Option<Stage> {
        let span = r.span();
        let (Some(lo), Some(hi)) = (&r.start, &r.end) else {
            self.diag.error(span, "a loop range needs both bounds: `a..b` or `a..=b`");
            return None;
        };
        let lo = self.lower_expr(lo);
        let mut hi = self.lower_expr(hi);
        if matches!(r.limits, syn::RangeLimits::Closed(_)) {
            hi = Expr::binary(BinOp::Add, hi, Expr::int(1, span), span);
        }
        // Rust evaluates the bounds once; so does the IR's `For`. Bounds that
        // read variables written in the loop are bound by `prepare`.
        let count = trip_count(&lo, &hi, None, span);
        let lo2 = lo.clone();
        Some(Stage {
            count,
            elem: Rc::new(move |k: Expr| Elem::Value(add(lo2.clone(), k))),
            range: Some((lo, hi, None)),
            rev: false,
            direct: true,
            par: false,
            splits: Vec::new(),
            filtered: false,
        })
    }

    pub(super) fn view_stage(&mut self, view: View) -> Stage {
        let count = view.len.clone();
        Stage {
            count,
            elem: Rc::new(move |k: Expr| Elem::Place(view.elem(k))),
            range: None,
            rev: false,
            direct: true,
            par: false,
            splits: Vec::new(),
            filtered: false,
        }
    }

    pub(super) fn window_stage(&mut self, view: View, size: Expr, kind: &str, span: Span) -> Stage {
        // The length of a window of windows is a literal (`x.windows(3)`,
        // then `w.windows(2)`): typed, so that its methods resolve.
        let len = match &view.len.kind {
            ExprKind::Lit(syn::Lit::Int(i)) if i.suffix().is_empty() => {
                let typed = syn::LitInt::new(&format!("{}usize", i.base10_digits()), i.span());
                Expr::new(ExprKind::Lit(syn::Lit::Int(typed)), view.len.span)
            }
            _ => view.len.clone(),
        };
        let windows = kind == "windows";
        let exact = kind.starts_with("chunks_exact");
        let mutable = kind.ends_with("_mut");
        let count = if windows {
            // (len + 1).saturating_sub(size)
            let plus = Expr::binary(BinOp::Add, len.clone(), Expr::int(1, span), span);
            Expr::new(ExprKind::Method(Method::SaturatingSub, Box::new(plus), vec![size.clone()]), span)
        } else if exact {
            Expr::binary(BinOp::Div, len.clone(), size.clone(), span)
        } else {
            Expr::new(ExprKind::Method(Method::DivCeil, Box::new(len.clone()), vec![size.clone()]), span)
        };
        Stage {
            count,
            elem: Rc::new(move |k: Expr| {
                let start = if windows { k } else { Expr::binary(BinOp::Mul, k, size.clone(), span) };
                let chunk_len = if windows || exact {
                    size.clone()
                } else {
                    // min(size, len - start)
                    let rest = Expr::binary(BinOp::Sub, len.clone(), start.clone(), span);
                    Expr::new(ExprKind::Method(Method::Min, Box::new(size.clone()), vec![rest]), span)
                };
                let off = match &view.off {
                    None => start,
                    Some(o) => Expr::binary(BinOp::Add, o.clone(), start, span),
                };
                Elem::View(View { place: view.place.clone(), off: Some(off), len: chunk_len, mutable })
            }),
            range: None,
            rev: false,
            direct: false,
            par: false,
            splits: Vec::new(),
            filtered: false,
        }
    }

    /// `enumerate`, `zip`, `skip`, `take` and `step_by` count the elements
    /// they see, which after a `filter` are known only at run time.
    fn positions_known(&mut self, stage: &Stage, m: &syn::ExprMethodCall) -> Option<()> {
        if !stage.filtered {
            return Some(());
        }
        self.diag.error(
            m.method.span(),
            format!(
                "`{}` after `filter` is not supported: it counts the elements kept; put `{}` before the \
                 `filter`, or use a `for` loop with an `if`",
                m.method, m.method
            ),
        );
        None
    }

    fn counter_adapter(&mut self, inner: Stage, name: &str, n: Expr, span: Span) -> Stage {
        let f = inner.elem.clone();
        match name {
            "step_by" => {
                let range = inner
                    .range
                    .as_ref()
                    .and_then(|(lo, hi, step)| step.is_none().then(|| (lo.clone(), hi.clone(), Some(n.clone()))));
                let count = Expr::new(ExprKind::Method(Method::DivCeil, Box::new(inner.count), vec![n.clone()]), span);
                Stage {
                    count,
                    elem: Rc::new(move |k: Expr| f(Expr::binary(BinOp::Mul, k, n.clone(), span))),
                    range,
                    rev: false,
                    direct: false,
                    par: false,
                    splits: Vec::new(),
                    filtered: false,
                }
            }
            "skip" => Stage {
                count: Expr::new(ExprKind::Method(Method::SaturatingSub, Box::new(inner.count), vec![n.clone()]), span),
                elem: Rc::new(move |k: Expr| f(add(k, n.clone()))),
                range: None,
                rev: false,
                direct: false,
                par: false,
                splits: Vec::new(),
                filtered: false,
            },
            _ => Stage {
                count: min_expr(inner.count, n, span),
                elem: f,
                range: None,
                rev: false,
                direct: inner.direct,
                par: false,
                splits: Vec::new(),
                filtered: false,
            },
        }
    }
}

fn add(a: Expr, b: Expr) -> Expr {
    if a.is_lit_int(0) {
        return b;
    }
    if b.is_lit_int(0) {
        return a;
    }
    let span = b.span;
    Expr::binary(BinOp::Add, a, b, span)
}

fn min_expr(a: Expr, b: Expr, span: Span) -> Expr {
    Expr::new(ExprKind::Method(Method::Min, Box::new(a), vec![b]), span)
}

/// `hi - lo` elements, zero when the range is empty.
fn trip_count(lo: &Expr, hi: &Expr, _step: Option<&Expr>, span: Span) -> Expr {
    if lo.is_lit_int(0) {
        return hi.clone();
    }
    Expr::new(ExprKind::Method(Method::SaturatingSub, Box::new(hi.clone()), vec![lo.clone()]), span)
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
