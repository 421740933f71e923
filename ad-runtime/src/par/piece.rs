//! Buffers whose elements belong to iterations: `y.par_iter_mut()`,
//! `y.par_chunks_mut(per)` and the shadows of such buffers.

use std::ops::{Index, IndexMut, Range, RangeFull, RangeTo};

use super::Parts;
use crate::shadow::Inactive;

/// A buffer split by iterations: iteration `k` owns the elements
/// `off + k * per .. off + (k + 1) * per` (clamped to the buffer's length).
///
/// This is the [`Parts`] form of a buffer that the loop hands out by
/// iteration, such as `y` in `y.par_iter_mut().enumerate()` (`per == 1`) or
/// `y.par_chunks_mut(per).enumerate()`, and of that buffer's shadow in the
/// adjoint loop. Each chunk gets a [`Piece`]: the elements its iterations
/// own, still indexed as in the whole buffer, so the loop body's code is the
/// same as in a serial loop.
///
/// An empty buffer is just empty: its pieces own nothing, and any access
/// panics. Where an empty buffer stands for an inactive shadow, as the shadow
/// of a companion's argument does ([`ShadowSlice`](crate::shadow::ShadowSlice)),
/// [`PerIter::inactive_when_empty`] gives pieces that read zero and discard
/// writes then (`SHADOW` is that choice, made where the code is written,
/// so that the pieces of other buffers carry no inactive case at all).
pub struct PerIter<'a, T, const SHADOW: bool = false> {
    /// The elements of the iterations covered, starting at element `base` of
    /// the whole buffer.
    data: &'a mut [T],
    base: usize,
    /// The length of the whole buffer; zero for an inactive shadow.
    full: usize,
    per: usize,
}

impl<'a, T> PerIter<'a, T> {
    /// Splits `whole` for the iterations `lo..hi`, iteration `k` owning
    /// `off + k * per .. off + (k + 1) * per`.
    ///
    /// Ownership is clamped to the buffer, so the last iterations may own
    /// fewer elements (the short last chunk of `par_chunks_mut`) or none.
    #[inline]
    pub fn new(whole: &'a mut [T], off: usize, per: usize, lo: usize, hi: usize) -> Self {
        let full = whole.len();
        let (start, end) = owned_range(full, off, per, lo, hi);
        PerIter { data: &mut whole[start..end], base: start, full, per }
    }

    /// [`PerIter::new`] for a buffer that the loop must find all zeros
    /// whatever it held before: each chunk zeroes its own elements, on its
    /// own thread, before the loop body gets them, and the elements no
    /// iteration owns are zeroed here.
    ///
    /// This is how the partial buffers of a stencil adjoint are reused by
    /// every execution of the loop (each time step of a simulation) instead
    /// of being allocated zeroed each time: the zeroing runs in parallel,
    /// and on memory the chunk is about to write.
    #[inline]
    pub fn zeroed(whole: &'a mut [T], off: usize, per: usize, lo: usize, hi: usize) -> Zeroed<'a, T>
    where
        T: Copy + Default,
    {
        let (start, end) = owned_range(whole.len(), off, per, lo, hi);
        whole[..start].fill(T::default());
        whole[end..].fill(T::default());
        Zeroed(PerIter::new(whole, off, per, lo, hi))
    }

    /// Splits `whole` between the two tasks of a `rayon::join` (iterations
    /// `0` and `1` of `lo..hi`): task 0 owns the elements before `at`, task 1
    /// the rest, up to the end of the buffer.
    ///
    /// It is [`PerIter::new`] with `per == at`, except that the second task's
    /// part runs to the end rather than to `2 * at`: `split_at(mid)` hands
    /// the right half `len - mid` elements, which is not `mid` for an odd
    /// length.
    #[inline]
    pub fn cut(whole: &'a mut [T], at: usize, lo: usize, hi: usize) -> Self {
        let full = whole.len();
        let at = at.min(full);
        let bound = |k: usize| match k {
            0 => 0,
            1 => at,
            _ => full,
        };
        let (start, end) = (bound(lo), bound(hi).max(bound(lo)));
        PerIter { data: &mut whole[start..end], base: start, full, per: at }
    }

    /// The same split, for a shadow that an empty buffer stands for as
    /// inactive: its pieces then read zero and discard writes.
    #[inline]
    pub fn inactive_when_empty(self) -> PerIter<'a, T, true> {
        let PerIter { data, base, full, per } = self;
        PerIter { data, base, full, per }
    }
}

/// The elements `start..end` that the iterations `lo..hi` own, iteration `k`
/// owning `off + k * per .. off + (k + 1) * per`, clamped to a buffer of
/// `full` elements.
#[inline]
fn owned_range(full: usize, off: usize, per: usize, lo: usize, hi: usize) -> (usize, usize) {
    let start = off.saturating_add(lo.saturating_mul(per)).min(full);
    let end = off.saturating_add(hi.saturating_mul(per)).clamp(start, full);
    (start, end)
}

/// A buffer split by iterations whose chunks start from zeros: see
/// [`PerIter::zeroed`].
pub struct Zeroed<'a, T>(PerIter<'a, T>);

/// Split like [`PerIter`]; the leaf zeroes its elements first.
impl<'a, T: Send + Copy + Default> Parts for Zeroed<'a, T> {
    type Leaf = Piece<'a, T>;

    #[inline]
    fn split(self, iters: usize, chunks: usize) -> (Self, Self) {
        let (first, rest) = self.0.split(iters, chunks);
        (Zeroed(first), Zeroed(rest))
    }

    #[inline]
    fn leaf(self) -> Piece<'a, T> {
        let mut piece = self.0.leaf();
        piece.as_mut_slice().fill(T::default());
        piece
    }
}

/// Splits at the first `iters * per` elements (clamped); chunks do not matter.
impl<'a, T: Send + Copy + Default, const SHADOW: bool> Parts for PerIter<'a, T, SHADOW> {
    type Leaf = Piece<'a, T, SHADOW>;

    #[inline]
    fn split(self, iters: usize, _chunks: usize) -> (Self, Self) {
        let PerIter { data, base, full, per } = self;
        let at = iters.saturating_mul(per).min(data.len());
        let (first, rest) = data.split_at_mut(at);
        (PerIter { data: first, base, full, per }, PerIter { data: rest, base: base + at, full, per })
    }

    #[inline]
    fn leaf(self) -> Piece<'a, T, SHADOW> {
        Piece { data: self.data, base: self.base, full: self.full, inactive: Inactive::default() }
    }
}

/// The elements of a buffer that one chunk's iterations own, indexed by the
/// element's index in the whole buffer.
///
/// Indexing outside the owned elements panics: another chunk owns them, and
/// in a rayon loop the access could not have compiled either. A piece of an
/// empty shadow split with [`PerIter::inactive_when_empty`] (`SHADOW`) is
/// inactive: it reads zero and discards writes.
///
/// The loop body gets its piece by value, so a body that writes through it
/// must bind it `mut` (`|chunk, (mut dy, tape)| ..`).
pub struct Piece<'a, T, const SHADOW: bool = false> {
    data: &'a mut [T],
    /// The index in the whole buffer of `data[0]`.
    base: usize,
    /// The length of the whole buffer; zero for an inactive shadow.
    full: usize,
    /// Used only when `SHADOW`. Otherwise no access returns a pointer into
    /// the piece itself, so the compiler can keep its fields in registers
    /// instead of reloading them from memory at every access.
    inactive: Inactive<T>,
}

impl<'a, T, const SHADOW: bool> Piece<'a, T, SHADOW> {
    /// The piece, with `first` given for the index of its first element,
    /// which it already knows: generated code computes it at the top of the
    /// chunk from the chunk's first iteration (`chunk.start * n`), once for
    /// all the pieces split alike, so that the compiler sees one value where
    /// each piece would load its own, and computes each global index's
    /// position once for all of them.
    ///
    /// # Panics
    ///
    /// If the piece owns elements and `first` is not the first one's index.
    #[inline]
    #[track_caller]
    pub fn at(mut self, first: usize) -> Self {
        if !self.data.is_empty() && first != self.base {
            not_owned(first..first + self.data.len(), self.base..self.base + self.data.len());
        }
        self.base = first;
        self
    }
}

impl<'a, T, const SHADOW: bool> Piece<'a, T, SHADOW> {
    /// The piece, which owns as many elements as `like`, a piece of a
    /// buffer as long as this one's split alike (a stencil's partials and
    /// the buffer they are sized to): checked, so that the compiler knows
    /// the two lengths are one value and tests an index common to both
    /// once.
    ///
    /// # Panics
    ///
    /// If the two own different numbers of elements.
    #[inline]
    #[track_caller]
    pub fn as_long_as<U, const S: bool>(self, like: &Piece<'_, U, S>) -> Self {
        if self.data.len() != like.data.len() {
            different_lengths(self.data.len(), like.data.len());
        }
        self
    }
}

/// The panic of `as_long_as`, out of line: it never happens in generated
/// code, which ties only pieces of buffers made as long as each other.
#[cold]
#[inline(never)]
#[track_caller]
fn different_lengths(a: usize, b: usize) -> ! {
    panic!("pieces of buffers split alike own {a} and {b} elements")
}

impl<T, const SHADOW: bool> Piece<'_, T, SHADOW> {
    /// The length of the whole buffer, which is what `y.len()` means in the
    /// loop body; zero for an inactive shadow.
    #[inline]
    pub fn len(&self) -> usize {
        self.full
    }

    /// Whether the whole buffer is empty (for a shadow: inactive).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.full == 0
    }

    /// The piece's own elements only (not the whole buffer), empty when
    /// inactive.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        self.data
    }

    /// The piece's own elements only (not the whole buffer), empty when
    /// inactive; to pass them on to a callee.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        self.data
    }

    /// The positions in `data` of the global range `r`, or a panic.
    #[inline]
    #[track_caller]
    fn local_range(&self, r: Range<usize>) -> Range<usize> {
        let owned = self.base..self.base + self.data.len();
        if r.start > r.end || r.start < owned.start || r.end > owned.end {
            not_owned(r, owned);
        }
        r.start - self.base..r.end - self.base
    }
}

/// The panic for an access outside a piece: out of line, since it never
/// happens in a correct loop.
#[cold]
#[inline(never)]
#[track_caller]
fn not_owned(accessed: Range<usize>, owned: Range<usize>) -> ! {
    panic!(
        "a parallel iteration accessed element(s) {accessed:?} of a buffer, \
         but its chunk owns only elements {owned:?}: each iteration may touch \
         only the elements the parallel iterator hands to it"
    )
}

// Element access tests the owned range first: an inactive piece owns no
// element, so the common case (an active shadow, an owned element) costs one
// comparison, and both the inactive case and the panic are off the hot path.

impl<T: Copy + Default, const SHADOW: bool> Index<usize> for Piece<'_, T, SHADOW> {
    type Output = T;
    #[inline]
    #[track_caller]
    fn index(&self, i: usize) -> &T {
        match self.data.get(i.wrapping_sub(self.base)) {
            Some(x) => x,
            None if SHADOW && self.full == 0 => self.inactive.read(),
            None => not_owned(i..i.saturating_add(1), self.base..self.base + self.data.len()),
        }
    }
}

impl<T: Copy + Default, const SHADOW: bool> IndexMut<usize> for Piece<'_, T, SHADOW> {
    #[inline]
    #[track_caller]
    fn index_mut(&mut self, i: usize) -> &mut T {
        let k = i.wrapping_sub(self.base);
        if k < self.data.len() {
            return &mut self.data[k];
        }
        if SHADOW && self.full == 0 {
            return self.inactive.write();
        }
        not_owned(i..i.saturating_add(1), self.base..self.base + self.data.len())
    }
}

impl<T, const SHADOW: bool> Index<Range<usize>> for Piece<'_, T, SHADOW> {
    type Output = [T];
    #[inline]
    #[track_caller]
    fn index(&self, r: Range<usize>) -> &[T] {
        if SHADOW && self.full == 0 {
            return self.data;
        }
        &self.data[self.local_range(r)]
    }
}

impl<T, const SHADOW: bool> IndexMut<Range<usize>> for Piece<'_, T, SHADOW> {
    #[inline]
    #[track_caller]
    fn index_mut(&mut self, r: Range<usize>) -> &mut [T] {
        if SHADOW && self.full == 0 {
            return self.data;
        }
        let r = self.local_range(r);
        &mut self.data[r]
    }
}

/// The whole buffer, which a piece has only when its chunk owns every
/// element (a `join` task that alone uses the buffer); otherwise a panic.
impl<T, const SHADOW: bool> Index<RangeFull> for Piece<'_, T, SHADOW> {
    type Output = [T];
    #[inline]
    #[track_caller]
    fn index(&self, _: RangeFull) -> &[T] {
        &self[0..self.full]
    }
}

/// The whole buffer, as for reading.
impl<T, const SHADOW: bool> IndexMut<RangeFull> for Piece<'_, T, SHADOW> {
    #[inline]
    #[track_caller]
    fn index_mut(&mut self, _: RangeFull) -> &mut [T] {
        let full = self.full;
        &mut self[0..full]
    }
}

/// `&x[..m]`: the range `0..m`.
impl<T, const SHADOW: bool> Index<RangeTo<usize>> for Piece<'_, T, SHADOW> {
    type Output = [T];
    #[inline]
    #[track_caller]
    fn index(&self, r: RangeTo<usize>) -> &[T] {
        &self[0..r.end]
    }
}

/// `&mut x[..m]`: the range `0..m`.
impl<T, const SHADOW: bool> IndexMut<RangeTo<usize>> for Piece<'_, T, SHADOW> {
    #[inline]
    #[track_caller]
    fn index_mut(&mut self, r: RangeTo<usize>) -> &mut [T] {
        &mut self[0..r.end]
    }
}

/// Pushes the elements a chunk owns of a buffer onto the chunk's stack, all
/// at once, before the chunk's iterations overwrite them.
///
/// Generated code does this instead of pushing each element before each
/// overwrite when the loop's body never reads the buffer: its adjoint then
/// needs only the buffer as it was before the loop, which [`restore_piece`]
/// puts back at the end of the chunk's adjoint. One copy of the piece
/// replaces a push per element (a capacity test, a store and a length
/// update each), and the stack grows by exactly the piece.
#[inline]
pub fn save_piece<T: Copy, const SHADOW: bool>(stack: &mut Vec<T>, piece: &Piece<'_, T, SHADOW>) {
    stack.extend_from_slice(piece.as_slice());
}

/// Pops what [`save_piece`] pushed back into the piece.
///
/// # Panics
///
/// If the stack holds fewer elements than the piece owns.
#[inline]
#[track_caller]
pub fn restore_piece<T: Copy, const SHADOW: bool>(stack: &mut Vec<T>, piece: &mut Piece<'_, T, SHADOW>) {
    let start = stack.len().checked_sub(piece.as_slice().len()).expect("a chunk's stack holds the piece it saved");
    piece.as_mut_slice().copy_from_slice(&stack[start..]);
    stack.truncate(start);
}
