//! Parallel loops and their adjoints, deterministic for any number of threads.
//!
//! Generated code runs a user's rayon loop (`y.par_iter_mut().enumerate()
//! .for_each(..)`) and its adjoint through the drivers here. The iteration
//! space `lo..hi` is cut into at most [`CHUNKS`] contiguous chunks, a number
//! fixed in advance rather than taken from the thread pool. Everything that
//! depends on the order of floating-point operations (per-chunk tapes, private
//! adjoint buffers, their merge) is then a function of the chunk and not of
//! the thread that happened to run it, so results are bitwise the same on one
//! thread or on many.
//!
//! What a loop body touches is passed to a driver as [`Parts`]: a bundle of
//! buffers that are split along the iteration space together with the chunks,
//! so each chunk gets exclusive access to its own share without `unsafe`
//! (the splitting is `split_at_mut`, the fork is `rayon::join`).
//!
//! - [`PerIter`] gives each chunk the elements its iterations own, as a
//!   [`Piece`] indexed by the global element index; [`PerIter::zeroed`]
//!   does the same for a buffer reused by every execution of a loop (a
//!   stencil adjoint's partials), each chunk zeroing its elements first.
//! - [`PerChunk`] gives each chunk one slot of a vector, for per-chunk tapes.
//! - [`Private`], [`merge_private`] and [`stencil_gather`] handle adjoints
//!   that several iterations add into: each chunk accumulates privately, and
//!   the partials are added into the shadow afterwards in chunk order.

mod atomic;
mod chunk;
mod piece;
mod private;
#[cfg(test)]
mod tests;

use std::ops::Range;

pub use atomic::{AtomicBits, AtomicShadow};
pub use chunk::{reserve_passes, PerChunk};
pub use piece::{restore_piece, save_piece, PerIter, Piece, Zeroed};
pub use private::{merge_private, stencil_gather, Private};

/// The number of chunks a parallel loop is cut into (fewer when it has fewer
/// iterations).
///
/// It is a constant, not the thread count, because the chunking decides the
/// order of floating-point operations and must not change with the pool. 32
/// gives enough slack for load balancing on the machines this targets while
/// keeping per-chunk private buffers and tapes few.
pub const CHUNKS: usize = 32;

/// The number of chunks of the loop `lo..hi`: one per iteration up to
/// [`CHUNKS`], so no chunk is empty; zero for an empty loop.
#[inline]
pub fn chunk_count(lo: usize, hi: usize) -> usize {
    hi.saturating_sub(lo).min(CHUNKS)
}

/// The iterations of chunk `c` of the loop `lo..hi`.
///
/// The chunks are contiguous, in order, and cover `lo..hi` exactly. They are
/// balanced: with `n` iterations and `C` chunks, the first `n % C` chunks have
/// one iteration more than the others.
///
/// # Panics
///
/// If `c` is not below [`chunk_count`]`(lo, hi)`.
#[inline]
pub fn chunk_range(lo: usize, hi: usize, c: usize) -> Range<usize> {
    let count = chunk_count(lo, hi);
    assert!(c < count, "chunk {c} of a loop {lo}..{hi} that has {count} chunks");
    chunk_start(lo, hi, count, c)..chunk_start(lo, hi, count, c + 1)
}

/// The first iteration of chunk `c` (or `hi` for `c == count`); `count` must
/// be the non-zero chunk count of `lo..hi`.
#[inline]
fn chunk_start(lo: usize, hi: usize, count: usize, c: usize) -> usize {
    let n = hi - lo;
    let (size, longer) = (n / count, n % count);
    lo + c * size + c.min(longer)
}

/// A bundle of buffers split along the iteration space of a parallel loop.
///
/// A value covers a run of consecutive chunks of the loop (the whole loop when
/// handed to a driver). The driver halves it recursively, in step with the
/// chunks, and turns each single-chunk value into a [`Parts::Leaf`], what the
/// loop body gets for that chunk. `Send` is required because the halves move
/// to other threads; the leaf is made on the thread that runs the chunk and
/// need not be `Send`.
pub trait Parts: Send + Sized {
    /// What the loop body gets for one chunk.
    type Leaf;

    /// Splits into (the first `iters` iterations, which make up the first
    /// `chunks` chunks, of what `self` covers; the rest). Each implementation
    /// uses whichever measure fits it: per-iteration buffers the iterations,
    /// per-chunk ones the chunks.
    fn split(self, iters: usize, chunks: usize) -> (Self, Self);

    /// The share of a value that covers exactly one chunk.
    fn leaf(self) -> Self::Leaf;
}

/// No buffers: a loop whose body only reads shared data.
impl Parts for () {
    type Leaf = ();
    #[inline]
    fn split(self, _iters: usize, _chunks: usize) -> (Self, Self) {
        ((), ())
    }
    #[inline]
    fn leaf(self) {}
}

/// Implements [`Parts`] for the tuple of the given element types and for every
/// shorter prefix of it, splitting element-wise. The type names double as the
/// names of the elements' variables.
macro_rules! tuple_parts {
    () => {};
    ($($name:ident)+) => {
        /// Element-wise: each element is split at the same boundary, and the
        /// leaf is the tuple of the elements' leaves.
        #[allow(non_snake_case)]
        impl<$($name: Parts),+> Parts for ($($name,)+) {
            type Leaf = ($($name::Leaf,)+);
            #[inline]
            fn split(self, iters: usize, chunks: usize) -> (Self, Self) {
                let ($($name,)+) = self;
                $(let $name = $name.split(iters, chunks);)+
                (($($name.0,)+), ($($name.1,)+))
            }
            #[inline]
            fn leaf(self) -> Self::Leaf {
                let ($($name,)+) = self;
                ($($name.leaf(),)+)
            }
        }
        tuple_parts!(@drop_last [] $($name)+);
    };
    // Recurses on the tuple without its last element: macro_rules cannot
    // match "all but the last" directly, so the prefix is accumulated.
    (@drop_last [$($kept:ident)*] $last:ident) => {
        tuple_parts!($($kept)*);
    };
    (@drop_last [$($kept:ident)*] $head:ident $($rest:ident)+) => {
        tuple_parts!(@drop_last [$($kept)* $head] $($rest)+);
    };
}
tuple_parts!(A B C D E G H I J K L M);

/// Runs `body(chunk_range(lo, hi, c), leaf)` once for every chunk `c` of the
/// loop `lo..hi`, chunks in parallel, where `leaf` is the share of `parts`
/// for chunk `c`.
///
/// The chunks are forked by recursive halving with `rayon::join`, so the work
/// runs on the current rayon pool (the global one unless inside
/// `ThreadPool::install`). Which thread runs a chunk does not affect what the
/// chunk computes.
pub fn par_for<P: Parts, F>(lo: usize, hi: usize, parts: P, body: F)
where
    F: Fn(Range<usize>, P::Leaf) + Sync,
{
    run(lo, hi, 0, chunk_count(lo, hi), parts, &body);
}

/// Like [`par_for`], and returns what `body` returns for each chunk, in chunk
/// order.
///
/// This is how a loop's private partials (sums, private adjoint buffers) come
/// back to be combined in a fixed order.
pub fn par_private<P: Parts, R: Send, F>(lo: usize, hi: usize, parts: P, body: F) -> Vec<R>
where
    F: Fn(Range<usize>, P::Leaf) -> R + Sync,
{
    let count = chunk_count(lo, hi);
    // One slot per chunk, split along with the parts, so each chunk writes
    // its result in place and the order needs no sorting afterwards.
    let mut slots: Vec<Option<R>> = (0..count).map(|_| None).collect();
    let with_slots = (parts, PerChunk::from_slots(&mut slots));
    let fill = |range, (leaf, slot): (P::Leaf, &mut Option<R>)| *slot = Some(body(range, leaf));
    run(lo, hi, 0, count, with_slots, &fill);
    slots.into_iter().map(|r| r.expect("every chunk of a parallel loop runs exactly once")).collect()
}

/// Runs the chunks `c0..c1` of the loop `lo..hi`, `parts` covering exactly
/// those chunks.
fn run<P: Parts, F>(lo: usize, hi: usize, c0: usize, c1: usize, parts: P, body: &F)
where
    F: Fn(Range<usize>, P::Leaf) + Sync,
{
    match c1 - c0 {
        0 => {}
        1 => body(chunk_range(lo, hi, c0), parts.leaf()),
        n => {
            let count = chunk_count(lo, hi);
            let mid = c0 + n / 2;
            let iters = chunk_start(lo, hi, count, mid) - chunk_start(lo, hi, count, c0);
            let (first, rest) = parts.split(iters, mid - c0);
            rayon::join(|| run(lo, hi, c0, mid, first, body), || run(lo, hi, mid, c1, rest, body));
        }
    }
}
