// The 2D viscous Burgers' equation in strips (mpi-tests/src/burgers.rs):
// immediate halo exchange in a time loop, energy by all-reduce. The adjoint
// multiplies by reciprocals computed once before the time loop (`inv_h2`,
// `inv_2h`), and the statements of one cell and field add into each element
// of `dw` they read once (`dw[q + east] += g_5 + g_7;`).
/// `w0`: this rank's strip, the rows of `u` then the rows of `v`
/// (`2 * rows * nx` values). Returns the kinetic energy of the whole grid
/// after `steps` steps, on every rank.
#[autodiff(reverse, d_burgers, Duplicated, Const, Const, Const, Const, Const, Active)]
pub fn burgers(w0: &[f64], nx: usize, steps: usize, dt: f64, nu: f64, world: &SimpleCommunicator) -> f64 {
    let rank = world.rank();
    let size = world.size();
    let up = world.process_at_rank((rank + size - 1) % size);
    let down = world.process_at_rank((rank + 1) % size);
    let rows = w0.len() / (2 * nx);
    let h = 1.0 / nx as f64;
    // Each field has a ghost row above and below its strip.
    let stride = (rows + 2) * nx;
    let mut w = vec![0.0; 2 * stride];
    let mut next = vec![0.0; 2 * stride];
    for k in 0..2 {
        for r in 0..rows {
            for c in 0..nx {
                w[k * stride + (r + 1) * nx + c] = w0[(k * rows + r) * nx + c];
            }
        }
    }
    let mut first = vec![0.0; 2 * nx];
    let mut last = vec![0.0; 2 * nx];
    let mut above = vec![0.0; 2 * nx];
    let mut below = vec![0.0; 2 * nx];
    for _ in 0..steps {
        for k in 0..2 {
            for c in 0..nx {
                first[k * nx + c] = w[k * stride + nx + c];
                last[k * nx + c] = w[k * stride + rows * nx + c];
            }
        }
        // Tag 1 goes up, tag 2 down: with two ranks, up and down are the same.
        mpi::request::scope(|scope| {
            let to_up = up.immediate_send_with_tag(scope, &first[..], 1);
            let to_down = down.immediate_send_with_tag(scope, &last[..], 2);
            let from_up = up.immediate_receive_into_with_tag(scope, &mut above[..], 2);
            let from_down = down.immediate_receive_into_with_tag(scope, &mut below[..], 1);
            to_up.wait();
            to_down.wait();
            from_up.wait();
            from_down.wait();
        });
        for k in 0..2 {
            for c in 0..nx {
                w[k * stride + c] = above[k * nx + c];
                w[k * stride + (rows + 1) * nx + c] = below[k * nx + c];
            }
        }
        for r in 1..rows + 1 {
            for c in 0..nx {
                let o = r * nx + c;
                let east = r * nx + (c + 1) % nx;
                let west = r * nx + (c + nx - 1) % nx;
                let north = o - nx;
                let south = o + nx;
                let u = w[o];
                let v = w[stride + o];
                for k in 0..2 {
                    let q = k * stride;
                    let dx = (w[q + east] - w[q + west]) / (2.0 * h);
                    let dy = (w[q + south] - w[q + north]) / (2.0 * h);
                    let lap = (w[q + east] + w[q + west] + w[q + north] + w[q + south] - 4.0 * w[q + o]) / (h * h);
                    next[q + o] = w[q + o] + dt * (nu * lap - u * dx - v * dy);
                }
            }
        }
        std::mem::swap(&mut w, &mut next);
    }
    let mut local = 0.0;
    for k in 0..2 {
        for i in nx..(rows + 1) * nx {
            local += w[k * stride + i] * w[k * stride + i];
        }
    }
    let mut energy = 0.0;
    world.all_reduce_into(&local, &mut energy, SystemOperation::sum());
    0.5 * h * h * energy
}

