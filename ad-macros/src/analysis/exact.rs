//! The variables whose values decide something besides derivatives: a
//! branch, a loop bound, an index, a call's behaviour, a piecewise
//! function's piece, or what is sent to another rank. Where the reverse
//! sweep computes such a value again, it must be bitwise the forward's;
//! every other value only scales derivatives, and the reverse sweep may
//! compute it with different rounding (a division by a loop invariant as a
//! product with its reciprocal, see `codegen::reverse::recip`).
//!
//! Flow-insensitive: a variable is exact if any of its reads anywhere is in
//! such a place, or if it flows (by `let`, assignment, push, copy or swap)
//! into a variable that is. A message is a flow from the buffer sent to
//! the one received into (every rank runs the same function).

use super::types::{Cat, Scalar, Types};
use crate::ir::*;

/// By variable: whether its value must be the forward's to the bit.
pub fn exact_vars(f: &Function, t: &Types) -> Vec<bool> {
    // Integers and booleans decide, floats may only scale.
    let mut exact: Vec<bool> = t.vars.iter().map(|c| !matches!(c, Cat::Scalar(Scalar::Float) | Cat::Buf(Scalar::Float))).collect();
    // (into, from): `from`'s value flows into `into`'s.
    let mut flows: Vec<(VarId, VarId)> = Vec::new();
    walk_stmts(&f.body, &mut |s| stmt(s, t, &mut exact, &mut flows));
    // Any buffer received into may hold what any buffer sent held.
    let (mut sent, mut received) = (Vec::new(), Vec::new());
    walk_stmts(&f.body, &mut |s| {
        if let StmtKind::Mpi(op) = &s.kind {
            sent.extend(op.send.iter().map(|b| b.arg.place.base));
            received.extend(op.recv.iter().map(|b| b.arg.place.base));
        }
    });
    flows.extend(received.iter().flat_map(|&r| sent.iter().map(move |&s| (r, s))));
    let mut changed = true;
    while changed {
        changed = false;
        for &(into, from) in &flows {
            if exact[into] && !exact[from] {
                exact[from] = true;
                changed = true;
            }
        }
    }
    exact
}

fn stmt(s: &Stmt, t: &Types, exact: &mut [bool], flows: &mut Vec<(VarId, VarId)>) {
    let mut values = |into: &Place, e: &Expr, exact: &mut [bool]| {
        index_decides(into, exact);
        match float_var(t, into) {
            Some(v) => value(t, e, v, exact, flows),
            None => decides(e, exact),
        }
    };
    match &s.kind {
        StmtKind::Let { var, init } => match init {
            Init::Expr(e) => values(&Place::var(*var), e, exact),
            Init::VecLit(es) | Init::ArrayLit(es) => es.iter().for_each(|e| values(&Place::var(*var), e, exact)),
            Init::ArrayFill { elem, .. } => values(&Place::var(*var), elem, exact),
            Init::VecFill { elem, len } => {
                values(&Place::var(*var), elem, exact);
                decides(len, exact);
            }
            // `let y = x.to_vec()` reads `x` whole: a flow, not a decision.
            Init::Copy(b) => {
                buf_decides(b, exact);
                flows.push((*var, b.place.base));
            }
            Init::WithCapacity(n) => n.iter().for_each(|n| decides(n, exact)),
            Init::Call(c) => call(c, exact),
            Init::Uninit => {}
        },
        StmtKind::Assign { place, op, value: e } => {
            values(place, e, exact);
            if *op != AssignOp::Set {
                values(place, &Expr::read(place.clone(), e.span), exact);
            }
        }
        StmtKind::Push { vec, value: e } => values(vec, e, exact),
        StmtKind::Swap(a, b) => {
            index_decides(a, exact);
            index_decides(b, exact);
            flows.push((a.base, b.base));
            flows.push((b.base, a.base));
        }
        StmtKind::If { cond, .. } | StmtKind::While { cond, .. } => decides(cond, exact),
        StmtKind::For { lo, hi, step, par, .. } => {
            [Some(lo), Some(hi), step.as_ref()].into_iter().flatten().for_each(|e| decides(e, exact));
            for sp in par.iter().flat_map(|p| &p.splits) {
                decides(&sp.start, exact);
                decides(&sp.per, exact);
                index_decides(&sp.place, exact);
            }
        }
        StmtKind::Call { call: c, .. } => call(c, exact),
        // A message carries values: what is received is what was sent (the
        // same variable on every rank). A maximum or minimum picks a rank.
        StmtKind::Mpi(op) => {
            op.ints().for_each(|e| decides(e, exact));
            let picks = matches!(op.kind, MpiKind::Reduce(ReduceOp::Max | ReduceOp::Min) | MpiKind::AllReduce(ReduceOp::Max | ReduceOp::Min));
            for b in op.bufs() {
                buf_decides(&b.arg, exact);
                exact[b.arg.place.base] |= picks;
            }
        }
        StmtKind::Opaque(_) => {}
    }
}

/// A call may branch on anything it is passed.
fn call(c: &Call, exact: &mut [bool]) {
    for a in &c.args {
        match a {
            Arg::Value(e) => decides(e, exact),
            Arg::Buf(b) => {
                buf_decides(b, exact);
                exact[b.place.base] = true;
            }
            Arg::Struct { place, .. } => {
                index_decides(place, exact);
                exact[place.base] = true;
            }
        }
    }
}

/// Marks what `e` reads as exact; a length reads no values.
fn decides(e: &Expr, exact: &mut [bool]) {
    match &e.kind {
        ExprKind::Read(p) => {
            exact[p.base] = true;
            index_decides(p, exact);
        }
        ExprKind::Len(p) => index_decides(p, exact),
        ExprKind::Unary(_, a) | ExprKind::Cast(a, _) | ExprKind::NoGrad(a) | ExprKind::Matches(a, _) => decides(a, exact),
        ExprKind::Binary(_, a, b) => {
            decides(a, exact);
            decides(b, exact);
        }
        ExprKind::Method(_, r, args) | ExprKind::IntMethod(_, r, args) => {
            decides(r, exact);
            args.iter().for_each(|a| decides(a, exact));
        }
        ExprKind::Lit(_) | ExprKind::Zero | ExprKind::One | ExprKind::Const(_) | ExprKind::CommQuery(..) => {}
    }
}

fn index_decides(p: &Place, exact: &mut [bool]) {
    for proj in &p.proj {
        if let Proj::Index(i) = proj {
            decides(i, exact);
        }
    }
}

fn buf_decides(b: &BufArg, exact: &mut [bool]) {
    index_decides(&b.place, exact);
    if let Some((lo, hi)) = &b.range {
        decides(lo, exact);
        decides(hi, exact);
    }
}

/// A place of float values with no fields on the way: the variable whose
/// values an assignment to it changes.
fn float_var(t: &Types, p: &Place) -> Option<VarId> {
    let float = matches!(t.vars[p.base], Cat::Scalar(Scalar::Float) | Cat::Buf(Scalar::Float));
    (float && p.proj.iter().all(|x| matches!(x, Proj::Index(_)))).then_some(p.base)
}

/// The reads of `e`, a value flowing into `into`: those in float arithmetic
/// flow, the others (indices, comparisons, casts to integers, piecewise
/// methods) are exact.
fn value(t: &Types, e: &Expr, into: VarId, exact: &mut [bool], flows: &mut Vec<(VarId, VarId)>) {
    match &e.kind {
        ExprKind::Read(p) if float_var(t, p).is_some() => {
            flows.push((into, p.base));
            index_decides(p, exact);
        }
        ExprKind::Unary(UnOp::Neg, a) | ExprKind::NoGrad(a) => value(t, a, into, exact, flows),
        ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div, a, b) => {
            value(t, a, into, exact, flows);
            value(t, b, into, exact, flows);
        }
        ExprKind::Cast(a, ty) if is_float_type(ty) => value(t, a, into, exact, flows),
        ExprKind::Method(m, r, args) if smooth(*m) => {
            value(t, r, into, exact, flows);
            args.iter().for_each(|a| value(t, a, into, exact, flows));
        }
        _ => decides(e, exact),
    }
}

fn is_float_type(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.path.is_ident("f64") || p.path.is_ident("f32"))
}

/// Methods whose derivative is one formula everywhere (not `abs`, `min`,
/// `max`, `signum`, the roundings).
fn smooth(m: Method) -> bool {
    use Method::*;
    matches!(
        m,
        Sin | Cos | Tan | Asin | Acos | Atan | Atan2 | Sinh | Cosh | Tanh | Exp | Exp2 | ExpM1 | Ln | Ln1p | Log2 | Log10 | Sqrt | Cbrt | Powi | Powf | Hypot | MulAdd | Recip
    )
}
