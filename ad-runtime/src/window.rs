//! Windows of buffers for serial loops.
//!
//! Generated code indexes `buf[off + s]` inside `for s in lo..hi` through a
//! window taken once before the loop (`window(&buf[..], off, lo..hi)`,
//! indexed at `s - lo`), so that the compiler knows each index is below the
//! window's length and drops the per-element bounds check. The macro takes a
//! window only where the loop reads or writes that element at every
//! iteration, so a window is out of bounds exactly when the loop would have
//! indexed out of bounds: it then panics with the message of the first
//! index the loop would have failed on. An empty loop takes an empty window
//! and never fails, however far its offset lies.

use std::ops::Range;

/// Elements `off + lo .. off + hi` of `buf`, for a loop over `lo..hi`
/// indexing `buf[off + s]` (or `buf[s + off]`).
#[inline(always)]
#[track_caller]
pub fn window<T>(buf: &[T], off: usize, r: Range<usize>) -> &[T] {
    match bounds(buf.len(), r, |s| s.checked_add(off)) {
        Some(b) => &buf[b],
        None => &[],
    }
}

/// [`window`], writable.
#[inline(always)]
#[track_caller]
pub fn window_mut<T>(buf: &mut [T], off: usize, r: Range<usize>) -> &mut [T] {
    match bounds(buf.len(), r, |s| s.checked_add(off)) {
        Some(b) => &mut buf[b],
        None => &mut [],
    }
}

/// Elements `lo - off .. hi - off` of `buf`, for a loop over `lo..hi`
/// indexing `buf[s - off]`.
#[inline(always)]
#[track_caller]
pub fn window_below<T>(buf: &[T], off: usize, r: Range<usize>) -> &[T] {
    match bounds(buf.len(), r, |s| s.checked_sub(off)) {
        Some(b) => &buf[b],
        None => &[],
    }
}

/// [`window_below`], writable.
#[inline(always)]
#[track_caller]
pub fn window_below_mut<T>(buf: &mut [T], off: usize, r: Range<usize>) -> &mut [T] {
    match bounds(buf.len(), r, |s| s.checked_sub(off)) {
        Some(b) => &mut buf[b],
        None => &mut [],
    }
}

/// Elements `lo + first .. hi + last` of `buf` (`first <= last`), for a
/// loop over `lo..hi` reaching `buf[s + c]` for every `c` from `first` to
/// `last` (negative offsets included): the span whose elements the loop
/// carries from one iteration to the next in registers, each loaded once
/// and stored once. Empty for an empty loop; out of bounds, it panics with
/// the index the loop would have failed on first, the loop reaching both
/// ends of the span in its first and last iterations.
#[inline(always)]
#[track_caller]
pub fn window_span_mut<T>(buf: &mut [T], first: isize, last: isize, r: Range<usize>) -> &mut [T] {
    let shift = |c: isize| move |s: usize| s.checked_add_signed(c);
    match (bounds(buf.len(), r.clone(), shift(first)), bounds(buf.len(), r, shift(last))) {
        (Some(a), Some(b)) => &mut buf[a.start..b.end],
        _ => &mut [],
    }
}

/// The range of elements a loop over `r` reaches through `at`, or `None` for
/// an empty loop; panics as the loop would where an element is missing.
#[inline(always)]
#[track_caller]
fn bounds(len: usize, r: Range<usize>, at: impl Fn(usize) -> Option<usize>) -> Option<Range<usize>> {
    if r.start >= r.end {
        return None;
    }
    // The last element reached is at(end - 1); both ends in range make the
    // whole range so, the indices being consecutive.
    match (at(r.start), at(r.end - 1)) {
        (Some(a), Some(b)) if b < len => Some(a..b + 1),
        _ => out_of_bounds(len, r, at),
    }
}

/// The panic of the first index of the loop that fails: an offset below
/// zero or an element past the end.
#[cold]
#[inline(never)]
#[track_caller]
fn out_of_bounds(len: usize, r: Range<usize>, at: impl Fn(usize) -> Option<usize>) -> ! {
    for s in r {
        match at(s) {
            None => panic!("attempt to compute an index below zero or past usize::MAX, in iteration {s} of a loop"),
            Some(i) if i >= len => panic!("index out of bounds: the len is {len} but the index is {i}"),
            Some(_) => {}
        }
    }
    unreachable!("a window out of bounds has an index out of bounds")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::panic::catch_unwind;

    fn message(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
        let e = catch_unwind(f).expect_err("should panic");
        e.downcast_ref::<String>().cloned().unwrap_or_default()
    }

    #[test]
    fn windows_hold_the_elements_the_loop_reaches() {
        let v: Vec<u32> = (0..10).collect();
        assert_eq!(window(&v, 3, 1..4), &[4, 5, 6]);
        assert_eq!(window_below(&v, 2, 5..8), &[3, 4, 5]);
        let mut w = v.clone();
        window_mut(&mut w, 0, 8..10)[1] = 99;
        window_below_mut(&mut w, 1, 1..2)[0] = 77;
        assert_eq!((w[9], w[0]), (99, 77));
    }

    #[test]
    fn an_empty_loop_takes_an_empty_window_wherever_its_offset_lies() {
        let v = [1.0f64; 4];
        assert!(window(&v, 1000, 3..3).is_empty());
        // A range whose end lies before its start, as `lo..hi` with `hi < lo`.
        let (lo, hi) = (5, 2);
        assert!(window(&v, 0, lo..hi).is_empty());
        assert!(window_below(&v, 7, 0..0).is_empty());
    }

    #[test]
    fn a_window_past_the_end_panics_with_the_loops_first_failing_index() {
        let v = [0.0f64; 5];
        // The loop would reach 3, 4 and fail at 5.
        assert_eq!(message(|| _ = window(&v, 2, 1..6)), "index out of bounds: the len is 5 but the index is 5");
        // Starting past the end: the first index fails.
        assert_eq!(message(|| _ = window(&v, 9, 0..2)), "index out of bounds: the len is 5 but the index is 9");
        assert!(message(|| _ = window_below(&v, 3, 1..4)).contains("below zero"));
        // The window up to the last element is fine.
        assert_eq!(window(&v, 2, 1..3).len(), 2);
    }

    #[test]
    fn a_span_holds_every_element_the_offsets_reach() {
        let mut v: Vec<u32> = (0..10).collect();
        // `v[s - 1]`, `v[s]`, `v[s + 1]` for s in 1..9: elements 0..10.
        assert_eq!(window_span_mut(&mut v, -1, 1, 1..9), &(0..10).collect::<Vec<_>>()[..]);
        assert_eq!(window_span_mut(&mut v, 1, 3, 2..4), &[3, 4, 5, 6]);
        assert!(window_span_mut(&mut v, -5, 5, 3..3).is_empty());
        assert!(message(|| _ = window_span_mut(&mut [0.0f64; 5], -1, 1, 0..4)).contains("below zero"));
        assert_eq!(
            message(|| _ = window_span_mut(&mut [0.0f64; 5], -1, 1, 1..5)),
            "index out of bounds: the len is 5 but the index is 5"
        );
    }
}
