//! Rayon loops in forward mode. The tangent of an iteration touches what
//! the iteration touches, so the loop runs in the chunks of the reverse
//! sweep's forward (`par_for`, `par_private` of the runtime): each chunk
//! gets its pieces of the buffers the loop splits and of their tangents,
//! and returns its sums and their tangents, added in chunk order. Results
//! do not depend on the number of threads.

use super::state::TanGen;
use crate::analysis::types::{Cat, Scalar};
use crate::codegen::chunk::{self, Chunk, PieceKind};
use crate::codegen::emit::value_idents;
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

impl TanGen<'_> {
    /// The loop `for index in lo..hi` of a rayon chain, run in parallel;
    /// `None` where it must run serially: it writes an outer variable other
    /// than its own elements and sums, or sends MPI messages.
    pub(super) fn par_loop(
        &self,
        s: &Stmt,
        index: VarId,
        lo: &Expr,
        hi: &Expr,
        body: &Block,
        par: &ParLoop,
    ) -> Option<TokenStream> {
        let sums = chunk::sums(body, par)?;
        let mut mpi = false;
        walk_stmts(body, &mut |s| mpi |= matches!(s.kind, StmtKind::Mpi(_)));
        if mpi {
            return None;
        }
        let mut bounds = TokenStream::new();
        let mut bind = |e: &Expr, stem: &str| match &e.kind {
            ExprKind::Lit(_) => self.em.expr(e).ts,
            ExprKind::Read(p) if p.is_var() => self.em.expr(e).ts,
            _ => {
                let n = self.names.fresh(stem);
                let v = self.em.expr(e).ts;
                bounds.extend(quote!(let #n = #v;));
                quote!(#n)
            }
        };
        let (lo_ts, hi_ts) = (bind(lo, "lo"), bind(hi, "hi"));
        let count = if lo.is_lit_int(0) { hi_ts.clone() } else { quote!((#hi_ts).saturating_sub(#lo_ts)) };
        let mut parts = Chunk::default();
        let mut split = Vec::new();
        for sp in par.splits.iter().filter(|sp| sp.mutable && sp.place.is_var()) {
            let v = sp.place.base;
            let n = self.name(v).clone();
            parts.piece(&self.em, &n, quote!(&mut #n[..]), sp, &count, PieceKind::Plain, Some(v));
            let Some(t) = self.tan[v].clone().filter(|_| self.act.vars[v]) else { continue };
            // A companion's tangent argument is empty when inactive; the
            // tangent of a derivative's argument is asserted as long as its
            // primal, and a local's is made as long.
            let (whole, how, len_of) = match self.buf_params[v] {
                Some(_) => (quote!(#t.as_mut_slice()), PieceKind::Shadow, None),
                None if matches!(self.f.vars[v].origin, VarOrigin::Param(_)) => {
                    (quote!(&mut #t[..]), PieceKind::Plain, Some(v))
                }
                None => (quote!(&mut #t[..]), PieceKind::Plain, None),
            };
            parts.piece(&self.em, &t, whole, sp, &count, how, len_of);
            split.push(v);
        }
        self.par_depth.set(self.par_depth.get() + 1);
        self.pieces.borrow_mut().extend(split.iter().copied());
        let inner = self.block(body);
        self.pieces.borrow_mut().retain(|v| !split.contains(v));
        self.par_depth.set(self.par_depth.get() - 1);
        let range = self.names.fresh("chunk");
        let i = self.name(index).clone();
        let mate = |v: VarId| {
            if sums.contains(&v) {
                return None;
            }
            let t = self.tan[v].clone().filter(|_| self.act.vars[v])?;
            match self.t.vars[v] {
                Cat::Scalar(Scalar::Float) => Some((t, false)),
                Cat::Buf(Scalar::Float | Scalar::Value) if !matches!(self.f.vars[v].origin, VarOrigin::Param(_)) => {
                    Some((t, true))
                }
                _ => None,
            }
        };
        let copies = chunk::copies(self.f, self.t, index, body, &value_idents(&inner), &mate);
        let top = parts.top(&self.em, &self.names, &range, copies);
        let run = quote!(for #i in #range { #inner });
        // Each sum, then the tangents of the active ones.
        let mut names = Vec::new();
        let mut zeros = Vec::new();
        for &v in &sums {
            names.push(self.name(v).clone());
            zeros.push(self.em.init_expr(v, &Expr::new(ExprKind::Zero, s.span)).ts);
        }
        for &v in &sums {
            if let Some(t) = self.tan[v].clone().filter(|_| self.active_var(v) && self.t.vars[v] == Cat::FLOAT) {
                names.push(t);
                zeros.push(self.tzero());
            }
        }
        let looped = parts.run(&self.names, &lo_ts, &hi_ts, &range, top, run, &names, &zeros);
        Some(quote!(#bounds #looped))
    }
}
