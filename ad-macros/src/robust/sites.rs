//! Where a mutation applies: the expressions and the statements of a
//! function's body, numbered in the order of syn's visitors (the
//! immutable `Visit` counts, the mutable `VisitMut` applies; both walk the
//! tree in the same order).

use super::rng::Rng;
use syn::visit::{self, Visit};
use syn::visit_mut::{self, VisitMut};
use syn::{Block, Expr, ItemFn, Stmt};

pub type Pred<'a> = &'a dyn Fn(&Expr) -> bool;

/// How many expressions of `f`'s body `pred` accepts.
pub fn count_exprs(f: &ItemFn, pred: Pred) -> usize {
    struct C<'a> {
        n: usize,
        pred: Pred<'a>,
    }
    impl<'ast> Visit<'ast> for C<'_> {
        fn visit_expr(&mut self, e: &'ast Expr) {
            if (self.pred)(e) {
                self.n += 1;
            }
            visit::visit_expr(self, e);
        }
    }
    let mut c = C { n: 0, pred };
    c.visit_block(&f.block);
    c.n
}

/// Applies `apply` to the `target`-th expression that `pred` accepts (not
/// walking into it afterwards); whether `apply` said it changed something.
pub fn at_expr(f: &mut ItemFn, pred: Pred, target: usize, apply: &mut dyn FnMut(&mut Expr) -> bool) -> bool {
    struct A<'a, 'b> {
        seen: usize,
        target: usize,
        pred: Pred<'a>,
        apply: &'b mut dyn FnMut(&mut Expr) -> bool,
        done: Option<bool>,
    }
    impl VisitMut for A<'_, '_> {
        fn visit_expr_mut(&mut self, e: &mut Expr) {
            if self.done.is_some() {
                return;
            }
            if (self.pred)(e) {
                if self.seen == self.target {
                    self.done = Some((self.apply)(e));
                    return;
                }
                self.seen += 1;
            }
            visit_mut::visit_expr_mut(self, e);
        }
    }
    let mut a = A { seen: 0, target, pred, apply, done: None };
    a.visit_block_mut(&mut f.block);
    a.done.unwrap_or(false)
}

/// Applies `apply` to a random expression that `pred` accepts; false if
/// there is none or `apply` changed nothing.
pub fn random_expr(f: &mut ItemFn, rng: &mut Rng, pred: Pred, apply: &mut dyn FnMut(&mut Expr) -> bool) -> bool {
    let n = count_exprs(f, pred);
    n > 0 && at_expr(f, pred, rng.below(n), apply)
}

/// The statements of every block of `f`'s body that `pred` accepts, as
/// (block, index in it); blocks counted depth first, the body the 0th.
pub fn stmt_sites(f: &ItemFn, pred: &dyn Fn(&Stmt) -> bool) -> Vec<(usize, usize)> {
    struct C<'a> {
        blocks: usize,
        out: Vec<(usize, usize)>,
        pred: &'a dyn Fn(&Stmt) -> bool,
    }
    impl<'ast> Visit<'ast> for C<'_> {
        fn visit_block(&mut self, b: &'ast Block) {
            let k = self.blocks;
            self.blocks += 1;
            for (i, s) in b.stmts.iter().enumerate() {
                if (self.pred)(s) {
                    self.out.push((k, i));
                }
            }
            visit::visit_block(self, b);
        }
    }
    let mut c = C { blocks: 0, out: Vec::new(), pred };
    c.visit_block(&f.block);
    c.out
}

/// The number of blocks of `f`'s body (the body included).
pub fn block_count(f: &ItemFn) -> usize {
    struct C(usize);
    impl<'ast> Visit<'ast> for C {
        fn visit_block(&mut self, b: &'ast Block) {
            self.0 += 1;
            visit::visit_block(self, b);
        }
    }
    let mut c = C(0);
    c.visit_block(&f.block);
    c.0
}

/// Applies `apply` to the `target`-th block (as `stmt_sites` counts).
pub fn at_block(f: &mut ItemFn, target: usize, apply: &mut dyn FnMut(&mut Block)) {
    struct A<'b> {
        seen: usize,
        target: usize,
        apply: &'b mut dyn FnMut(&mut Block),
    }
    impl VisitMut for A<'_> {
        fn visit_block_mut(&mut self, b: &mut Block) {
            let k = self.seen;
            self.seen += 1;
            if k == self.target {
                (self.apply)(b);
                self.target = usize::MAX;
                return;
            }
            if self.target != usize::MAX {
                visit_mut::visit_block_mut(self, b);
            }
        }
    }
    A { seen: 0, target, apply }.visit_block_mut(&mut f.block);
}

/// Applies `apply` to the statements of a random statement's block with
/// its index, the statement chosen among those `pred` accepts.
pub fn random_stmt(
    f: &mut ItemFn,
    rng: &mut Rng,
    pred: &dyn Fn(&Stmt) -> bool,
    apply: &mut dyn FnMut(&mut Vec<Stmt>, usize),
) -> bool {
    let sites = stmt_sites(f, pred);
    if sites.is_empty() {
        return false;
    }
    let (b, k) = *rng.pick(&sites);
    at_block(f, b, &mut |block| apply(&mut block.stmts, k));
    true
}

/// Every expression of `f`'s body, at most `cap` of them spread evenly.
pub fn all_exprs(f: &ItemFn, cap: usize) -> Vec<Expr> {
    struct C(Vec<Expr>);
    impl<'ast> Visit<'ast> for C {
        fn visit_expr(&mut self, e: &'ast Expr) {
            self.0.push(e.clone());
            visit::visit_expr(self, e);
        }
    }
    let mut c = C(Vec::new());
    c.visit_block(&f.block);
    let n = c.0.len();
    if n <= cap {
        return c.0;
    }
    c.0.into_iter().enumerate().filter(|(i, _)| i * cap / n != (i + 1) * cap / n).map(|(_, e)| e).collect()
}

/// The names a function binds: its parameters, its `let`s, its loops'.
pub fn bound_names(f: &ItemFn) -> Vec<syn::Ident> {
    struct C(Vec<syn::Ident>);
    impl<'ast> Visit<'ast> for C {
        fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
            if !self.0.contains(&p.ident) {
                self.0.push(p.ident.clone());
            }
            visit::visit_pat_ident(self, p);
        }
    }
    let mut c = C(Vec::new());
    for arg in &f.sig.inputs {
        if let syn::FnArg::Typed(pt) = arg {
            c.visit_pat(&pt.pat);
        }
    }
    c.visit_block(&f.block);
    c.0
}
