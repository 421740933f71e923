//! `Float`: the bound of float-generic functions that parad differentiates
//! (`fn f<T: Float>(x: &[T]) -> T`).
//!
//! It is `num_traits::Float` with what numerical code and the generated
//! derivatives also need: the compound assignments, `Sum`, `Default`,
//! `Debug`, `Send + Sync` (rayon), and the runtime's own float traits. Only
//! `f32` and `f64` implement it. A function written over
//! `num_traits::Float` alone is differentiated too: its derivatives add
//! the bound `T: parad::Float`.

use crate::shadow::deriv::Real;
use crate::value::Value;
use num_traits::{NumAssign, ToPrimitive};

/// A float type parad differentiates generically: `f32` or `f64`.
///
/// Write literals as `T::from(0.5).unwrap()` (or `T::one()`, `T::zero()`),
/// conversions from integers as `T::from(n).unwrap()`; methods are those of
/// `num_traits::Float` (`sqrt`, `exp`, `powi`, `max`, ...).
pub trait Float:
    num_traits::Float
    + NumAssign
    + std::iter::Sum
    + Default
    + std::fmt::Debug
    + Send
    + Sync
    + 'static
    + crate::shadow::Float
    + Real
    + Value
{
    /// A literal of the generated code, written in `f64`.
    #[doc(hidden)]
    fn lit(v: f64) -> Self;
    /// A number converted as `n as F` would convert it.
    #[doc(hidden)]
    fn cast<N: ToPrimitive>(n: N) -> Self;
}

impl Float for f64 {
    #[inline(always)]
    fn lit(v: f64) -> Self {
        v
    }
    #[inline(always)]
    fn cast<N: ToPrimitive>(n: N) -> Self {
        // Every primitive number converts to f64 (perhaps rounded).
        n.to_f64().unwrap_or(f64::NAN)
    }
}

impl Float for f32 {
    #[inline(always)]
    fn lit(v: f64) -> Self {
        v as f32
    }
    #[inline(always)]
    fn cast<N: ToPrimitive>(n: N) -> Self {
        // `to_f32` of an f64 outside f32's range is None, where `as` gives
        // an infinity: go through f64 to keep `as`'s meaning.
        n.to_f64().map_or(f32::NAN, |v| v as f32)
    }
}
