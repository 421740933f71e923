//! The per-thread free list behind [`Tape`](super::Tape) and
//! [`ChunkTapes`](super::ChunkTapes).
//!
//! Each thread keeps, per buffer type, a shelf of at most [`SHELF`] empty
//! buffers with their capacity. A tape takes a buffer when it is created
//! and puts it back, emptied, when it is dropped. The shelf is a stack: a
//! new tape gets the buffer given back last. A derivative's tapes are
//! locals declared one after the other and dropped in the reverse order,
//! so when it is called again each tape gets back the buffer it had, sized
//! for it (taking the largest instead would hand a small tape's declaration
//! the large buffer, and the large tape would grow a second one). A full
//! shelf keeps the largest buffers and frees the smallest. Buffers are
//! found by `TypeId` in a short list, since a program has few tape types.
//!
//! Buffers under [`MIN_BYTES`] are not kept: the allocator hands small
//! blocks out again cheaply, without page faults, and the tapes of a callee
//! called in a loop (one each per call) would otherwise cost two look-ups
//! per call and fill the shelf with buffers too small for anything else.
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

/// The smallest buffer a thread keeps, in bytes (a page).
pub const MIN_BYTES: usize = 4096;

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

/// Up to [`SHELF`] buffers of type `B`, the one given back last on top.
struct Shelf<B> {
    stack: Vec<B>,
}

/// What the thread's list holds, whatever the buffer type.
trait AnyShelf {
    fn bytes(&self) -> usize;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<B: Buffer> AnyShelf for Shelf<B> {
    fn bytes(&self) -> usize {
        self.stack.iter().map(B::bytes).sum()
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl<B: Buffer> Shelf<B> {
    /// The buffer given back last.
    fn take(&mut self) -> Option<B> {
        self.stack.pop()
    }

    /// Puts `buffer` on top. A full shelf first frees its smallest buffer,
    /// or `buffer` itself if that is smaller still; returns what is to be
    /// freed.
    fn put(&mut self, buffer: B) -> Option<B> {
        if self.stack.len() < SHELF {
            self.stack.push(buffer);
            return None;
        }
        let sizes = self.stack.iter().map(B::bytes).enumerate();
        let Some((smallest, size)) = sizes.min_by_key(|&(_, size)| size) else {
            return Some(buffer);
        };
        if size >= buffer.bytes() {
            return Some(buffer);
        }
        let left = self.stack.remove(smallest);
        self.stack.push(buffer);
        Some(left)
    }
}

thread_local! {
    /// This thread's shelves, one per buffer type.
    static POOL: RefCell<Vec<(TypeId, Box<dyn AnyShelf>)>> = const { RefCell::new(Vec::new()) };
}

/// The buffer of type `B` this thread shelved last, or a new empty one.
pub(super) fn take<B: Buffer>() -> B {
    let found = POOL.try_with(|pool| {
        let mut pool = pool.try_borrow_mut().ok()?;
        let (_, shelf) = pool.iter_mut().find(|(id, _)| *id == TypeId::of::<B>())?;
        shelf.as_any_mut().downcast_mut::<Shelf<B>>()?.take()
    });
    found.ok().flatten().unwrap_or_default()
}

/// Shelves `buffer`, which must be empty, on this thread; a buffer under
/// [`MIN_BYTES`], or smaller than everything on a full shelf, is freed.
pub(super) fn give<B: Buffer>(buffer: B) {
    if buffer.bytes() < MIN_BYTES {
        return;
    }
    // What does not fit is returned out of the borrow and freed after it.
    let _left = POOL.try_with(|pool| {
        let Ok(mut pool) = pool.try_borrow_mut() else {
            return Some(buffer);
        };
        let id = TypeId::of::<B>();
        let index = match pool.iter().position(|(t, _)| *t == id) {
            Some(i) => i,
            None => {
                let stack = Vec::with_capacity(SHELF);
                pool.push((id, Box::new(Shelf::<B> { stack })));
                pool.len() - 1
            }
        };
        match pool[index].1.as_any_mut().downcast_mut::<Shelf<B>>() {
            Some(shelf) => shelf.put(buffer),
            None => Some(buffer),
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
/// tape type (the largest, when more are given back; none smaller than a
/// page), so after a gradient with a large tape about that tape's size
/// stays allocated until the thread ends or this function is called.
/// Rayon's worker threads have pools of their own; to empty them all, run
/// it on each: `pool.broadcast(|_| parad::release_tape_memory())`.
pub fn release_tape_memory() -> usize {
    let shelves = POOL.try_with(|pool| pool.try_borrow_mut().map(|mut p| mem::take(&mut *p)).unwrap_or_default());
    // Freed here, after the borrow.
    shelves.unwrap_or_default().iter().map(|(_, s)| s.bytes()).sum()
}

/// How many bytes of tape buffers this thread keeps for reuse (see
/// [`release_tape_memory`]).
pub fn retained_tape_memory() -> usize {
    POOL.try_with(|pool| pool.try_borrow().map(|p| p.iter().map(|(_, s)| s.bytes()).sum()).unwrap_or(0)).unwrap_or(0)
}
