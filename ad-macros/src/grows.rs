//! A `&mut Vec<F>` parameter whose length the function changes (`push`,
//! `extend_from_slice`, `resize`, `truncate`, `clear`, `pop`, `*out = ..`).
//! Every stage takes a buffer parameter's shadow as a slice of fixed
//! length, so such a function is differentiated through a hidden twin that
//! takes the initial contents and returns the final vector,
//! `fn __parad_grow_f(x: &[f64], out: &[F]) -> Vec<F>`, its body the
//! function's on a local `let mut out = out.to_vec();`, with the length
//! changes written as what the local vectors support (`push`, a whole
//! vector assigned). The derivatives the user asked for are the twin's,
//! wrapped to take `out` and its shadow as `&mut Vec<F>` (see
//! `expand::grow` and `docs/values.md`).

use syn::visit_mut::{self, VisitMut};

/// The methods that change a vector's length.
const GROWING: &[&str] = &["push", "extend_from_slice", "resize", "truncate", "clear", "pop"];

/// The parameter of `func` typed `&mut Vec<F>` whose length the body
/// changes, and its element type.
pub fn growing(func: &syn::ItemFn) -> Option<(syn::Ident, syn::Type)> {
    func.sig.inputs.iter().find_map(|a| {
        let syn::FnArg::Typed(pt) = a else { return None };
        let syn::Pat::Ident(pi) = &*pt.pat else { return None };
        let syn::Type::Reference(r) = &*pt.ty else { return None };
        r.mutability?;
        let elem = match &*r.elem {
            vec @ syn::Type::Path(_) => crate::parse::elem_of(vec)?.clone(),
            _ => return None,
        };
        let mut finder = Finds { name: &pi.ident, found: false };
        syn::visit::Visit::visit_block(&mut finder, &func.block);
        finder.found.then(|| (pi.ident.clone(), elem))
    })
}

/// Whether a body changes the length of `name`.
struct Finds<'n> {
    name: &'n syn::Ident,
    found: bool,
}

impl syn::visit::Visit<'_> for Finds<'_> {
    fn visit_expr(&mut self, e: &syn::Expr) {
        match e {
            syn::Expr::MethodCall(m)
                if is_name(&m.receiver, self.name) && GROWING.contains(&&*m.method.to_string()) =>
            {
                self.found = true
            }
            syn::Expr::Assign(a) if matches!(&*a.left, syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) && is_name(&u.expr, self.name)) => {
                self.found = true
            }
            _ => syn::visit::visit_expr(self, e),
        }
    }
}

fn is_name(e: &syn::Expr, name: &syn::Ident) -> bool {
    matches!(e, syn::Expr::Path(p) if p.qself.is_none() && p.path.is_ident(name))
}

/// The twin of `func` (see the module's docs), for the parameter `name`
/// of element type `elem`, and the name of the twin's parameter for the
/// initial contents (`out_initial`).
pub fn twin(func: &syn::ItemFn, name: &syn::Ident, elem: &syn::Type) -> (syn::ItemFn, syn::Ident) {
    let mut t = func.clone();
    let allow = crate::syntax::allow_generated();
    t.attrs = vec![syn::parse_quote!(#[doc(hidden)]), syn::parse_quote!(#allow)];
    t.sig.ident = crate::names::grow_twin(&func.sig.ident);
    let mut taken = crate::syntax::bound_names(&func.block);
    taken.extend(crate::syntax::param_names(&func.sig));
    let mut fresh = |base: &str| syn::Ident::new(&crate::names::free_name(base, &mut taken), name.span());
    let initial = fresh(&format!("{}_initial", crate::names::bare(name)));
    for a in &mut t.sig.inputs {
        if let syn::FnArg::Typed(pt) = a {
            if matches!(&*pt.pat, syn::Pat::Ident(pi) if pi.ident == *name) {
                pt.pat = syn::parse_quote!(#initial);
                pt.ty = syn::parse_quote!(&[#elem]);
            }
        }
    }
    t.sig.output = syn::parse_quote!(-> ::std::vec::Vec<#elem>);
    let label = syn::Lifetime::new(&format!("'{}", fresh("body")), name.span());
    let mut rewrite = Rewrite { name, fresh: &mut fresh, label: &label, returns: false, closures: 0 };
    rewrite.visit_block_mut(&mut t.block);
    let returns = rewrite.returns;
    // The body's value, if any, is a statement's: the function returned
    // nothing (`expand::grow` refuses the others).
    if let Some(syn::Stmt::Expr(e, semi @ None)) = t.block.stmts.last_mut() {
        if !matches!(e, syn::Expr::Return(_)) {
            *semi = Some(Default::default());
        }
    }
    // An early `return` leaves a loop around the body, which the vector
    // outlives: `'body: loop { .. break 'body; .. break 'body; }`.
    if returns {
        let stmts = std::mem::take(&mut t.block.stmts);
        t.block.stmts.push(syn::parse_quote!(#label: loop { #(#stmts)* break #label; }));
    }
    t.block.stmts.insert(0, syn::parse_quote!(let mut #name = #initial.to_vec();));
    t.block.stmts.push(syn::Stmt::Expr(syn::parse_quote!(#name), None));
    (t, initial)
}

/// The body's uses of the parameter, as uses of the local vector.
struct Rewrite<'a, F: FnMut(&str) -> syn::Ident> {
    name: &'a syn::Ident,
    fresh: &'a mut F,
    /// The label of the loop an early `return` breaks out of, and whether
    /// there is one.
    label: &'a syn::Lifetime,
    returns: bool,
    /// How many closures the visit is inside.
    closures: usize,
}

impl<F: FnMut(&str) -> syn::Ident> Rewrite<'_, F> {
    /// `out.resize(n, v)`, `out.truncate(n)`, `out.clear()`, `out.pop()`
    /// (as a statement) and `out.extend_from_slice(s)`, as a whole vector
    /// assigned and pushes.
    fn length_change(&mut self, m: &syn::ExprMethodCall) -> Option<syn::Expr> {
        let out = self.name;
        let args: Vec<&syn::Expr> = m.args.iter().collect();
        let method = m.method.to_string();
        if !matches!(
            (method.as_str(), args.len()),
            ("clear" | "pop", 0) | ("truncate" | "extend_from_slice", 1) | ("resize", 2)
        ) {
            return None;
        }
        let mut fresh = |base: &str| (self.fresh)(base);
        let (len, kept, i) = (fresh("len"), fresh("kept"), fresh("i"));
        // The first `n` elements kept, as pushes onto a new vector.
        let keep_first = |n: &syn::Expr| -> syn::Expr {
            syn::parse_quote!({
                let #len = #n;
                let #kept = #out;
                #out = ::std::vec::Vec::new();
                for #i in 0..::core::cmp::min(#len, #kept.len()) {
                    #out.push(#kept[#i]);
                }
            })
        };
        Some(match (method.as_str(), args.as_slice()) {
            ("clear", _) => syn::parse_quote!(#out = ::std::vec::Vec::new()),
            ("truncate", [n]) => keep_first(n),
            ("pop", _) => keep_first(&syn::parse_quote!(#out.len().saturating_sub(1))),
            ("resize", [n, v]) => {
                let (target, value) = (fresh("target"), fresh("value"));
                let shrink = keep_first(&syn::parse_quote!(#target));
                syn::parse_quote!({
                    let #target = #n;
                    let #value = #v;
                    #shrink
                    while #out.len() < #target {
                        #out.push(#value);
                    }
                })
            }
            (_, [s]) => {
                let src = fresh("src");
                syn::parse_quote!({
                    let #src = #s;
                    for #i in 0..#src.len() {
                        #out.push(#src[#i]);
                    }
                })
            }
            _ => return None,
        })
    }
}

impl<F: FnMut(&str) -> syn::Ident> VisitMut for Rewrite<'_, F> {
    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        let out = self.name;
        match e {
            // Closures keep their own `return`s; the parameter inside one
            // is the local vector all the same.
            syn::Expr::Closure(c) => {
                self.closures += 1;
                self.visit_expr_mut(&mut c.body);
                self.closures -= 1;
                return;
            }
            syn::Expr::Return(r) if r.expr.is_none() && self.closures == 0 => {
                let label = self.label;
                self.returns = true;
                *e = syn::parse_quote_spanned!(r.return_token.span=> break #label);
                return;
            }
            syn::Expr::MethodCall(m) if is_name(&m.receiver, out) => {
                visit_mut::visit_expr_method_call_mut(self, m);
                if let Some(new) = self.length_change(m) {
                    *e = new;
                }
                return;
            }
            // `*out = v`: the vector, assigned whole.
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) && is_name(&u.expr, out) => {
                *e = syn::parse_quote!(#out);
                return;
            }
            _ => {}
        }
        visit_mut::visit_expr_mut(self, e);
        // The parameter lent on (`fill(out)`): the local, lent.
        let args = match e {
            syn::Expr::Call(c) => Some(&mut c.args),
            syn::Expr::MethodCall(m) => Some(&mut m.args),
            _ => None,
        };
        for a in args.into_iter().flatten() {
            if is_name(a, out) {
                *a = syn::parse_quote!(&mut #out);
            }
        }
    }
}
