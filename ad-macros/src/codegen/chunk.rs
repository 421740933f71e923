//! What the chunks of a rayon loop's closure get, shared by the reverse
//! sweep (`reverse::par`) and forward mode (`tangent::par`): the pieces of
//! the buffers the loop splits, the closure's top that re-bases them, the
//! sums it returns, and its copies of what it only reads.

use super::emit::{self, Emitter, E};
use crate::analysis::types::{Cat, Scalar, Types};
use crate::ir::*;
use crate::names::Names;
use proc_macro2::TokenStream;
use quote::quote;
use std::collections::HashSet;
use syn::Ident;

/// What a chunk's closure receives (`parts`) and binds it to (`pats`).
#[derive(Default)]
pub struct Chunk {
    pub parts: Vec<TokenStream>,
    pub pats: Vec<TokenStream>,
    /// The pieces among them that are re-based at the top of the closure,
    /// with their split's first element and elements per iteration, and
    /// the buffer whose length theirs is by construction, if known: the
    /// buffer itself, a stencil partial sized to it, or the shadow argument
    /// of a derivative (asserted as long as its primal).
    pieces: Vec<(Ident, Split, Option<VarId>)>,
}

/// How a piece is split off its buffer.
#[derive(Clone, Copy)]
pub enum PieceKind {
    Plain,
    /// A companion's shadow or tangent argument: empty means inactive.
    Shadow,
    /// A stencil's partials, reused: each chunk zeroes its piece first.
    Zeroed,
}

impl Chunk {
    /// Hands a chunk its piece of the buffer `whole` split by `sp`, bound
    /// to `name` in the closure; `count` is the loop's trip count.
    #[allow(clippy::too_many_arguments)]
    pub fn piece(
        &mut self,
        em: &Emitter,
        name: &Ident,
        whole: TokenStream,
        sp: &Split,
        count: &TokenStream,
        how: PieceKind,
        len_of: Option<VarId>,
    ) {
        let start = em.expr(&sp.start);
        let per = em.expr(&sp.per);
        let (start_ts, per_ts) = (&start.ts, &per.ts);
        let part = match how {
            _ if sp.cut => quote!(::parad::__private::PerIter::cut(#whole, #per_ts, 0, #count)),
            PieceKind::Zeroed => quote!(::parad::__private::PerIter::zeroed(#whole, #start_ts, #per_ts, 0, #count)),
            _ => quote!(::parad::__private::PerIter::new(#whole, #start_ts, #per_ts, 0, #count)),
        };
        let part = match how {
            PieceKind::Shadow => quote!(#part.inactive_when_empty()),
            _ => part,
        };
        self.parts.push(part);
        if sp.cut {
            self.pats.push(quote!(mut #name));
        } else {
            self.pats.push(quote!(#name));
            self.pieces.push((name.clone(), sp.clone(), len_of));
        }
    }

    /// The parts and their patterns, each as one tuple, nested in tuples of
    /// at most twelve when there are more (the runtime's `Parts` is
    /// implemented up to twelve elements, and for tuples of `Parts`).
    pub fn tuples(&self) -> (TokenStream, TokenStream) {
        (nested(&self.parts), nested(&self.pats))
    }

    /// The top of a chunk's closure (`range`: its iterations): the pieces
    /// re-based on one index per way of splitting (see `Piece::at`), those
    /// as long as another by construction tied to it (`Piece::as_long_as`,
    /// so that an index is tested against their common length once), then
    /// `copies` of what it reads.
    pub fn top(&self, em: &Emitter, names: &Names, range: &Ident, copies: TokenStream) -> TokenStream {
        let mut out = TokenStream::new();
        // Per way of splitting (first element, elements per iteration), its
        // first index.
        let mut firsts: Vec<(&Split, Ident)> = Vec::new();
        // Per way of splitting and buffer length, the first piece.
        let mut anchors: Vec<(&Split, VarId, &Ident)> = Vec::new();
        let alike = |a: &Split, b: &Split| same_tree(&a.start, &b.start) && same_tree(&a.per, &b.per);
        for (name, sp, len_of) in &self.pieces {
            let first = match firsts.iter().find(|(k, _)| alike(k, sp)) {
                Some((_, first)) => first.clone(),
                None => {
                    let first = names.fresh("first");
                    let at = E::atom(quote!(#range.start));
                    let at = if sp.per.is_lit_int(1) { at } else { emit::mul(&at, &em.expr(&sp.per)) };
                    let at = if sp.start.is_lit_int(0) { at } else { emit::add(&em.expr(&sp.start), &at) }.ts;
                    out.extend(quote!(let #first = #at;));
                    firsts.push((sp, first.clone()));
                    first
                }
            };
            let anchor = len_of.and_then(|v| match anchors.iter().find(|(k, w, _)| alike(k, sp) && *w == v) {
                Some((_, _, anchor)) => Some(*anchor),
                None => {
                    anchors.push((sp, v, name));
                    None
                }
            });
            out.extend(match anchor {
                Some(anchor) => quote!(let mut #name = #name.at(#first).as_long_as(&#anchor);),
                None => quote!(let mut #name = #name.at(#first);),
            });
        }
        out.extend(copies);
        out
    }
}

impl Chunk {
    /// The loop `lo..hi` run by chunks: `par_for` with the closure's `top`
    /// and `run`; with `sums` (scalars the chunks add into, each starting
    /// at its `zeros`), `par_private`, the chunks' sums then added up in
    /// chunk order.
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &self,
        names: &Names,
        lo: &TokenStream,
        hi: &TokenStream,
        range: &Ident,
        top: TokenStream,
        run: TokenStream,
        sums: &[Ident],
        zeros: &[TokenStream],
    ) -> TokenStream {
        let (parts, pats) = self.tuples();
        if sums.is_empty() {
            return quote!(::parad::__private::par_for(#lo, #hi, #parts, |#range, #pats| { #top #run }););
        }
        let partial: Vec<Ident> = sums.iter().map(|n| names.fresh(&format!("{n}_part"))).collect();
        let sums_of = names.fresh("partial_sums");
        quote! {
            let #sums_of = ::parad::__private::par_private(#lo, #hi, #parts, |#range, #pats| {
                #top
                #(let mut #sums = #zeros;)*
                #run
                (#(#sums,)*)
            });
            for (#(#partial,)*) in #sums_of {
                #(#sums += #partial;)*
            }
        }
    }
}

fn nested(items: &[TokenStream]) -> TokenStream {
    if items.len() <= 12 {
        return quote!((#(#items,)*));
    }
    let groups: Vec<TokenStream> = items.chunks(12).map(nested).collect();
    nested(&groups)
}

/// The outer scalars a rayon loop sums into (`s += ...`), or `None` when
/// it writes an outer variable some other way: then its iterations are not
/// independent as far as the macro can tell, and it runs serially. Writes
/// into the buffers it splits are each iteration's own (the pieces check
/// the indices at run time).
pub fn sums(body: &Block, par: &ParLoop) -> Option<Vec<VarId>> {
    let inner = defined_in(body);
    let owned: HashSet<VarId> =
        par.splits.iter().filter(|s| s.mutable && s.place.is_var()).map(|s| s.place.base).collect();
    let mut sums = Vec::new();
    let mut ok = true;
    walk_stmts(body, &mut |s| {
        let written = match &s.kind {
            StmtKind::Assign { place, op, .. } => Some((place, *op)),
            StmtKind::Push { vec, .. } => Some((vec, AssignOp::Set)),
            StmtKind::Swap(a, _) => Some((a, AssignOp::Set)),
            _ => None,
        };
        if let Some((place, op)) = written {
            let v = place.base;
            if inner.contains(&v) || owned.contains(&v) && !place.is_var() {
                return;
            }
            if place.is_var() && matches!(op, AssignOp::Add | AssignOp::Sub) && !owned.contains(&v) {
                if !sums.contains(&v) {
                    sums.push(v);
                }
            } else {
                ok = false;
            }
        }
        match &s.kind {
            StmtKind::Swap(_, b) if !inner.contains(&b.base) => ok = false,
            StmtKind::Call { call, .. } | StmtKind::Let { init: Init::Call(call), .. } => {
                for a in &call.args {
                    let (base, mutable) = match a {
                        Arg::Buf(b) => (b.place.base, b.mutable),
                        Arg::Struct { place, mutable, .. } => (place.base, *mutable),
                        Arg::Value(_) => continue,
                    };
                    if mutable && !inner.contains(&base) && !owned.contains(&base) {
                        ok = false;
                    }
                }
            }
            _ => {}
        }
    });
    ok.then_some(sums)
}

/// Copies, at the top of a chunk's closure, of the outer floats and
/// read-only buffers whose names are among `named` (the names its code
/// uses as values, see `emit::value_idents`, less the chunk's own):
/// `let alpha = alpha;`, `let u = &u[..];`, and of their `mates` (a
/// scalar's shadow or tangent, a local buffer's tangent: `Some((name,
/// is_buf))`).
///
/// The closure captures them by reference, so without the copies each use
/// goes through the capture: a buffer's pointer and length, or a number,
/// loaded again in every iteration, because the compiler cannot tell that
/// the chunk's own stores (into its pieces and tapes) leave them alone. A
/// local's value stays in a register. Only variables from outside the loop
/// count, of the loop's outer ones those it neither writes nor copies whole
/// (`u.clone()` of a slice is no vector); a name is taken from `code` where
/// it stands as a value. Integers are left alone:
/// the compiler keeps loop bounds and index terms in registers already, and
/// copies only moved its choices around (one to two more instructions per
/// atom pair of the docking score).
pub fn copies(
    f: &Function,
    t: &Types,
    index: VarId,
    body: &Block,
    named: &HashSet<String>,
    mate: &dyn Fn(VarId) -> Option<(Ident, bool)>,
) -> TokenStream {
    let inner = defined_in(body);
    let written = written_in(body);
    let mut out = TokenStream::new();
    for v in f.vars.ids() {
        if v == index || inner.contains(&v) {
            continue;
        }
        let n = &f.vars[v].name;
        let read_only = !written.contains(&v);
        match t.vars[v] {
            Cat::Scalar(Scalar::Float | Scalar::Bool) if read_only && named.contains(&n.to_string()) => {
                out.extend(quote!(let #n = #n;));
            }
            Cat::Buf(_) if read_only && named.contains(&n.to_string()) => out.extend(quote!(let #n = &#n[..];)),
            _ => {}
        }
        match mate(v) {
            Some((d, false)) if named.contains(&d.to_string()) => out.extend(quote!(let #d = #d;)),
            Some((d, true)) if read_only && named.contains(&d.to_string()) => out.extend(quote!(let #d = &#d[..];)),
            _ => {}
        }
    }
    out
}

/// The outer variables a loop body writes: assigned, pushed, swapped,
/// copied over whole, or passed on mutably.
fn written_in(body: &Block) -> HashSet<VarId> {
    let mut written: HashSet<VarId> = HashSet::new();
    walk_stmts(body, &mut |s| match &s.kind {
        StmtKind::Assign { place, .. } | StmtKind::Push { vec: place, .. } => {
            written.insert(place.base);
        }
        StmtKind::Swap(a, b) => written.extend([a.base, b.base]),
        StmtKind::Let { init: Init::Copy(src), .. } if src.range.is_none() => {
            written.insert(src.place.base);
        }
        StmtKind::Call { call, .. } | StmtKind::Let { init: Init::Call(call), .. } => {
            for a in &call.args {
                match a {
                    Arg::Buf(b) if b.mutable => written.insert(b.place.base),
                    Arg::Struct { place, .. } => written.insert(place.base),
                    _ => false,
                };
            }
        }
        _ => {}
    });
    written
}
