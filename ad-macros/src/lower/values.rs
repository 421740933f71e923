//! Values of user types (see `docs/values.md`): struct literals, and
//! values used whole, which are copied into value locals or assigned whole.

use super::state::{Binding, Lowerer};
use crate::ir::*;
use crate::syntax::strip_parens;
use proc_macro2::Span;
use syn::spanned::Spanned;

impl Lowerer<'_> {
    /// A differentiated value used whole (`a` of `a: V3`) where that is not
    /// supported: in arithmetic (`2.0 * a`). Constant data where no request
    /// asked for its derivative (read as data), else an error.
    pub(super) fn refuse_value_whole(&mut self, span: Span, v: VarId) -> Expr {
        if self.demote_value(v) {
            return Expr::var(v, span);
        }
        let name = &self.vars[v].name;
        self.diag.error(
            span,
            format!(
                "`{name}` is a value used whole here, in arithmetic other than the operators on values: not \
                 differentiated yet; read its fields (`{name}.x`), copy it (`let b = {name};`), pass it \
                 (`g({name})`, `g(&{name})`, `g(&mut {name})`), or write the value first (`{name} * 2.0`, \
                 `{name} - b`, with `#[autodiff]` on the operator's `impl`)"
            ),
        );
        Expr::bool(false, span)
    }

    /// The value-struct parameter `e` names, if it names one.
    pub(super) fn value_path(&self, e: &syn::Expr) -> Option<VarId> {
        let syn::Expr::Path(p) = e else { return None };
        match p.path.get_ident().and_then(|id| self.lookup(&id.to_string())) {
            Some(Binding::Var(v)) if self.is_value_var(*v) => Some(*v),
            _ => None,
        }
    }

    /// `e` read as data where it names a differentiated value: a match's
    /// scrutinee or a side of `==`, whose derivative is zero.
    pub(super) fn data_read(&self, e: &syn::Expr) -> Option<Expr> {
        let e = strip_parens(e);
        let v = self.value_path(e).filter(|&v| self.is_diff_value(v))?;
        Some(Expr::new(ExprKind::NoGrad(Box::new(Expr::var(v, e.span()))), e.span()))
    }

    /// `e` as a whole value: a struct literal, or a value variable read
    /// whole; `None` when it is neither.
    pub(super) fn value_whole(&mut self, e: &syn::Expr) -> Option<Expr> {
        match strip_parens(e) {
            syn::Expr::Struct(s) => Some(self.struct_lit(s)),
            syn::Expr::Call(c) => value_default(c).map(|ty| Expr::new(ExprKind::ValueDefault(ty), c.span())),
            op @ (syn::Expr::Binary(_) | syn::Expr::Unary(_)) if self.is_value_operation(op) => {
                self.value_operand(op).map(|v| Expr::var(v, op.span()))
            }
            elem if self.is_element(elem) => Some(self.lower_expr(elem)),
            named => self.value_path(named).map(|v| Expr::var(v, named.span())),
        }
    }

    /// `xs[i]` of a buffer of values copied into a new value local, which
    /// operators and calls by value take as they take a value variable.
    pub(super) fn element_copy(&mut self, e: &syn::Expr) -> Option<VarId> {
        let buf = self.element_of(e)?;
        let value = self.lower_expr(e);
        let ty = self.value_type(&value);
        let name = format!("{}_elem", self.vars[buf].name);
        Some(self.value_local(&name, value, ty, e.span()))
    }

    /// `let name: ty = value;`, a new differentiated value local.
    pub(super) fn value_local(&mut self, name: &str, value: Expr, ty: Option<syn::Type>, span: Span) -> VarId {
        let v = self.new_var(name, span, VarOrigin::Temp, ty);
        self.mark_value(v, true);
        self.emit(StmtKind::Let { var: v, init: Init::Expr(value) }, span);
        v
    }

    /// The element type of a buffer of values (`V3` of `xs: &[V3]`).
    pub(super) fn element_type(&self, buf: VarId) -> Option<syn::Type> {
        match self.value_elems.get(&buf) {
            Some(ty) => Some(ty.clone()),
            None => crate::parse::elem_behind_refs(self.vars[buf].annot.as_ref()?).cloned(),
        }
    }

    /// An element of a buffer of values passed to a call: by value
    /// (`g(xs[i])`, `g(*p)`) a copy; lent (`g(&xs[i])`, `g(&mut xs[i])`, or
    /// `g(p)` of `for p in xs`) its place, the shadow lent with it.
    pub(super) fn element_arg(&mut self, a: &syn::Expr, named: &syn::Expr) -> Option<Arg> {
        let buf = self.element_of(named)?;
        let (lent, mutable) = match a {
            syn::Expr::Reference(r) => (true, r.mutability.is_some()),
            syn::Expr::Path(_) => {
                let annot = &self.vars[buf].annot;
                (true, matches!(annot, Some(syn::Type::Reference(r)) if r.mutability.is_some()))
            }
            _ => (false, false),
        };
        if !lent {
            let v = self.element_copy(a)?;
            return Some(self.value_arg(v));
        }
        match self.lower_expr(named).kind {
            ExprKind::Read(place) => Some(Arg::Struct { place, mutable, by_value: false }),
            _ => None,
        }
    }

    /// The type of `e` where it is plainly a value: a value variable, an
    /// element of a buffer of values, a struct literal.
    pub(super) fn value_elem_type(&self, e: &syn::Expr) -> Option<syn::Type> {
        match strip_parens(e) {
            syn::Expr::Struct(s) => Some(crate::syntax::path_type(&s.path)),
            elem if self.is_element(elem) => self.element_type(self.element_of(elem)?),
            named => self.value_path(named).and_then(|v| self.vars[v].annot.clone()),
        }
    }

    /// An element of a new buffer (`vec![e; n]`, `[e; 3]`, `vec![a, b]`):
    /// a whole value where it is one.
    pub(super) fn lower_element(&mut self, e: &syn::Expr) -> Expr {
        match self.value_whole(e) {
            Some(v) => v,
            None => self.lower_expr(e),
        }
    }

    /// The element type of the new buffer `init` where it holds values.
    pub(super) fn values_held(&self, init: &Init) -> Option<syn::Type> {
        if !self.holds_values(init) {
            return None;
        }
        match init {
            Init::VecFill { elem, .. } | Init::ArrayFill { elem, .. } => self.value_type(elem),
            Init::VecLit(es) | Init::ArrayLit(es) => self.value_type(es.first()?),
            Init::Copy(b) => self.element_type(b.place.base),
            _ => None,
        }
    }

    /// Whether the new buffer `init` holds values.
    fn holds_values(&self, init: &Init) -> bool {
        let value = |e: &Expr| match &e.kind {
            ExprKind::ValueDefault(_) | ExprKind::StructLit(..) => true,
            ExprKind::Read(p) if p.is_var() => self.is_value_var(p.base),
            ExprKind::Read(p) => matches!(p.proj.as_slice(), [Proj::Index(_)]) && self.is_value_buffer(p.base),
            _ => false,
        };
        match init {
            Init::VecFill { elem, .. } | Init::ArrayFill { elem, .. } => value(elem),
            Init::VecLit(es) | Init::ArrayLit(es) => es.first().is_some_and(value),
            Init::Copy(b) => b.place.is_var() && self.is_value_buffer(b.place.base),
            _ => false,
        }
    }

    /// Whether `e` is an element of a buffer of values (`xs[i]`).
    pub(super) fn is_element(&self, e: &syn::Expr) -> bool {
        self.element_of(e).is_some()
    }

    /// The buffer of values `e` is an element of: `xs[i]`, or `p` (`*p`)
    /// bound to one by a loop (`for p in xs`).
    pub(super) fn element_of(&self, e: &syn::Expr) -> Option<VarId> {
        match strip_parens(e) {
            syn::Expr::Index(ix) => self.value_buffer(&ix.expr),
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => self.element_of(&u.expr),
            syn::Expr::Path(p) => match p.path.get_ident().and_then(|id| self.lookup(&id.to_string())) {
                Some(Binding::Place(pl)) if matches!(pl.proj.as_slice(), [Proj::Index(_)]) => {
                    self.is_value_buffer(pl.base).then_some(pl.base)
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// The buffer of values `e` names (`xs` of `xs: &[V3]`), if it names one.
    pub(super) fn value_buffer(&self, e: &syn::Expr) -> Option<VarId> {
        let syn::Expr::Path(p) = strip_parens(e) else { return None };
        match p.path.get_ident().and_then(|id| self.lookup(&id.to_string())) {
            Some(Binding::Var(v)) if self.is_value_buffer(*v) => Some(*v),
            _ => None,
        }
    }

    /// The type of a whole value `e` (as `value_whole` takes it).
    pub(super) fn value_type(&self, e: &Expr) -> Option<syn::Type> {
        match &e.kind {
            ExprKind::ValueDefault(ty) => Some(ty.clone()),
            ExprKind::StructLit(path, _) => Some(crate::syntax::path_type(path)),
            ExprKind::Read(p) if p.is_var() => self.vars[p.base].annot.clone(),
            // An element of a buffer of values.
            ExprKind::Read(p) if matches!(p.proj.as_slice(), [Proj::Index(_)]) => self.element_type(p.base),
            _ => None,
        }
    }

    /// `V3 { x: e1, y: e2, z: e3 }`: each field that is not a plain read or
    /// a literal is bound to a temporary first.
    fn struct_lit(&mut self, s: &syn::ExprStruct) -> Expr {
        let span = s.span();
        if let Some(rest) = &s.rest {
            self.diag.error_spanned(
                rest,
                "struct update syntax (`..base`) is not supported yet: name every field of the literal",
            );
            return Expr::bool(false, span);
        }
        let mut fields = Vec::new();
        for f in &s.fields {
            let value = self.lower_value(&f.expr, None);
            let value = match &value.kind {
                ExprKind::Read(_) | ExprKind::Lit(_) | ExprKind::Const(_) => value,
                _ => {
                    let name = match &f.member {
                        syn::Member::Named(n) => n.to_string(),
                        syn::Member::Unnamed(i) => format!("field_{}", i.index),
                    };
                    let span = value.span;
                    Expr::var(self.temp(&name, Init::Expr(value), span), span)
                }
            };
            fields.push((f.member.clone(), value));
        }
        Expr::new(ExprKind::StructLit(s.path.clone(), fields), span)
    }

    /// `e` as the value of a branch: a whole value where `value` says the
    /// branch computes one (into a value local).
    pub(super) fn lower_for_dest(&mut self, e: &syn::Expr, value: bool) -> Expr {
        if value {
            if let Some(v) = self.value_whole(e) {
                return v;
            }
        }
        self.value_tail = value;
        let v = self.lower_value(e, None);
        self.value_tail = false;
        v
    }

    /// The type of the value an `if` or `match` computes, where its first
    /// branch ends in a struct literal, a value variable or `T::default()`.
    pub(super) fn branch_value_type(&self, e: &syn::Expr) -> Option<syn::Type> {
        let tail = match strip_parens(e) {
            syn::Expr::If(i) => match i.then_branch.stmts.last() {
                Some(syn::Stmt::Expr(t, None)) => t,
                _ => return None,
            },
            syn::Expr::Match(m) => match strip_parens(&m.arms.first()?.body) {
                syn::Expr::Block(b) => match b.block.stmts.last() {
                    Some(syn::Stmt::Expr(t, None)) => t,
                    _ => return None,
                },
                t => t,
            },
            _ => return None,
        };
        match strip_parens(tail) {
            syn::Expr::Struct(s) => Some(crate::syntax::path_type(&s.path)),
            syn::Expr::Call(c) => value_default(c),
            named => self.value_path(named).and_then(|v| self.vars[v].annot.clone()),
        }
    }

    /// The function's result `e`: a whole value where it returns one.
    pub(super) fn lower_result(&mut self, e: &syn::Expr) -> Expr {
        match self.value_result.then(|| self.value_whole(e)).flatten() {
            Some(v) => v,
            None => self.lower_value(e, None),
        }
    }

    /// `let b = V3 { .. }` or `let b = a` of a value: `b` is a value local.
    pub(super) fn let_value(&mut self, ident: &syn::Ident, value: Expr, annot: Option<syn::Type>, span: Span) {
        let ty = annot.or_else(|| self.value_type(&value));
        // A copy of constant data is constant data.
        let (differentiated, soft) = match &value.kind {
            ExprKind::Read(p) if p.is_var() => (self.is_diff_value(p.base), self.soft_values.get(&p.base).copied()),
            _ => (true, None),
        };
        let v = self.new_var(&ident.to_string(), ident.span(), VarOrigin::Local, ty);
        self.mark_value(v, differentiated);
        if let Some(root) = soft {
            self.soft_values.insert(v, root);
        }
        self.emit(StmtKind::Let { var: v, init: Init::Expr(value) }, span);
        self.bind(ident, Binding::Var(v));
    }
}

/// The type `T` of `T::default()` (a capitalised path: a type, not a
/// module; not a standard container), the zero of a value type.
fn value_default(c: &syn::ExprCall) -> Option<syn::Type> {
    let syn::Expr::Path(p) = &*c.func else { return None };
    let segs: Vec<&syn::PathSegment> = p.path.segments.iter().collect();
    let [.., ty, f] = segs.as_slice() else { return None };
    let capitalised = ty.ident.to_string().starts_with(|c: char| c.is_ascii_uppercase());
    if p.qself.is_some() || !c.args.is_empty() || f.ident != "default" || !capitalised || ty.ident == "Default" {
        return None;
    }
    let mut path = p.path.clone();
    path.segments.pop();
    let path = syn::Path {
        leading_colon: path.leading_colon,
        segments: path.segments.into_pairs().map(|p| p.into_value()).collect(),
    };
    let ty = crate::syntax::path_type(&path);
    crate::parse::is_user_value(&ty).then_some(ty)
}

/// Whether a match arm's pattern takes data only out of enum variants
/// named by path (`Norm::Scaled(s)`): data is constant in differentiated
/// code, so matching a value this way reads it as data.
pub(super) fn enum_data_pattern(p: &syn::Pat) -> bool {
    let variant = |path: &syn::Path| path.segments.len() >= 2;
    match p {
        syn::Pat::TupleStruct(t) => variant(&t.path),
        syn::Pat::Struct(s) => variant(&s.path),
        syn::Pat::Path(_) | syn::Pat::Wild(_) | syn::Pat::Lit(_) | syn::Pat::Range(_) => true,
        syn::Pat::Or(o) => o.cases.iter().all(enum_data_pattern),
        _ => false,
    }
}
