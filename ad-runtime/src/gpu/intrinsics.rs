//! The intrinsics a `#[kernel]` body calls. They are markers: the macro
//! translates each call, to CUDA's built-ins (`threadIdx.x`, ...) in the
//! CUDA source and to the loop counters of the CPU path in `launch_cpu`, so
//! these functions never run inside a kernel. Called anywhere else they
//! panic, since there is no thread or block to ask about.

fn outside(name: &str) -> ! {
    panic!("parad::gpu::{name}() is only meaningful inside a #[kernel] function, which the macro translates")
}

/// The thread's index in its block (CUDA's `threadIdx.x`).
pub fn thread_idx() -> usize {
    outside("thread_idx")
}

/// The block's index in the grid (`blockIdx.x`).
pub fn block_idx() -> usize {
    outside("block_idx")
}

/// Threads per block (`blockDim.x`).
pub fn block_dim() -> usize {
    outside("block_dim")
}

/// Blocks in the grid (`gridDim.x`).
pub fn grid_dim() -> usize {
    outside("grid_dim")
}

/// `block_idx() * block_dim() + thread_idx()`: the thread's index in the grid.
pub fn global_index() -> usize {
    outside("global_index")
}

/// A barrier for the threads of a block (`__syncthreads()`): every write to
/// shared memory before it is seen by every thread after it. Every thread
/// of the block must reach it, so it may stand only where the control flow
/// is the same for the whole block.
pub fn sync_threads() {
    outside("sync_threads")
}

/// A block-shared array of `N` elements (`__shared__ F tile[N]`), written
/// `let tile = shared::<f64, 256>();`. On the CPU path it is an array per
/// block, zeroed when the block starts (CUDA leaves it uninitialised: read
/// only what the block wrote).
pub fn shared<F, const N: usize>() -> &'static mut [F] {
    outside("shared")
}

#[cfg(test)]
mod tests {
    #[test]
    fn intrinsics_panic_outside_kernels() {
        for f in [super::thread_idx, super::block_idx, super::block_dim, super::grid_dim, super::global_index] {
            let msg = *std::panic::catch_unwind(f).unwrap_err().downcast::<String>().unwrap();
            assert!(msg.contains("#[kernel]"), "{msg}");
        }
        assert!(std::panic::catch_unwind(super::sync_threads).is_err());
        assert!(std::panic::catch_unwind(|| super::shared::<f64, 4>().len()).is_err());
    }
}
