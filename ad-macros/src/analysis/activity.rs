//! Activity: which variables carry derivatives. Companions treat every float
//! parameter as active, so this is the forward "varied" analysis from the
//! parameters; a value that never reaches a float through arithmetic (an
//! index, a count, a branch flag, a `no_grad`) stays inactive and gets no
//! shadow.

use super::types::{place_cat, Cat, Scalar, Types};
use crate::ir::*;

pub struct Activity {
    pub vars: IdVec<VarId, bool>,
}

struct Run<'a> {
    f: &'a Function,
    t: &'a Types,
    act: IdVec<VarId, bool>,
    changed: bool,
}

/// Whether a place holds float data that can carry a derivative.
pub fn place_is_float(t: &Types, p: &Place) -> bool {
    match place_cat(t, p) {
        Cat::Scalar(Scalar::Float) | Cat::Buf(Scalar::Float | Scalar::Value) | Cat::Struct => true,
        // A struct field holding an unknown (never read) value: no derivative.
        _ => false,
    }
}

pub fn place_active(t: &Types, act: &IdVec<VarId, bool>, p: &Place) -> bool {
    act[p.base] && place_is_float(t, p)
}

/// A field of an active value whose category inference could not tell,
/// read whole into a literal (`V3 { z: a.z, .. }`): it may hold a float,
/// so its adjoint and tangent go through `parad::Value`, which adds floats
/// and leaves data alone.
pub fn untyped_field<'e>(t: &Types, act: &IdVec<VarId, bool>, e: &'e Expr) -> Option<&'e Place> {
    match &e.kind {
        ExprKind::Read(p)
            if act[p.base]
                && t.vars[p.base].has_fields()
                && matches!(p.proj.last(), Some(Proj::Field(_)))
                && place_cat(t, p) == Cat::UNKNOWN =>
        {
            Some(p)
        }
        _ => None,
    }
}

pub fn expr_active(t: &Types, act: &IdVec<VarId, bool>, e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Read(p) => place_active(t, act, p) && matches!(place_cat(t, p), Cat::Struct | Cat::FLOAT),
        ExprKind::Unary(UnOp::Neg, a) => expr_active(t, act, a),
        ExprKind::StructLit(_, fields) => {
            fields.iter().any(|(_, e)| expr_active(t, act, e) || untyped_field(t, act, e).is_some())
        }
        ExprKind::Binary(op, a, b) => {
            !op.is_comparison() && !op.is_logical() && (expr_active(t, act, a) || expr_active(t, act, b))
        }
        ExprKind::Method(m, r, args) => {
            !m.is_piecewise_constant()
                && !matches!(m, Method::Pow | Method::DivCeil | Method::SaturatingSub | Method::WrappingAdd)
                && (expr_active(t, act, r) || args.iter().any(|a| expr_active(t, act, a)))
        }
        ExprKind::Cast(a, ty) => super::types::cat_of_type(ty).is_float() && expr_active(t, act, a),
        _ => false,
    }
}

/// Whether a call takes part in differentiation: it is not under `no_grad`,
/// and a result or an argument is active.
pub fn call_active(t: &Types, act: &IdVec<VarId, bool>, c: &Call, dests: &[VarId]) -> bool {
    !c.nograd
        && (dests.iter().any(|d| act[*d])
            || c.args.iter().any(|a| match a {
                Arg::Value(e) => expr_active(t, act, e),
                Arg::Buf(b) => !b.nograd && place_active(t, act, &b.place),
                Arg::Struct { place, .. } => place_active(t, act, place),
            }))
}

impl Run<'_> {
    fn mark(&mut self, v: VarId) {
        if !self.act[v] {
            self.act[v] = true;
            self.changed = true;
        }
    }

    fn mark_place(&mut self, p: &Place) {
        if place_is_float(self.t, p) {
            self.mark(p.base);
        }
    }

    fn buf_active(&self, b: &BufArg) -> bool {
        !b.nograd && place_active(self.t, &self.act, &b.place)
    }

    fn call(&mut self, c: &Call, dests: &[VarId]) {
        if c.nograd {
            return;
        }
        let any = c.args.iter().any(|a| match a {
            Arg::Value(e) => expr_active(self.t, &self.act, e),
            Arg::Buf(b) => self.buf_active(b),
            Arg::Struct { place, .. } => place_active(self.t, &self.act, place),
        });
        if !any {
            return;
        }
        for d in dests {
            if self.t.vars[*d].holds_floats() || self.t.vars[*d] == Cat::Struct {
                self.mark(*d);
            }
        }
        for a in &c.args {
            match a {
                Arg::Buf(b) if b.mutable => self.mark_place(&b.place),
                Arg::Struct { place, mutable: true, .. } => self.mark_place(place),
                _ => {}
            }
        }
    }

    fn block(&mut self, b: &Block) {
        for s in &b.stmts {
            match &s.kind {
                StmtKind::Let { var, init } => {
                    let active = match init {
                        Init::Expr(e) => expr_active(self.t, &self.act, e),
                        Init::VecFill { elem, .. } | Init::ArrayFill { elem, .. } => {
                            expr_active(self.t, &self.act, elem)
                        }
                        Init::VecLit(es) | Init::ArrayLit(es) => es.iter().any(|e| expr_active(self.t, &self.act, e)),
                        Init::Copy(src) => self.buf_active(src),
                        Init::Call(c) => {
                            self.call(c, std::slice::from_ref(var));
                            false
                        }
                        Init::WithCapacity(_) | Init::Uninit => false,
                    };
                    if active {
                        self.mark_place(&Place::var(*var));
                    }
                }
                StmtKind::Assign { place, value, .. } => {
                    if expr_active(self.t, &self.act, value) {
                        self.mark_place(place);
                    }
                }
                StmtKind::Call { dests, call } => self.call(call, dests),
                StmtKind::Push { vec, value } => {
                    if expr_active(self.t, &self.act, value) {
                        self.mark_place(vec);
                    }
                }
                StmtKind::Swap(a, b) => {
                    if place_active(self.t, &self.act, a) || place_active(self.t, &self.act, b) {
                        self.mark_place(a);
                        self.mark_place(b);
                    }
                }
                StmtKind::If { then_blk, else_blk, .. } => {
                    self.block(then_blk);
                    self.block(else_blk);
                }
                StmtKind::For { body, .. } | StmtKind::While { body, .. } => self.block(body),
                StmtKind::Opaque(_) | StmtKind::Check { .. } => {}
                StmtKind::Mpi(op) => {
                    // Another rank's active data may arrive in any receive,
                    // and every operation takes part in the adjoint on every
                    // rank (else the adjoint messages would not match): its
                    // local buffers get shadows. Parameters keep the activity
                    // the caller gave them (a `Const` one adjoints into scratch).
                    for b in op.bufs() {
                        let local = !matches!(self.f.vars[b.arg.place.base].origin, VarOrigin::Param(_));
                        if local || op.recv.as_ref().is_some_and(|r| r.arg.place.base == b.arg.place.base) {
                            self.mark_place(&b.arg.place);
                        }
                    }
                }
            }
        }
    }
}

/// `active[i]` says whether parameter `i` may carry a derivative: all of
/// them for the companions other functions call, the user's activities for
/// a derivative's own specialised companion.
pub fn analyse(f: &Function, t: &Types, active: &[bool]) -> Activity {
    let mut run = Run { f, t, act: IdVec::filled(false, f.vars.len()), changed: true };
    for (i, &p) in f.params.iter().enumerate() {
        if !active[i] {
            continue;
        }
        match t.vars[p] {
            Cat::Scalar(Scalar::Float) | Cat::Buf(Scalar::Float | Scalar::Value) | Cat::Struct => run.act[p] = true,
            _ => {}
        }
    }
    while run.changed {
        run.changed = false;
        run.block(&f.body);
    }
    Activity { vars: run.act }
}
