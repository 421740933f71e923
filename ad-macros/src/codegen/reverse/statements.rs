//! The adjoints of blocks and statements, in reverse order, with the
//! saved values restored where the plan says.

use super::state::RevGen;
use crate::analysis::activity::place_active;
use crate::analysis::plan::Rebind;
use crate::analysis::types::{place_cat, Cat, Scalar};
use crate::codegen::emit::{self, E};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

impl RevGen<'_> {
    /// Starts the adjoint of block `b`, whose scalar shadows (those
    /// `adjoint_decls` declares) start fresh; returns the enclosing block's,
    /// for `end_fresh`. Not in MPI code, whose adjoints add into shadows by
    /// other means.
    pub(super) fn begin_fresh(&self, b: &Block) -> std::collections::HashSet<VarId> {
        let mut fresh = std::collections::HashSet::new();
        if !crate::codegen::mpi::has_mpi(self.f) {
            for s in &b.stmts {
                if let StmtKind::Let { var, .. } = &s.kind {
                    if self.active_var(*var)
                        && self.t.vars[*var] == Cat::FLOAT
                        && Some(*var) != self.f.ret
                        && !self.f.ret_parts.contains(var)
                    {
                        fresh.insert(*var);
                    }
                }
            }
        }
        self.fresh.replace(fresh)
    }

    /// Back to the enclosing block's fresh shadows after a nested block.
    pub(super) fn end_fresh(&self, outer: std::collections::HashSet<VarId>) {
        self.fresh.replace(outer);
    }

    /// The shadows `code` mentions are no longer fresh: it may add into
    /// them, or run in a loop.
    pub(super) fn forget_fresh(&self, code: &TokenStream) {
        let mut fresh = self.fresh.borrow_mut();
        if fresh.is_empty() {
            return;
        }
        let named = emit::value_idents(code);
        fresh.retain(|v| !named.contains(&self.shadow[*v].as_ref().unwrap().to_string()));
    }

    /// The declarations of the shadows of the variables block `b` defines,
    /// each with its name and whether it is a float's zero.
    pub(super) fn adjoint_decls(&self, b: &Block) -> Vec<(syn::Ident, TokenStream, bool)> {
        let mut out = Vec::new();
        for s in &b.stmts {
            let vars: Vec<VarId> = match &s.kind {
                StmtKind::Let { var, .. } => vec![*var],
                StmtKind::Call { dests, .. } => dests.clone(),
                _ => vec![],
            };
            for v in vars {
                if !self.active_var(v) || Some(v) == self.f.ret || self.f.ret_parts.contains(&v) {
                    continue;
                }
                let d = self.shadow[v].clone().unwrap();
                let n = self.name(v);
                let decl = match (self.t.vars[v], self.array_len(s)) {
                    // Of the values' type, which field adjoints need first.
                    (Cat::Buf(Scalar::Value), Some(_)) => {
                        quote!(let mut #d = ::parad::__private::zeros_like_array(&#n);)
                    }
                    (Cat::Buf(Scalar::Value), None) => quote!(let mut #d = ::parad::__private::zeros_like(&#n);),
                    (Cat::Buf(_), Some(len)) => {
                        let zero = self.dzero();
                        quote!(let mut #d = [#zero; #len];)
                    }
                    (Cat::Buf(_), None) => {
                        let zero = self.dzero();
                        quote!(let mut #d = ::std::vec![#zero; #n.len()];)
                    }
                    (Cat::Struct, _) => match &self.f.vars[v].annot {
                        Some(ty) => emit::Emitter::value_zero_local(&d, ty),
                        None => quote!(let mut #d = ::core::default::Default::default();),
                    },
                    _ => {
                        let zero = self.dzero();
                        out.push((d.clone(), quote!(let mut #d = #zero;), true));
                        continue;
                    }
                };
                out.push((d, decl, false));
            }
        }
        out
    }

    pub fn rev_block(&mut self, b: &Block) -> TokenStream {
        let mut body = TokenStream::new();
        let outer = self.begin_fresh(b);
        body.extend(self.rev_run(b.stmts.iter().rev()));
        self.end_fresh(outer);
        if body.is_empty() {
            return body;
        }
        let mut prologue = TokenStream::new();
        let plan = self.plan;
        if let Some(rebinds) = plan.rebind.get(&b.id).filter(|_| !self.fused_bodies.contains(&b.id)) {
            for (v, how) in rebinds {
                let n = self.name(*v);
                let m = self.mutability(*v);
                let value = match how {
                    Rebind::Recompute(e) => self.em.init_expr(*v, e).ts,
                    Rebind::Tape(slot) => self.slot_load(*slot),
                    Rebind::Rerun(rewrite) => {
                        prologue.extend(self.fwd_stmt(rewrite));
                        continue;
                    }
                };
                prologue.extend(quote!(let #m #n = #value;));
            }
        }
        let (decls, body) = declare_at_first_assignment(self.adjoint_decls(b), body);
        prologue.extend(decls);
        prologue.extend(body);
        prologue
    }

    pub(super) fn restore(&self, s: &Stmt, place: &Place) -> TokenStream {
        match self.plan.saves.get(&s.id).filter(|slot| !self.whole_pieces.contains(slot)) {
            Some(&slot) => {
                let p = self.em.place(place).ts;
                let v = self.slot_load(slot);
                quote!(#p = #v;)
            }
            None => quote!(),
        }
    }

    pub(super) fn rev_stmt_fresh(&mut self, s: &Stmt) -> TokenStream {
        let mut out = TokenStream::new();
        match &s.kind {
            StmtKind::Let { var, init } => return self.rev_let(s, var, init),
            StmtKind::Assign { place, op, value } => return self.rev_assign(s, place, op, value),
            StmtKind::Call { dests, call } => return self.rev_call(s, call, dests),
            StmtKind::Push { vec, value } => {
                let active = self.place_active_buf(vec);
                if active {
                    let d = self.shadow[vec.base].clone().unwrap();
                    let g = self.names.fresh("g");
                    out.extend(quote!(let #g = #d.pop().unwrap();));
                    self.adj(value, E::atom(quote!(#g)), &mut out);
                }
                if self.plan.needed[vec.base] {
                    let p = self.em.place(vec).ts;
                    out.extend(quote!(#p.pop();));
                }
            }
            StmtKind::Swap(a, b) => {
                if self.plan.needed[a.base] || self.plan.needed[b.base] {
                    let (pa, pb) = (self.em.place(a).ts, self.em.place(b).ts);
                    out.extend(quote!(::core::mem::swap(&mut #pa, &mut #pb);));
                }
                if self.shadow[a.base].is_some() && self.shadow[b.base].is_some() && self.act.vars[a.base] {
                    let da = self.em.place_with(self.shadow[a.base].as_ref().unwrap(), a).ts;
                    let db = self.em.place_with(self.shadow[b.base].as_ref().unwrap(), b).ts;
                    out.extend(quote!(::core::mem::swap(&mut #da, &mut #db);));
                }
            }
            StmtKind::If { cond, then_blk, else_blk } => {
                let t = self.rev_block(then_blk);
                let e = self.rev_block(else_blk);
                if t.is_empty() && e.is_empty() {
                    return out;
                }
                let c = self.em.expr(cond).ts;
                out.extend(emit::if_else(&c, &t, &e));
            }
            StmtKind::For { .. } | StmtKind::While { .. } if self.plan.steps.contains_key(&s.id) => {
                return self.ck_reverse(s)
            }
            StmtKind::For { index, lo, hi, body, par: Some(par), .. }
                if self.par_depth == 0 && self.parallel(*index, lo, body, par) =>
            {
                out.extend(self.par_adjoint(s, *index, lo, hi, body, par, false));
                out.extend(self.whole_restores(s.id));
            }
            StmtKind::For { index, lo, hi, step, rev, body, .. } => {
                let accumulated = self.begin_hoisting(*index, lo, hi, step.as_ref(), body);
                let (partials, b) = self.rev_loop_body(body);
                let (accumulators, add_accumulated) = self.end_hoisting(accumulated);
                if !b.is_empty() {
                    // Independent adjoint iterations run front to back, the
                    // order memory and the vectoriser like best.
                    let forward = crate::analysis::fusion::independent(body, *index, self.plan).0;
                    let run = self.serial_for(*index, lo, hi, step.as_ref(), if forward { *rev } else { !*rev }, b);
                    out.extend(quote!(#partials #accumulators #run #add_accumulated));
                }
                out.extend(self.whole_restores(s.id));
            }
            StmtKind::While { body, .. } => {
                let counter = self.plan.while_counters[&s.id];
                let accumulated = self.begin_hoisting_while(counter, body);
                let (partials, b) = self.rev_loop_body(body);
                let (accumulators, add_accumulated) = self.end_hoisting(accumulated);
                if b.is_empty() {
                    return out;
                }
                let n = self.name(counter);
                out.extend(quote!(#partials #accumulators for _ in 0..#n { #b } #add_accumulated));
            }
            StmtKind::Opaque(_) | StmtKind::Check { .. } => {}
            StmtKind::Mpi(op) => return self.mpi_rev(s, op),
        }
        out
    }

    /// The adjoint of `let var = init;`: the shadow of `var` passed back to
    /// what `init` reads (a call's through `rev_call`).
    fn rev_let(&mut self, s: &Stmt, var: &VarId, init: &Init) -> TokenStream {
        let mut out = TokenStream::new();
        let v = *var;
        if let Init::Call(c) = init {
            return self.rev_call(s, c, std::slice::from_ref(var));
        }
        if !self.active_var(v) {
            return out;
        }
        let d = self.shadow[v].clone().unwrap();
        match init {
            Init::Expr(e) if crate::analysis::plan::value_derivative(e).is_some() => {
                let Some((m, r)) = crate::analysis::plan::value_derivative(e) else { return out };
                let value = E::atom({
                    let n = self.name(v);
                    quote!(#n)
                });
                let gr = emit::times_value_derivative(m, &E::atom(quote!(#d)), &value);
                self.adj_merged(s.id, r, gr, &mut out);
            }
            Init::Expr(e) => self.adj_merged(s.id, e, E::atom(quote!(#d)), &mut out),
            Init::VecFill { elem, .. } | Init::ArrayFill { elem, .. } => {
                self.adj(elem, E::atom(quote!(::parad::__private::sum(&#d))), &mut out)
            }
            Init::VecLit(es) | Init::ArrayLit(es) => {
                for (k, e) in es.iter().enumerate() {
                    let k = syn::Index::from(k);
                    self.adj(e, E::atom(quote!(#d[#k])), &mut out);
                }
            }
            Init::Copy(src) => {
                if self.place_active_buf(&src.place) {
                    let k = self.names.fresh("k");
                    let off = src.range.as_ref().filter(|(lo, _)| !lo.is_lit_int(0)).map(|(lo, _)| self.em.expr(lo));
                    let idx = match off {
                        Some(o) => emit::add(&o, &E::atom(quote!(#k))).ts,
                        None => quote!(#k),
                    };
                    let mut elem = src.place.clone();
                    elem.proj.push(Proj::Index(Box::new(Expr::bool(false, s.span))));
                    let add = self.with_shadow_elem(&src.place, &idx, quote!(#d[#k]));
                    out.extend(quote!(for #k in 0..#d.len() { #add }));
                }
            }
            _ => {}
        }
        out
    }

    /// The adjoint of `place op= value`: the value `place` held restored
    /// where the plan saved it, its shadow passed back to `value` (and,
    /// for `*=` and `/=`, scaled).
    fn rev_assign(&mut self, s: &Stmt, place: &Place, op: &AssignOp, value: &Expr) -> TokenStream {
        let mut out = TokenStream::new();
        out.extend(self.restore(s, place));
        // A value assigned whole (`m = V3 { .. }`, `p = q`) passes its shadow on whole.
        let whole_value = place_active(self.t, &self.act.vars, place)
            && self.shadow[place.base].is_some()
            && place_cat(self.t, place) == Cat::Struct;
        if !self.place_active(place) && !whole_value {
            return out;
        }
        let reads_self = {
            let mut hit = false;
            value.visit_reads(&mut |p| hit |= p.base == place.base);
            hit
        };
        match op {
            AssignOp::Set => {
                let g = self.names.fresh("g");
                out.extend(self.take_shadow(place, &g));
                self.adj_merged(s.id, value, E::atom(quote!(#g)), &mut out);
            }
            AssignOp::Add | AssignOp::Sub => {
                let sp = self.shadow_read(place);
                let g = if reads_self || self.struct_params[place.base] {
                    let g = self.names.fresh("g");
                    let sp = sp.ts;
                    out.extend(quote!(let #g = #sp;));
                    E::atom(quote!(#g))
                } else {
                    sp
                };
                let g = if *op == AssignOp::Sub { emit::neg(&g) } else { g };
                self.adj_merged(s.id, value, g, &mut out);
            }
            AssignOp::Mul | AssignOp::Div => {
                // The shadow is set below, then added into.
                self.fresh.borrow_mut().remove(&place.base);
                let g = self.names.fresh("g");
                let sp = self.shadow_read(place).ts;
                out.extend(quote!(let #g = #sp;));
                let gv = E::atom(quote!(#g));
                let val = self.em.expr(value);
                let old = self.em.place(place);
                let new_shadow = if *op == AssignOp::Mul { emit::mul(&gv, &val) } else { emit::div(&gv, &val) };
                let new_shadow =
                    if self.struct_params[place.base] { self.bind(new_shadow, &mut out) } else { new_shadow };
                let ns = new_shadow.ts;
                out.extend(self.with_shadow(place, |sp| quote!(#sp = #ns;)));
                if *op == AssignOp::Mul {
                    self.adj(value, emit::mul(&gv, &old), &mut out);
                } else {
                    let q = emit::div(&old, &val);
                    self.adj(value, emit::neg(&emit::div(&emit::mul(&gv, &q), &val)), &mut out);
                }
            }
        }
        out
    }
}

/// The shadow declarations `decls` and the adjoint `body` of their block,
/// where a scalar shadow whose first mention is an assignment at the top of
/// `body` (`d = g;`, its first adjoint) is declared there (`let mut d = g;`)
/// instead of as a zero that is never read.
fn declare_at_first_assignment(
    decls: Vec<(syn::Ident, TokenStream, bool)>,
    body: TokenStream,
) -> (TokenStream, TokenStream) {
    use proc_macro2::TokenTree;
    let mut tokens: Vec<TokenTree> = body.into_iter().collect();
    let mut kept = TokenStream::new();
    for (d, decl, scalar) in decls {
        let name = d.to_string();
        match scalar.then(|| first_assignment(&tokens, &name)).flatten() {
            Some(at) => {
                let let_mut: TokenStream = quote!(let mut);
                tokens.splice(at..at, let_mut);
            }
            None => kept.extend(decl),
        }
    }
    (kept, tokens.into_iter().collect())
}

/// Where `tokens` (statements) first mention `name`, if that is the start
/// of a top-level statement `name = ..;` whose value does not name it.
fn first_assignment(tokens: &[proc_macro2::TokenTree], name: &str) -> Option<usize> {
    use proc_macro2::{Spacing, TokenStream, TokenTree};
    let names = [name.to_string()];
    let mentions = |t: &[TokenTree]| crate::parse::mentions_any(t.iter().cloned().collect::<TokenStream>(), &names);
    let at = tokens.iter().position(|t| mentions(std::slice::from_ref(t)))?;
    let starts_statement = at == 0
        || matches!(&tokens[at - 1], TokenTree::Punct(p) if p.as_char() == ';')
        || matches!(&tokens[at - 1], TokenTree::Group(g) if g.delimiter() == proc_macro2::Delimiter::Brace);
    let is_assign = matches!(&tokens[at], TokenTree::Ident(_))
        && matches!(tokens.get(at + 1), Some(TokenTree::Punct(p)) if p.as_char() == '=' && p.spacing() == Spacing::Alone);
    if !(starts_statement && is_assign) {
        return None;
    }
    let value = &tokens[at + 2..];
    let end = value.iter().position(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ';'))?;
    (!mentions(&value[..end])).then_some(at)
}

#[cfg(test)]
mod tests {
    use super::declare_at_first_assignment;
    use quote::quote;

    #[test]
    fn a_zero_never_read_is_declared_at_its_first_assignment() {
        let (d, e, f, v) = (
            quote::format_ident!("d"),
            quote::format_ident!("e"),
            quote::format_ident!("f"),
            quote::format_ident!("v"),
        );
        let decls = vec![
            (d.clone(), quote!(let mut d = 0.0;), true),
            (e.clone(), quote!(let mut e = 0.0;), true),
            (f.clone(), quote!(let mut f = 0.0;), true),
            (v.clone(), quote!(let mut v = ::std::vec![0.0; x.len()];), false),
        ];
        let body = quote! {
            x += 1.0;
            d = g * 2.0;
            if c { e = 2.0; }
            e += d;
            f = f + 1.0;
            v = w;
        };
        let (kept, body) = declare_at_first_assignment(decls, body);
        // `e` is first assigned inside a branch, `f`'s value reads it, `v` is a vector.
        assert_eq!(
            kept.to_string(),
            quote!(let mut e = 0.0; let mut f = 0.0; let mut v = ::std::vec![0.0; x.len()];).to_string()
        );
        assert_eq!(
            body.to_string(),
            quote!(x += 1.0; let mut d = g * 2.0; if c { e = 2.0; } e += d; f = f + 1.0; v = w;).to_string()
        );
    }
}
