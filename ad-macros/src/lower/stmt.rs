//! Statements: the walk over a block, expression statements, assignments
//! and pushes; `let` is in `bind`, `if` and `match` in `branch`, loops and
//! jumps in `loops`.

use super::control::jumps_stmt;
use super::state::{Binding, Lowerer};
use crate::ir::*;
use crate::syntax::strip_parens;
use proc_macro2::Span;
use syn::spanned::Spanned;

impl Lowerer<'_> {
    /// Lowers a block's statements; returns its tail value, if it has one.
    pub fn lower_stmts(&mut self, stmts: &[syn::Stmt]) -> Option<Expr> {
        let value_tail = std::mem::take(&mut self.value_tail);
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
                    syn::Stmt::Expr(e, None) if self.fn_level && !is_statement_like(e) => {
                        return Some(self.lower_result(e));
                    }
                    syn::Stmt::Expr(e, None) if value_tail && !is_statement_like(e) => {
                        return Some(self.lower_for_dest(e, true));
                    }
                    syn::Stmt::Expr(e, None) if !is_statement_like(e) => return Some(self.lower_value(e, None)),
                    syn::Stmt::Expr(syn::Expr::Return(r), _) if self.fn_level && self.ret.is_none() => {
                        return r.expr.as_ref().map(|e| self.lower_result(e));
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
            syn::Expr::Assign(a) if self.rebinds_view(&a.left) => self.rebind_view(a),
            syn::Expr::Assign(a) => {
                let value = match self.value_whole(&a.right) {
                    Some(v) => v,
                    None => self.lower_value(&a.right, None),
                };
                if let Some(place) = self.lower_place(&a.left) {
                    self.emit(StmtKind::Assign { place, op: AssignOp::Set, value }, span);
                }
            }
            syn::Expr::Binary(b) if is_compound(&b.op) => self.lower_compound_assign(b, span),
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
            syn::Expr::Return(r) => self.lower_return(r, span),
            syn::Expr::Break(b) => self.lower_break(b, span),
            syn::Expr::Continue(c) => self.lower_jump(c.label.as_ref(), false, span),
            syn::Expr::Macro(m) => self.lower_macro_stmt(&m.mac),
            syn::Expr::Call(c) if self.try_request_scope(c) => {}
            syn::Expr::MethodCall(_) if self.try_immediate(None, e) => {}
            syn::Expr::MethodCall(_) | syn::Expr::Call(_) if self.try_mpi_stmt(e) => {}
            // `k::launch_cpu(..).unwrap();` or `.expect("..")`: the launch of
            // a kernel, a call whose companion panics where `unwrap` would.
            syn::Expr::MethodCall(m) if unwrapped_call(m).is_some() => self.lower_call_stmt(unwrapped_call(m).unwrap()),
            syn::Expr::MethodCall(m) if m.method == "push" => self.lower_push(m),
            syn::Expr::MethodCall(m) if self.try_sort(m) => {}
            syn::Expr::MethodCall(m) if self.try_slice_stmt(m) => {}
            syn::Expr::MethodCall(m) if self.try_method_call_stmt(m) => {}
            syn::Expr::MethodCall(m) if super::syntax::is_chain_terminal(m) => {
                let _ = self.lower_chain(m, None);
            }
            syn::Expr::Call(c) if super::tasks::is_join(c) => self.lower_join(c, &[]),
            syn::Expr::Call(c) if super::tasks::is_scope(c) => self.lower_scope(c),
            syn::Expr::Call(c) => self.lower_call_stmt(c),
            syn::Expr::Unsafe(u) => self.unsafe_block(u),
            _ => self.lower_unused_expr(e),
        }
    }

    /// `a += b`, `a -= b`, `a *= b`, `a /= b` as an update of `a`; `%=`,
    /// `&=`, `|=`, `^=`, `<<=`, `>>=` (integers, mostly) as `a = a % b`.
    fn lower_compound_assign(&mut self, b: &syn::ExprBinary, span: Span) {
        let op = match b.op {
            syn::BinOp::AddAssign(_) => AssignOp::Add,
            syn::BinOp::SubAssign(_) => AssignOp::Sub,
            syn::BinOp::MulAssign(_) => AssignOp::Mul,
            syn::BinOp::DivAssign(_) => AssignOp::Div,
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

    /// `return` in statement position: the value into the return variable,
    /// and the flag that says the function has returned set, if it has one.
    fn lower_return(&mut self, r: &syn::ExprReturn, span: Span) {
        if let Some(v) = &r.expr {
            let value = self.lower_result(v);
            match self.ret {
                Some(ret) => self.emit(StmtKind::Assign { place: Place::var(ret), op: AssignOp::Set, value }, span),
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

    /// An expression evaluated for nothing: lowered for its errors and
    /// calls. A method the macro does not know, called for its effect, would
    /// be dropped: an error instead, unless it only changes a vector's
    /// capacity (as a derivative's `reserve` of its tapes, differentiated
    /// again).
    fn lower_unused_expr(&mut self, e: &syn::Expr) {
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

    pub(super) fn emit_block_inline(&mut self, blk: Block) {
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
                "`push` on a parameter of a method or of a function with custom rules is not supported yet (in a \
                 free function it is): size the output before the call and write its elements (`out[i] = ..`), or \
                 return a `Vec<F>`",
            ),
            Some(vec) => self.emit(StmtKind::Push { vec, value }, m.span()),
            None => self.diag.error(m.receiver.span(), "`push` is supported on local `Vec`s"),
        }
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

pub(super) fn ends_in_jump(stmts: &[syn::Stmt]) -> bool {
    matches!(
        stmts.last(),
        Some(syn::Stmt::Expr(syn::Expr::Return(_) | syn::Expr::Break(_) | syn::Expr::Continue(_), _))
    )
}

/// `no_grad(f(x))` -> `f(x)`.
pub(super) fn unwrap_no_grad_call(c: &syn::ExprCall) -> Option<&syn::ExprCall> {
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
