//! Tangents of expressions, and the writes of tangents into places.

use super::state::TanGen;
use crate::analysis::types::{expr_cat, Cat};
use crate::codegen::emit::{self, E};
use crate::ir::*;
use proc_macro2::TokenStream;
use quote::quote;

impl TanGen<'_> {
    /// The tangent of a float place, as an expression.
    pub(super) fn tan_read(&self, p: &Place) -> E {
        let base = self.tan[p.base].clone().unwrap();
        let tp = self.em.place_with(&base, p).ts;
        if self.struct_params[p.base].is_some() {
            let zero = emit::Emitter::zero_of(crate::analysis::types::place_cat(self.t, p));
            E::atom(quote!(#base.as_deref().map_or(#zero, |#base| #tp)))
        } else if emit::Emitter::in_element_buffer(self.t, p) {
            E::atom(emit::Emitter::read_in_element_buffer(&base, tp))
        } else {
            E::atom(tp)
        }
    }

    /// A statement writing the tangent of a place.
    pub(super) fn tan_write(&self, p: &Place, op: TokenStream, value: E) -> TokenStream {
        let base = self.tan[p.base].clone().unwrap();
        let tp = self.em.place_with(&base, p).ts;
        let v = value.ts;
        if self.struct_params[p.base].is_some() {
            // The new tangent may read the same struct's tangent: compute it first.
            let tmp = self.names.fresh("tangent");
            quote!(let #tmp = #v; if let ::core::option::Option::Some(#base) = #base.as_deref_mut() { #tp #op #tmp; })
        } else if emit::Emitter::in_element_buffer(self.t, p) {
            quote!(if !#base.is_empty() { #tp #op #v; })
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
            ExprKind::StructLit(path, fields) => {
                let fields = fields.iter().map(|(m, e)| {
                    let t = self.field_tangent(e);
                    quote!(#m: #t)
                });
                E::atom(quote!(#path { #(#fields),* }))
            }
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
            // (Batched tangents are f64 lanes: only casts to f64 are
            // differentiated there, see `analysis::batched`.)
            ExprKind::Cast(a, _) if self.lanes.is_some() => self.tan(a)?,
            ExprKind::Cast(a, ty) => {
                let ta = self.tan(a)?.at(85);
                E { ts: quote!(#ta as #ty), prec: 85 }
            }
            _ => return None,
        })
    }

    pub(super) fn tan_method(&self, m: Method, r: &Expr, args: &[Expr]) -> Option<E> {
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
                let a = self.zero_or(tx);
                let b = self.zero_or(self.tan(&args[0]));
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
    pub(super) fn let_from_value(&self, v: VarId, init: &Init) -> Option<TokenStream> {
        let Init::Expr(e) = init else { return None };
        let (method, recv) = crate::analysis::plan::value_derivative(e)?;
        let trecv = self.tan(recv).filter(|_| self.active_var(v))?;
        let (n, t, m) = (self.name(v), self.tan[v].clone()?, self.mutability(v));
        let ty = crate::codegen::reverse::annotation(self.f, v);
        let value = self.em.init_expr(v, e).ts;
        let tvalue = emit::times_value_derivative(method, &trecv, &E::atom(quote!(#n))).ts;
        Some(quote! {
            let #m #n #ty = #value;
            let #m #t = #tvalue;
        })
    }

    pub(super) fn zero_or(&self, e: Option<E>) -> TokenStream {
        e.map(|e| e.ts).unwrap_or_else(|| self.tzero())
    }

    /// The tangent of `e`, zero where it has none (a value's zero is its
    /// `Default`).
    pub(super) fn tan_or_zero(&self, e: &Expr) -> TokenStream {
        match expr_cat(self.t, e) {
            // (Spanned at `e`: a type without `Default` is reported there.)
            Cat::Struct => self.tan(e).map(|t| t.ts).unwrap_or_else(|| match &e.kind {
                // Typed where the expression names its type, which uses of
                // the tangent's fields need first (`vec![V3::default(); n]`).
                ExprKind::ValueDefault(ty) => emit::Emitter::value_zero(ty),
                ExprKind::StructLit(path, _) => emit::Emitter::value_zero(&crate::syntax::path_type(path)),
                _ => quote::quote_spanned!(e.span=> ::core::default::Default::default()),
            }),
            _ => self.zero_or(self.tan(e)),
        }
    }

    /// The tangent of a literal's field `e`: as [`Self::tan_or_zero`] for
    /// floats and values; data (integers, enums) is its own tangent, and a
    /// field that may hold a float (see `untyped_field`) has its tangent's
    /// field.
    fn field_tangent(&self, e: &Expr) -> TokenStream {
        match expr_cat(self.t, e) {
            c if c == Cat::Struct || c.is_float() => self.tan_or_zero(e),
            _ => match crate::analysis::activity::untyped_field(self.t, &self.act.vars, e) {
                Some(p) if self.tan[p.base].is_some() => self.tan_read(p).ts,
                _ => self.em.expr(e).ts,
            },
        }
    }
}

pub(super) fn sum2(a: Option<E>, b: Option<E>) -> Option<E> {
    match (a, b) {
        (Some(p), Some(q)) => Some(emit::add(&p, &q)),
        (Some(p), None) | (None, Some(p)) => Some(p),
        _ => None,
    }
}
