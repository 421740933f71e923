//! The adjoint kernel (placeholder).
use super::ir::Kernel;
use crate::diag::Diag;
use crate::parse::DiffSpec;

pub fn build(_k: &Kernel, spec: &DiffSpec, diag: &Diag) -> Option<Kernel> {
    diag.error(spec.name.span(), "adjoint kernels are not implemented yet");
    None
}
