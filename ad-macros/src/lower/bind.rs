//! `let` statements, the patterns they bind, and assignments of whole
//! buffers and tuples.

use super::state::{Binding, Lowerer};
use super::stmt::unwrap_no_grad_call;
use crate::ir::*;
use crate::syntax::strip_parens;
use proc_macro2::Span;
use syn::spanned::Spanned;

const NOT_A_VECTOR: &str = "a whole vector is assigned only a vector: another local `Vec`, a call returning one, \
     `collect()`, `vec![..]` or `to_vec()`";

impl Lowerer<'_> {
    pub(super) fn lower_local(&mut self, local: &syn::Local) {
        let (pat, annot) = match &local.pat {
            syn::Pat::Type(pt) => (&*pt.pat, Some((*pt.ty).clone())),
            p => (p, None),
        };
        let init = local.init.as_ref().map(|i| {
            if let Some((_, div)) = &i.diverge {
                self.diag.error(div.span(), "`let ... else` is not supported");
            }
            &*i.expr
        });
        match pat {
            syn::Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() => {
                // `let mut input = &x[..b];`: a view that may be rebound.
                if pi.mutability.is_some() && init.is_some_and(|i| self.try_rebindable_view(&pi.ident, i)) {
                    return;
                }
                self.lower_let_ident(&pi.ident, annot, init, local.span());
            }
            syn::Pat::Tuple(pt) => {
                let Some(init) = init else {
                    // `let (s, c);`: each name declared, assigned later.
                    let names =
                        self.pattern_names(&pt.elems, "only names and `_` are supported inside a tuple pattern");
                    for (k, name) in names.iter().enumerate() {
                        if let Some(name) = name {
                            self.lower_let_ident(name, tuple_elem_ty(annot.as_ref(), k), None, local.span());
                        }
                    }
                    return;
                };
                self.lower_let_tuple(pt, init, annot.as_ref());
            }
            syn::Pat::Wild(_) => {
                if let Some(init) = init {
                    self.lower_expr_stmt(init);
                }
            }
            syn::Pat::Slice(sp) => self.lower_let_array(sp, init, annot.as_ref()),
            other => self.diag.error_spanned(
                other,
                "unsupported pattern in `let`: supported are names (`let x`, `let mut x: f64`) and tuples of names",
            ),
        }
    }

    pub(super) fn lower_let_tuple(&mut self, pt: &syn::PatTuple, init: &syn::Expr, annot: Option<&syn::Type>) {
        let elem_ty = |k: usize| tuple_elem_ty(annot, k);
        let names = self.pattern_names(&pt.elems, "only names and `_` are supported inside a tuple pattern");
        let method_call = match strip_parens(init) {
            syn::Expr::MethodCall(m) => self.method_as_call(m).map(syn::Expr::Call),
            _ => None,
        };
        match method_call.as_ref().unwrap_or(strip_parens(init)) {
            syn::Expr::Tuple(t) if t.elems.len() == names.len() => {
                // Evaluate every element before binding any name: `let (a, b) = (b, a)`.
                // An element of a user type (`(ps[i].pos, q)`) is a value local.
                let value_tys: Vec<Option<syn::Type>> = (t.elems.iter().enumerate())
                    .map(|(k, e)| elem_ty(k).filter(crate::parse::is_user_value).or_else(|| self.value_elem_type(e)))
                    .collect();
                let values: Vec<Expr> = t.elems.iter().map(|e| self.lower_expr(e)).collect();
                let temps: Vec<VarId> = (values.into_iter().zip(&value_tys))
                    .map(|(v, ty)| {
                        let span = v.span;
                        match ty {
                            Some(_) => self.value_local("tuple", v, ty.clone(), span),
                            None => self.temp("tuple", Init::Expr(v), span),
                        }
                    })
                    .collect();
                for (k, (name, t)) in names.iter().zip(temps).enumerate() {
                    if let Some(name) = name {
                        let v = self.bind_new(name, elem_ty(k).or_else(|| value_tys[k].clone()));
                        if value_tys[k].is_some() {
                            self.mark_value(v, true);
                        }
                        let span = name.span();
                        self.emit(StmtKind::Let { var: v, init: Init::Expr(Expr::var(t, span)) }, span);
                    }
                }
            }
            syn::Expr::Call(c) if super::tasks::is_join(c) => {
                let names: Vec<_> = names.iter().enumerate().map(|(k, n)| (n.clone(), elem_ty(k))).collect();
                self.lower_join(c, &names);
            }
            syn::Expr::MethodCall(m) if m.method == "split_at" || m.method == "split_at_mut" => {
                self.lower_split_at(m, &names)
            }
            syn::Expr::MethodCall(m) if m.method == "sin_cos" && m.args.is_empty() && names.len() == 2 => {
                self.lower_let_sin_cos(m, &names)
            }
            syn::Expr::Call(c) => {
                // `no_grad(f(x))` destructured: the plain call, recorded as constant.
                let (c, nograd) = match unwrap_no_grad_call(c) {
                    Some(inner) => (inner, true),
                    None => (c, false),
                };
                let call = self.lower_call_parts(c).map(|mut call| {
                    call.nograd = nograd;
                    call
                });
                let dests: Vec<VarId> = names
                    .iter()
                    .enumerate()
                    .map(|(k, n)| match n {
                        Some(n) => self.bind_new(n, elem_ty(k)),
                        None => self.new_var("unused", c.span(), VarOrigin::Temp, None),
                    })
                    .collect();
                if let Some(call) = call {
                    self.emit(StmtKind::Call { dests, call }, c.span());
                }
            }
            syn::Expr::Path(_) => match self.lower_tuple_binding(init) {
                Some(parts) if parts.len() == names.len() => {
                    for (name, b) in names.iter().zip(parts) {
                        if let Some(name) = name {
                            let value = self.binding_value(&b, name.span());
                            let v = self.bind_new(name, None);
                            self.emit(StmtKind::Let { var: v, init: Init::Expr(value) }, name.span());
                        }
                    }
                }
                _ => self.diag.error(init.span(), "expected a tuple with as many elements as the pattern"),
            },
            syn::Expr::If(i) => {
                // `let (a, b) = if c { (x, y) } else { (z, w) };`
                let dests: Vec<VarId> = names
                    .iter()
                    .enumerate()
                    .map(|(k, n)| {
                        let v = match n {
                            Some(n) => self.new_var(&n.to_string(), n.span(), VarOrigin::Local, elem_ty(k)),
                            None => self.new_var("unused", i.span(), VarOrigin::Temp, None),
                        };
                        self.emit(StmtKind::Let { var: v, init: Init::Uninit }, i.span());
                        v
                    })
                    .collect();
                let outer = self.tuple_dest.replace(dests.clone());
                self.lower_if(i, None);
                self.tuple_dest = outer;
                for (name, v) in names.iter().zip(&dests) {
                    if let Some(name) = name {
                        self.bind(name, Binding::Var(*v));
                    }
                }
            }
            other => self.diag.error(
                other.span(),
                "a tuple pattern needs a tuple `(a, b)`, an `if` whose branches end in tuples, a tuple variable, \
                 a call returning a tuple, `rayon::join`, `split_at` or `sin_cos`",
            ),
        }
    }

    /// The names of a tuple or array pattern's elements (`None` for `_`);
    /// `msg` at any other element.
    pub fn pattern_names(
        &self,
        elems: &syn::punctuated::Punctuated<syn::Pat, syn::Token![,]>,
        msg: &str,
    ) -> Vec<Option<syn::Ident>> {
        elems
            .iter()
            .map(|p| match p {
                syn::Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() => Some(pi.ident.clone()),
                syn::Pat::Wild(_) => None,
                other => {
                    self.diag.error(other.span(), msg);
                    None
                }
            })
            .collect()
    }

    /// The local buffer `e` names, a local `Vec` or array.
    pub(super) fn local_buffer(&self, e: &syn::Expr) -> Option<VarId> {
        let syn::Expr::Path(p) = strip_parens(e) else { return None };
        match self.lookup(&p.path.get_ident()?.to_string()) {
            Some(Binding::Var(v))
                if self.is_buf_var(*v) && matches!(self.vars[*v].origin, VarOrigin::Local | VarOrigin::Temp) =>
            {
                Some(*v)
            }
            _ => None,
        }
    }

    /// `u = v` of whole local buffers, and `u = f(..)` (a call, a method,
    /// `vec!`): `u` takes the new vector, swapped with it, a new one first
    /// bound to a temporary `u_new`. The old vector goes with `v` or the
    /// temporary, which Rust has moved from. Where `v` or `u` is not known
    /// to be a `Vec` (an array, which Rust copies), the elements are copied.
    pub(super) fn lower_buffer_assign(&mut self, a: &syn::ExprAssign, span: Span) {
        let (left, right) = (&a.left, &a.right);
        let Some(u) = self.local_buffer(left) else { return };
        if let Some(v) = self.local_buffer(right) {
            if self.vecs.contains(&v) {
                self.emit(StmtKind::Swap(Place::var(u), Place::var(v)), span);
            } else {
                self.lower_expr_stmt(&syn::parse_quote_spanned!(span=> #left.copy_from_slice(&#right)));
            }
            return;
        }
        if !matches!(strip_parens(right), syn::Expr::Call(_) | syn::Expr::MethodCall(_) | syn::Expr::Macro(_)) {
            if self.vecs.contains(&u) {
                self.diag.error(right.span(), NOT_A_VECTOR);
            } else {
                // An array literal, or any other value: assigned as a place is.
                let value = self.lower_value(right, None);
                self.emit(StmtKind::Assign { place: Place::var(u), op: AssignOp::Set, value }, span);
            }
            return;
        }
        let name = crate::names::ident(&format!("{}_new", crate::names::bare(&self.vars[u].name)), span);
        self.push_scope();
        self.vec_results.insert(name.to_string());
        self.lower_let_ident(&name, None, Some(right), span);
        self.vec_results.remove(&name.to_string());
        match self.lookup(&name.to_string()) {
            Some(&Binding::Var(v)) if self.is_buf_var(v) && self.vecs.contains(&u) => {
                self.emit(StmtKind::Swap(Place::var(u), Place::var(v)), span)
            }
            // An array takes the elements of an array made for it.
            Some(&Binding::Var(v)) if self.is_buf_var(v) => {
                self.lower_expr_stmt(&syn::parse_quote_spanned!(span=> #left.copy_from_slice(&#name)))
            }
            _ => self.diag.error(right.span(), NOT_A_VECTOR),
        }
        self.pop_scope();
    }

    pub(super) fn lower_let_ident(
        &mut self,
        ident: &syn::Ident,
        annot: Option<syn::Type>,
        init: Option<&syn::Expr>,
        span: Span,
    ) {
        let Some(init) = init else {
            let v = self.bind_new(ident, annot);
            self.emit(StmtKind::Let { var: v, init: Init::Uninit }, span);
            return;
        };
        let init = strip_parens(init);
        let vec_result = self.vec_results.remove(&ident.to_string());
        if let syn::Expr::Closure(c) = init {
            self.bind_closure(ident, c);
            return;
        }
        // MPI processes and requests are names too; an operation's
        // `Status` is not kept.
        if self.try_process_binding(ident, init) || self.try_immediate(Some(ident), init) || self.try_mpi_stmt(init) {
            return;
        }
        if let syn::Expr::MethodCall(m) = init {
            if let Some(q) = self.comm_query(m) {
                let v = self.bind_new(ident, annot);
                self.emit(StmtKind::Let { var: v, init: Init::Expr(q) }, span);
                return;
            }
        }
        // `let c = a` of a whole local buffer: a `Vec` is moved, swapped
        // into a new one; an array is copied. (An alias would see later
        // writes to `a`, or the vector a later `a = ..` swaps in.)
        if let Some(a) = self.local_buffer(init) {
            self.let_whole_buffer(ident, a, annot, span);
            return;
        }
        // `let d: V3 = ps[i].pos - ps[j].pos;`: the operands' type.
        let operator = matches!(init, syn::Expr::Binary(_) | syn::Expr::Unary(_));
        let hint = annot.clone().filter(|t| operator && crate::parse::is_user_value(t));
        let outer = std::mem::replace(&mut self.value_hint, hint);
        let value = self.value_whole(init).or_else(|| typed_default(init, annot.as_ref()));
        self.value_hint = outer;
        if let Some(value) = value {
            self.let_value(ident, value, annot, span);
            return;
        }
        // Slices and aliases bind a name without a statement.
        if let Some(b) = self.try_alias(init) {
            self.bind(ident, b);
            return;
        }
        if let syn::Expr::Tuple(t) = init {
            self.let_tuple_value(ident, t);
            return;
        }
        if let Some(buf_init) = self.try_buffer_init(init) {
            self.let_new_buffer(ident, init, buf_init, annot, span);
            return;
        }
        // `s.f(x)` of a struct or `self`, as the call `T::f(s, x)`.
        let method_call = match init {
            syn::Expr::MethodCall(m) => self.method_as_call(m).map(syn::Expr::Call),
            _ => None,
        };
        if let syn::Expr::Call(c) = method_call.as_ref().unwrap_or(init) {
            // `let order: Vec<usize> = no_grad(f(..))`: a constant vector.
            let typed_vec = annot.as_ref().is_some_and(|t| crate::parse::elem_of(t).is_some());
            let (c, nograd) = match super::stmt::unwrap_no_grad_call(c).filter(|_| typed_vec) {
                Some(inner) => (inner, true),
                None => (c, false),
            };
            if nograd || self.is_user_call(c) {
                let call = self.lower_call_parts(c).map(|mut call| {
                    call.nograd = nograd;
                    call
                });
                let vec = vec_result || typed_vec;
                // A call returning a value (`let r: V3 = g(a)`) makes a value local.
                let value = annot.as_ref().is_some_and(crate::parse::is_user_value);
                let v = self.new_var(&ident.to_string(), ident.span(), VarOrigin::Local, annot);
                if vec {
                    self.mark_vec(v);
                }
                if value {
                    self.mark_value(v, true);
                }
                if let Some(call) = call {
                    self.emit(StmtKind::Let { var: v, init: Init::Call(call) }, span);
                }
                self.bind(ident, Binding::Var(v));
                return;
            }
        }
        // Values computed by statements (if, match, blocks, iterator chains)
        // are computed straight into the new variable, a value local where
        // the branches make values.
        // A place, or what a branch or block computes, typed with a user
        // type (`let a: V3 = ps[i].pos;`) is a value too.
        let place = matches!(
            init,
            syn::Expr::Field(_) | syn::Expr::Index(_) | syn::Expr::If(_) | syn::Expr::Match(_) | syn::Expr::Block(_)
        );
        let value_ty = (self.branch_value_type(init))
            .or_else(|| annot.clone().filter(|t| place && crate::parse::is_user_value(t)));
        let v = self.new_var(&ident.to_string(), ident.span(), VarOrigin::Local, annot.or(value_ty.clone()));
        if value_ty.is_some() {
            self.mark_value(v, true);
        }
        let value = self.lower_value(init, Some(v));
        match value.kind {
            ExprKind::Read(ref p) if p.is_var() && p.base == v => {}
            _ => self.emit(StmtKind::Let { var: v, init: Init::Expr(value) }, span),
        }
        self.bind(ident, Binding::Var(v));
    }

    /// `let c = a` of a whole local buffer `a`: a `Vec` is moved, swapped
    /// into the new `c`; an array is copied.
    fn let_whole_buffer(&mut self, ident: &syn::Ident, a: VarId, annot: Option<syn::Type>, span: Span) {
        let moved = self.vecs.contains(&a);
        let c = self.new_var(&ident.to_string(), ident.span(), VarOrigin::Local, annot);
        self.mark_buf(c);
        if moved {
            self.emit(StmtKind::Let { var: c, init: Init::WithCapacity(None) }, span);
            self.emit(StmtKind::Swap(Place::var(c), Place::var(a)), span);
        } else {
            self.emit(
                StmtKind::Let {
                    var: c,
                    init: Init::Copy(super::state::View::whole(Place::var(a), span).to_arg(false)),
                },
                span,
            );
        }
        self.bind(ident, Binding::Var(c));
    }

    /// `let t = (a, b, ..)`: one variable `t_k` per element, the name bound
    /// to the tuple of them.
    fn let_tuple_value(&mut self, ident: &syn::Ident, t: &syn::ExprTuple) {
        let parts: Vec<Binding> = t
            .elems
            .iter()
            .enumerate()
            .map(|(k, e)| {
                let value = self.lower_expr(e);
                let vspan = value.span;
                let v = self.new_var(&format!("{ident}_{k}"), vspan, VarOrigin::Local, None);
                self.emit(StmtKind::Let { var: v, init: Init::Expr(value) }, vspan);
                Binding::Var(v)
            })
            .collect();
        self.bind(ident, Binding::Tuple(parts));
    }

    /// `let v = ..` of a new buffer, started with `buf_init` (`vec![..]`, an
    /// array, `Vec::new()`, a slice's copy): marked a `Vec` where `init`
    /// copies into one (`clone` of a local `Vec`, `to_vec`, `to_owned`).
    fn let_new_buffer(
        &mut self,
        ident: &syn::Ident,
        init: &syn::Expr,
        buf_init: Init,
        annot: Option<syn::Type>,
        span: Span,
    ) {
        let copied_vec = match init {
            syn::Expr::MethodCall(m) if m.method == "clone" => {
                self.local_buffer(&m.receiver).is_some_and(|s| self.vecs.contains(&s))
            }
            syn::Expr::MethodCall(m) => m.method == "to_vec" || m.method == "to_owned",
            _ => false,
        };
        let held = self.values_held(&buf_init);
        let values =
            held.is_some() || annot.as_ref().and_then(crate::parse::elem_of).is_some_and(crate::parse::is_user_value);
        let v = self.new_var(&ident.to_string(), ident.span(), VarOrigin::Local, annot);
        if copied_vec {
            self.mark_vec(v);
        } else {
            self.mark_buf(v);
        }
        if values {
            self.mark_value_buffer(v);
        }
        if let Some(ty) = held {
            self.value_elems.insert(v, ty);
        }
        self.emit(StmtKind::Let { var: v, init: buf_init }, span);
        self.bind(ident, Binding::Var(v));
    }

    /// `(a, b) = rhs;` or `[a, b] = rhs;`, read as the block `{ let (new_a,
    /// new_b) = rhs; a = new_a; b = new_b; }`: every value is computed
    /// before any target is assigned, as Rust does.
    pub(super) fn lower_destructuring(&mut self, left: &syn::Expr, rhs: &syn::Expr) {
        let (targets, array) = match strip_parens(left) {
            syn::Expr::Tuple(t) => (&t.elems, false),
            syn::Expr::Array(a) => (&a.elems, true),
            _ => return,
        };
        let mut pats = Vec::new();
        let mut assigns = Vec::new();
        for (k, target) in targets.iter().enumerate() {
            let name = match strip_parens(target) {
                syn::Expr::Infer(_) => {
                    pats.push(quote::quote!(_));
                    continue;
                }
                syn::Expr::Path(p) if p.path.get_ident().is_some() => {
                    quote::format_ident!("new_{}", p.path.segments[0].ident)
                }
                _ => quote::format_ident!("new_{k}"),
            };
            assigns.push(quote::quote_spanned!(target.span()=> #target = #name;));
            pats.push(quote::quote!(#name));
        }
        let pat = if array { quote::quote!([#(#pats),*]) } else { quote::quote!((#(#pats,)*)) };
        let block: syn::Block = syn::parse_quote_spanned!(left.span()=> { let #pat = #rhs; #(#assigns)* });
        let (blk, tail) = self.block(|l| l.lower_stmts(&block.stmts));
        self.emit_block_inline(blk);
        drop(tail);
    }
}

/// Whether an identifier in a pattern binds a name: `x`, `_x`, `x @ ..`;
/// upper-case ones are constants and unit variants (`None`).
pub(super) fn binds(pi: &syn::PatIdent) -> bool {
    let first = pi.ident.to_string().chars().next().unwrap_or('_');
    first.is_lowercase() || first == '_' || pi.subpat.is_some()
}

/// The names a pattern binds (see `binds`).
pub(super) fn bindings(p: &syn::Pat) -> Vec<&syn::PatIdent> {
    let mut out = Vec::new();
    fn walk<'p>(p: &'p syn::Pat, out: &mut Vec<&'p syn::PatIdent>) {
        match p {
            syn::Pat::Ident(pi) => {
                if binds(pi) {
                    out.push(pi);
                }
                if let Some((_, sub)) = &pi.subpat {
                    walk(sub, out);
                }
            }
            // Every case binds the same names.
            syn::Pat::Or(o) => {
                if let Some(first) = o.cases.first() {
                    walk(first, out);
                }
            }
            syn::Pat::Tuple(t) => t.elems.iter().for_each(|e| walk(e, out)),
            syn::Pat::TupleStruct(t) => t.elems.iter().for_each(|e| walk(e, out)),
            syn::Pat::Struct(s) => s.fields.iter().for_each(|f| walk(&f.pat, out)),
            syn::Pat::Reference(r) => walk(&r.pat, out),
            syn::Pat::Slice(s) => s.elems.iter().for_each(|e| walk(e, out)),
            syn::Pat::Paren(p) => walk(&p.pat, out),
            _ => {}
        }
    }
    walk(p, &mut out);
    out
}

/// `pat` with every binding replaced by `_` (`k @ 1..=3` by `1..=3`).
pub(super) fn without_bindings(pat: &syn::Pat) -> syn::Pat {
    struct Unbind;
    impl syn::visit_mut::VisitMut for Unbind {
        fn visit_pat_mut(&mut self, p: &mut syn::Pat) {
            if let syn::Pat::Ident(pi) = p {
                if let Some((_, sub)) = pi.subpat.take() {
                    *p = *sub;
                } else if binds(pi) {
                    *p = syn::Pat::Wild(syn::PatWild {
                        attrs: Vec::new(),
                        underscore_token: syn::Token![_](pi.ident.span()),
                    });
                    return;
                }
            }
            syn::visit_mut::visit_pat_mut(self, p);
        }
        // `Flux { rate, .. }` becomes `Flux { rate: _, .. }`.
        fn visit_field_pat_mut(&mut self, f: &mut syn::FieldPat) {
            f.colon_token.get_or_insert_with(Default::default);
            syn::visit_mut::visit_field_pat_mut(self, f);
        }
    }
    let mut p = pat.clone();
    syn::visit_mut::VisitMut::visit_pat_mut(&mut Unbind, &mut p);
    p
}

/// The type of element `k` of `let (a, b): (f64, usize)`, which annotates each.
pub(super) fn tuple_elem_ty(annot: Option<&syn::Type>, k: usize) -> Option<syn::Type> {
    match annot {
        Some(syn::Type::Tuple(t)) => t.elems.iter().nth(k).cloned(),
        _ => None,
    }
}

/// `Default::default()` in a `let` typed with a value type
/// (`let mut acc: V3 = Default::default();`): the zero of that type.
fn typed_default(init: &syn::Expr, annot: Option<&syn::Type>) -> Option<Expr> {
    let ty = annot.filter(|t| crate::parse::is_user_value(t))?;
    let syn::Expr::Call(c) = init else { return None };
    let syn::Expr::Path(p) = &*c.func else { return None };
    let names: Vec<String> = p.path.segments.iter().map(|s| s.ident.to_string()).collect();
    let is_default = names.ends_with(&["Default".to_string(), "default".to_string()]);
    (is_default && c.args.is_empty()).then(|| Expr::new(ExprKind::ValueDefault(ty.clone()), c.span()))
}
