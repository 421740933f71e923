//! Which values are the same for every thread of a block ("uniform"), and
//! which buffers a kernel writes. The CPU path may hoist a barrier out of
//! an `if` or a loop only when its condition is uniform (every thread takes
//! the same path, so every thread reaches the barrier, as CUDA requires);
//! the adjoint sums a derivative over the block before adding it to memory
//! when the element's index is uniform. Also which buffers statements
//! write or read.

use super::ir::*;
use std::collections::HashSet;

/// The buffers a kernel stores to or adds to.
pub fn written(k: &Kernel) -> HashSet<Buf> {
    written_in(&k.body)
}

/// The buffers `stmts` store to or add to.
pub fn written_in(stmts: &[Stmt]) -> HashSet<Buf> {
    let mut w = HashSet::new();
    for s in stmts {
        s.walk(&mut |s| match &s.kind {
            StmtKind::Store { buf, .. } | StmtKind::AtomicAdd { buf, .. } | StmtKind::BlockReduceAdd { buf, .. } => {
                w.insert(*buf);
            }
            _ => {}
        });
    }
    w
}

/// The buffers `stmts` load from (nested statements included).
pub fn read_in(stmts: &[Stmt]) -> HashSet<Buf> {
    let mut r = HashSet::new();
    for s in stmts {
        s.walk(&mut |s| {
            for e in s.exprs() {
                e.visit(&mut |x| {
                    if let ExprKind::Load(b, _) = x.kind {
                        r.insert(b);
                    }
                });
            }
        });
    }
    r
}

pub struct Uniform {
    pub vars: IdVec<VarId, bool>,
    written: HashSet<Buf>,
}

impl Uniform {
    pub fn analyse(k: &Kernel) -> Uniform {
        let mut u = Uniform { vars: IdVec::filled(true, k.locals.len()), written: written(k) };
        // Demotions only: iterate until nothing changes.
        loop {
            let before = u.vars.clone();
            u.block(&k.body, true);
            if before == u.vars {
                return u;
            }
        }
    }

    fn block(&mut self, stmts: &[Stmt], ctl: bool) {
        for s in stmts {
            match &s.kind {
                StmtKind::Let { var, init: e } | StmtKind::Assign { var, value: e } => {
                    if !(ctl && self.expr(e)) {
                        self.vars[*var] = false;
                    }
                }
                StmtKind::If { cond, then, els } => {
                    let c = ctl && self.expr(cond);
                    self.block(then, c);
                    self.block(els, c);
                }
                StmtKind::For { var, lo, hi, body, .. } => {
                    let c = ctl && self.expr(lo) && self.expr(hi);
                    if !c {
                        self.vars[*var] = false;
                    }
                    self.block(body, c);
                }
                StmtKind::While { cond, body } => {
                    let c = ctl && self.expr(cond);
                    self.block(body, c);
                }
                _ => {}
            }
        }
    }

    /// Whether every thread of a block computes the same value for `e` (at
    /// the same point of a uniform control path).
    pub fn expr(&self, e: &Expr) -> bool {
        let mut ok = true;
        e.visit(&mut |x| match &x.kind {
            ExprKind::Var(v) => ok &= self.vars[*v],
            ExprKind::Intrinsic(i) => ok &= i.is_uniform(),
            // Memory the kernel writes may differ between reads.
            ExprKind::Load(b, _) => ok &= matches!(b, Buf::Param(_)) && !self.written.contains(b),
            _ => {}
        });
        ok
    }
}
