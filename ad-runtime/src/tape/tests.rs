//! Tests of the tape pool. Each test empties its thread's pool first and uses
//! element types of its own, so that tests run on one thread
//! (`--test-threads=1`) do not see each other's buffers. Buffers are made
//! larger than [`MIN_BYTES`], the smallest the pool keeps.

use super::*;
use crate::par::{par_for, PerChunk};
use std::rc::Rc;

#[test]
fn a_dropped_tape_gives_its_capacity_to_the_next_one() {
    release_tape_memory();
    #[derive(Clone, Copy, PartialEq, Debug)]
    struct Value(f64);
    let mut first = Tape::new();
    first.extend((0..1000).map(|i| Value(i as f64)));
    let (capacity, address) = (first.capacity(), first.as_ptr());
    drop(first);
    assert_eq!(retained_tape_memory(), capacity * 8);
    let mut second = Tape::<Value>::new();
    assert!(second.is_empty(), "a reused tape starts empty");
    assert_eq!((second.capacity(), second.as_ptr()), (capacity, address));
    assert_eq!(retained_tape_memory(), 0, "the buffer left the pool");
    second.push(Value(7.0));
    assert_eq!(second.pop(), Some(Value(7.0)));
}

#[test]
fn values_left_on_a_tape_are_dropped_with_it() {
    release_tape_memory();
    let shared = Rc::new(3);
    let mut tape = Tape::new();
    tape.resize(1000, Rc::clone(&shared));
    drop(tape);
    assert_eq!(Rc::strong_count(&shared), 1, "the pool keeps no value");
    let reused = Tape::<Rc<i32>>::new();
    assert!(reused.is_empty() && reused.capacity() >= 1000);
}

#[test]
fn buffers_go_only_to_tapes_of_their_type() {
    release_tape_memory();
    struct Narrow(#[allow(dead_code)] u32);
    struct Wide(#[allow(dead_code)] u64);
    let mut narrow = Tape::new();
    narrow.reserve(2000);
    narrow.push(Narrow(1));
    drop(narrow);
    assert_eq!(Tape::<Wide>::new().capacity(), 0);
    assert!(Tape::<Narrow>::new().capacity() > 0);
    // A stack of vectors and the per-chunk stacks of the same element type
    // are different buffers: the first must start with no element at all.
    let mut chunks = ChunkTapes::<Wide>::new();
    chunks.resize_with(4, Vec::new);
    chunks[2].reserve(1000);
    chunks[2].push(Wide(5));
    drop(chunks);
    let vectors = Tape::<Vec<Wide>>::new();
    assert!(vectors.is_empty() && vectors.capacity() == 0);
    assert_eq!(ChunkTapes::<Wide>::new().len(), 4);
}

#[test]
fn a_thread_keeps_the_largest_few_buffers_of_a_type() {
    release_tape_memory();
    #[derive(Clone, Copy)]
    struct Byte(#[allow(dead_code)] u8);
    let sizes = [10_000, 60_000, 30_000, 50_000, 20_000, 40_000];
    let tapes: Vec<Tape<Byte>> = sizes
        .iter()
        .map(|&n| {
            let mut t = Tape::new();
            t.reserve_exact(n);
            t
        })
        .collect();
    let capacities: Vec<usize> = tapes.iter().map(|t| t.capacity()).collect();
    // Dropped in order: the first four fill the shelf; 20_000 replaces
    // 10_000, the smallest; 40_000 replaces 20_000.
    drop(tapes);
    let mut kept = capacities.clone();
    kept.sort_unstable_by(|a, b| b.cmp(a));
    kept.truncate(SHELF);
    assert_eq!(retained_tape_memory(), kept.iter().sum::<usize>());
    // New tapes get the last given back first, then none.
    let again: Vec<Tape<Byte>> = (0..SHELF + 1).map(|_| Tape::new()).collect();
    let got: Vec<usize> = again.iter().map(|t| t.capacity()).collect();
    let c = |n: usize| capacities[sizes.iter().position(|&s| s == n).unwrap()];
    assert_eq!(got, [c(40_000), c(50_000), c(30_000), c(60_000), 0]);
    drop(again);
    assert_eq!(release_tape_memory(), kept.iter().sum::<usize>());
    assert_eq!(retained_tape_memory(), 0);
    assert_eq!(Tape::<Byte>::new().capacity(), 0);
}

/// A derivative's tapes are locals, dropped in the reverse of their
/// declaration: declared again in the same order, each gets back its own
/// buffer, so a small tape declared before a large one does not take the
/// large buffer (and the large tape need not grow a second one).
#[test]
fn tapes_declared_again_get_their_own_buffers() {
    release_tape_memory();
    #[derive(Clone, Copy)]
    struct Word(#[allow(dead_code)] u32);
    let fill = |n: usize| {
        let (mut small, mut large, mut other) = (Tape::new(), Tape::new(), Tape::new());
        small.resize(n, Word(0));
        large.resize(100 * n, Word(0));
        other.resize(10 * n, 0u8);
        [small.as_ptr() as usize, large.as_ptr() as usize, other.as_ptr() as usize]
    };
    let first = fill(2000);
    let held = retained_tape_memory();
    for _ in 0..3 {
        assert_eq!(fill(2000), first);
        assert_eq!(retained_tape_memory(), held);
    }
    // A smaller call reuses the same buffers.
    assert_eq!(fill(20), first);
}

#[test]
fn a_tape_under_a_page_is_not_kept() {
    release_tape_memory();
    struct Unused;
    drop(Tape::<Unused>::new());
    #[derive(Clone, Copy)]
    struct Byte(#[allow(dead_code)] u8);
    let mut small = Tape::new();
    small.reserve_exact(MIN_BYTES - 1);
    small.push(Byte(1));
    drop(small);
    assert_eq!(retained_tape_memory(), 0);
    assert_eq!(Tape::<Byte>::new().capacity(), 0);
    let mut page = Tape::new();
    page.reserve_exact(MIN_BYTES);
    page.push(Byte(1));
    drop(page);
    assert_eq!(retained_tape_memory(), MIN_BYTES);
}

#[test]
fn a_tape_goes_to_the_pool_of_the_thread_that_drops_it() {
    release_tape_memory();
    struct Moved(#[allow(dead_code)] u16);
    let mut tape = Tape::new();
    tape.reserve(3000);
    tape.push(Moved(1));
    let capacity = tape.capacity();
    let (there, there_after) = std::thread::spawn(move || {
        let before = retained_tape_memory();
        drop(tape);
        let reused = Tape::<Moved>::new().capacity();
        (before, reused)
    })
    .join()
    .unwrap();
    assert_eq!((there, there_after), (0, capacity));
    assert_eq!(retained_tape_memory(), 0);
    assert_eq!(Tape::<Moved>::new().capacity(), 0);
}

#[test]
fn tapes_on_a_tape_are_pooled_too() {
    release_tape_memory();
    #[derive(Clone, Copy)]
    struct Inner(#[allow(dead_code)] u8);
    let mut outer = Tape::new();
    outer.reserve(200);
    for n in [5000, 6000] {
        let mut t = Tape::new();
        t.reserve_exact(n);
        t.push(Inner(0));
        outer.push(t);
    }
    drop(outer);
    let inner = Tape::<Inner>::new();
    assert!(inner.is_empty() && inner.capacity() >= 6000);
    assert!(Tape::<Tape<Inner>>::new().capacity() >= 200);
}

#[test]
fn chunk_stacks_come_back_empty_with_their_capacities() {
    release_tape_memory();
    #[derive(Clone, Copy, PartialEq, Debug)]
    struct Cell(f64);
    let capacities = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap().install(|| {
        let mut stacks = ChunkTapes::new();
        par_for(0, 1000, PerChunk::new(&mut stacks, 0, 1000), |chunk, stack| {
            for i in chunk {
                stack.push(Cell(i as f64));
            }
        });
        crate::par::reserve_passes(&mut stacks, 0, 3);
        assert_eq!(stacks[31].last(), Some(&Cell(999.0)));
        let capacities: Vec<usize> = stacks.iter().map(Vec::capacity).collect();
        drop(stacks);
        let reused = ChunkTapes::<Cell>::new();
        assert!(reused.iter().all(Vec::is_empty), "every stack starts empty");
        assert_eq!(reused.iter().map(Vec::capacity).collect::<Vec<_>>(), capacities);
        capacities
    });
    assert_eq!(capacities.len(), crate::par::CHUNKS);
    assert!(capacities.iter().all(|&c| c >= 93), "reserve_passes reserved two more runs");
}

#[test]
fn release_frees_what_the_thread_kept() {
    release_tape_memory();
    let mut a = Tape::<u8>::new();
    a.reserve_exact(10_000);
    let mut b = ChunkTapes::<u8>::new();
    b.push(Vec::with_capacity(5000));
    let expected = a.capacity() + b[0].capacity() + b.capacity() * std::mem::size_of::<Vec<u8>>();
    drop((a, b));
    assert_eq!(retained_tape_memory(), expected);
    assert_eq!(release_tape_memory(), expected);
    assert_eq!((retained_tape_memory(), release_tape_memory()), (0, 0));
}

#[test]
fn push_reserved_fills_reserved_capacity_and_refuses_more() {
    release_tape_memory();
    #[derive(Clone, Copy, PartialEq, Debug)]
    struct Half(f32);
    let mut tape = Tape::new();
    tape.reserve_exact(3);
    let capacity = tape.capacity();
    for i in 0..capacity {
        tape.push_reserved(Half(i as f32));
    }
    assert_eq!(tape.len(), capacity);
    assert_eq!(tape[2], Half(2.0));
    let full = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| tape.push_reserved(Half(-1.0))));
    assert!(full.is_err(), "a full tape panics rather than grows");
    assert_eq!(tape.len(), capacity);
}
