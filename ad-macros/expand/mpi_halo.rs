// Halo exchange with immediate sends and receives inside a request scope,
// in a time loop: the adjoint starts its messages at the waits' adjoints
// and finishes them at the operations'.
#[autodiff(reverse, d_halo, Duplicated, Const, Const, Active)]
pub fn halo(x: &[f64], steps: usize, world: &SimpleCommunicator) -> f64 {
    let rank = world.rank();
    let size = world.size();
    let up = world.process_at_rank((rank + size - 1) % size);
    let down = world.process_at_rank((rank + 1) % size);
    let n = x.len();
    let mut u = x.to_vec();
    let mut ghost = vec![0.0; 1];
    for _ in 0..steps {
        mpi::request::scope(|scope| {
            let sent = down.immediate_send(scope, &u[n - 1..n]);
            let got = up.immediate_receive_into(scope, &mut ghost[..]);
            sent.wait();
            got.wait();
        });
        for i in (1..n).rev() {
            u[i] = u[i] * u[i - 1];
        }
        u[0] = u[0] * ghost[0];
    }
    let mut local = 0.0;
    for i in 0..n {
        local += u[i];
    }
    let mut total = 0.0;
    world.all_reduce_into(&local, &mut total, SystemOperation::sum());
    total
}
