// error: a reduction other than sum, max and min, at the operation's value.
use parad::autodiff;

#[autodiff(reverse, d_f, Duplicated, Const, Active)]
fn f(x: &[f64], world: &SimpleCommunicator) -> f64 {
    let mut p = 0.0;
    world.all_reduce_into(&x[0], &mut p, SystemOperation::product());
    p
}

// Type stand-ins for rsmpi's, so that the function type-checks without MPI.
struct SimpleCommunicator;
struct SystemOperation;
impl SystemOperation {
    fn product() -> Self {
        SystemOperation
    }
}
impl SimpleCommunicator {
    fn all_reduce_into(&self, _: &f64, _: &mut f64, _: SystemOperation) {}
}

fn main() {}
