// error: an MPI operation on integers inside a differentiated function, at
// the operation: only f64 and f32 data are differentiated.
use parad::autodiff;

#[autodiff(reverse, d_f, Duplicated, Const, Active)]
fn f(x: &[f64], world: &SimpleCommunicator) -> f64 {
    let mut n = vec![0usize; 1];
    world.process_at_rank(0).broadcast_into(&mut n[..]);
    x[n[0]]
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
    fn broadcast_into(&self, _: &mut [usize]) {}
}

fn main() {}
