//! Helpers returning `Option<F>`. The macro has no shadow for an `Option`,
//! so a marked helper `fn safe_ln(x: f64) -> Option<f64>` gets a hidden
//! twin returning the value, and whether it is there through a flag:
//! `fn __parad_some_safe_ln(x: f64, is_some: &mut bool) -> f64`, the
//! helper's body with `Some(e)` as `e` and `None` as the flag cleared and a
//! zero, wherever it returns. The twin is an ordinary differentiable
//! function, with its companions; the helper is emitted as written.
//!
//! Callers' idioms on a call of such a helper are rewritten before
//! lowering to a call of the twin and an `if` on the flag:
//! `if let Some(v) = f(x)`, `match f(x) { Some(v) => .., None => .. }`,
//! `let Some(v) = f(x) else { .. }`, `f(x).unwrap_or(d)`, `.unwrap()`,
//! `.expect(..)`, `.unwrap_or_default()`, `.is_some()`, `.is_none()`, and
//! `f(x)?` inside another such helper. The twin is called first, in the
//! statement's own block; where that would run code the user's did not
//! (the right of `&&`, a loop's condition, a match guard) the idiom is an
//! error asking to bind the result first. The caller cannot see whether
//! `f` returns an `Option`: a call of an unmarked function in these idioms
//! is rustc's error at the call, naming the twin, as for any unmarked
//! function. See `docs/values.md`.

use crate::diag::Diag;
use crate::syntax::helper_call;
use std::collections::HashSet;
use syn::visit_mut::{self, VisitMut};

/// The twin of `func`, a helper returning `Option<X>`; `None` with an error
/// where `X` has no zero the macro knows.
pub fn twin(func: &syn::ItemFn, diag: &Diag) -> Option<syn::ItemFn> {
    let inner = crate::syntax::option_result(&func.sig)?.clone();
    let Some(zero) = zero_of(&inner, &func.sig.generics) else {
        diag.error_spanned(
            &inner,
            "a differentiable function returning `Option` holds a float, an integer or a `bool` (or the function's \
             float type parameter); for a value struct, return it with a flag (`(V3, bool)`)",
        );
        return None;
    };
    let (mut t, flag, _) = crate::syntax::twin_of(
        func,
        crate::names::option_twin(&func.sig.ident),
        "is_some",
        syn::parse_quote!(&mut bool),
    );
    t.sig.output = syn::parse_quote!(-> #inner);
    // The returns first: those `?` adds return the zero already.
    let returns = Returns { flag: &flag, zero: &zero, diag };
    returns.block(&mut t.block);
    ReturnsVisit(&returns).visit_block_mut(&mut t.block);
    let mut idioms = Idioms::new(diag, &func.block, Some((flag.clone(), zero.clone())));
    idioms.visit_block_mut(&mut t.block);
    t.block.stmts.insert(0, syn::parse_quote!(*#flag = true;));
    Some(t)
}

/// Rewrites the callers' idioms on calls of helpers returning `Option` in
/// `block` (see the module's docs).
pub fn desugar(block: &mut syn::Block, diag: &Diag) {
    let mut idioms = Idioms::new(diag, block, None);
    idioms.visit_block_mut(block);
}

/// The zero of `ty`: the value of the twin for `None`.
fn zero_of(ty: &syn::Type, generics: &syn::Generics) -> Option<syn::Expr> {
    let syn::Type::Path(p) = ty else { return None };
    let name = p.path.get_ident()?.to_string();
    match name.as_str() {
        "f32" | "f64" => Some(syn::parse_quote!(0.0)),
        "bool" => Some(syn::parse_quote!(false)),
        "usize" | "isize" | "u8" | "u16" | "u32" | "u64" | "i8" | "i16" | "i32" | "i64" => Some(syn::parse_quote!(0)),
        _ if generics.type_params().any(|t| t.ident == name) => Some(syn::parse_quote!(#ty::zero())),
        _ => None,
    }
}

/// The call of `c`'s twin, with `flag` (an expression) as its last argument.
fn twin_call(c: &syn::ExprCall, flag: syn::Expr) -> syn::Expr {
    let mut call = c.clone();
    if let syn::Expr::Path(p) = &mut *call.func {
        if let Some(last) = p.path.segments.last_mut() {
            last.ident = crate::names::option_twin(&last.ident);
        }
    }
    call.args.push(flag);
    syn::Expr::Call(call)
}

/// The name of the function `c` calls, to name the twin's flag and value.
fn callee_name(c: &syn::ExprCall) -> String {
    match &*c.func {
        syn::Expr::Path(p) => p.path.segments.last().map(|s| crate::names::bare(&s.ident)).unwrap_or_default(),
        _ => String::new(),
    }
}

fn is_none(e: &syn::Expr) -> bool {
    matches!(crate::syntax::strip_parens(e), syn::Expr::Path(p)
        if p.qself.is_none() && p.path.segments.last().is_some_and(|s| s.ident == "None"))
}

/// The `x` of `Some(x)`.
fn some_of(e: &syn::Expr) -> Option<&syn::Expr> {
    let syn::Expr::Call(c) = crate::syntax::strip_parens(e) else { return None };
    let syn::Expr::Path(p) = &*c.func else { return None };
    (p.path.segments.last().is_some_and(|s| s.ident == "Some") && c.args.len() == 1).then(|| &c.args[0])
}

/// The pattern `p` of `Some(p)`.
fn some_pattern(pat: &syn::Pat) -> Option<&syn::Pat> {
    let syn::Pat::TupleStruct(ts) = pat else { return None };
    (ts.path.segments.last().is_some_and(|s| s.ident == "Some") && ts.elems.len() == 1).then(|| &ts.elems[0])
}

/// Whether an arm's pattern takes what is left when `Some` did not match.
fn none_pattern(pat: &syn::Pat) -> bool {
    match pat {
        syn::Pat::Wild(_) => true,
        syn::Pat::Ident(pi) => pi.ident == "None",
        syn::Pat::Path(p) => p.path.segments.last().is_some_and(|s| s.ident == "None"),
        _ => false,
    }
}

/// The callers' idioms and `?`, rewritten; the twin's call goes into
/// `before`, the statements put before the one being rewritten.
struct Idioms<'a> {
    diag: &'a Diag,
    taken: HashSet<String>,
    /// Inside a twin: its flag and zero, for `?`.
    question: Option<(syn::Ident, syn::Expr)>,
    before: Vec<syn::Stmt>,
}

impl<'a> Idioms<'a> {
    fn new(diag: &'a Diag, block: &syn::Block, question: Option<(syn::Ident, syn::Expr)>) -> Self {
        Idioms { diag, taken: crate::syntax::bound_names(block), question, before: Vec::new() }
    }

    fn fresh(&mut self, base: String) -> syn::Ident {
        syn::Ident::new(&crate::names::free_name(&base, &mut self.taken), proc_macro2::Span::call_site())
    }

    /// Whether `e` is an idiom this pass rewrites.
    fn is_idiom(&self, e: &syn::Expr) -> bool {
        match e {
            syn::Expr::If(i) => {
                matches!(&*i.cond, syn::Expr::Let(l) if some_pattern(&l.pat).is_some() && helper_call(&l.expr).is_some())
            }
            syn::Expr::Match(m) => helper_call(&m.expr).is_some() && self.match_arms(m).is_some(),
            syn::Expr::MethodCall(mc) => helper_call(&mc.receiver).is_some() && method_idiom(&mc.method),
            syn::Expr::Try(t) => self.question.is_some() && helper_call(&t.expr).is_some(),
            _ => false,
        }
    }

    /// Whether `e` holds an idiom anywhere.
    fn holds_idiom(&self, e: &syn::Expr) -> bool {
        struct Find<'s, 'a>(&'s Idioms<'a>, bool);
        impl<'v> syn::visit::Visit<'v> for Find<'_, '_> {
            fn visit_expr(&mut self, e: &'v syn::Expr) {
                self.1 |= self.0.is_idiom(e);
                syn::visit::visit_expr(self, e);
            }
        }
        let mut f = Find(self, false);
        syn::visit::Visit::visit_expr(&mut f, e);
        f.1
    }

    /// `match f(x) { Some(p) => a, None => b }` (in either order, `_` for
    /// `None`, no guards): the `Some` pattern and the two bodies.
    fn match_arms<'m>(&self, m: &'m syn::ExprMatch) -> Option<(&'m syn::Pat, &'m syn::Expr, &'m syn::Expr)> {
        let [a, b] = &m.arms[..] else { return None };
        if a.guard.is_some() || b.guard.is_some() {
            return None;
        }
        match (some_pattern(&a.pat), some_pattern(&b.pat)) {
            (Some(p), _) if none_pattern(&b.pat) => Some((p, &a.body, &b.body)),
            (None, Some(p)) if none_pattern(&a.pat) => Some((p, &b.body, &a.body)),
            _ => None,
        }
    }

    /// Calls the twin of `c` before the statement: the flag and the value.
    fn call_first(&mut self, c: &syn::ExprCall) -> (syn::Ident, syn::Ident) {
        let mut c = c.clone();
        for a in c.args.iter_mut() {
            self.visit_expr_mut(a);
        }
        let base = callee_name(&c);
        let (some, value) = (self.fresh(format!("{base}_some")), self.fresh(format!("{base}_value")));
        let call = twin_call(&c, syn::parse_quote!(&mut #some));
        self.before.push(syn::parse_quote!(let mut #some = false;));
        self.before.push(syn::parse_quote!(let #value = #call;));
        (some, value)
    }

    /// `let p = value;` opening the branch where the value is there.
    fn bind(&self, pat: &syn::Pat, value: &syn::Ident) -> Option<syn::Stmt> {
        match pat {
            syn::Pat::Wild(_) => None,
            syn::Pat::Ident(pi) if pi.subpat.is_none() && pi.by_ref.is_none() => {
                Some(syn::parse_quote!(let #pat = #value;))
            }
            _ => {
                self.diag.error_spanned(
                    pat,
                    "the value of a differentiable function returning `Option` is taken by a name (`Some(v)`) or \
                     `_`; destructure it after",
                );
                None
            }
        }
    }

    /// `if flag { let p = value; a } else { b }`.
    fn branch(&mut self, some: &syn::Ident, bind: Option<syn::Stmt>, a: syn::Expr, b: Option<syn::Expr>) -> syn::Expr {
        let a = block_of(a, bind);
        let mut e: syn::Expr = match b {
            Some(b) => {
                let b = block_of(b, None);
                syn::parse_quote!(if #some #a else #b)
            }
            None => syn::parse_quote!(if #some #a),
        };
        // The branches are blocks of their own.
        visit_mut::visit_expr_mut(self, &mut e);
        e
    }

    /// Rewrites the idiom `e`.
    fn rewrite(&mut self, e: &mut syn::Expr) {
        *e = match &*e {
            syn::Expr::If(i) => {
                let syn::Expr::Let(l) = &*i.cond else { return };
                let (pat, c) = (some_pattern(&l.pat).expect("idiom"), helper_call(&l.expr).expect("idiom"));
                let (some, value) = self.call_first(c);
                let bind = self.bind(pat, &value);
                let then =
                    syn::Expr::Block(syn::ExprBlock { attrs: Vec::new(), label: None, block: i.then_branch.clone() });
                let els = i.else_branch.as_ref().map(|(_, b)| (**b).clone());
                self.branch(&some, bind, then, els)
            }
            syn::Expr::Match(m) => {
                let (pat, a, b) = self.match_arms(m).expect("idiom");
                let (pat, a, b) = (pat.clone(), a.clone(), b.clone());
                let (some, value) = self.call_first(helper_call(&m.expr).expect("idiom"));
                let bind = self.bind(&pat, &value);
                self.branch(&some, bind, a, Some(b))
            }
            syn::Expr::MethodCall(mc) => {
                let (some, value) = self.call_first(helper_call(&mc.receiver).expect("idiom"));
                match (mc.method.to_string().as_str(), mc.args.first()) {
                    ("unwrap_or", Some(d)) => self.branch(&some, None, syn::parse_quote!(#value), Some(d.clone())),
                    ("unwrap", _) => {
                        let msg = "called `Option::unwrap()` on a `None` value";
                        self.before.push(syn::parse_quote!(assert!(#some, #msg);));
                        syn::parse_quote!(#value)
                    }
                    ("expect", Some(msg)) => {
                        self.before.push(syn::parse_quote!(assert!(#some, "{}", #msg);));
                        syn::parse_quote!(#value)
                    }
                    ("is_some", _) => syn::parse_quote!(#some),
                    ("is_none", _) => syn::parse_quote!(!#some),
                    // `unwrap_or_default`: the twin's value for `None` is the zero.
                    _ => syn::parse_quote!(#value),
                }
            }
            syn::Expr::Try(t) => {
                let (flag, zero) = self.question.clone().expect("idiom");
                let mut c = helper_call(&t.expr).expect("idiom").clone();
                for a in c.args.iter_mut() {
                    self.visit_expr_mut(a);
                }
                let base = callee_name(&c);
                let value = self.fresh(format!("{base}_value"));
                let call = twin_call(&c, syn::parse_quote!(#flag));
                self.before.push(syn::parse_quote!(let #value = #call;));
                self.before.push(syn::parse_quote!(if !*#flag { return #zero; }));
                syn::parse_quote!(#value)
            }
            _ => return,
        };
    }

    /// An idiom where calling the twin first would run code the user's does
    /// not: an error.
    fn refuse_in(&self, e: &syn::Expr, place: &str) {
        if self.holds_idiom(e) {
            self.diag.error_spanned(
                e,
                format!(
                    "a call of a function returning `Option` {place} is not supported: bind its result to a \
                     local first (`let v = f(x).unwrap_or(0.0);`)"
                ),
            );
        }
    }
}

/// `unwrap_or(d)`, `unwrap()`, ... on a helper's call.
fn method_idiom(method: &syn::Ident) -> bool {
    ["unwrap_or", "unwrap", "expect", "unwrap_or_default", "is_some", "is_none"].contains(&method.to_string().as_str())
}

/// `e` as a block, opening with `first`.
fn block_of(e: syn::Expr, first: Option<syn::Stmt>) -> syn::Block {
    let mut b: syn::Block = match e {
        syn::Expr::Block(b) if b.label.is_none() && b.attrs.is_empty() => b.block,
        e => syn::parse_quote!({ #e }),
    };
    if let Some(s) = first {
        b.stmts.insert(0, s);
    }
    b
}

impl VisitMut for Idioms<'_> {
    fn visit_block_mut(&mut self, b: &mut syn::Block) {
        let outer = std::mem::take(&mut self.before);
        for s in std::mem::take(&mut b.stmts) {
            match self.let_else(&s) {
                Some(stmts) => b.stmts.extend(stmts),
                None => {
                    let mut s = s;
                    self.visit_stmt_mut(&mut s);
                    b.stmts.append(&mut self.before);
                    b.stmts.push(s);
                }
            }
        }
        self.before = outer;
    }

    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        if self.is_idiom(e) {
            return self.rewrite(e);
        }
        match e {
            // The lowerer refuses calls there.
            syn::Expr::Binary(b) if matches!(b.op, syn::BinOp::And(_) | syn::BinOp::Or(_)) => {
                self.visit_expr_mut(&mut b.left);
            }
            syn::Expr::Try(_) if self.question.is_some() => {
                self.diag.error_spanned(
                    &*e,
                    "`?` in a differentiable function returning `Option` is supported on calls of other such \
                     functions (`let v = f(x)?;`); test this value with `match` or `if let` instead",
                );
            }
            syn::Expr::While(w) => {
                self.refuse_in(&w.cond, "in a loop's condition");
                self.visit_block_mut(&mut w.body);
            }
            syn::Expr::If(i) => {
                self.visit_expr_mut(&mut i.cond);
                self.visit_block_mut(&mut i.then_branch);
                if let Some((_, els)) = &mut i.else_branch {
                    if matches!(&**els, syn::Expr::If(_)) && self.holds_idiom(els) {
                        **els = syn::Expr::Block(syn::ExprBlock {
                            attrs: Vec::new(),
                            label: None,
                            block: block_of((**els).clone(), None),
                        });
                    }
                    self.visit_expr_mut(els);
                }
            }
            syn::Expr::Match(m) => {
                self.visit_expr_mut(&mut m.expr);
                for arm in m.arms.iter_mut() {
                    if let Some((_, g)) = &arm.guard {
                        self.refuse_in(g, "in a match guard");
                    }
                    if !matches!(&*arm.body, syn::Expr::Block(_)) && self.holds_idiom(&arm.body) {
                        *arm.body = syn::Expr::Block(syn::ExprBlock {
                            attrs: Vec::new(),
                            label: None,
                            block: block_of((*arm.body).clone(), None),
                        });
                    }
                    self.visit_expr_mut(&mut arm.body);
                }
            }
            syn::Expr::Closure(c) => {
                // A closure is a function of its own: its `?` is its own, and
                // its idioms call the twin inside it.
                let question = self.question.take();
                if !matches!(&*c.body, syn::Expr::Block(_)) && self.holds_idiom(&c.body) {
                    *c.body = syn::Expr::Block(syn::ExprBlock {
                        attrs: Vec::new(),
                        label: None,
                        block: block_of((*c.body).clone(), None),
                    });
                }
                self.visit_expr_mut(&mut c.body);
                self.question = question;
            }
            _ => visit_mut::visit_expr_mut(self, e),
        }
    }

    fn visit_item_mut(&mut self, _: &mut syn::Item) {}
}

impl Idioms<'_> {
    /// `let Some(p) = f(x) else { .. };`: the twin's call, the `else` block
    /// when the flag is clear, and `let p = value;`.
    fn let_else(&mut self, s: &syn::Stmt) -> Option<Vec<syn::Stmt>> {
        let syn::Stmt::Local(l) = s else { return None };
        let init = l.init.as_ref()?;
        let (_, diverge) = init.diverge.as_ref()?;
        let pat = some_pattern(&l.pat)?;
        let c = helper_call(&init.expr)?;
        let (some, value) = self.call_first(c);
        let bind = self.bind(pat, &value);
        let mut diverge = (**diverge).clone();
        self.visit_expr_mut(&mut diverge);
        let mut out = std::mem::take(&mut self.before);
        out.push(syn::parse_quote!(if !#some #diverge));
        out.extend(bind);
        Some(out)
    }
}

/// The places the twin returns from: `Some(e)` as `e`, `None` as the flag
/// cleared and the zero, another helper's call as its twin's.
struct Returns<'a> {
    flag: &'a syn::Ident,
    zero: &'a syn::Expr,
    diag: &'a Diag,
}

impl Returns<'_> {
    fn block(&self, b: &mut syn::Block) {
        let Some(syn::Stmt::Expr(e, None)) = b.stmts.last_mut() else { return };
        if is_none(e) {
            let (flag, zero) = (self.flag, self.zero);
            b.stmts.pop();
            b.stmts.push(syn::parse_quote!(*#flag = false;));
            b.stmts.push(syn::Stmt::Expr(zero.clone(), None));
            return;
        }
        self.value(e);
    }

    fn value(&self, e: &mut syn::Expr) {
        let (flag, zero) = (self.flag, self.zero);
        if let Some(x) = some_of(e) {
            *e = x.clone();
            return;
        }
        if is_none(e) {
            *e = syn::parse_quote!({ *#flag = false; #zero });
            return;
        }
        if let Some(c) = helper_call(e) {
            *e = twin_call(c, syn::parse_quote!(#flag));
            return;
        }
        match e {
            syn::Expr::Paren(p) => self.value(&mut p.expr),
            syn::Expr::Block(b) => self.block(&mut b.block),
            syn::Expr::If(i) => {
                self.block(&mut i.then_branch);
                if let Some((_, els)) = &mut i.else_branch {
                    self.value(els);
                }
            }
            syn::Expr::Match(m) => m.arms.iter_mut().for_each(|a| self.value(&mut a.body)),
            // Diverging: `return` (rewritten where it is), `panic!`, ...
            syn::Expr::Return(_) | syn::Expr::Macro(_) | syn::Expr::Continue(_) | syn::Expr::Break(_) => {}
            _ => self.diag.error_spanned(
                &*e,
                "a differentiable function returning `Option` returns `Some(..)`, `None` or another such \
                 function's result, through `if`, `match` and blocks: bind this value and return `Some(v)`",
            ),
        }
    }
}

/// Every `return` of the twin, outside closures and items.
struct ReturnsVisit<'r, 'a>(&'r Returns<'a>);

impl VisitMut for ReturnsVisit<'_, '_> {
    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        if let syn::Expr::Return(r) = e {
            if let Some(v) = &mut r.expr {
                if is_none(v) {
                    let (flag, zero) = (self.0.flag, self.0.zero);
                    *e = syn::parse_quote!({ *#flag = false; return #zero; });
                    return;
                }
                self.0.value(v);
            }
        }
        visit_mut::visit_expr_mut(self, e);
    }

    fn visit_expr_closure_mut(&mut self, _: &mut syn::ExprClosure) {}

    fn visit_item_mut(&mut self, _: &mut syn::Item) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn twin_of(src: &str) -> String {
        let f: syn::ItemFn = syn::parse_str(src).unwrap();
        let diag = Diag::default();
        let t = twin(&f, &diag).unwrap();
        assert!(!diag.has_errors());
        quote!(#t).to_string()
    }

    #[test]
    fn twin_returns_value_and_flag() {
        let t = twin_of("fn safe_ln(x: f64) -> Option<f64> { if x > 0.0 { Some(x.ln()) } else { None } }");
        assert!(t.contains("fn __parad_some_safe_ln (x : f64 , is_some : & mut bool) -> f64"), "{t}");
        assert!(t.contains("* is_some = true ;"), "{t}");
        assert!(t.contains("{ x . ln () } else { * is_some = false ; 0.0 }"), "{t}");
    }

    #[test]
    fn question_mark_passes_the_flag_on() {
        let t = twin_of("fn g(x: f64) -> Option<f64> { let v = safe_ln(x)?; Some(v * 2.0) }");
        assert!(t.contains("let safe_ln_value = __parad_some_safe_ln (x , is_some) ;"), "{t}");
        assert!(t.contains("if ! * is_some { return 0.0 ; }"), "{t}");
    }

    #[test]
    fn idioms_call_the_twin_first() {
        let mut b: syn::Block = syn::parse_str("{ let s = f(x).unwrap_or(1.0) + y; }").unwrap();
        desugar(&mut b, &Diag::default());
        let t = quote!(#b).to_string();
        assert!(t.contains("let mut f_some = false ; let f_value = __parad_some_f (x , & mut f_some) ;"), "{t}");
        assert!(t.contains("let s = if f_some { f_value } else { 1.0 } + y ;"), "{t}");
    }

    #[test]
    fn idioms_in_loop_conditions_are_refused() {
        let mut b: syn::Block = syn::parse_str("{ while f(x).unwrap_or(0.0) > 1.0 { x += 1.0; } }").unwrap();
        let diag = Diag::default();
        desugar(&mut b, &diag);
        assert!(diag.has_errors());
    }
}
