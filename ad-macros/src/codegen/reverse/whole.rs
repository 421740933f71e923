//! The vectors a loop saves whole (see `analysis::whole`): one save before
//! the loop's forward, one restore after its adjoint. The buffers a call
//! without active arguments overwrites are saved the same way, copied
//! (the call may read them).

use super::state::RevGen;
use crate::ir::StmtId;
use proc_macro2::TokenStream;
use quote::quote;

impl RevGen<'_> {
    /// Before loop (or call) `lp`: each vector it overwrites goes on its tape.
    pub(super) fn whole_saves(&self, lp: StmtId) -> TokenStream {
        let saves = self.plan.whole.get(&lp).into_iter().flatten().filter(|_| !self.plain).map(|w| {
            let (x, tape) = (self.name(w.buf), &self.slot_names[w.slot]);
            match &w.count {
                Some(count) => {
                    let count = self.em.expr(count).ts;
                    quote!(::parad::__private::save_whole(&mut #tape, &mut #x, #count);)
                }
                None => quote!(::parad::__private::save_whole(&mut #tape, &mut #x[..], usize::MAX);),
            }
        });
        quote!(#(#saves)*)
    }

    /// After the adjoint of loop (or call) `lp`: each vector back as it was
    /// before it.
    pub(super) fn whole_restores(&self, lp: StmtId) -> TokenStream {
        let restores = self.plan.whole.get(&lp).into_iter().flatten().map(|w| {
            let (x, tape) = (self.name(w.buf), &self.slot_names[w.slot]);
            match w.count {
                Some(_) => quote!(::parad::__private::restore_whole(&mut #tape, &mut #x);),
                None => quote!(::parad::__private::restore_whole(&mut #tape, &mut #x[..]);),
            }
        });
        quote!(#(#restores)*)
    }
}
