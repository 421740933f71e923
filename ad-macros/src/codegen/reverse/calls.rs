//! Calls: their shadow arguments, and the adjoint of a call through the
//! callee's companion.

use super::state::RevGen;
use crate::analysis::activity::place_active;
use crate::analysis::types::{place_cat, Cat, Scalar};
use crate::codegen::emit::{self, E};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;
use syn::spanned::Spanned;
use syn::Ident;

impl RevGen<'_> {
    pub(super) fn place_active_buf(&self, p: &Place) -> bool {
        place_active(self.t, &self.act.vars, p)
            && self.shadow[p.base].is_some()
            && matches!(place_cat(self.t, p), Cat::Buf(Scalar::Float | Scalar::Value))
    }

    pub(super) fn shadow_read(&self, p: &Place) -> E {
        let base = self.shadow[p.base].clone().unwrap();
        if self.struct_params[p.base] {
            let sp = self.em.place_with(&base, p).ts;
            E::atom(quote!(#base.as_deref().map_or(0.0, |#base| #sp)))
        } else if emit::Emitter::in_element_buffer(self.t, p) {
            E::atom(emit::Emitter::read_in_element_buffer(&base, self.em.place_with(&base, p).ts))
        } else {
            self.em.place_with(&base, p)
        }
    }

    /// `shadow(buf)[idx] += value` for a buffer place.
    pub(super) fn with_shadow_elem(&self, buf: &Place, idx: &TokenStream, value: TokenStream) -> TokenStream {
        let base = self.shadow[buf.base].clone().unwrap();
        let add = |sp: TokenStream| emit::Emitter::add_elem(place_cat(self.t, buf), quote!(#sp[#idx]), value.clone());
        if self.struct_params[buf.base] {
            let add = add(self.em.struct_shadow_place(&base, buf, true));
            quote!(if let ::core::option::Option::Some(#base) = #base.as_deref_mut() { #add })
        } else {
            add(self.em.place_with(&base, buf).ts)
        }
    }

    /// Whether a buffer argument is passed with its shadow (else `&mut []`).
    pub(super) fn has_shadow_arg(&self, b: &BufArg) -> bool {
        !b.nograd && self.place_active_buf(&b.place)
    }

    /// A buffer argument of a call's adjoint: its value, then, for a float
    /// buffer, its shadow. An inactive shadow is `&mut []`, or with `zeros`
    /// a vector of zeros as long as the argument, bound first into `pre`
    /// (a joint function's shadows must match their buffers).
    pub(super) fn adjoint_buf_args(&self, pre: &mut emit::CallBounds, b: &BufArg, zeros: bool) -> Vec<TokenStream> {
        let cat = place_cat(self.t, &b.place);
        let float = cat != Cat::Buf(Scalar::Int) && cat != Cat::Buf(Scalar::Bool);
        let active = float && self.has_shadow_arg(b);
        let (value, bounds) = self.em.buf_value(pre, b, active);
        let mut args = vec![value];
        if float && active {
            let shadow = self.shadow_arg(b, bounds.clone());
            let key = self.shadow_key(b);
            if pre.lent.contains(&key) {
                // A second argument taken from the same buffer
                // (`pair(&x[a..b], &x[c..d])`) gets a shadow of its own. An
                // input's may overlap the first's: it starts at zero and is
                // added into the buffer's after the call. A `&mut` one is
                // disjoint from the others (the borrow checker saw to it):
                // it carries the seed in and the adjoint out.
                let tmp = self.names.fresh(&format!("{key}_arg"));
                if b.mutable {
                    pre.lets.extend(quote!(let mut #tmp = (#shadow).to_vec();));
                    pre.post.extend(quote!((#shadow).copy_from_slice(&#tmp);));
                } else {
                    let len = self.arg_len(b, &bounds);
                    let zero = emit::Emitter::elem_zero(cat);
                    pre.lets.extend(quote!(let mut #tmp = ::std::vec![#zero; #len];));
                    let add = emit::Emitter::add_elem(cat, quote!(*s), quote!(*t));
                    pre.post.extend(quote! {
                        for (s, t) in (#shadow).iter_mut().zip(&#tmp) {
                            #add
                        }
                    });
                }
                args.push(quote!(&mut #tmp[..]));
            } else {
                pre.lent.push(key);
                args.push(shadow);
            }
        } else if float && !zeros {
            args.push(self.shadow_arg(b, bounds));
        } else if float {
            let len = self.arg_len(b, &bounds);
            let z = self.names.fresh("zeros");
            let zero = emit::Emitter::elem_zero(cat);
            pre.lets.extend(quote!(let mut #z = ::std::vec![#zero; #len];));
            args.push(quote!(&mut #z[..]));
        }
        args
    }

    /// The length of a buffer argument whose bounds are emitted as `bounds`.
    pub(super) fn arg_len(&self, b: &BufArg, bounds: &Option<(TokenStream, TokenStream)>) -> TokenStream {
        match bounds {
            Some((lo, hi)) => quote!(#hi - #lo),
            None => {
                let base = self.em.place(&b.place).ts;
                quote!(#base.len())
            }
        }
    }

    /// The shadow buffer a buffer argument lends from (its base and fields,
    /// no range), as a name stem.
    pub(super) fn shadow_key(&self, b: &BufArg) -> String {
        let base = self.shadow[b.place.base].clone().unwrap();
        let fields = self.em.stem(&b.place).split_off(self.name(b.place.base).to_string().len());
        format!("{base}{fields}")
    }

    /// The shadow of a buffer argument as a plain `&mut [F]` (empty when
    /// inactive), over the argument's `range` as emitted for its value.
    pub(super) fn shadow_arg(&self, b: &BufArg, range: Option<(TokenStream, TokenStream)>) -> TokenStream {
        if !self.has_shadow_arg(b) {
            return quote!(&mut []);
        }
        let base = self.shadow[b.place.base].clone().unwrap();
        if self.struct_params[b.place.base] {
            let sp = self.em.struct_shadow_place(&base, &b.place, true);
            let inner = match &range {
                Some((lo, hi)) => {
                    let r = emit::slice_range(lo, hi);
                    quote!(&mut #sp[#r])
                }
                None => quote!(&mut #sp[..]),
            };
            return quote!(#base.as_deref_mut().map_or(&mut [][..], |#base| #inner));
        }
        let sp = self.em.place_with(&base, &b.place).ts;
        let param = self.float_buf_params[b.place.base] && b.place.is_var() && !self.pieces.contains(&b.place.base);
        match (range, param) {
            (None, true) => quote!(#sp.as_mut_slice()),
            (Some((lo, hi)), true) => quote!(::parad::__private::sub(#sp.as_mut_slice(), #lo, #hi)),
            (None, false) => quote!(&mut #sp[..]),
            (Some((lo, hi)), false) => {
                let r = emit::slice_range(&lo, &hi);
                quote!(&mut #sp[#r])
            }
        }
    }

    /// The shadow of a struct lent to a call, or of a value passed in a
    /// value slot (see `docs/values.md`): a `&T` parameter's as the
    /// `Option` it is, a value's lent, `None` where inactive. A value passed
    /// twice (`dot(a, a)`) lends a zero the second time, added into its
    /// shadow after the call.
    fn lent_shadow(&self, pre: &mut emit::CallBounds, place: &Place) -> TokenStream {
        let Some(d) = self.shadow[place.base].clone().filter(|_| self.act.vars[place.base]) else {
            return quote!(::core::option::Option::None);
        };
        // A value, or an element of a buffer of values (`&xs[i]`: `dxs[i]`).
        let sp = self.em.place_with(&d, place).ts;
        let key = d.to_string();
        if pre.lent.contains(&key) {
            let tmp = self.names.fresh(&format!("{d}_arg"));
            let zero = match &self.f.vars[place.base].annot {
                Some(ty) if place.is_var() => emit::Emitter::value_zero(ty),
                _ => {
                    let p = self.em.place(place).ts;
                    quote!(::parad::__private::zero_like(&#p))
                }
            };
            pre.lets.extend(quote!(let mut #tmp = #zero;));
            pre.post.extend(match self.struct_params[place.base] {
                true => quote! {
                    if let ::core::option::Option::Some(#d) = #d.as_deref_mut() {
                        ::parad::Value::add_adjoint(#d, &#tmp);
                    }
                },
                false => quote!(::parad::Value::add_adjoint(&mut #sp, &#tmp);),
            });
            return quote!(::core::option::Option::Some(&mut #tmp));
        }
        pre.lent.push(key);
        if self.struct_params[place.base] {
            quote!(#d.as_deref_mut())
        } else {
            quote!(::core::option::Option::Some(&mut #sp))
        }
    }

    pub(super) fn rev_call(&mut self, s: &Stmt, c: &Call, dests: &[VarId]) -> TokenStream {
        if self.joint_calls.contains(&s.id) {
            return self.rev_joint_call(c, dests);
        }
        let mut out = TokenStream::new();
        let Some(rev) = self.call_names.get(&s.id).cloned() else { return out };
        if let Some(&slot) = self.plan.call_slots.get(&s.id) {
            let load = self.slot_load(slot);
            out.extend(quote!(let #rev = #load;));
        }
        let mut pre = emit::CallBounds::new(&self.names);
        self.em.split_shared(&mut pre, &c.args);
        let mut args = Vec::new();
        let mut float_args = Vec::new();
        for a in &c.args {
            match a {
                Arg::Value(e) => {
                    if crate::analysis::types::expr_cat(self.t, e) == Cat::FLOAT {
                        float_args.push(e);
                    }
                }
                Arg::Buf(b) => args.extend(self.adjoint_buf_args(&mut pre, b, false)),
                // Its shadow goes in its slot, below.
                Arg::Struct { by_value: true, .. } => {}
                Arg::Struct { place, mutable, .. } => {
                    args.push(self.em.struct_arg(place, *mutable, false));
                    args.push(self.lent_shadow(&mut pre, place));
                }
            }
        }
        let slots: Vec<TokenStream> = match c.passes_values() {
            true => c
                .args
                .iter()
                .map(|a| match a {
                    Arg::Struct { place, by_value: true, .. } => {
                        crate::syntax::respan(self.lent_shadow(&mut pre, place), c.path.span())
                    }
                    _ => quote!(::core::default::Default::default()),
                })
                .collect(),
            false => Vec::new(),
        };
        out.extend(pre.lets);
        // An inactive result's seed is zero of whatever type the callee's
        // result has (`0.0`, or `()` for an integer): `Default` says both.
        let seed_of = |d: VarId| {
            // A float's shadow, or a returned value's, by value.
            if self.active_var(d) && (self.t.vars[d] == Cat::FLOAT || self.t.vars[d] == Cat::Struct) {
                let dd = self.shadow[d].clone().unwrap();
                quote!(#dd)
            } else if self.active_var(d) && self.t.vars[d] == Cat::Buf(Scalar::Float) {
                // A returned `Vec`.
                let dd = self.shadow[d].clone().unwrap();
                quote!(&#dd[..])
            } else {
                quote!(::core::default::Default::default())
            }
        };
        let seed = match dests {
            // A result the caller drops: zero of its type.
            [] => quote!(::core::default::Default::default()),
            [d] => seed_of(*d),
            ds => {
                let parts = ds.iter().map(|d| seed_of(*d));
                quote!((#(#parts,)*))
            }
        };
        args.push(seed);
        args.extend(slots);
        let gs: Vec<Ident> = float_args.iter().map(|_| self.names.fresh("g")).collect();
        if gs.is_empty() {
            out.extend(quote!(#rev(#(#args),*);));
        } else {
            out.extend(quote!(let (#(#gs,)*) = #rev(#(#args),*);));
        }
        out.extend(pre.post);
        for (e, g) in float_args.iter().zip(gs) {
            self.adj(e, E::atom(quote!(#g)), &mut out);
        }
        out
    }

    // ----------------------------------------------------------- companion
}
