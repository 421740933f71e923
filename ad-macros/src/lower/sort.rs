//! `v.sort_by(|a, b| a.partial_cmp(b).unwrap())` on a buffer of floats: the
//! order that sorts it, computed as constant data by the runtime
//! (`sort_order`), and the buffer overwritten by the gather through it,
//! whose adjoint scatters back through the same order. Medians, quantiles
//! and trimmed losses are then differentiated as the reads they are.

use super::state::Lowerer;
use crate::syntax::strip_parens;

impl Lowerer<'_> {
    /// Lowers `v.sort_by(..)` or `v.sort_unstable_by(..)` by value; false
    /// for any other method.
    pub(super) fn try_sort(&mut self, m: &syn::ExprMethodCall) -> bool {
        let name = m.method.to_string();
        if matches!(name.as_str(), "sort_by_key" | "sort_unstable_by_key" | "sort_by_cached_key") {
            self.diag.error(
                m.method.span(),
                format!(
                    "`{name}` is not differentiated: sort by the values themselves, `sort_by(|a, b| \
                     a.partial_cmp(b).unwrap())` (or `b` first for descending)"
                ),
            );
            return true;
        }
        if !matches!(name.as_str(), "sort_by" | "sort_unstable_by") || m.args.len() != 1 {
            return false;
        }
        let Some(descending) = comparator(&m.args[0]) else {
            self.diag.error_spanned(
                &m.args[0],
                format!(
                    "`{}` is differentiated sorting by the values themselves: `|a, b| a.partial_cmp(b).unwrap()` \
                     (ascending) or `|a, b| b.partial_cmp(a).unwrap()` (descending), or `total_cmp`",
                    m.method
                ),
            );
            return true;
        };
        let span = m.method.span();
        let v = &m.receiver;
        let order = syn::Ident::new("__parad_order", span);
        let sorted = syn::Ident::new("__parad_sorted", span);
        let stmts: [syn::Stmt; 3] = [
            syn::parse_quote_spanned!(span=>
                let #order: ::std::vec::Vec<usize> =
                    ::parad::no_grad(::parad::__private::sort_order(&#v[..], #descending));
            ),
            syn::parse_quote_spanned!(span=>
                let #sorted: ::std::vec::Vec<_> = #order.iter().map(|&k| #v[k]).collect();
            ),
            syn::parse_quote_spanned!(span=> #v.copy_from_slice(&#sorted);),
        ];
        for s in &stmts {
            self.lower_stmt(s);
        }
        true
    }
}

/// Whether the comparator `|a, b| a.partial_cmp(b).unwrap()` sorts
/// descending (`b` first); `None` for any other comparator.
fn comparator(e: &syn::Expr) -> Option<bool> {
    let syn::Expr::Closure(c) = strip_parens(e) else { return None };
    let names: Vec<String> = c
        .inputs
        .iter()
        .map(|p| match p {
            syn::Pat::Ident(pi) => Some(pi.ident.to_string()),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let [a, b] = names.as_slice() else { return None };
    // `x.partial_cmp(y).unwrap()` or `x.total_cmp(y)`, `y` perhaps `&y`.
    let (call, unwrapped) = match strip_parens(&c.body) {
        syn::Expr::MethodCall(u) if u.method == "unwrap" && u.args.is_empty() => (strip_parens(&u.receiver), true),
        other => (other, false),
    };
    let syn::Expr::MethodCall(cmp) = call else { return None };
    let known = (cmp.method == "partial_cmp" && unwrapped) || (cmp.method == "total_cmp" && !unwrapped);
    if !known || cmp.args.len() != 1 {
        return None;
    }
    match (operand(&cmp.receiver)?, operand(&cmp.args[0])?) {
        (x, y) if x == *a && y == *b => Some(false),
        (x, y) if x == *b && y == *a => Some(true),
        _ => None,
    }
}

/// `x` of `x`, `&x` or `*x`.
fn operand(e: &syn::Expr) -> Option<String> {
    let e = match strip_parens(e) {
        syn::Expr::Reference(r) => &*r.expr,
        syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => &*u.expr,
        e => e,
    };
    match strip_parens(e) {
        syn::Expr::Path(p) if p.qself.is_none() => p.path.get_ident().map(|i| i.to_string()),
        _ => None,
    }
}
