//! Helpers returning an array of numbers (`fn cross(a: &[f64; 3], b:
//! &[f64; 3]) -> [f64; 3]`). The macro has no shadow for an array result,
//! so a marked helper gets a hidden twin writing it into a parameter:
//! `fn __parad_array_cross(a: &[f64; 3], b: &[f64; 3], out: &mut [f64; 3])`,
//! the helper's body with each value it returns copied into `out`. The twin
//! is an ordinary differentiable function; the helper is emitted as
//! written. A caller binding the result with its type, `let w: [f64; 3] =
//! cross(&a, &b);` (in `#[autodiff] mod` the module adds the type), lends a
//! zeroed array to the twin instead: `let mut w: [f64; 3] = [0.0; 3];
//! __parad_array_cross(&a, &b, &mut w);`.

use crate::diag::Diag;
use syn::visit_mut::{self, VisitMut};

/// The element and length of an array type `[F; N]` of numbers.
pub fn number_array(ty: &syn::Type) -> Option<(&syn::Type, &syn::Expr)> {
    let syn::Type::Array(a) = ty else { return None };
    let syn::Type::Path(p) = &*a.elem else { return None };
    let name = p.path.get_ident()?.to_string();
    let number = matches!(
        name.as_str(),
        "f32" | "f64" | "usize" | "isize" | "u8" | "u16" | "u32" | "u64" | "i8" | "i16" | "i32" | "i64"
    );
    number.then_some((&*a.elem, &a.len))
}

/// The array type a signature returns.
pub fn array_result(sig: &syn::Signature) -> Option<&syn::Type> {
    match &sig.output {
        syn::ReturnType::Type(_, ty) if number_array(ty).is_some() => Some(ty),
        _ => None,
    }
}

/// The twin of `func`, a helper returning an array.
pub fn twin(func: &syn::ItemFn, diag: &Diag) -> Option<syn::ItemFn> {
    let ty = array_result(&func.sig)?.clone();
    let (mut t, out, mut taken) =
        crate::syntax::twin_of(func, crate::names::array_twin(&func.sig.ident), "out", syn::parse_quote!(&mut #ty));
    let result = syn::Ident::new(&crate::names::free_name("result", &mut taken), func.sig.ident.span());
    t.sig.output = syn::ReturnType::Default;
    let copy = |value: &syn::Expr| CopyOut { ty: &ty, out: &out, result: &result }.copied_out(value);
    Returns { copy: &copy }.visit_block_mut(&mut t.block);
    // A body not ending in its value ends in a `return` (rewritten above).
    match t.block.stmts.pop() {
        Some(syn::Stmt::Expr(e, None)) => t.block.stmts.extend(copy(&e)),
        Some(s) => t.block.stmts.push(s),
        None => {
            diag.error_spanned(&func.sig.output, "a function returning an array returns one");
            return None;
        }
    }
    Some(t)
}

/// A value copied into the twin's `out`, through the branches of `if`,
/// `match` and blocks to the arrays they end in.
struct CopyOut<'a> {
    ty: &'a syn::Type,
    out: &'a syn::Ident,
    result: &'a syn::Ident,
}

impl CopyOut<'_> {
    fn copied_out(&self, value: &syn::Expr) -> Vec<syn::Stmt> {
        match crate::syntax::strip_parens(value) {
            syn::Expr::If(i) if i.else_branch.is_some() => {
                let mut i = i.clone();
                self.block(&mut i.then_branch);
                if let Some((_, els)) = &mut i.else_branch {
                    let stmts = self.copied_out(els);
                    **els = syn::parse_quote!({ #(#stmts)* });
                }
                vec![syn::Stmt::Expr(syn::Expr::If(i), None)]
            }
            syn::Expr::Match(m) => {
                let mut m = m.clone();
                for arm in m.arms.iter_mut() {
                    let stmts = self.copied_out(&arm.body);
                    *arm.body = syn::parse_quote!({ #(#stmts)* });
                }
                vec![syn::Stmt::Expr(syn::Expr::Match(m), None)]
            }
            syn::Expr::Block(b) if b.label.is_none() => {
                let mut b = b.block.clone();
                self.block(&mut b);
                b.stmts
            }
            // Diverging.
            syn::Expr::Return(_) | syn::Expr::Macro(_) | syn::Expr::Continue(_) | syn::Expr::Break(_) => {
                vec![syn::Stmt::Expr(value.clone(), Some(Default::default()))]
            }
            value => {
                let (ty, out, result) = (self.ty, self.out, self.result);
                vec![syn::parse_quote!(let #result: #ty = #value;), syn::parse_quote!(#out.copy_from_slice(&#result);)]
            }
        }
    }

    fn block(&self, b: &mut syn::Block) {
        if let Some(syn::Stmt::Expr(e, None)) = b.stmts.last() {
            let e = e.clone();
            b.stmts.pop();
            b.stmts.extend(self.copied_out(&e));
        }
    }
}

/// `return e` as `{ let result = e; out.copy_from_slice(&result); return; }`,
/// outside closures and items.
struct Returns<'c> {
    copy: &'c dyn Fn(&syn::Expr) -> Vec<syn::Stmt>,
}

impl VisitMut for Returns<'_> {
    fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
        if let syn::Expr::Return(r) = e {
            if let Some(v) = &r.expr {
                let stmts = (self.copy)(v);
                *e = syn::parse_quote!({ #(#stmts)* return; });
                return;
            }
        }
        visit_mut::visit_expr_mut(self, e);
    }

    fn visit_expr_closure_mut(&mut self, _: &mut syn::ExprClosure) {}

    fn visit_item_mut(&mut self, _: &mut syn::Item) {}
}

/// Rewrites `let w: [F; N] = f(x);` of a helper's call in `block` into a
/// zeroed array lent to the twin.
pub fn desugar(block: &mut syn::Block) {
    Lets.visit_block_mut(block);
}

struct Lets;

impl VisitMut for Lets {
    fn visit_block_mut(&mut self, b: &mut syn::Block) {
        visit_mut::visit_block_mut(self, b);
        b.stmts = std::mem::take(&mut b.stmts).into_iter().flat_map(lent).collect();
    }
}

/// `let w: [F; N] = f(x);` as `let mut w: [F; N] = [0.0; N];
/// __parad_array_f(x, &mut w);`.
fn lent(s: syn::Stmt) -> Vec<syn::Stmt> {
    let syn::Stmt::Local(l) = &s else { return vec![s] };
    let syn::Pat::Type(pt) = &l.pat else { return vec![s] };
    let (syn::Pat::Ident(pi), Some((elem, len))) = (&*pt.pat, number_array(&pt.ty)) else { return vec![s] };
    let Some(init) = l.init.as_ref().filter(|i| i.diverge.is_none()) else { return vec![s] };
    let Some(call) = crate::syntax::helper_call(&init.expr) else { return vec![s] };
    if pi.by_ref.is_some() || pi.subpat.is_some() {
        return vec![s];
    }
    let (name, ty) = (&pi.ident, &pt.ty);
    let zero: syn::Expr = match elem {
        syn::Type::Path(p) if p.path.is_ident("f64") || p.path.is_ident("f32") => syn::parse_quote!(0.0),
        _ => syn::parse_quote!(0),
    };
    let mut twin = call.clone();
    if let syn::Expr::Path(p) = &mut *twin.func {
        if let Some(last) = p.path.segments.last_mut() {
            last.ident = crate::names::array_twin(&last.ident);
        }
    }
    twin.args.push(syn::parse_quote!(&mut #name));
    vec![syn::parse_quote!(let mut #name: #ty = [#zero; #len];), syn::parse_quote!(#twin;)]
}
