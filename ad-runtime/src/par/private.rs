//! Adjoints that several iterations add into, accumulated per chunk and then
//! added up in chunk order.

use std::ops::{Index, IndexMut, Range, RangeFull, RangeTo};

use rayon::prelude::*;

use crate::shadow::Inactive;
use crate::value::Value;

/// How many elements of the destination one task of a merge handles. The
/// result does not depend on it (each element's sum is formed in the same
/// order whatever the blocking); it only sets the grain of the parallelism.
const BLOCK: usize = 4096;

/// A chunk's private adjoint buffer, starting at zeros.
///
/// When iterations of a parallel loop read a shared element, their adjoints
/// all add into that element's shadow. Each chunk adds into its own
/// `Private` instead, and [`merge_private`] adds the buffers into the shadow
/// in chunk order. A buffer of length zero stands for an inactive shadow, as
/// with [`ShadowSlice`](crate::shadow::ShadowSlice): indexing reads zero and
/// writes vanish.
pub struct Private<F> {
    data: Vec<F>,
    inactive: Inactive<F>,
}

impl<F: Copy + Default> Private<F> {
    /// A buffer of `len` zeros; `len == 0` for an inactive shadow.
    pub fn new(len: usize) -> Self {
        Private { data: vec![F::default(); len], inactive: Inactive::default() }
    }

    /// The elements (empty when inactive).
    #[inline]
    pub fn as_slice(&self) -> &[F] {
        &self.data
    }

    /// The elements (empty when inactive), to pass on to a callee.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [F] {
        &mut self.data
    }

    /// Number of elements; zero when inactive.
    #[inline]
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Whether the buffer stands for an inactive shadow.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}

// Element access tests the bounds first: an inactive buffer has no element,
// so the common case costs one comparison, and the inactive case shares the
// out-of-bounds path (where an active buffer panics as a slice would).

impl<F: Copy + Default> Index<usize> for Private<F> {
    type Output = F;
    #[inline]
    #[track_caller]
    fn index(&self, i: usize) -> &F {
        match self.data.get(i) {
            Some(x) => x,
            None if self.data.is_empty() => self.inactive.read(),
            None => &self.data[i],
        }
    }
}

impl<F: Copy + Default> IndexMut<usize> for Private<F> {
    #[inline]
    #[track_caller]
    fn index_mut(&mut self, i: usize) -> &mut F {
        if i < self.data.len() {
            return &mut self.data[i];
        }
        if self.data.is_empty() {
            return self.inactive.write();
        }
        &mut self.data[i]
    }
}

/// A range of an inactive buffer is empty, so inactivity carries over to a
/// callee given the sub-slice.
impl<F: Copy + Default> Index<Range<usize>> for Private<F> {
    type Output = [F];
    #[inline]
    #[track_caller]
    fn index(&self, r: Range<usize>) -> &[F] {
        if self.data.is_empty() {
            &self.data
        } else {
            &self.data[r]
        }
    }
}

/// A range of an inactive buffer is empty, as for reading.
impl<F: Copy + Default> IndexMut<Range<usize>> for Private<F> {
    #[inline]
    #[track_caller]
    fn index_mut(&mut self, r: Range<usize>) -> &mut [F] {
        if self.data.is_empty() {
            &mut self.data
        } else {
            &mut self.data[r]
        }
    }
}

/// The whole buffer (empty when inactive), passed on to a callee that
/// takes the whole shadow.
impl<F: Copy + Default> Index<RangeFull> for Private<F> {
    type Output = [F];
    #[inline]
    fn index(&self, _: RangeFull) -> &[F] {
        &self.data
    }
}

/// The whole buffer (empty when inactive), as for reading.
impl<F: Copy + Default> IndexMut<RangeFull> for Private<F> {
    #[inline]
    fn index_mut(&mut self, _: RangeFull) -> &mut [F] {
        &mut self.data
    }
}

/// Adds the chunks' private buffers into the shadow `dst`: for every element
/// `j`, `dst[j] += parts[0][j]`, then `dst[j] += parts[1][j]`, and so on.
///
/// The parts come in chunk order, and every element receives them in that
/// order whichever thread handles it, so the result is the same for any
/// number of threads. The work is parallel over blocks of elements. An empty
/// (inactive) `dst` takes nothing; empty (inactive) parts are skipped.
///
/// # Panics
///
/// If a non-empty part's length differs from `dst`'s.
pub fn merge_private<'p, F: Value + Default + Send + Sync + 'p>(
    dst: &mut [F],
    parts: impl IntoIterator<Item = &'p Private<F>>,
) {
    if dst.is_empty() {
        return;
    }
    let parts: Vec<&[F]> = parts.into_iter().map(|p| p.as_slice()).filter(|p| !p.is_empty()).collect();
    for p in &parts {
        assert_eq!(
            p.len(),
            dst.len(),
            "a private adjoint buffer has a different length from the shadow it merges into"
        );
    }
    if parts.is_empty() {
        return;
    }
    dst.par_chunks_mut(BLOCK).enumerate().for_each(|(b, d)| {
        let (start, n) = (b * BLOCK, d.len());
        // Parts outer, elements inner: each element still gets the parts in
        // order, and the inner loop is a plain vector add.
        for p in &parts {
            for (x, y) in d.iter_mut().zip(&p[start..start + n]) {
                x.add_adjoint(y);
            }
        }
    });
}

/// The second phase of a stencil adjoint, in parallel: adds the partials that
/// the iterations `lo..hi` stored into the shadow `dst`.
///
/// A parallel loop that reads `x[i + c]` for several offsets `c` cannot
/// scatter its adjoint into `dx` (iterations of different chunks would add
/// into the same elements). Instead iteration `i` stores the partial of its
/// read at offset `c` at `part[i]` of that offset's buffer, and this gathers:
/// for every element `j` of `dst` and for each `(c, part)` in the given
/// order, if `i = j - c` lies in `lo..hi`, `dst[j] += part[i]`. Each element
/// is written by one task and gets its terms in a fixed order, so the result
/// is the same for any number of threads. An empty (inactive) `dst` takes
/// nothing. Several offsets may share one partial buffer (neighbours that
/// receive the same numbers); where all offsets reach, one pass over `dst`
/// adds all the parts.
///
/// # Panics
///
/// If a partial buffer is shorter than `hi`.
pub fn stencil_gather<'p, F: Value + Send + Sync>(dst: &mut [F], lo: usize, hi: usize, parts: &[(isize, &'p [F])]) {
    if dst.is_empty() || hi <= lo {
        return;
    }
    for (c, part) in parts {
        assert!(
            part.len() >= hi,
            "the stencil partials of offset {c} have {} elements, fewer than the loop's end {hi}",
            part.len()
        );
    }
    dst.par_chunks_mut(BLOCK).enumerate().for_each(|(b, d)| {
        let (start, len) = ((b * BLOCK) as i128, d.len() as i128);
        // The elements j of this block that offset c reaches, those with
        // lo <= j - c < hi, as positions in the block; worked out in i128
        // so that no offset or index can overflow.
        let span = |c: isize| {
            let first = (lo as i128 + c as i128).clamp(start, start + len);
            let end = (hi as i128 + c as i128).clamp(first, start + len);
            ((first - start) as usize, (end - start) as usize)
        };
        // The partials of offset c for the block positions from..to.
        let source = |c: isize, part: &'p [F], from: usize, to: usize| {
            let i0 = (start + from as i128 - c as i128) as usize;
            &part[i0..i0 + (to - from)]
        };
        // Where every offset reaches (j0..j1), one pass adds all the parts
        // (four at a time), in order; the edges, where only some do, get a
        // pass per part, in order. Either way each element receives its
        // terms in the parts' order.
        let (j0, j1) = parts.iter().fold((0, d.len()), |(j0, j1), &(c, _)| {
            let (s0, s1) = span(c);
            (j0.max(s0), j1.min(s1))
        });
        let j1 = j1.max(j0);
        for &(c, part) in parts {
            let (s0, s1) = span(c);
            let to = s1.min(j0);
            if s0 < to {
                add_into(&mut d[s0..to], &[source(c, part, s0, to)]);
            }
        }
        if j0 < j1 {
            for group in parts.chunks(4) {
                let mut sources: [&[F]; 4] = [&[]; 4];
                for (k, &(c, part)) in group.iter().enumerate() {
                    sources[k] = source(c, part, j0, j1);
                }
                add_into(&mut d[j0..j1], &sources[..group.len()]);
            }
        }
        for &(c, part) in parts {
            let (s0, s1) = span(c);
            let from = s0.max(j1);
            if from < s1 {
                add_into(&mut d[from..s1], &[source(c, part, from, s1)]);
            }
        }
    });
}

/// `dst[j] += sources[0][j]`, then `+= sources[1][j]`, ... (at most four
/// sources, each as long as `dst`) in one pass over `dst`.
#[inline]
fn add_into<F: Value>(dst: &mut [F], sources: &[&[F]]) {
    match *sources {
        [a] => {
            for (x, a) in dst.iter_mut().zip(a) {
                x.add_adjoint(a);
            }
        }
        [a, b] => {
            for ((x, a), b) in dst.iter_mut().zip(a).zip(b) {
                x.add_adjoint(a);
                x.add_adjoint(b);
            }
        }
        [a, b, c] => {
            for (((x, a), b), c) in dst.iter_mut().zip(a).zip(b).zip(c) {
                x.add_adjoint(a);
                x.add_adjoint(b);
                x.add_adjoint(c);
            }
        }
        [a, b, c, e] => {
            for ((((x, a), b), c), e) in dst.iter_mut().zip(a).zip(b).zip(c).zip(e) {
                x.add_adjoint(a);
                x.add_adjoint(b);
                x.add_adjoint(c);
                x.add_adjoint(e);
            }
        }
        _ => unreachable!("add_into takes one to four sources"),
    }
}

/// `&x[..m]`: the range `0..m`.
impl<F: Copy + Default> Index<RangeTo<usize>> for Private<F> {
    type Output = [F];
    #[inline]
    #[track_caller]
    fn index(&self, r: RangeTo<usize>) -> &[F] {
        &self[0..r.end]
    }
}

/// `&mut x[..m]`: the range `0..m`.
impl<F: Copy + Default> IndexMut<RangeTo<usize>> for Private<F> {
    #[inline]
    #[track_caller]
    fn index_mut(&mut self, r: RangeTo<usize>) -> &mut [F] {
        &mut self[0..r.end]
    }
}
