//! Walks over the IR: statements in program order, the expressions of a
//! statement, the variables a block defines, and equal bounds.

use super::*;

/// Whether two bounds or lengths are the same expression (`0 + e` is
/// `e`): literals, variables, lengths and operations on them.
pub fn same_expr(a: &Expr, b: &Expr) -> bool {
    let strip = |e: &Expr| match &e.kind {
        ExprKind::Binary(BinOp::Add, z, r) if z.is_lit_int(0) => (**r).clone(),
        _ => e.clone(),
    };
    let (a, b) = (strip(a), strip(b));
    match (&a.kind, &b.kind) {
        (ExprKind::Lit(syn::Lit::Int(x)), ExprKind::Lit(syn::Lit::Int(y))) => x.base10_digits() == y.base10_digits(),
        (ExprKind::Read(p), ExprKind::Read(q)) | (ExprKind::Len(p), ExprKind::Len(q)) => {
            p.is_var() && q.is_var() && p.base == q.base
        }
        (ExprKind::Binary(o, a1, b1), ExprKind::Binary(p, a2, b2)) => o == p && same_expr(a1, a2) && same_expr(b1, b2),
        _ => false,
    }
}

/// Whether two expressions are the same tree, spans aside: the key of the
/// adjoint's per-expression tables (hoisted accumulators, reciprocals),
/// so that two reads of one element, or two equal divisors, are one entry.
/// Conservative: pattern matches (`matches!`, bound names) are never equal.
pub fn same_tree(a: &Expr, b: &Expr) -> bool {
    use ExprKind::*;
    let all = |x: &[Expr], y: &[Expr]| x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_tree(x, y));
    match (&a.kind, &b.kind) {
        (Lit(x), Lit(y)) => x == y,
        (Zero, Zero) | (One, One) => true,
        (Const(x), Const(y)) => x == y,
        (Read(p), Read(q)) | (Len(p), Len(q)) => same_place(p, q),
        (Unary(o, x), Unary(p, y)) => o == p && same_tree(x, y),
        (Binary(o, x1, y1), Binary(p, x2, y2)) => o == p && same_tree(x1, x2) && same_tree(y1, y2),
        (Method(m, r, xs), Method(n, s, ys)) => m == n && same_tree(r, s) && all(xs, ys),
        (IntMethod(m, r, xs), IntMethod(n, s, ys)) => m == n && same_tree(r, s) && all(xs, ys),
        (Cast(x, t), Cast(y, u)) => t == u && same_tree(x, y),
        (NoGrad(x), NoGrad(y)) => same_tree(x, y),
        (CommQuery(v, q), CommQuery(w, r)) => v == w && q == r,
        (StructLit(p, xs), StructLit(q, ys)) => {
            p == q && xs.len() == ys.len() && xs.iter().zip(ys).all(|((m, x), (n, y))| m == n && same_tree(x, y))
        }
        (ValueDefault(t), ValueDefault(u)) => t == u,
        _ => false,
    }
}

/// Whether two places are the same variable, fields and indices.
pub fn same_place(p: &Place, q: &Place) -> bool {
    p.base == q.base
        && p.proj.len() == q.proj.len()
        && p.proj.iter().zip(&q.proj).all(|pair| match pair {
            (Proj::Field(m), Proj::Field(n)) => m == n,
            (Proj::Index(i), Proj::Index(j)) => same_tree(i, j),
            _ => false,
        })
}

/// Variables defined in a block, the loop counters of its loops included.
pub fn defined_in(body: &Block) -> std::collections::HashSet<VarId> {
    let mut inner = std::collections::HashSet::new();
    walk_stmts(body, &mut |s| match &s.kind {
        StmtKind::Let { var, .. } => {
            inner.insert(*var);
        }
        StmtKind::Call { dests, .. } => inner.extend(dests.iter().copied()),
        StmtKind::For { index, .. } => {
            inner.insert(*index);
        }
        _ => {}
    });
    inner
}

/// Walks every statement, depth first, in program order.
pub fn walk_stmts<'a>(block: &'a Block, f: &mut dyn FnMut(&'a Stmt)) {
    for s in &block.stmts {
        f(s);
        match &s.kind {
            StmtKind::If { then_blk, else_blk, .. } => {
                walk_stmts(then_blk, f);
                walk_stmts(else_blk, f);
            }
            StmtKind::For { body, .. } | StmtKind::While { body, .. } => walk_stmts(body, f),
            _ => {}
        }
    }
}

/// Calls `f` on every expression of a statement (not of nested blocks).
pub fn for_each_expr(s: &Stmt, f: &mut dyn FnMut(&Expr)) {
    let place = |p: &Place, f: &mut dyn FnMut(&Expr)| {
        for pr in &p.proj {
            if let Proj::Index(i) = pr {
                i.visit_exprs(f);
            }
        }
    };
    let buf = |b: &BufArg, f: &mut dyn FnMut(&Expr)| {
        place(&b.place, f);
        if let Some((lo, hi)) = &b.range {
            lo.visit_exprs(f);
            hi.visit_exprs(f);
        }
    };
    let call = |c: &Call, f: &mut dyn FnMut(&Expr)| {
        for a in &c.args {
            match a {
                Arg::Value(e) => e.visit_exprs(f),
                Arg::Buf(b) => buf(b, f),
                Arg::Struct { place: p, .. } => place(p, f),
            }
        }
    };
    match &s.kind {
        StmtKind::Let { init, .. } => match init {
            Init::Expr(e) => e.visit_exprs(f),
            Init::VecFill { elem, len } => {
                elem.visit_exprs(f);
                len.visit_exprs(f);
            }
            Init::VecLit(es) | Init::ArrayLit(es) => es.iter().for_each(|e| e.visit_exprs(f)),
            Init::ArrayFill { elem, .. } => elem.visit_exprs(f),
            Init::Copy(b) => buf(b, f),
            Init::WithCapacity(Some(n)) => n.visit_exprs(f),
            Init::Call(c) => call(c, f),
            _ => {}
        },
        StmtKind::Assign { place: p, value, .. } => {
            place(p, f);
            value.visit_exprs(f);
        }
        StmtKind::Call { call: c, .. } => call(c, f),
        StmtKind::Push { vec, value } => {
            place(vec, f);
            value.visit_exprs(f);
        }
        StmtKind::Swap(a, b) => {
            place(a, f);
            place(b, f);
        }
        StmtKind::If { cond, .. } | StmtKind::While { cond, .. } | StmtKind::Check { cond, .. } => cond.visit_exprs(f),
        StmtKind::For { lo, hi, step, par, .. } => {
            lo.visit_exprs(f);
            hi.visit_exprs(f);
            if let Some(s) = step {
                s.visit_exprs(f);
            }
            for sp in par.iter().flat_map(|p| &p.splits) {
                sp.start.visit_exprs(f);
                sp.per.visit_exprs(f);
            }
        }
        StmtKind::Opaque(_) => {}
        StmtKind::Mpi(op) => {
            op.ints().for_each(|e| e.visit_exprs(f));
            op.bufs().for_each(|b| buf(&b.arg, f));
        }
    }
}

/// Whether the value `v` is used only through its fields and as a call
/// argument, outside parallel loops: then a companion may add into (or
/// read) the caller's shadow of it in place, through an `Option`, as a
/// `&T` parameter's (see `codegen::reverse::slots`).
pub fn fields_and_args_only(body: &Block, v: VarId) -> bool {
    let mut ok = true;
    walk_stmts(body, &mut |s| {
        // Whole reads under `no_grad` (a match's scrutinee, a side of
        // `==`) read data, no shadow.
        let (mut whole, mut data) = (0, 0);
        for_each_expr(s, &mut |e| match &e.kind {
            ExprKind::Read(p) if p.base == v && p.proj.is_empty() => whole += 1,
            ExprKind::NoGrad(a) if matches!(&a.kind, ExprKind::Read(p) if p.base == v && p.proj.is_empty()) => {
                data += 1
            }
            _ => {}
        });
        ok &= whole == data;
        if let StmtKind::For { par: Some(_), body: inner, .. } = &s.kind {
            let mut mentions = false;
            walk_stmts(inner, &mut |s| {
                for_each_expr(s, &mut |e| match &e.kind {
                    ExprKind::NoGrad(a) if matches!(&a.kind, ExprKind::Read(p) if p.base == v) => {}
                    ExprKind::Read(p) if p.base == v && !p.proj.is_empty() => mentions = true,
                    _ => {}
                });
                if let StmtKind::Call { call, .. } | StmtKind::Let { init: Init::Call(call), .. } = &s.kind {
                    mentions |= call.args.iter().any(|a| matches!(a, Arg::Struct { place, .. } if place.base == v));
                }
            });
            ok &= !mentions;
        }
    });
    ok
}
