//! `&mut` buffers on the CPU path.
//!
//! A kernel's blocks run in parallel, and every block may write any element
//! of a `&mut` buffer: on a GPU that is a data race only if two threads
//! touch the same element, which a correct kernel avoids, but Rust cannot
//! see that and would not allow a `&mut [T]` to be shared between threads.
//! [`Racy`] shares it as a slice of atomics instead: loads and stores are
//! relaxed atomic operations, which compile to plain moves on the usual
//! targets, so a correct kernel runs at full speed and an incorrect one
//! gives unspecified values (as on the GPU), never undefined behaviour.

use std::sync::atomic::{
    AtomicI16, AtomicI32, AtomicI64, AtomicI8, AtomicIsize, AtomicU16, AtomicU32, AtomicU64, AtomicU8, AtomicUsize,
    Ordering::Relaxed,
};

/// An element type of a kernel's buffers, with the atomic type of the same
/// size that holds it.
pub trait RacyElem: Copy + Send + Sync + 'static {
    /// The atomic integer type with this type's size and alignment.
    type Atomic: Send + Sync;
    /// Reads a cell.
    fn load(cell: &Self::Atomic) -> Self;
    /// Writes a cell.
    fn store(cell: &Self::Atomic, value: Self);
    /// Adds `value` to a cell atomically (no addition is lost when several
    /// threads add to it at once).
    fn add(cell: &Self::Atomic, value: Self);
}

macro_rules! float_elem {
    ($t:ty, $atomic:ty) => {
        // The cast in `Racy::new` relies on these.
        const _: () = assert!(std::mem::size_of::<$t>() == std::mem::size_of::<$atomic>());
        const _: () = assert!(std::mem::align_of::<$t>() == std::mem::align_of::<$atomic>());
        impl RacyElem for $t {
            type Atomic = $atomic;
            #[inline(always)]
            fn load(cell: &$atomic) -> Self {
                <$t>::from_bits(cell.load(Relaxed))
            }
            #[inline(always)]
            fn store(cell: &$atomic, value: Self) {
                cell.store(value.to_bits(), Relaxed)
            }
            #[inline]
            fn add(cell: &$atomic, value: Self) {
                // Compare-and-swap on the bits: retried when another thread
                // changed the cell between the load and the swap.
                let mut old = cell.load(Relaxed);
                loop {
                    let new = (<$t>::from_bits(old) + value).to_bits();
                    match cell.compare_exchange_weak(old, new, Relaxed, Relaxed) {
                        Ok(_) => return,
                        Err(seen) => old = seen,
                    }
                }
            }
        }
    };
}

macro_rules! int_elem {
    ($($t:ty => $atomic:ty),*) => {$(
        const _: () = assert!(std::mem::size_of::<$t>() == std::mem::size_of::<$atomic>());
        const _: () = assert!(std::mem::align_of::<$t>() == std::mem::align_of::<$atomic>());
        impl RacyElem for $t {
            type Atomic = $atomic;
            #[inline(always)]
            fn load(cell: &$atomic) -> Self {
                cell.load(Relaxed)
            }
            #[inline(always)]
            fn store(cell: &$atomic, value: Self) {
                cell.store(value, Relaxed)
            }
            #[inline]
            fn add(cell: &$atomic, value: Self) {
                // Wrapping, as CUDA's integer atomicAdd.
                cell.fetch_add(value, Relaxed);
            }
        }
    )*};
}

float_elem!(f64, AtomicU64);
float_elem!(f32, AtomicU32);
int_elem!(u8 => AtomicU8, u16 => AtomicU16, u32 => AtomicU32, u64 => AtomicU64, usize => AtomicUsize,
    i8 => AtomicI8, i16 => AtomicI16, i32 => AtomicI32, i64 => AtomicI64, isize => AtomicIsize);

/// A `&mut [T]` shared by the threads of a CPU launch (see the module docs).
/// Indexing out of bounds panics, as slice indexing does.
pub struct Racy<'a, T: RacyElem> {
    cells: &'a [T::Atomic],
}

impl<'a, T: RacyElem> Racy<'a, T> {
    /// Shares `data` for the lifetime of its exclusive borrow.
    pub fn new(data: &'a mut [T]) -> Self {
        let (ptr, len) = (data.as_mut_ptr(), data.len());
        // SAFETY: `T::Atomic` has the size and alignment of `T` (asserted at
        // compile time beside each `RacyElem` impl) and every bit pattern of
        // `T` is a valid value of the atomic integer and back (floats go
        // through `to_bits`/`from_bits`), so the memory of `len` `T`s is
        // `len` valid atomics. The exclusive borrow `data` is held for `'a`,
        // so no non-atomic access to the memory exists while the atomics do;
        // when `'a` ends the memory holds plain `T`s again.
        let cells = unsafe { std::slice::from_raw_parts(ptr as *const T::Atomic, len) };
        Racy { cells }
    }

    /// The number of elements.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the buffer is empty.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Element `i`.
    #[inline(always)]
    pub fn get(&self, i: usize) -> T {
        T::load(&self.cells[i])
    }

    /// Sets element `i`.
    #[inline(always)]
    pub fn set(&self, i: usize, value: T) {
        T::store(&self.cells[i], value)
    }

    /// Adds to element `i` atomically.
    #[inline(always)]
    pub fn add(&self, i: usize, value: T) {
        T::add(&self.cells[i], value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;

    #[test]
    fn loads_and_stores_reach_the_buffer() {
        let mut v = vec![1.5f64, -2.0, 3.25];
        {
            let r = Racy::new(&mut v);
            assert_eq!(r.len(), 3);
            assert_eq!(r.get(1), -2.0);
            r.set(1, 7.0);
            r.add(2, 0.75);
        }
        assert_eq!(v, vec![1.5, 7.0, 4.0]);
        let mut w = vec![f32::MIN_POSITIVE, -0.0];
        Racy::new(&mut w).set(0, f32::NAN);
        assert!(w[0].is_nan() && w[1].to_bits() == (-0.0f32).to_bits());
    }

    #[test]
    fn concurrent_writes_and_adds_are_not_lost() {
        let mut v = vec![0.0f64; 16];
        let mut n = vec![0usize; 16];
        {
            let (r, c) = (Racy::new(&mut v), Racy::new(&mut n));
            (0..16_000usize).into_par_iter().for_each(|k| {
                r.add(k % 16, 0.5);
                c.add(k % 16, 1);
            });
        }
        assert!(v.iter().all(|&x| x == 500.0), "{v:?}");
        assert!(n.iter().all(|&x| x == 1000));
    }

    #[test]
    #[should_panic]
    fn out_of_bounds_panics() {
        let mut v = vec![0i32; 2];
        Racy::new(&mut v).get(2);
    }
}
