//! Runs parad's MPI scenarios on every rank: `mpiexec -n K mpi-scenarios`.
//!
//! Each scenario runs on all ranks; rank 0 prints `ok NAME` when it passed
//! on every rank, `FAIL NAME` otherwise (each failing rank prints why on
//! stderr). The process exits non-zero if any failed. `--list` prints the
//! names without starting MPI; `--only TEXT` runs the scenarios whose name
//! contains TEXT.

mod collective;
mod harness;
mod immediate;
mod p2p;

use std::process::ExitCode;

use parad::mpi::rsmpi::collective::SystemOperation;
use parad::mpi::rsmpi::traits::*;
use parad::mpi::AdjointComm;

use harness::{Ctx, Scenario};

fn scenarios() -> Vec<Scenario> {
    let mut list = Vec::new();
    p2p::scenarios::<f64>(&mut list);
    p2p::scenarios::<f32>(&mut list);
    collective::scenarios::<f64>(&mut list);
    collective::scenarios::<f32>(&mut list);
    immediate::scenarios::<f64>(&mut list);
    immediate::scenarios::<f32>(&mut list);
    list
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut list = scenarios();
    if args.first().map(String::as_str) == Some("--list") {
        for s in &list {
            println!("{}", s.name);
        }
        return ExitCode::SUCCESS;
    }
    if let [flag, text] = &args[..] {
        if flag == "--only" {
            list.retain(|s| s.name.contains(text.as_str()));
        }
    }

    let universe = parad::mpi::rsmpi::initialize().expect("MPI is already initialised");
    let world = universe.world();
    let adj = AdjointComm::new(&world);
    let ctx = Ctx { rank: world.rank(), size: world.size(), world, adj };
    let mut failed = 0;
    for scenario in &list {
        let result = (scenario.run)(&ctx);
        if let Err(e) = &result {
            eprintln!("rank {}: {}: {}", ctx.rank, scenario.name, e.trim_end());
        }
        let mut any = 0i32;
        ctx.world.all_reduce_into(&(result.is_err() as i32), &mut any, SystemOperation::max());
        if any != 0 {
            failed += 1;
        }
        if ctx.rank == 0 {
            println!("{} {}", if any == 0 { "ok" } else { "FAIL" }, scenario.name);
        }
    }
    if ctx.rank == 0 {
        println!("mpi-scenarios on {} ranks: {} ok, {} failing", ctx.size, list.len() - failed, failed);
    }
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
