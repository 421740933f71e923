//! Tests of [`WholeTape`]: what a loop overwrites comes back, by moving a
//! large vector's storage and by copying a prefix or a small vector, and a
//! second tape of the same type reuses the first one's buffers. Each test
//! empties its thread's pool first and uses an element type of its own
//! where it looks at the pool.

use super::*;
use crate::tape::release_tape_memory;

/// What a loop writing `buf[..count]` does: every element of the prefix
/// gets a value that depends on the pass.
fn overwrite(buf: &mut [f64], count: usize, pass: usize) {
    for (k, v) in buf[..count].iter_mut().enumerate() {
        *v = (1000 * pass + k) as f64;
    }
}

/// Saves, overwrites and restores `passes` times in a row (as a time loop
/// does), then checks each restore gives back what the save saw.
fn round_trip(len: usize, count: usize, passes: usize) {
    let mut tape = WholeTape::new();
    let mut buf: Vec<f64> = (0..len).map(|k| -(k as f64)).collect();
    let mut before = Vec::new();
    for pass in 0..passes {
        before.push(buf.clone());
        save_whole(&mut tape, &mut buf, count);
        assert_eq!(buf.len(), len, "the vector keeps its length");
        overwrite(&mut buf, count, pass + 1);
    }
    for pass in (0..passes).rev() {
        restore_whole(&mut tape, &mut buf);
        assert_eq!(buf, before[pass], "pass {pass} restored");
    }
}

#[test]
fn a_large_vector_written_whole_moves_its_storage_and_back() {
    // 1024 doubles: 8 KiB, above a page.
    round_trip(1024, 1024, 5);
    let mut tape = WholeTape::new();
    let mut buf = vec![1.5f64; 1024];
    let first = buf.as_ptr();
    save_whole(&mut tape, &mut buf, 1024);
    assert_ne!(buf.as_ptr(), first, "the loop writes into another buffer");
    restore_whole(&mut tape, &mut buf);
    assert_eq!(buf.as_ptr(), first, "the original storage came back");
    assert!(buf.iter().all(|&v| v == 1.5));
}

#[test]
fn a_shorter_prefix_or_a_small_vector_is_copied() {
    // A prefix of a large vector, and a whole small one (80 bytes).
    round_trip(1024, 700, 4);
    round_trip(10, 10, 6);
    round_trip(10, 3, 2);
    let mut tape = WholeTape::new();
    let mut small = vec![2.0f64; 10];
    let first = small.as_ptr();
    save_whole(&mut tape, &mut small, 10);
    assert_eq!(small.as_ptr(), first, "a small vector keeps its storage");
}

#[test]
fn an_array_prefix_is_copied_out_and_back() {
    let mut tape = WholeTape::new();
    let mut a = [1.0f64, 2.0, 3.0, 4.0];
    save_whole(&mut tape, &mut a, 3);
    a[..3].copy_from_slice(&[9.0, 9.0, 9.0]);
    restore_whole(&mut tape, &mut a);
    assert_eq!(a, [1.0, 2.0, 3.0, 4.0]);
}

#[test]
fn saves_of_both_kinds_interleave_on_one_tape() {
    let mut tape = WholeTape::new();
    let mut big = vec![0.5f64; 2048];
    let mut states = Vec::new();
    // A whole save, a prefix save, a whole save: restored in reverse.
    for (pass, count) in [2048, 100, 2048].into_iter().enumerate() {
        states.push(big.clone());
        save_whole(&mut tape, &mut big, count);
        overwrite(&mut big, count, pass + 1);
    }
    for state in states.iter().rev() {
        restore_whole(&mut tape, &mut big);
        assert_eq!(&big, state);
    }
}

#[test]
fn the_next_tape_reuses_the_buffers_without_allocating() {
    release_tape_memory();
    let mut buf = vec![0u64; 4096];
    let mut tape = WholeTape::new();
    for pass in 0..3 {
        save_whole(&mut tape, &mut buf, 4096);
        buf.iter_mut().for_each(|v| *v = pass);
    }
    for _ in 0..3 {
        restore_whole(&mut tape, &mut buf);
    }
    // Three buffers of the loop's writes are now spares.
    let held: Vec<*const u64> = {
        let mut probe = WholeTape::<u64>::new();
        assert_eq!(probe.parts.spare.len(), 0, "the first tape is still alive");
        drop(tape);
        probe = WholeTape::new();
        probe.parts.spare.iter().map(|b| b.as_ptr()).collect()
    };
    assert_eq!(held.len(), 3, "the dropped tape's spares went to the pool");
    let mut again = WholeTape::new();
    for _ in 0..3 {
        save_whole(&mut again, &mut buf, 4096);
        assert!(held.contains(&buf.as_ptr()), "a spare, not a new buffer");
    }
}

#[test]
#[should_panic(expected = "no matching save")]
fn a_restore_without_a_save_panics() {
    let mut tape = WholeTape::<f64>::new();
    let mut buf = vec![0.0; 4];
    restore_whole(&mut tape, &mut buf);
}
