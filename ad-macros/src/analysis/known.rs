//! What category inference must end with, checked after it: a known
//! category for every variable read and for every struct field a cast
//! reads (the macro sees a function, never the types it uses).

use super::types::{cat_of_type, for_each_read, member_name, place_cat, Cat, Types};
use crate::diag::Diag;
use crate::ir::*;

/// Reports each read whose category inference left unknown.
pub fn check(f: &Function, t: &Types, diag: &Diag) {
    let mut reported = std::collections::HashSet::new();
    walk_stmts(&f.body, &mut |s| {
        let mut check = |p: &Place| {
            let v = p.base;
            if t.vars[v] == Cat::UNKNOWN && reported.insert(v) {
                let var = &f.vars[v];
                let name = var.name.to_string();
                let callee = name.rfind("_value").map(|at| &name[..at]).filter(|c| !c.is_empty());
                let msg = if let (VarOrigin::Temp, Some(callee)) = (var.origin, callee) {
                    // A call's result passed straight on: the user binds it.
                    format!(
                        "cannot infer whether `{callee}` returns a float, an integer or a bool: its result goes \
                         straight into another call, whose parameters the macro cannot see; bind it with a type \
                         first, as in `let v: f64 = {callee}(..);`"
                    )
                } else if var.origin == VarOrigin::Temp {
                    // A value the macro named: the user annotates the
                    // binding it flows into.
                    "cannot infer whether this value is a float, an integer or a bool; bind it to a variable \
                     with a type, as in `let y: f64 = ...;`"
                        .to_string()
                } else {
                    format!(
                        "cannot infer whether `{}` is a float, an integer or a bool; annotate it, as in \
                         `let {}: f64 = ...`",
                        var.name, var.name
                    )
                };
                diag.error(var.span, msg);
            }
        };
        for_each_read(s, &mut check);
    });
    unknown_field_casts(f, t, diag);
}

/// A struct field cast to a float and used no other way (`p.w as f64`)
/// could hold a float, whose derivative flows through the cast, or an
/// integer: the macro sees the function, not the struct, so it asks.
fn unknown_field_casts(f: &Function, t: &Types, diag: &Diag) {
    walk_stmts(&f.body, &mut |s| {
        for_each_expr(s, &mut |e| {
            let ExprKind::Cast(a, ty) = &e.kind else { return };
            let ExprKind::Read(p) = &a.kind else { return };
            if cat_of_type(ty).is_float() && t.vars[p.base] == Cat::Struct && place_cat(t, p) == Cat::UNKNOWN {
                let field = p.proj.iter().rev().find_map(|j| match j {
                    Proj::Field(m) => Some(member_name(m)),
                    Proj::Index(_) => None,
                });
                let (name, field) = (&f.vars[p.base].name, field.unwrap_or_default());
                diag.error(
                    a.span,
                    format!(
                        "cannot infer whether `{name}.{field}` holds floats or integers (the macro sees this \
                         function, not the struct): bind it with its type before the cast, as in \
                         `let {field}: f32 = ..;` or `let {field}: usize = ..;`"
                    ),
                );
            }
        });
    });
}
