//! References to one number: parameters `x: &f64`, `out: &mut f64`,
//! `evals: &mut usize`, and local numbers lent to a call (`acc(v, &mut s)`).
//! Before lowering they become one-element buffers, which every later stage
//! knows: a parameter `&F` is a `&[F]` (`*x` reads `x[0]`), and a local
//! whose `&s` or `&mut s` is passed to a call is a `[F; 1]` (`s` is
//! `s[0]`). The shadow of `&f64` is then a `&mut [f64]` added to, and that
//! of `&mut f64` carries the seed in and the adjoint out, as for slices.
//! The derivative the user calls keeps the user's types and lends each
//! number as a slice of one (`slice::from_ref`, no copy; see
//! `flatten::wrap`). In a method the same holds, and a number lent to a
//! method of the user's (`self.f(x, &mut e)`, `s.f(x, &mut e)` on a
//! parameter of a named type) is lent as to a function. A number taken by
//! value and lent (`f(&k)`) is a local copy of the parameter, lent as any
//! local. Functions with rules keep their references, which
//! `parse::classify` refuses with a spanned error.

use crate::flatten::Rows;
use std::collections::HashSet;
use syn::visit_mut::{self, VisitMut};

/// `&T` or `&mut T` of a float, an integer or a `bool`.
fn scalar_ref(ty: &syn::Type) -> Option<&syn::TypeReference> {
    let syn::Type::Reference(r) = ty else { return None };
    let syn::Type::Path(p) = &*r.elem else { return None };
    let name = p.path.get_ident()?.to_string();
    let number = matches!(
        name.as_str(),
        "f32" | "f64" | "usize" | "isize" | "u8" | "u16" | "u32" | "u64" | "i8" | "i16" | "i32" | "i64" | "bool"
    );
    (number && p.qself.is_none()).then_some(r)
}

/// Rewrites the parameters of `sig` that are references to one number as
/// slices; the name and the user's type of each.
pub fn desugar_signature(sig: &mut syn::Signature) -> Vec<(String, syn::TypeReference)> {
    let mut found = Vec::new();
    for arg in sig.inputs.iter_mut() {
        let syn::FnArg::Typed(pt) = arg else { continue };
        let (syn::Pat::Ident(pi), Some(r)) = (&*pt.pat, scalar_ref(&pt.ty)) else { continue };
        let (m, elem) = (&r.mutability, &r.elem);
        let slice: syn::Type = syn::parse_quote!(&#m [#elem]);
        found.push((pi.ident.to_string(), r.clone()));
        *pt.ty = slice;
    }
    found
}

/// Rewrites `func` (signature and body) on one-element buffers, and
/// records its parameters in `rows` so that the user's derivative keeps
/// their types.
pub fn desugar(func: &mut syn::ItemFn, rows: &mut Rows) {
    let owners = owners(&func.sig);
    let params = desugar_signature(&mut func.sig);
    let mut lent = HashSet::new();
    LentLocals(&mut lent, &owners).visit_block_mut(&mut func.block);
    let bound_again = bindings_counted(&func.block);
    // A number taken by value and lent (`f(&k)`) is a local copy of it,
    // which the rewrite below makes an array like any lent local.
    for (id, ty) in by_value_numbers(&func.sig) {
        let name = id.to_string();
        if lent.contains(&name) && !bound_again.contains_key(&name) {
            func.block.stmts.insert(0, syn::parse_quote!(let mut #id: #ty = #id;));
        }
    }
    let bound_again = bindings_counted(&func.block);
    // A local bound twice is left alone: the rewrite follows names, not scopes.
    lent.retain(|n| bound_again.get(n).copied().unwrap_or(0) == 1);
    // A parameter a `let` binds again (`let w = *w;`) is rewritten up to
    // there, in that block (see `Rewrite::visit_block_mut`); one another
    // pattern binds again keeps its reference, which `parse` refuses.
    let in_lets = let_bindings_counted(&func.block);
    let params: Vec<(String, syn::TypeReference)> = params
        .into_iter()
        .filter(|(n, _)| bound_again.get(n).copied().unwrap_or(0) == in_lets.get(n).copied().unwrap_or(0))
        .collect();
    if params.is_empty() && lent.is_empty() {
        return;
    }
    let mut r = Rewrite { params: params.iter().map(|(n, _)| n.clone()).collect(), locals: lent, owners };
    r.visit_block_mut(&mut func.block);
    for (name, ty) in params {
        rows.add_scalar(name, ty);
    }
}

/// The parameters of `sig` that take a number or a flag by value.
fn by_value_numbers(sig: &syn::Signature) -> Vec<(syn::Ident, syn::Type)> {
    (sig.inputs.iter())
        .filter_map(|a| {
            let syn::FnArg::Typed(pt) = a else { return None };
            let syn::Pat::Ident(pi) = &*pt.pat else { return None };
            let ty = &pt.ty;
            scalar_ref(&syn::parse_quote!(&#ty)).is_some().then(|| (pi.ident.clone(), (**ty).clone()))
        })
        .collect()
}

/// Locals whose `&s` or `&mut s` is an argument of a function call (or
/// of a method of the user's, see [`owners`]) and that are made from a
/// literal number or flag, or annotated with a number type.
struct LentLocals<'s>(&'s mut HashSet<String>, &'s HashSet<String>);

impl LentLocals<'_> {
    /// The names lent by `&s` or `&mut s` among `args`.
    fn lent_in<'a>(&mut self, args: impl IntoIterator<Item = &'a syn::Expr>) {
        for a in args {
            if let syn::Expr::Reference(r) = a {
                if let Some(id) = path_ident(&r.expr) {
                    self.0.insert(id.to_string());
                }
            }
        }
    }
}

impl VisitMut for LentLocals<'_> {
    fn visit_expr_call_mut(&mut self, c: &mut syn::ExprCall) {
        self.lent_in(&c.args);
        visit_mut::visit_expr_call_mut(self, c);
    }

    fn visit_expr_method_call_mut(&mut self, m: &mut syn::ExprMethodCall) {
        if own_method(m, self.1) {
            self.lent_in(&m.args);
        }
        visit_mut::visit_expr_method_call_mut(self, m);
    }
}

/// `s.f(..)` on a parameter of a type of the user's, or `self.f(..)` in
/// a method (its receiver renamed, see `expand::method`): a method of the
/// user's, which lends numbers as a function does.
fn own_method(m: &syn::ExprMethodCall, owners: &HashSet<String>) -> bool {
    path_ident(&m.receiver).is_some_and(|id| owners.contains(&id.to_string()))
}

/// The parameters whose methods are the user's: the receiver, and those
/// of a named type that is not std's nor rsmpi's (`s: &Spring`, `m: &M`).
fn owners(sig: &syn::Signature) -> HashSet<String> {
    let mut out: HashSet<String> = ["this", "__parad_self"].map(String::from).into();
    for a in &sig.inputs {
        let syn::FnArg::Typed(pt) = a else { continue };
        let syn::Pat::Ident(pi) = &*pt.pat else { continue };
        let ty = match &*pt.ty {
            syn::Type::Reference(r) => &*r.elem,
            t => t,
        };
        let syn::Type::Path(p) = ty else { continue };
        let Some(last) = p.path.segments.last() else { continue };
        let name = last.ident.to_string();
        // std's containers, and rsmpi's communicators and processes, whose
        // operations the lowerer reads itself (see `lower::mpi`).
        let std = ["Vec", "Option", "Box", "String", "HashMap", "BTreeMap", "HashSet"].contains(&name.as_str());
        let mpi = name.contains("Communicator") || name == "Process";
        if !std && !mpi && name.starts_with(|c: char| c.is_ascii_uppercase()) {
            out.insert(pi.ident.to_string());
        }
    }
    out
}

/// How many times each name is bound by `let`, a closure or a pattern.
fn bindings_counted(block: &syn::Block) -> std::collections::HashMap<String, usize> {
    struct Count(std::collections::HashMap<String, usize>);
    impl syn::visit::Visit<'_> for Count {
        fn visit_pat_ident(&mut self, pi: &syn::PatIdent) {
            *self.0.entry(pi.ident.to_string()).or_default() += 1;
            syn::visit::visit_pat_ident(self, pi);
        }
    }
    let mut c = Count(Default::default());
    syn::visit::Visit::visit_block(&mut c, block);
    c.0
}

/// How many times each name is bound by the plain name of a `let`.
fn let_bindings_counted(block: &syn::Block) -> std::collections::HashMap<String, usize> {
    struct Count(std::collections::HashMap<String, usize>);
    impl syn::visit::Visit<'_> for Count {
        fn visit_local(&mut self, l: &syn::Local) {
            let pat = match &l.pat {
                syn::Pat::Type(pt) => &*pt.pat,
                p => p,
            };
            if let syn::Pat::Ident(pi) = pat {
                *self.0.entry(pi.ident.to_string()).or_default() += 1;
            }
            syn::visit::visit_local(self, l);
        }
    }
    let mut c = Count(Default::default());
    syn::visit::Visit::visit_block(&mut c, block);
    c.0
}

fn path_ident(e: &syn::Expr) -> Option<&syn::Ident> {
    match e {
        syn::Expr::Path(p) if p.qself.is_none() => p.path.get_ident(),
        syn::Expr::Paren(p) => path_ident(&p.expr),
        _ => None,
    }
}

/// Whether `init` makes one number or a flag: a float, integer or `bool`
/// literal, maybe negated.
fn number_literal(init: &syn::Expr) -> bool {
    match init {
        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Float(_) | syn::Lit::Int(_) | syn::Lit::Bool(_), .. }) => true,
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => number_literal(&u.expr),
        syn::Expr::Paren(p) => number_literal(&p.expr),
        _ => false,
    }
}

struct Rewrite {
    /// Parameters now one-element slices.
    params: HashSet<String>,
    /// Locals lent to calls, now one-element arrays.
    locals: HashSet<String>,
    /// The parameters whose methods are the user's (see [`owners`]).
    owners: HashSet<String>,
}

impl Rewrite {
    fn is_param(&self, e: &syn::Expr) -> bool {
        path_ident(e).is_some_and(|id| self.params.contains(&id.to_string()))
    }
    fn is_local(&self, e: &syn::Expr) -> bool {
        path_ident(e).is_some_and(|id| self.locals.contains(&id.to_string()))
    }
}

impl Rewrite {
    /// An argument of a differentiable function: a number it takes by
    /// reference is lent as a slice of one: a parameter as it is (`f(x)`,
    /// `f(&*x)`), a local as its array (`f(&mut s)`); an element
    /// (`f(&mut y[i])`) is the lowerer's (`lower_arg`).
    /// Each is marked (see `names::ONE_LENT`), so that a call left plain
    /// lends the number itself.
    fn call_arg(&mut self, a: &mut syn::Expr, std: bool) {
        let one = crate::names::hygienic(crate::names::ONE_LENT);
        let mark = |a: syn::Expr| -> syn::Expr {
            match std {
                true => a,
                false => syn::parse_quote!(#one(#a)),
            }
        };
        if self.is_param(a) {
            *a = mark(a.clone());
            return;
        }
        if let syn::Expr::Reference(r) = a {
            if let syn::Expr::Unary(u) = &*r.expr {
                if matches!(u.op, syn::UnOp::Deref(_)) && self.is_param(&u.expr) {
                    *a = mark((*u.expr).clone());
                    return;
                }
            }
            if self.is_local(&r.expr) {
                *a = mark(a.clone());
                return;
            }
        }
        self.visit_expr_mut(a);
    }

    /// An argument inside `no_grad(..)`: the plain function takes the
    /// user's types, so a number lent by reference is its element.
    fn plain_arg(&mut self, a: &mut syn::Expr) {
        match a {
            syn::Expr::Call(c) => {
                self.visit_expr_mut(&mut c.func);
                c.args.iter_mut().for_each(|a| self.plain_arg(a));
            }
            _ if self.is_param(a) => {
                let x = a.clone();
                *a = syn::parse_quote!(&#x[0]);
            }
            _ => self.visit_expr_mut(a),
        }
    }

    /// A macro's tokens (`println!("{}", x)`), each use of a rewritten
    /// name read as its element; a name after `.` or before `!` or `::`
    /// is not a use.
    fn macro_tokens(&self, tokens: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
        use proc_macro2::{Group, TokenTree};
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let mut out = proc_macro2::TokenStream::new();
        for (k, t) in tokens.iter().enumerate() {
            match t {
                TokenTree::Ident(id)
                    if self.params.contains(&id.to_string()) || self.locals.contains(&id.to_string()) =>
                {
                    let after_dot = k > 0 && matches!(&tokens[k - 1], TokenTree::Punct(p) if p.as_char() == '.');
                    let before_path = matches!(tokens.get(k + 1), Some(TokenTree::Punct(p)) if p.as_char() == '!' || p.as_char() == ':');
                    if after_dot || before_path {
                        out.extend([t.clone()]);
                    } else {
                        out.extend(quote::quote!((#id[0])));
                    }
                }
                TokenTree::Group(g) => {
                    let mut inner = Group::new(g.delimiter(), self.macro_tokens(g.stream()));
                    inner.set_span(g.span());
                    out.extend([TokenTree::Group(inner)]);
                }
                other => out.extend([other.clone()]),
            }
        }
        out
    }
}

impl VisitMut for Rewrite {
    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        if let syn::Expr::Call(c) = e {
            let plain = matches!(&*c.func, syn::Expr::Path(p) if crate::syntax::is_no_grad(&p.path));
            // `std::mem::swap(&mut a, &mut b)` swaps the arrays.
            let std = matches!(&*c.func, syn::Expr::Path(p) if p.path.segments.first().is_some_and(|s| s.ident == "std" || s.ident == "core" || s.ident == "mem") || p.path.is_ident("swap"));
            self.visit_expr_mut(&mut c.func);
            for a in c.args.iter_mut() {
                if plain {
                    self.plain_arg(a);
                } else {
                    self.call_arg(a, std);
                }
            }
            return;
        }
        if let syn::Expr::MethodCall(m) = e {
            if own_method(m, &self.owners) {
                self.visit_expr_mut(&mut m.receiver);
                m.args.iter_mut().for_each(|a| self.call_arg(a, false));
                return;
            }
        }
        if let syn::Expr::Unary(u) = e {
            if matches!(u.op, syn::UnOp::Deref(_)) && self.is_param(&u.expr) {
                let x = (*u.expr).clone();
                *e = syn::parse_quote_spanned!(syn::spanned::Spanned::span(&x)=> #x[0]);
                return;
            }
        }
        if self.is_param(e) || self.is_local(e) {
            let x = e.clone();
            *e = syn::parse_quote_spanned!(syn::spanned::Spanned::span(&x)=> #x[0]);
            return;
        }
        visit_mut::visit_expr_mut(self, e);
    }

    fn visit_macro_mut(&mut self, m: &mut syn::Macro) {
        m.tokens = self.macro_tokens(std::mem::take(&mut m.tokens));
    }

    /// A parameter bound again by a `let` is the new local from there to
    /// the end of the block.
    fn visit_block_mut(&mut self, b: &mut syn::Block) {
        let params = self.params.clone();
        visit_mut::visit_block_mut(self, b);
        self.params = params;
    }

    fn visit_local_mut(&mut self, local: &mut syn::Local) {
        // `let k: f64 = k;`, the copy of a parameter lent (see `desugar`):
        // its value is the parameter's.
        let copied = |l: &syn::Local| match (&l.pat, &l.init) {
            (syn::Pat::Type(pt), Some(init)) => {
                matches!(&*pt.pat, syn::Pat::Ident(pi) if path_ident(&init.expr) == Some(&pi.ident))
            }
            _ => false,
        };
        let copy = copied(local);
        if let Some(init) = local.init.as_mut().filter(|_| !copy) {
            self.visit_expr_mut(&mut init.expr);
            if let Some((_, diverge)) = &mut init.diverge {
                self.visit_expr_mut(diverge);
            }
        }
        let (pat, ty) = match &mut local.pat {
            syn::Pat::Type(pt) => (&*pt.pat, Some(&mut pt.ty)),
            p => (&*p, None),
        };
        let syn::Pat::Ident(pi) = pat else { return };
        self.params.remove(&pi.ident.to_string());
        if !self.locals.contains(&pi.ident.to_string()) {
            return;
        }
        let number_ty = ty.as_ref().is_some_and(|t| scalar_ref(&syn::parse_quote!(&#t)).is_some());
        let Some(init) = &mut local.init else {
            // Declared without a value: left alone.
            self.locals.remove(&pi.ident.to_string());
            return;
        };
        if !(number_ty || number_literal(&init.expr)) {
            self.locals.remove(&pi.ident.to_string());
            return;
        }
        let x = &init.expr;
        *init.expr = syn::parse_quote!([#x]);
        if let Some(t) = ty {
            let elem = (**t).clone();
            **t = syn::parse_quote!([#elem; 1]);
        }
    }
}
