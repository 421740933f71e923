//! What can go wrong when a kernel is compiled or launched.

use std::fmt;

/// Why a launch (on the GPU or on the CPU) did not run.
///
/// A missing driver, library or device is an error, never a panic: code
/// that tries `Gpu::new(0)` falls back to `launch_cpu` on machines without
/// CUDA.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GpuError {
    /// parad was built without its `cuda` feature.
    NotBuilt,
    /// The CUDA driver (`libcuda`) or NVRTC could not be loaded.
    NoDriver(String),
    /// The driver is there but the device is not (or cannot be used).
    Device(String),
    /// NVRTC rejected a kernel's source; the log says why.
    Compile {
        /// The kernel's name.
        kernel: String,
        /// NVRTC's log.
        log: String,
    },
    /// The launch configuration cannot run this kernel (a multi-dimensional
    /// grid, an empty or oversized block).
    Config(String),
    /// A driver call failed while loading, launching or copying.
    Launch(String),
}

impl fmt::Display for GpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GpuError::NotBuilt => write!(f, "parad was built without the `cuda` feature; use `launch_cpu`"),
            GpuError::NoDriver(why) => write!(f, "the CUDA driver or NVRTC could not be loaded: {why}"),
            GpuError::Device(why) => write!(f, "no usable CUDA device: {why}"),
            GpuError::Compile { kernel, log } => write!(f, "NVRTC could not compile kernel `{kernel}`:\n{log}"),
            GpuError::Config(why) => write!(f, "invalid launch configuration: {why}"),
            GpuError::Launch(why) => write!(f, "kernel launch failed: {why}"),
        }
    }
}

impl std::error::Error for GpuError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_cause() {
        let e = GpuError::Compile { kernel: "saxpy".into(), log: "line 3: error".into() };
        assert!(e.to_string().contains("saxpy") && e.to_string().contains("line 3"));
        assert!(GpuError::NotBuilt.to_string().contains("launch_cpu"));
        let boxed: Box<dyn std::error::Error> = Box::new(GpuError::Device("ordinal 3".into()));
        assert!(boxed.to_string().contains("ordinal 3"));
    }
}
