//! Buffers of arrays: parameters `&[[F; N]]`, `&mut [[F; N]]`,
//! `&Vec<[F; N]>`, `&mut Vec<[F; N]>` and locals `vec![[x; N]; n]` (the
//! positions of particles, one `[f64; 3]` each). Before lowering, the
//! function is rewritten on flat buffers, `p[i][k]` as `p[i * N + k]`, so
//! every later stage (tapes, windows, rayon's strategies) sees the plain
//! slices it knows. The companions take the flat slices; a derivative the
//! user asked for is a wrapper with the user's types that flattens them
//! (`as_flattened`, no copy) and calls the flat derivative.

use crate::diag::Diag;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use std::collections::HashMap;
use syn::spanned::Spanned;
use syn::visit_mut::{self, VisitMut};

/// The parameters of a function that are buffers of arrays: the user's
/// type of each, by name.
#[derive(Default)]
pub struct Rows {
    params: HashMap<String, syn::TypeReference>,
}

impl Rows {
    /// Whether the signature has no buffer of arrays (local ones change
    /// only the body).
    pub fn is_empty(&self) -> bool {
        self.params.is_empty()
    }
}

/// The marker the lowering reads as an index into a row, checked against
/// the row's width (`p[i][k]` becomes `p[(i) * n + __parad_row_index!(k, n)]`).
pub const ROW_INDEX: &str = "__parad_row_index";

fn is_int_lit(e: &syn::Expr) -> bool {
    matches!(crate::lower::strip_parens(e), syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(_), .. }))
}

const USES: &str = "a buffer of arrays is supported indexed (`p[i][k]`, `&p[i]`, `p[a..b]`), iterated \
     (`iter`, `iter_mut`, `par_iter`, `par_iter_mut`, `for q in p`), by `len()`, and flattened \
     (`p.as_flattened()`, `p.as_flattened_mut()`) to pass it to a function taking a slice";

/// `(reference, F, N)` of `&[[F; N]]` and its kin.
fn row_type(ty: &syn::Type) -> Option<(&syn::TypeReference, &syn::Type, &syn::Expr)> {
    let syn::Type::Reference(r) = ty else { return None };
    let syn::Type::Array(a) = crate::parse::elem_of(&r.elem)? else { return None };
    let float = a.elem.to_token_stream().to_string();
    (float == "f64" || float == "f32").then_some((r, &*a.elem, &a.len))
}

/// Rewrites `func` on flat buffers: its parameters' types and its body.
/// Errors go to `diag`.
pub fn flatten(func: &mut syn::ItemFn, diag: &Diag) -> Rows {
    let (rows, width) = flatten_signature(&mut func.sig);
    Flatten { width, params: &rows.params, diag }.visit_block_mut(&mut func.block);
    rows
}

/// Rewrites the parameters' types of `sig` on flat buffers; the buffers,
/// and the width of each by name.
pub fn flatten_signature(sig: &mut syn::Signature) -> (Rows, HashMap<String, syn::Expr>) {
    let mut rows = Rows::default();
    let mut width = HashMap::new();
    for arg in sig.inputs.iter_mut() {
        let syn::FnArg::Typed(pt) = arg else { continue };
        let syn::Pat::Ident(pi) = &*pt.pat else { continue };
        let Some((r, float, n)) = row_type(&pt.ty) else { continue };
        let flat: syn::Type = if r.mutability.is_some() { syn::parse_quote!(&mut [#float]) } else { syn::parse_quote!(&[#float]) };
        let name = pi.ident.to_string();
        width.insert(name.clone(), n.clone());
        rows.params.insert(name, r.clone());
        *pt.ty = flat;
    }
    (rows, width)
}

struct Flatten<'d> {
    /// The width of each buffer of arrays in scope, parameters and locals.
    width: HashMap<String, syn::Expr>,
    params: &'d HashMap<String, syn::TypeReference>,
    diag: &'d Diag,
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
                if let syn::Expr::Index(inner) = crate::lower::strip_parens(&outer.expr) {
                    if let Some(n) = self.row(&inner.expr) {
                        let w = (*inner.expr).clone();
                        if matches!(*inner.index, syn::Expr::Range(_)) {
                            self.diag.error(inner.index.span(), format!("index a range of rows as a slice of its own first; {USES}"));
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
                            self.diag.error(m.method.span(), format!("`{other}` of a buffer of arrays is not supported; {USES}"));
                            return;
                        }
                    };
                    *e = syn::parse_quote!(#flat);
                    return;
                }
            }
            syn::Expr::ForLoop(f) => {
                let source = match crate::lower::strip_parens(&f.expr) {
                    syn::Expr::Reference(r) => self.row(&r.expr).map(|n| ((*r.expr).clone(), n, r.mutability.is_some())),
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
                self.diag.error(span, format!("a buffer of arrays cannot be passed or used whole; {USES}"));
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
                    syn::Expr::Path(p) => p.path.get_ident().and_then(|id| self.params.get(&id.to_string())).is_some_and(|r| r.mutability.is_none()),
                    _ => false,
                };
                let small = match &n {
                    syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(k), .. }) => k.base10_parse::<usize>().ok().filter(|k| *k <= 16),
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
        // `let h = &p[a..b];` is a buffer of arrays too.
        if let (Some(name), syn::Expr::Reference(r)) = (&name, &*init.expr) {
            if let syn::Expr::Index(ix) = crate::lower::strip_parens(&r.expr) {
                if let (Some(n), syn::Expr::Range(_)) = (self.row(&ix.expr), &*ix.index) {
                    self.visit_expr_mut(&mut init.expr);
                    self.width.insert(name.to_string(), n);
                    return;
                }
            }
        }
        // `let mut q = vec![[0.0; N]; n];` is a buffer of arrays itself.
        if let (Some(name), Some((x, n, count))) = (&name, rows_vec(&init.expr)) {
            let x = self.visited(&x);
            let count = self.visited(&count);
            let span = init.expr.span();
            *init.expr = syn::parse_quote_spanned!(span=> ::std::vec![#x; (#count) * #n]);
            if let Some(ty) = ty {
                if let Some(float) = vec_of_arrays(ty) {
                    **ty = syn::parse_quote!(Vec<#float>);
                }
            }
            self.width.insert(name.to_string(), n);
            return;
        }
        self.visit_expr_mut(&mut init.expr);
        if let Some((_, div)) = &mut init.diverge {
            self.visit_expr_mut(div);
        }
    }

    fn visit_pat_ident_mut(&mut self, pi: &mut syn::PatIdent) {
        if self.width.contains_key(&pi.ident.to_string()) {
            self.diag.error(pi.ident.span(), format!("`{}` is a buffer of arrays; give this binding another name", pi.ident));
        }
        visit_mut::visit_pat_ident_mut(self, pi);
    }

    fn visit_stmt_macro_mut(&mut self, m: &mut syn::StmtMacro) {
        self.macro_tokens(&m.mac);
    }
}

impl Flatten<'_> {
    /// A macro's tokens are kept verbatim: one naming a buffer of arrays
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
            self.diag.error(id.span(), format!("a macro cannot read the buffer of arrays `{id}` (parad passes it on flat); {USES}"));
        }
    }
}

/// `(x, N, n)` of `vec![[x; N]; n]`.
fn rows_vec(e: &syn::Expr) -> Option<(syn::Expr, syn::Expr, syn::Expr)> {
    let syn::Expr::Macro(m) = e else { return None };
    if !crate::lower::is_std_macro(&m.mac.path, "vec") {
        return None;
    }
    let (elem, count) = m
        .mac
        .parse_body_with(|input: syn::parse::ParseStream| {
            let elem: syn::Expr = input.parse()?;
            input.parse::<syn::Token![;]>()?;
            Ok((elem, input.parse::<syn::Expr>()?))
        })
        .ok()?;
    let syn::Expr::Repeat(inner) = elem else { return None };
    Some((*inner.expr, *inner.len, count))
}

/// `F` of `Vec<[F; N]>`.
fn vec_of_arrays(ty: &syn::Type) -> Option<syn::Type> {
    match crate::parse::elem_of(ty)? {
        syn::Type::Array(a) if matches!(ty, syn::Type::Path(_)) => Some((*a.elem).clone()),
        _ => None,
    }
}

/// The derivative `derivative` (generated on flat buffers) under a hidden
/// name, and the user's derivative: the same parameters with the user's
/// types, flattening the buffers of arrays and their shadows or tangents.
pub fn wrap(derivative: TokenStream, rows: &Rows) -> TokenStream {
    let Ok(mut flat) = syn::parse2::<syn::ItemFn>(derivative.clone()) else { return derivative };
    let mut user = flat.clone();
    let hidden = format_ident!("__parad_rows_{}", flat.sig.ident);
    flat.sig.ident = hidden.clone();
    flat.attrs.retain(|a| !a.path().is_ident("doc"));
    flat.attrs.insert(0, syn::parse_quote!(#[doc(hidden)]));
    flat.attrs.insert(1, syn::parse_quote!(#[inline]));
    let mut args = Vec::new();
    for arg in user.sig.inputs.iter_mut() {
        let syn::FnArg::Typed(pt) = arg else { continue };
        let syn::Pat::Ident(pi) = &*pt.pat else { continue };
        let name = pi.ident.clone();
        let text = name.to_string();
        let user_ty = rows.params.get(&text).or_else(|| {
            let primal = text.strip_prefix('d').or_else(|| text.strip_prefix('t'))?;
            rows.params.get(primal)
        });
        let (Some(user_ty), syn::Type::Reference(r)) = (user_ty, &*pt.ty) else {
            args.push(quote!(#name));
            continue;
        };
        let referent = &user_ty.elem;
        let (ty, flatten): (syn::Type, TokenStream) = if r.mutability.is_some() {
            (syn::parse_quote!(&mut #referent), quote!(as_flattened_mut))
        } else {
            (syn::parse_quote!(&#referent), quote!(as_flattened))
        };
        *pt.ty = ty;
        args.push(quote!(#name.#flatten()));
    }
    user.block = syn::parse_quote!({ #hidden(#(#args),*) });
    quote!(#user #flat)
}
