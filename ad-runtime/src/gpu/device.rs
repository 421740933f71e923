//! The GPU path (feature `cuda`): a device, its stream, and the kernels
//! compiled for it.
//!
//! cudarc loads `libcuda` and NVRTC when first used (its `dynamic-loading`
//! feature), so a binary built with `cuda` starts on machines without CUDA;
//! [`Gpu::new`] checks that both libraries load before touching them and
//! says why not in its `Err`, because cudarc panics when asked for a
//! library that is not there.
//!
//! A kernel's CUDA source is compiled once per process: the PTX is cached
//! by the kernel's key (its module path and name), and each `Gpu` loads
//! the PTX into its context once and keeps the function.

use super::GpuError;
use cudarc::driver::{CudaContext, CudaFunction, CudaStream};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A CUDA device with a stream to launch on.
pub struct Gpu {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    /// `--gpu-architecture` for NVRTC, from the device's compute capability.
    arch: String,
    functions: Mutex<HashMap<&'static str, CudaFunction>>,
}

/// PTX of every kernel compiled in this process, by key and architecture.
fn ptx_cache() -> &'static Mutex<HashMap<(&'static str, String), String>> {
    static CACHE: OnceLock<Mutex<HashMap<(&'static str, String), String>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

fn libraries_present() -> Result<(), GpuError> {
    // SAFETY: these only try to open the shared libraries (dlopen) and
    // close them again; no symbol is called. Opening a library runs its
    // initialisers, which is what any later use of CUDA does as well.
    let (driver, nvrtc) = unsafe { (cudarc::driver::sys::is_culib_present(), cudarc::nvrtc::sys::is_culib_present()) };
    match (driver, nvrtc) {
        (true, true) => Ok(()),
        (false, _) => Err(GpuError::NoDriver("libcuda (the NVIDIA driver library) was not found".into())),
        (true, false) => {
            Err(GpuError::NoDriver("the NVRTC library (libnvrtc, part of the CUDA toolkit) was not found".into()))
        }
    }
}

impl Gpu {
    /// The device `ordinal` (0 for the first GPU), or why it cannot be used.
    /// Never panics: a missing driver, NVRTC or device is an `Err`.
    pub fn new(ordinal: usize) -> Result<Gpu, GpuError> {
        libraries_present()?;
        // cudarc may still panic deep inside (a symbol missing from an old
        // driver); that too is an `Err` here.
        let made = std::panic::catch_unwind(|| -> Result<Gpu, GpuError> {
            let ctx = CudaContext::new(ordinal).map_err(|e| GpuError::Device(format!("device {ordinal}: {e:?}")))?;
            let (major, minor) = ctx.compute_capability().map_err(|e| GpuError::Device(format!("{e:?}")))?;
            let stream = ctx.default_stream();
            Ok(Gpu { ctx, stream, arch: format!("compute_{major}{minor}"), functions: Mutex::new(HashMap::new()) })
        });
        made.unwrap_or_else(|_| Err(GpuError::NoDriver("cudarc panicked while opening the device".into())))
    }

    /// The device's name, as the driver reports it.
    pub fn name(&self) -> String {
        self.ctx.name().unwrap_or_else(|e| format!("(unknown: {e:?})"))
    }

    /// The cudarc context, to allocate and copy device buffers.
    pub fn context(&self) -> &Arc<CudaContext> {
        &self.ctx
    }

    /// The stream kernels are launched on.
    pub fn stream(&self) -> &Arc<CudaStream> {
        &self.stream
    }

    /// The kernel `name` of `source`, compiled on first use in the process
    /// and loaded on first use on this device. `key` identifies the kernel
    /// in the process (the generated code passes its module path and name).
    #[doc(hidden)]
    pub fn function(&self, key: &'static str, name: &str, source: &str) -> Result<CudaFunction, GpuError> {
        let mut functions = self.functions.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(f) = functions.get(key) {
            return Ok(f.clone());
        }
        let ptx = {
            let mut cache = ptx_cache().lock().unwrap_or_else(|p| p.into_inner());
            match cache.get(&(key, self.arch.clone())) {
                Some(ptx) => ptx.clone(),
                None => {
                    let opts = cudarc::nvrtc::CompileOptions {
                        options: vec![format!("--gpu-architecture={}", self.arch), "--std=c++17".into()],
                        ..Default::default()
                    };
                    let ptx = cudarc::nvrtc::compile_ptx_with_opts(source, opts)
                        .map_err(|e| GpuError::Compile { kernel: name.to_string(), log: format!("{e:?}") })?
                        .to_src();
                    cache.insert((key, self.arch.clone()), ptx.clone());
                    ptx
                }
            }
        };
        let module = self
            .ctx
            .load_module(cudarc::nvrtc::Ptx::from_src(ptx))
            .map_err(|e| GpuError::Launch(format!("loading kernel `{name}`: {e:?}")))?;
        let f = module.load_function(name).map_err(|e| GpuError::Launch(format!("kernel `{name}`: {e:?}")))?;
        functions.insert(key, f.clone());
        Ok(f)
    }

    /// Waits for the stream's work to finish.
    pub fn synchronize(&self) -> Result<(), GpuError> {
        self.stream.synchronize().map_err(|e| GpuError::Launch(format!("{e:?}")))
    }
}

/// cudarc's launch configuration for ours.
#[doc(hidden)]
pub fn cuda_config(cfg: &super::LaunchConfig) -> cudarc::driver::LaunchConfig {
    cudarc::driver::LaunchConfig {
        grid_dim: cfg.grid_dim,
        block_dim: cfg.block_dim,
        shared_mem_bytes: cfg.shared_mem_bytes,
    }
}

/// A driver error of a launch, as ours.
#[doc(hidden)]
pub fn launch_error(kernel: &str, e: cudarc::driver::DriverError) -> GpuError {
    GpuError::Launch(format!("kernel `{kernel}`: {e:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_is_an_error_or_a_device_never_a_panic() {
        // On a machine without CUDA this is an Err naming what is missing;
        // with a GPU it is a device. Either way `new` returned.
        match Gpu::new(0) {
            Ok(gpu) => assert!(!gpu.name().is_empty()),
            Err(e) => assert!(matches!(e, GpuError::NoDriver(_) | GpuError::Device(_)), "{e}"),
        }
        // An ordinal no machine has is never a device.
        assert!(Gpu::new(4096).is_err());
    }
}
