//! Statements: `let`, assignments, `if`, `match`, loops and the jumps out of them.

use super::control::{jumps_block, jumps_stmt, JumpSet};
use super::state::{Binding, LoopCtx, Lowerer};
use super::syntax::label_name;
use crate::ir::*;
use crate::syntax::strip_parens;
use proc_macro2::Span;
use syn::spanned::Spanned;

impl Lowerer<'_> {
    /// Lowers a block's statements; returns its tail value, if it has one.
    pub fn lower_stmts(&mut self, stmts: &[syn::Stmt]) -> Option<Expr> {
        let n = stmts.len();
        for (i, s) in stmts.iter().enumerate() {
            let last = i + 1 == n;
            if last {
                match s {
                    // The value of a branch of `let (a, b) = if ...`: one
                    // assignment per element.
                    syn::Stmt::Expr(syn::Expr::Tuple(t), None)
                        if self.tuple_dest.as_ref().is_some_and(|d| d.len() == t.elems.len()) =>
                    {
                        let dests = self.tuple_dest.clone().unwrap();
                        let values: Vec<Expr> = t.elems.iter().map(|e| self.lower_value(e, None)).collect();
                        for (d, v) in dests.into_iter().zip(values) {
                            let span = v.span;
                            self.emit(StmtKind::Assign { place: Place::var(d), op: AssignOp::Set, value: v }, span);
                        }
                        return None;
                    }
                    syn::Stmt::Expr(e, None) if !is_statement_like(e) => return Some(self.lower_value(e, None)),
                    syn::Stmt::Expr(syn::Expr::Return(r), _) if self.fn_level && self.ret.is_none() => {
                        return r.expr.as_ref().map(|e| self.lower_value(e, None));
                    }
                    _ => {}
                }
            }
            if let Some(name) =
                super::results::call_binding(s).filter(|n| super::results::used_as_buffer(n, &stmts[i + 1..]))
            {
                self.vec_results.insert(name);
            }
            self.lower_stmt(s);
            let jumps = jumps_stmt(s, self.loop_label());
            if jumps.any() && !last {
                let guard = self.jump_guard(&jumps, s.span());
                let fn_level = self.fn_level;
                let (rest, tail) = self.block(|l| {
                    l.fn_level = fn_level;
                    l.lower_stmts(&stmts[i + 1..])
                });
                let mut rest = rest;
                if let Some(tail) = tail {
                    match self.ret {
                        Some(r) if fn_level => {
                            let span = tail.span;
                            rest.stmts.push(
                                self.stmt(
                                    StmtKind::Assign { place: Place::var(r), op: AssignOp::Set, value: tail },
                                    span,
                                ),
                            );
                        }
                        _ => self.diag.error(
                            stmts[n - 1].span(),
                            "a block whose value follows a `break`, `continue` or `return` is not supported; \
                             assign the value to a variable instead",
                        ),
                    }
                }
                self.emit(StmtKind::If { cond: guard, then_blk: rest, else_blk: Block::new(vec![]) }, s.span());
                return None;
            }
        }
        None
    }

    /// A statement built outside the current output buffer.
    pub fn stmt(&mut self, kind: StmtKind, span: Span) -> Stmt {
        let (mut b, ()) = self.block(|l| l.emit(kind, span));
        b.stmts.pop().unwrap()
    }

    /// The label of the innermost loop being lowered.
    fn loop_label(&self) -> Option<&str> {
        self.loops.last().and_then(|c| c.label.as_deref())
    }

    /// `!returned && !brk && !cont` for the flags a jump may have set.
    fn jump_guard(&self, jumps: &JumpSet, span: Span) -> Expr {
        let mut flags = Vec::new();
        if jumps.ret {
            flags.extend(self.returned);
        }
        if let Some(ctx) = self.loops.last() {
            if jumps.brk {
                flags.extend(ctx.brk);
            }
            if jumps.cont {
                flags.extend(ctx.cont);
            }
        }
        let mut guard: Option<Expr> = None;
        for f in flags {
            let not = Expr::not(Expr::var(f, span));
            guard = Some(match guard {
                None => not,
                Some(g) => Expr::binary(BinOp::And, g, not, span),
            });
        }
        guard.unwrap_or_else(|| Expr::bool(true, span))
    }

    pub(super) fn lower_stmt(&mut self, s: &syn::Stmt) {
        match s {
            syn::Stmt::Local(local) => self.lower_local(local),
            syn::Stmt::Expr(e, _) => self.lower_expr_stmt(e),
            syn::Stmt::Item(syn::Item::Const(c)) => self.emit(StmtKind::Opaque(quote::quote!(#c)), c.span()),
            syn::Stmt::Item(item) => self.diag.error(
                item.span(),
                "items inside a differentiated function are not supported (constants are); move it outside",
            ),
            syn::Stmt::Macro(m) => self.lower_macro_stmt(&m.mac),
        }
    }

    fn lower_macro_stmt(&mut self, mac: &syn::Macro) {
        let name = mac.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
        match name.as_str() {
            "assert" | "assert_eq" | "assert_ne" | "debug_assert" | "debug_assert_eq" | "debug_assert_ne"
            | "println" | "print" | "eprintln" | "eprint" | "panic" | "unreachable" | "todo" | "unimplemented" => {
                if name == "assert_eq" {
                    self.note_equal_lengths(mac);
                }
                let tokens = self.rename_tokens(mac.tokens.clone());
                let path = &mac.path;
                let delim = match mac.delimiter {
                    syn::MacroDelimiter::Paren(_) => quote::quote!(( #tokens )),
                    syn::MacroDelimiter::Brace(_) => quote::quote!({ #tokens }),
                    syn::MacroDelimiter::Bracket(_) => quote::quote!([ #tokens ]),
                };
                self.emit(StmtKind::Opaque(quote::quote!(#path! #delim;)), mac.span());
            }
            _ => self.diag.error(
                mac.path.span(),
                format!(
                    "the macro `{name}!` is not supported in differentiated code: supported are vec!, matches!, \
                     and assertions and prints (assert!, println!, ...), which do not change values"
                ),
            ),
        }
    }

    /// Replaces identifiers bound in scope by their generated names, for code
    /// kept verbatim (assertion and print macros).
    pub fn rename_tokens(&self, tokens: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
        use proc_macro2::{Group, TokenTree};
        tokens
            .into_iter()
            .map(|tt| match tt {
                TokenTree::Ident(id) => match self.lookup(&id.to_string()) {
                    Some(Binding::Var(v)) => TokenTree::Ident(self.vars[*v].name.clone()),
                    _ => TokenTree::Ident(id),
                },
                TokenTree::Group(g) => {
                    let mut ng = Group::new(g.delimiter(), self.rename_tokens(g.stream()));
                    ng.set_span(g.span());
                    TokenTree::Group(ng)
                }
                other => other,
            })
            .collect()
    }

    fn lower_local(&mut self, local: &syn::Local) {
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

    fn lower_let_tuple(&mut self, pt: &syn::PatTuple, init: &syn::Expr, annot: Option<&syn::Type>) {
        let elem_ty = |k: usize| tuple_elem_ty(annot, k);
        let names = self.pattern_names(&pt.elems, "only names and `_` are supported inside a tuple pattern");
        let method_call = match strip_parens(init) {
            syn::Expr::MethodCall(m) => self.method_as_call(m).map(syn::Expr::Call),
            _ => None,
        };
        match method_call.as_ref().unwrap_or(strip_parens(init)) {
            syn::Expr::Tuple(t) if t.elems.len() == names.len() => {
                // Evaluate every element before binding any name: `let (a, b) = (b, a)`.
                let values: Vec<Expr> = t.elems.iter().map(|e| self.lower_expr(e)).collect();
                let temps: Vec<VarId> = values
                    .into_iter()
                    .map(|v| {
                        let span = v.span;
                        self.temp("tuple", Init::Expr(v), span)
                    })
                    .collect();
                for (name, t) in names.iter().zip(temps) {
                    if let Some(name) = name {
                        let v = self.bind_new(name, None);
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
    fn local_buffer(&self, e: &syn::Expr) -> Option<VarId> {
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
    fn lower_buffer_assign(&mut self, a: &syn::ExprAssign, span: Span) {
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

    fn lower_let_ident(&mut self, ident: &syn::Ident, annot: Option<syn::Type>, init: Option<&syn::Expr>, span: Span) {
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
            return;
        }
        // Slices and aliases bind a name without a statement.
        if let Some(b) = self.try_alias(init) {
            self.bind(ident, b);
            return;
        }
        if let syn::Expr::Tuple(t) = init {
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
            return;
        }
        if let Some(buf_init) = self.try_buffer_init(init) {
            let copied_vec = match init {
                syn::Expr::MethodCall(m) if m.method == "clone" => {
                    self.local_buffer(&m.receiver).is_some_and(|s| self.vecs.contains(&s))
                }
                syn::Expr::MethodCall(m) => m.method == "to_vec" || m.method == "to_owned",
                _ => false,
            };
            let v = self.new_var(&ident.to_string(), ident.span(), VarOrigin::Local, annot);
            if copied_vec {
                self.mark_vec(v);
            } else {
                self.mark_buf(v);
            }
            self.emit(StmtKind::Let { var: v, init: buf_init }, span);
            self.bind(ident, Binding::Var(v));
            return;
        }
        // `s.f(x)` of a struct or `self`, as the call `T::f(s, x)`.
        let method_call = match init {
            syn::Expr::MethodCall(m) => self.method_as_call(m).map(syn::Expr::Call),
            _ => None,
        };
        if let syn::Expr::Call(c) = method_call.as_ref().unwrap_or(init) {
            if self.is_user_call(c) {
                let call = self.lower_call_parts(c);
                let vec = vec_result || annot.as_ref().is_some_and(|t| crate::parse::elem_of(t).is_some());
                let v = self.new_var(&ident.to_string(), ident.span(), VarOrigin::Local, annot);
                if vec {
                    self.mark_vec(v);
                }
                if let Some(call) = call {
                    self.emit(StmtKind::Let { var: v, init: Init::Call(call) }, span);
                }
                self.bind(ident, Binding::Var(v));
                return;
            }
        }
        // Values computed by statements (if, match, blocks, iterator chains)
        // are computed straight into the new variable.
        let v = self.new_var(&ident.to_string(), ident.span(), VarOrigin::Local, annot);
        let value = self.lower_value(init, Some(v));
        match value.kind {
            ExprKind::Read(ref p) if p.is_var() && p.base == v => {}
            _ => self.emit(StmtKind::Let { var: v, init: Init::Expr(value) }, span),
        }
        self.bind(ident, Binding::Var(v));
    }

    /// Lowers an expression whose value is wanted. Control-flow expressions
    /// (`if`, `match`, blocks, loops ending in `sum()`, ...) are lowered into
    /// statements assigning `dest` (or a new temporary) and read back.
    pub fn lower_value(&mut self, e: &syn::Expr, dest: Option<VarId>) -> Expr {
        let e = strip_parens(e);
        let span = e.span();
        let make_dest = |l: &mut Self, base: &str| -> VarId {
            let v = dest.unwrap_or_else(|| l.new_var(base, span, VarOrigin::Temp, None));
            l.emit(StmtKind::Let { var: v, init: Init::Uninit }, span);
            v
        };
        match e {
            syn::Expr::If(i) => {
                let v = make_dest(self, "value");
                self.lower_if(i, Some(v));
                Expr::var(v, span)
            }
            syn::Expr::Match(m) => {
                let v = make_dest(self, "value");
                self.lower_match(m, Some(v));
                Expr::var(v, span)
            }
            syn::Expr::Block(b) if b.label.is_none() => {
                let (blk, tail) = self.block(|l| l.lower_stmts(&b.block.stmts));
                // A plain block shares the enclosing scope's lifetime in the IR.
                self.out.last_mut().unwrap().extend(blk.stmts);
                tail.unwrap_or_else(|| {
                    self.diag.error(span, "this block has no value");
                    Expr::bool(false, span)
                })
            }
            syn::Expr::Unsafe(u) => {
                self.unsafe_block(u);
                Expr::bool(false, span)
            }
            syn::Expr::Block(b) => {
                self.labelled_block(b);
                Expr::bool(false, span)
            }
            syn::Expr::MethodCall(m) if super::syntax::is_chain_terminal(m) => self.lower_chain(m, dest),
            _ => self.lower_expr(e),
        }
    }

    /// Statement position.
    pub fn lower_expr_stmt(&mut self, e: &syn::Expr) {
        let span = e.span();
        match e {
            syn::Expr::Assign(a) if matches!(strip_parens(&a.left), syn::Expr::Tuple(_) | syn::Expr::Array(_)) => {
                self.lower_destructuring(&a.left, &a.right)
            }
            syn::Expr::Assign(a) if self.local_buffer(&a.left).is_some() => self.lower_buffer_assign(a, span),
            syn::Expr::Assign(a) => {
                let value = self.lower_value(&a.right, None);
                if let Some(place) = self.lower_place(&a.left) {
                    self.emit(StmtKind::Assign { place, op: AssignOp::Set, value }, span);
                }
            }
            syn::Expr::Binary(b) if is_compound(&b.op) => {
                let op = match b.op {
                    syn::BinOp::AddAssign(_) => AssignOp::Add,
                    syn::BinOp::SubAssign(_) => AssignOp::Sub,
                    syn::BinOp::MulAssign(_) => AssignOp::Mul,
                    syn::BinOp::DivAssign(_) => AssignOp::Div,
                    // `%=`, `&=`, `|=`, `^=`, `<<=`, `>>=` (integers, mostly):
                    // `a = a % b`.
                    other => {
                        let bin = match other {
                            syn::BinOp::RemAssign(_) => BinOp::Rem,
                            syn::BinOp::BitAndAssign(_) => BinOp::BitAnd,
                            syn::BinOp::BitOrAssign(_) => BinOp::BitOr,
                            syn::BinOp::BitXorAssign(_) => BinOp::BitXor,
                            syn::BinOp::ShlAssign(_) => BinOp::Shl,
                            _ => BinOp::Shr,
                        };
                        let value = self.lower_value(&b.right, None);
                        if let Some(place) = self.lower_place(&b.left) {
                            let old = Expr::new(ExprKind::Read(place.clone()), span);
                            let value = Expr::binary(bin, old, value, span);
                            self.emit(StmtKind::Assign { place, op: AssignOp::Set, value }, span);
                        }
                        return;
                    }
                };
                let value = self.lower_value(&b.right, None);
                if let Some(place) = self.lower_place(&b.left) {
                    self.emit(StmtKind::Assign { place, op, value }, span);
                }
            }
            syn::Expr::If(i) => self.lower_if(i, None),
            syn::Expr::Match(m) => self.lower_match(m, None),
            syn::Expr::While(w) => self.lower_while(w),
            syn::Expr::Loop(l) => self.lower_loop(l),
            syn::Expr::ForLoop(f) => self.lower_for(f),
            syn::Expr::Block(b) if b.label.is_none() => {
                let (blk, tail) = self.block(|l| l.lower_stmts(&b.block.stmts));
                self.emit_block_inline(blk);
                drop(tail);
            }
            syn::Expr::Block(b) => self.labelled_block(b),
            syn::Expr::Paren(p) => self.lower_expr_stmt(&p.expr),
            syn::Expr::Return(r) => {
                if let Some(v) = &r.expr {
                    let value = self.lower_value(v, None);
                    match self.ret {
                        Some(ret) => {
                            self.emit(StmtKind::Assign { place: Place::var(ret), op: AssignOp::Set, value }, span)
                        }
                        None => self.diag.error(v.span(), "this function returns nothing"),
                    }
                }
                if let Some(f) = self.returned {
                    self.emit(
                        StmtKind::Assign { place: Place::var(f), op: AssignOp::Set, value: Expr::bool(true, span) },
                        span,
                    );
                }
            }
            syn::Expr::Break(b) => {
                if b.expr.is_some() {
                    self.diag.error_spanned(b, super::syntax::BREAK_VALUE);
                }
                self.lower_jump(b.label.as_ref(), true, span);
            }
            syn::Expr::Continue(c) => self.lower_jump(c.label.as_ref(), false, span),
            syn::Expr::Macro(m) => self.lower_macro_stmt(&m.mac),
            syn::Expr::Call(c) if self.try_request_scope(c) => {}
            syn::Expr::MethodCall(_) if self.try_immediate(None, e) => {}
            syn::Expr::MethodCall(_) | syn::Expr::Call(_) if self.try_mpi_stmt(e) => {}
            // `k::launch_cpu(..).unwrap();` or `.expect("..")`: the launch of
            // a kernel, a call whose companion panics where `unwrap` would.
            syn::Expr::MethodCall(m) if unwrapped_call(m).is_some() => self.lower_call_stmt(unwrapped_call(m).unwrap()),
            syn::Expr::MethodCall(m) if m.method == "push" => self.lower_push(m),
            syn::Expr::MethodCall(m) if self.try_slice_stmt(m) => {}
            syn::Expr::MethodCall(m) if self.try_method_call_stmt(m) => {}
            syn::Expr::MethodCall(m) if super::syntax::is_chain_terminal(m) => {
                let _ = self.lower_chain(m, None);
            }
            syn::Expr::Call(c) if super::tasks::is_join(c) => self.lower_join(c, &[]),
            syn::Expr::Call(c) if super::tasks::is_scope(c) => self.lower_scope(c),
            syn::Expr::Call(c) => self.lower_call_stmt(c),
            syn::Expr::Unsafe(u) => self.unsafe_block(u),
            _ => {
                // An expression evaluated for nothing: lower it for its errors
                // and calls. A method the macro does not know, called for its
                // effect, would be dropped: an error instead, unless it only
                // changes a vector's capacity (as a derivative's `reserve`
                // of its tapes, differentiated again).
                let value = self.lower_expr(e);
                if let ExprKind::IntMethod(name, ..) = &value.kind {
                    let capacity = matches!(name.to_string().as_str(), "reserve" | "reserve_exact" | "shrink_to_fit");
                    if capacity {
                        return;
                    }
                    self.diag.error(
                        name.span(),
                        format!(
                            "`{name}` called as a statement is not supported in differentiated code: parad cannot see \
                             what it changes; statements may be assignments (`=`, `+=`, ...), `push`, \
                             `copy_from_slice`, `fill` and `swap` on slices, iterator chains ending in `for_each(..)`, \
                             calls of functions, and the rayon and MPI operations; write what `{name}` does as \
                             assignments in a loop"
                        ),
                    );
                }
            }
        }
    }

    fn emit_block_inline(&mut self, blk: Block) {
        self.out.last_mut().unwrap().extend(blk.stmts);
    }

    fn lower_push(&mut self, m: &syn::ExprMethodCall) {
        if m.args.len() != 1 {
            self.diag.error(m.span(), "`push` takes one value");
            return;
        }
        let value = self.lower_value(&m.args[0], None);
        match self.lower_place(&m.receiver) {
            Some(vec) if matches!(self.vars[vec.base].origin, VarOrigin::Param(_)) => self.diag.error(
                m.method.span(),
                "`push` on a parameter is not supported yet (its shadow would have to grow with it): size the \
                 output before the call and write its elements (`out[i] = ..`), or return a `Vec<F>`",
            ),
            Some(vec) => self.emit(StmtKind::Push { vec, value }, m.span()),
            None => self.diag.error(m.receiver.span(), "`push` is supported on local `Vec`s"),
        }
    }

    pub fn lower_if(&mut self, i: &syn::ExprIf, dest: Option<VarId>) {
        // `if let P = e { a } else { b }` is `match e { P => { a } _ => { b } }`.
        if let syn::Expr::Let(l) = &*i.cond {
            if dest.is_some() && i.else_branch.is_none() {
                self.diag.error(i.span(), "an `if` used as a value needs an `else`");
                return;
            }
            let (pat, scrutinee, then_branch) = (&l.pat, &l.expr, &i.then_branch);
            let otherwise = match &i.else_branch {
                Some((_, e)) => quote::quote!(#e),
                None => quote::quote!({}),
            };
            let m: syn::ExprMatch =
                syn::parse_quote_spanned!(i.span()=> match #scrutinee { #pat => #then_branch _ => #otherwise });
            return self.lower_match(&m, dest);
        }
        let cond = self.lower_value(&i.cond, None);
        let (then_blk, ()) = self.block(|l| l.lower_branch(&i.then_branch.stmts, dest, i.then_branch.span()));
        let (else_blk, ()) = self.block(|l| match &i.else_branch {
            None => {
                if dest.is_some() {
                    l.diag.error(i.span(), "an `if` used as a value needs an `else`");
                }
            }
            Some((_, e)) => match &**e {
                syn::Expr::If(inner) => l.lower_if(inner, dest),
                syn::Expr::Block(b) => l.lower_branch(&b.block.stmts, dest, b.span()),
                other => {
                    let v = l.lower_value(other, None);
                    l.assign_dest(dest, v);
                }
            },
        });
        self.emit(StmtKind::If { cond, then_blk, else_blk }, i.span());
    }

    fn lower_branch(&mut self, stmts: &[syn::Stmt], dest: Option<VarId>, span: Span) {
        let tail = self.lower_stmts(stmts);
        match (dest, tail) {
            (Some(d), Some(t)) => self.assign_dest(Some(d), t),
            (Some(_), None) if !ends_in_jump(stmts) => self.diag.error(span, "this branch has no value"),
            _ => {}
        }
    }

    fn assign_dest(&mut self, dest: Option<VarId>, value: Expr) {
        if let Some(d) = dest {
            let span = value.span;
            self.emit(StmtKind::Assign { place: Place::var(d), op: AssignOp::Set, value }, span);
        }
    }

    pub fn lower_match(&mut self, m: &syn::ExprMatch, dest: Option<VarId>) {
        // Data taken out of what a call returns (`if let Some(v) = f(x)`,
        // `x.first()`): an `Option` or enum of floats, which the macro has
        // no shadow for.
        let takes_data = m
            .arms
            .iter()
            .any(|a| !bindings(&a.pat).is_empty() && !matches!(&a.pat, syn::Pat::Ident(pi) if pi.subpat.is_none()));
        if takes_data && matches!(strip_parens(&m.expr), syn::Expr::Call(_) | syn::Expr::MethodCall(_)) {
            self.diag.error_spanned(
                &m.expr,
                "taking data out of what a call returns (`if let Some(v) = f(x)`, `match f(x) { Ok(v) => .. }`) is \
                 not supported yet: let the function return the value with a flag (`(f64, bool)`), or bind the \
                 result first when it holds no floats",
            );
            return;
        }
        let scrut = self.lower_value(&m.expr, None);
        let scrut = match &scrut.kind {
            ExprKind::Read(p) if p.is_var() => scrut,
            _ => {
                let span = scrut.span;
                let t = self.temp("scrutinee", Init::Expr(scrut), span);
                Expr::var(t, span)
            }
        };
        self.lower_arms(&scrut, &m.arms, dest, m.span());
    }

    fn lower_arms(&mut self, scrut: &Expr, arms: &[syn::Arm], dest: Option<VarId>, span: Span) {
        let Some((arm, rest)) = arms.split_first() else {
            if dest.is_some() {
                self.diag.error(span, "`match` without a catch-all arm `_` cannot be used as a value here");
            }
            return;
        };
        let names = bindings(&arm.pat);
        if let Some(r) = names.iter().find_map(|pi| pi.by_ref.as_ref()) {
            self.diag.error(r.span(), "`ref` bindings are not supported: bind by value (`Some(x) => ..`)");
            return;
        }
        // `v => ..` names the value itself; other patterns take data out of
        // an enum, which must be constant: a value, not a `&E` parameter
        // (the macro sees those as structs with a shadow).
        let whole = matches!(&arm.pat, syn::Pat::Ident(pi) if pi.subpat.is_none());
        if !whole && !names.is_empty() && matches!(&scrut.kind, ExprKind::Read(p) if self.is_struct_var(p.base)) {
            self.diag.error(
                names[0].ident.span(),
                "match arms that take data out of an enum behind a reference (`&E`) are not supported: pass \
                 the enum by value (`mode: Mode`), whose data is then constant, or match on variants without \
                 data (`Kind::A => ..`)",
            );
            return;
        }
        let pat = &arm.pat;
        let values: Vec<(syn::Ident, Expr)> = names
            .iter()
            .map(|pi| {
                let value = if whole {
                    scrut.clone()
                } else {
                    Expr::new(
                        ExprKind::Bound(Box::new(scrut.clone()), quote::quote!(#pat), pi.ident.clone()),
                        pi.ident.span(),
                    )
                };
                (pi.ident.clone(), value)
            })
            .collect();
        // The original function is checked for exhaustiveness by rustc, so
        // the last arm without a guard catches whatever the others do not.
        let irrefutable = matches!(arm.pat, syn::Pat::Wild(_)) || whole;
        let catch_all = (irrefutable || rest.is_empty()) && arm.guard.is_none();
        let body = |l: &mut Self| {
            for (name, value) in &values {
                let v = l.bind_new(name, None);
                l.emit(StmtKind::Let { var: v, init: Init::Expr(value.clone()) }, name.span());
            }
            match (dest, &*arm.body) {
                (Some(_), body) => {
                    let v = l.lower_value(body, None);
                    l.assign_dest(dest, v);
                }
                // A `match` as a statement: its arms are statements too.
                (None, syn::Expr::Block(b)) if b.label.is_none() => l.lower_branch(&b.block.stmts, None, b.span()),
                (None, body) => l.lower_expr_stmt(body),
            }
        };
        if catch_all {
            self.push_scope();
            body(self);
            self.pop_scope();
            return;
        }
        let mut cond = if irrefutable {
            Expr::bool(true, pat.span())
        } else {
            // The test binds nothing (`Some(_)`): a payload is not moved out.
            let test = without_bindings(pat);
            Expr::new(ExprKind::Matches(Box::new(scrut.clone()), quote::quote!(#test)), pat.span())
        };
        if let Some((_, g)) = &arm.guard {
            // The guard reads the bindings where they are taken.
            self.push_scope();
            for (name, value) in &values {
                self.bind(name, Binding::Value(value.clone()));
            }
            let g = self.lower_expr(g);
            self.pop_scope();
            cond = if irrefutable { g } else { Expr::binary(BinOp::And, cond, g, arm.span()) };
        }
        let (then_blk, ()) = self.block(body);
        let (else_blk, ()) = self.block(|l| l.lower_arms(scrut, rest, dest, span));
        self.emit(StmtKind::If { cond, then_blk, else_blk }, arm.span());
    }

    /// `(a, b) = rhs;` or `[a, b] = rhs;`, read as the block `{ let (new_a,
    /// new_b) = rhs; a = new_a; b = new_b; }`: every value is computed
    /// before any target is assigned, as Rust does.
    fn lower_destructuring(&mut self, left: &syn::Expr, rhs: &syn::Expr) {
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

    fn labelled_block(&mut self, b: &syn::ExprBlock) {
        let label = b.label.as_ref().map(|l| quote::quote!(#l));
        self.diag.error_spanned(
            label,
            "a block with a label is not supported (labelled loops are); to leave it early, put it in a \
             `loop { ... break; }` or a function that returns",
        );
    }

    /// `break` or `continue`, to the loop labelled `label` or the innermost:
    /// its flag is set, and the break flags of the loops inside it, which
    /// stop too.
    fn lower_jump(&mut self, label: Option<&syn::Lifetime>, is_break: bool, span: Span) {
        let what = if is_break { "break" } else { "continue" };
        let depth = match label {
            None => self.loops.len().checked_sub(1),
            Some(l) => self.loops.iter().rposition(|c| c.label.as_deref() == Some(&l.ident.to_string())),
        };
        let Some(depth) = depth else {
            let message = match label {
                Some(l) => {
                    format!("`{what}` to `{l}`, which is not a loop around it (labelled blocks are not supported)")
                }
                None => format!("`{what}` outside of a loop"),
            };
            return self.diag.error(span, message);
        };
        let target = &self.loops[depth];
        let mut flags: Vec<Option<VarId>> = vec![if is_break { target.brk } else { target.cont }];
        flags.extend(self.loops[depth + 1..].iter().map(|c| c.brk));
        for f in flags.into_iter().flatten() {
            self.emit(
                StmtKind::Assign { place: Place::var(f), op: AssignOp::Set, value: Expr::bool(true, span) },
                span,
            );
        }
    }

    fn lower_while(&mut self, w: &syn::ExprWhile) {
        if let syn::Expr::Let(l) = &*w.cond {
            let while_token = &w.while_token;
            self.diag.error_spanned(
                quote::quote!(#while_token #l),
                "`while let` is not supported; use a `for` loop over a range (`for i in 0..x.len()`) or `while` \
                 with a condition",
            );
            return;
        }
        let ck = self.checkpoint_of(&w.attrs, true, false);
        let label = label_name(w.label.as_ref());
        let jumps = jumps_block(&w.body, label.as_deref());
        let brk = jumps.brk.then(|| self.flag("brk", w.span()));
        // The condition is evaluated before every iteration; if it needs
        // statements (a call, an iterator chain), they move into the loop.
        let (cond_blk, cond) = self.block(|l| l.lower_value(&w.cond, None));
        let span = w.span();
        if cond_blk.stmts.is_empty() {
            let cond = self.loop_cond(brk, Some(cond), span);
            self.loop_body(brk, cond, &w.body, jumps.cont, None, label);
        } else {
            let go = self.flag("go", span);
            self.emit(
                StmtKind::Assign { place: Place::var(go), op: AssignOp::Set, value: Expr::bool(true, span) },
                span,
            );
            let cond = self.loop_cond(brk, Some(Expr::var(go, span)), span);
            self.loop_body(brk, cond, &w.body, jumps.cont, Some((go, &w.cond)), label);
        }
        self.mark_checkpoint(ck);
    }

    fn lower_loop(&mut self, l: &syn::ExprLoop) {
        let label = label_name(l.label.as_ref());
        let jumps = jumps_block(&l.body, label.as_deref());
        if !jumps.brk && !jumps.ret {
            self.diag.error(l.loop_token.span(), "a `loop` without `break` or `return` never ends");
            return;
        }
        let brk = self.flag("brk", l.span());
        let cond = self.loop_cond(Some(brk), None, l.span());
        self.loop_body(Some(brk), cond, &l.body, jumps.cont, None, label);
    }

    /// `!brk && !returned && cond`.
    fn loop_cond(&mut self, brk: Option<VarId>, cond: Option<Expr>, span: Span) -> Expr {
        let mut parts: Vec<Expr> = Vec::new();
        if let Some(b) = brk {
            parts.push(Expr::not(Expr::var(b, span)));
        }
        if let Some(r) = self.returned {
            parts.push(Expr::not(Expr::var(r, span)));
        }
        parts.extend(cond);
        let mut it = parts.into_iter();
        let first = it.next().unwrap_or_else(|| Expr::bool(true, span));
        it.fold(first, |a, b| Expr::binary(BinOp::And, a, b, span))
    }

    fn loop_body(
        &mut self,
        brk: Option<VarId>,
        cond: Expr,
        body: &syn::Block,
        has_cont: bool,
        recheck: Option<(VarId, &syn::Expr)>,
        label: Option<String>,
    ) {
        let span = body.span();
        let (blk, ()) = self.block(|l| {
            if let Some((go, c)) = recheck {
                let v = l.lower_value(c, None);
                l.emit(StmtKind::Assign { place: Place::var(go), op: AssignOp::Set, value: v }, span);
                let (inner, ()) = l.block(|l| l.loop_inner(brk, body, has_cont, label));
                l.emit(StmtKind::If { cond: Expr::var(go, span), then_blk: inner, else_blk: Block::new(vec![]) }, span);
            } else {
                l.loop_inner(brk, body, has_cont, label);
            }
        });
        self.emit(StmtKind::While { cond, body: blk }, span);
    }

    fn loop_inner(&mut self, brk: Option<VarId>, body: &syn::Block, has_cont: bool, label: Option<String>) {
        let cont = has_cont.then(|| self.flag("cont", body.span()));
        self.loops.push(LoopCtx { brk, cont, label });
        let tail = self.lower_stmts(&body.stmts);
        self.loops.pop();
        if let Some(t) = tail {
            self.diag.error(t.span, "a loop body cannot end in a value");
        }
    }

    /// `let mut NAME = false;`
    pub fn flag(&mut self, base: &str, span: Span) -> VarId {
        self.temp(base, Init::Expr(Expr::bool(false, span)), span)
    }

    /// The flag a counted loop's `break` sets, declared where this is
    /// called: before the loop, so that it outlives the iteration.
    pub fn break_flag(&mut self, body: &syn::Block, label: Option<&str>) -> Option<VarId> {
        jumps_block(body, label).brk.then(|| self.flag("brk", body.span()))
    }

    /// The body of a counted loop, guarded by its break flag (from
    /// [`Self::break_flag`]) and the other flags its jumps need.
    pub fn lower_loop_body(&mut self, body: &syn::Block, brk: Option<VarId>, label: Option<String>) -> Block {
        let jumps = jumps_block(body, label.as_deref());
        let guard_ret = jumps.ret;
        let (blk, ()) = self.block(|l| {
            if brk.is_some() || guard_ret {
                let cond = l.loop_cond(brk, None, body.span());
                let (inner, ()) = l.block(|l| l.loop_inner(brk, body, jumps.cont, label));
                l.emit(StmtKind::If { cond, then_blk: inner, else_blk: Block::new(vec![]) }, body.span());
            } else {
                l.loop_inner(None, body, jumps.cont, label);
            }
        });
        blk
    }
}

fn is_compound(op: &syn::BinOp) -> bool {
    use syn::BinOp::*;
    matches!(
        op,
        AddAssign(_)
            | SubAssign(_)
            | MulAssign(_)
            | DivAssign(_)
            | RemAssign(_)
            | BitXorAssign(_)
            | BitAndAssign(_)
            | BitOrAssign(_)
            | ShlAssign(_)
            | ShrAssign(_)
    )
}

/// Expressions that are statements even without a semicolon at the end of a block.
fn is_statement_like(e: &syn::Expr) -> bool {
    !has_value(e)
}

/// Whether an expression at the end of a block gives the block a value.
fn has_value(e: &syn::Expr) -> bool {
    match e {
        syn::Expr::ForLoop(_) | syn::Expr::While(_) | syn::Expr::Loop(_) | syn::Expr::Assign(_) => false,
        syn::Expr::Binary(b) => !is_compound(&b.op),
        syn::Expr::If(i) => i.else_branch.is_some() && block_has_value(&i.then_branch),
        syn::Expr::Match(m) => m.arms.iter().any(|a| has_value(&a.body)),
        syn::Expr::Block(b) => block_has_value(&b.block),
        syn::Expr::Unsafe(b) => block_has_value(&b.block),
        syn::Expr::MethodCall(m) => m.method != "for_each" && m.method != "push",
        syn::Expr::Macro(m) => m.mac.path.is_ident("matches") || crate::syntax::is_std_macro(&m.mac.path, "vec"),
        syn::Expr::Return(_) | syn::Expr::Break(_) | syn::Expr::Continue(_) => false,
        syn::Expr::Paren(p) => has_value(&p.expr),
        syn::Expr::Tuple(t) => !t.elems.is_empty(),
        _ => true,
    }
}

fn block_has_value(b: &syn::Block) -> bool {
    match b.stmts.last() {
        Some(syn::Stmt::Expr(e, None)) => has_value(e),
        _ => false,
    }
}

fn ends_in_jump(stmts: &[syn::Stmt]) -> bool {
    matches!(
        stmts.last(),
        Some(syn::Stmt::Expr(syn::Expr::Return(_) | syn::Expr::Break(_) | syn::Expr::Continue(_), _))
    )
}

/// Whether an identifier in a pattern binds a name: `x`, `_x`, `x @ ..`;
/// upper-case ones are constants and unit variants (`None`).
fn binds(pi: &syn::PatIdent) -> bool {
    let first = pi.ident.to_string().chars().next().unwrap_or('_');
    first.is_lowercase() || first == '_' || pi.subpat.is_some()
}

/// The names a pattern binds (see `binds`).
fn bindings(p: &syn::Pat) -> Vec<&syn::PatIdent> {
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
fn without_bindings(pat: &syn::Pat) -> syn::Pat {
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

/// `no_grad(f(x))` -> `f(x)`.
fn unwrap_no_grad_call(c: &syn::ExprCall) -> Option<&syn::ExprCall> {
    let syn::Expr::Path(p) = &*c.func else { return None };
    if super::syntax::classify_callee(&p.path) != super::syntax::Callee::NoGrad || c.args.len() != 1 {
        return None;
    }
    match strip_parens(&c.args[0]) {
        syn::Expr::Call(inner) => Some(inner),
        _ => None,
    }
}

/// The launch in `k::launch_cpu(..).unwrap()` or `.expect("..")` (see
/// `kernel::companion`); other calls keep their `unwrap` (and its error).
fn unwrapped_call(m: &syn::ExprMethodCall) -> Option<&syn::ExprCall> {
    let unwraps = (m.method == "unwrap" && m.args.is_empty()) || (m.method == "expect" && m.args.len() == 1);
    match &*m.receiver {
        syn::Expr::Call(c) if unwraps && m.turbofish.is_none() => match &*c.func {
            syn::Expr::Path(p) if p.path.segments.last().is_some_and(|s| s.ident == "launch_cpu") => Some(c),
            _ => None,
        },
        _ => None,
    }
}

/// The type of element `k` of `let (a, b): (f64, usize)`, which annotates each.
fn tuple_elem_ty(annot: Option<&syn::Type>, k: usize) -> Option<syn::Type> {
    match annot {
        Some(syn::Type::Tuple(t)) => t.elems.iter().nth(k).cloned(),
        _ => None,
    }
}

const NOT_A_VECTOR: &str = "a whole vector is assigned only a vector: another local `Vec`, a call returning one, \
     `collect()`, `vec![..]` or `to_vec()`";
