//! The CPU path of a launch (`launch_cpu`): the grid's blocks run in
//! parallel with rayon, the threads of a block one after the other on the
//! worker that took the block. The code the macro generates for a block
//! splits the kernel's body at each `sync_threads()` and runs each piece
//! for all threads before the next (loop fission), so the barrier holds
//! without any thread waiting; values that live across a barrier are kept
//! in per-thread arrays, block-shared arrays are arrays of the block.
//!
//! Adjoint kernels add into shadows that several blocks share. Where the
//! adjoint never reads such a shadow back, each block records its additions
//! in a [`ScatterLog`] and the logs are applied in block order once all
//! blocks are done, so the sums come out the same for any number of rayon
//! threads: the order is that of a serial run of the grid.

use super::{GpuError, LaunchConfig};
use rayon::prelude::*;

/// Runs `block(b)` for every block `b` of `cfg` in parallel and returns the
/// results in block order. The argument of `block` is `(block_idx,
/// block_dim, grid_dim)`.
pub fn run_blocks<R, B>(cfg: &LaunchConfig, block: B) -> Result<Vec<R>, GpuError>
where
    R: Send,
    B: Fn(usize, usize, usize) -> R + Sync + Send,
{
    let (blocks, threads) = cfg.linear()?;
    Ok((0..blocks).into_par_iter().map(|b| block(b, threads, blocks)).collect())
}

/// A per-thread array: one value for each thread of a block, for a variable
/// that lives across a `sync_threads()` on the CPU path.
pub fn per_thread<T: Copy + Default>(threads: usize) -> Vec<T> {
    vec![T::default(); threads]
}

/// The additions one block made to a shadow, in the order it made them.
pub struct ScatterLog<F> {
    adds: Vec<(usize, F)>,
}

impl<F: super::racy::RacyElem + std::ops::Add<Output = F>> ScatterLog<F> {
    /// An empty log.
    pub fn new() -> Self {
        ScatterLog { adds: Vec::new() }
    }

    /// Records `shadow[i] += value`. The index is checked when the log is
    /// applied.
    #[inline]
    pub fn add(&mut self, i: usize, value: F) {
        self.adds.push((i, value));
    }

    /// Applies the additions to `dst` in the order they were recorded.
    ///
    /// # Panics
    ///
    /// If an index is out of bounds, as the indexing in the kernel would.
    pub fn apply(self, dst: &super::Racy<'_, F>) {
        for (i, v) in self.adds {
            dst.set(i, dst.get(i) + v);
        }
    }
}

impl<F: super::racy::RacyElem + std::ops::Add<Output = F>> Default for ScatterLog<F> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gpu::Racy;

    #[test]
    fn blocks_come_back_in_order_with_their_shape() {
        let out = run_blocks(&LaunchConfig::blocks(37, 8), |b, threads, blocks| (b, threads, blocks)).unwrap();
        assert_eq!(out.len(), 37);
        assert!(out.iter().enumerate().all(|(i, &(b, t, g))| b == i && t == 8 && g == 37));
        let mut bad = LaunchConfig::blocks(2, 8);
        bad.grid_dim.2 = 3;
        assert!(run_blocks(&bad, |b, _, _| b).is_err());
    }

    #[test]
    fn logs_apply_in_block_order_for_any_thread_count() {
        // Additions that do not commute in floating point: the result
        // depends on their order, which must be the block order.
        let run = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let logs = pool.install(|| {
                run_blocks(&LaunchConfig::blocks(64, 1), |b, _, _| {
                    let mut log = ScatterLog::new();
                    log.add(b % 3, if b % 2 == 0 { 1e16 } else { 1.0 + b as f64 });
                    log
                })
                .unwrap()
            });
            let mut dst = vec![0.0f64; 3];
            let r = Racy::new(&mut dst);
            logs.into_iter().for_each(|l| l.apply(&r));
            dst
        };
        let serial = {
            let mut dst = vec![0.0f64; 3];
            for b in 0..64 {
                dst[b % 3] += if b % 2 == 0 { 1e16 } else { 1.0 + b as f64 };
            }
            dst
        };
        for threads in [1, 2, 4, 7] {
            assert_eq!(run(threads), serial);
        }
    }

    #[test]
    fn per_thread_arrays_start_at_default() {
        assert_eq!(per_thread::<f32>(3), vec![0.0; 3]);
        assert_eq!(per_thread::<usize>(0).len(), 0);
    }
}
