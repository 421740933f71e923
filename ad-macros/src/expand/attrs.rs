//! The attributes of the family: which one invoked the macro, their
//! arguments, the `#[checkpoint]`s inside the body, and the error for an
//! item that is not a function.

use crate::diag::Diag;
use crate::parse::{self, Mode};
use proc_macro2::{Span, TokenStream};
use syn::spanned::Spanned;

/// Which attribute of the family invoked the macro.
#[derive(Clone, Copy, PartialEq)]
pub enum Attr {
    Autodiff(Option<Mode>),
    Derivative,
    Kernel,
}

pub fn attr_kind(a: &syn::Attribute) -> Option<Attr> {
    let last = a.path().segments.last()?.ident.to_string();
    match last.as_str() {
        "autodiff" => Some(Attr::Autodiff(None)),
        "autodiff_reverse" => Some(Attr::Autodiff(Some(Mode::Reverse))),
        "autodiff_forward" => Some(Attr::Autodiff(Some(Mode::Forward))),
        "derivative" => Some(Attr::Derivative),
        _ => None,
    }
}

/// Whether `attrs` carry the mark `#[autodiff] mod` puts on a function in
/// a cycle of functions calling each other (`module::in_cycles`), taking
/// it off.
pub fn take_cycle_mark(attrs: &mut Vec<syn::Attribute>) -> bool {
    let before = attrs.len();
    attrs.retain(|a| !a.path().is_ident("__parad_cycle"));
    attrs.len() != before
}

pub fn attr_args(a: &syn::Attribute) -> TokenStream {
    match &a.meta {
        syn::Meta::List(l) => l.tokens.clone(),
        _ => TokenStream::new(),
    }
}

/// Checks and removes `#[checkpoint(...)]` from statements of the body: the
/// attribute is consumed by the macro, so the emitted code compiles on
/// stable, and rustc never sees it, so every error about it is ours.
pub fn strip_inner_attrs(func: &mut syn::ItemFn, diag: &Diag) {
    struct S<'d>(&'d Diag);
    impl S<'_> {
        /// `what` is `None` for a loop that may carry the attribute; its
        /// count is returned.
        fn check(&self, attrs: &mut Vec<syn::Attribute>, what: Option<&str>) -> Option<syn::Expr> {
            let mut seen = false;
            let mut count = None;
            attrs.retain(|a| {
                if !a.path().is_ident("checkpoint") {
                    return true;
                }
                match what {
                    None if seen => self.0.error_spanned(a, "a loop takes one `#[checkpoint]`"),
                    None => count = parse::check_checkpoint(a, self.0).map(|ck| ck.count),
                    Some(what) => self
                        .0
                        .error_spanned(a, format!("`#[checkpoint]` applies to a `for` or `while` loop, not to {what}")),
                }
                seen = true;
                false
            });
            count
        }
    }
    impl syn::visit_mut::VisitMut for S<'_> {
        fn visit_local_mut(&mut self, l: &mut syn::Local) {
            let _ = self.check(&mut l.attrs, Some("a `let` statement"));
            syn::visit_mut::visit_local_mut(self, l);
        }
        fn visit_stmt_macro_mut(&mut self, m: &mut syn::StmtMacro) {
            let _ = self.check(&mut m.attrs, Some("a macro call"));
        }
        fn visit_stmt_mut(&mut self, s: &mut syn::Stmt) {
            // syn puts the attributes of `#[a] x = f(x);` on its leftmost
            // operand, `x`; name the statement in the message.
            if let syn::Stmt::Expr(e, _) = s {
                let what = describe(e);
                let mut target = &mut *e;
                loop {
                    target = match target {
                        syn::Expr::Assign(x) => &mut *x.left,
                        syn::Expr::Binary(x) => &mut *x.left,
                        syn::Expr::Index(x) => &mut *x.expr,
                        syn::Expr::Field(x) => &mut *x.base,
                        syn::Expr::MethodCall(x) => &mut *x.receiver,
                        syn::Expr::Call(x) => &mut *x.func,
                        syn::Expr::Cast(x) => &mut *x.expr,
                        _ => break,
                    };
                    if let Some(attrs) = expr_attrs_mut(target) {
                        let _ = self.check(attrs, what);
                    }
                }
            }
            syn::visit_mut::visit_stmt_mut(self, s);
        }
        fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
            let what = describe(e);
            let count = expr_attrs_mut(e).and_then(|attrs| self.check(attrs, what));
            syn::visit_mut::visit_expr_mut(self, e);
            // The count may name a variable used nowhere else: the plain
            // function still reads it.
            if let Some(count) = count.filter(|c| !matches!(c, syn::Expr::Lit(_))) {
                *e = syn::parse_quote!({
                    let _ = &(#count);
                    #e
                });
            }
        }
        // Items nested in the body are not part of the function (and are
        // reported as unsupported by the lowering).
        fn visit_item_mut(&mut self, _: &mut syn::Item) {}
    }
    syn::visit_mut::VisitMut::visit_block_mut(&mut S(diag), &mut func.block);
}

/// What `#[checkpoint]` on `e` is on, for the message; `None` for a loop that takes it.
fn describe(e: &syn::Expr) -> Option<&'static str> {
    Some(match e {
        syn::Expr::ForLoop(_) | syn::Expr::While(_) => return None,
        syn::Expr::Loop(_) => "a `loop` (write it as a `while` loop)",
        syn::Expr::If(_) => "an `if`",
        syn::Expr::Match(_) => "a `match`",
        syn::Expr::Block(_) => "a block",
        syn::Expr::Assign(_) => "an assignment",
        syn::Expr::Binary(b)
            if matches!(
                b.op,
                syn::BinOp::AddAssign(_)
                    | syn::BinOp::SubAssign(_)
                    | syn::BinOp::MulAssign(_)
                    | syn::BinOp::DivAssign(_)
            ) =>
        {
            "an assignment"
        }
        syn::Expr::Call(_) | syn::Expr::MethodCall(_) => "a call",
        _ => "this expression",
    })
}

/// The attributes of an expression.
fn expr_attrs_mut(e: &mut syn::Expr) -> Option<&mut Vec<syn::Attribute>> {
    use syn::Expr::*;
    Some(match e {
        Array(x) => &mut x.attrs,
        Assign(x) => &mut x.attrs,
        Async(x) => &mut x.attrs,
        Await(x) => &mut x.attrs,
        Binary(x) => &mut x.attrs,
        Block(x) => &mut x.attrs,
        Break(x) => &mut x.attrs,
        Call(x) => &mut x.attrs,
        Cast(x) => &mut x.attrs,
        Closure(x) => &mut x.attrs,
        Const(x) => &mut x.attrs,
        Continue(x) => &mut x.attrs,
        Field(x) => &mut x.attrs,
        ForLoop(x) => &mut x.attrs,
        Group(x) => &mut x.attrs,
        If(x) => &mut x.attrs,
        Index(x) => &mut x.attrs,
        Infer(x) => &mut x.attrs,
        Let(x) => &mut x.attrs,
        Lit(x) => &mut x.attrs,
        Loop(x) => &mut x.attrs,
        Macro(x) => &mut x.attrs,
        Match(x) => &mut x.attrs,
        MethodCall(x) => &mut x.attrs,
        Paren(x) => &mut x.attrs,
        Path(x) => &mut x.attrs,
        Range(x) => &mut x.attrs,
        Reference(x) => &mut x.attrs,
        Repeat(x) => &mut x.attrs,
        Return(x) => &mut x.attrs,
        Struct(x) => &mut x.attrs,
        Try(x) => &mut x.attrs,
        TryBlock(x) => &mut x.attrs,
        Tuple(x) => &mut x.attrs,
        Unary(x) => &mut x.attrs,
        Unsafe(x) => &mut x.attrs,
        While(x) => &mut x.attrs,
        Yield(x) => &mut x.attrs,
        _ => return None,
    })
}

pub fn not_a_function(item: TokenStream, attr: Attr) -> TokenStream {
    let name = match attr {
        Attr::Autodiff(None) => "autodiff",
        Attr::Autodiff(Some(Mode::Reverse)) => "autodiff_reverse",
        Attr::Autodiff(Some(Mode::Forward)) => "autodiff_forward",
        Attr::Derivative => "derivative",
        Attr::Kernel => "kernel",
    };
    // A function signature without a body (a trait method declaration).
    if let Ok(t) = syn::parse2::<syn::TraitItemFn>(item.clone()) {
        if t.default.is_none() {
            let e = crate::diag::range_error(
                t.sig.fn_token.span(),
                t.semi_token.map_or(t.sig.span(), |s| s.span()),
                format!(
                    "`#[{name}]` needs a function with a body, and a trait method declaration has none; put it \
                     on a free function and call that from the trait's implementations"
                ),
            );
            return crate::diag::with_errors(item, e);
        }
    }
    let (first, last, what, hint) = match syn::parse2::<syn::Item>(item.clone()) {
        Ok(i) => match &i {
            syn::Item::Struct(s) => (
                s.struct_token.span(),
                s.ident.span(),
                "a struct",
                format!(
                    "; to differentiate with respect to its fields, pass `&{0}` or `&mut {0}` to a function \
                     and mark it Duplicated (bare `#[autodiff]` on a `Copy` struct makes it a value type)",
                    s.ident
                ),
            ),
            syn::Item::Enum(e) => (e.enum_token.span(), e.ident.span(), "an enum", String::new()),
            syn::Item::Const(c) => (c.const_token.span(), c.ident.span(), "a constant", String::new()),
            syn::Item::Static(s) => (s.static_token.span(), s.ident.span(), "a static", String::new()),
            syn::Item::Trait(t) => (t.trait_token.span(), t.ident.span(), "a trait", String::new()),
            syn::Item::Impl(i) => {
                (i.impl_token.span(), i.self_ty.span(), "an `impl` block", "; put it on a function".to_string())
            }
            other => (other.span(), other.span(), "this item", String::new()),
        },
        Err(_) => (Span::call_site(), Span::call_site(), "this item", String::new()),
    };
    let e =
        crate::diag::range_error(first, last, format!("`#[{name}]` applies to functions (`fn`), not to {what}{hint}"));
    crate::diag::with_errors(item, e)
}
