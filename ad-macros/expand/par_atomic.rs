// Asked for: scattered adjoint writes go to one shared shadow by atomic adds.
#[autodiff(reverse, d_gather_sum, Duplicated, Const, Active, accumulate = atomic)]
pub fn gather_sum(x: &[f64], idx: &[usize]) -> f64 {
    idx.par_iter().map(|&j| x[j] * x[j]).sum()
}
