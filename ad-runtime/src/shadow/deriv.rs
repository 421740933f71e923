//! Small derivative helpers the generated adjoints call where writing the
//! expression inline would need the float type spelled out.

use super::Float;

/// Float operations generated code needs generically over `f32`/`f64`.
pub trait Real: Float + std::ops::Div<Output = Self> + std::ops::Sub<Output = Self> {
    /// `self` as `f64`.
    fn as_f64(self) -> f64;
    /// An `f64` converted to `Self`.
    fn of_f64(v: f64) -> Self;
}

impl Real for f64 {
    #[inline(always)]
    fn as_f64(self) -> f64 {
        self
    }
    #[inline(always)]
    fn of_f64(v: f64) -> Self {
        v
    }
}

impl Real for f32 {
    #[inline(always)]
    fn as_f64(self) -> f64 {
        self as f64
    }
    #[inline(always)]
    fn of_f64(v: f64) -> Self {
        v as f32
    }
}

/// The adjoint `g` of a cast's result, converted back to the type of the
/// cast's operand `like` (`x as f64` with `x: f32` sends an `f32` back).
#[inline(always)]
pub fn cast_like<S: Real, T: Real>(g: S, _like: T) -> T {
    T::of_f64(g.as_f64())
}

/// Sum of a shadow buffer: the adjoint of the element of `vec![x; n]`
/// (of floats, or of values, added field by field).
#[inline]
pub fn sum<F: crate::value::Value + Default>(xs: &[F]) -> F {
    let mut s = F::default();
    for x in xs {
        s.add_adjoint(x);
    }
    s
}

/// d/dx x^n for an integer exponent known only at run time: 0 for
/// n = 0, also at x = 0 (where n x^(n-1) would be 0 * inf).
#[inline(always)]
pub fn d_powi<F: Real>(x: F, n: i32) -> F {
    if n == 0 {
        return F::of_f64(0.0);
    }
    let xf = x.as_f64();
    F::of_f64(n as f64 * xf.powi(n - 1))
}

/// d/dx 2^x.
#[inline(always)]
pub fn d_exp2<F: Real>(x: F) -> F {
    F::of_f64(x.as_f64().exp2() * std::f64::consts::LN_2)
}

/// d/dx 2^x written in the value v = 2^x: v ln 2.
#[inline(always)]
pub fn d_exp2_from_value<F: Real>(v: F) -> F {
    F::of_f64(v.as_f64() * std::f64::consts::LN_2)
}

/// d/dx log2(x).
#[inline(always)]
pub fn d_log2<F: Real>(x: F) -> F {
    F::of_f64(1.0 / (x.as_f64() * std::f64::consts::LN_2))
}

/// d/dx log10(x).
#[inline(always)]
pub fn d_log10<F: Real>(x: F) -> F {
    F::of_f64(1.0 / (x.as_f64() * std::f64::consts::LN_10))
}
