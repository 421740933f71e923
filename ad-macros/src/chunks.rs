//! `as_chunks` and `as_chunks_mut`: a slice viewed as arrays of `N`
//! (`let (pairs, _) = a.as_chunks_mut();`), walked by a `for` loop whose
//! pattern takes each array apart (`for ([ax, ay], [bx, by]) in
//! pairs.iter_mut().zip(others.iter_mut())`), as an FFT's butterflies are
//! written. Before lowering, the loop walks `a.chunks_exact_mut(N)` instead,
//! `N` the length of the array pattern (or the turbofish's), each chunk a
//! name of its own, and the pattern's names become its elements (`*ax` is
//! `pair[0]`); the `let` goes. The loop form the lowerer knows from here on.
//! A view used any other way is left as written, and refused by the lowerer.
//! Also `buf.first_chunk::<N>().unwrap()`, read as a copy of the first `N`
//! elements (see `first_chunks`).

use std::collections::{HashMap, HashSet};
use syn::visit_mut::{self, VisitMut};

/// A view `let (name, _) = buf.as_chunks_mut();` of `buf`.
struct View {
    buf: syn::Expr,
    mutable: bool,
    /// `as_chunks_mut::<N>()`.
    len: Option<usize>,
}

/// Rewrites the views of every block of `block` and the loops walking them.
pub fn desugar(block: &mut syn::Block) {
    let mut taken = crate::syntax::bound_names(block);
    Blocks { taken: &mut taken }.visit_block_mut(block);
}

struct Blocks<'t> {
    taken: &'t mut HashSet<String>,
}

impl VisitMut for Blocks<'_> {
    fn visit_block_mut(&mut self, b: &mut syn::Block) {
        visit_mut::visit_block_mut(self, b);
        let mut views = HashMap::new();
        for (k, s) in b.stmts.iter().enumerate() {
            if let Some((name, view)) = view_let(s) {
                views.insert(name, (k, view));
            }
        }
        let mut gone = Vec::new();
        for (name, (k, view)) in views {
            let rest = &mut b.stmts[k + 1..];
            if rest.iter().all(|s| walks_only(s, &name)) && rewrite_loops(rest, &name, &view, self.taken) {
                gone.push(k);
            }
        }
        gone.sort_unstable();
        for k in gone.into_iter().rev() {
            b.stmts.remove(k);
        }
        first_chunks(b, self.taken);
    }
}

/// `buf.first_chunk::<N>().unwrap()` (or `.expect(..)`), a reference to
/// the first `N` elements as an array, read: a copy of them taken before
/// the statement, `let chunk = [buf[0], .., buf[N - 1]];`, and the
/// expression `&chunk` (`chunk` where it is dereferenced at once). The
/// adjoint of the copy adds into the buffer's shadow. Only where `buf` is
/// a name or a field and `N` a literal; other forms are left to the
/// lowerer, which refuses them.
fn first_chunks(b: &mut syn::Block, taken: &mut HashSet<String>) {
    struct Chunks<'t> {
        taken: &'t mut HashSet<String>,
        copies: Vec<syn::Stmt>,
    }
    impl Chunks<'_> {
        fn copy(&mut self, e: &syn::Expr) -> Option<syn::Ident> {
            let syn::Expr::MethodCall(u) = crate::syntax::strip_parens(e) else { return None };
            let unwrapped = (u.method == "unwrap" && u.args.is_empty()) || (u.method == "expect" && u.args.len() == 1);
            let syn::Expr::MethodCall(m) = crate::syntax::strip_parens(&u.receiver) else { return None };
            if !unwrapped || m.method != "first_chunk" || !m.args.is_empty() {
                return None;
            }
            let n: usize = match m.turbofish.as_ref()?.args.first()? {
                syn::GenericArgument::Const(syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(n), .. })) => {
                    n.base10_parse().ok()?
                }
                _ => return None,
            };
            let buf = &*m.receiver;
            if !matches!(buf, syn::Expr::Path(_) | syn::Expr::Field(_)) {
                return None;
            }
            let chunk = fresh("chunk", self.taken);
            let elems = (0..n).map(|k| quote::quote!(#buf[#k]));
            self.copies.push(syn::parse_quote!(let #chunk = [#(#elems),*];));
            Some(chunk)
        }
    }
    impl VisitMut for Chunks<'_> {
        fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
            if let syn::Expr::Unary(syn::ExprUnary { op: syn::UnOp::Deref(_), expr, .. }) = e {
                if let Some(chunk) = self.copy(expr) {
                    *e = syn::parse_quote!(#chunk);
                    return;
                }
            }
            if let Some(chunk) = self.copy(e) {
                *e = syn::parse_quote!(&#chunk);
                return;
            }
            visit_mut::visit_expr_mut(self, e);
        }
        // Nested blocks have their own statements; closures are left alone.
        fn visit_block_mut(&mut self, _: &mut syn::Block) {}
        fn visit_expr_closure_mut(&mut self, _: &mut syn::ExprClosure) {}
    }
    let mut k = 0;
    while k < b.stmts.len() {
        let mut c = Chunks { taken, copies: Vec::new() };
        c.visit_stmt_mut(&mut b.stmts[k]);
        let added = c.copies.len();
        b.stmts.splice(k..k, c.copies);
        k += added + 1;
    }
}

/// `let (name, _) = buf.as_chunks_mut();` (or `as_chunks`, with a turbofish).
fn view_let(s: &syn::Stmt) -> Option<(String, View)> {
    let syn::Stmt::Local(l) = s else { return None };
    let syn::Pat::Tuple(t) = &l.pat else { return None };
    let [syn::Pat::Ident(name), rest] = &t.elems.iter().collect::<Vec<_>>()[..] else { return None };
    if !matches!(rest, syn::Pat::Wild(_)) || name.by_ref.is_some() || name.subpat.is_some() {
        return None;
    }
    let init = l.init.as_ref().filter(|i| i.diverge.is_none())?;
    let syn::Expr::MethodCall(m) = &*init.expr else { return None };
    let mutable = match m.method.to_string().as_str() {
        "as_chunks_mut" => true,
        "as_chunks" => false,
        _ => return None,
    };
    let len = m.turbofish.as_ref().and_then(|t| match t.args.first() {
        Some(syn::GenericArgument::Const(syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(n), .. }))) => {
            n.base10_parse().ok()
        }
        _ => None,
    });
    Some((name.ident.to_string(), View { buf: (*m.receiver).clone(), mutable, len }))
}

/// Whether `name` appears in `s` only as a `for` loop's iterator (`name`,
/// `name.iter()`, `name.iter_mut()`, zipped).
fn walks_only(s: &syn::Stmt, name: &str) -> bool {
    struct Uses<'n> {
        name: &'n str,
        stray: bool,
    }
    impl<'a> syn::visit::Visit<'a> for Uses<'_> {
        fn visit_expr_for_loop(&mut self, f: &'a syn::ExprForLoop) {
            if walked(&f.expr, self.name) {
                self.visit_pat(&f.pat);
                self.visit_block(&f.body);
            } else {
                syn::visit::visit_expr_for_loop(self, f);
            }
        }
        fn visit_ident(&mut self, id: &'a proc_macro2::Ident) {
            self.stray |= id == self.name;
        }
    }
    let mut u = Uses { name, stray: false };
    syn::visit::Visit::visit_stmt(&mut u, s);
    !u.stray
}

/// Whether `iter` walks the view `name`, and nothing else but walks of views.
fn walked(iter: &syn::Expr, name: &str) -> bool {
    let mut parts = Vec::new();
    zipped(iter, &mut parts);
    parts.iter().any(|p| view_of(p).is_some_and(|n| n == name))
}

/// The parts of `a.zip(b).zip(c)`, left to right.
fn zipped<'e>(iter: &'e syn::Expr, out: &mut Vec<&'e syn::Expr>) {
    match crate::syntax::strip_parens(iter) {
        syn::Expr::MethodCall(m) if m.method == "zip" && m.args.len() == 1 => {
            zipped(&m.receiver, out);
            out.push(&m.args[0]);
        }
        e => out.push(e),
    }
}

/// The view a part walks: `name`, `name.iter()`, `name.iter_mut()`.
fn view_of(part: &syn::Expr) -> Option<String> {
    let base = match crate::syntax::strip_parens(part) {
        syn::Expr::MethodCall(m) if (m.method == "iter" || m.method == "iter_mut") && m.args.is_empty() => &*m.receiver,
        e => e,
    };
    match base {
        syn::Expr::Path(p) => p.path.get_ident().map(|i| i.to_string()),
        _ => None,
    }
}

/// Rewrites every loop of `stmts` walking `name`; false where one cannot be.
fn rewrite_loops(stmts: &mut [syn::Stmt], name: &str, view: &View, taken: &mut HashSet<String>) -> bool {
    struct Loops<'a> {
        name: &'a str,
        view: &'a View,
        taken: &'a mut HashSet<String>,
        ok: bool,
    }
    impl VisitMut for Loops<'_> {
        fn visit_expr_for_loop_mut(&mut self, f: &mut syn::ExprForLoop) {
            visit_mut::visit_expr_for_loop_mut(self, f);
            if walked(&f.expr, self.name) {
                self.ok &= rewrite_loop(f, self.name, self.view, self.taken);
            }
        }
    }
    let mut l = Loops { name, view, taken, ok: true };
    for s in stmts.iter_mut() {
        l.visit_stmt_mut(s);
    }
    l.ok
}

/// One loop: the view's part walks `buf.chunks_exact_mut(N)`, its array
/// pattern becomes a chunk's name and the pattern's names its elements.
fn rewrite_loop(f: &mut syn::ExprForLoop, name: &str, view: &View, taken: &mut HashSet<String>) -> bool {
    let mut parts = Vec::new();
    zipped(&f.expr, &mut parts);
    let mut pats: Vec<&mut syn::Pat> = match (&mut *f.pat, parts.len()) {
        (p, 1) => vec![p],
        (syn::Pat::Tuple(t), n) if t.elems.len() == n => t.elems.iter_mut().collect(),
        _ => return false,
    };
    let at = parts.iter().position(|p| view_of(p).is_some_and(|n| n == name)).expect("walked");
    let pat = &mut pats[at];
    let (elems, by_value) = match &**pat {
        syn::Pat::Slice(s) => (s.elems.iter().cloned().collect::<Vec<_>>(), false),
        syn::Pat::Reference(r) => match &*r.pat {
            syn::Pat::Slice(s) => (s.elems.iter().cloned().collect(), true),
            _ => return false,
        },
        syn::Pat::Ident(_) => (Vec::new(), false),
        _ => return false,
    };
    let names: Option<Vec<String>> = elems
        .iter()
        .map(|e| match e {
            syn::Pat::Ident(pi) if pi.by_ref.is_none() && pi.subpat.is_none() => Some(pi.ident.to_string()),
            _ => None,
        })
        .collect();
    let Some(names) = names else { return false };
    let Some(n) = view.len.or((!names.is_empty()).then_some(names.len())) else { return false };
    let chunk = match elems.is_empty() {
        true => None,
        false => {
            let base = match name.strip_suffix("chunks") {
                Some(stem) => format!("{stem}chunk"),
                None => format!("{name}_chunk"),
            };
            let ident = fresh(&base, taken);
            **pat = syn::parse_quote!(#ident);
            Some(ident)
        }
    };
    let (buf, method) = (&view.buf, if view.mutable { "chunks_exact_mut" } else { "chunks_exact" });
    let method = syn::Ident::new(method, proc_macro2::Span::call_site());
    let walk: syn::Expr = syn::parse_quote!(#buf.#method(#n));
    replace_part(&mut f.expr, name, &walk);
    if let Some(chunk) = chunk {
        let elems: HashMap<String, usize> = names.into_iter().enumerate().map(|(k, n)| (n, k)).collect();
        Elements { elems: &elems, chunk: &chunk, by_value, mutable: view.mutable }.visit_block_mut(&mut f.body);
    }
    true
}

fn fresh(base: &str, taken: &mut HashSet<String>) -> syn::Ident {
    syn::Ident::new(&crate::names::free_name(base, taken), proc_macro2::Span::call_site())
}

/// Replaces the part of a zip chain that walks `name` by `walk`.
fn replace_part(iter: &mut syn::Expr, name: &str, walk: &syn::Expr) {
    match iter {
        syn::Expr::MethodCall(m) if m.method == "zip" && m.args.len() == 1 => {
            replace_part(&mut m.receiver, name, walk);
            replace_part(&mut m.args[0], name, walk);
        }
        syn::Expr::Paren(p) => replace_part(&mut p.expr, name, walk),
        e if view_of(e).is_some_and(|n| n == name) => *e = walk.clone(),
        _ => {}
    }
}

/// The pattern's names in the body: `*ax` (or `ax` bound by value) is
/// `chunk[0]`, `ax` a reference to it.
struct Elements<'a> {
    elems: &'a HashMap<String, usize>,
    chunk: &'a syn::Ident,
    by_value: bool,
    mutable: bool,
}

impl Elements<'_> {
    fn element(&self, e: &syn::Expr) -> Option<syn::Expr> {
        let syn::Expr::Path(p) = crate::syntax::strip_parens(e) else { return None };
        let k = self.elems.get(&p.path.get_ident()?.to_string())?;
        let chunk = self.chunk;
        Some(syn::parse_quote!(#chunk[#k]))
    }
}

impl VisitMut for Elements<'_> {
    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        if let syn::Expr::Unary(u) = e {
            if matches!(u.op, syn::UnOp::Deref(_)) && !self.by_value {
                if let Some(place) = self.element(&u.expr) {
                    *e = place;
                    return;
                }
            }
        }
        if let Some(place) = self.element(e) {
            *e = match (self.by_value, self.mutable) {
                (true, _) => place,
                (false, true) => syn::parse_quote!(&mut #place),
                (false, false) => syn::parse_quote!(&#place),
            };
            return;
        }
        visit_mut::visit_expr_mut(self, e);
    }
}
