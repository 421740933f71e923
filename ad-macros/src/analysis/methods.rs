//! Methods the macro does not know: accepted on integers only, each other
//! call an error that says what is supported, or, on a field of a value or
//! a local bound from fields, that the value needs its type.

use super::types::{expr_cat, is_float_test, Cat, Types};
use crate::diag::Diag;
use crate::ir::*;
use std::collections::HashSet;

pub fn check(f: &Function, t: &Types, diag: &Diag) {
    let from_fields = bound_from_fields(f, t);
    walk_stmts(&f.body, &mut |s| {
        for_each_expr(s, &mut |e| {
            let ExprKind::IntMethod(name, r, _) = &e.kind else { return };
            if expr_cat(t, r) == Cat::INT || is_float_test(name) {
                return;
            }
            // `b.v.dot(w)`, `(ps[i].pos - ps[j].pos).norm2()`: a field, or
            // an operator on fields, whose type the macro cannot see; or
            // `(d * 2.0).norm2()` of `let d = a.p - b.p;`.
            let on_fields = reads_fields(r, t);
            let mut local = None;
            r.visit_reads(&mut |p| {
                if p.is_var() && from_fields.contains(&p.base) {
                    local.get_or_insert(p.base);
                }
            });
            let typeless = matches!(r.kind, ExprKind::Binary(..) | ExprKind::Unary(..) | ExprKind::Read(_));
            let msg = match (typeless, on_fields, local) {
                (true, true, _) => format!(
                    "`{name}` is called on a field, or an operator on fields, whose type the macro does not know: \
                     where it is a value of a user type, bind it with its type first (`let r: V3 = ps[i].pos;` or \
                     `let r: V3 = ps[i].pos - ps[j].pos;`, then `r.{name}()`)"
                ),
                (true, false, Some(v)) => {
                    let d = &f.vars[v].name;
                    format!(
                        "`{name}` is called on `{d}`, which the macro takes for a number (it is bound from fields \
                         whose type the macro does not see): where it holds a value of a user type, bind it with its \
                         type (`let {d}: V3 = ..;`)"
                    )
                }
                _ => format!(
                    "the method `{name}` is not supported in differentiated code: supported are the float methods \
                     (sin cos tan asin acos atan atan2 sinh cosh tanh exp exp2 exp_m1 ln ln_1p log2 log10 sqrt cbrt \
                     powi powf hypot abs min max mul_add recip floor ceil round trunc signum clamp sin_cos, and the \
                     tests is_nan, is_finite, ...), methods of integers, `len`, `push`, `to_vec`, `clone`, \
                     `copy_from_slice`, `fill`, `swap` and iterator chains; a method of your own type must be marked \
                     `#[autodiff]` and called on a `&T` or `&mut T` parameter (`p.f(..)`) or on `self`"
                ),
            };
            diag.error(name.span(), msg);
        });
    });
}

/// The locals bound without a type from an expression that reads fields
/// of a value (`let d = a.p - b.p;`): numbers to the macro, perhaps values.
fn bound_from_fields(f: &Function, t: &Types) -> HashSet<VarId> {
    let mut out = HashSet::new();
    walk_stmts(&f.body, &mut |s| {
        if let StmtKind::Let { var, init: Init::Expr(e) } = &s.kind {
            if f.vars[*var].annot.is_none() && reads_fields(e, t) {
                out.insert(*var);
            }
        }
    });
    out
}

/// Whether `e` reads a field of a value or struct.
fn reads_fields(e: &Expr, t: &Types) -> bool {
    let mut fields = false;
    e.visit_reads(&mut |p| fields |= !p.proj.is_empty() && t.vars[p.base].has_fields());
    fields
}
