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
//! blocks are done ([`apply_logs`], in parallel over disjoint ranges of the
//! shadow), so the sums come out the same for any number of rayon threads:
//! the order is that of a serial run of the grid.

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

/// How many pieces a log cuts its shadow's index range into: the pieces
/// are applied in parallel, each by one rayon task.
const BUCKETS: usize = 64;

/// The additions one block made to a shadow, in the order it made them,
/// sorted into buckets by index: bucket `b` holds the indices `i` with
/// `i >> shift == b`, so the buckets cover disjoint ranges of the shadow
/// (the last also takes indices past its end, which fail when applied).
pub struct ScatterLog<F> {
    shift: u32,
    buckets: Vec<Vec<(usize, F)>>,
}

impl<F: super::racy::RacyElem + std::ops::Add<Output = F>> ScatterLog<F> {
    /// An empty log for a shadow of `len` elements.
    pub fn new(len: usize) -> Self {
        let last = len.saturating_sub(1);
        let mut shift = 0;
        while last >> shift >= BUCKETS {
            shift += 1;
        }
        ScatterLog { shift, buckets: (0..=last >> shift).map(|_| Vec::new()).collect() }
    }

    /// Records `shadow[i] += value`. The index is checked when the log is
    /// applied.
    #[inline]
    pub fn add(&mut self, i: usize, value: F) {
        let b = (i >> self.shift).min(self.buckets.len() - 1);
        self.buckets[b].push((i, value));
    }
}

/// Applies the logs of all blocks, given in block order, to `dst`: the
/// buckets in parallel, and within a bucket the blocks' additions in block
/// order, each block's in the order it made them. Every element thus
/// receives its additions in the order of a serial run of the grid,
/// whatever the number of threads.
///
/// # Panics
///
/// If an index is out of bounds, as the indexing in the kernel would.
pub fn apply_logs<'a, F>(dst: &super::Racy<'_, F>, logs: impl Iterator<Item = &'a ScatterLog<F>>)
where
    F: super::racy::RacyElem + std::ops::Add<Output = F> + 'a,
{
    let logs: Vec<&ScatterLog<F>> = logs.collect();
    let Some(first) = logs.first() else { return };
    (0..first.buckets.len()).into_par_iter().for_each(|b| {
        for log in &logs {
            for &(i, v) in &log.buckets[b] {
                dst.set(i, dst.get(i) + v);
            }
        }
    });
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
        // depends on their order, which must be the block order. A shadow
        // long enough for several elements per bucket.
        const LEN: usize = 1000;
        let run = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let logs = pool.install(|| {
                run_blocks(&LaunchConfig::blocks(64, 1), |b, _, _| {
                    let mut log = ScatterLog::new(LEN);
                    for k in 0..3 {
                        log.add((b * 37 + k * 101) % LEN, if (b + k) % 2 == 0 { 1e16 } else { 1.0 + b as f64 });
                    }
                    log
                })
                .unwrap()
            });
            let mut dst = vec![0.0f64; LEN];
            let r = Racy::new(&mut dst);
            pool.install(|| apply_logs(&r, logs.iter()));
            dst
        };
        let serial = {
            let mut dst = vec![0.0f64; LEN];
            for b in 0..64 {
                for k in 0..3 {
                    dst[(b * 37 + k * 101) % LEN] += if (b + k) % 2 == 0 { 1e16 } else { 1.0 + b as f64 };
                }
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
