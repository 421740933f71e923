// error: an MPI operation inside a rayon loop, at the operation: MPI calls
// run on the thread that calls the derivative.
use parad::autodiff;
use rayon::prelude::*;

#[autodiff(reverse, d_f, Duplicated, Const, Active)]
fn f(x: &[f64], world: &SimpleCommunicator) -> f64 {
    let mut out = vec![0.0; x.len()];
    out.par_iter_mut().enumerate().for_each(|(i, o)| {
        let mut total = 0.0;
        world.all_reduce_into(&x[i], &mut total, SystemOperation::sum());
        *o = total;
    });
    out[0]
}

// Type stand-ins for rsmpi's, so that the function type-checks without MPI.
struct SimpleCommunicator;
struct SystemOperation;
impl SystemOperation {
    fn sum() -> Self {
        SystemOperation
    }
}
impl SimpleCommunicator {
    fn all_reduce_into(&self, _: &f64, _: &mut f64, _: SystemOperation) {}
}

fn main() {}
