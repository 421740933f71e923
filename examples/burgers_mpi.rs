//! The gradient of a distributed simulation: the 2D viscous Burgers'
//! equation in strips of rows, one strip per MPI rank, ghost rows exchanged
//! with immediate sends and receives, the energy summed by all-reduce.
//! `d_burgers` gives the gradient of the final energy with respect to the
//! initial velocities; its adjoint messages run the other way.
//!
//! ```text
//! cargo build --release --features mpi --example burgers_mpi
//! mpiexec -n 2 target/release/examples/burgers_mpi [nx] [rows per rank] [steps]
//! ```
//!
//! Prints the gradient's norm and the gradient/primal time ratio (medians
//! of several runs, every rank in step).

#[path = "../mpi-tests/src/burgers.rs"]
mod burgers;

use burgers::{burgers, d_burgers, initial, strip};
use parad::mpi::rsmpi::collective::SystemOperation;
use parad::mpi::rsmpi::traits::*;
use std::time::Instant;

fn main() {
    let universe = parad::mpi::rsmpi::initialize().expect("MPI initialises");
    let world = universe.world();
    let (rank, size) = (world.rank() as usize, world.size() as usize);
    let arg = |k: usize, default: usize| std::env::args().nth(k).and_then(|a| a.parse().ok()).unwrap_or(default);
    let nx = arg(1, 128);
    let rows = arg(2, 128 / size.max(1));
    let steps = arg(3, 20);
    let (dt, nu) = (0.2 / (nx * nx) as f64, 0.05);
    let ny = rows * size;
    let w0 = strip(&initial(nx, ny), nx, ny, rank, size);

    // One step of every rank at a time: a barrier before each timed run.
    let time = |f: &mut dyn FnMut()| -> f64 {
        let mut runs = Vec::new();
        for _ in 0..7 {
            world.barrier();
            let t = Instant::now();
            f();
            world.barrier();
            runs.push(t.elapsed().as_secs_f64());
        }
        runs.sort_by(f64::total_cmp);
        runs[runs.len() / 2]
    };
    let mut energy = 0.0;
    let primal = time(&mut || energy = burgers(&w0, nx, steps, dt, nu, &world));
    let mut grad = vec![0.0; w0.len()];
    // The energy is replicated: seeded once, on rank 0.
    let seed = if rank == 0 { 1.0 } else { 0.0 };
    let gradient = time(&mut || {
        grad.iter_mut().for_each(|g| *g = 0.0);
        d_burgers(&w0, &mut grad, nx, steps, dt, nu, &world, seed);
    });
    let local: f64 = grad.iter().map(|g| g * g).sum();
    let mut norm2 = 0.0f64;
    world.all_reduce_into(&local, &mut norm2, SystemOperation::sum());
    if rank == 0 {
        println!("Burgers 2D: {nx} x {ny} grid, {steps} steps, {size} rank(s)");
        println!("energy             {energy:.12e}");
        println!("|d energy / d w0|  {:.12e}", norm2.sqrt());
        println!("primal             {:.3} ms", primal * 1e3);
        println!("gradient           {:.3} ms", gradient * 1e3);
        println!("gradient / primal  {:.2}", gradient / primal);
    }
}
