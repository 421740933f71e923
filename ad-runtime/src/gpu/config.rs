//! The shape of a launch: how many blocks, how many threads in each, and how
//! much dynamic shared memory. The same struct drives `launch` on a GPU and
//! `launch_cpu` on the host, so one configuration runs on either.

use super::GpuError;

/// Grid and block sizes of a kernel launch, as in cudarc (and CUDA's
/// `<<<grid, block, shared>>>`).
///
/// Kernels of parad are one-dimensional: their intrinsics return the `x`
/// component, and `launch_cpu` rejects a configuration whose `y` or `z`
/// sizes are not 1 (see [`LaunchConfig::linear`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchConfig {
    /// Blocks in the grid, `(x, y, z)`.
    pub grid_dim: (u32, u32, u32),
    /// Threads in a block, `(x, y, z)`.
    pub block_dim: (u32, u32, u32),
    /// Bytes of dynamic shared memory per block. parad's kernels declare
    /// their shared arrays with a size known at compile time, so this is
    /// usually 0; it is passed on to the driver as is.
    pub shared_mem_bytes: u32,
}

/// Threads per block of [`LaunchConfig::for_num_elems`], cudarc's choice.
pub const DEFAULT_BLOCK: u32 = 1024;

impl LaunchConfig {
    /// One thread per element: blocks of [`DEFAULT_BLOCK`] threads, as many
    /// as cover `n` (the last one partly idle), no dynamic shared memory.
    /// This is what cudarc's `LaunchConfig::for_num_elems` gives.
    pub fn for_num_elems(n: u32) -> Self {
        LaunchConfig {
            grid_dim: (n.div_ceil(DEFAULT_BLOCK), 1, 1),
            block_dim: (DEFAULT_BLOCK, 1, 1),
            shared_mem_bytes: 0,
        }
    }

    /// `blocks` blocks of `threads` threads, one-dimensional.
    pub fn blocks(blocks: u32, threads: u32) -> Self {
        LaunchConfig { grid_dim: (blocks, 1, 1), block_dim: (threads, 1, 1), shared_mem_bytes: 0 }
    }

    /// `(blocks, threads per block)` of a one-dimensional configuration.
    ///
    /// Errors when a `y` or `z` size is not 1, when a block is empty or
    /// larger than CUDA's limit of 1024 threads: the CPU path would
    /// otherwise run a grid the GPU refuses.
    pub fn linear(&self) -> Result<(usize, usize), GpuError> {
        let (g, b) = (self.grid_dim, self.block_dim);
        if g.1 != 1 || g.2 != 1 || b.1 != 1 || b.2 != 1 {
            return Err(GpuError::Config(format!(
                "kernels of parad are one-dimensional: grid {g:?} and block {b:?} must have y = z = 1"
            )));
        }
        if b.0 == 0 || b.0 > 1024 {
            return Err(GpuError::Config(format!("a block has 1 to 1024 threads, not {}", b.0)));
        }
        Ok((g.0 as usize, b.0 as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn for_num_elems_covers_every_element() {
        for n in [0u32, 1, 1023, 1024, 1025, 5000] {
            let c = LaunchConfig::for_num_elems(n);
            let (blocks, threads) = c.linear().unwrap();
            assert!(blocks * threads >= n as usize);
            assert!(blocks == 0 || (blocks - 1) * threads < n as usize);
        }
    }

    #[test]
    fn multi_dimensional_and_empty_blocks_are_errors() {
        let mut c = LaunchConfig::blocks(2, 32);
        c.block_dim.1 = 2;
        assert!(matches!(c.linear(), Err(GpuError::Config(_))));
        assert!(LaunchConfig::blocks(2, 0).linear().is_err());
        assert!(LaunchConfig::blocks(2, 2048).linear().is_err());
        assert_eq!(LaunchConfig::blocks(3, 64).linear().unwrap(), (3, 64));
    }
}
