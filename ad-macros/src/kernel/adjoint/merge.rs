//! Atomic additions into one element merged: where a statement list adds
//! several times into `buf[idx]` with the same index, and nothing between
//! the additions changes the index, touches the buffer otherwise or waits
//! at a barrier, the values are summed in a local and added once (the
//! stencil's own element receives three additions, one atomic after this).

use super::super::cuda;
use super::super::ir::*;
use super::super::uniform::{read_in, written_in};
use crate::ir::BinOp;

pub fn merge_adds(k: &mut Kernel) {
    let mut body = std::mem::take(&mut k.body);
    merge_in(k, &mut body);
    k.body = body;
}

fn merge_in(k: &mut Kernel, stmts: &mut [Stmt]) {
    for s in stmts.iter_mut() {
        match &mut s.kind {
            StmtKind::If { then, els, .. } => {
                merge_in(k, then);
                merge_in(k, els);
            }
            StmtKind::For { body, .. } | StmtKind::While { body, .. } => merge_in(k, body),
            _ => {}
        }
    }
    for first in 0..stmts.len() {
        let group = same_element(k, stmts, first);
        if group.len() > 1 {
            merge(k, stmts, &group);
        }
    }
}

/// The positions of the additions into the element that the addition at
/// `first` adds to, from `first` up to the first statement in the way.
fn same_element(k: &Kernel, stmts: &[Stmt], first: usize) -> Vec<usize> {
    let StmtKind::AtomicAdd { buf, idx, .. } = &stmts[first].kind else { return Vec::new() };
    let key = cuda::expr(k, idx, 0);
    let mut vars = Vec::new();
    idx.vars(&mut vars);
    let mut group = vec![first];
    for (j, s) in stmts.iter().enumerate().skip(first + 1) {
        match &s.kind {
            StmtKind::AtomicAdd { buf: b, idx: i, .. } if b == buf && cuda::expr(k, i, 0) == key => group.push(j),
            // Additions into other elements commute with these.
            StmtKind::AtomicAdd { buf: b, .. } if b == buf && !read_in(std::slice::from_ref(s)).contains(buf) => {}
            _ if in_the_way(s, *buf, &vars) => break,
            _ => {}
        }
    }
    group
}

/// Whether `s` waits at a barrier, assigns a local of the index, or reads
/// or writes `buf` (nested statements included).
fn in_the_way(s: &Stmt, buf: Buf, vars: &[VarId]) -> bool {
    let one = std::slice::from_ref(s);
    if written_in(one).contains(&buf) || read_in(one).contains(&buf) {
        return true;
    }
    let mut found = false;
    s.walk(&mut |t| {
        found |= match &t.kind {
            StmtKind::Sync | StmtKind::BlockReduceAdd { .. } => true,
            StmtKind::Let { var, .. } | StmtKind::Assign { var, .. } | StmtKind::For { var, .. } => vars.contains(var),
            _ => false,
        };
    });
    found
}

/// The first addition becomes `let acc = value`, the middle ones
/// `acc = acc + value`, the last adds `acc + value` to the element.
fn merge(k: &mut Kernel, stmts: &mut [Stmt], group: &[usize]) {
    let StmtKind::AtomicAdd { buf, value, .. } = &stmts[group[0]].kind else { return };
    let (ty, span) = (value.ty, value.span);
    let acc = k.add_local(&format!("parad_add_{}", k.buf_name(*buf)), ty, span);
    let last = group.len() - 1;
    for (n, &j) in group.iter().enumerate() {
        let StmtKind::AtomicAdd { value, .. } = &mut stmts[j].kind else { continue };
        let v = std::mem::replace(value, Expr::zero(ty, span));
        let v = if n == 0 { v } else { Expr::binary(BinOp::Add, Expr::var(acc, ty, span), v) };
        match n {
            0 => stmts[j].kind = StmtKind::Let { var: acc, init: v },
            n if n < last => stmts[j].kind = StmtKind::Assign { var: acc, value: v },
            _ => *value = v,
        }
    }
}
