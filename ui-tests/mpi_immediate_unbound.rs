// error: an immediate send whose request is not bound to a name (and so
// cannot be waited), at the call.
use parad::autodiff;

#[autodiff(reverse, d_f, Duplicated, Const, Active)]
fn f(x: &[f64], world: &SimpleCommunicator) -> f64 {
    world.process_at_rank(1).immediate_send((), &x[..]);
    x[0]
}

// Type stand-ins for rsmpi's, so that the function type-checks without MPI.
struct SimpleCommunicator;
struct Process;
impl SimpleCommunicator {
    fn process_at_rank(&self, _: i32) -> Process {
        Process
    }
}
impl Process {
    fn immediate_send(&self, _: (), _: &[f64]) {}
}

fn main() {}
