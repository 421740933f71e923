//! What category inference must end with, checked after it: a known
//! category for every variable read and for every struct field a cast
//! reads (the macro sees a function, never the types it uses).

use super::types::{cat_of_type, expr_cat, for_each_read, member_name, place_cat, Cat, Scalar, Types};
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
                    "cannot infer whether this value is a float, an integer or a bool (the macro sees this \
                     function, not the types it uses); bind it to a variable with a type first, as in \
                     `let y: f64 = ...;` (for a field of a struct literal, before the literal)"
                        .to_string()
                } else {
                    format!(
                        "cannot infer whether `{}` is a float, an integer or a bool; annotate it, as in \
                         `let {}: f64 = ...` (or `let {}: V3 = ...` with its type, for a value of a struct type)",
                        var.name, var.name, var.name
                    )
                };
                diag.error(var.span, msg);
            }
            // `d.x` of `let d = ps[i].pos - ps[j].pos;`: a number to the
            // macro, a value to rustc.
            let named_field = p.proj.iter().any(|j| matches!(j, Proj::Field(syn::Member::Named(_))));
            let untyped = f.vars[v].annot.is_none();
            if named_field
                && untyped
                && matches!(t.vars[v], Cat::Scalar(s) if s != Scalar::Unknown)
                && reported.insert(v)
            {
                let name = &f.vars[v].name;
                diag.error(
                    f.vars[v].span,
                    format!(
                        "`{name}` is read by field but the macro takes it for a number: where it holds a value \
                         of a user type, bind it with its type (`let {name}: V3 = ..;`)"
                    ),
                );
            }
        };
        for_each_read(s, &mut check);
    });
    untyped_fields(f, t, diag);
    value_results(f, t, diag);
}

/// A call whose result is used as a value of a user type (`r.x` of
/// `let r = g(t);`) where the macro does not know that type: the adjoint
/// seeds the callee with a value of it, declared with its type.
fn value_results(f: &Function, t: &Types, diag: &Diag) {
    walk_stmts(&f.body, &mut |s| {
        let Some((call, dests)) = s.call() else { return };
        let untyped = |d: &VarId| t.vars[*d] == Cat::Struct && !f.values.contains(d);
        if let Some(d) = dests.iter().find(|d| untyped(d)).filter(|_| !call.nograd) {
            let (callee, name) =
                (call.path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default(), &f.vars[*d].name);
            diag.error_spanned(
                &call.path,
                format!(
                    "`{callee}` returns a value of a user type here: name its type where you bind it \
                     (`let {name}: V3 = {callee}(..);`), so that its derivative can be declared"
                ),
            );
        }
    });
}

/// A struct field used no way that tells its category, cast to a float
/// (`p.w as f64`), copied into another field (`m.z = a.z`) or passed to a
/// function (`g(a.z)`), could hold a float, whose derivative flows on, or
/// an integer, whose does not: the macro sees the function, not the
/// struct, so it asks. (Read into a literal, `V3 { z: a.z, .. }`, it goes
/// through `parad::Value`, which tells them apart.)
fn untyped_fields(f: &Function, t: &Types, diag: &Diag) {
    // The field of unknown category in `e` (`a.z`, `-a.z`), when the
    // category of `e` is unknown for it.
    let untyped = |e: &Expr| {
        let mut found = None;
        if expr_cat(t, e) == Cat::UNKNOWN {
            e.visit_reads(&mut |p| {
                if found.is_none() && t.vars[p.base].has_fields() && place_cat(t, p) == Cat::UNKNOWN {
                    found = Some(p.clone());
                }
            });
        }
        found
    };
    let report = |p: &Place, span, cast: bool| {
        let field = p.proj.iter().rev().find_map(|j| match j {
            Proj::Field(m) => Some(member_name(m)),
            Proj::Index(_) => None,
        });
        let (name, field) = (&f.vars[p.base].name, field.unwrap_or_default());
        // A field cast to a float is most often an integer.
        let (first, second) = if cast { ("i32", "f64") } else { ("f64", "usize") };
        diag.error(
            span,
            format!(
                "cannot infer whether `{name}.{field}` holds floats or integers (the macro sees this function, \
                 not the struct): bind it with its type first, as in `let {field}: {first} = {name}.{field};` or \
                 `let {field}: {second} = ..;`"
            ),
        );
    };
    walk_stmts(&f.body, &mut |s| {
        for_each_expr(s, &mut |e| {
            if let ExprKind::Cast(a, ty) = &e.kind {
                if let Some(p) = untyped(a).filter(|_| cat_of_type(ty).is_float()) {
                    report(&p, a.span, true);
                }
            }
        });
        match &s.kind {
            StmtKind::Assign { value, .. } => {
                if let Some(p) = untyped(value) {
                    report(&p, value.span, false);
                }
            }
            StmtKind::Call { call, .. } | StmtKind::Let { init: Init::Call(call), .. } => {
                for a in &call.args {
                    if let Arg::Value(e) = a {
                        if let Some(p) = untyped(e) {
                            report(&p, e.span, false);
                        }
                    }
                }
            }
            _ => {}
        }
    });
}
