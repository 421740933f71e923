//! One value per chunk: the tapes of a parallel loop.

use super::{chunk_count, Parts};

/// One slot of a vector per chunk: chunk `c` gets `&mut v[c]`.
///
/// The forward loop pushes what its adjoint needs onto its chunk's tape, and
/// the adjoint loop, chunked the same way, pops it from the same slot. Since
/// a chunk's iterations run in order on one thread, each slot is an ordinary
/// stack and needs no synchronisation.
pub struct PerChunk<'a, S> {
    slots: &'a mut [S],
}

impl<'a, E> PerChunk<'a, Vec<E>> {
    /// Per-chunk stacks for the loop `lo..hi`: grows `v` with empty stacks to
    /// at least one per chunk (it never shrinks, so the adjoint loop finds
    /// the stacks that the forward loop filled).
    ///
    /// The slot type is fixed to `Vec<E>` in the signature so that code like
    /// `let mut tape = Vec::new(); .. PerChunk::new(&mut tape, lo, hi) ..
    /// tape_leaf.push(x)` type-checks: the compiler must know that a slot is
    /// a `Vec` before it sees the `push` inside the loop body, and only the
    /// element type `E` is left to inference. [`PerChunk::with_default`]
    /// takes any slot type.
    #[inline]
    pub fn new(v: &'a mut Vec<Vec<E>>, lo: usize, hi: usize) -> Self {
        Self::grown(v, lo, hi, Vec::new)
    }
}

impl<'a, S> PerChunk<'a, S> {
    /// Per-chunk slots of any type for the loop `lo..hi`: grows `v` with
    /// `S::default()` to at least one per chunk; it never shrinks.
    ///
    /// Unlike [`PerChunk::new`], the slot type must be known from elsewhere
    /// (a type annotation on `v`) when the loop body calls methods on it.
    #[inline]
    pub fn with_default(v: &'a mut Vec<S>, lo: usize, hi: usize) -> Self
    where
        S: Default,
    {
        Self::grown(v, lo, hi, S::default)
    }

    fn grown(v: &'a mut Vec<S>, lo: usize, hi: usize, fill: impl FnMut() -> S) -> Self {
        let count = chunk_count(lo, hi);
        if v.len() < count {
            v.resize_with(count, fill);
        }
        PerChunk { slots: &mut v[..count] }
    }

    /// Wraps exactly one slot per chunk, as the drivers use for their
    /// results.
    pub(super) fn from_slots(slots: &'a mut [S]) -> Self {
        PerChunk { slots }
    }
}

/// Splits at the first `chunks` slots; iterations do not matter.
impl<'a, S: Send> Parts for PerChunk<'a, S> {
    type Leaf = &'a mut S;

    #[inline]
    fn split(self, _iters: usize, chunks: usize) -> (Self, Self) {
        let (first, rest) = self.slots.split_at_mut(chunks);
        (PerChunk { slots: first }, PerChunk { slots: rest })
    }

    #[inline]
    fn leaf(self) -> &'a mut S {
        match self.slots {
            [slot] => slot,
            other => panic!("a chunk's share has {} slots instead of one", other.len()),
        }
    }
}

/// Makes room on the per-chunk stacks of a parallel loop that runs once in
/// every iteration of the serial loops around it (the time steps of a
/// simulation), after its first run: `pass` counts the runs from zero, of
/// `passes` in all.
///
/// After the first run, each stack reserves what that run pushed on it,
/// again for each run still to come, so the later runs push without
/// reallocating and copying the stack (a tape is often the largest buffer
/// of a gradient). Later runs leave the stacks alone. It is only a size
/// hint: pushes still grow a stack that needs more, and a reservation the
/// allocator refuses is skipped.
pub fn reserve_passes<E>(stacks: &mut [Vec<E>], pass: usize, passes: usize) {
    if pass != 0 {
        return;
    }
    let rest = passes.saturating_sub(1);
    for stack in stacks {
        let _ = stack.try_reserve_exact(stack.len().saturating_mul(rest));
    }
}
