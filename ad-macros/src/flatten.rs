//! Buffers of rows: parameters `&[[F; N]]`, `&mut [[F; N]]`,
//! `&Vec<[F; N]>`, `&mut Vec<[F; N]>` (buffers of arrays: the positions of
//! particles, one `[f64; 3]` each), `&[Vec<F>]`, `&Vec<Vec<F>>` and their
//! `&mut` forms (a matrix kept as one `Vec` per row), and locals
//! `vec![[x; N]; n]`, `vec![vec![x; m]; n]`, `[[a, b], [c, d]]` and
//! `[[x; N]; n]`. Before lowering, the
//! function is rewritten on flat buffers, `p[i][k]` as `p[i * N + k]`, so
//! every later stage (tapes, windows, rayon's strategies) sees the plain
//! slices it knows. The width of `Vec` rows is known at run time only: the
//! flat function takes it as a hidden parameter after the buffer, `Const`
//! in every derivative. The companions take the flat slices; a derivative
//! the user asked for is a wrapper with the user's types that flattens
//! them and calls the flat derivative: buffers of arrays in place
//! (`as_flattened`), `Vec` rows by a copy into one `Vec` and back (see the
//! runtime's `rows`).

use crate::diag::Diag;
use crate::names::{derived, Names};
use crate::parse::{Activity, DiffSpec};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use std::collections::HashMap;
use syn::spanned::Spanned;
use syn::visit_mut::{self, VisitMut};

/// The parameters of a function that are buffers of rows: the user's type
/// of each, by name, and for `Vec` rows the hidden width parameter.
#[derive(Default)]
pub struct Rows {
    params: HashMap<String, (syn::TypeReference, Option<syn::Ident>)>,
    /// Where the hidden parameters stand in the flat signature.
    hidden: Vec<usize>,
    /// The parameters among `params` that are references to one number
    /// (see `scalars`), lent as slices of one.
    scalars: std::collections::HashSet<String>,
}

impl Rows {
    /// Whether the signature has no buffer of rows (local ones change
    /// only the body).
    pub fn is_empty(&self) -> bool {
        self.params.is_empty()
    }

    /// Whether the signature has a buffer of rows other than references to
    /// one number.
    pub fn has_buffers(&self) -> bool {
        self.params.keys().any(|p| !self.scalars.contains(p))
    }

    /// Records a parameter `name: &F` (or `&mut F`) taken as a slice of one.
    pub fn add_scalar(&mut self, name: String, user_ty: syn::TypeReference) {
        self.scalars.insert(name.clone());
        self.params.insert(name, (user_ty, None));
    }

    /// Gives `spec` a `Const` activity for each hidden parameter, when it
    /// has one activity for each of the user's parameters (`total`: the
    /// count the flat signature takes); a wrong count is reported as the
    /// user wrote it.
    pub fn hide_in(&self, spec: &mut DiffSpec, total: usize) {
        if spec.acts.len() + self.hidden.len() != total {
            return;
        }
        for &at in &self.hidden {
            spec.acts.insert(at, (Activity::Const, Span::call_site()));
        }
        spec.hidden = self.hidden.len();
    }
}

/// The prefix of the hidden width parameters.
const HIDDEN: &str = "__parad_cols_";

/// The hidden width of the buffer of `Vec` rows `name`.
fn width_ident(name: &str) -> syn::Ident {
    let name = crate::names::bare(&name);
    format_ident!("{HIDDEN}{name}", span = Span::call_site())
}

/// Whether the parameter `name` is a hidden width (not the user's).
pub fn is_hidden(name: &syn::Ident) -> bool {
    name.to_string().starts_with(HIDDEN)
}

/// The marker the lowering reads as an index into a row, checked against
/// the row's width (`p[i][k]` becomes `p[(i) * n + __parad_row_index!(k, n)]`).
pub const ROW_INDEX: &str = "__parad_row_index";

fn is_int_lit(e: &syn::Expr) -> bool {
    matches!(crate::syntax::strip_parens(e), syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(_), .. }))
}

const USES: &str = "a buffer of rows (`&[[F; N]]`, `&[Vec<F>]`) is supported indexed (`p[i][k]`, \
     `&p[i]`, `p[a..b]`), iterated (`iter`, `iter_mut`, `par_iter`, `par_iter_mut`, `for q in p`), by `len()`, \
     and, for arrays, flattened (`p.as_flattened()`, `p.as_flattened_mut()`) to pass it to a function taking a \
     slice";

/// The width of the rows of `&[[F; N]]` and its kin (`N`), or of
/// `&[Vec<F>]` and its kin (known at run time).
enum Width {
    Array(syn::Expr),
    Vecs,
}

/// `(reference, F, width)` of a parameter type that is a buffer of rows.
fn row_type(ty: &syn::Type) -> Option<(&syn::TypeReference, &syn::Type, Width)> {
    let syn::Type::Reference(r) = ty else { return None };
    let row = crate::parse::elem_of(&r.elem)?;
    let (float, width) = match row {
        syn::Type::Array(a) => (&*a.elem, Width::Array(a.len.clone())),
        syn::Type::Path(_) => (crate::parse::elem_of(row)?, Width::Vecs),
        _ => return None,
    };
    let name = float.to_token_stream().to_string();
    (name == "f64" || name == "f32").then_some((r, float, width))
}

/// Rewrites `func` on flat buffers: its parameters' types and its body.
/// Errors go to `diag`.
pub fn flatten(func: &mut syn::ItemFn, diag: &Diag) -> Rows {
    let (rows, width) = flatten_signature(&mut func.sig);
    Flatten { width, params: &rows.params, diag, bind: Vec::new() }.visit_block_mut(&mut func.block);
    rows
}

/// Rewrites the parameters of `sig` on flat buffers, each `Vec` rows
/// followed by its hidden width; the buffers, and the width of each by
/// name.
pub fn flatten_signature(sig: &mut syn::Signature) -> (Rows, HashMap<String, syn::Expr>) {
    let mut rows = Rows::default();
    let mut width = HashMap::new();
    let mut inputs = syn::punctuated::Punctuated::new();
    for mut arg in std::mem::take(&mut sig.inputs) {
        let mut hidden = None;
        if let syn::FnArg::Typed(pt) = &mut arg {
            if let (syn::Pat::Ident(pi), Some((r, float, w))) = (&*pt.pat, row_type(&pt.ty)) {
                let flat: syn::Type = if r.mutability.is_some() {
                    syn::parse_quote!(&mut [#float])
                } else {
                    syn::parse_quote!(&[#float])
                };
                let name = pi.ident.to_string();
                let n = match w {
                    Width::Array(n) => n,
                    Width::Vecs => {
                        let cols = width_ident(&name);
                        hidden = Some(cols.clone());
                        syn::parse_quote!(#cols)
                    }
                };
                width.insert(name.clone(), n);
                rows.params.insert(name, (r.clone(), hidden.clone()));
                *pt.ty = flat;
            }
        }
        inputs.push(arg);
        if let Some(cols) = hidden {
            rows.hidden.push(inputs.len());
            inputs.push(syn::parse_quote!(#cols: usize));
        }
    }
    sig.inputs = inputs;
    (rows, width)
}

struct Flatten<'d> {
    /// The width of each buffer of rows in scope, parameters and locals.
    width: HashMap<String, syn::Expr>,
    params: &'d HashMap<String, (syn::TypeReference, Option<syn::Ident>)>,
    diag: &'d Diag,
    /// The widths of local `Vec` rows to bind before the statement being
    /// rewritten: `let __parad_cols_a = m;` for `vec![vec![x; m]; n]`.
    bind: Vec<syn::Stmt>,
}

impl Flatten<'_> {
    /// The width of the buffer `e` names, if it names one.
    fn row(&self, e: &syn::Expr) -> Option<syn::Expr> {
        match e {
            syn::Expr::Path(p) if p.qself.is_none() => self.width.get(&p.path.get_ident()?.to_string()).cloned(),
            syn::Expr::Paren(p) => self.row(&p.expr),
            _ => None,
        }
    }

    fn visited(&mut self, e: &syn::Expr) -> syn::Expr {
        let mut e = e.clone();
        self.visit_expr_mut(&mut e);
        e
    }

    /// `w[i]` of rows: the sub-slice of row `i`, or of rows `a..b`.
    fn rows_slice(&mut self, w: &syn::Expr, n: &syn::Expr, index: &syn::Expr, span: Span) -> syn::Expr {
        match index {
            syn::Expr::Range(r) => {
                if matches!(r.limits, syn::RangeLimits::Closed(_)) {
                    self.diag.error(r.span(), "use `a..b` rather than `a..=b` for a range of rows");
                }
                let lo = r.start.as_ref().map(|a| {
                    let a = self.visited(a);
                    quote!((#a) * #n)
                });
                let hi = r.end.as_ref().map(|b| {
                    let b = self.visited(b);
                    quote!((#b) * #n)
                });
                syn::parse_quote_spanned!(span=> #w[#lo..#hi])
            }
            i => {
                let i = self.visited(i);
                syn::parse_quote_spanned!(span=> #w[(#i) * #n..(#i) * #n + #n])
            }
        }
    }
}

impl VisitMut for Flatten<'_> {
    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        let span = e.span();
        match e {
            syn::Expr::Index(outer) => {
                if let syn::Expr::Index(inner) = crate::syntax::strip_parens(&outer.expr) {
                    if let Some(n) = self.row(&inner.expr) {
                        let w = (*inner.expr).clone();
                        if matches!(*inner.index, syn::Expr::Range(_)) {
                            self.diag.error(
                                inner.index.span(),
                                format!("index a range of rows as a slice of its own first; {USES}"),
                            );
                            return;
                        }
                        *e = match &*outer.index {
                            // `w[i][a..b]`: a range of row `i`, checked against the row.
                            syn::Expr::Range(_) => {
                                let row = self.rows_slice(&w, &n, &inner.index.clone(), span);
                                let k = self.visited(&outer.index);
                                syn::parse_quote_spanned!(span=> #row[#k])
                            }
                            k => {
                                let i = self.visited(&inner.index);
                                let k = self.visited(k);
                                let k = if is_int_lit(&k) && is_int_lit(&n) {
                                    // rustc refuses a literal past a literal width.
                                    quote!((#k))
                                } else {
                                    let mark = syn::Ident::new(ROW_INDEX, span);
                                    quote_spanned!(span=> #mark!(#k, #n))
                                };
                                syn::parse_quote_spanned!(span=> #w[(#i) * #n + #k])
                            }
                        };
                        return;
                    }
                }
                if let Some(n) = self.row(&outer.expr) {
                    let w = (*outer.expr).clone();
                    *e = self.rows_slice(&w, &n, &outer.index.clone(), span);
                    return;
                }
            }
            syn::Expr::MethodCall(m) => {
                // `w[i].clone()` of a `Vec` row copies the row.
                if m.method == "clone" && m.args.is_empty() {
                    if let syn::Expr::Index(ix) = crate::syntax::strip_parens(&m.receiver) {
                        if self.row(&ix.expr).is_some() && !matches!(*ix.index, syn::Expr::Range(_)) {
                            m.method = syn::Ident::new("to_vec", m.method.span());
                        }
                    }
                }
                if let Some(n) = self.row(&m.receiver) {
                    let w = &m.receiver;
                    let flat = match (m.method.to_string().as_str(), m.args.is_empty()) {
                        ("len", true) => quote_spanned!(span=> (#w.len() / #n)),
                        ("is_empty", true) => quote_spanned!(span=> #w.is_empty()),
                        ("iter", true) => quote_spanned!(span=> #w.chunks_exact(#n)),
                        ("iter_mut", true) => quote_spanned!(span=> #w.chunks_exact_mut(#n)),
                        ("par_iter", true) => quote_spanned!(span=> #w.par_chunks_exact(#n)),
                        ("par_iter_mut", true) => quote_spanned!(span=> #w.par_chunks_exact_mut(#n)),
                        ("as_flattened", true) => quote_spanned!(span=> &#w[..]),
                        ("as_flattened_mut", true) => quote_spanned!(span=> &mut #w[..]),
                        (other, _) => {
                            self.diag.error(
                                m.method.span(),
                                format!("`{other}` of a buffer of rows is not supported; {USES}"),
                            );
                            return;
                        }
                    };
                    *e = syn::parse_quote!(#flat);
                    return;
                }
            }
            syn::Expr::ForLoop(f) => {
                let source = match crate::syntax::strip_parens(&f.expr) {
                    syn::Expr::Reference(r) => {
                        self.row(&r.expr).map(|n| ((*r.expr).clone(), n, r.mutability.is_some()))
                    }
                    other => self.row(other).map(|n| (other.clone(), n, false)),
                };
                if let Some((w, n, mutable)) = source {
                    let chunks = if mutable { quote!(chunks_exact_mut) } else { quote!(chunks_exact) };
                    *f.expr = syn::parse_quote_spanned!(f.expr.span()=> #w.#chunks(#n));
                    self.visit_pat_mut(&mut f.pat);
                    self.visit_block_mut(&mut f.body);
                    return;
                }
            }
            syn::Expr::Path(_) if self.row(e).is_some() => {
                self.diag.error(span, format!("a buffer of rows cannot be passed or used whole; {USES}"));
                return;
            }
            syn::Expr::Macro(m) => self.macro_tokens(&m.mac),
            _ => {}
        }
        visit_mut::visit_expr_mut(self, e);
    }

    fn visit_local_mut(&mut self, local: &mut syn::Local) {
        self.visit_pat_mut(&mut local.pat);
        let Some(init) = &mut local.init else { return };
        let (pat, ty) = match &mut local.pat {
            syn::Pat::Type(pt) => (&*pt.pat, Some(&mut pt.ty)),
            p => (&*p, None),
        };
        let name = match pat {
            syn::Pat::Ident(pi) => Some(pi.ident.clone()),
            _ => None,
        };
        // `let q = p[i];` copies row `i`; of a parameter nothing writes,
        // it reads it in place.
        if let (Some(_), syn::Expr::Index(ix)) = (&name, &*init.expr) {
            if let (Some(n), false) = (self.row(&ix.expr), matches!(*ix.index, syn::Expr::Range(_))) {
                let w = (*ix.expr).clone();
                let index = (*ix.index).clone();
                let span = init.expr.span();
                let read_only = match &w {
                    syn::Expr::Path(p) => p
                        .path
                        .get_ident()
                        .and_then(|id| self.params.get(&id.to_string()))
                        .is_some_and(|(r, _)| r.mutability.is_none()),
                    _ => false,
                };
                let small = match &n {
                    syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(k), .. }) => {
                        k.base10_parse::<usize>().ok().filter(|k| *k <= 16)
                    }
                    _ => None,
                };
                *init.expr = match small {
                    Some(k) if !read_only => {
                        let i = self.visited(&index);
                        let ks = (0..k).map(syn::Index::from);
                        syn::parse_quote_spanned!(span=> [#(#w[(#i) * #n + #ks]),*])
                    }
                    _ => {
                        let row = self.rows_slice(&w, &n, &index, span);
                        if read_only {
                            syn::parse_quote_spanned!(span=> &#row)
                        } else {
                            syn::parse_quote_spanned!(span=> #row.to_vec())
                        }
                    }
                };
                return;
            }
        }
        // `let h = &p[a..b];` is a buffer of rows too.
        if let (Some(name), syn::Expr::Reference(r)) = (&name, &*init.expr) {
            if let syn::Expr::Index(ix) = crate::syntax::strip_parens(&r.expr) {
                if let (Some(n), syn::Expr::Range(_)) = (self.row(&ix.expr), &*ix.index) {
                    self.visit_expr_mut(&mut init.expr);
                    self.width.insert(name.to_string(), n);
                    return;
                }
            }
        }
        // `let mut q = vec![[0.0; N]; n];` is a buffer of rows itself, and
        // so is `vec![vec![0.0; m]; n]`, its width bound first unless a literal.
        if let (Some(name), Some((x, n, count, vecs))) = (&name, rows_vec(&init.expr)) {
            let x = self.visited(&x);
            let count = self.visited(&count);
            let n = if vecs && !is_int_lit(&n) {
                let n = self.visited(&n);
                let cols = width_ident(&name.to_string());
                self.bind.push(syn::parse_quote!(let #cols: usize = #n;));
                syn::parse_quote!(#cols)
            } else {
                n
            };
            let span = init.expr.span();
            *init.expr = syn::parse_quote_spanned!(span=> ::std::vec![#x; (#count) * #n]);
            if let Some(ty) = ty {
                if let Some(float) = vec_of_rows(ty) {
                    **ty = syn::parse_quote!(Vec<#float>);
                }
            }
            self.width.insert(name.to_string(), n);
            return;
        }
        // `let r = [[c, -s], [s, c]];` and `let mut m = [[0.0; 3]; 3];`: a
        // local array of rows, flat.
        if let (Some(name), Some((mut flat, n))) = (&name, array_rows(&init.expr)) {
            self.visit_expr_mut(&mut flat);
            *init.expr = flat;
            if let Some(ty) = ty {
                if let syn::Type::Array(outer) = &**ty {
                    if let syn::Type::Array(inner) = &*outer.elem {
                        let (elem, count, width) = (&inner.elem, &outer.len, &inner.len);
                        **ty = syn::parse_quote!([#elem; (#count) * (#width)]);
                    }
                }
            }
            self.width.insert(name.to_string(), n);
            return;
        }
        if let Some(ty) =
            ty.filter(|ty| vec_of_rows(ty).is_some() && !matches!(crate::parse::elem_of(ty), Some(syn::Type::Array(_))))
        {
            self.diag.error_spanned(
                &*ty,
                "a local `Vec<Vec<F>>` is supported made whole by `vec![vec![x; m]; n]` (rows of one length), not \
                 grown row by row; or keep one flat `Vec` and index it `a[i * m + j]`",
            );
        }
        self.visit_expr_mut(&mut init.expr);
        if let Some((_, div)) = &mut init.diverge {
            self.visit_expr_mut(div);
        }
    }

    fn visit_pat_ident_mut(&mut self, pi: &mut syn::PatIdent) {
        if self.width.contains_key(&pi.ident.to_string()) {
            self.diag
                .error(pi.ident.span(), format!("`{}` is a buffer of rows; give this binding another name", pi.ident));
        }
        visit_mut::visit_pat_ident_mut(self, pi);
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        let mut stmts = Vec::with_capacity(block.stmts.len());
        for mut stmt in std::mem::take(&mut block.stmts) {
            self.visit_stmt_mut(&mut stmt);
            stmts.append(&mut self.bind);
            stmts.push(stmt);
        }
        block.stmts = stmts;
    }

    fn visit_stmt_macro_mut(&mut self, m: &mut syn::StmtMacro) {
        self.macro_tokens(&m.mac);
    }
}

impl Flatten<'_> {
    /// A macro's tokens are kept verbatim: one naming a buffer of rows
    /// would see the flat buffer.
    fn macro_tokens(&self, mac: &syn::Macro) {
        fn find(tokens: TokenStream, names: &HashMap<String, syn::Expr>) -> Option<proc_macro2::Ident> {
            tokens.into_iter().find_map(|t| match t {
                proc_macro2::TokenTree::Ident(id) if names.contains_key(&id.to_string()) => Some(id),
                proc_macro2::TokenTree::Group(g) => find(g.stream(), names),
                _ => None,
            })
        }
        if let Some(id) = find(mac.tokens.clone(), &self.width) {
            self.diag.error(
                id.span(),
                format!("a macro cannot read the buffer of rows `{id}` (parad passes it on flat); {USES}"),
            );
        }
    }
}

/// The flat array and the row width of a local array of rows: `[[a, b],
/// [c, d]]` (rows of one literal length) is `([a, b, c, d], 2)`, and
/// `[[x; N]; n]` is `([x; n * N], N)`.
fn array_rows(e: &syn::Expr) -> Option<(syn::Expr, syn::Expr)> {
    match crate::syntax::strip_parens(e) {
        syn::Expr::Array(a) if !a.elems.is_empty() => {
            let rows: Vec<&syn::ExprArray> = (a.elems.iter())
                .map(|r| match crate::syntax::strip_parens(r) {
                    syn::Expr::Array(row) => Some(row),
                    _ => None,
                })
                .collect::<Option<_>>()?;
            let n = rows[0].elems.len();
            if n == 0 || rows.iter().any(|r| r.elems.len() != n) {
                return None;
            }
            let elems = rows.iter().flat_map(|r| r.elems.iter());
            let span = a.span();
            let width = syn::LitInt::new(&n.to_string(), span);
            Some((syn::parse_quote_spanned!(span=> [#(#elems),*]), syn::parse_quote!(#width)))
        }
        syn::Expr::Repeat(outer) => {
            let syn::Expr::Repeat(inner) = crate::syntax::strip_parens(&outer.expr) else { return None };
            let (x, n, count) = (&inner.expr, &inner.len, &outer.len);
            let span = outer.span();
            Some((syn::parse_quote_spanned!(span=> [#x; (#count) * (#n)]), (*inner.len).clone()))
        }
        _ => None,
    }
}

/// `(x, N, n, false)` of `vec![[x; N]; n]`, `(x, m, n, true)` of
/// `vec![vec![x; m]; n]`.
fn rows_vec(e: &syn::Expr) -> Option<(syn::Expr, syn::Expr, syn::Expr, bool)> {
    let (elem, count) = vec_fill(e)?;
    match elem {
        syn::Expr::Repeat(inner) => Some((*inner.expr, *inner.len, count, false)),
        inner => {
            let (x, n) = vec_fill(&inner)?;
            Some((x, n, count, true))
        }
    }
}

/// `(x, n)` of `vec![x; n]`.
fn vec_fill(e: &syn::Expr) -> Option<(syn::Expr, syn::Expr)> {
    let syn::Expr::Macro(m) = e else { return None };
    if !crate::syntax::is_std_macro(&m.mac.path, "vec") {
        return None;
    }
    m.mac
        .parse_body_with(|input: syn::parse::ParseStream| {
            let elem: syn::Expr = input.parse()?;
            input.parse::<syn::Token![;]>()?;
            Ok((elem, input.parse::<syn::Expr>()?))
        })
        .ok()
}

/// `F` of `Vec<[F; N]>` and of `Vec<Vec<F>>`.
fn vec_of_rows(ty: &syn::Type) -> Option<syn::Type> {
    if !matches!(ty, syn::Type::Path(_)) {
        return None;
    }
    match crate::parse::elem_of(ty)? {
        syn::Type::Array(a) => Some((*a.elem).clone()),
        row @ syn::Type::Path(_) => crate::parse::elem_of(row).cloned(),
        _ => None,
    }
}

/// The derivative `derivative` (generated on flat buffers) under a hidden
/// name, and the user's derivative: the same parameters with the user's
/// types, flattening the buffers of rows and their shadows or tangents.
pub fn wrap(derivative: TokenStream, rows: &Rows) -> TokenStream {
    let Ok(mut flat) = syn::parse2::<syn::ItemFn>(derivative.clone()) else { return derivative };
    let mut user = flat.clone();
    let hidden = format_ident!("__parad_rows_{}", flat.sig.ident);
    flat.sig.ident = hidden.clone();
    flat.attrs.retain(|a| !a.path().is_ident("doc"));
    flat.attrs.insert(0, syn::parse_quote!(#[doc(hidden)]));
    flat.attrs.insert(1, syn::parse_quote!(#[inline]));
    // Each buffer of rows by its name, its shadow's and its tangent's.
    let mut of = HashMap::new();
    for p in rows.params.keys() {
        for name in [p.clone(), derived("d", p), derived("t", p)] {
            of.insert(name, p.clone());
        }
    }
    let names = Names::new(user.sig.inputs.iter().filter_map(param_name).map(|n| n.to_string()));
    let mut copies = TokenStream::new();
    let mut put_back = TokenStream::new();
    let mut args = Vec::new();
    let mut inputs = syn::punctuated::Punctuated::new();
    for mut arg in std::mem::take(&mut user.sig.inputs) {
        let Some(name) = param_name(&arg).cloned() else {
            inputs.push(arg);
            continue;
        };
        // A hidden width is passed on, not taken from the user.
        if is_hidden(&name) {
            args.push(quote!(#name));
            continue;
        }
        let text = name.to_string();
        let found = of.get(&text).map(|p| (p, &rows.params[p]));
        let (syn::FnArg::Typed(pt), Some((primal, (user_ty, cols)))) = (&mut arg, found) else {
            args.push(quote!(#name));
            inputs.push(arg);
            continue;
        };
        // A buffer of rows, its shadow or tangent: a flat slice here.
        let mutable = matches!(&*pt.ty, syn::Type::Reference(r) if r.mutability.is_some());
        let referent = &user_ty.elem;
        *pt.ty = if mutable { syn::parse_quote!(&mut #referent) } else { syn::parse_quote!(&#referent) };
        inputs.push(arg);
        if rows.scalars.contains(primal) {
            args.push(if mutable {
                quote!(::core::slice::from_mut(#name))
            } else {
                quote!(::core::slice::from_ref(#name))
            });
            continue;
        }
        let Some(cols) = cols else {
            // Arrays: the flat view, no copy.
            args.push(if mutable { quote!(#name.as_flattened_mut()) } else { quote!(#name.as_flattened()) });
            continue;
        };
        // `Vec` rows: a flat copy, written back after the call if the
        // derivative writes it.
        let flat_name = names.fresh(&format!("{text}_flat"));
        let primal_ident = crate::names::ident(primal, Span::call_site());
        let label = text.as_str();
        let copy = if text == *primal {
            copies.extend(quote!(let #cols = ::parad::__private::row_width(#name, #label);));
            quote!(::parad::__private::flat_rows(#name))
        } else {
            quote!(::parad::__private::flat_rows_like(#name, #primal_ident.len(), #cols, #label))
        };
        if mutable {
            copies.extend(quote!(let mut #flat_name = #copy;));
            put_back.extend(quote!(::parad::__private::unflat_rows(&#flat_name, #name);));
            args.push(quote!(&mut #flat_name));
        } else {
            copies.extend(quote!(let #flat_name = #copy;));
            args.push(quote!(&#flat_name));
        }
    }
    // A method's derivative (its receiver still the parameter `this:
    // &Self`) calls its flat form as the associated function it is.
    let in_impl = inputs
        .iter()
        .any(|a| matches!(a, syn::FnArg::Typed(pt) if crate::parse::mentions_any(quote!(#pt), &["Self".to_string()])));
    user.sig.inputs = inputs;
    let call = if in_impl { quote!(Self::#hidden(#(#args),*)) } else { quote!(#hidden(#(#args),*)) };
    user.block = match (&user.sig.output, put_back.is_empty()) {
        (_, true) => syn::parse_quote!({ #copies #call }),
        (syn::ReturnType::Default, false) => syn::parse_quote!({ #copies #call; #put_back }),
        (_, false) => {
            let out = names.fresh("out");
            syn::parse_quote!({ #copies let #out = #call; #put_back #out })
        }
    };
    quote!(#user #flat)
}

fn param_name(arg: &syn::FnArg) -> Option<&syn::Ident> {
    match arg {
        syn::FnArg::Typed(pt) => match &*pt.pat {
            syn::Pat::Ident(pi) => Some(&pi.ident),
            _ => None,
        },
        syn::FnArg::Receiver(_) => None,
    }
}
