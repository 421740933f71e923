//! Checkpointed loops in reverse mode (DESIGN section 8). The loop's
//! state (the outer variables its body writes) is moved into a tuple that
//! a `Driver` owns while it runs; one step is a closure over that tuple,
//! with its own tape (the plan gives a step's slots as if the step were a
//! whole function). The forward sweep runs the steps as the schedule says,
//! snapshotting the state; the reverse sweep recomputes and reverses them.

use super::state::RevGen;
use crate::analysis::plan::SlotKind;
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;
use syn::Ident;

/// `::parad::__private::checkpoint::NAME`.
fn rt(name: &str) -> TokenStream {
    let id = Ident::new(name, proc_macro2::Span::call_site());
    quote!(::parad::__private::checkpoint::#id)
}

/// The names a checkpointed loop's code uses.
struct Names {
    driver: Ident,
    state: Ident,
    step_tape: Ident,
    step: Ident,
    plain: Ident,
    taped: Ident,
}

impl RevGen<'_> {
    fn ck_names(&mut self, s: &Stmt) -> Names {
        let driver = match self.call_names.get(&s.id) {
            Some(d) => d.clone(),
            None => {
                let d = self.names.fresh("checkpoints");
                self.call_names.insert(s.id, d.clone());
                d
            }
        };
        Names {
            driver,
            state: self.names.fresh("state"),
            step_tape: self.names.fresh("step_tape"),
            step: self.names.fresh("step"),
            plain: self.names.fresh("plain_step"),
            taped: self.names.fresh("taped_step"),
        }
    }

    /// The state tuple: owned variables moved in, `&mut` buffer parameters
    /// reborrowed (they stay bound where they are).
    fn ck_state_init(&self, l: StmtId) -> TokenStream {
        let elems = self.plan.steps[&l].vars.state.iter().map(|&v| {
            let n = self.name(v);
            if self.is_ref_param(v) {
                quote!(&mut *#n)
            } else {
                quote!(#n)
            }
        });
        quote!((#(#elems,)*))
    }

    /// `(a, _, c,) = state;`: the owned variables back from the tuple.
    fn ck_state_back(&self, l: StmtId, state: &Ident) -> TokenStream {
        let elems = self.plan.steps[&l].vars.state.iter().map(|&v| {
            if self.is_ref_param(v) {
                quote!(_)
            } else {
                let n = self.name(v);
                quote!(#n)
            }
        });
        quote!((#(#elems,)*) = #state;)
    }

    fn is_ref_param(&self, v: VarId) -> bool {
        matches!(self.f.vars[v].origin, VarOrigin::Param(i) if self.sig.params[i].kind.is_ref())
    }

    /// Inside a step: its variables taken out of the tuple, and put back.
    fn ck_unpack(&self, l: StmtId, state: &Ident) -> (TokenStream, TokenStream) {
        let vars = &self.plan.steps[&l].vars.state;
        let pats = vars.iter().map(|&v| {
            let n = self.name(v);
            quote!(mut #n)
        });
        let names: Vec<_> = vars.iter().map(|&v| self.name(v).clone()).collect();
        (quote!(let (#(#pats,)*) = ::core::mem::take(#state);), quote!(*#state = (#(#names,)*);))
    }

    /// `let i = ...;` for step `step` of a counted loop whose body reads
    /// its counter.
    fn ck_index(&self, s: &Stmt, step: &Ident) -> TokenStream {
        let StmtKind::For { index, body, rev, .. } = &s.kind else { return quote!() };
        let mut used = false;
        let name = self.name(*index).to_string();
        walk_stmts(body, &mut |st| match &st.kind {
            StmtKind::Opaque(ts) => used |= crate::parse::mentions_any(ts.clone(), std::slice::from_ref(&name)),
            _ => crate::analysis::types::for_each_read(st, &mut |p| used |= p.base == *index),
        });
        if !used {
            return quote!();
        }
        let info = &self.plan.loops[&s.id];
        let lo = self.em.expr(&info.lo).ts;
        let by = info.step.as_ref().map_or_else(|| quote!(1), |e| self.em.expr(e).ts);
        let k = if *rev {
            let trips = self.trip_count(s.id).ts;
            quote!(#trips - 1 - #step)
        } else {
            quote!(#step)
        };
        let i = self.name(*index);
        quote!(let #i = ::parad::__private::TripCount::nth(#lo, #k, #by);)
    }

    /// The step's tape: its slots, declared in the taped step.
    fn ck_slots(&self, l: StmtId) -> (TokenStream, Vec<Ident>) {
        let slots = &self.plan.steps[&l].slots;
        let decls = self.tape_decls_of(slots.iter().copied());
        let names = slots
            .iter()
            .filter(|&&i| self.plan.slots[i].kind != SlotKind::Local)
            .map(|&i| self.slot_names[i].clone())
            .collect();
        (decls, names)
    }

    /// `let plain_step = plain_fn(&state, |state, step| { .. });`: the body
    /// as the user wrote it, nothing stored.
    fn ck_plain(&mut self, s: &Stmt, n: &Names) -> TokenStream {
        let (unpack, repack) = self.ck_unpack(s.id, &n.state);
        let index = self.ck_index(s, &n.step);
        self.plain = true;
        let body = self.fwd_block(loop_body(s));
        self.plain = false;
        let (state, step, plain) = (&n.state, &n.step, &n.plain);
        let plain_fn = rt("plain_fn");
        quote! {
            let #plain = #plain_fn(&#state, |#state, #step| {
                #unpack
                #index
                #body
                #repack
            });
        }
    }

    /// `let taped_step = taped_fn(&state, |state, step_tape, step| { .. });`
    fn ck_taped(&mut self, s: &Stmt, n: &Names) -> TokenStream {
        let body = loop_body(s);
        let (unpack, repack) = self.ck_unpack(s.id, &n.state);
        let index = self.ck_index(s, &n.step);
        let (decls, slots) = self.ck_slots(s.id);
        let fwd = self.fwd_block(body);
        let (state, tape, step, taped) = (&n.state, &n.step_tape, &n.step, &n.taped);
        let taped_fn = rt("taped_fn");
        quote! {
            let #taped = #taped_fn(&#state, |#state, #tape, #step| {
                #unpack
                #index
                #decls
                #fwd
                *#tape = ::core::option::Option::Some((#(#slots,)*));
                #repack
            });
        }
    }

    /// The store of the snapshots and the schedule, as the attribute says.
    fn ck_driver(&self, s: &Stmt) -> TokenStream {
        let ck = &self.f.checkpoints[&s.id];
        let count = self.em.expr(&ck.count).ts;
        let store = match &ck.disk {
            None => {
                let memory = rt("MemoryStore");
                quote!(#memory::new())
            }
            Some(dir) => {
                let disk = rt("DiskStore");
                quote!(#disk::new(#dir).expect("checkpoint: cannot create the snapshot directory"))
            }
        };
        let (driver, none) = (rt("Driver"), quote!(::core::option::Option::None));
        let positive = "checkpoint: the number of snapshots must be positive";
        match ck.scheme {
            Scheme::Online => {
                let online = rt("Online");
                quote!(#driver::online(#online::new((#count) as usize).expect(#positive), #store, #none))
            }
            Scheme::Binomial => {
                let (binomial, trips) = (rt("Binomial"), self.trip_count(s.id).ts);
                quote!(#driver::new(#binomial::new(#trips, (#count) as usize).expect(#positive), #store, #none))
            }
            Scheme::Periodic => {
                let (periodic, trips) = (rt("Periodic"), self.trip_count(s.id).ts);
                let positive = "checkpoint: the period must be positive";
                quote!(#driver::new(#periodic::new(#trips, (#count) as usize).expect(#positive), #store, #none))
            }
        }
    }

    /// The forward sweep of a checkpointed loop: the driver runs the steps,
    /// snapshotting the state, and records the last.
    pub(super) fn ck_forward(&mut self, s: &Stmt) -> TokenStream {
        let n = self.ck_names(s);
        let driver = self.ck_driver(s);
        let init = self.ck_state_init(s.id);
        let plain = self.ck_plain(s, &n);
        let back = self.ck_state_back(s.id, &n.state);
        let (d, state, pn, tn) = (&n.driver, &n.state, &n.plain, &n.taped);
        let (taped, run) = match &s.kind {
            StmtKind::While { cond, .. } => {
                // The condition reads the state between steps.
                let (unpack, repack) = self.ck_unpack(s.id, state);
                let c = self.em.expr(cond).ts;
                let go = self.names.fresh("go");
                let count = self.names.fresh("steps");
                // An online schedule's forward sweep runs plain steps only.
                let run = quote! {
                    let mut #count = 0usize;
                    while {
                        let #state = &mut #state;
                        #unpack
                        let #go = #c;
                        #repack
                        #go
                    } {
                        #d.step(&mut #state, #count, &#pn);
                        #count += 1;
                    }
                };
                (quote!(), run)
            }
            _ => (self.ck_taped(s, &n), quote!(#d.forward(&mut #state, &#pn, &#tn);)),
        };
        let mut out = quote! {
            let mut #d = #driver;
            let mut #state = #init;
            #plain
            #taped
            #run
            #back
        };
        if let Some(&slot) = self.plan.call_slots.get(&s.id) {
            out.extend(self.slot_store(slot, quote!(#d)));
        }
        out
    }

    /// The reverse sweep of a checkpointed loop: the driver restores,
    /// recomputes and reverses the steps, last to first.
    pub(super) fn ck_reverse(&mut self, s: &Stmt) -> TokenStream {
        let n = self.ck_names(s);
        let mut out = TokenStream::new();
        if let Some(&slot) = self.plan.call_slots.get(&s.id) {
            let d = &n.driver;
            let load = self.slot_load(slot);
            out.extend(quote!(let mut #d = #load;));
        }
        let init = self.ck_state_init(s.id);
        self.recomputing = true;
        let plain = self.ck_plain(s, &n);
        let taped = self.ck_taped(s, &n);
        self.recomputing = false;
        let back = self.ck_state_back(s.id, &n.state);
        let (unpack, repack) = self.ck_unpack(s.id, &n.state);
        let index = self.ck_index(s, &n.step);
        let (_, slots) = self.ck_slots(s.id);
        let (partials, adjoint) = self.rev_loop_body(loop_body(s));
        let (d, state, tape, step, pn, tn) = (&n.driver, &n.state, &n.step_tape, &n.step, &n.plain, &n.taped);
        out.extend(quote! {
            #partials
            let mut #state = #init;
            #plain
            #taped
            #d.reverse(
                &mut #state,
                &#pn,
                &#tn,
                |#state, #tape, #step| {
                    #unpack
                    #index
                    let (#(mut #slots,)*) = #tape.take().unwrap();
                    #adjoint
                    #repack
                },
            );
            #back
        });
        out
    }
}

fn loop_body(s: &Stmt) -> &Block {
    match &s.kind {
        StmtKind::For { body, .. } | StmtKind::While { body, .. } => body,
        _ => unreachable!("a checkpointed statement is a loop"),
    }
}
