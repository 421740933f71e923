//! The heat equation of the checkpointing example, test and table: `n`
//! cells with fixed ends, explicit Euler, a quadratic sink (so that the
//! adjoint needs the state), two buffers swapped each step, loss = sum of
//! squares at the end; and a global allocator that counts the heap in use
//! and its peak.

// The example and the test each use a part; the loops are written as
// numerical code is, over indices.
#![allow(dead_code, clippy::needless_range_loop)]

use parad::autodiff;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The full-tape gradient: every step's tape is kept.
#[autodiff(reverse, d_heat, Duplicated, Const, Active)]
pub fn heat(u0: &[f64], steps: usize) -> f64 {
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = u0.to_vec();
    for _ in 0..steps {
        for i in 1..n - 1 {
            next[i] = u[i] + 0.25 * (u[i - 1] - 2.0 * u[i] + u[i + 1]) - 0.01 * u[i] * u[i];
        }
        std::mem::swap(&mut u, &mut next);
    }
    let mut e = 0.0;
    for i in 0..n {
        e += u[i] * u[i];
    }
    e
}

/// The same with the time loop checkpointed: `snapshots` states kept at a
/// time, Revolve's schedule.
#[autodiff(reverse, d_heat_checkpointed, Duplicated, Const, Const, Active)]
pub fn heat_checkpointed(u0: &[f64], steps: usize, snapshots: usize) -> f64 {
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut next = u0.to_vec();
    #[checkpoint(binomial(snapshots = snapshots))]
    for _ in 0..steps {
        for i in 1..n - 1 {
            next[i] = u[i] + 0.25 * (u[i - 1] - 2.0 * u[i] + u[i + 1]) - 0.01 * u[i] * u[i];
        }
        std::mem::swap(&mut u, &mut next);
    }
    let mut e = 0.0;
    for i in 0..n {
        e += u[i] * u[i];
    }
    e
}

/// `System`, counting the bytes in use and the most in use since the last
/// [`Counting::reset_peak`].
pub struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

impl Counting {
    /// Starts a new peak at the bytes in use now, and returns them.
    pub fn reset_peak() -> usize {
        let now = IN_USE.load(Ordering::SeqCst);
        PEAK.store(now, Ordering::SeqCst);
        now
    }

    /// The most bytes in use since the last reset.
    pub fn peak() -> usize {
        PEAK.load(Ordering::SeqCst)
    }
}

// SAFETY: every call is forwarded to `System` unchanged; the counters are
// only bookkeeping.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            let now = IN_USE.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
            PEAK.fetch_max(now, Ordering::SeqCst);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        IN_USE.fetch_sub(layout.size(), Ordering::SeqCst);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            IN_USE.fetch_sub(layout.size(), Ordering::SeqCst);
            let now = IN_USE.fetch_add(new_size, Ordering::SeqCst) + new_size;
            PEAK.fetch_max(now, Ordering::SeqCst);
        }
        p
    }
}
