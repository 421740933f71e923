//! Rust's bounds checks on sub-slices. A view is an offset into its buffer,
//! so an index past the view's end would read the buffer's next elements
//! where Rust panics. The lowering emits Rust's checks (`StmtKind::Check`,
//! forward sweep only), and leaves them out where the code's form proves
//! them: a loop counter that stays inside the view, lengths asserted equal,
//! a view that runs to its buffer's end (whose own check makes it).

use super::arith::linear;
use super::state::{Binding, Lowerer, View};
use crate::ir::*;
use proc_macro2::Span;

/// The comma-separated arguments of a macro.
type MacroArgs = syn::punctuated::Punctuated<syn::Expr, syn::Token![,]>;

impl Lowerer<'_> {
    /// `assert_eq!(a.len(), b.len())` on two buffers: the checks after it
    /// take the two lengths as one (the derivative's shadows are asserted so).
    pub(super) fn note_equal_lengths(&mut self, mac: &syn::Macro) {
        let Ok(args) = mac.parse_body_with(MacroArgs::parse_terminated) else { return };
        let buf = |e: Option<&syn::Expr>| match e.map(crate::syntax::strip_parens) {
            Some(syn::Expr::MethodCall(m)) if m.method == "len" && m.args.is_empty() => {
                match crate::syntax::strip_parens(&m.receiver) {
                    syn::Expr::Path(p) if p.path.segments.len() == 1 => {
                        match self.lookup(&p.path.segments[0].ident.to_string()) {
                            Some(Binding::Var(v)) if self.is_buf_var(*v) => Some(self.length_class(*v)),
                            _ => None,
                        }
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        if let (Some(a), Some(b)) = (buf(args.first()), buf(args.iter().nth(1))) {
            if a != b {
                self.equal_lengths.insert(a, b);
            }
        }
    }

    /// The buffer that stands for all those asserted to have `v`'s length.
    fn length_class(&self, mut v: VarId) -> VarId {
        while let Some(&w) = self.equal_lengths.get(&v) {
            v = w;
        }
        v
    }

    /// `&base[lo..hi]` panics unless `lo <= hi <= base.len()`.
    pub(super) fn check_range(&mut self, base: &View, lo: Option<&Expr>, hi: Option<&Expr>, span: Span) {
        if let (Some(lo), Some(hi)) = (lo, hi) {
            self.ensure(Bound::AtMost, lo, hi, "slice index starts after it ends", span);
        }
        match (lo, hi) {
            (_, Some(hi)) => self.ensure(Bound::AtMost, hi, &base.len, "range end index out of range for slice", span),
            (Some(lo), None) => {
                self.ensure(Bound::AtMost, lo, &base.len, "range start index out of range for slice", span)
            }
            (None, None) => {}
        }
    }

    /// Element `i` of a view, after Rust's check `i < len` where the buffer's
    /// own check does not already make it.
    pub(super) fn checked_elem(&mut self, view: &View, i: Expr, span: Span) -> Place {
        let len_of_place = Expr::new(ExprKind::Len(view.place.clone()), span);
        let whole =
            view.is_whole() || (view.off.is_none() && view.place.is_var() && self.at_most(&len_of_place, &view.len));
        if whole {
            return view.elem(i);
        }
        // The rest of the buffer from the view's start (a chunk's `len -
        // start`) needs no check of its own: the buffer's makes it (`i < len
        // - off` is `off + i < len`).
        for len in min_parts(&view.len).into_iter().filter(|len| !is_rest_of_buffer(len, view)) {
            self.ensure_part(
                Bound::Below,
                &i,
                len,
                "index out of bounds: the index is past the end of the slice",
                span,
            );
        }
        view.elem(i)
    }

    /// `__parad_row_index!(k, n)`, which the rewriting of buffers of arrays
    /// puts for `k` in `p[i][k]`: `k`, checked against the row's width.
    pub(super) fn lower_row_index(&mut self, mac: &syn::Macro, span: Span) -> Expr {
        let args = mac.parse_body_with(MacroArgs::parse_terminated).ok().filter(|a| a.len() == 2);
        let Some(args) = args else { return Expr::int(0, span) };
        let k = self.lower_expr(&args[0]);
        let width = self.lower_expr(&args[1]);
        self.ensure(Bound::Below, &k, &width, "index out of bounds: the index is past the end of the array", span);
        k
    }

    /// Panics with `message` unless `a < b` (`Below`) or `a <= b`
    /// (`AtMost`); no check where that holds by the code's form. Each bound
    /// of a chunk's length `min(size, rest)` is taken alone.
    fn ensure(&mut self, bound: Bound, a: &Expr, b: &Expr, message: &'static str, span: Span) {
        for part in min_parts(b) {
            self.ensure_part(bound, a, part, message, span);
        }
    }

    /// `ensure` against one bound.
    fn ensure_part(&mut self, bound: Bound, a: &Expr, b: &Expr, message: &'static str, span: Span) {
        let holds = match bound {
            Bound::Below => self.below(a, b),
            Bound::AtMost => self.at_most(a, b),
        };
        if !holds {
            let op = if bound == Bound::Below { BinOp::Ge } else { BinOp::Gt };
            self.panic_if(Expr::binary(op, a.clone(), b.clone(), span), message, span);
        }
    }

    /// `if cond { panic!(message) }`, the panic at the user's span.
    pub(super) fn panic_if(&mut self, cond: Expr, message: &'static str, span: Span) {
        self.emit(StmtKind::Check { cond, message }, span);
    }

    /// Whether `i < len` holds: both are literals, or `i` is a loop counter
    /// plus a constant and the loop's end plus that constant is at most `len`.
    fn below(&self, i: &Expr, len: &Expr) -> bool {
        let (base, c) = self.linear(i);
        let Some(base) = base else { return matches!(self.linear(len), (None, l) if c < l) };
        let ExprKind::Read(p) = &base.kind else { return false };
        let Some((lo, hi)) = p.is_var().then(|| self.counter_ranges.get(&p.base)).flatten() else { return false };
        // A counter minus a constant wraps below its loop's start.
        let no_wrap = c >= 0 || matches!(self.linear(lo), (None, l) if l + c >= 0);
        let (h, d) = self.linear(hi);
        let (e, l) = self.linear(len);
        no_wrap && same_base(&h, &e) && d + c <= l
    }

    /// `hi - lo`, a literal where the two differ by a constant (`j..j + 5`).
    pub(super) fn difference(&self, hi: Expr, lo: Expr, span: Span) -> Expr {
        let ((x, c), (y, d)) = (linear(&hi), linear(&lo));
        match c - d {
            n if same_base(&x, &y) && n >= 0 => Expr::int(n as usize, span),
            _ if lo.is_lit_int(0) => hi,
            _ => Expr::binary(BinOp::Sub, hi, lo, span),
        }
    }

    /// Whether `a <= b` holds by the form of the two: the same expression
    /// plus constants, or `b` a sum of `a` and more (indices are unsigned).
    fn at_most(&self, a: &Expr, b: &Expr) -> bool {
        let ((x, c), (y, d)) = (self.linear(a), self.linear(b));
        if same_base(&x, &y) && c <= d {
            return true;
        }
        match y.map(|y| y.kind) {
            Some(ExprKind::Binary(BinOp::Add, p, q)) => d >= 0 && (self.at_most(a, &p) || self.at_most(a, &q)),
            _ => false,
        }
    }

    /// `linear`, with a buffer's length read as its class's.
    fn linear(&self, e: &Expr) -> (Option<Expr>, i128) {
        let (base, c) = linear(e);
        let base = base.map(|b| match &b.kind {
            ExprKind::Len(p) if p.is_var() => Expr::new(ExprKind::Len(Place::var(self.length_class(p.base))), b.span),
            _ => b,
        });
        (base, c)
    }
}

/// The bounds of a length: `size` and `rest` of `min(size, rest)`, else the
/// length itself.
fn min_parts(len: &Expr) -> Vec<&Expr> {
    match &len.kind {
        ExprKind::Method(Method::Min, size, rest) if rest.len() == 1 => vec![size, &rest[0]],
        _ => vec![len],
    }
}

/// Whether `len` is `x.len() - off` of the view `x[off..]`.
fn is_rest_of_buffer(len: &Expr, view: &View) -> bool {
    match (&len.kind, &view.off) {
        (ExprKind::Binary(BinOp::Sub, whole, start), Some(off)) => {
            matches!(&whole.kind, ExprKind::Len(p) if p.is_var() && view.place.is_var() && p.base == view.place.base)
                && same_expr(start, off)
        }
        _ => false,
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Bound {
    Below,
    AtMost,
}

fn same_base(a: &Option<Expr>, b: &Option<Expr>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => same_expr(a, b),
        _ => false,
    }
}
