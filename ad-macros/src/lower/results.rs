//! Calls returning a `Vec`. The macro cannot see a callee's type, so the
//! variable a call's result is bound to is a buffer when the statements
//! after it use it as one: indexed, borrowed, iterated, or asked a slice's
//! question (`len`).

use syn::visit::Visit;

/// Methods of slices and `Vec`s that no float or integer has.
const BUFFER_METHODS: &[&str] = &[
    "iter",
    "iter_mut",
    "into_iter",
    "par_iter",
    "par_iter_mut",
    "into_par_iter",
    "len",
    "is_empty",
    "chunks",
    "chunks_mut",
    "chunks_exact",
    "chunks_exact_mut",
    "par_chunks",
    "par_chunks_mut",
    "windows",
    "to_vec",
    "copy_from_slice",
    "fill",
    "swap",
    "as_slice",
    "as_mut_slice",
    "split_at",
    "split_at_mut",
    "first",
    "last",
];

/// The name `let NAME = f(..);` (or `s.f(..)`) binds, without a type
/// annotation.
pub(super) fn call_binding(s: &syn::Stmt) -> Option<String> {
    let syn::Stmt::Local(local) = s else { return None };
    let init = local.init.as_ref()?;
    match (&local.pat, crate::syntax::strip_parens(&init.expr)) {
        (syn::Pat::Ident(pi), syn::Expr::Call(_) | syn::Expr::MethodCall(_)) if pi.subpat.is_none() => {
            Some(pi.ident.to_string())
        }
        _ => None,
    }
}

/// Whether `rest` uses the variable `name` as a buffer.
pub(super) fn used_as_buffer(name: &str, rest: &[syn::Stmt]) -> bool {
    let mut finder = Finder { name, found: false };
    for s in rest {
        finder.visit_stmt(s);
    }
    finder.found
}

struct Finder<'n> {
    name: &'n str,
    found: bool,
}

impl Finder<'_> {
    fn is_name(&self, e: &syn::Expr) -> bool {
        matches!(crate::syntax::strip_parens(e), syn::Expr::Path(p) if p.qself.is_none() && p.path.is_ident(self.name))
    }
}

impl<'ast> Visit<'ast> for Finder<'_> {
    fn visit_expr(&mut self, e: &'ast syn::Expr) {
        self.found |= match e {
            syn::Expr::Index(ix) => self.is_name(&ix.expr),
            syn::Expr::Reference(r) => self.is_name(&r.expr),
            syn::Expr::ForLoop(f) => self.is_name(&f.expr),
            syn::Expr::MethodCall(m) => self.is_name(&m.receiver) && BUFFER_METHODS.iter().any(|b| m.method == b),
            _ => false,
        };
        syn::visit::visit_expr(self, e);
    }
}
