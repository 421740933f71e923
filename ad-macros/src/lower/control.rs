//! Syntactic questions about control flow, asked before lowering a statement:
//! can it `return`, `break` or `continue` out of the enclosing construct?

use syn::visit::Visit;

/// The jumps out of a region of code inside a loop, labelled `target` or
/// not: a `break 'l` or `continue 'l` to a loop outside the region counts
/// as a `continue` of that loop if it is `'l`, else as its `break` (the
/// loop stops, and so do the ones up to `'l`).
#[derive(Default)]
struct Jumps {
    ret: bool,
    brk: bool,
    cont: bool,
    loop_depth: usize,
    target: Option<String>,
    /// The labels of the loops entered inside the region.
    entered: Vec<String>,
}

impl Jumps {
    fn new(target: Option<&str>) -> Jumps {
        Jumps { target: target.map(str::to_string), ..Jumps::default() }
    }

    /// A jump to the loop labelled `label` (`None`: the innermost), by
    /// `break` or `continue`.
    fn jump(&mut self, label: Option<&syn::Lifetime>, is_break: bool) {
        match label.map(|l| l.ident.to_string()) {
            None if self.loop_depth > 0 => {}
            Some(l) if self.entered.contains(&l) => {}
            Some(l) if !is_break && self.target.as_ref() != Some(&l) => self.brk = true,
            _ if is_break => self.brk = true,
            _ => self.cont = true,
        }
    }

    fn in_loop(&mut self, label: Option<&syn::Label>, visit: impl FnOnce(&mut Self)) {
        self.loop_depth += 1;
        self.entered.extend(label.map(|l| l.name.ident.to_string()));
        visit(self);
        if label.is_some() {
            self.entered.pop();
        }
        self.loop_depth -= 1;
    }
}

impl<'a> Visit<'a> for Jumps {
    fn visit_expr_return(&mut self, e: &'a syn::ExprReturn) {
        self.ret = true;
        syn::visit::visit_expr_return(self, e);
    }
    fn visit_expr_break(&mut self, e: &'a syn::ExprBreak) {
        self.jump(e.label.as_ref(), true);
        syn::visit::visit_expr_break(self, e);
    }
    fn visit_expr_continue(&mut self, e: &'a syn::ExprContinue) {
        self.jump(e.label.as_ref(), false);
    }
    fn visit_expr_for_loop(&mut self, e: &'a syn::ExprForLoop) {
        self.visit_expr(&e.expr);
        self.in_loop(e.label.as_ref(), |j| j.visit_block(&e.body));
    }
    fn visit_expr_while(&mut self, e: &'a syn::ExprWhile) {
        self.in_loop(e.label.as_ref(), |j| syn::visit::visit_expr_while(j, e));
    }
    fn visit_expr_loop(&mut self, e: &'a syn::ExprLoop) {
        self.in_loop(e.label.as_ref(), |j| syn::visit::visit_expr_loop(j, e));
    }
    // A labelled block (refused when lowered) keeps its own `break`s.
    fn visit_expr_block(&mut self, e: &'a syn::ExprBlock) {
        let Some(label) = &e.label else { return syn::visit::visit_expr_block(self, e) };
        self.entered.push(label.name.ident.to_string());
        syn::visit::visit_expr_block(self, e);
        self.entered.pop();
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
/// innermost enclosing loop, labelled `label` (`break`, `continue`, see
/// [`Jumps`]).
pub(crate) fn jumps_stmt(s: &syn::Stmt, label: Option<&str>) -> JumpSet {
    let mut j = Jumps::new(label);
    j.visit_stmt(s);
    JumpSet { ret: j.ret, brk: j.brk, cont: j.cont }
}

/// `jumps_stmt` of a block: the body of a loop labelled `label`.
pub(crate) fn jumps_block(b: &syn::Block, label: Option<&str>) -> JumpSet {
    let mut j = Jumps::new(label);
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
                    let mut j = Jumps::new(None);
                    j.visit_expr(e);
                    j.ret
                });
            }
        }
        jumps_stmt(s, None).ret
    })
}

pub(crate) fn is_return_stmt(s: &syn::Stmt) -> bool {
    matches!(s, syn::Stmt::Expr(syn::Expr::Return(_), _))
}

/// The `break`s with a value that leave the loop whose body is `b` (not
/// those of nested loops or closures).
pub(crate) fn breaks_with_value(b: &syn::Block) -> Vec<&syn::ExprBreak> {
    struct V<'a> {
        found: Vec<&'a syn::ExprBreak>,
        depth: usize,
    }
    impl<'a> Visit<'a> for V<'a> {
        fn visit_expr_break(&mut self, e: &'a syn::ExprBreak) {
            if self.depth == 0 && e.expr.is_some() && e.label.is_none() {
                self.found.push(e);
            }
            syn::visit::visit_expr_break(self, e);
        }
        fn visit_expr_for_loop(&mut self, e: &'a syn::ExprForLoop) {
            self.visit_expr(&e.expr);
            self.depth += 1;
            self.visit_block(&e.body);
            self.depth -= 1;
        }
        fn visit_expr_while(&mut self, e: &'a syn::ExprWhile) {
            self.depth += 1;
            syn::visit::visit_expr_while(self, e);
            self.depth -= 1;
        }
        fn visit_expr_loop(&mut self, e: &'a syn::ExprLoop) {
            self.depth += 1;
            syn::visit::visit_expr_loop(self, e);
            self.depth -= 1;
        }
        fn visit_expr_closure(&mut self, _: &'a syn::ExprClosure) {}
        fn visit_item(&mut self, _: &'a syn::Item) {}
    }
    let mut v = V { found: Vec::new(), depth: 0 };
    v.visit_block(b);
    v.found
}

/// The first write (`X = ...`, `X += ...`, `&mut X`) to an upper-case name
/// that `is_local` does not know: inside `unsafe`, that is a `static mut`
/// (constants cannot be written).
pub(crate) fn static_write(b: &syn::Block, is_local: impl Fn(&str) -> bool) -> Option<&syn::Path> {
    struct V<'a, F> {
        found: Option<&'a syn::Path>,
        is_local: F,
    }
    impl<'a, F: Fn(&str) -> bool> V<'a, F> {
        fn target(&mut self, e: &'a syn::Expr) {
            let e = crate::syntax::strip_parens(e);
            if let syn::Expr::Path(p) = e {
                if let Some(id) = p.path.get_ident() {
                    let name = id.to_string();
                    let upper =
                        name.chars().any(|c| c.is_ascii_uppercase()) && !name.chars().any(|c| c.is_ascii_lowercase());
                    if upper && !(self.is_local)(&name) && self.found.is_none() {
                        self.found = Some(&p.path);
                    }
                }
            }
        }
    }
    impl<'a, F: Fn(&str) -> bool> Visit<'a> for V<'a, F> {
        fn visit_expr_assign(&mut self, e: &'a syn::ExprAssign) {
            self.target(&e.left);
            syn::visit::visit_expr_assign(self, e);
        }
        fn visit_expr_binary(&mut self, e: &'a syn::ExprBinary) {
            use syn::BinOp::*;
            if matches!(
                e.op,
                AddAssign(_)
                    | SubAssign(_)
                    | MulAssign(_)
                    | DivAssign(_)
                    | RemAssign(_)
                    | BitXorAssign(_)
                    | BitAndAssign(_)
                    | BitOrAssign(_)
                    | ShlAssign(_)
                    | ShrAssign(_)
            ) {
                self.target(&e.left);
            }
            syn::visit::visit_expr_binary(self, e);
        }
        fn visit_expr_reference(&mut self, e: &'a syn::ExprReference) {
            if e.mutability.is_some() {
                self.target(&e.expr);
            }
            syn::visit::visit_expr_reference(self, e);
        }
        fn visit_item(&mut self, _: &'a syn::Item) {}
    }
    let mut v = V { found: None, is_local };
    v.visit_block(b);
    v.found
}
