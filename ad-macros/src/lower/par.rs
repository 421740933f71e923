//! rayon's iterator sources. A parallel chain lowers like its serial twin
//! (`par_iter` like `iter`, `par_chunks_mut` like `chunks_mut`), and the loop
//! it becomes is marked parallel with the buffers each iteration owns.

use super::stages::Stage;
use super::state::{Lowerer, View};
use crate::ir::*;
use crate::syntax::strip_parens;
use std::rc::Rc;
use syn::spanned::Spanned;

impl Lowerer<'_> {
    /// `x.par_iter()`, `x.par_iter_mut()`, `(a..b).into_par_iter()`,
    /// `v.into_par_iter()`, `x.par_chunks(k)`, `x.par_chunks_mut(k)` and the
    /// `_exact` forms. `name` is the rayon method the call stands for (a
    /// loop of `spawn`s reads `chunks_mut` as `par_chunks_mut`).
    pub(super) fn par_source(&mut self, m: &syn::ExprMethodCall, name: &str) -> Option<Stage> {
        let span = m.span();
        let mutable = name.ends_with("_mut");
        if name == "into_par_iter" {
            if let syn::Expr::Range(r) = strip_parens(&m.receiver) {
                let mut stage = self.range_stage(r)?;
                stage.par = true;
                return Some(stage);
            }
        }
        let view = self.lower_view(&m.receiver)?;
        let start = view.off.clone().unwrap_or_else(|| Expr::int(0, span));
        let place = view.place.clone();
        if name.starts_with("par_chunks") {
            let size = self.lower_expr(&m.args[0]);
            let size = self.pin(size, "size", span);
            let mut stage = self.window_stage(view.clone(), size.clone(), name.trim_start_matches("par_"), span);
            let off = view.off.clone();
            stage.par = true;
            stage.splits.push(Rc::new(move |k: Expr| {
                let row = Expr::binary(BinOp::Mul, k, size.clone(), span);
                let base = match &off {
                    None => row,
                    Some(o) => Expr::binary(BinOp::Add, o.clone(), row, span),
                };
                Split { place: place.clone(), base, start: start.clone(), per: size.clone(), mutable, cut: false }
            }));
            return Some(stage);
        }
        let mut stage = self.view_stage(view.clone());
        stage.par = true;
        stage.splits.push(Rc::new(move |k: Expr| Split {
            place: place.clone(),
            base: element_index(&view, k),
            start: start.clone(),
            per: Expr::int(1, span),
            mutable,
            cut: false,
        }));
        Some(stage)
    }

    /// Adapters that re-map positions (`rev`, `step_by`, `skip`, `take`) are
    /// for serial chains only.
    pub(super) fn serial_only(&mut self, stage: &Stage, m: &syn::ExprMethodCall) {
        if stage.par {
            self.diag.error(
                m.method.span(),
                format!(
                    "`{}` is not supported on a rayon iterator: supported are enumerate, zip, map, copied, cloned, \
                     with_min_len and with_max_len",
                    m.method
                ),
            );
        }
    }

    /// `reduce(|| 0.0, |a, b| a + b)`: rayon's way to write a sum.
    pub(super) fn is_sum_reduce(&mut self, m: &syn::ExprMethodCall) -> bool {
        let ok = m.args.len() == 2
            && matches!(strip_parens(&m.args[0]), syn::Expr::Closure(c) if c.inputs.is_empty() && is_zero(&c.body))
            && matches!(strip_parens(&m.args[1]), syn::Expr::Closure(c) if is_add_of_inputs(c));
        if !ok {
            self.diag.error(
                m.span(),
                "only the sum `reduce(|| 0.0, |a, b| a + b)` is supported as a `reduce`; write other reductions as \
                 a `sum()` of mapped values or as a serial loop",
            );
        }
        ok
    }
}

/// The index of element `k` of a view.
fn element_index(view: &View, k: Expr) -> Expr {
    let place = view.elem(k);
    match place.proj.last() {
        Some(Proj::Index(i)) => (**i).clone(),
        _ => unreachable!("a view's element is an indexed place"),
    }
}

fn is_zero(e: &syn::Expr) -> bool {
    match strip_parens(e) {
        syn::Expr::Lit(l) => match &l.lit {
            syn::Lit::Float(f) => f.base10_parse::<f64>().is_ok_and(|v| v == 0.0),
            syn::Lit::Int(i) => i.base10_parse::<u64>().is_ok_and(|v| v == 0),
            _ => false,
        },
        _ => false,
    }
}

fn is_add_of_inputs(c: &syn::ExprClosure) -> bool {
    let names: Vec<String> = c
        .inputs
        .iter()
        .filter_map(|p| match p {
            syn::Pat::Ident(pi) => Some(pi.ident.to_string()),
            _ => None,
        })
        .collect();
    let [a, b] = names.as_slice() else { return false };
    let is = |e: &syn::Expr, n: &str| matches!(strip_parens(e), syn::Expr::Path(p) if p.path.is_ident(n));
    match strip_parens(&c.body) {
        syn::Expr::Binary(bin) if matches!(bin.op, syn::BinOp::Add(_)) => {
            (is(&bin.left, a) && is(&bin.right, b)) || (is(&bin.left, b) && is(&bin.right, a))
        }
        _ => false,
    }
}
