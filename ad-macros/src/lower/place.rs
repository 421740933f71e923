//! Places (what can be assigned), views into buffers (slices, chunks,
//! aliases), and the buffers a `let` can make.

use super::state::{Binding, Lowerer, View};
use crate::ir::*;
use crate::syntax::is_std_macro;
use crate::syntax::strip_parens;
use syn::spanned::Spanned;

impl Lowerer<'_> {
    /// A place that can be read or assigned: `x`, `x[i]`, `p.f`, `p.w[i]`,
    /// `*e` for an element visited by `iter_mut()`, `t.0` of a tuple.
    pub fn lower_place(&mut self, e: &syn::Expr) -> Option<Place> {
        let span = e.span();
        match strip_parens(e) {
            syn::Expr::Path(p) if p.qself.is_none() && p.path.segments.len() == 1 => {
                let name = p.path.segments[0].ident.to_string();
                match self.lookup(&name).cloned() {
                    Some(Binding::Var(v)) => Some(Place::var(v)),
                    Some(Binding::Place(pl)) => Some(pl),
                    Some(Binding::Value(_)) => {
                        self.diag.error(span, "a loop counter cannot be assigned");
                        None
                    }
                    Some(Binding::Closure(_)) => {
                        self.diag.error(span, "a closure stored in a variable cannot be assigned");
                        None
                    }
                    Some(Binding::View(_))
                    | Some(Binding::Tuple(_))
                    | Some(Binding::Process { .. })
                    | Some(Binding::RequestScope) => {
                        self.diag.error(span, "assigning a whole slice or tuple is not supported; assign its elements");
                        None
                    }
                    None => {
                        self.diag.error(span, format!("cannot find `{name}` among the function's variables"));
                        None
                    }
                }
            }
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => self.lower_place(&u.expr),
            syn::Expr::Index(ix) => {
                if let syn::Expr::Range(r) = strip_parens(&ix.index) {
                    self.diag.error(r.span(), "a range of a slice is not a single element");
                    return None;
                }
                let view = self.lower_view(&ix.expr)?;
                let idx = self.lower_expr(&ix.index);
                Some(self.checked_elem(&view, idx, span))
            }
            syn::Expr::Field(f) => {
                if let syn::Member::Unnamed(i) = &f.member {
                    if let Some(parts) = self.lower_tuple_binding(&f.base) {
                        return match parts.get(i.index as usize) {
                            Some(Binding::Var(v)) => Some(Place::var(*v)),
                            Some(Binding::Place(p)) => Some(p.clone()),
                            _ => {
                                self.diag.error(f.member.span(), "no such tuple field");
                                None
                            }
                        };
                    }
                }
                if matches!(strip_parens(&f.base), syn::Expr::Call(_) | syn::Expr::MethodCall(_) | syn::Expr::Binary(_))
                {
                    self.diag.error_spanned(
                        &f.base,
                        "a field of a value computed here: bind the value with its type first \
                         (`let v: V3 = ..;`, then `v.x`)",
                    );
                    return None;
                }
                let base = self.lower_place(&f.base)?;
                Some(base.field(f.member.clone()))
            }
            other => {
                self.diag.error(other.span(), "expected a variable, an element `x[i]` or a field `p.f`");
                None
            }
        }
    }

    /// A slice-valued expression: a buffer variable, a field holding a `Vec`,
    /// a chunk or window, `&x`, `&x[a..b]`. `None` (without an error) when the
    /// expression is not one.
    pub fn try_view(&mut self, e: &syn::Expr) -> Option<View> {
        self.view_of(e, true)
    }

    /// `try_view` of a slice the generated code passes on as `&x[lo..hi]`
    /// (a call's argument, a copy's source), where Rust checks the range
    /// itself if it is one of a whole buffer.
    pub fn try_sliced_view(&mut self, e: &syn::Expr) -> Option<View> {
        self.view_of(e, false)
    }

    pub(super) fn view_of(&mut self, e: &syn::Expr, checked: bool) -> Option<View> {
        let span = e.span();
        match strip_parens(e) {
            syn::Expr::Reference(r) => self.view_of(&r.expr, checked),
            // A reborrow, `&*x` or `&mut *x`: the buffer `x` itself.
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => self.view_of(&u.expr, checked),
            syn::Expr::Path(p) if p.qself.is_none() && p.path.segments.len() == 1 => {
                match self.lookup(&p.path.segments[0].ident.to_string()).cloned() {
                    Some(Binding::View(v)) => Some(v),
                    Some(Binding::Var(v)) if self.is_buf_var(v) => Some(View::whole(Place::var(v), span)),
                    _ => None,
                }
            }
            syn::Expr::Index(ix) => {
                let syn::Expr::Range(r) = strip_parens(&ix.index) else { return None };
                let base = self.try_view(&ix.expr)?;
                if matches!(r.limits, syn::RangeLimits::Closed(_)) {
                    self.diag.error(r.span(), "use `a..b` rather than `a..=b` for sub-slices");
                }
                let lo = r.start.as_ref().map(|s| self.lower_expr(s));
                let hi = match &r.end {
                    Some(h) => self.lower_expr(h),
                    None => base.len.clone(),
                };
                if checked || !base.is_whole() {
                    self.check_range(&base, lo.as_ref(), r.end.is_some().then_some(&hi), span);
                }
                let lo_e = lo.clone().unwrap_or_else(|| Expr::int(0, span));
                let len = self.difference(hi, lo_e, span);
                let off = match (&base.off, lo) {
                    (None, None) => None,
                    (None, Some(l)) => Some(l),
                    (Some(o), None) => Some(o.clone()),
                    (Some(o), Some(l)) => Some(Expr::binary(BinOp::Add, o.clone(), l, span)),
                };
                Some(View { place: base.place, off, len, mutable: base.mutable })
            }
            syn::Expr::Field(f) => {
                let base = self.try_view_base_struct(&f.base)?;
                Some(View::whole(base.field(f.member.clone()), span))
            }
            syn::Expr::MethodCall(m)
                if (m.method == "as_slice" || m.method == "as_mut_slice" || m.method == "as_ref")
                    && m.args.is_empty() =>
            {
                self.view_of(&m.receiver, checked)
            }
            _ => None,
        }
    }

    pub(super) fn try_view_base_struct(&mut self, e: &syn::Expr) -> Option<Place> {
        match strip_parens(e) {
            // An element of a buffer of structs (`layers[l].w`, `layer.w` of
            // `for layer in layers`).
            elem if self.is_element(elem) => match self.lower_expr(elem).kind {
                ExprKind::Read(p) => Some(p),
                _ => None,
            },
            syn::Expr::Path(p) if p.path.segments.len() == 1 => {
                match self.lookup(&p.path.segments[0].ident.to_string()) {
                    Some(Binding::Var(v)) if self.is_struct_var(*v) => Some(Place::var(*v)),
                    _ => None,
                }
            }
            syn::Expr::Field(f) => Some(self.try_view_base_struct(&f.base)?.field(f.member.clone())),
            _ => None,
        }
    }

    /// Like `try_view`, with an error when the expression is not a slice.
    pub fn lower_view(&mut self, e: &syn::Expr) -> Option<View> {
        let v = self.try_view(e);
        if v.is_none() {
            self.diag.error(
                e.span(),
                "expected a slice: a slice or `Vec` parameter, a local `Vec` or array, a field holding a `Vec`, \
                 or a sub-slice of one",
            );
        }
        v
    }

    /// `let v = &x[a..b]` and friends bind a view; the bounds are computed
    /// once, as Rust computes them.
    pub fn try_alias(&mut self, init: &syn::Expr) -> Option<Binding> {
        match strip_parens(init) {
            syn::Expr::Reference(_) | syn::Expr::Path(_) | syn::Expr::Index(_) | syn::Expr::MethodCall(_) => {}
            _ => return None,
        }
        if let syn::Expr::MethodCall(m) = strip_parens(init) {
            if m.method != "as_slice" && m.method != "as_mut_slice" && m.method != "as_ref" {
                return None;
            }
        }
        if let syn::Expr::Index(ix) = strip_parens(init) {
            if !matches!(strip_parens(&ix.index), syn::Expr::Range(_)) {
                return None;
            }
        }
        let view = self.try_view(init)?;
        let span = init.span();
        let off = view.off.map(|o| self.pin(o, "start", span));
        let len = match &view.len.kind {
            ExprKind::Len(_) if off.is_none() => view.len,
            _ => self.pin(view.len, "len", span),
        };
        let mutable = view.mutable
            || matches!(strip_parens(init), syn::Expr::Reference(r) if r.mutability.is_some())
            || matches!(strip_parens(init), syn::Expr::MethodCall(m) if m.method == "as_mut_slice");
        Some(Binding::View(View { place: view.place, off, len, mutable }))
    }

    /// `let mut v = &x[a..b];`: a view whose start and length are
    /// variables, so that `v = &x[c..d];` (or `v = w` of another view of
    /// `x`) can move it. `false` where `init` is no view.
    pub(super) fn try_rebindable_view(&mut self, ident: &syn::Ident, init: &syn::Expr) -> bool {
        if !matches!(strip_parens(init), syn::Expr::Reference(_)) {
            return false;
        }
        let Some(Binding::View(view)) = self.try_alias(init) else { return false };
        let span = init.span();
        let name = ident.to_string();
        let start = view.off.clone().unwrap_or_else(|| Expr::int(0, span));
        let off = self.new_var(&format!("{name}_start"), span, VarOrigin::Local, None);
        self.emit(StmtKind::Let { var: off, init: Init::Expr(start) }, span);
        let len = self.new_var(&format!("{name}_len"), span, VarOrigin::Local, None);
        self.emit(StmtKind::Let { var: len, init: Init::Expr(view.len.clone()) }, span);
        self.rebindable.insert(off);
        let (off, len) = (Some(Expr::var(off, span)), Expr::var(len, span));
        self.bind(ident, Binding::View(View { place: view.place, off, len, mutable: view.mutable }));
        true
    }

    /// Whether `e` names a view `try_rebindable_view` bound.
    pub(super) fn rebinds_view(&self, e: &syn::Expr) -> bool {
        self.rebindable_parts(e).is_some()
    }

    fn rebindable_parts(&self, e: &syn::Expr) -> Option<(View, VarId, VarId)> {
        let syn::Expr::Path(p) = strip_parens(e) else { return None };
        let Some(Binding::View(v)) = self.lookup(&p.path.get_ident()?.to_string()) else { return None };
        let off = match v.off.as_ref().map(|o| &o.kind) {
            Some(ExprKind::Read(p)) if p.is_var() && self.rebindable.contains(&p.base) => p.base,
            _ => return None,
        };
        let ExprKind::Read(len) = &v.len.kind else { return None };
        Some((v.clone(), off, len.base))
    }

    /// `v = &x[c..d];` or `v = w;` of a view `let mut v` bound: its start
    /// and length set to the new range's, which must be of the same buffer.
    pub(super) fn rebind_view(&mut self, a: &syn::ExprAssign) {
        let span = a.span();
        let Some((old, off, len)) = self.rebindable_parts(&a.left) else { return };
        let Some(new) = self.try_view(&a.right) else {
            self.diag.error_spanned(&a.right, "a slice variable can be rebound only to another slice");
            return;
        };
        if new.place.base != old.place.base || !new.place.is_var() || !old.place.is_var() {
            self.diag.error_spanned(
                &a.right,
                "a slice variable can be rebound only to another range of the buffer it was first bound to",
            );
            return;
        }
        let start = new.off.unwrap_or_else(|| Expr::int(0, span));
        // Both computed before either is set: the new range may read the old.
        let (start_t, len_t) =
            (self.temp("start", Init::Expr(start), span), self.temp("len", Init::Expr(new.len), span));
        self.emit(
            StmtKind::Assign { place: Place::var(off), op: AssignOp::Set, value: Expr::var(start_t, span) },
            span,
        );
        self.emit(StmtKind::Assign { place: Place::var(len), op: AssignOp::Set, value: Expr::var(len_t, span) }, span);
    }

    /// Initialisers that create a buffer.
    pub fn try_buffer_init(&mut self, init: &syn::Expr) -> Option<Init> {
        match init {
            syn::Expr::Macro(m) if is_std_macro(&m.mac.path, "vec") => {
                let body = m.mac.parse_body_with(|input: syn::parse::ParseStream| {
                    if input.is_empty() {
                        return Ok((Vec::new(), None));
                    }
                    let first: syn::Expr = input.parse()?;
                    if input.peek(syn::Token![;]) {
                        input.parse::<syn::Token![;]>()?;
                        let n: syn::Expr = input.parse()?;
                        return Ok((vec![first], Some(n)));
                    }
                    let mut elems = vec![first];
                    while input.peek(syn::Token![,]) {
                        input.parse::<syn::Token![,]>()?;
                        if input.is_empty() {
                            break;
                        }
                        elems.push(input.parse()?);
                    }
                    Ok((elems, None))
                });
                match body {
                    Ok((mut elems, Some(n))) => {
                        let elem = self.lower_element(&elems.remove(0));
                        let len = self.lower_expr(&n);
                        Some(Init::VecFill { elem, len })
                    }
                    Ok((elems, None)) => Some(Init::VecLit(elems.iter().map(|e| self.lower_element(e)).collect())),
                    Err(e) => {
                        self.diag.push(e);
                        Some(Init::VecLit(Vec::new()))
                    }
                }
            }
            syn::Expr::Array(a) => Some(Init::ArrayLit(a.elems.iter().map(|e| self.lower_element(e)).collect())),
            syn::Expr::Repeat(r) => {
                let elem = self.lower_element(&r.expr);
                Some(Init::ArrayFill { elem, len: (*r.len).clone() })
            }
            syn::Expr::MethodCall(m)
                if (m.method == "to_vec" || m.method == "clone" || m.method == "to_owned") && m.args.is_empty() =>
            {
                let view = self.try_sliced_view(&m.receiver)?;
                Some(Init::Copy(view.to_arg(false)))
            }
            syn::Expr::Call(c) => {
                let syn::Expr::Path(p) = &*c.func else { return None };
                let segs: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
                let n = segs.len();
                if n >= 2 && segs[n - 2] == "Vec" {
                    match segs[n - 1].as_str() {
                        "new" => return Some(Init::WithCapacity(None)),
                        "with_capacity" if c.args.len() == 1 => {
                            return Some(Init::WithCapacity(Some(self.lower_expr(&c.args[0]))))
                        }
                        _ => {}
                    }
                }
                None
            }
            _ => None,
        }
    }
}
