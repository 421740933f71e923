//! Calls: the tangent arguments, and the call of the callee's tangent companion.

use super::state::TanGen;
use crate::analysis::activity::place_active;
use crate::analysis::types::{place_cat, Cat, Scalar};
use crate::codegen::emit::{self};
use crate::ir::*;
use crate::names::{companion_path, lanes_companion_path};
use proc_macro2::TokenStream;
use quote::quote;
use syn::spanned::Spanned;

impl TanGen<'_> {
    /// Whether a buffer argument is passed with its tangent (else an empty slice).
    pub(super) fn has_tan_arg(&self, b: &BufArg) -> bool {
        !b.nograd && place_active(self.t, &self.act.vars, &b.place) && self.tan[b.place.base].is_some()
    }

    /// The tangent of a buffer argument over the argument's `bounds` as
    /// emitted for its value (an empty slice when inactive).
    pub(super) fn tan_buf_arg(&self, b: &BufArg, bounds: Option<(TokenStream, TokenStream)>) -> TokenStream {
        if !self.has_tan_arg(b) {
            return if b.mutable { quote!(&mut []) } else { quote!(&[]) };
        }
        let base = self.tan[b.place.base].clone().unwrap();
        let tp = self.em.place_with(&base, &b.place).ts;
        let range = bounds.map(|(lo, hi)| (emit::slice_range(&lo, &hi), lo, hi));
        if self.struct_params[b.place.base].is_some() {
            let inner = match (&range, b.mutable) {
                (Some((r, _, _)), true) => quote!(&mut #tp[#r]),
                (Some((r, _, _)), false) => quote!(&#tp[#r]),
                (None, true) => quote!(&mut #tp[..]),
                (None, false) => quote!(&#tp[..]),
            };
            return if b.mutable {
                quote!(#base.as_deref_mut().map_or(&mut [][..], |#base| #inner))
            } else {
                quote!(#base.map_or(&[][..], |#base| #inner))
            };
        }
        let v = b.place.base;
        let param = self.buf_params[v].is_some() && b.place.is_var() && !self.pieces.borrow().contains(&v);
        match (range, param, b.mutable) {
            (None, true, true) => quote!(#tp.as_mut_slice()),
            (None, true, false) => quote!(#tp.as_slice()),
            (Some((_, lo, hi)), true, true) => quote!(::parad::__private::sub(#tp.as_mut_slice(), #lo, #hi)),
            (Some((_, lo, hi)), true, false) => quote!(::parad::__private::sub_ref(#tp.as_slice(), #lo, #hi)),
            (None, false, true) => quote!(&mut #tp[..]),
            (None, false, false) => quote!(&#tp[..]),
            (Some((r, _, _)), false, true) => quote!(&mut #tp[#r]),
            (Some((r, _, _)), false, false) => quote!(&#tp[#r]),
        }
    }

    /// The tangent of a struct lent to a call, or of a value passed in a
    /// value slot: a `&T` parameter's as the `Option` it is, a value's lent,
    /// `None` where inactive.
    fn lent_tangent(&self, place: &Place, mutable: bool) -> TokenStream {
        let t = self.tan[place.base].clone().filter(|_| self.act.vars[place.base]);
        let lent = self.struct_params[place.base].is_none();
        // A value, or an element of a buffer of values (`&xs[i]`: `&txs[i]`).
        let tp = |t: &syn::Ident| self.em.place_with(t, place).ts;
        match (t, mutable, lent) {
            // A `&mut T` parameter lent to `&self` or `&mut self` alike.
            (Some(t), true, false) => quote!(::parad::__private::lend(#t.as_deref_mut())),
            (Some(t), false, false) => quote!(#t.as_deref()),
            (Some(t), true, true) => {
                let tp = tp(&t);
                quote!(::core::option::Option::Some(&mut #tp))
            }
            (Some(t), false, true) => {
                let tp = tp(&t);
                quote!(::core::option::Option::Some(&#tp))
            }
            (None, ..) => quote!(::core::option::Option::None),
        }
    }

    pub(super) fn call(&self, c: &Call, dests: &[VarId]) -> TokenStream {
        let active = crate::analysis::activity::call_active(self.t, &self.act.vars, c, dests);
        let pat = |g: &Self| -> TokenStream {
            match dests {
                [] => quote!(_),
                [d] => {
                    let m = g.mutability(*d);
                    let n = g.name(*d);
                    quote!(#m #n)
                }
                ds => {
                    let ps = ds.iter().map(|d| {
                        let m = g.mutability(*d);
                        let n = g.name(*d);
                        quote!(#m #n)
                    });
                    quote!((#(#ps),*))
                }
            }
        };
        let p = pat(self);
        let mut pre = emit::CallBounds::new(&self.names);
        self.em.split_shared(&mut pre, &c.args);
        if !active {
            let path = &c.path;
            let args: Vec<TokenStream> = c
                .args
                .iter()
                .map(|a| match a {
                    Arg::Value(e) => self.em.value_arg(&mut pre, e, &c.args),
                    Arg::Buf(b) => self.em.plain_buf_arg(&mut pre, b),
                    Arg::Struct { place, mutable, by_value } => self.em.struct_arg(place, *mutable, *by_value),
                })
                .collect();
            let lets = pre.lets;
            return if dests.is_empty() {
                quote!(#lets ::parad::no_grad(#path(#(#args),*));)
            } else {
                quote!(#lets let #p = ::parad::no_grad(#path(#(#args),*));)
            };
        }
        let mut args = Vec::new();
        for a in &c.args {
            match a {
                Arg::Value(e) => {
                    args.push(self.em.value_arg(&mut pre, e, &c.args));
                    if crate::analysis::types::expr_cat(self.t, e) == Cat::FLOAT {
                        args.push(self.zero_or(self.tan(e)));
                    }
                }
                Arg::Buf(b) => {
                    let cat = place_cat(self.t, &b.place);
                    let with_tan = cat != Cat::Buf(Scalar::Int) && cat != Cat::Buf(Scalar::Bool);
                    let (value, bounds) = self.em.buf_value(&mut pre, b, with_tan && self.has_tan_arg(b));
                    args.push(value);
                    if with_tan {
                        let tangent = self.tan_buf_arg(b, bounds);
                        let stem = self.em.stem(&b.place);
                        if b.mutable && self.has_tan_arg(b) && pre.lent.contains(&stem) {
                            // A second `&mut` piece of one buffer: its
                            // tangent goes through a copy, in and out.
                            let tmp = self.names.fresh(&format!("t{stem}_arg"));
                            pre.lets.extend(quote!(let mut #tmp = (#tangent).to_vec();));
                            pre.post.extend(quote!((#tangent).copy_from_slice(&#tmp);));
                            args.push(quote!(&mut #tmp[..]));
                        } else {
                            if b.mutable {
                                pre.lent.push(stem);
                            }
                            args.push(tangent);
                        }
                    }
                }
                Arg::Struct { place, mutable, by_value } => {
                    args.push(self.em.struct_arg(place, *mutable, *by_value));
                    // A value passed by value: its tangent goes in its slot, below.
                    if !by_value {
                        args.push(self.lent_tangent(place, *mutable));
                    }
                }
            }
        }
        if c.passes_values() {
            args.extend(c.args.iter().map(|a| match a {
                Arg::Struct { place, by_value: true, .. } => {
                    crate::syntax::respan(self.lent_tangent(place, false), c.path.span())
                }
                _ => quote!(::core::default::Default::default()),
            }));
        }
        let tan_pat = |d: VarId| {
            if self.active_var(d) && (self.t.vars[d].holds_floats() || self.t.vars[d] == Cat::Struct) {
                let t = self.tan[d].clone().unwrap();
                quote!(mut #t)
            } else {
                quote!(_)
            }
        };
        let tpat = match dests {
            [d] => tan_pat(*d),
            [] => quote!(_),
            ds => {
                let parts = ds.iter().map(|d| tan_pat(*d));
                quote!((#(#parts,)*))
            }
        };
        let call = self.companion_call(c, &args);
        let (lets, post) = (pre.lets, pre.post);
        quote!(#lets let (#p, #tpat) = #call; #post)
    }

    /// The call of the callee's tangent companion with `args`.
    fn companion_call(&self, c: &Call, args: &[TokenStream]) -> TokenStream {
        match self.width() {
            // Batched: calls pass no values (`analysis::batched`); a callee
            // refused at its instantiation is reported at this call.
            Some(w) => {
                let comp = lanes_companion_path(&c.path, &w);
                crate::syntax::respan(quote!(#comp(#(#args),*)), c.path.span())
            }
            None => {
                let comp = companion_path(&c.path, true, c.passes_values());
                quote!(#comp(#(#args),*))
            }
        }
    }
}
