// A GPU kernel and its adjoint (#[kernel]): the module `saxpy` holds the
// CUDA source, the CPU path and (feature cuda) the cudarc launch; `d_saxpy`
// the same for the adjoint kernel, with its Active scalar summed over the
// block and returned by the launches.
#[kernel]
#[autodiff(reverse, d_saxpy, Active, Duplicated, Duplicated)]
pub fn saxpy(a: f64, x: &[f64], y: &mut [f64]) {
    let i = global_index();
    if i < y.len() {
        y[i] += a * x[i];
    }
}
