//! Peak heap memory of one call: a counting allocator over the system's,
//! which the bench installs as its `#[global_allocator]`. It counts only
//! on the thread a measurement runs on, while it runs (one relaxed load per
//! allocation otherwise).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicIsize, AtomicU64, Ordering::Relaxed};

/// The system allocator, counting bytes while [`peak_bytes`] measures.
pub struct Counting;

/// The measurement under way (0: none), and the last one started.
static RUNNING: AtomicU64 = AtomicU64::new(0);
static LAST: AtomicU64 = AtomicU64::new(0);
/// Bytes allocated minus bytes freed by the measured thread since the
/// measurement started (frees of older blocks make it negative), and its
/// maximum.
static NOW: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);

thread_local! {
    /// The measurement this thread runs. Const-initialised without a
    /// destructor, so the allocator may read it at any time, also while the
    /// thread's other thread-locals are being destroyed.
    static MEASURES: Cell<u64> = const { Cell::new(0) };
}

fn count(bytes: isize) {
    let running = RUNNING.load(Relaxed);
    if running != 0 && MEASURES.with(Cell::get) == running {
        let now = NOW.fetch_add(bytes, Relaxed) + bytes;
        PEAK.fetch_max(now, Relaxed);
    }
}

// SAFETY: every method forwards to `System` with the caller's arguments,
// so `Counting` upholds `GlobalAlloc`'s contract exactly as `System` does;
// the counting only touches atomics and never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc`, passed on unchanged.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as in `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract for `dealloc` (`ptr` came from this
        // allocator, that is from `System`, with `layout`).
        unsafe { System.dealloc(ptr, layout) };
        count(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract for `realloc`, passed on unchanged.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            count(new_size as isize - layout.size() as isize);
        }
        p
    }
}

/// The most heap `f` holds at once beyond what was allocated before it,
/// in bytes (0 when it frees more than it takes). `f` runs on a new
/// one-thread rayon pool, whose thread alone is counted: parad's tape pools,
/// which keep their buffers per thread between calls, start empty there,
/// and the threads of earlier measurements, whose thread-locals may be
/// freed at any time after their pool is dropped, are not counted. Not
/// reentrant: one measurement at a time.
pub fn peak_bytes(f: impl FnOnce() + Send) -> usize {
    let id = LAST.fetch_add(1, Relaxed) + 1;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .start_handler(move |_| MEASURES.with(|m| m.set(id)))
        .build()
        .unwrap();
    NOW.store(0, Relaxed);
    PEAK.store(0, Relaxed);
    RUNNING.store(id, Relaxed);
    pool.install(f);
    RUNNING.store(0, Relaxed);
    PEAK.load(Relaxed).max(0) as usize
}
