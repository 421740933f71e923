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

    /// The tangent of `r.m(args)`: each operand's tangent times the
    /// method's partial for it, from the one table of partials that the
    /// reverse sweep and the kernels use (`codegen::partials`), with the
    /// tangent in place of the adjoint; `min` and `max` pick a tangent.
    pub(super) fn tan_method(&self, m: Method, r: &Expr, args: &[Expr]) -> Option<E> {
        use crate::codegen::partials::{method_adjoints, powi_exponent, Tokens};
        let x = self.em.expr(r);
        if let Method::Min | Method::Max = m {
            let y = self.em.expr(&args[0]);
            let cmp = if m == Method::Min { quote!(<=) } else { quote!(>=) };
            let (xs, ys) = (x.at(51), y.at(51));
            let a = self.zero_or(self.tan(r));
            let b = self.zero_or(self.tan(&args[0]));
            return Some(E::atom(quote!((if #xs #cmp #ys { #a } else { #b }))));
        }
        let eargs: Vec<E> = args.iter().map(|a| self.em.expr(a)).collect();
        let mut sum = None;
        for (k, operand) in std::iter::once(r).chain(args).enumerate() {
            let Some(t) = self.tan(operand) else { continue };
            let powi = powi_exponent(m, args, &eargs);
            let term = method_adjoints(&Tokens, m, &x, &eargs, powi, &t).into_iter().nth(k).flatten();
            sum = sum2(sum, term);
        }
        sum
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
