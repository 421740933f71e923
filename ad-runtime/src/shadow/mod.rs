//! Shadows and tangents of slices as generated companions see them.
//!
//! Every differentiable function has companions (an augmented forward and a
//! reverse) with *all* float parameters treated as active, so one compiled
//! companion serves every call site. A caller whose argument is constant
//! passes an empty slice as its shadow or tangent. The wrappers here give an
//! empty slice the meaning "inactive": reads give zero and writes vanish, so
//! generated code can use plain indexing whatever the activity.

pub mod deriv;

use std::ops::{Index, IndexMut};

/// The float types parad differentiates.
pub trait Float:
    Copy
    + Default
    + PartialEq
    + PartialOrd
    + std::fmt::Debug
    + std::ops::Add<Output = Self>
    + std::ops::AddAssign
    + std::ops::Mul<Output = Self>
    + std::ops::Neg<Output = Self>
{
    /// Zero.
    const ZERO: Self;
}

impl Float for f64 {
    const ZERO: Self = 0.0;
}

impl Float for f32 {
    const ZERO: Self = 0.0;
}

/// The shadow of a slice argument inside a reverse companion.
///
/// A non-empty slice is the caller's shadow and is used as is. An empty slice
/// stands for an inactive argument: indexing reads zero, and writes land in a
/// scratch cell that is reset on every access, so they are discarded.
pub struct ShadowSlice<'a, F> {
    data: &'a mut [F],
    inactive: Inactive<F>,
}

/// The two cells behind the convention that an empty buffer is inactive,
/// shared by every shadow type that follows it (`ShadowSlice` here,
/// `Private` and `Piece` of the parallel runtime).
#[derive(Default)]
pub(crate) struct Inactive<T> {
    zero: T,
    sink: T,
}

impl<T: Default> Inactive<T> {
    /// What an inactive element reads: zero.
    #[inline(always)]
    pub(crate) fn read(&self) -> &T {
        &self.zero
    }

    /// Where a write to an inactive element goes. The cell is reset first,
    /// so a compound assignment through it starts from zero, like an
    /// inactive value, and its result is dropped at the next access.
    #[inline(always)]
    pub(crate) fn write(&mut self) -> &mut T {
        self.sink = T::default();
        &mut self.sink
    }
}

impl<'a, F: Default> ShadowSlice<'a, F> {
    /// Wraps the caller's shadow.
    #[inline(always)]
    pub fn new(data: &'a mut [F]) -> Self {
        ShadowSlice { data, inactive: Inactive::default() }
    }

    /// The shadow for reading (empty when the argument is inactive).
    #[inline(always)]
    pub fn as_slice(&self) -> &[F] {
        self.data
    }

    /// The shadow as a plain slice (empty when the argument is inactive), to
    /// pass on to a callee's companion.
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [F] {
        self.data
    }

    /// Number of elements; zero for an inactive argument.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Whether the argument is inactive.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}

impl<F: Default> Index<usize> for ShadowSlice<'_, F> {
    type Output = F;
    #[inline(always)]
    fn index(&self, i: usize) -> &F {
        if self.data.is_empty() {
            self.inactive.read()
        } else {
            &self.data[i]
        }
    }
}

impl<F: Default> IndexMut<usize> for ShadowSlice<'_, F> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut F {
        if self.data.is_empty() {
            self.inactive.write()
        } else {
            &mut self.data[i]
        }
    }
}

/// The tangent of a slice argument inside a forward companion: an empty slice
/// reads as zeros.
pub struct TangentSlice<'a, F> {
    data: &'a [F],
    zero: F,
}

impl<'a, F: Default> TangentSlice<'a, F> {
    /// Wraps the caller's tangent.
    #[inline(always)]
    pub fn new(data: &'a [F]) -> Self {
        TangentSlice { data, zero: F::default() }
    }

    /// The tangent as a plain slice (empty when inactive).
    #[inline(always)]
    pub fn as_slice(&self) -> &'a [F] {
        self.data
    }

    /// Whether the argument is inactive.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}

impl<F: Default> Index<usize> for TangentSlice<'_, F> {
    type Output = F;
    #[inline(always)]
    fn index(&self, i: usize) -> &F {
        if self.data.is_empty() {
            &self.zero
        } else {
            &self.data[i]
        }
    }
}

/// A sub-slice `lo..hi` of a shadow or tangent, passed to a callee. An empty
/// (inactive) buffer gives an empty sub-slice, so inactivity carries over.
#[inline(always)]
pub fn sub<F>(buf: &mut [F], lo: usize, hi: usize) -> &mut [F] {
    if buf.is_empty() {
        buf
    } else {
        &mut buf[lo..hi]
    }
}

/// `N` disjoint sub-slices `ranges[k].0..ranges[k].1` of one buffer, in the
/// order the ranges are given: how a call receives two `&mut` halves of one
/// buffer (`let (l, r) = x.split_at_mut(m); mix(l, r)`), and their shadows,
/// where the generated code names the buffer once. The primal's borrows
/// proved the ranges disjoint; overlapping ranges panic all the same.
pub fn disjoint_mut<F, const N: usize>(buf: &mut [F], ranges: [(usize, usize); N]) -> [&mut [F]; N] {
    let mut order: [usize; N] = std::array::from_fn(|k| k);
    order.sort_by_key(|&k| ranges[k]);
    let mut pieces: [Option<&mut [F]>; N] = std::array::from_fn(|_| None);
    let mut rest = buf;
    let mut at = 0;
    for k in order {
        let (lo, hi) = ranges[k];
        assert!(lo >= at && lo <= hi, "parad: the buffers passed to one call overlap ({lo}..{hi} after {at})");
        let (_, tail) = std::mem::take(&mut rest).split_at_mut(lo - at);
        let (piece, tail) = tail.split_at_mut(hi - lo);
        pieces[k] = Some(piece);
        rest = tail;
        at = hi;
    }
    pieces.map(|p| p.expect("every range was cut"))
}

/// The gather of a stencil's adjoint: adds `part[t]` into `dst[start + t]`.
///
/// A loop reading `x[i + c]` for several offsets `c` would scatter its
/// adjoint into overlapping elements of `dx`; instead it stores the partials
/// of each offset at direct indices and this adds them in one shifted pass
/// per offset, which vectorises. An empty (inactive) `dst` takes nothing.
///
/// `start` may lie before the buffer, and `start + part.len()` past it, when
/// the loop guards its edge reads (`if i > 0 { x[i - 1] }`): the partials of
/// reads that never happened are zero and are skipped.
#[inline]
pub fn stencil_add<F: crate::value::Value>(dst: &mut [F], start: isize, part: &[F]) {
    if dst.is_empty() {
        return;
    }
    let skip = (-start).max(0) as usize;
    let first = start.max(0) as usize;
    let n = part.len().saturating_sub(skip).min(dst.len().saturating_sub(first));
    for (d, p) in dst[first..first + n].iter_mut().zip(&part[skip..skip + n]) {
        d.add_adjoint(p);
    }
}

/// A read-only sub-slice `lo..hi` of a tangent; empty stays empty.
#[inline(always)]
pub fn sub_ref<F>(buf: &[F], lo: usize, hi: usize) -> &[F] {
    if buf.is_empty() {
        buf
    } else {
        &buf[lo..hi]
    }
}

/// As many zeros as `xs` has elements, of its element type: the tangent or
/// shadow of a copy of a buffer that has none (a constant one).
pub fn zeros_like<F: Copy + Default>(xs: &[F]) -> Vec<F> {
    vec![F::default(); xs.len()]
}

/// Zeros in the shape of the array `xs`, of its element type: the shadow
/// of a local array of values (`[V3; 4]`), whose type its uses need first.
pub fn zeros_like_array<F: Copy + Default, const N: usize>(_: &[F; N]) -> [F; N] {
    [F::default(); N]
}

/// An owned copy of a tangent or a seed, or zeros of length `len` where it
/// is empty: the tangent of a copied slice whose source is inactive, the
/// seed of a returned `Vec` whose caller dropped it. Lengths are the
/// caller's business: a nonempty `xs` of another length is copied as is.
pub fn copy_or_zeros<F: Copy + Default>(xs: &[F], len: usize) -> Vec<F> {
    if xs.is_empty() {
        vec![F::default(); len]
    } else {
        xs.to_vec()
    }
}

/// Number of iterations of `for i in (lo..hi).step_by(step)`, for any integer
/// type of loop counter.
pub trait TripCount: Copy {
    /// The count; zero when `hi <= lo`.
    fn trip_count(lo: Self, hi: Self, step: usize) -> usize;
    /// `lo + k * step`, the value of the counter in iteration `k`.
    fn nth(lo: Self, k: usize, step: usize) -> Self;
}

macro_rules! trip_count_impl {
    ($($t:ty),*) => {$(
        impl TripCount for $t {
            #[inline(always)]
            fn trip_count(lo: Self, hi: Self, step: usize) -> usize {
                if hi <= lo { 0 } else { ((hi - lo) as usize).div_ceil(step) }
            }
            #[inline(always)]
            fn nth(lo: Self, k: usize, step: usize) -> Self {
                lo + (k * step) as $t
            }
        }
    )*};
}
trip_count_impl!(usize, u8, u16, u32, u64, isize, i8, i16, i32, i64);

/// Number of iterations of `for i in (lo..hi).step_by(step)`.
#[inline(always)]
pub fn trip_count<T: TripCount>(lo: T, hi: T, step: usize) -> usize {
    T::trip_count(lo, hi, step)
}

/// `(lo..hi).step_by(step).rev()` for any integer type of counter: std
/// reverses a stepped range only of types whose ranges know their length
/// (not `i64`, `u64`).
#[inline(always)]
pub fn rev_steps<T: TripCount>(lo: T, hi: T, step: usize) -> impl Iterator<Item = T> {
    (0..T::trip_count(lo, hi, step)).rev().map(move |k| T::nth(lo, k, step))
}

/// A buffer field of a struct's shadow, writable: `Vec<F>`, `[F; N]`,
/// `&mut [F]`. Generated code writes the shadow of a struct parameter's
/// buffer field through [`field_mut`], so that a struct whose fields
/// borrow their data (`&'a [F]`, a problem's inputs) still has companions:
/// such a field has no writable shadow, and writing one panics. That
/// happens only when a derivative is taken with respect to the struct;
/// passed `Const`, its shadow is never touched.
pub trait FieldShadow<F> {
    /// The field as a writable slice.
    fn field_shadow(&mut self) -> &mut [F];
}

impl<F> FieldShadow<F> for Vec<F> {
    #[inline(always)]
    fn field_shadow(&mut self) -> &mut [F] {
        self
    }
}

impl<F, const N: usize> FieldShadow<F> for [F; N] {
    #[inline(always)]
    fn field_shadow(&mut self) -> &mut [F] {
        self
    }
}

impl<F> FieldShadow<F> for &mut [F] {
    #[inline(always)]
    fn field_shadow(&mut self) -> &mut [F] {
        self
    }
}

impl<F> FieldShadow<F> for &mut Vec<F> {
    #[inline(always)]
    fn field_shadow(&mut self) -> &mut [F] {
        self
    }
}

impl<F> FieldShadow<F> for &[F] {
    #[track_caller]
    fn field_shadow(&mut self) -> &mut [F] {
        borrowed_field()
    }
}

impl<F> FieldShadow<F> for &Vec<F> {
    #[track_caller]
    fn field_shadow(&mut self) -> &mut [F] {
        borrowed_field()
    }
}

#[track_caller]
fn borrowed_field() -> ! {
    panic!(
        "parad: a derivative with respect to a struct whose field borrows its data (`&[F]`): that field has no \
         writable shadow; pass the struct `Const`, or give the field a `Vec<F>`"
    )
}

/// `field.field_shadow()`: see [`FieldShadow`].
#[inline(always)]
#[track_caller]
pub fn field_mut<F, S: FieldShadow<F> + ?Sized>(field: &mut S) -> &mut [F] {
    field.field_shadow()
}

/// The order that sorts `xs` (ascending, or descending when `descending`):
/// `xs[order[0]]` is the first of the sorted values. Stable, so equal
/// values keep their order, as `sort_by` keeps them; NaNs sort by
/// `total_cmp`. Sorting a buffer is then a gather through the order, whose
/// adjoint scatters back through it.
pub fn sort_order<F: Copy + PartialOrd>(xs: &[F], descending: bool) -> Vec<usize> {
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by(|&i, &j| {
        let (a, b) = if descending { (xs[j], xs[i]) } else { (xs[i], xs[j]) };
        // Incomparable pairs (NaN) count as equal, so the sort never panics.
        a.partial_cmp(&b).unwrap_or(std::cmp::Ordering::Equal)
    });
    order
}

/// A `&mut T`'s tangent lent where the callee takes `&T` or `&mut T`: the
/// caller cannot see which (a `&mut` parameter reborrows to both in the
/// primal call), so [`lend`] gives what the callee's parameter asks for,
/// inferred by rustc.
pub trait Lend<Target> {
    /// The tangent as the callee takes it.
    fn lend(self) -> Target;
}

impl<'a, T: ?Sized> Lend<Option<&'a mut T>> for Option<&'a mut T> {
    #[inline(always)]
    fn lend(self) -> Option<&'a mut T> {
        self
    }
}

impl<'a, T: ?Sized> Lend<Option<&'a T>> for Option<&'a mut T> {
    #[inline(always)]
    fn lend(self) -> Option<&'a T> {
        self.map(|t| &*t)
    }
}

/// `lent.lend()`: see [`Lend`].
#[inline(always)]
pub fn lend<Target, L: Lend<Target>>(lent: L) -> Target {
    lent.lend()
}

/// A copy of what a `&mut` argument holds after the forward sweep: the
/// reverse sweep restores the argument's initial state, and the derivative
/// hands the result back from this copy. The bound says why a user's type
/// needs `Clone`, at the parameter.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is written through a `&mut` parameter of a differentiated function, and its derivative keeps a copy of the final state",
    label = "this parameter's type needs `Clone`",
    note = "derive `Clone` for `{Self}`, or bound a type parameter by `Clone`"
)]
pub trait Kept {
    /// The copy.
    fn kept(&self) -> Self;
}

impl<T: Clone> Kept for T {
    #[inline(always)]
    fn kept(&self) -> Self {
        self.clone()
    }
}

/// `value.kept()`: see [`Kept`].
#[inline(always)]
pub fn kept<T: Kept>(value: &T) -> T {
    value.kept()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disjoint_pieces_come_back_in_the_order_asked() {
        let mut buf: Vec<i32> = (0..10).collect();
        let [a, b, c] = disjoint_mut(&mut buf, [(6, 9), (0, 2), (2, 2)]);
        assert_eq!((&*a, &*b, c.len()), (&[6, 7, 8][..], &[0, 1][..], 0));
        a[0] = -1;
        b[1] = -2;
        assert_eq!(buf[6] + buf[1], -3);
        let overlap = std::panic::catch_unwind(move || {
            let mut buf = [0.0; 4];
            let _ = disjoint_mut(&mut buf, [(0, 3), (2, 4)]);
        });
        assert!(overlap.is_err());
    }

    #[test]
    fn reversed_steps_visit_the_steps_backwards() {
        for (lo, hi, step) in [(1i64, 8, 2), (-5, 5, 3), (0, 0, 1), (3, 1, 1), (2, 3, 5)] {
            let mut forward: Vec<i64> = (lo..hi).step_by(step).collect();
            forward.reverse();
            assert_eq!(rev_steps(lo, hi, step).collect::<Vec<_>>(), forward);
        }
    }

    #[test]
    fn inactive_shadow_reads_zero_and_drops_writes() {
        let mut empty: [f64; 0] = [];
        let mut s = ShadowSlice::new(&mut empty);
        s[3] += 2.0;
        s[3] *= 5.0;
        assert_eq!(s[3], 0.0);
        assert!(s.is_empty());
    }

    #[test]
    fn active_shadow_accumulates() {
        let mut d = vec![1.0f32, 2.0];
        let mut s = ShadowSlice::new(&mut d);
        s[1] += 3.0;
        assert_eq!(s[1], 5.0);
        assert_eq!(d, vec![1.0, 5.0]);
    }

    #[test]
    fn trip_counts() {
        assert_eq!(trip_count(0usize, 10, 3), 4);
        assert_eq!(trip_count(5i32, 2, 1), 0);
        assert_eq!(trip_count(-3i64, 3, 2), 3);
        assert_eq!(<i32 as TripCount>::nth(-3, 2, 2), 1);
    }

    #[test]
    fn stencil_add_clips_edges() {
        let mut d = vec![0.0; 4];
        // Offsets -1 from start 0: the first partial belongs before the buffer.
        stencil_add(&mut d, -1, &[9.0, 1.0, 2.0, 3.0]);
        assert_eq!(d, vec![1.0, 2.0, 3.0, 0.0]);
        // Offset +1 from start 1: the last partial belongs past the end.
        stencil_add(&mut d, 2, &[10.0, 20.0, 99.0]);
        assert_eq!(d, vec![1.0, 2.0, 13.0, 20.0]);
        let mut empty: [f64; 0] = [];
        stencil_add(&mut empty, 0, &[1.0]);
    }

    #[test]
    fn sub_of_inactive_is_inactive() {
        let mut empty: [f64; 0] = [];
        assert!(sub(&mut empty, 2, 4).is_empty());
        let mut d = [1.0, 2.0, 3.0];
        assert_eq!(sub(&mut d, 1, 3), &mut [2.0, 3.0]);
    }

    #[test]
    fn sort_order_is_stable_both_ways_and_never_panics() {
        let xs = [2.0, -1.0, 2.0, 0.5];
        assert_eq!(super::sort_order(&xs, false), vec![1, 3, 0, 2]);
        assert_eq!(super::sort_order(&xs, true), vec![0, 2, 3, 1]);
        let order = super::sort_order(&[1.0, f64::NAN, 0.0], false);
        assert_eq!(order.len(), 3);
    }
}
