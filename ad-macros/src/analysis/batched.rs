//! What batched forward mode (see `codegen::batched`) does not handle yet
//! in a function's body, reported where it is: its tangents are lanes of
//! `f64`, so calls that pass tangents to other differentiated functions,
//! MPI messages, values of struct type that carry tangents, and casts of
//! active floats to other types are refused, each at the user's code.

use super::activity::{expr_active, place_active, Activity};
use super::types::{Cat, Types};
use crate::diag::Diag;
use crate::ir::*;

/// Reports each construct of `f` that batched mode does not support, with
/// the activities `act`. True when there is none.
pub fn supported(f: &Function, t: &Types, act: &Activity, diag: &Diag) -> bool {
    let before = diag.error_count();
    let active = |e: &Expr| expr_active(t, &act.vars, e);
    walk_stmts(&f.body, &mut |s| {
        let call = match &s.kind {
            StmtKind::Call { call, dests } => Some((call, dests.as_slice())),
            StmtKind::Let { var, init: Init::Call(call) } => Some((call, std::slice::from_ref(var))),
            _ => None,
        };
        if let Some((call, dests)) = call {
            let passes = call.args.iter().any(|a| match a {
                Arg::Value(e) => active(e),
                Arg::Buf(b) => !b.nograd && place_active(t, &act.vars, &b.place),
                Arg::Struct { place, .. } => place_active(t, &act.vars, place),
            });
            if !call.nograd && (passes || dests.iter().any(|d| act.vars[*d])) {
                diag.error(
                    syn::spanned::Spanned::span(&call.path),
                    "batched forward mode does not call other differentiated functions yet: inline the call, \
                     or use forward mode without a width (one tangent per call)",
                );
            }
        }
        if let StmtKind::Mpi(_) = &s.kind {
            diag.error(s.span, "batched forward mode does not send tangents by MPI yet: use a width of 1");
        }
        if let StmtKind::Let { var, .. } = &s.kind {
            if act.vars[*var] && t.vars[*var] == Cat::Struct {
                diag.error(s.span, "batched forward mode does not carry tangents of value types yet: use a width of 1");
            }
        }
        // (Every expression of the statement, nested ones included.)
        for_each_expr(s, &mut |e| {
            if let ExprKind::Cast(a, ty) = &e.kind {
                let to_f64 = matches!(ty, syn::Type::Path(p) if p.path.is_ident("f64"));
                if active(a) && !to_f64 {
                    diag.error(
                        e.span,
                        "batched forward mode carries `f64` tangents: a cast of a value with a tangent to \
                         another type is not supported yet",
                    );
                }
            }
        });
    });
    diag.error_count() == before
}
