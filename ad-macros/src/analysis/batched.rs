//! What batched mode (see `codegen::batched`) does not handle yet in a
//! function's body, reported where it is: its tangents and adjoints are
//! lanes of `f64`, so calls passing structs or values to other
//! differentiated functions (in reverse mode, any call with adjoints), MPI
//! messages, values of struct type that carry derivatives, casts of active
//! floats to other types, and in reverse mode rayon loops and checkpoints
//! are refused, each at the user's code. A callee that cannot be
//! differentiated so is refused where its lane companion is instantiated
//! (`codegen::batched::lanes_stub`).

use super::activity::{call_active, expr_active, Activity};
use super::types::{expr_cat, place_cat, Cat, Scalar, Types};
use crate::diag::Diag;
use crate::ir::*;

/// Reports each construct of `f` that batched mode (`reverse` or forward)
/// does not support, with the activities `act`. True when there is none.
pub fn supported(f: &Function, t: &Types, act: &Activity, reverse: bool, diag: &Diag) -> bool {
    let before = diag.error_count();
    let active = |e: &Expr| expr_active(t, &act.vars, e);
    let mode = if reverse { "batched reverse mode" } else { "batched forward mode" };
    // (Forward mode ignores checkpoints: tangents need no tape.)
    for c in f.checkpoints.values().filter(|_| reverse) {
        diag.error(c.span, "batched reverse mode does not checkpoint loops yet: use a width of 1");
    }
    walk_stmts(&f.body, &mut |s| {
        match s.call() {
            Some((call, dests)) if reverse && call_active(t, &act.vars, call, dests) => diag.error(
                syn::spanned::Spanned::span(&call.path),
                "batched reverse mode does not call other differentiated functions yet: inline the call, or \
                 call the reverse derivative once per seed",
            ),
            Some((call, dests)) if call_active(t, &act.vars, call, dests) && !lanes_call(call, dests, t) => diag.error(
                syn::spanned::Spanned::span(&call.path),
                "batched forward mode calls functions of `f64` numbers, `f64` slices and integers returning \
                 one `f64`, an integer or nothing (yet): pass no struct or value, or use forward mode without a \
                 width (one tangent per call)",
            ),
            _ => {}
        }
        if let StmtKind::Mpi(_) = &s.kind {
            diag.error(s.span, format!("{mode} does not send derivatives by MPI yet: use a width of 1"));
        }
        if let StmtKind::For { par: Some(_), .. } = &s.kind {
            if reverse {
                diag.error(s.span, "batched reverse mode does not differentiate rayon loops yet: use a width of 1");
            }
        }
        if let StmtKind::Let { var, .. } = &s.kind {
            if act.vars[*var] && t.vars[*var] == Cat::Struct {
                diag.error(s.span, format!("{mode} does not carry derivatives of value types yet: use a width of 1"));
            }
        }
        // (Every expression of the statement, nested ones included.)
        for_each_expr(s, &mut |e| {
            if let ExprKind::Cast(a, ty) = &e.kind {
                let to_f64 = matches!(ty, syn::Type::Path(p) if p.path.is_ident("f64"));
                if active(a) && !to_f64 {
                    diag.error(
                        e.span,
                        format!(
                            "{mode} carries `f64` derivatives: a cast of a value with a derivative to another \
                             type is not supported yet"
                        ),
                    );
                }
            }
        });
    });
    diag.error_count() == before
}

/// Whether a call that carries tangents has the shape of a lane companion
/// (see `codegen::batched::lanes_signature`): numbers, `f64` buffers and
/// integers in, at most one number out.
fn lanes_call(call: &Call, dests: &[VarId], t: &Types) -> bool {
    let plain = |c: Cat| matches!(c, Cat::Scalar(Scalar::Float | Scalar::Int | Scalar::Bool));
    let args = call.args.iter().all(|a| match a {
        Arg::Value(e) => plain(expr_cat(t, e)),
        Arg::Buf(b) => matches!(place_cat(t, &b.place), Cat::Buf(Scalar::Float | Scalar::Int | Scalar::Bool)),
        Arg::Struct { .. } => false,
    });
    args && dests.len() <= 1 && dests.iter().all(|d| plain(t.vars[*d]))
}

/// The callee of the first call in `f` that carries tangents. A lane
/// companion makes none: where one of its callees has no lane companion
/// (a generated derivative, a generic function), code that never asked for
/// batched mode would not compile.
pub fn first_active_call(f: &Function, t: &Types, act: &Activity) -> Option<syn::Path> {
    let mut found = None;
    walk_stmts(&f.body, &mut |s| {
        if let Some((call, dests)) = s.call() {
            if found.is_none() && call_active(t, &act.vars, call, dests) {
                found = Some(call.path.clone());
            }
        }
    });
    found
}
