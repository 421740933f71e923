//! Forward mode: the tangent companion `__parad_tan_NAME`, which runs the
//! function with a tangent beside every active value.

use super::emit::{self, Emitter, E};
use super::reverse::assign_op;
use crate::analysis::activity::{expr_active, place_active, Activity};
use crate::analysis::plan::Plan;
use crate::analysis::types::{place_cat, Cat, Scalar, Types};
use crate::ir::*;
use crate::names::{companion_path, companion_tan, Names};
use crate::parse::{ParamKind, Signature};
use proc_macro2::TokenStream;
use quote::quote;
use std::cell::{Cell, RefCell};
use syn::Ident;

mod par;

pub struct TanGen<'a> {
    f: &'a Function,
    t: &'a Types,
    act: &'a Activity,
    plan: &'a Plan,
    sig: &'a Signature,
    em: Emitter<'a>,
    names: Names,
    tan: Vec<Option<Ident>>,
    struct_params: Vec<Option<bool>>,
    buf_params: Vec<Option<bool>>,
    /// The duplicated communicators tangent messages travel on.
    adj_comms: std::collections::BTreeMap<VarId, Ident>,
    /// How many rayon loops run in parallel around the code being emitted
    /// (a loop inside one runs serially in its chunk).
    par_depth: Cell<usize>,
    /// The buffers whose tangents are, where the code is emitted, a chunk's
    /// pieces (indexed by global element, sliced with ranges).
    pieces: RefCell<Vec<VarId>>,
}

impl<'a> TanGen<'a> {
    pub fn new(f: &'a Function, t: &'a Types, act: &'a Activity, plan: &'a Plan, sig: &'a Signature) -> Self {
        let names = Names::new(f.vars.iter().map(|v| v.name.to_string()));
        let mut tan = vec![None; f.vars.len()];
        let mut struct_params = vec![None; f.vars.len()];
        let mut buf_params = vec![None; f.vars.len()];
        for (i, &p) in f.params.iter().enumerate() {
            let mutable = sig.params[i].kind.is_mut();
            match &sig.params[i].kind {
                ParamKind::Float(_) | ParamKind::FloatBuf { .. } | ParamKind::Struct { .. } => {
                    tan[p] = Some(names.fresh(&crate::names::derived("t", &f.vars[p].name)));
                }
                _ => {}
            }
            match &sig.params[i].kind {
                ParamKind::Struct { .. } => struct_params[p] = Some(mutable),
                ParamKind::FloatBuf { .. } => buf_params[p] = Some(mutable),
                _ => {}
            }
        }
        for (v, tv) in tan.iter_mut().enumerate() {
            if tv.is_none() && act.vars[v] && t.vars[v].holds_floats() {
                *tv = Some(names.fresh(&crate::names::derived("t", &f.vars[v].name)));
            }
        }
        let adj_comms =
            super::mpi::comms(f).into_iter().map(|c| (c, names.fresh(&format!("adj_{}", f.vars[c].name)))).collect();
        TanGen {
            f,
            t,
            act,
            plan,
            sig,
            em: Emitter { f, t },
            names,
            tan,
            struct_params,
            buf_params,
            adj_comms,
            par_depth: Cell::new(0),
            pieces: RefCell::default(),
        }
    }

    fn name(&self, v: VarId) -> &Ident {
        &self.f.vars[v].name
    }

    fn active(&self, e: &Expr) -> bool {
        expr_active(self.t, &self.act.vars, e)
    }

    fn active_var(&self, v: VarId) -> bool {
        self.act.vars[v] && self.tan[v].is_some()
    }

    fn place_active(&self, p: &Place) -> bool {
        place_active(self.t, &self.act.vars, p) && self.tan[p.base].is_some()
    }

    fn mutability(&self, v: VarId) -> TokenStream {
        if self.plan.written[v] || self.plan.uninit[v] {
            quote!(mut)
        } else {
            quote!()
        }
    }

    /// The tangent of a float place, as an expression.
    fn tan_read(&self, p: &Place) -> E {
        let base = self.tan[p.base].clone().unwrap();
        let tp = self.em.place_with(&base, p).ts;
        if self.struct_params[p.base].is_some() {
            E::atom(quote!(#base.as_deref().map_or(0.0, |#base| #tp)))
        } else {
            E::atom(tp)
        }
    }

    /// A statement writing the tangent of a place.
    fn tan_write(&self, p: &Place, op: TokenStream, value: E) -> TokenStream {
        let base = self.tan[p.base].clone().unwrap();
        let tp = self.em.place_with(&base, p).ts;
        let v = value.ts;
        if self.struct_params[p.base].is_some() {
            // The new tangent may read the same struct's tangent: compute it first.
            let tmp = self.names.fresh("tangent");
            quote!(let #tmp = #v; if let ::core::option::Option::Some(#base) = #base.as_deref_mut() { #tp #op #tmp; })
        } else {
            quote!(#tp #op #v;)
        }
    }

    /// The tangent of an expression; `None` for zero.
    pub fn tan(&self, e: &Expr) -> Option<E> {
        if !self.active(e) {
            return None;
        }
        use emit::{add, div, method, mul, neg, sub};
        let x = |e: &Expr| self.em.expr(e);
        Some(match &e.kind {
            ExprKind::Read(p) => self.tan_read(p),
            ExprKind::Unary(UnOp::Neg, a) => neg(&self.tan(a)?),
            ExprKind::Binary(op, a, b) => {
                let (ta, tb) = (self.tan(a), self.tan(b));
                match op {
                    BinOp::Add => match (ta, tb) {
                        (Some(p), Some(q)) => add(&p, &q),
                        (Some(p), None) | (None, Some(p)) => p,
                        _ => return None,
                    },
                    BinOp::Sub => match (ta, tb) {
                        (Some(p), Some(q)) => sub(&p, &q),
                        (Some(p), None) => p,
                        (None, Some(q)) => neg(&q),
                        _ => return None,
                    },
                    BinOp::Mul => {
                        let l = ta.map(|t| mul(&t, &x(b)));
                        let r = tb.map(|t| mul(&x(a), &t));
                        match (l, r) {
                            (Some(p), Some(q)) => add(&p, &q),
                            (Some(p), None) | (None, Some(p)) => p,
                            _ => return None,
                        }
                    }
                    BinOp::Div => {
                        let l = ta.map(|t| div(&t, &x(b)));
                        let r = tb.map(|t| div(&mul(&t, &div(&x(a), &x(b))), &x(b)));
                        match (l, r) {
                            (Some(p), Some(q)) => sub(&p, &q),
                            (Some(p), None) => p,
                            (None, Some(q)) => neg(&q),
                            _ => return None,
                        }
                    }
                    BinOp::Rem => {
                        let r = tb.map(|t| mul(&t, &method(&div(&x(a), &x(b)), "trunc", &[])));
                        match (ta, r) {
                            (Some(p), Some(q)) => sub(&p, &q),
                            (Some(p), None) => p,
                            (None, Some(q)) => neg(&q),
                            _ => return None,
                        }
                    }
                    _ => return None,
                }
            }
            ExprKind::Method(m, r, args) => return self.tan_method(*m, r, args),
            ExprKind::Cast(a, ty) => {
                let ta = self.tan(a)?.at(85);
                E { ts: quote!(#ta as #ty), prec: 85 }
            }
            _ => return None,
        })
    }

    fn tan_method(&self, m: Method, r: &Expr, args: &[Expr]) -> Option<E> {
        use emit::{add, div, lit, method, mul, neg, sub};
        let x = self.em.expr(r);
        let tx = self.tan(r);
        let one = lit(1.0);
        let scale = |f: E| tx.as_ref().map(|t| mul(t, &f));
        Some(match m {
            Method::Sin => scale(method(&x, "cos", &[]))?,
            Method::Cos => neg(&scale(method(&x, "sin", &[]))?),
            Method::Tan => {
                let c = method(&x, "cos", &[]);
                div(&tx?, &mul(&c, &c))
            }
            Method::Asin => div(&tx?, &method(&sub(&one, &mul(&x, &x)), "sqrt", &[])),
            Method::Acos => neg(&div(&tx?, &method(&sub(&one, &mul(&x, &x)), "sqrt", &[]))),
            Method::Atan => div(&tx?, &add(&one, &mul(&x, &x))),
            Method::Atan2 => {
                let xx = self.em.expr(&args[0]);
                let r2 = add(&mul(&x, &x), &mul(&xx, &xx));
                let l = tx.map(|t| mul(&t, &xx));
                let rr = self.tan(&args[0]).map(|t| mul(&t, &x));
                let num = match (l, rr) {
                    (Some(p), Some(q)) => sub(&p, &q),
                    (Some(p), None) => p,
                    (None, Some(q)) => neg(&q),
                    _ => return None,
                };
                div(&num, &r2)
            }
            Method::Sinh => scale(method(&x, "cosh", &[]))?,
            Method::Cosh => scale(method(&x, "sinh", &[]))?,
            Method::Tanh => {
                let t = method(&x, "tanh", &[]);
                scale(sub(&one, &mul(&t, &t)))?
            }
            Method::Exp | Method::ExpM1 => scale(method(&x, "exp", &[]))?,
            Method::Exp2 => {
                let xs = x.ts.clone();
                scale(E::atom(quote!(::parad::__private::d_exp2(#xs))))?
            }
            Method::Ln => div(&tx?, &x),
            Method::Ln1p => div(&tx?, &add(&one, &x)),
            Method::Log2 | Method::Log10 => {
                let xs = x.ts.clone();
                let f = if m == Method::Log2 { quote!(d_log2) } else { quote!(d_log10) };
                scale(E::atom(quote!(::parad::__private::#f(#xs))))?
            }
            Method::Sqrt => div(&mul(&tx?, &lit(0.5)), &method(&x, "sqrt", &[])),
            Method::Cbrt => {
                let c = method(&x, "cbrt", &[]);
                div(&tx?, &mul(&lit(3.0), &mul(&c, &c)))
            }
            Method::Powi => {
                let xs = x.ts.clone();
                let ns = self.em.expr(&args[0]).ts;
                scale(E::atom(quote!(::parad::__private::d_powi(#xs, #ns))))?
            }
            Method::Powf => {
                let p = self.em.expr(&args[0]);
                let l = tx.map(|t| mul(&t, &mul(&p, &method(&x, "powf", &[sub(&p, &one)]))));
                let rr = self
                    .tan(&args[0])
                    .map(|t| mul(&t, &mul(&method(&x, "powf", std::slice::from_ref(&p)), &method(&x, "ln", &[]))));
                sum2(l, rr)?
            }
            Method::Hypot => {
                let y = self.em.expr(&args[0]);
                let h = method(&x, "hypot", std::slice::from_ref(&y));
                let l = tx.map(|t| mul(&t, &x));
                let rr = self.tan(&args[0]).map(|t| mul(&t, &y));
                div(&sum2(l, rr)?, &h)
            }
            Method::Abs => scale(method(&x, "signum", &[]))?,
            Method::Min | Method::Max => {
                let y = self.em.expr(&args[0]);
                let cmp = if m == Method::Min { quote!(<=) } else { quote!(>=) };
                let (xs, ys) = (x.at(51), y.at(51));
                let a = tx.map(|t| t.ts).unwrap_or_else(|| quote!(0.0));
                let b = self.tan(&args[0]).map(|t| t.ts).unwrap_or_else(|| quote!(0.0));
                E::atom(quote!((if #xs #cmp #ys { #a } else { #b })))
            }
            Method::MulAdd => {
                let a = self.em.expr(&args[0]);
                let l = tx.map(|t| mul(&t, &a));
                let rr = self.tan(&args[0]).map(|t| mul(&x, &t));
                let c = self.tan(&args[1]);
                sum2(sum2(l, rr), c)?
            }
            Method::Recip => neg(&div(&tx?, &mul(&x, &x))),
            _ => return None,
        })
    }

    /// `let e = x.exp();` and its tangent written in the value, after it:
    /// `let te = tx * e;` (the function is called once, as in the reverse
    /// sweep: see `plan::value_derivative`). `None` for any other `let`.
    fn let_from_value(&self, v: VarId, init: &Init) -> Option<TokenStream> {
        let Init::Expr(e) = init else { return None };
        let (method, recv) = crate::analysis::plan::value_derivative(e)?;
        let trecv = self.tan(recv).filter(|_| self.active_var(v))?;
        let (n, t, m) = (self.name(v), self.tan[v].clone()?, self.mutability(v));
        let ty = super::reverse::annotation(self.f, v);
        let value = self.em.init_expr(v, e).ts;
        let tvalue = emit::times_value_derivative(method, &trecv, &E::atom(quote!(#n))).ts;
        Some(quote! {
            let #m #n #ty = #value;
            let #m #t = #tvalue;
        })
    }

    fn zero_or(&self, e: Option<E>) -> TokenStream {
        e.map(|e| e.ts).unwrap_or_else(|| quote!(0.0))
    }

    /// Whether a buffer argument is passed with its tangent (else an empty slice).
    fn has_tan_arg(&self, b: &BufArg) -> bool {
        !b.nograd && place_active(self.t, &self.act.vars, &b.place) && self.tan[b.place.base].is_some()
    }

    /// The tangent of a buffer argument over the argument's `bounds` as
    /// emitted for its value (an empty slice when inactive).
    fn tan_buf_arg(&self, b: &BufArg, bounds: Option<(TokenStream, TokenStream)>) -> TokenStream {
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

    fn call(&self, c: &Call, dests: &[VarId]) -> TokenStream {
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
                    Arg::Buf(b) => self.em.buf_arg_once(&mut pre, b),
                    Arg::Struct { place, mutable } => self.em.struct_arg(place, *mutable),
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
                Arg::Struct { place, mutable } => {
                    args.push(self.em.struct_arg(place, *mutable));
                    let t = self.tan[place.base].clone();
                    args.push(match (t, place.is_var() && self.act.vars[place.base], mutable) {
                        (Some(t), true, true) => quote!(#t.as_deref_mut()),
                        (Some(t), true, false) => quote!(#t.as_deref()),
                        _ => quote!(::core::option::Option::None),
                    });
                }
            }
        }
        let tan_pat = |d: VarId| {
            if self.active_var(d) && self.t.vars[d].holds_floats() {
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
        let comp = companion_path(&c.path, true);
        let (lets, post) = (pre.lets, pre.post);
        quote!(#lets let (#p, #tpat) = #comp(#(#args),*); #post)
    }

    fn block(&self, b: &Block) -> TokenStream {
        let mut out = TokenStream::new();
        for s in &b.stmts {
            out.extend(self.stmt(s));
        }
        out
    }

    fn stmt(&self, s: &Stmt) -> TokenStream {
        let mut out = TokenStream::new();
        match &s.kind {
            StmtKind::Let { var, init: Init::Call(c) } => return self.call(c, std::slice::from_ref(var)),
            StmtKind::Let { var, init } => {
                let v = *var;
                let n = self.name(v);
                let m = self.mutability(v);
                if let Some(out) = self.let_from_value(v, init) {
                    return out;
                }
                if self.active_var(v) {
                    let t = self.tan[v].clone().unwrap();
                    let tinit = match init {
                        Init::Expr(e) => Some(self.zero_or(self.tan(e))),
                        Init::Uninit => None,
                        Init::VecFill { elem, len } => {
                            let te = self.zero_or(self.tan(elem));
                            let l = self.em.expr(len).ts;
                            Some(quote!(::std::vec![#te; #l]))
                        }
                        Init::VecLit(es) => {
                            let ts = es.iter().map(|e| self.zero_or(self.tan(e)));
                            Some(quote!(::std::vec![#(#ts),*]))
                        }
                        Init::ArrayLit(es) => {
                            let ts = es.iter().map(|e| self.zero_or(self.tan(e)));
                            Some(quote!([#(#ts),*]))
                        }
                        Init::ArrayFill { elem, len } => {
                            let te = self.zero_or(self.tan(elem));
                            Some(quote!([#te; #len]))
                        }
                        Init::Copy(src) => {
                            let b = BufArg {
                                place: src.place.clone(),
                                range: src.range.clone(),
                                mutable: false,
                                nograd: false,
                            };
                            let n = self.em.buf_arg(&b);
                            if self.has_tan_arg(&b) {
                                let t = self.tan_buf_arg(&b, self.em.bounds(&b));
                                Some(quote!(::parad::__private::copy_or_zeros(#t, (#n).len())))
                            } else {
                                Some(quote!(::parad::__private::zeros_like(#n)))
                            }
                        }
                        Init::WithCapacity(None) => Some(quote!(::std::vec::Vec::new())),
                        Init::WithCapacity(Some(n)) => {
                            let n = self.em.expr(n).ts;
                            Some(quote!(::std::vec::Vec::with_capacity(#n)))
                        }
                        Init::Call(_) => unreachable!(),
                    };
                    out.extend(match tinit {
                        Some(ti) => quote!(let #m #t = #ti;),
                        None => quote!(let #m #t;),
                    });
                }
                let ty = super::reverse::annotation(self.f, v);
                out.extend(match init {
                    Init::Uninit => quote!(let #m #n #ty;),
                    Init::Expr(e) => {
                        let e = self.em.init_expr(v, e).ts;
                        quote!(let #m #n #ty = #e;)
                    }
                    _ => {
                        let i = self.em.init(v, init);
                        quote!(let #m #n #ty = #i;)
                    }
                });
            }
            StmtKind::Assign { place, op, value } => {
                if self.place_active(place) && place_cat(self.t, place) == Cat::FLOAT {
                    let tv = self.tan(value);
                    match op {
                        AssignOp::Set => out.extend(self.tan_write(place, quote!(=), E::atom(self.zero_or(tv)))),
                        AssignOp::Add => {
                            if let Some(tv) = tv {
                                out.extend(self.tan_write(place, quote!(+=), tv));
                            }
                        }
                        AssignOp::Sub => {
                            if let Some(tv) = tv {
                                out.extend(self.tan_write(place, quote!(-=), tv));
                            }
                        }
                        AssignOp::Mul | AssignOp::Div => {
                            let cur = self.tan_read(place);
                            let val = self.em.expr(value);
                            let old = self.em.place(place);
                            let new = if *op == AssignOp::Mul {
                                let l = emit::mul(&cur, &val);
                                match tv {
                                    Some(t) => emit::add(&l, &emit::mul(&old, &t)),
                                    None => l,
                                }
                            } else {
                                let l = emit::div(&cur, &val);
                                match tv {
                                    Some(t) => emit::sub(&l, &emit::div(&emit::mul(&t, &emit::div(&old, &val)), &val)),
                                    None => l,
                                }
                            };
                            out.extend(self.tan_write(place, quote!(=), new));
                        }
                    }
                }
                let p = self.em.place(place).ts;
                let v = self.em.expr(value).ts;
                let op = assign_op(*op);
                out.extend(quote!(#p #op #v;));
            }
            StmtKind::Call { dests, call } => return self.call(call, dests),
            StmtKind::Push { vec, value } => {
                if self.place_active(vec) {
                    let t = self.tan[vec.base].clone().unwrap();
                    let tp = self.em.place_with(&t, vec).ts;
                    let tv = self.zero_or(self.tan(value));
                    out.extend(quote!(#tp.push(#tv);));
                }
                let p = self.em.place(vec).ts;
                let v = self.em.expr(value).ts;
                out.extend(quote!(#p.push(#v);));
            }
            StmtKind::Swap(a, b) => {
                if self.tan[a.base].is_some() && self.tan[b.base].is_some() && self.act.vars[a.base] {
                    let ta = self.em.place_with(self.tan[a.base].as_ref().unwrap(), a).ts;
                    let tb = self.em.place_with(self.tan[b.base].as_ref().unwrap(), b).ts;
                    out.extend(quote!(::core::mem::swap(&mut #ta, &mut #tb);));
                }
                let (pa, pb) = (self.em.place(a).ts, self.em.place(b).ts);
                out.extend(quote!(::core::mem::swap(&mut #pa, &mut #pb);));
            }
            StmtKind::If { cond, then_blk, else_blk } => {
                let c = self.em.expr(cond).ts;
                let t = self.block(then_blk);
                let e = self.block(else_blk);
                out.extend(emit::if_else(&c, &t, &e));
            }
            StmtKind::For { index, lo, hi, step, rev, body, par } => {
                let parallel = par.as_ref().filter(|_| self.par_depth.get() == 0);
                if let Some(ts) = parallel.and_then(|par| self.par_loop(s, *index, lo, hi, body, par)) {
                    return ts;
                }
                let r = self.em.range(lo, hi, step.as_ref(), *rev);
                let i = self.name(*index);
                let b = self.block(body);
                out.extend(quote!(for #i in #r { #b }));
            }
            StmtKind::While { cond, body } => {
                let c = self.em.expr(cond).ts;
                let b = self.block(body);
                out.extend(quote!(while #c { #b }));
            }
            StmtKind::Opaque(ts) => out.extend(ts.clone()),
            StmtKind::Check { cond, message } => out.extend(emit::check(&self.em.expr(cond).ts, message, s.span)),
            StmtKind::Mpi(op) => out.extend(self.mpi(op)),
        }
        out
    }

    /// The duplicated communicators, before the body.
    fn mpi_prelude(&self) -> TokenStream {
        let new = super::mpi::rt("AdjointComm");
        let lets = self.adj_comms.iter().map(|(v, adj)| {
            let c = self.name(*v);
            quote!(let #adj = #new::new(#c);)
        });
        quote!(#(#lets)*)
    }

    /// An MPI operation, then the same operation on the tangents (on the
    /// duplicated communicator; max and min pass the winners' tangents).
    fn mpi(&self, op: &MpiOp) -> TokenStream {
        use super::mpi::{float_of, forward_call, record_name, some};
        let mut pre = emit::CallBounds::new(&self.names);
        let mut tans = Vec::new();
        let mut prim = |b: &MpiBuf, pre: &mut emit::CallBounds| -> TokenStream {
            if b.scalar {
                let p = self.em.place(&b.arg.place).ts;
                let active = self.place_active(&b.arg.place);
                let t = active.then(|| {
                    let tp = self.tan_read(&b.arg.place).ts;
                    if b.arg.mutable {
                        quote!(::core::slice::from_mut(&mut #tp))
                    } else {
                        quote!(::core::slice::from_ref(&#tp))
                    }
                });
                tans.push(t);
                return if b.arg.mutable {
                    quote!(::core::slice::from_mut(&mut #p))
                } else {
                    quote!(::core::slice::from_ref(&#p))
                };
            }
            let with_tan = self.has_tan_arg(&b.arg);
            let bounds = self.em.arg_bounds(pre, &b.arg, with_tan);
            tans.push(with_tan.then(|| self.tan_buf_arg(&b.arg, bounds.clone())));
            self.em.buf_arg_in(&b.arg, bounds)
        };
        let immediate_recv = op.kind == MpiKind::ImmediateReceive;
        let send = op.send.as_ref().map(|b| prim(b, &mut pre));
        let recv = op.recv.as_ref().map(|b| {
            // An immediate receive writes at its wait: here only the length counts.
            let mut b = b.clone();
            b.arg.mutable &= !immediate_recv;
            prim(&b, &mut pre)
        });
        if let Some(r) = op.request {
            return self.mpi_immediate(op, r, pre.lets, send, recv, tans);
        }
        let comm = self.name(op.comm);
        let call = forward_call(op, &quote!(#comm), send, recv, &|e| self.em.expr(e).ts);
        let rec = self.names.fresh(record_name(op.kind));
        let adj = &self.adj_comms[&op.comm];
        let mut tans = tans.into_iter();
        let tsend = op.send.as_ref().and_then(|_| tans.next().flatten());
        let trecv = op.recv.as_ref().and_then(|_| tans.next().flatten());
        let typed_none = |b: &Option<MpiBuf>, m: TokenStream| {
            let f = match b.as_ref().or(op.send.as_ref()).or(op.recv.as_ref()) {
                Some(b) => float_of(self.f, self.sig, b),
                None => Ident::new("f64", proc_macro2::Span::call_site()),
            };
            quote!(::core::option::Option::None::<&#m [#f]>)
        };
        let ts = match tsend {
            Some(t) => some(Some(t)),
            None => typed_none(&op.send, quote!()),
        };
        let tr = match trecv {
            Some(t) => some(Some(t)),
            None => typed_none(&op.recv, quote!(mut)),
        };
        let tangent = quote!(#rec.tangent(&#adj, #ts, #tr););
        let lets = pre.lets;
        quote!(#lets let #rec = #call; #tangent)
    }

    /// An immediate operation or its wait, then the same on the tangents,
    /// on the duplicated communicator (a `Const` parameter sends zeros).
    fn mpi_immediate(
        &self,
        op: &MpiOp,
        r: VarId,
        lets: TokenStream,
        send: Option<TokenStream>,
        recv: Option<TokenStream>,
        tans: Vec<Option<TokenStream>>,
    ) -> TokenStream {
        use super::mpi::{float_of, forward_call, wait_call};
        let request = self.name(r).clone();
        let tangent_request = quote::format_ident!("{}_tangent", request);
        let b = op.send.as_ref().or(op.recv.as_ref()).unwrap();
        let prim = send.clone().or(recv.clone()).unwrap();
        let tan = tans.into_iter().flatten().next().unwrap_or_else(|| {
            let f = float_of(self.f, self.sig, b);
            quote!(&::std::vec![0.0 as #f; (#prim).len()][..])
        });
        let adj = &self.adj_comms[&op.comm];
        let adj_comm = quote!(#adj.communicator());
        match op.kind {
            MpiKind::WaitSend | MpiKind::WaitReceive => {
                let primal = wait_call(op, &request, recv);
                let tangent = wait_call(op, &tangent_request, Some(tan));
                quote!(#lets #primal #tangent)
            }
            _ => {
                let comm = self.name(op.comm);
                let primal = forward_call(op, &quote!(#comm), send.clone(), recv.clone(), &|e| self.em.expr(e).ts);
                let (ts, tr) = if op.kind == MpiKind::ImmediateSend { (Some(tan), None) } else { (None, Some(tan)) };
                let tangent = forward_call(op, &adj_comm, ts, tr, &|e| self.em.expr(e).ts);
                quote!(#lets let (#request, _) = #primal; let (#tangent_request, _) = #tangent;)
            }
        }
    }

    pub fn companion(&mut self, func: &syn::ItemFn) -> TokenStream {
        let name = companion_tan(&func.sig.ident);
        let vis = &func.vis;
        let mut params = Vec::new();
        let mut prelude = TokenStream::new();
        for (i, p) in self.sig.params.iter().enumerate() {
            let v = self.f.params[i];
            let n = self.name(v);
            let ty = &p.ty;
            let mutable = p.kind.is_mut();
            let mt =
                if self.plan.written[v] && !matches!(p.ty, syn::Type::Reference(_)) { quote!(mut) } else { quote!() };
            params.push(quote!(#mt #n: #ty));
            match &p.kind {
                ParamKind::Float(f) => {
                    let t = self.tan[v].clone().unwrap();
                    let f = f.ident();
                    params.push(quote!(mut #t: #f));
                }
                ParamKind::FloatBuf { float, .. } => {
                    let t = self.tan[v].clone().unwrap();
                    let f = float.ident();
                    if mutable {
                        params.push(quote!(#t: &mut [#f]));
                        prelude.extend(quote!(let mut #t = ::parad::__private::ShadowSlice::new(#t);));
                    } else {
                        params.push(quote!(#t: &[#f]));
                        prelude.extend(quote!(let #t = ::parad::__private::TangentSlice::new(#t);));
                    }
                }
                ParamKind::Struct { ty: inner, .. } => {
                    let t = self.tan[v].clone().unwrap();
                    if mutable {
                        params.push(quote!(mut #t: ::core::option::Option<&mut #inner>));
                    } else {
                        params.push(quote!(#t: ::core::option::Option<&#inner>));
                    }
                }
                _ => {}
            }
        }
        let ret_ty = self.sig.ret_ty.as_ref().map(|t| quote!(#t)).unwrap_or_else(|| quote!(()));
        let (tan_ty, tan_val) = match &self.sig.ret {
            ParamKind::Tuple(_) => {
                let ty = super::reverse::seed_type(&self.sig.ret);
                let vals = self.f.ret_parts.iter().map(|&r| {
                    if self.active_var(r) {
                        let t = self.tan[r].clone().unwrap();
                        quote!(#t)
                    } else if self.t.vars[r] == Cat::FLOAT {
                        quote!(0.0)
                    } else {
                        quote!(())
                    }
                });
                (ty, quote!((#(#vals,)*)))
            }
            ParamKind::Float(f) => {
                let f = f.ident();
                let val = match self.f.ret {
                    Some(r) if self.active_var(r) => {
                        let t = self.tan[r].clone().unwrap();
                        quote!(#t)
                    }
                    _ => quote!(0.0),
                };
                (quote!(#f), val)
            }
            ParamKind::FloatVec(f) => {
                let f = f.ident();
                (quote!(::std::vec::Vec<#f>), self.vec_tangent())
            }
            _ => (quote!(()), quote!(())),
        };
        let ret_val = match self.f.ret {
            Some(r) => {
                let n = self.name(r);
                quote!(#n)
            }
            None if !self.f.ret_parts.is_empty() => {
                let names = self.f.ret_parts.iter().map(|&r| self.name(r).clone());
                quote!((#(#names,)*))
            }
            None => quote!(()),
        };
        prelude.extend(self.mpi_prelude());
        let body = self.block(&self.f.body);
        // A zero tangent of a `Vec` reads the result's length before the
        // result moves.
        let (tan_bind, tan_val) = match &self.sig.ret {
            ParamKind::FloatVec(_) => {
                let t = self.names.fresh("tangent");
                (quote!(let #t = #tan_val;), quote!(#t))
            }
            _ => (quote!(), tan_val),
        };
        let allow_generated = crate::syntax::allow_generated();
        quote! {
            #[doc(hidden)]
            #[inline]
            #allow_generated
            #vis fn #name(#(#params),*) -> (#ret_ty, #tan_ty) {
                #prelude
                #body
                #tan_bind
                (#ret_val, #tan_val)
            }
        }
    }
}

impl TanGen<'_> {
    /// The tangent of a returned `Vec`: its tangent, or zeros of its length
    /// where it does not depend on the inputs; to be evaluated before the
    /// result is moved.
    fn vec_tangent(&self) -> TokenStream {
        let Some(r) = self.f.ret else { return quote!(()) };
        let n = self.name(r);
        match self.tan[r].clone().filter(|_| self.active_var(r)) {
            Some(t) => quote!(#t),
            None => quote!(::std::vec![0.0; #n.len()]),
        }
    }
}

fn sum2(a: Option<E>, b: Option<E>) -> Option<E> {
    match (a, b) {
        (Some(p), Some(q)) => Some(emit::add(&p, &q)),
        (Some(p), None) | (None, Some(p)) => Some(p),
        _ => None,
    }
}

impl TanGen<'_> {
    /// The forward-mode derivative a user asked for, as one function with the
    /// signature of DESIGN section 2 for the activities of `spec`. The
    /// analyses behind `self` were run with `Const` parameters inactive.
    pub fn flat(&mut self, func: &syn::ItemFn, spec: &crate::parse::DiffSpec) -> TokenStream {
        use crate::parse::Activity as A;
        let mut params = Vec::new();
        let mut checks = TokenStream::new();
        let mut prelude = TokenStream::new();
        for (i, (p, input)) in self.sig.params.iter().zip(&func.sig.inputs).enumerate() {
            params.push(quote!(#input));
            let v = self.f.params[i];
            let n = self.name(v).clone();
            let dual = matches!(spec.acts[i].0, A::Dual | A::DualOnly);
            if !dual {
                continue;
            }
            let t = self.tan[v].clone().unwrap();
            let ty = &p.ty;
            match &p.kind {
                ParamKind::Float(_) => params.push(quote!(mut #t: #ty)),
                ParamKind::FloatBuf { .. } => {
                    self.buf_params[v] = None;
                    params.push(quote!(#t: #ty));
                    let msg = format!("the tangent of `{n}` must have the length of `{n}`");
                    checks.extend(quote!(::core::assert_eq!(#t.len(), #n.len(), #msg);));
                    prelude.extend(if p.kind.is_mut() {
                        quote!(let #t = &mut #t[..#n.len()];)
                    } else {
                        quote!(let #t = &#t[..#n.len()];)
                    });
                }
                ParamKind::Struct { .. } => {
                    params.push(quote!(#t: #ty));
                    prelude.extend(quote!(let mut #t = ::core::option::Option::Some(#t);));
                }
                _ => {}
            }
        }
        let n = self.sig.params.len();
        let ret_act = spec.acts.get(n).map(|a| a.0);
        let tangent = match self.f.ret {
            _ if matches!(self.sig.ret, ParamKind::FloatVec(_)) => self.vec_tangent(),
            Some(r) if self.active_var(r) => {
                let t = self.tan[r].clone().unwrap();
                quote!(#t)
            }
            _ => quote!(0.0),
        };
        let primal = match self.f.ret {
            Some(r) => {
                let n = self.name(r);
                quote!(#n)
            }
            None => quote!(()),
        };
        let ret_ty = self.sig.ret_ty.as_ref().map(|t| quote!(#t)).unwrap_or_else(|| quote!(()));
        let (result, result_ty) = match (&self.sig.ret, ret_act) {
            (ParamKind::Unit, _) => (quote!(()), quote!(())),
            (ParamKind::FloatVec(_), Some(A::Dual)) => {
                let t = self.names.fresh("tangent");
                (quote!({ let #t = #tangent; (#primal, #t) }), quote!((#ret_ty, #ret_ty)))
            }
            (_, Some(A::Dual)) => (quote!((#primal, #tangent)), quote!((#ret_ty, #ret_ty))),
            (_, Some(A::DualOnly)) => (tangent, ret_ty),
            _ => (primal, ret_ty),
        };
        prelude.extend(self.mpi_prelude());
        let body = self.block(&self.f.body);
        let name = &spec.name;
        let vis = &func.vis;
        let doc = format!(" Forward-mode derivative of [`{}`], generated by `#[autodiff]`.", func.sig.ident);
        let allow_generated = crate::syntax::allow_generated();
        quote! {
            #[doc = #doc]
            #allow_generated
            #vis fn #name(#(#params),*) -> #result_ty {
                #checks
                #prelude
                #body
                #result
            }
        }
    }
}
