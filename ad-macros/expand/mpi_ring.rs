// A vector passed once around a ring of ranks and scaled at each hop; the
// energy is all-reduced. Adjoint messages go the other way round.
#[autodiff(reverse, d_ring, Duplicated, Active, Const, Active)]
pub fn ring(x: &[f64], scale: f64, world: &SimpleCommunicator) -> f64 {
    let rank = world.rank();
    let size = world.size();
    let next = world.process_at_rank((rank + 1) % size);
    let prev = world.process_at_rank((rank + size - 1) % size);
    let mut y = vec![0.0; x.len()];
    let mut z = vec![0.0; x.len()];
    for i in 0..x.len() {
        y[i] = scale * x[i] * x[i];
    }
    mpi::point_to_point::send_receive_into(&y[..], &next, &mut z[..], &prev);
    let mut local = 0.0;
    for i in 0..z.len() {
        local += z[i] * y[i];
    }
    let mut total = 0.0;
    world.all_reduce_into(&local, &mut total, SystemOperation::sum());
    total
}
