//! Tapes: the buffers in which a derivative's forward sweep keeps what its
//! adjoint needs, reused from one call to the next.
//!
//! A derivative's tapes live for one call: declared empty at the top of the
//! augmented forward, filled by the forward sweep, read by the adjoint and
//! dropped with the reverse closure. As plain `Vec`s, a large tape (tens of
//! megabytes for a simulation that keeps every time step) is mapped from the
//! operating system at every call and unmapped at its end, and the next call
//! page-faults all of it in again, zero-filled, which can cost as much as the
//! adjoint's arithmetic. [`Tape`] and [`ChunkTapes`] are `Vec`s that take
//! their buffer from a small per-thread pool when created and give it back,
//! emptied but with its capacity, when dropped, so the second call of a
//! derivative finds its tape memory ready.
//!
//! Both dereference to the `Vec` they wrap, so generated code pushes, pops,
//! indexes, resizes and reserves as on a `Vec`, and passes `&mut tape` where
//! the runtime takes a `&mut Vec` (deref coercion). A reused tape starts
//! empty, so nothing of one call is seen by the next; which buffer a tape
//! gets changes only where its memory comes from.
//!
//! The pool is bounded: a thread keeps at most [`SHELF`] buffers per element
//! type (the largest, when more are given back; none under [`MIN_BYTES`],
//! which the allocator serves cheaply anyway), and hands out the one it
//! was given last, which is the one the same tape had if the derivative is
//! called again (see `pool.rs`). A buffer dropped on another thread than the one that
//! created it goes to the pool of the thread that drops it (a reverse closure
//! may be run by another rayon worker than the forward sweep). The element
//! type must be `'static`, since the pool is keyed by its `TypeId`; generated
//! code keeps other values (vectors, structs) on plain `Vec`s.
//! [`release_tape_memory`] empties the calling thread's pool.

mod pool;
#[cfg(test)]
mod tests;
mod whole;

use std::fmt;
use std::ops::{Deref, DerefMut};

pub use pool::{release_tape_memory, retained_tape_memory, MIN_BYTES, SHELF};
pub use whole::{restore_whole, save_whole, WholeBuf, WholeTape};

/// A stack or direct-indexed tape: a `Vec<T>` whose buffer comes from, and
/// returns to, the calling thread's pool (see the [module](self) docs).
pub struct Tape<T: 'static> {
    buf: Vec<T>,
}

impl<T: 'static> Tape<T> {
    /// An empty tape, with the capacity of the buffer of `T` this thread was
    /// given back last (none if it keeps none).
    #[inline]
    pub fn new() -> Self {
        Tape { buf: pool::take() }
    }

    /// Appends `value` into capacity reserved beforehand, as a dense direct
    /// tape is filled: `reserve(n)` before a loop nest, then exactly `n`
    /// values. Unlike `push`, it never reallocates: the only other path is a
    /// panic, which returns nowhere, so the loop around it need not keep its
    /// live values out of registers for a call that could clobber them (with
    /// `push`, a reduction's accumulator in the loop nest is kept in memory).
    ///
    /// # Panics
    ///
    /// If no reserved capacity is left: the generated code reserved less
    /// than it stores, a bug in parad.
    #[inline(always)]
    pub fn push_reserved(&mut self, value: T) {
        let len = self.buf.len();
        if len == self.buf.capacity() {
            capacity_exceeded();
        }
        // SAFETY: `len < capacity`, so the element at `len` is allocated and
        // uninitialised; writing it makes the first `len + 1` initialised.
        unsafe {
            self.buf.as_mut_ptr().add(len).write(value);
            self.buf.set_len(len + 1);
        }
    }
}

#[cold]
#[inline(never)]
fn capacity_exceeded() -> ! {
    panic!("parad: a dense tape received more values than were reserved for it (a bug in parad)")
}

impl<T: 'static> Default for Tape<T> {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

/// Empties the buffer (dropping the values left on it) and gives it to the
/// pool of the thread that drops the tape.
impl<T: 'static> Drop for Tape<T> {
    fn drop(&mut self) {
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        pool::give(buf);
    }
}

impl<T: 'static> Deref for Tape<T> {
    type Target = Vec<T>;
    #[inline(always)]
    fn deref(&self) -> &Vec<T> {
        &self.buf
    }
}

impl<T: 'static> DerefMut for Tape<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.buf
    }
}

impl<T: fmt::Debug + 'static> fmt::Debug for Tape<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.buf.fmt(f)
    }
}

/// The stacks of a parallel loop's chunks (one per chunk, see
/// [`PerChunk`](crate::par::PerChunk)): a `Vec<Vec<T>>` that goes to the pool
/// as one buffer, its stacks emptied but kept with their capacity.
///
/// A reused `ChunkTapes` therefore holds as many stacks as it last had, all
/// empty; chunk `c` gets stack `c` again, whose capacity fits what the same
/// chunk of the same loop pushed last time.
pub struct ChunkTapes<T: 'static> {
    stacks: Stacks<T>,
}

/// The pooled buffer of [`ChunkTapes`]: a type of its own, so that it is not
/// handed to a `Tape<Vec<T>>` (a stack of vectors), which must start with no
/// element at all.
struct Stacks<T>(Vec<Vec<T>>);

impl<T> Default for Stacks<T> {
    fn default() -> Self {
        Stacks(Vec::new())
    }
}

impl<T: 'static> pool::Buffer for Stacks<T> {
    fn bytes(&self) -> usize {
        self.0.iter().map(pool::Buffer::bytes).fold(self.0.bytes(), usize::saturating_add)
    }
}

impl<T: 'static> ChunkTapes<T> {
    /// The emptied stacks of the set this thread was given back last (no
    /// stacks if it keeps none); [`PerChunk::new`](crate::par::PerChunk::new)
    /// adds what a loop needs.
    #[inline]
    pub fn new() -> Self {
        ChunkTapes { stacks: pool::take() }
    }
}

impl<T: 'static> Default for ChunkTapes<T> {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

/// Empties every stack, keeping them, and gives the set to the pool of the
/// thread that drops it.
impl<T: 'static> Drop for ChunkTapes<T> {
    fn drop(&mut self) {
        let mut stacks = std::mem::take(&mut self.stacks);
        stacks.0.iter_mut().for_each(Vec::clear);
        pool::give(stacks);
    }
}

impl<T: 'static> Deref for ChunkTapes<T> {
    type Target = Vec<Vec<T>>;
    #[inline(always)]
    fn deref(&self) -> &Vec<Vec<T>> {
        &self.stacks.0
    }
}

impl<T: 'static> DerefMut for ChunkTapes<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut Vec<Vec<T>> {
        &mut self.stacks.0
    }
}

impl<T: fmt::Debug + 'static> fmt::Debug for ChunkTapes<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.stacks.0.fmt(f)
    }
}
