//! The per-thread free list behind [`Tape`](super::Tape) and
//! [`ChunkTapes`](super::ChunkTapes).
//!
//! Each thread keeps, per buffer type, a shelf of at most [`SHELF`] empty
//! buffers with their capacity. A tape takes the largest one when it is
//! created and puts its buffer back, emptied, when it is dropped; a full
//! shelf keeps the largest buffers and frees the smallest. Buffers are
//! found by `TypeId` in a short list, since a program has few tape types.
//!
//! The list is a `RefCell` in a thread-local. It is only borrowed inside
//! the functions of this module, which run no code of the buffers' element
//! types while it is borrowed (a buffer is emptied before it is shelved, and
//! a buffer that leaves the shelf is dropped after the borrow ends), so the
//! borrow cannot be re-entered. Should it be anyway, or should a tape be
//! dropped while the thread-local is being torn down, the buffer is simply
//! freed: the pool is an optimisation and never panics.

use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::mem;

/// How many buffers of one type a thread keeps.
pub const SHELF: usize = 4;

/// A buffer that can wait on a shelf: it can be emptied while keeping its
/// allocation, and says how much memory it holds.
pub(super) trait Buffer: Default + 'static {
    /// Heap memory held, in bytes (zero for a buffer that never allocated).
    fn bytes(&self) -> usize;
}

impl<T: 'static> Buffer for Vec<T> {
    fn bytes(&self) -> usize {
        self.capacity().saturating_mul(mem::size_of::<T>())
    }
}

/// Up to [`SHELF`] buffers of type `B`; an empty place holds
/// `B::default()`, which holds no memory.
struct Shelf<B> {
    places: [B; SHELF],
}

/// What the thread's list holds, whatever the buffer type.
trait AnyShelf {
    fn bytes(&self) -> usize;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<B: Buffer> AnyShelf for Shelf<B> {
    fn bytes(&self) -> usize {
        self.places.iter().map(B::bytes).sum()
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl<B: Buffer> Shelf<B> {
    /// The largest buffer, leaving its place empty; `None` when every place
    /// is.
    fn take(&mut self) -> Option<B> {
        let largest = self.places.iter_mut().max_by_key(|b| b.bytes())?;
        (largest.bytes() > 0).then(|| mem::take(largest))
    }

    /// Shelves `buffer` in an empty place, or instead of the smallest buffer
    /// if that is smaller; returns what is left over (an empty place, the
    /// smallest buffer or `buffer` itself), to be freed.
    fn put(&mut self, buffer: B) -> B {
        match self.places.iter_mut().min_by_key(|b| b.bytes()) {
            Some(smallest) if smallest.bytes() < buffer.bytes() => mem::replace(smallest, buffer),
            _ => buffer,
        }
    }
}

thread_local! {
    /// This thread's shelves, one per buffer type.
    static POOL: RefCell<Vec<(TypeId, Box<dyn AnyShelf>)>> = const { RefCell::new(Vec::new()) };
}

/// The largest shelved buffer of type `B` on this thread, or a new empty one.
pub(super) fn take<B: Buffer>() -> B {
    let found = POOL.try_with(|pool| {
        let mut pool = pool.try_borrow_mut().ok()?;
        let (_, shelf) = pool.iter_mut().find(|(id, _)| *id == TypeId::of::<B>())?;
        shelf.as_any_mut().downcast_mut::<Shelf<B>>()?.take()
    });
    found.ok().flatten().unwrap_or_default()
}

/// Shelves `buffer`, which must be empty, on this thread; a buffer that holds
/// no memory, or that is smaller than everything on a full shelf, is freed.
pub(super) fn give<B: Buffer>(buffer: B) {
    if buffer.bytes() == 0 {
        return;
    }
    // What does not fit is returned out of the borrow and freed after it.
    let _left = POOL.try_with(|pool| {
        let Ok(mut pool) = pool.try_borrow_mut() else {
            return buffer;
        };
        let id = TypeId::of::<B>();
        let index = match pool.iter().position(|(t, _)| *t == id) {
            Some(i) => i,
            None => {
                let places = std::array::from_fn(|_| B::default());
                pool.push((id, Box::new(Shelf { places })));
                pool.len() - 1
            }
        };
        match pool[index].1.as_any_mut().downcast_mut::<Shelf<B>>() {
            Some(shelf) => shelf.put(buffer),
            None => buffer,
        }
    });
}

/// Frees the tape buffers this thread keeps for reuse, and returns how many
/// bytes they held.
///
/// A derivative's tapes take their buffers from a pool of the thread that
/// creates them and give them back, emptied, to the pool of the thread that
/// drops them, so the next call finds its memory ready instead of asking the
/// operating system for it again (for a large tape, page faults can cost as
/// much as the adjoint itself). Each thread keeps at most four buffers per
/// tape type, the largest ones, so after a gradient with a large tape about
/// that tape's size stays allocated until the thread ends or this function
/// is called. Rayon's worker threads have pools of their own; to empty them
/// all, run it on each: `pool.broadcast(|_| parad::release_tape_memory())`.
pub fn release_tape_memory() -> usize {
    let shelves = POOL.try_with(|pool| {
        pool.try_borrow_mut()
            .map(|mut p| mem::take(&mut *p))
            .unwrap_or_default()
    });
    // Freed here, after the borrow.
    shelves
        .unwrap_or_default()
        .iter()
        .map(|(_, s)| s.bytes())
        .sum()
}

/// How many bytes of tape buffers this thread keeps for reuse (see
/// [`release_tape_memory`]).
pub fn retained_tape_memory() -> usize {
    POOL.try_with(|pool| {
        pool.try_borrow()
            .map(|p| p.iter().map(|(_, s)| s.bytes()).sum())
            .unwrap_or(0)
    })
    .unwrap_or(0)
}
