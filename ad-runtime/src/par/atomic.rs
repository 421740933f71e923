//! The atomic strategy, used only where a derivative asks for it with
//! `#[autodiff(..., accumulate = atomic)]`: every adjoint write of a
//! parallel loop adds into one shared shadow with a compare-and-swap on the
//! float's bits. It needs no private copies, but the order of the additions
//! depends on scheduling, so the result may differ in the last bits from run
//! to run and between thread counts.

use crate::shadow::Float;
use std::sync::atomic::{AtomicU64, Ordering};

/// A float that round-trips through the bits of an `AtomicU64`.
pub trait AtomicBits: Float + Send + Sync {
    /// The value's bits, widened to 64.
    fn to_cell(self) -> u64;
    /// The value back from [`AtomicBits::to_cell`]'s bits.
    fn from_cell(bits: u64) -> Self;
}

impl AtomicBits for f64 {
    fn to_cell(self) -> u64 {
        self.to_bits()
    }
    fn from_cell(bits: u64) -> Self {
        f64::from_bits(bits)
    }
}

impl AtomicBits for f32 {
    fn to_cell(self) -> u64 {
        self.to_bits() as u64
    }
    fn from_cell(bits: u64) -> Self {
        f32::from_bits(bits as u32)
    }
}

/// A shadow shared by all the iterations of a parallel adjoint, added into
/// atomically. Zero-length stands for an inactive shadow: adds vanish.
pub struct AtomicShadow<F> {
    cells: Vec<AtomicU64>,
    _float: std::marker::PhantomData<F>,
}

impl<F: AtomicBits> AtomicShadow<F> {
    /// `len` zeros.
    pub fn new(len: usize) -> Self {
        AtomicShadow {
            cells: (0..len).map(|_| AtomicU64::new(F::ZERO.to_cell())).collect(),
            _float: std::marker::PhantomData,
        }
    }

    /// Adds `value` to element `i`. The compare-and-swap retries when
    /// another thread changed the element between the load and the store,
    /// so no addition is lost.
    #[inline]
    pub fn add(&self, i: usize, value: F) {
        let Some(cell) = self.cells.get(i) else {
            assert!(
                self.cells.is_empty(),
                "parad: atomic shadow index {i} out of bounds (length {})",
                self.cells.len()
            );
            return;
        };
        let mut old = cell.load(Ordering::Relaxed);
        loop {
            let new = (F::from_cell(old) + value).to_cell();
            match cell.compare_exchange_weak(old, new, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return,
                Err(seen) => old = seen,
            }
        }
    }

    /// Adds the accumulated values into `dst` (nothing for an empty `dst`).
    pub fn add_into(self, dst: &mut [F]) {
        if dst.is_empty() {
            return;
        }
        for (d, c) in dst.iter_mut().zip(self.cells) {
            *d += F::from_cell(c.into_inner());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;

    #[test]
    fn concurrent_adds_are_not_lost() {
        // Integers in floats add exactly in any order, so the totals are exact.
        let shadow = AtomicShadow::<f64>::new(7);
        (0..10_000usize).into_par_iter().for_each(|k| shadow.add(k % 7, 1.0));
        let mut dst = vec![0.5; 7];
        shadow.add_into(&mut dst);
        for (j, d) in dst.iter().enumerate() {
            let want = 0.5 + (0..10_000).filter(|k| k % 7 == j).count() as f64;
            assert_eq!(*d, want);
        }
    }

    #[test]
    fn f32_and_inactive() {
        let shadow = AtomicShadow::<f32>::new(2);
        (0..1000usize).into_par_iter().for_each(|k| shadow.add(k % 2, 0.25));
        let mut dst = vec![0.0f32; 2];
        shadow.add_into(&mut dst);
        assert_eq!(dst, vec![125.0, 125.0]);
        let inactive = AtomicShadow::<f64>::new(0);
        inactive.add(3, 1.0);
        inactive.add_into(&mut []);
    }
}
