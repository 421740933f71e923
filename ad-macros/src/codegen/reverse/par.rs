//! Parallel loops in reverse mode (DESIGN section 5).
//!
//! A rayon loop runs as fixed chunks of its iterations (`par_for` /
//! `par_private` of the runtime), the same chunks in the forward sweep and
//! in the adjoint, so each chunk's tape is a stack of its own. Every buffer
//! the loop writes is split among the iterations that own its elements; the
//! adjoint splits shadows the same way where the index analysis proves each
//! iteration touches only its own elements (`owned`), and otherwise gives
//! each chunk a zeroed private shadow, merged in chunk order (`private`).
//! Chunks do not depend on the number of threads, so neither do results.

use super::state::RevGen;
use super::stencil::Affine;
use super::tables::Redirect;
use crate::analysis::plan::{Rebind, SlotKind};
use crate::analysis::types::{place_cat, Cat, Scalar};
use crate::codegen::chunk::{self, Chunk, PieceKind};
use crate::codegen::emit;
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;
use std::collections::HashSet;
use syn::Ident;

/// Where the adjoint of a parallel loop touches the shadow of an outer variable.
#[derive(Clone)]
enum At {
    Index(Expr),
    /// A sub-slice starting here, passed to a callee.
    From(Expr),
    Whole,
}

struct Use {
    at: Option<At>,
    /// The adjoint adds into the shadow.
    write: bool,
    /// The adjoint reads the shadow (a seed, or the adjoint of a write).
    read: bool,
}

enum Strategy {
    Owned(Split),
    /// Per access (by its index), the offset from an owned write.
    Stencil(Vec<(Expr, super::stencil::Offset)>),
    Private,
    /// Asked for: one shadow shared by all iterations, added into atomically.
    Atomic,
}

/// Notes the uses of an expression's reads through the callback it gets.
type ReadUses<'a> = dyn FnMut(&Expr, &mut dyn FnMut(VarId, Use)) + 'a;

impl RevGen<'_> {
    /// Whether a rayon loop can run in parallel: every outer write of its
    /// forward iterations goes to a buffer it splits or is a sum, and every
    /// shadow its adjoint adds into gets a strategy. Otherwise both sweeps
    /// run it serially (still correct, not parallel).
    pub(super) fn parallel(&self, index: VarId, lo: &Expr, body: &Block, par: &ParLoop) -> bool {
        chunk::sums(body, par).is_some() && self.strategies(index, lo, body, par).is_some()
    }

    /// The shadows of outer variables the adjoint of the loop touches.
    fn shadow_uses(&self, body: &Block) -> Option<Vec<(VarId, Vec<Use>)>> {
        let inner = defined_in(body);
        let mut uses: Vec<(VarId, Vec<Use>)> = Vec::new();
        let mut ok = true;
        let mut note = |v: VarId, u: Use| match uses.iter_mut().find(|(w, _)| *w == v) {
            Some((_, list)) => list.push(u),
            None => uses.push((v, vec![u])),
        };
        // A field of an element (`xs[i].x`, a buffer of values) is in
        // the element.
        let at = |p: &Place| match p.proj.as_slice() {
            [] => None,
            [Proj::Index(i), fields @ ..] if fields.iter().all(|f| matches!(f, Proj::Field(_))) => {
                Some(At::Index((**i).clone()))
            }
            _ => Some(At::Whole),
        };
        let mut reads = |e: &Expr, note: &mut dyn FnMut(VarId, Use)| {
            e.visit_reads(&mut |p| {
                if self.shadowed_place(p) && !inner.contains(&p.base) {
                    note(p.base, Use { at: at(p), write: true, read: false });
                }
            })
        };
        walk_stmts(body, &mut |s| {
            if !ok {
                return;
            }
            match &s.kind {
                StmtKind::Let { var, init } if self.active_var(*var) || matches!(init, Init::Call(_)) => match init {
                    Init::Expr(e) | Init::VecFill { elem: e, .. } | Init::ArrayFill { elem: e, .. } => {
                        reads(e, &mut note)
                    }
                    Init::VecLit(es) | Init::ArrayLit(es) => es.iter().for_each(|e| reads(e, &mut note)),
                    Init::Copy(src) => {
                        if self.place_active_buf(&src.place) && !inner.contains(&src.place.base) {
                            let at = match &src.range {
                                Some((lo, _)) => At::From(lo.clone()),
                                None => At::Whole,
                            };
                            note(src.place.base, Use { at: Some(at), write: true, read: false });
                        }
                    }
                    Init::Call(c) => ok &= self.call_uses(c, &inner, &mut note, &mut reads),
                    _ => {}
                },
                StmtKind::Call { call, .. } => ok &= self.call_uses(call, &inner, &mut note, &mut reads),
                StmtKind::Assign { place, op, value } => {
                    if self.shadowed_place(place) && !inner.contains(&place.base) {
                        let write = !matches!(op, AssignOp::Add | AssignOp::Sub);
                        note(place.base, Use { at: at(place), write, read: true });
                    }
                    reads(value, &mut note);
                }
                StmtKind::Push { value, .. } => reads(value, &mut note),
                _ => {}
            }
        });
        if uses.iter().any(|(v, _)| self.struct_params[*v]) {
            return None;
        }
        ok.then_some(uses)
    }

    /// An active float place, or a value read or written whole at an
    /// element or field (`xs[i]`, `ps[i].pos`): a place whose shadow the
    /// adjoint adds into.
    fn shadowed_place(&self, p: &Place) -> bool {
        let element = !p.proj.is_empty() && place_cat(self.t, p) == Cat::Struct;
        self.place_active(p)
            || element
                && crate::analysis::activity::place_active(self.t, &self.act.vars, p)
                && self.shadow[p.base].is_some()
    }

    fn call_uses(
        &self,
        c: &Call,
        inner: &HashSet<VarId>,
        note: &mut dyn FnMut(VarId, Use),
        reads: &mut ReadUses,
    ) -> bool {
        for a in &c.args {
            match a {
                Arg::Value(e) => reads(e, note),
                Arg::Buf(b) if !b.nograd && self.place_active_buf(&b.place) && !inner.contains(&b.place.base) => {
                    let at = match &b.range {
                        Some((lo, _)) => At::From(lo.clone()),
                        None => At::Whole,
                    };
                    note(b.place.base, Use { at: Some(at), write: true, read: b.mutable });
                }
                Arg::Struct { place, .. } if !inner.contains(&place.base) => return false,
                _ => {}
            }
        }
        true
    }

    /// A strategy for every shadow the adjoint adds into.
    fn strategies(&self, index: VarId, lo: &Expr, body: &Block, par: &ParLoop) -> Option<Vec<(VarId, Strategy)>> {
        let defs = self.int_defs(body);
        let writes = self.owned_writes(body, par, &defs);
        // An offset that varies with the iteration is no stencil.
        let mut inner = defined_in(body);
        inner.insert(index);
        let mut out = Vec::new();
        for (v, uses) in self.shadow_uses(body)? {
            if !uses.iter().any(|u| u.write) {
                continue; // only read: shared by every iteration
            }
            let split = par.splits.iter().find(|s| s.place.is_var() && s.place.base == v).cloned().or_else(|| {
                matches!(self.t.vars[v], crate::analysis::types::Cat::Buf(_)).then(|| Split {
                    place: Place::var(v),
                    base: Expr::var(index, lo.span),
                    start: lo.clone(),
                    per: Expr::int(1, lo.span),
                    mutable: false,
                    cut: false,
                })
            });
            let owned = split.filter(|sp| uses.iter().all(|u| self.owns(sp, u.at.as_ref())));
            if let Some(sp) = owned {
                out.push((v, Strategy::Owned(sp)));
                continue;
            }
            if uses.iter().any(|u| u.read) {
                return None;
            }
            let offsets: Option<Vec<(Expr, super::stencil::Offset)>> = uses
                .iter()
                .map(|u| match &u.at {
                    Some(At::Index(i)) => Some((i.clone(), self.stencil_offset(i, &writes, &defs, &inner)?)),
                    _ => None,
                })
                .collect();
            let one_split = |o: &Vec<(Expr, super::stencil::Offset)>| {
                o.iter().all(|(_, d)| d.split.place.base == o[0].1.split.place.base)
            };
            let indexed = uses.iter().all(|u| matches!(u.at, Some(At::Index(_))));
            // (Stencils and atomics add floats; a buffer of values, whose
            // adjoints go to fields, takes private copies.)
            let floats = self.t.vars[v] == Cat::Buf(Scalar::Float);
            match offsets {
                Some(o) if floats && one_split(&o) => out.push((v, Strategy::Stencil(o))),
                _ if self.atomic && floats && indexed => out.push((v, Strategy::Atomic)),
                _ => out.push((v, Strategy::Private)),
            }
        }
        Some(out)
    }

    /// Whether an access stays inside the elements of the split that its
    /// iteration owns: `x[base]`, or `x[base + k]` and `&x[base + k..]` for a
    /// split into rows (the row's bounds are checked by the piece at run time).
    fn owns(&self, sp: &Split, at: Option<&At>) -> bool {
        if sp.cut {
            return true;
        }
        let same = same_tree;
        let in_row = |i: &Expr| {
            same(i, &sp.base)
                || !sp.per.is_lit_int(1) && matches!(&i.kind, ExprKind::Binary(BinOp::Add, a, _) if same(a, &sp.base))
        };
        match at {
            Some(At::Index(i)) | Some(At::From(i)) => in_row(i),
            _ => false,
        }
    }

    /// The buffers of a rayon loop that each chunk saves on its stack as a
    /// whole piece before its iterations, and restores after their adjoint
    /// (`save_piece`, `restore_piece`), instead of each element before each
    /// overwrite: those the loop splits and overwrites, whose overwrites all
    /// save on the loop's chunk stacks (and nothing else does on those), and
    /// which its body never reads (nor passes on). The adjoint then needs
    /// only the buffer as it was before the loop, whatever order the
    /// elements were overwritten in. Per buffer: its name, the stack that
    /// holds the pieces, and all the stacks its overwrites would use.
    fn whole_pieces(&self, loop_id: StmtId, body: &Block, par: &ParLoop) -> Vec<(Ident, Ident, Vec<usize>)> {
        if self.plain {
            return Vec::new();
        }
        let mut out = Vec::new();
        for sp in par.splits.iter().filter(|sp| sp.mutable && sp.place.is_var() && !sp.cut) {
            let x = sp.place.base;
            let mut slots: Vec<usize> = Vec::new();
            let mut ok = true;
            walk_stmts(body, &mut |s| {
                crate::analysis::types::for_each_read(s, &mut |p| ok &= p.base != x);
                match &s.kind {
                    StmtKind::Assign { place, .. } if place.base == x => match self.plan.saves.get(&s.id) {
                        Some(&slot) if self.plan.slots[slot].kind == SlotKind::Chunk(loop_id) => {
                            if !slots.contains(&slot) {
                                slots.push(slot);
                            }
                        }
                        _ => ok = false,
                    },
                    StmtKind::Push { vec, .. } if vec.base == x => ok = false,
                    StmtKind::Swap(a, b) if a.base == x || b.base == x => ok = false,
                    StmtKind::Call { call, .. } | StmtKind::Let { init: Init::Call(call), .. } => {
                        ok &= !call.args.iter().any(|a| matches!(a, Arg::Buf(b) if b.place.base == x));
                    }
                    _ => {}
                }
            });
            // The stacks hold nothing but the buffer's values.
            walk_stmts(body, &mut |s| {
                if let Some(slot) = self.plan.saves.get(&s.id) {
                    ok &= !slots.contains(slot) || matches!(&s.kind, StmtKind::Assign { place, .. } if place.base == x);
                }
            });
            let rebound =
                self.plan.rebind.values().flatten().any(|(_, how)| matches!(how, Rebind::Tape(t) if slots.contains(t)));
            if ok && !rebound && !slots.is_empty() {
                slots.sort_unstable();
                out.push((self.name(x).clone(), self.slot_names[slots[0]].clone(), slots));
            }
        }
        out
    }

    /// The slots that whole pieces leave unused: those of a buffer's
    /// overwrites other than the one its pieces go on, in every rayon loop
    /// that runs in chunks.
    pub(super) fn spare_slots(&self) -> Vec<usize> {
        let mut out = Vec::new();
        self.spare_slots_in(&self.f.body, &mut out);
        out
    }

    fn spare_slots_in(&self, b: &Block, out: &mut Vec<usize>) {
        for s in &b.stmts {
            match &s.kind {
                StmtKind::For { index, lo, body, par: Some(par), .. } if self.parallel(*index, lo, body, par) => {
                    out.extend(
                        self.whole_pieces(s.id, body, par)
                            .into_iter()
                            .flat_map(|(_, _, slots)| slots.into_iter().skip(1)),
                    );
                }
                StmtKind::For { body, .. } | StmtKind::While { body, .. } => self.spare_slots_in(body, out),
                StmtKind::If { then_blk, else_blk, .. } => {
                    self.spare_slots_in(then_blk, out);
                    self.spare_slots_in(else_blk, out);
                }
                _ => {}
            }
        }
    }

    fn chunk_tapes(&self, loop_id: StmtId, lo: &TokenStream, hi: &TokenStream, chunk: &mut Chunk) {
        for (k, slot) in self.plan.slots.iter().enumerate().filter(|_| !self.plain) {
            if slot.kind == SlotKind::Chunk(loop_id) && !self.unused_slot(k) {
                let name = &self.slot_names[k];
                chunk.parts.push(quote!(::parad::__private::PerChunk::new(&mut #name, #lo, #hi)));
                chunk.pats.push(quote!(#name));
            }
        }
    }

    /// After the forward run of a rayon loop that runs once in every
    /// iteration of the counted serial loops around it: its chunks' stacks
    /// make room, after the first run, for the runs to come
    /// (`reserve_passes`). Nothing when it has no stacks, no loops around
    /// it, or a branch, `while` or backward loop between.
    pub(super) fn reserve_chunk_tapes(&self, loop_id: StmtId, body: &Block) -> TokenStream {
        let stacks: Vec<&Ident> = (self.plan.slots.iter().enumerate().filter(|_| !self.plain))
            .filter(|(k, slot)| slot.kind == SlotKind::Chunk(loop_id) && !self.unused_slot(*k))
            .map(|(k, _)| &self.slot_names[k])
            .collect();
        let info = &self.plan.blocks[body.id];
        let around = &info.loops[..info.loops.len().saturating_sub(1)];
        if stacks.is_empty() || around.is_empty() || around.iter().any(|l| self.plan.loops.get(l).is_none_or(|l| l.rev))
        {
            return TokenStream::new();
        }
        // Every block from the one holding the loop up to the outermost
        // loop's body is a `for` body: the loop runs in every iteration.
        let mut bodies = 0;
        let mut block = info.parent;
        while let Some(b) = block {
            match self.plan.blocks[b].owner {
                crate::analysis::plan::Owner::For(_) => bodies += 1,
                crate::analysis::plan::Owner::Body => break,
                _ => return TokenStream::new(),
            }
            block = self.plan.blocks[b].parent;
        }
        if bodies != around.len() {
            return TokenStream::new();
        }
        let pass = self.slot_index(around);
        let passes = around.iter().map(|l| self.trip_count(*l)).reduce(|a, b| emit::mul(&a, &b)).unwrap().ts;
        quote!(#(::parad::__private::reserve_passes(&mut #stacks, #pass, #passes);)*)
    }

    fn bounds(&self, loop_id: StmtId, lo: &Expr, hi: &Expr) -> (TokenStream, TokenStream, TokenStream) {
        (self.em.expr(lo).ts, self.em.expr(hi).ts, self.trip_count(loop_id).ts)
    }

    /// The forward sweep of a rayon loop.
    pub(super) fn par_forward(
        &mut self,
        s: &Stmt,
        index: VarId,
        lo: &Expr,
        hi: &Expr,
        body: &Block,
        par: &ParLoop,
    ) -> TokenStream {
        let (lo_ts, hi_ts, count) = self.bounds(s.id, lo, hi);
        let mut parts = Chunk::default();
        for sp in par.splits.iter().filter(|sp| sp.mutable && sp.place.is_var()) {
            let n = self.name(sp.place.base).clone();
            parts.piece(&self.em, &n, quote!(&mut #n[..]), sp, &count, PieceKind::Plain, Some(sp.place.base));
        }
        self.chunk_tapes(s.id, &lo_ts, &hi_ts, &mut parts);
        let sums = chunk::sums(body, par).unwrap_or_default();
        let whole = self.whole_pieces(s.id, body, par);
        self.whole_pieces = whole.iter().flat_map(|w| w.2.iter().copied()).collect();
        self.par_depth += 1;
        let inner = self.fwd_block(body);
        self.par_depth -= 1;
        self.whole_pieces.clear();
        let saves = whole.iter().map(|(x, stack, _)| quote!(::parad::__private::save_piece(#stack, &#x);));
        let chunk = self.names.fresh("chunk");
        let i = self.name(index).clone();
        // A forward chunk whose inner loops store nothing needs no copies:
        // the compiler reads the captures once per loop anyway, and copies
        // only add to what it must keep in registers (an address computed
        // again per atom pair of the docking score).
        let copies = if self.stores_in_loops(body) {
            self.chunk_copies(index, body, &inner, &[], &[])
        } else {
            TokenStream::new()
        };
        let top = parts.top(&self.em, &self.names, &chunk, copies);
        let run = quote!(#(#saves)* for #i in #chunk { #inner });
        let names: Vec<Ident> = sums.iter().map(|v| self.name(*v).clone()).collect();
        let zeros: Vec<TokenStream> =
            sums.iter().map(|v| self.em.init_expr(*v, &Expr::new(ExprKind::Zero, s.span)).ts).collect();
        parts.run(&self.names, &lo_ts, &hi_ts, &chunk, top, run, &names, &zeros)
    }

    /// The pieces of `v`'s shadow: a companion's shadow argument (a
    /// `ShadowSlice`) is inactive when empty, and its pieces are too; other
    /// shadows are the derivative's own buffers or the user's, never empty
    /// where the loop runs.
    fn shadow_piece(&self, chunk: &mut Chunk, v: VarId, sp: &Split, count: &TokenStream) {
        let d = self.shadow[v].clone().unwrap();
        let how = if self.float_buf_params[v] { PieceKind::Shadow } else { PieceKind::Plain };
        let argument = !self.float_buf_params[v] && matches!(self.f.vars[v].origin, VarOrigin::Param(_));
        chunk.piece(&self.em, &d, self.shadow_whole(v), sp, count, how, argument.then_some(v));
    }

    fn shadow_whole(&self, v: VarId) -> TokenStream {
        let d = self.shadow[v].clone().unwrap();
        if self.float_buf_params[v] {
            quote!(#d.as_mut_slice())
        } else {
            quote!(&mut #d[..])
        }
    }

    /// The adjoint of a rayon loop: the same chunks, each running its
    /// iterations' adjoints backwards. `fused`: the loop's forward and
    /// adjoint in one (sweep fusion, see `analysis::fusion`), each chunk
    /// running its iterations forwards, each iteration's adjoint right after
    /// it; the chunks' sums come back with their private shadows.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn par_adjoint(
        &mut self,
        s: &Stmt,
        index: VarId,
        lo: &Expr,
        hi: &Expr,
        body: &Block,
        par: &ParLoop,
        fused: bool,
    ) -> TokenStream {
        let strategies = self.strategies(index, lo, body, par).unwrap_or_default();
        let hoisted = self.stencils.hoisted.len();
        let (lo_ts, hi_ts, count) = self.bounds(s.id, lo, hi);
        let mut parts = Chunk::default();
        let saved = std::mem::take(&mut self.pieces);
        let mut offsets = Vec::new();
        let (privates, before, gathers) = self.strategy_parts(&strategies, body, &count, &mut parts, &mut offsets);
        // Buffers the adjoint restores are split as in the forward sweep,
        // and all those it writes when the forward runs in the same chunks.
        let restored = self.restored_in(body);
        for sp in par
            .splits
            .iter()
            .filter(|sp| sp.mutable && sp.place.is_var() && (fused || restored.contains(&sp.place.base)))
        {
            let n = self.name(sp.place.base).clone();
            parts.piece(&self.em, &n, quote!(&mut #n[..]), sp, &count, PieceKind::Plain, Some(sp.place.base));
        }
        self.chunk_tapes(s.id, &lo_ts, &hi_ts, &mut parts);
        let sums = if fused { chunk::sums(body, par).unwrap_or_default() } else { Vec::new() };
        let whole = if fused { Vec::new() } else { self.whole_pieces(s.id, body, par) };
        self.whole_pieces = whole.iter().flat_map(|w| w.2.iter().copied()).collect();
        self.par_depth += 1;
        let inner = if fused { self.fused_iteration(body) } else { self.rev_block(body) };
        self.par_depth -= 1;
        self.whole_pieces.clear();
        let restores = whole.iter().map(|(x, stack, _)| quote!(::parad::__private::restore_piece(#stack, &mut #x);));
        self.pieces = saved;
        self.stencils.redirects.clear();
        self.atomics.clear();
        if inner.is_empty() {
            self.stencils.hoisted.truncate(hoisted);
            return TokenStream::new();
        }
        let chunk = self.names.fresh("chunk");
        let i = self.name(index).clone();
        let names: Vec<Ident> = privates.iter().map(|v| self.shadow[*v].clone().unwrap()).collect();
        let copies = self.chunk_copies(index, body, &inner, &offsets, &names);
        let run = if fused {
            quote!(#copies for #i in #chunk { #inner })
        } else {
            quote!(#copies for #i in #chunk.rev() { #inner } #(#restores)*)
        };
        let top = parts.top(&self.em, &self.names, &chunk, TokenStream::new());
        let (parts, pats) = parts.tuples();
        if privates.is_empty() && sums.is_empty() {
            return quote! {
                #before
                ::parad::__private::par_for(#lo_ts, #hi_ts, #parts, |#chunk, #pats| { #top #run });
                #gathers
            };
        }
        let sum_names: Vec<Ident> = sums.iter().map(|v| self.name(*v).clone()).collect();
        let zeros = sums.iter().map(|v| self.em.init_expr(*v, &Expr::new(ExprKind::Zero, s.span)).ts);
        let inits = privates.iter().zip(&names).map(|(v, d)| match (self.t.vars[*v], &self.f.vars[*v].annot) {
            // Field adjoints (`dps[i].mass += g`) need the element type first.
            (Cat::Buf(Scalar::Value), Some(ty)) => {
                let elem = crate::parse::elem_behind_refs(ty);
                quote!(::parad::__private::Private::<#elem>::new(#d.len()))
            }
            (Cat::Buf(_), _) => quote!(::parad::__private::Private::new(#d.len())),
            // A value parameter's shadow (see `docs/values.md`).
            (Cat::Struct, Some(ty)) => crate::codegen::emit::Emitter::value_zero(ty),
            _ => quote!(0.0),
        });
        let shadows_of = self.names.fresh(if fused { "chunk_results" } else { "private_shadows" });
        let mut merge = TokenStream::new();
        for (k, n) in sum_names.iter().enumerate() {
            let k = syn::Index::from(k);
            merge.extend(quote!(for part in &#shadows_of { #n += part.#k; }));
        }
        for (k, v) in privates.iter().enumerate() {
            let d = &names[k];
            let k = syn::Index::from(sums.len() + k);
            merge.extend(match self.t.vars[*v] {
                Cat::Buf(_) => {
                    let whole = self.shadow_whole(*v);
                    quote!(::parad::__private::merge_private(#whole, #shadows_of.iter().map(|part| &part.#k));)
                }
                Cat::Struct => {
                    // (Spanned at the value's variable: a type without
                    // `Value` is reported at the user's code.)
                    let add = quote::quote_spanned!(self.f.vars[*v].span=> ::parad::Value::add_adjoint);
                    quote!(for part in &#shadows_of { #add(&mut #d, &part.#k); })
                }
                _ => quote!(for part in &#shadows_of { #d += part.#k; }),
            });
        }
        quote! {
            #before
            let #shadows_of = ::parad::__private::par_private(#lo_ts, #hi_ts, #parts, |#chunk, #pats| {
                #top
                #(let mut #sum_names = #zeros;)*
                #(let mut #names = #inits;)*
                #run
                (#(#sum_names,)* #(#names,)*)
            });
            #merge
            #gathers
        }
    }

    /// The shadows a rayon loop's adjoint writes, set up by strategy:
    /// stencil partials and owned pieces become parts of each chunk (their
    /// offsets' names in `offsets`), atomic shadows are shared; returns the
    /// private ones, the code before the loop and the gathers after it.
    fn strategy_parts(
        &mut self,
        strategies: &[(VarId, Strategy)],
        body: &Block,
        count: &TokenStream,
        parts: &mut Chunk,
        offsets: &mut Vec<(Ident, TokenStream)>,
    ) -> (Vec<VarId>, TokenStream, TokenStream) {
        let mut privates: Vec<VarId> = Vec::new();
        let mut gathers = TokenStream::new();
        let mut before = TokenStream::new();
        for (v, how) in strategies {
            match how {
                Strategy::Stencil(accesses) => {
                    let (decls, gather) = self.stencil_parts(*v, accesses, body, count, parts, offsets);
                    before.extend(decls);
                    gathers.extend(gather);
                }
                Strategy::Owned(sp) => {
                    self.shadow_piece(parts, *v, sp, count);
                    self.pieces.insert(*v);
                }
                Strategy::Private => privates.push(*v),
                Strategy::Atomic => {
                    let d = self.shadow[*v].clone().unwrap();
                    let shared = self.names.fresh(&format!("{d}_atomic"));
                    before.extend(quote!(let #shared = ::parad::__private::AtomicShadow::new(#d.len());));
                    let whole = self.shadow_whole(*v);
                    gathers.extend(quote!(#shared.add_into(#whole);));
                    self.atomics.insert(*v, shared);
                }
            }
        }
        (privates, before, gathers)
    }

    /// The copies of `chunk::copies` (the outer floats, read-only buffers
    /// and scalar shadows that the chunk's code names, not its `private`
    /// shadows), and the stencil offsets `extra` that it names, computed
    /// again from the numbers they are made of (`let du_offset: isize =
    /// -(n as isize);`), so that the compiler sees that `(k -
    /// n).wrapping_sub(du_offset as usize)` is `k`.
    fn chunk_copies(
        &self,
        index: VarId,
        body: &Block,
        code: &TokenStream,
        extra: &[(Ident, TokenStream)],
        private: &[Ident],
    ) -> TokenStream {
        let mate = |v: VarId| match (&self.shadow[v], self.t.vars[v]) {
            (Some(d), Cat::Scalar(Scalar::Float)) => Some((d.clone(), false)),
            _ => None,
        };
        let mut named = emit::value_idents(code);
        for d in private {
            named.remove(&d.to_string());
        }
        let mut out = chunk::copies(self.f, self.t, index, body, &named, &mate);
        for (n, value) in extra.iter().filter(|(n, _)| named.contains(&n.to_string())) {
            out.extend(quote!(let #n: isize = #value;));
        }
        out
    }

    /// Whether the forward of a loop body writes memory inside a loop of
    /// its own: an element of a buffer from outside the body, or a value
    /// saved on a tape.
    fn stores_in_loops(&self, body: &Block) -> bool {
        fn walk(g: &RevGen, b: &Block, inner: &HashSet<VarId>, depth: usize) -> bool {
            b.stmts.iter().any(|s| match &s.kind {
                StmtKind::For { body, .. } | StmtKind::While { body, .. } => walk(g, body, inner, depth + 1),
                StmtKind::If { then_blk, else_blk, .. } => {
                    walk(g, then_blk, inner, depth) || walk(g, else_blk, inner, depth)
                }
                StmtKind::Assign { place, .. }
                    if depth > 0
                        && (!place.is_var() && !inner.contains(&place.base) || g.plan.saves.contains_key(&s.id)) =>
                {
                    true
                }
                StmtKind::Push { .. } | StmtKind::Call { .. } | StmtKind::Let { init: Init::Call(_), .. } => depth > 0,
                _ => false,
            })
        }
        walk(self, body, &defined_in(body), 0)
    }

    /// The partial buffers of a stencil adjoint (one per non-zero offset, or
    /// per group of offsets that write the same numbers, see
    /// `stencil::shared_offsets`; split like the buffer the loop writes;
    /// offset zero goes straight into the shadow's own piece), and the
    /// gather that adds them up. Inside a serial loop, the partials are
    /// declared once in front of it, resized here, and zeroed by each chunk.
    fn stencil_parts(
        &mut self,
        v: VarId,
        accesses: &[(Expr, super::stencil::Offset)],
        body: &Block,
        count: &TokenStream,
        parts: &mut Chunk,
        offset_names: &mut Vec<(Ident, TokenStream)>,
    ) -> (TokenStream, TokenStream) {
        let d = self.shadow[v].clone().unwrap();
        let hoist = self.hoists();
        let shared = super::stencil::shared_offsets(v, accesses, body);
        let mut decls = TokenStream::new();
        // Per offset, in order: the offset, its name and its partial's.
        let mut offsets: Vec<(&Affine, Ident, Ident)> = Vec::new();
        // Per shared group: its partial, and the one offset that writes it.
        let mut groups: Vec<(&Affine, Ident, &Affine)> = Vec::new();
        let mut direct = false;
        for (at, o) in accesses {
            if o.offset.is_empty() {
                // The element the iteration owns: added straight into its
                // piece of the shadow, with no partial to gather.
                if !direct {
                    self.shadow_piece(parts, v, &o.split, count);
                    self.pieces.insert(v);
                    direct = true;
                }
                continue;
            }
            let group = shared.iter().find(|(d, _)| *d == o.offset).map(|(_, g)| g);
            let (part, off) = match offsets.iter().find(|(k, _, _)| **k == o.offset) {
                Some((_, off, part)) => (part.clone(), off.clone()),
                None => {
                    let off = self.names.fresh(&format!("{d}_offset"));
                    let value = self.offset_tokens(&o.offset);
                    decls.extend(quote!(let #off: isize = #value;));
                    offset_names.push((off.clone(), value.clone()));
                    let part = match group.and_then(|g| groups.iter().find(|(h, _, _)| *h == g)) {
                        Some((_, part, _)) => part.clone(),
                        None => {
                            let part = self.stencil_part(v, o, hoist, count, parts, &mut decls);
                            if let Some(g) = group {
                                groups.push((g, part.clone(), &o.offset));
                            }
                            part
                        }
                    };
                    offsets.push((&o.offset, off.clone(), part.clone()));
                    (part, off)
                }
            };
            // Another offset of the group writes the same numbers.
            let skipped = groups.iter().any(|(h, _, writer)| Some(*h) == group && **writer != o.offset);
            let redirect = Redirect { place: Place::var(v).index(at.clone()), part, offset: off, skipped };
            self.stencils.redirects.push(redirect);
        }
        let Some((_, _, first)) = offsets.first() else { return (decls, TokenStream::new()) };
        let whole = self.shadow_whole(v);
        let entries = offsets.iter().map(|(_, off, part)| quote!((#off, &#part[..])));
        let gather = quote!(::parad::__private::stencil_gather(#whole, 0, #first.len(), &[#(#entries),*]););
        (decls, gather)
    }

    /// A partial buffer for the accesses of `v` at offset `o`: a zeroed
    /// `Vec`, or, inside a serial loop, a tape declared once in front of it
    /// and resized here, which each chunk zeroes.
    fn stencil_part(
        &mut self,
        v: VarId,
        o: &super::stencil::Offset,
        hoist: bool,
        count: &TokenStream,
        parts: &mut Chunk,
        decls: &mut TokenStream,
    ) -> Ident {
        let d = self.shadow[v].clone().unwrap();
        let part = self.names.fresh(&format!("{d}_part"));
        let len = self.name(o.split.place.base).clone();
        let zero = emit::Emitter::elem_zero(self.t.vars[v]);
        let kind = if hoist {
            self.stencils.hoisted.push(quote!(let mut #part = ::parad::__private::Tape::new();));
            decls.extend(quote!(#part.resize(#len.len(), #zero);));
            PieceKind::Zeroed
        } else {
            decls.extend(quote!(let mut #part = ::std::vec![#zero; #len.len()];));
            PieceKind::Plain
        };
        parts.piece(&self.em, &part, quote!(&mut #part[..]), &o.split, count, kind, Some(o.split.place.base));
        part
    }
}
