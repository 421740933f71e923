//! Expressions and calls (places and views into buffers are in `place`).

use super::state::{Binding, Lowerer, View};
use super::syntax::{classify_callee, Callee};
use crate::ir::*;
use crate::syntax::strip_parens;
use proc_macro2::Span;
use syn::spanned::Spanned;

impl Lowerer<'_> {
    /// `unsafe { ... }`: reported at a write to a `static mut` inside, which
    /// is the real obstacle there, or else at `unsafe`.
    pub fn unsafe_block(&mut self, u: &syn::ExprUnsafe) {
        match super::control::static_write(&u.block, |name| self.lookup(name).is_some()) {
            Some(p) => self.diag.error_spanned(
                p,
                "a `static mut` cannot be read or written in differentiated code (the adjoint can neither see \
                 nor restore global state); pass the state as a parameter",
            ),
            None => self
                .diag
                .error(u.unsafe_token.span(), "`unsafe` blocks cannot be differentiated; only safe Rust is supported"),
        }
    }

    pub fn lower_expr(&mut self, e: &syn::Expr) -> Expr {
        let span = e.span();
        let err = |l: &mut Self, s: Span, msg: &str| {
            l.diag.error(s, msg);
            Expr::bool(false, span)
        };
        match e {
            syn::Expr::Lit(l) => match &l.lit {
                syn::Lit::Int(_) | syn::Lit::Float(_) | syn::Lit::Bool(_) => {
                    Expr::new(ExprKind::Lit(l.lit.clone()), span)
                }
                other => {
                    err(self, other.span(), "only numeric and boolean literals are supported in differentiated code")
                }
            },
            syn::Expr::Paren(p) => self.lower_expr(&p.expr),
            syn::Expr::Group(g) => self.lower_expr(&g.expr),
            syn::Expr::Path(p) => self.lower_path(p),
            syn::Expr::Binary(b) => {
                let op = match bin_op(&b.op) {
                    Some(op) => op,
                    None => return err(self, b.op.span(), "assignment operators are statements, not values"),
                };
                // A value compared whole is data: `a == b` has no derivative.
                let compared = |l: &mut Self, e: &syn::Expr| match op {
                    BinOp::Eq | BinOp::Ne => l.data_read(e).unwrap_or_else(|| l.lower_expr(e)),
                    _ => l.lower_expr(e),
                };
                let lhs = compared(self, &b.left);
                // `&&` and `||` evaluate their right side conditionally: it must not need statements.
                let rhs = if op.is_logical() {
                    let (blk, rhs) = self.block(|l| l.lower_expr(&b.right));
                    if !blk.stmts.is_empty() {
                        self.diag.error(
                            b.right.span(),
                            "the right side of `&&`/`||` may not call functions or loop; compute it first",
                        );
                    }
                    rhs
                } else {
                    compared(self, &b.right)
                };
                Expr::binary(op, lhs, rhs, span)
            }
            syn::Expr::Unary(u) => self.lower_unary(u),
            syn::Expr::Reference(r) => {
                // `&x` of a scalar in value position (`&a * &b`) reads the value.
                self.lower_expr(&r.expr)
            }
            syn::Expr::Cast(c) => Expr::new(ExprKind::Cast(Box::new(self.lower_expr(&c.expr)), (*c.ty).clone()), span),
            syn::Expr::Index(_) | syn::Expr::Field(_) => match self.lower_place(e) {
                Some(p) => Expr::read(p, span),
                None => Expr::bool(false, span),
            },
            syn::Expr::MethodCall(m) => self.lower_method(m),
            syn::Expr::Call(c) => self.lower_call_expr(c),
            syn::Expr::If(_) | syn::Expr::Match(_) | syn::Expr::Block(_) => self.lower_value(e, None),
            syn::Expr::Macro(m) => {
                let name = m.mac.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
                if name == "matches" {
                    self.lower_matches(&m.mac, span)
                } else if m.mac.path.is_ident(crate::flatten::ROW_INDEX) {
                    self.lower_row_index(&m.mac, span)
                } else {
                    self.diag.error_spanned(
                        &m.mac,
                        format!(
                            "the macro `{name}!` cannot be differentiated: `#[autodiff]` runs before it is expanded \
                             and cannot see its code; supported in expressions is `matches!` (and `vec!` in `let`); \
                             write a function marked `#[autodiff]` instead"
                        ),
                    );
                    Expr::bool(false, span)
                }
            }
            syn::Expr::Unsafe(u) => {
                self.unsafe_block(u);
                Expr::bool(false, span)
            }
            syn::Expr::Closure(c) => {
                self.diag.error_range(
                    c.or1_token.span(),
                    c.or2_token.span(),
                    "closures are supported only as arguments of iterator adapters (`map`, `fold`, `for_each`, ...); \
                     write a function marked `#[autodiff]` instead",
                );
                Expr::bool(false, span)
            }
            syn::Expr::Try(t) => err(
                self,
                t.question_token.span(),
                "the `?` operator (an early return) is not supported in differentiated code; check the inputs \
                 before calling the derivative",
            ),
            syn::Expr::Async(a) => err(self, a.async_token.span(), "`async` blocks cannot be differentiated"),
            syn::Expr::Await(a) => err(self, a.await_token.span(), "`.await` cannot be differentiated"),
            syn::Expr::Let(l) => err(self, l.let_token.span(), "`let` in a condition is not supported"),
            syn::Expr::Range(r) => {
                err(self, r.span(), "a range is supported only as a loop's or iterator's source, or as a slice index")
            }
            syn::Expr::Tuple(t) => err(self, t.span(), "tuples are supported in `let` and as results of calls"),
            syn::Expr::Array(a) => err(self, a.span(), "array literals are supported as `let` initialisers"),
            syn::Expr::Struct(s) => err(
                self,
                s.span(),
                "a struct literal is supported as a `let` initialiser or assigned whole (`a = V3 { .. }`)",
            ),
            syn::Expr::Loop(l) => self.lower_loop_value(l),
            syn::Expr::While(_) | syn::Expr::ForLoop(_) => err(self, span, "a loop has no value here"),
            _ => err(self, span, "unsupported expression in differentiated code"),
        }
    }

    fn lower_matches(&mut self, mac: &syn::Macro, span: Span) -> Expr {
        let parsed = mac.parse_body_with(|input: syn::parse::ParseStream| {
            let e: syn::Expr = input.parse()?;
            input.parse::<syn::Token![,]>()?;
            let rest: proc_macro2::TokenStream = input.parse()?;
            Ok((e, rest))
        });
        match parsed {
            Ok((e, pat)) => {
                let scrut = self.data_read(&e).unwrap_or_else(|| self.lower_expr(&e));
                Expr::new(ExprKind::Matches(Box::new(scrut), pat), span)
            }
            Err(err) => {
                self.diag.push(err);
                Expr::bool(false, span)
            }
        }
    }

    fn lower_path(&mut self, p: &syn::ExprPath) -> Expr {
        let span = p.span();
        if p.qself.is_none() && p.path.segments.len() == 1 {
            let name = p.path.segments[0].ident.to_string();
            if let Some(b) = self.lookup(&name).cloned() {
                return self.binding_value(&b, span);
            }
        }
        Expr::new(ExprKind::Const(p.path.clone()), span)
    }

    pub fn binding_value(&mut self, b: &Binding, span: Span) -> Expr {
        match b {
            Binding::Var(v) if self.is_diff_value(*v) => self.refuse_value_whole(span, *v),
            Binding::Var(v) => Expr::var(*v, span),
            Binding::Place(p) => Expr::read(p.clone(), span),
            Binding::Value(e) => {
                let mut e = e.clone();
                e.span = span;
                e
            }
            Binding::View(_) => {
                self.diag.error(span, "a slice is used where a number is expected");
                Expr::bool(false, span)
            }
            Binding::Tuple(_) => {
                self.diag.error(span, "a tuple is used where a number is expected; take its fields (`t.0`)");
                Expr::bool(false, span)
            }
            Binding::Closure(_) => {
                self.diag.error(span, "a closure is used where a number is expected; call it");
                Expr::bool(false, span)
            }
            Binding::Process { .. } | Binding::RequestScope => {
                self.diag.error(span, "an MPI process or request scope is used where a number is expected");
                Expr::bool(false, span)
            }
        }
    }

    /// The binding a path or tuple field names, if it is a tuple.
    pub fn lower_tuple_binding(&mut self, e: &syn::Expr) -> Option<Vec<Binding>> {
        match strip_parens(e) {
            syn::Expr::Path(p) if p.path.segments.len() == 1 => {
                match self.lookup(&p.path.segments[0].ident.to_string()) {
                    Some(Binding::Tuple(parts)) => Some(parts.clone()),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Binds an index expression to a temporary unless it is a literal or a
    /// plain variable, so that later writes cannot change it.
    pub fn pin(&mut self, e: Expr, base: &str, span: Span) -> Expr {
        match &e.kind {
            ExprKind::Lit(_) => e,
            ExprKind::Read(p) if p.is_var() && self.vars[p.base].origin != VarOrigin::Local => e,
            _ => Expr::var(self.temp(base, Init::Expr(e), span), span),
        }
    }

    /// `s.f(a)` on a struct parameter `s: &T`, as the call `T::f(s, a)`:
    /// a method of the user's type, reached through its companions as any
    /// function is (`Self::f(this, a)` for a method's own receiver).
    pub fn method_as_call(&self, m: &syn::ExprMethodCall) -> Option<syn::ExprCall> {
        if is_copy(m) || m.turbofish.is_some() || Method::from_name(&m.method.to_string()).is_some() {
            return None;
        }
        // `a.dot(b)` of a value `a` is `V3::dot(a, b)`: a method taking `self`.
        let ty = match strip_parens(&m.receiver) {
            elem if self.is_element(elem) => self.element_type(self.element_of(elem)?)?,
            syn::Expr::Path(p) => {
                let Some(Binding::Var(v)) = self.lookup(&p.path.get_ident()?.to_string()) else { return None };
                match &self.vars[*v].annot {
                    _ if !self.is_struct_var(*v) => return None,
                    Some(syn::Type::Reference(r)) => (*r.elem).clone(),
                    Some(ty) if self.is_value_var(*v) => ty.clone(),
                    _ => return None,
                }
            }
            _ => return None,
        };
        let syn::Type::Path(ty) = ty else { return None };
        if ty.qself.is_some() || ty.path.segments.iter().any(|s| !s.arguments.is_none()) {
            return None;
        }
        let (ty, method) = (&ty.path, &m.method);
        // `p.norm2()` of `for p in xs` takes the element by value.
        let recv = match strip_parens(&m.receiver) {
            recv @ syn::Expr::Path(_) if self.is_element(recv) => quote::quote!(*#recv),
            recv => quote::quote!(#recv),
        };
        let args = m.args.iter();
        let call = quote::quote_spanned!(m.method.span()=> #ty::#method(#recv, #(#args),*));
        syn::parse2(call).ok()
    }

    /// `s.f(a);` as a statement, when `method_as_call` takes it.
    pub fn try_method_call_stmt(&mut self, m: &syn::ExprMethodCall) -> bool {
        let Some(c) = self.method_as_call(m) else { return false };
        self.lower_call_stmt(&c);
        true
    }

    fn lower_method(&mut self, m: &syn::ExprMethodCall) -> Expr {
        let span = m.span();
        let name = m.method.to_string();
        if is_copy(m) && self.struct_path(&m.receiver) {
            return self.refuse_struct_copy(m, &format!(".{name}()"));
        }
        if let Some(c) = self.method_as_call(m) {
            return self.lower_call_expr(&c);
        }
        if let Some(e) = self.value_method(m) {
            return e;
        }
        if let Some(e) = super::syntax::first_or_last(m) {
            return self.lower_expr(&e);
        }
        if let Some(e) = self.try_option_reduce(m) {
            return e;
        }
        if super::syntax::is_chain_terminal(m) {
            return self.lower_chain(m, None);
        }
        if let Some(q) = self.try_comm_query(m) {
            return q;
        }
        match name.as_str() {
            "len" if m.args.is_empty() => {
                return match self.lower_view(&m.receiver) {
                    Some(v) => {
                        let mut len = v.len;
                        len.span = span;
                        len
                    }
                    None => Expr::int(0, span),
                };
            }
            "is_empty" if m.args.is_empty() => {
                let len = self.lower_view(&m.receiver).map_or_else(|| Expr::int(0, span), |v| v.len);
                return Expr::binary(BinOp::Eq, len, Expr::int(0, span), span);
            }
            "clone" | "to_owned" if m.args.is_empty() => return self.lower_expr(&m.receiver),
            "into" if m.args.is_empty() => return self.lower_expr(&m.receiver),
            "clamp" if m.args.len() == 2 => return self.lower_clamp(m),
            _ => {}
        }
        match Method::from_name(&name) {
            Some(method) => {
                if m.args.len() != method.arity() {
                    self.diag.error(m.method.span(), format!("`{name}` takes {} argument(s)", method.arity()));
                }
                let recv = self.lower_expr(&m.receiver);
                let args = m.args.iter().map(|a| self.lower_expr(a)).collect();
                Expr::new(ExprKind::Method(method, Box::new(recv), args), span)
            }
            None => {
                let msg = match name.as_str() {
                    "as_ptr" | "as_mut_ptr" => {
                        "raw pointers are not supported in differentiated code; index the slice (`x[i]`) instead"
                            .to_string()
                    }
                    "iter" | "iter_mut" | "into_iter" | "chunks" | "chunks_mut" | "windows" | "map" | "zip" | "enumerate" => {
                        "an iterator must end in `sum()`, `product()`, `fold(..)`, `for_each(..)` or `collect()`, or be the source of a `for` loop".to_string()
                    }
                    _ => {
                        // Perhaps an integer method; type inference checks.
                        let recv = self.lower_expr(&m.receiver);
                        let args = m.args.iter().map(|a| self.lower_expr(a)).collect();
                        return Expr::new(ExprKind::IntMethod(m.method.clone(), Box::new(recv), args), span);
                    }
                };
                self.diag.error(m.method.span(), msg);
                Expr::bool(false, span)
            }
        }
    }

    /// Whether a call names a function of the user (rather than `no_grad`,
    /// a float function such as `f64::max`, `std::mem::swap`, ...).
    pub fn is_user_call(&self, c: &syn::ExprCall) -> bool {
        let syn::Expr::Path(p) = &*c.func else { return false };
        classify_callee(&p.path) == Callee::User
    }

    fn lower_call_expr(&mut self, c: &syn::ExprCall) -> Expr {
        let span = c.span();
        let syn::Expr::Path(p) = &*c.func else {
            self.diag.error(
                c.func.span(),
                "only calls of functions by name are supported; closures and function pointers \
                 (trait objects) cannot be differentiated",
            );
            return Expr::bool(false, span);
        };
        if let Some(cl) = self.closure_named(c) {
            return self.inline_closure(&cl, c, true).unwrap_or_else(|| Expr::bool(false, span));
        }
        if let Some(id) = p.path.get_ident() {
            if self.lookup(&id.to_string()).is_some() {
                self.diag.error(
                    id.span(),
                    "calling a variable that is not a closure (a function pointer) cannot be differentiated; \
                     call a function marked `#[autodiff]` by name",
                );
                return Expr::bool(false, span);
            }
        }
        match classify_callee(&p.path) {
            Callee::NoGrad => {
                if c.args.len() != 1 {
                    self.diag.error(span, "`no_grad` takes one value");
                    return Expr::bool(false, span);
                }
                // `no_grad(f(x))` calls the plain `f`: nothing to record.
                if let syn::Expr::Call(inner) = strip_parens(&c.args[0]) {
                    if self.is_user_call(inner) {
                        let Some(mut call) = self.lower_call_parts(inner) else { return Expr::bool(false, span) };
                        call.nograd = true;
                        let syn::Expr::Path(p) = &*inner.func else { unreachable!() };
                        let t = self.new_var(&call_temp_name(&p.path), span, VarOrigin::Temp, None);
                        self.emit(StmtKind::Let { var: t, init: Init::Call(call) }, span);
                        return Expr::new(ExprKind::NoGrad(Box::new(Expr::var(t, span))), span);
                    }
                }
                Expr::new(ExprKind::NoGrad(Box::new(self.lower_expr(&c.args[0]))), span)
            }
            Callee::FloatFn(method) => {
                let mut args = c.args.iter();
                let Some(recv) = args.next() else {
                    self.diag.error(span, "missing argument");
                    return Expr::bool(false, span);
                };
                let recv = self.lower_expr(recv);
                // `f64::sqrt(s)` fixes the type of a local `s`; `s.sqrt()` would not.
                if let (ExprKind::Read(place), Some(ty)) = (&recv.kind, float_type_of(&p.path)) {
                    if place.is_var() {
                        self.annotate(place.base, ty);
                    }
                }
                let args: Vec<Expr> = args.map(|a| self.lower_expr(a)).collect();
                if args.len() != method.arity() {
                    self.diag.error(span, format!("`{}` takes {} argument(s)", method.name(), method.arity() + 1));
                }
                Expr::new(ExprKind::Method(method, Box::new(recv), args), span)
            }
            Callee::Swap => {
                self.diag.error(span, "`std::mem::swap` is a statement");
                Expr::bool(false, span)
            }
            Callee::User => {
                let Some(call) = self.lower_call_parts(c) else { return Expr::bool(false, span) };
                let t = self.new_var(&call_temp_name(&p.path), span, VarOrigin::Temp, None);
                self.emit(StmtKind::Let { var: t, init: Init::Call(call) }, span);
                Expr::var(t, span)
            }
        }
    }

    pub fn lower_call_stmt(&mut self, c: &syn::ExprCall) {
        let span = c.span();
        if let syn::Expr::Path(p) = &*c.func {
            match classify_callee(&p.path) {
                Callee::Swap => {
                    if c.args.len() == 2 {
                        let a = self.swap_operand(&c.args[0]);
                        let b = self.swap_operand(&c.args[1]);
                        if let (Some(a), Some(b)) = (a, b) {
                            self.emit(StmtKind::Swap(a, b), span);
                        }
                    } else {
                        self.diag.error(span, "`swap` takes two `&mut` arguments");
                    }
                    return;
                }
                Callee::User => {
                    if let Some(cl) = self.closure_named(c) {
                        self.inline_closure(&cl, c, false);
                        return;
                    }
                    if let Some(id) = p.path.get_ident() {
                        if self.lookup(&id.to_string()).is_some() {
                            let _ = self.lower_call_expr(c);
                            return;
                        }
                    }
                    if let Some(call) = self.lower_call_parts(c) {
                        self.emit(StmtKind::Call { dests: Vec::new(), call }, span);
                    }
                    return;
                }
                _ => {}
            }
        }
        let _ = self.lower_call_expr(c);
    }

    fn swap_operand(&mut self, e: &syn::Expr) -> Option<Place> {
        match strip_parens(e) {
            syn::Expr::Reference(r) if r.mutability.is_some() => self.lower_place(&r.expr),
            other => {
                self.diag.error(other.span(), "`swap` takes `&mut a, &mut b`");
                None
            }
        }
    }

    /// The callee and arguments of a call to a user function.
    pub fn lower_call_parts(&mut self, c: &syn::ExprCall) -> Option<Call> {
        let syn::Expr::Path(p) = &*c.func else {
            self.diag.error(c.func.span(), "only calls of functions by name are supported");
            return None;
        };
        if p.qself.is_some() {
            self.diag.error(p.span(), "qualified paths (`<T as Trait>::f`) are not supported");
            return None;
        }
        if super::tasks::is_join(c) || super::tasks::is_scope(c) {
            self.diag.error(
                c.span(),
                "`rayon::join` and `rayon::scope` are supported as statements: `let (a, b) = rayon::join(|| .., || ..);` \
                 or `rayon::scope(|s| { .. });`",
            );
            return None;
        }
        let mut args = Vec::new();
        for a in &c.args {
            args.push(self.lower_arg(a));
        }
        Some(Call { path: p.path.clone(), args, nograd: false })
    }

    pub(super) fn lower_arg(&mut self, a: &syn::Expr) -> Arg {
        let a = strip_parens(a);
        // A number lent as a slice of one (see `scalars`).
        if let Some(inner) = super::syntax::one_lent(a) {
            return match self.lower_arg(inner) {
                Arg::Buf(b) => Arg::Buf(BufArg { one: true, ..b }),
                other => other,
            };
        }
        let named = match a {
            syn::Expr::Reference(r) => strip_parens(&r.expr),
            _ => a,
        };
        // An operator on values (`g(a - b)`): its value, computed first.
        if matches!(a, syn::Expr::Binary(_) | syn::Expr::Unary(_)) && self.is_value_operation(a) {
            if let Some(v) = self.value_operand(a) {
                return self.value_arg(v);
            }
            return Arg::Value(Expr::bool(false, a.span()));
        }
        if let Some(arg) = self.element_arg(a, named) {
            return arg;
        }
        // `&y[i]`, `&mut y[i]`: one number lent as a slice of one.
        if let syn::Expr::Reference(r) = a {
            if let syn::Expr::Index(ix) = strip_parens(&r.expr) {
                if !matches!(&*ix.index, syn::Expr::Range(_)) {
                    let (m, buf, i) = (r.mutability, &ix.expr, &ix.index);
                    let range: syn::Expr = syn::parse_quote!(&#m #buf[#i..#i + 1]);
                    if let Some(view) = self.try_sliced_view(&range) {
                        return Arg::Buf(BufArg { one: true, ..view.to_arg(m.is_some()) });
                    }
                }
            }
        }
        match (self.value_path(named), a) {
            // `&mut a` to a function taking `&mut T`: the shadow lent as a
            // `&mut T` parameter's, the seed in and the adjoint out.
            (Some(v), syn::Expr::Reference(r)) if self.is_diff_value(v) && r.mutability.is_some() => {
                return Arg::Struct { place: Place::var(v), mutable: true, by_value: false };
            }
            // `&a` to a function taking `&T`: the shadow lent as a `&T` parameter's.
            (Some(v), syn::Expr::Reference(_)) if self.is_diff_value(v) => {
                return Arg::Struct { place: Place::var(v), mutable: false, by_value: false };
            }
            // `a` by value: its shadow in the callee's slot for it.
            (Some(v), _) if self.is_diff_value(v) => {
                return Arg::Struct { place: Place::var(v), mutable: false, by_value: true };
            }
            // Constant data, passed as written (`&mut a` lent below).
            (Some(_), syn::Expr::Reference(r)) if r.mutability.is_some() => {}
            (Some(_), _) => return Arg::Value(self.lower_value(a, None)),
            (None, _) => {}
        }
        // `no_grad(x)` of a slice: passed as is, without a shadow.
        if let syn::Expr::Call(c) = a {
            if let syn::Expr::Path(p) = &*c.func {
                if classify_callee(&p.path) == Callee::NoGrad && c.args.len() == 1 {
                    if let Some(view) = self.try_sliced_view(&c.args[0]) {
                        let mut b = view.to_arg(false);
                        b.nograd = true;
                        return Arg::Buf(b);
                    }
                }
            }
        }
        let mutable = matches!(a, syn::Expr::Reference(r) if r.mutability.is_some());
        if let syn::Expr::Reference(r) = a {
            if let syn::Expr::Path(p) = strip_parens(&r.expr) {
                if let Some(id) = p.path.get_ident() {
                    if let Some(Binding::Var(v)) = self.lookup(&id.to_string()) {
                        if self.is_struct_var(*v) && !self.is_value_buffer(*v) {
                            return Arg::Struct { place: Place::var(*v), mutable, by_value: false };
                        }
                    }
                }
            }
        }
        if let syn::Expr::Path(p) = a {
            if let Some(id) = p.path.get_ident() {
                if let Some(Binding::Var(v)) = self.lookup(&id.to_string()) {
                    if self.is_struct_var(*v) && !self.is_value_buffer(*v) {
                        let mutable =
                            matches!(&self.vars[*v].annot, Some(syn::Type::Reference(r)) if r.mutability.is_some());
                        return Arg::Struct { place: Place::var(*v), mutable, by_value: false };
                    }
                }
            }
        }
        // A field of a value passed by value (`sq(d.x)`) is a number or a
        // value, never a slice.
        if let syn::Expr::Field(f) = a {
            if self.value_path(strip_parens(&f.base)).is_some() {
                return Arg::Value(self.lower_value(a, None));
            }
        }
        if let Some(view) = self.try_sliced_view(a) {
            let mutable = mutable || matches!(a, syn::Expr::Path(_)) && (view.mutable || self.view_is_mut_param(&view));
            return Arg::Buf(view.to_arg(mutable));
        }
        // `&f(x)`: a call returning a `Vec`, its result a temporary buffer.
        if let syn::Expr::Reference(r) = a {
            if let syn::Expr::Call(c) = strip_parens(&r.expr) {
                if r.mutability.is_none() && self.is_user_call(c) {
                    let Some(call) = self.lower_call_parts(c) else { return Arg::Value(Expr::bool(false, a.span())) };
                    let t = self.new_var(&call_temp_name(&call.path), c.span(), VarOrigin::Temp, None);
                    self.mark_vec(t);
                    self.emit(StmtKind::Let { var: t, init: Init::Call(call) }, c.span());
                    return Arg::Buf(View::whole(Place::var(t), c.span()).to_arg(false));
                }
            }
        }
        Arg::Value(self.lower_value(a, None))
    }

    fn lower_unary(&mut self, u: &syn::ExprUnary) -> Expr {
        let span = u.span();
        match u.op {
            syn::UnOp::Neg(_) => Expr::new(ExprKind::Unary(UnOp::Neg, Box::new(self.lower_expr(&u.expr))), span),
            syn::UnOp::Not(_) => Expr::new(ExprKind::Unary(UnOp::Not, Box::new(self.lower_expr(&u.expr))), span),
            syn::UnOp::Deref(_) if self.struct_path(&u.expr) => self.refuse_struct_copy(u, "*p"),
            // References to floats and integers are read through: `*x` is `x`.
            syn::UnOp::Deref(_) => self.lower_expr(&u.expr),
            _ => {
                self.diag.error(span, "unsupported unary operator");
                Expr::bool(false, span)
            }
        }
    }

    /// `let r = loop { .. break v; .. }`: `v` goes to a variable declared
    /// before the loop, zero rather than uninitialised: the loop becomes a
    /// `while`, after which rustc cannot see the variable assigned.
    fn lower_loop_value(&mut self, l: &syn::ExprLoop) -> Expr {
        let span = l.span();
        if super::control::breaks_with_value(&l.body).is_empty() {
            self.diag.error(l.loop_token.span(), "a loop has no value here");
            return Expr::bool(false, span);
        }
        let value = self.temp("loop_value", Init::Expr(Expr::new(ExprKind::Zero, span)), span);
        self.loop_value = Some(value);
        self.lower_loop(l);
        self.loop_value = None;
        Expr::var(value, span)
    }

    /// The error at a copy of a struct parameter (`form`: `*p`, `.clone()`),
    /// whose derivative would have to flow back into the struct whole.
    fn refuse_struct_copy(&self, at: impl quote::ToTokens, form: &str) -> Expr {
        let span = at.span();
        self.diag.error_spanned(
            at,
            format!(
                "a copy of a struct (`{form}`) is not differentiated yet: read its fields (`p.x`), or pass the \
                 reference on, to a function taking `&T`"
            ),
        );
        Expr::bool(false, span)
    }

    /// Whether `e` names a struct parameter.
    fn struct_path(&self, e: &syn::Expr) -> bool {
        let syn::Expr::Path(p) = strip_parens(e) else { return false };
        let var = p.path.get_ident().and_then(|id| self.lookup(&id.to_string()));
        matches!(var, Some(Binding::Var(v)) if self.is_struct_var(*v))
    }

    fn view_is_mut_param(&self, view: &View) -> bool {
        view.place.is_var()
            && matches!(&self.vars[view.place.base].annot, Some(syn::Type::Reference(r)) if r.mutability.is_some())
            && matches!(self.vars[view.place.base].origin, VarOrigin::Param(_))
    }
}

/// `f64` of `f64::sqrt`, `f32` of `f32::max`.
fn float_type_of(path: &syn::Path) -> Option<syn::Type> {
    let ty = &path.segments.iter().rev().nth(1)?.ident;
    (ty == "f64" || ty == "f32").then(|| syn::parse_quote!(#ty))
}

/// The temporary holding a call's result: `f_value`, never `f` itself,
/// which would hide the function from the calls of it that generated code
/// makes after it (a plain step of a checkpointed loop, `no_grad(f(..))`
/// twice).
fn call_temp_name(path: &syn::Path) -> String {
    let name = path.segments.last().map(|s| s.ident.to_string()).unwrap_or_else(|| "call".into());
    format!("{name}_value")
}

fn bin_op(op: &syn::BinOp) -> Option<BinOp> {
    use syn::BinOp as B;
    Some(match op {
        B::Add(_) => BinOp::Add,
        B::Sub(_) => BinOp::Sub,
        B::Mul(_) => BinOp::Mul,
        B::Div(_) => BinOp::Div,
        B::Rem(_) => BinOp::Rem,
        B::Eq(_) => BinOp::Eq,
        B::Ne(_) => BinOp::Ne,
        B::Lt(_) => BinOp::Lt,
        B::Le(_) => BinOp::Le,
        B::Gt(_) => BinOp::Gt,
        B::Ge(_) => BinOp::Ge,
        B::And(_) => BinOp::And,
        B::Or(_) => BinOp::Or,
        B::BitAnd(_) => BinOp::BitAnd,
        B::BitOr(_) => BinOp::BitOr,
        B::BitXor(_) => BinOp::BitXor,
        B::Shl(_) => BinOp::Shl,
        B::Shr(_) => BinOp::Shr,
        _ => return None,
    })
}

/// `x.clone()` or `x.to_owned()`: a copy of the receiver.
fn is_copy(m: &syn::ExprMethodCall) -> bool {
    matches!(m.method.to_string().as_str(), "clone" | "to_owned")
}
