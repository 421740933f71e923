//! Tangents of batched forward mode: `#[autodiff(forward, d_f, N, ..)]`
//! carries `N` tangents of every value at once, as one [`Lanes<N>`].
//!
//! The generated derivative computes the primal once and each tangent
//! operation on all `N` lanes: `t_y = t_x * cos(x)` multiplies a fixed-length
//! array by one number, a loop LLVM unrolls and vectorises. Tangents are
//! linear in each other, so `Lanes` needs only sums, differences, negation,
//! and products and quotients by a primal number; it has nothing else.
//!
//! The user never sees a `Lanes`: the derivative takes `N` tangent arguments
//! (or one `N` times as long, `Dualv`), packs them into lanes here
//! ([`pack`], [`pack_strided`]), and unpacks what it writes back
//! ([`unpack`], [`unpack_strided`]); tangents of results come back as
//! `[f64; N]`. [`jacobian`] builds a Jacobian from such a derivative, `N`
//! columns per call.

use crate::tape::Tape;
use std::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign};

/// `N` tangents of one `f64`, lane `k` belonging to direction `k`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(transparent)]
pub struct Lanes<const N: usize>(pub [f64; N]);

impl<const N: usize> Lanes<N> {
    /// All lanes zero: the tangent of a constant.
    pub const ZERO: Lanes<N> = Lanes([0.0; N]);
}

impl<const N: usize> Default for Lanes<N> {
    #[inline(always)]
    fn default() -> Self {
        Self::ZERO
    }
}

/// One lane-wise operation, `$aop` (`+=`) of two lanes, and its binary
/// form through it.
macro_rules! lanewise {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $aop:tt) => {
        impl<const N: usize> $atr for Lanes<N> {
            #[inline(always)]
            fn $af(&mut self, o: Lanes<N>) {
                for k in 0..N {
                    self.0[k] $aop o.0[k];
                }
            }
        }
        impl<const N: usize> $tr for Lanes<N> {
            type Output = Lanes<N>;
            #[inline(always)]
            fn $f(mut self, o: Lanes<N>) -> Lanes<N> {
                self $aop o;
                self
            }
        }
    };
}

lanewise!(Add, add, AddAssign, add_assign, +=);
lanewise!(Sub, sub, SubAssign, sub_assign, -=);

/// Scaling every lane by a primal number, `$aop` (`*=`), and its binary form.
macro_rules! scale {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $aop:tt) => {
        impl<const N: usize> $atr<f64> for Lanes<N> {
            #[inline(always)]
            fn $af(&mut self, c: f64) {
                for k in 0..N {
                    self.0[k] $aop c;
                }
            }
        }
        impl<const N: usize> $tr<f64> for Lanes<N> {
            type Output = Lanes<N>;
            #[inline(always)]
            fn $f(mut self, c: f64) -> Lanes<N> {
                self $aop c;
                self
            }
        }
    };
}

scale!(Mul, mul, MulAssign, mul_assign, *=);
scale!(Div, div, DivAssign, div_assign, /=);

impl<const N: usize> Mul<Lanes<N>> for f64 {
    type Output = Lanes<N>;
    #[inline(always)]
    fn mul(self, t: Lanes<N>) -> Lanes<N> {
        // (Products of floats commute exactly.)
        t * self
    }
}

impl<const N: usize> Neg for Lanes<N> {
    type Output = Lanes<N>;
    #[inline(always)]
    fn neg(mut self) -> Lanes<N> {
        for k in 0..N {
            self.0[k] = -self.0[k];
        }
        self
    }
}

/// The lanes of `N` scalar tangents.
#[inline(always)]
pub fn scalar<const N: usize>(ts: [f64; N]) -> Lanes<N> {
    Lanes(ts)
}

/// `N` tangents (or shadows: `kind`) of a buffer `what` of length `len`,
/// one slice each, as one buffer of lanes (element `i`, lane `k` is
/// `ts[k][i]`). Panics, naming them, when a slice's length is not `len`.
pub fn pack<const N: usize>(ts: [&[f64]; N], len: usize, kind: &str, what: &str) -> Tape<Lanes<N>> {
    for t in &ts {
        assert_eq!(t.len(), len, "each {kind} of `{what}` must have the length of `{what}`");
    }
    lanes_of(len, |i| Lanes(std::array::from_fn(|k| ts[k][i])))
}

/// `len` lanes made by `lane`, in a buffer from the thread's pool of tape
/// memory: a derivative called again packs into memory already touched.
fn lanes_of<const N: usize>(len: usize, lane: impl Fn(usize) -> Lanes<N>) -> Tape<Lanes<N>> {
    let mut out = Tape::new();
    out.clear();
    out.reserve(len);
    out.extend((0..len).map(lane));
    out
}

/// `N` tangents of a buffer of length `len` laid end to end in one slice
/// (`Dualv`: tangent `k` at `[k * len..(k + 1) * len]`), as one buffer of
/// lanes. Panics, naming `what`, when the slice is not `N * len` long.
pub fn pack_strided<const N: usize>(t: &[f64], len: usize, what: &str) -> Tape<Lanes<N>> {
    assert_eq!(t.len(), N * len, "the tangents of `{what}` must be {N} times as long as `{what}`");
    lanes_of(len, |i| Lanes(std::array::from_fn(|k| t[k * len + i])))
}

/// Writes the lanes back into the `N` tangent slices they were packed from.
pub fn unpack<const N: usize>(lanes: &[Lanes<N>], mut ts: [&mut [f64]; N]) {
    // One pass over the lanes, each element written to its `N` slices.
    for t in &ts {
        assert_eq!(t.len(), lanes.len(), "a tangent or shadow changed its length");
    }
    for (i, l) in lanes.iter().enumerate() {
        for (t, x) in ts.iter_mut().zip(l.0) {
            t[i] = x;
        }
    }
}

/// Writes the lanes back into the one slice they were packed from by
/// [`pack_strided`].
pub fn unpack_strided<const N: usize>(lanes: &[Lanes<N>], t: &mut [f64]) {
    let len = lanes.len();
    for (i, l) in lanes.iter().enumerate() {
        for k in 0..N {
            t[k * len + i] = l.0[k];
        }
    }
}

/// `len` zero tangents: the tangent of a buffer copied from constants.
pub fn zeros<const N: usize>(len: usize) -> Vec<Lanes<N>> {
    vec![Lanes::ZERO; len]
}

/// The Jacobian of a map from `n` inputs to `m` outputs, row-major (`m`
/// rows of `n`), from its batched forward derivative of width `N` with
/// `Dualv` tangents: `dualv(seeds, tangents)` is given `N` input tangents
/// end to end (`N * n` numbers) and writes the `N` output tangents end to
/// end (`N * m`). Each call computes `N` columns, so `n / N` calls (rounded
/// up) give them all; the last call's extra lanes have zero seeds.
///
pub fn jacobian<const N: usize>(n: usize, m: usize, mut dualv: impl FnMut(&[f64], &mut [f64])) -> Vec<f64> {
    let mut jac = vec![0.0; m * n];
    let mut seeds = vec![0.0; N * n];
    let mut tangents = vec![0.0; N * m];
    for first in (0..n).step_by(N.max(1)) {
        seeds.iter_mut().for_each(|s| *s = 0.0);
        let cols = N.min(n - first);
        for k in 0..cols {
            seeds[k * n + first + k] = 1.0;
        }
        tangents.iter_mut().for_each(|t| *t = 0.0);
        dualv(&seeds, &mut tangents);
        for k in 0..cols {
            for i in 0..m {
                jac[i * n + first + k] = tangents[k * m + i];
            }
        }
    }
    jac
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_and_unpacking_round_trip() {
        let (a, b) = ([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]);
        let lanes = pack([&a[..], &b[..]], 3, "tangent", "x");
        assert_eq!(lanes[1], Lanes([2.0, 5.0]));
        let strided = pack_strided::<2>(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], 3, "x");
        assert_eq!(strided[..], lanes[..]);
        let (mut c, mut d) = ([0.0; 3], [0.0; 3]);
        unpack(&lanes, [&mut c[..], &mut d[..]]);
        assert_eq!((c, d), (a, b));
        let mut flat = [0.0; 6];
        unpack_strided(&lanes, &mut flat);
        assert_eq!(flat, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    }

    #[test]
    fn lane_arithmetic_is_lane_by_lane() {
        let (x, y) = (Lanes([1.0, -2.0]), Lanes([0.5, 4.0]));
        assert_eq!(x + y, Lanes([1.5, 2.0]));
        assert_eq!(x - y, Lanes([0.5, -6.0]));
        assert_eq!(-x * 3.0, Lanes([-3.0, 6.0]));
        assert_eq!(2.0 * y / 4.0, Lanes([0.25, 2.0]));
        let mut z = x;
        z += y;
        z -= x;
        z *= 2.0;
        assert_eq!(z, Lanes([1.0, 8.0]));
    }

    #[test]
    #[should_panic(expected = "each tangent of `x` must have the length of `x`")]
    fn a_tangent_of_the_wrong_length_panics() {
        let _ = pack([&[1.0, 2.0][..], &[1.0][..]], 2, "tangent", "x");
    }
}
