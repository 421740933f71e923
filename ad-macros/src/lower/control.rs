//! Syntactic questions about control flow, asked before lowering a statement:
//! can it `return`, `break` or `continue` out of the enclosing construct?

use syn::visit::Visit;

#[derive(Default)]
struct Jumps {
    ret: bool,
    brk: bool,
    cont: bool,
    loop_depth: usize,
}

impl<'a> Visit<'a> for Jumps {
    fn visit_expr_return(&mut self, e: &'a syn::ExprReturn) {
        self.ret = true;
        syn::visit::visit_expr_return(self, e);
    }
    fn visit_expr_break(&mut self, e: &'a syn::ExprBreak) {
        if self.loop_depth == 0 {
            self.brk = true;
        }
        syn::visit::visit_expr_break(self, e);
    }
    fn visit_expr_continue(&mut self, _: &'a syn::ExprContinue) {
        if self.loop_depth == 0 {
            self.cont = true;
        }
    }
    fn visit_expr_for_loop(&mut self, e: &'a syn::ExprForLoop) {
        self.visit_expr(&e.expr);
        self.loop_depth += 1;
        self.visit_block(&e.body);
        self.loop_depth -= 1;
    }
    fn visit_expr_while(&mut self, e: &'a syn::ExprWhile) {
        self.loop_depth += 1;
        syn::visit::visit_expr_while(self, e);
        self.loop_depth -= 1;
    }
    fn visit_expr_loop(&mut self, e: &'a syn::ExprLoop) {
        self.loop_depth += 1;
        syn::visit::visit_expr_loop(self, e);
        self.loop_depth -= 1;
    }
    // A closure's `return` leaves the closure, not the function.
    fn visit_expr_closure(&mut self, _: &'a syn::ExprClosure) {}
    fn visit_item(&mut self, _: &'a syn::Item) {}
}

pub(crate) struct JumpSet {
    pub ret: bool,
    pub brk: bool,
    pub cont: bool,
}

impl JumpSet {
    pub fn any(&self) -> bool {
        self.ret || self.brk || self.cont
    }
}

/// What a statement can jump out of: the function (`return`), or the
/// innermost enclosing loop (`break`, `continue` not inside a nested loop).
pub(crate) fn jumps_stmt(s: &syn::Stmt) -> JumpSet {
    let mut j = Jumps::default();
    j.visit_stmt(s);
    JumpSet { ret: j.ret, brk: j.brk, cont: j.cont }
}

pub(crate) fn jumps_block(b: &syn::Block) -> JumpSet {
    let mut j = Jumps::default();
    j.visit_block(b);
    JumpSet { ret: j.ret, brk: j.brk, cont: j.cont }
}

/// Whether the body has a `return` other than a final `return e;`.
pub(crate) fn contains_return_not_tail(b: &syn::Block) -> bool {
    let n = b.stmts.len();
    b.stmts.iter().enumerate().any(|(i, s)| {
        if i + 1 == n && is_return_stmt(s) {
            // `return e;` at the very end; `e` itself may still contain returns.
            if let syn::Stmt::Expr(syn::Expr::Return(r), _) = s {
                return r.expr.as_ref().is_some_and(|e| {
                    let mut j = Jumps::default();
                    j.visit_expr(e);
                    j.ret
                });
            }
        }
        jumps_stmt(s).ret
    })
}

pub(crate) fn is_return_stmt(s: &syn::Stmt) -> bool {
    matches!(s, syn::Stmt::Expr(syn::Expr::Return(_), _))
}
