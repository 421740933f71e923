// error: an immediate send whose request is never waited in its request
// scope, at the send: the adjoint starts its message at the wait.
use parad::autodiff;

#[autodiff(reverse, d_f, Duplicated, Const, Active)]
fn f(x: &[f64], world: &SimpleCommunicator) -> f64 {
    mpi::request::scope(|scope| {
        let _sent = world.process_at_rank(1).immediate_send(scope, &x[..]);
    });
    x[0]
}

// Type stand-ins for rsmpi's, so that the function type-checks without MPI.
mod mpi {
    pub mod request {
        pub struct Scope;
        pub fn scope<R>(f: impl FnOnce(&Scope) -> R) -> R {
            f(&Scope)
        }
    }
}
struct SimpleCommunicator;
struct Process;
struct Request;
impl SimpleCommunicator {
    fn process_at_rank(&self, _: i32) -> Process {
        Process
    }
}
impl Process {
    fn immediate_send(&self, _: &mpi::request::Scope, _: &[f64]) -> Request {
        Request
    }
}

fn main() {}
