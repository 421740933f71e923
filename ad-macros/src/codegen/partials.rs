//! The adjoints of the float methods, written once over an expression
//! algebra: the reverse sweep of `#[autodiff]` builds them as Rust tokens,
//! the adjoint kernels of `#[kernel]` as kernel IR (printed as Rust and as
//! CUDA C). `min` and `max` are not here: their adjoint is a branch, which
//! each caller writes in its own form.

use crate::ir::Method;

/// How `powi`'s exponent is known.
pub enum Powi<E> {
    /// An integer literal.
    Lit(i64),
    /// Any other expression, as the algebra's value.
    Expr(E),
    /// A literal that does not parse: no adjoint.
    Bad,
}

/// How `m`'s exponent is known, for `powi` (`eargs`: the arguments as
/// the algebra's values).
pub fn powi_exponent<E: Clone>(m: Method, args: &[crate::ir::Expr], eargs: &[E]) -> Powi<E> {
    match (m, args.first().map(|a| &a.kind)) {
        (Method::Powi, Some(crate::ir::ExprKind::Lit(syn::Lit::Int(i)))) => {
            i.base10_parse::<i64>().map_or(Powi::Bad, Powi::Lit)
        }
        (Method::Powi, Some(_)) => Powi::Expr(eargs[0].clone()),
        _ => Powi::Bad,
    }
}

/// The operations the rules need.
pub trait Algebra {
    type E: Clone;
    fn lit(&self, v: f64) -> Self::E;
    fn int(&self, v: i64) -> Self::E;
    fn add(&self, a: &Self::E, b: &Self::E) -> Self::E;
    fn sub(&self, a: &Self::E, b: &Self::E) -> Self::E;
    fn mul(&self, a: &Self::E, b: &Self::E) -> Self::E;
    fn div(&self, a: &Self::E, b: &Self::E) -> Self::E;
    fn neg(&self, a: &Self::E) -> Self::E;
    fn method(&self, x: &Self::E, m: Method, args: &[Self::E]) -> Self::E;
    /// d/dx 2^x.
    fn d_exp2(&self, x: &Self::E) -> Self::E;
    /// d/dx log2(x) (`ten`: log10).
    fn d_log(&self, x: &Self::E, ten: bool) -> Self::E;
    /// d/dx x^n for an integer expression `n`.
    fn d_powi(&self, x: &Self::E, n: &Self::E) -> Self::E;
}

/// What `x.m(args)` adds to the adjoint of each operand when its own
/// adjoint is `g`: receiver first, then the arguments; `None` where nothing
/// flows (or the method is piecewise constant).
pub fn method_adjoints<A: Algebra>(
    a: &A,
    m: Method,
    x: &A::E,
    args: &[A::E],
    powi: Powi<A::E>,
    g: &A::E,
) -> Vec<Option<A::E>> {
    let one = a.lit(1.0);
    let d = |f: A::E| a.mul(g, &f);
    let call = |m: Method| a.method(x, m, &[]);
    let recv = |e: A::E| vec![Some(e)];
    match m {
        Method::Sin => recv(d(call(Method::Cos))),
        Method::Cos => recv(a.neg(&d(call(Method::Sin)))),
        Method::Tan => {
            let c = call(Method::Cos);
            recv(a.div(g, &a.mul(&c, &c)))
        }
        Method::Asin => recv(a.div(g, &a.method(&a.sub(&one, &a.mul(x, x)), Method::Sqrt, &[]))),
        Method::Acos => recv(a.neg(&a.div(g, &a.method(&a.sub(&one, &a.mul(x, x)), Method::Sqrt, &[])))),
        Method::Atan => recv(a.div(g, &a.add(&one, &a.mul(x, x)))),
        Method::Atan2 => {
            let (y, xx) = (x, &args[0]);
            let r2 = a.add(&a.mul(y, y), &a.mul(xx, xx));
            vec![Some(a.div(&a.mul(g, xx), &r2)), Some(a.neg(&a.div(&a.mul(g, y), &r2)))]
        }
        Method::Sinh => recv(d(call(Method::Cosh))),
        Method::Cosh => recv(d(call(Method::Sinh))),
        Method::Tanh => {
            let t = call(Method::Tanh);
            recv(d(a.sub(&one, &a.mul(&t, &t))))
        }
        Method::Exp | Method::ExpM1 => recv(d(call(Method::Exp))),
        Method::Exp2 => recv(d(a.d_exp2(x))),
        Method::Ln => recv(a.div(g, x)),
        Method::Ln1p => recv(a.div(g, &a.add(&one, x))),
        Method::Log2 | Method::Log10 => recv(d(a.d_log(x, m == Method::Log10))),
        Method::Sqrt => recv(a.div(&a.mul(g, &a.lit(0.5)), &call(Method::Sqrt))),
        Method::Cbrt => {
            let c = call(Method::Cbrt);
            recv(a.div(g, &a.mul(&a.lit(3.0), &a.mul(&c, &c))))
        }
        Method::Powi => {
            let factor = match powi {
                Powi::Lit(0) | Powi::Bad => return vec![None, None],
                Powi::Lit(1) => one.clone(),
                Powi::Lit(2) => a.mul(&a.lit(2.0), x),
                Powi::Lit(k) => a.mul(&a.lit(k as f64), &a.method(x, Method::Powi, &[a.int(k - 1)])),
                Powi::Expr(n) => a.d_powi(x, &n),
            };
            vec![Some(d(factor)), None]
        }
        Method::Powf => {
            let p = &args[0];
            let dx = d(a.mul(p, &a.method(x, Method::Powf, &[a.sub(p, &one)])));
            let dp = d(a.mul(&a.method(x, Method::Powf, std::slice::from_ref(p)), &call(Method::Ln)));
            vec![Some(dx), Some(dp)]
        }
        Method::Hypot => {
            let y = &args[0];
            let h = a.method(x, Method::Hypot, std::slice::from_ref(y));
            vec![Some(a.div(&a.mul(g, x), &h)), Some(a.div(&a.mul(g, y), &h))]
        }
        Method::Abs => recv(d(call(Method::Signum))),
        Method::MulAdd => vec![Some(a.mul(g, &args[0])), Some(a.mul(g, x)), Some(g.clone())],
        Method::Recip => recv(a.neg(&a.div(g, &a.mul(x, x)))),
        _ => vec![],
    }
}

/// The algebra of Rust tokens (`codegen::emit`), for the reverse sweep.
pub struct Tokens;

impl Algebra for Tokens {
    type E = super::emit::E;
    fn lit(&self, v: f64) -> Self::E {
        super::emit::lit(v)
    }
    fn int(&self, v: i64) -> Self::E {
        let l = syn::LitInt::new(&v.to_string(), proc_macro2::Span::call_site());
        Self::E::atom(quote::quote!(#l))
    }
    fn add(&self, a: &Self::E, b: &Self::E) -> Self::E {
        super::emit::add(a, b)
    }
    fn sub(&self, a: &Self::E, b: &Self::E) -> Self::E {
        super::emit::sub(a, b)
    }
    fn mul(&self, a: &Self::E, b: &Self::E) -> Self::E {
        super::emit::mul(a, b)
    }
    fn div(&self, a: &Self::E, b: &Self::E) -> Self::E {
        super::emit::div(a, b)
    }
    fn neg(&self, a: &Self::E) -> Self::E {
        super::emit::neg(a)
    }
    fn method(&self, x: &Self::E, m: Method, args: &[Self::E]) -> Self::E {
        super::emit::method(x, m.name(), args)
    }
    fn d_exp2(&self, x: &Self::E) -> Self::E {
        let xs = &x.ts;
        Self::E::atom(quote::quote!(::parad::__private::d_exp2(#xs)))
    }
    fn d_log(&self, x: &Self::E, ten: bool) -> Self::E {
        let xs = &x.ts;
        let f = if ten { quote::quote!(d_log10) } else { quote::quote!(d_log2) };
        Self::E::atom(quote::quote!(::parad::__private::#f(#xs)))
    }
    fn d_powi(&self, x: &Self::E, n: &Self::E) -> Self::E {
        let (xs, ns) = (&x.ts, &n.ts);
        Self::E::atom(quote::quote!(::parad::__private::d_powi(#xs, #ns)))
    }
}
