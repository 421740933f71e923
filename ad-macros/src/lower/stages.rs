//! The stages of an iterator chain: its source (a range, a slice, chunks,
//! windows) and each adapter, as a count of elements and element `k` in
//! terms of the loop counter.

use super::state::{Lowerer, View};
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

pub(super) type ElemFn = Rc<dyn Fn(Expr) -> Elem>;

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
    pub(super) fn par_loop(&self, idx: VarId, span: Span) -> Option<ParLoop> {
        self.par.then(|| ParLoop { splits: self.splits.iter().map(|f| f(Expr::var(idx, span))).collect() })
    }
}

/// A split, given the loop counter.
pub(super) type SplitFn = Rc<dyn Fn(Expr) -> Split>;

pub(super) const ADAPTERS: &[&str] =
    &["enumerate", "zip", "map", "filter", "rev", "step_by", "skip", "take", "copied", "cloned", "into_iter"];
impl Lowerer<'_> {
    pub(super) fn lower_stage(&mut self, e: &syn::Expr) -> Option<Stage> {
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
                    "enumerate" => self.enumerate_stage(m, span),
                    "zip" if m.args.len() == 1 => self.zip_stage(m, span),
                    "map" if m.args.len() == 1 => self.map_stage(m),
                    "filter" if m.args.len() == 1 => self.filter_stage(m),
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
                        self.unsupported_adapter(m, &name);
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

    /// `enumerate`: element `k` is the pair of `k` and the inner stage's element `k`.
    fn enumerate_stage(&mut self, m: &syn::ExprMethodCall, span: Span) -> Option<Stage> {
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

    /// `a.zip(b)`: element `k` is the pair of both stages' elements `k`, as
    /// many as the shorter has; `b` may be a slice or a chain.
    fn zip_stage(&mut self, m: &syn::ExprMethodCall, span: Span) -> Option<Stage> {
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

    /// `map(c)`: the inner stage's element with `c` applied where the loop
    /// binds it.
    fn map_stage(&mut self, m: &syn::ExprMethodCall) -> Option<Stage> {
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

    /// `filter(p)`: the inner stage's elements, the loop body guarded by `p`.
    fn filter_stage(&mut self, m: &syn::ExprMethodCall) -> Option<Stage> {
        let inner = self.lower_stage(&m.receiver)?;
        let pred = self.adapter_closure(&m.args[0], "`filter` takes a closure `|x| ...` returning a `bool`")?;
        let f = inner.elem.clone();
        Some(Stage {
            elem: Rc::new(move |k: Expr| Elem::Filtered(Box::new(f(k)), pred.clone())),
            range: None,
            filtered: true,
            ..inner
        })
    }

    /// The error for a method `name` in a chain that is no source or adapter
    /// the macro knows, listing those it does.
    fn unsupported_adapter(&mut self, m: &syn::ExprMethodCall, name: &str) {
        let hint = match name {
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
    }

    /// The closure of `map` or `filter`: written in place, or a closure
    /// variable `f`, read as `|value| f(value)`.
    pub(super) fn adapter_closure(&mut self, arg: &syn::Expr, expected: &str) -> Option<Rc<syn::ExprClosure>> {
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
    pub(super) fn chain_receiver(&mut self, e: &syn::Expr) -> Option<Stage> {
        match strip_parens(e) {
            syn::Expr::MethodCall(m) if ADAPTERS.contains(&m.method.to_string().as_str()) => self.lower_stage(e),
            _ => None,
        }
    }

    pub(super) fn lower_stage_or_view(&mut self, e: &syn::Expr) -> Option<Stage> {
        if let Some(view) = self.try_view(e) {
            return Some(self.view_stage(view));
        }
        self.lower_stage(e)
    }

    /// A `.rev()` followed by adapters that look at positions becomes part
    /// of the element map: element `k` is the source's `count - 1 - k`.
    pub(super) fn settle_rev(&mut self, inner: Stage, span: Span) -> Stage {
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
    pub(super) fn positions_known(&mut self, stage: &Stage, m: &syn::ExprMethodCall) -> Option<()> {
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

    pub(super) fn counter_adapter(&mut self, inner: Stage, name: &str, n: Expr, span: Span) -> Stage {
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
