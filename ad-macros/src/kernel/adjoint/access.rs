//! How an adjoint adds into a shadow element, by what the element's index
//! says about which threads touch it (design, section 7):
//! - `Plain`: every access of the buffer in the kernel is at the thread's
//!   own element, `global_index() + c` (`thread_idx() + c` for a shared
//!   array) with one loop-invariant, block-uniform `c` for all of them; no
//!   other thread touches the element, so a plain `+=` is safe.
//! - `Block`: the index is the same for every thread of the block and for
//!   the whole kernel (`x[0]`, `x[block_idx()]`, an `Active` scalar), and
//!   the primal never writes the buffer, so nobody reads the shadow before
//!   the end: each thread adds into a register, the block sums the
//!   registers (in shared memory on the GPU) and one thread adds the sum.
//! - `Atomic`: anything else (`x[idx[i]]`, `x[i + 1]` beside `x[i]`, `x[j]`
//!   in a loop): `atomicAdd` on the GPU; on the CPU, a block's log applied
//!   in block order, or an atomic add where the adjoint also reads the
//!   shadow (see `cpu`).
//!
//! Index forms are recognised syntactically: a local counts as the global
//! index only if it is bound once to `global_index()` (or to
//! `block_idx() * block_dim() + thread_idx()`), and a `c` only if its
//! locals are bound once.

use super::super::ir::*;
use super::super::uniform::Uniform;
use crate::ir::BinOp;
use std::collections::HashSet;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Add {
    Plain,
    Block,
    Atomic,
}

#[derive(Default)]
pub struct Classes {
    own: HashSet<Buf>,
    /// Locals assigned exactly once, by a `let`.
    single: IdVec<VarId, bool>,
    uniform: IdVec<VarId, bool>,
}

fn is_global(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Intrinsic(Intrinsic::GlobalIndex) => true,
        ExprKind::Binary(BinOp::Add, a, b) => {
            let block_start = |e: &Expr| {
                matches!(&e.kind, ExprKind::Binary(BinOp::Mul, x, y)
                    if matches!((&x.kind, &y.kind), (ExprKind::Intrinsic(Intrinsic::BlockIdx), ExprKind::Intrinsic(Intrinsic::BlockDim))
                        | (ExprKind::Intrinsic(Intrinsic::BlockDim), ExprKind::Intrinsic(Intrinsic::BlockIdx))))
            };
            let thread = |e: &Expr| matches!(e.kind, ExprKind::Intrinsic(Intrinsic::ThreadIdx));
            (block_start(a) && thread(b)) || (thread(a) && block_start(b))
        }
        _ => false,
    }
}

impl Classes {
    /// `shadowed`: the buffers with a shadow.
    pub fn analyse<'b>(k: &Kernel, shadowed: impl Iterator<Item = &'b Buf>) -> Classes {
        let mut count = IdVec::filled(0usize, k.locals.len());
        let mut init: IdVec<VarId, Option<&Expr>> = IdVec::filled(None, k.locals.len());
        for s in &k.body {
            s.walk(&mut |s| match &s.kind {
                StmtKind::Let { var, init: e } => {
                    count[*var] += 1;
                    init[*var] = Some(e);
                }
                StmtKind::Assign { var, .. } | StmtKind::For { var, .. } => count[*var] += 2,
                _ => {}
            });
        }
        let single: IdVec<VarId, bool> = count.iter().map(|&c| c == 1).collect();
        let uni = Uniform::analyse(k);
        let mut c = Classes { own: HashSet::new(), single, uniform: uni.vars.clone() };
        // Every index of every access of each buffer with a shadow.
        let mut indices: Vec<(Buf, &Expr)> = Vec::new();
        for s in &k.body {
            s.walk(&mut |s| {
                if let StmtKind::Store { buf, idx, .. } = &s.kind {
                    indices.push((*buf, idx));
                }
                for e in s.exprs() {
                    e.visit(&mut |x| {
                        if let ExprKind::Load(b, i) = &x.kind {
                            indices.push((*b, i));
                        }
                    });
                }
            });
        }
        // The indices are borrowed from the body: walk again per buffer.
        for b in shadowed {
            let offsets: Vec<Option<String>> = indices
                .iter()
                .filter(|(x, _)| x == b)
                .map(|(_, i)| c.offset(k, &init, i, matches!(b, Buf::Shared(_))))
                .collect();
            if offsets.iter().all(|o| o.is_some()) && offsets.windows(2).all(|w| w[0] == w[1]) {
                c.own.insert(*b);
            }
        }
        c
    }

    /// `Some(c)` when `e` is the thread's own index plus `c` (the text of
    /// `c`, to compare the accesses of a buffer).
    fn offset(&self, k: &Kernel, init: &IdVec<VarId, Option<&Expr>>, e: &Expr, shared: bool) -> Option<String> {
        let base = |e: &Expr| -> bool {
            let direct = |e: &Expr| {
                if shared {
                    matches!(e.kind, ExprKind::Intrinsic(Intrinsic::ThreadIdx))
                } else {
                    is_global(e)
                }
            };
            match &e.kind {
                ExprKind::Var(v) => self.single[*v] && init[*v].is_some_and(&direct),
                _ => direct(e),
            }
        };
        if base(e) {
            return Some(String::new());
        }
        match &e.kind {
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), x, y) => {
                let text = |c: &Expr| super::super::cuda::expr(k, c, 0);
                if base(x) && self.stable(y) {
                    Some(format!("{op:?} {}", text(y)))
                } else if *op == BinOp::Add && base(y) && self.stable(x) {
                    Some(format!("{op:?} {}", text(x)))
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// Uniform over the block and the same wherever it is evaluated.
    fn stable(&self, e: &Expr) -> bool {
        let mut ok = true;
        e.visit(&mut |x| match &x.kind {
            ExprKind::Var(v) => ok &= self.single[*v] && self.uniform[*v],
            ExprKind::Intrinsic(i) => ok &= i.is_uniform(),
            ExprKind::Load(..) => ok = false,
            _ => {}
        });
        ok
    }

    /// `written`: the buffers the primal writes.
    pub fn class(&self, written: &HashSet<Buf>, b: Buf, idx: &Expr) -> Add {
        if self.own.contains(&b) {
            Add::Plain
        } else if matches!(b, Buf::Param(_)) && !written.contains(&b) && self.stable(idx) {
            Add::Block
        } else {
            Add::Atomic
        }
    }
}
