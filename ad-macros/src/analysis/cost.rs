//! What the analyses count as cheap to recompute.

use crate::ir::*;

/// Cheap enough to recompute rather than store: arithmetic, comparisons,
/// reads; no transcendental functions, no calls.
pub fn cheap(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Lit(_) | ExprKind::Zero | ExprKind::One | ExprKind::Const(_) | ExprKind::Len(_) => true,
        ExprKind::Read(p) => p.proj.iter().all(|pr| match pr {
            Proj::Index(i) => cheap(i),
            Proj::Field(_) => true,
        }),
        ExprKind::Unary(_, a)
        | ExprKind::Cast(a, _)
        | ExprKind::NoGrad(a)
        | ExprKind::Matches(a, _)
        | ExprKind::Bound(a, ..) => cheap(a),
        ExprKind::Binary(_, a, b) => cheap(a) && cheap(b),
        ExprKind::IntMethod(_, r, args) => cheap(r) && args.iter().all(cheap),
        ExprKind::StructLit(_, fields) => fields.iter().all(|(_, e)| cheap(e)),
        ExprKind::ValueDefault(_) => true,
        // Kept from the forward sweep: the reverse has no user communicator.
        ExprKind::CommQuery(..) => false,
        ExprKind::Method(m, r, args) => {
            matches!(
                m,
                Method::Min
                    | Method::Max
                    | Method::Abs
                    | Method::DivCeil
                    | Method::SaturatingSub
                    | Method::WrappingAdd
                    | Method::Signum
            ) && cheap(r)
                && args.iter().all(cheap)
        }
    }
}
