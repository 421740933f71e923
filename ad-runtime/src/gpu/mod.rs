//! GPU kernels: what `#[kernel]` functions call and what their generated
//! `launch` and `launch_cpu` run on.
//!
//! - The intrinsics ([`thread_idx`], [`block_idx`], [`block_dim`],
//!   [`grid_dim`], [`global_index`], [`sync_threads`], [`shared`]) are
//!   markers the macro translates; they are here so that a kernel's body
//!   names something real and its imports resolve.
//! - [`LaunchConfig`] is the grid, as in cudarc.
//! - [`Gpu`] is a device (feature `cuda`; without it `Gpu::new` is an
//!   `Err`), and the per-process cache of compiled kernels.
//! - The CPU path ([`run_blocks`], [`Racy`], [`ScatterLog`]) runs the same
//!   grid on the host: blocks in parallel with rayon, the threads of a block
//!   in order, the body split at each barrier. See `cpu.rs` for how the
//!   intrinsics get their values there: the generated code passes the
//!   block's index and size to the block's closure and counts the threads
//!   itself, so nothing is kept in thread-locals.

mod config;
mod cpu;
#[cfg(feature = "cuda")]
mod device;
mod error;
mod intrinsics;
mod racy;

pub use config::{LaunchConfig, DEFAULT_BLOCK};
pub use cpu::{apply_logs, per_thread, run_blocks, ScatterLog};
#[cfg(feature = "cuda")]
pub use device::{cuda_config, launch_error, Gpu};
pub use error::GpuError;
pub use intrinsics::{block_dim, block_idx, global_index, grid_dim, shared, sync_threads, thread_idx};
pub use racy::{Racy, RacyElem};

/// cudarc, for device buffers (`CudaSlice`) and streams.
#[cfg(feature = "cuda")]
pub use cudarc;

/// A GPU device. Built without the `cuda` feature, there is none to open:
/// [`Gpu::new`] says so in its `Err`, and code falls back to `launch_cpu`.
#[cfg(not(feature = "cuda"))]
pub struct Gpu {
    _none: std::convert::Infallible,
}

#[cfg(not(feature = "cuda"))]
impl Gpu {
    /// Always `Err(GpuError::NotBuilt)`: parad was built without `cuda`.
    pub fn new(_ordinal: usize) -> Result<Gpu, GpuError> {
        Err(GpuError::NotBuilt)
    }

    /// The device's name (there is none without `cuda`).
    pub fn name(&self) -> String {
        match self._none {}
    }
}

/// Expands to its input when parad is built with the `cuda` feature, to
/// nothing otherwise. Generated code wraps each kernel's `launch` in it: the
/// feature that matters is the runtime's, and a `#[cfg(feature = "cuda")]`
/// in the generated code would ask the user's crate instead.
#[cfg(feature = "cuda")]
#[doc(hidden)]
#[macro_export]
macro_rules! __parad_if_cuda {
    ($($item:item)*) => { $($item)* };
}

/// See the `cuda` version of this macro.
#[cfg(not(feature = "cuda"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __parad_if_cuda {
    ($($item:item)*) => {};
}

#[cfg(test)]
mod tests {
    #[test]
    fn if_cuda_follows_the_feature() {
        #[allow(unused_mut)]
        let mut seen = false;
        crate::__parad_if_cuda! {
            fn mark(seen: &mut bool) { *seen = true; }
        }
        #[cfg(feature = "cuda")]
        mark(&mut seen);
        assert_eq!(seen, cfg!(feature = "cuda"));
        #[cfg(not(feature = "cuda"))]
        assert_eq!(super::Gpu::new(0).err(), Some(super::GpuError::NotBuilt));
    }
}
