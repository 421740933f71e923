// A GPU kernel, its adjoint and its tangent (#[kernel]): the module `saxpy`
// holds the CUDA source, the CPU path and (feature cuda) the cudarc launch;
// `d_saxpy` the same for the adjoint kernel, with its Active scalar summed
// over the block and returned by the launches; `t_saxpy` for the tangent
// kernel, each Dual parameter followed by its tangent.
#[kernel]
#[autodiff(reverse, d_saxpy, Active, Duplicated, Duplicated)]
#[autodiff(forward, t_saxpy, Dual, Const, Dual)]
pub fn saxpy(a: f64, x: &[f64], y: &mut [f64]) {
    let i = global_index();
    if i < y.len() {
        y[i] += a * x[i];
    }
}
