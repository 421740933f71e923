//! Primal and adjoint kernel times for the 2D five-point stencil and the
//! dot product of `tests/kernels` (issue 8's table): through `launch_cpu`
//! always, and through `launch` on a GPU when parad is built with `cuda`
//! and `Gpu::new(0)` finds one. After criterion's output, a table of
//! medians and adjoint/primal per kernel and path (target: at most 3; the
//! adjoint kernel also runs the primal's forward sweep).
//!
//! ```sh
//! cargo bench --bench kernels -- --warm-up-time 1 --measurement-time 3
//! cargo bench --features cuda --bench kernels -- --warm-up-time 1 --measurement-time 3   # and the GPU
//! ```
//!
//! Buffers are allocated once per case: the adjoint consumes `dout` (it is
//! zero after the first run) and adds into `du` again and again, which
//! changes the values but not the work.

// The serial twins index by position, as the kernels do.
#[path = "../tests/kernels/programs.rs"]
#[allow(dead_code, clippy::needless_range_loop)]
mod programs;
#[path = "problems/report.rs"]
mod report;

use criterion::{BenchmarkId, Criterion};
use parad::check::random_vec;
use parad::gpu::LaunchConfig;
use programs::*;
use report::{fmt_ratio, fmt_time, measuring, median_ns, Target};
use std::time::SystemTime;

/// One kernel on one path, at one size: a primal launch and an adjoint
/// launch, each waiting for its result.
struct Case {
    kernel: &'static str,
    path: String,
    size: String,
    primal: Box<dyn FnMut()>,
    adjoint: Box<dyn FnMut()>,
}

/// The stencil's grid side and the dot product's length: sizes that fill
/// the machine when measuring, a smoke run under `cargo test`.
fn sizes(gpu: bool) -> (usize, usize) {
    match (measuring(), gpu) {
        (false, _) => (64, 1 << 12),
        (true, false) => (1024, 1 << 22),
        (true, true) => (4096, 1 << 26),
    }
}

fn cpu_cases() -> Vec<Case> {
    let (side, n) = sizes(false);
    let (m, c) = (side * side, 0.2);
    let cfg = LaunchConfig::for_num_elems(m as u32);
    let u = random_vec(m, -1.0, 1.0, 1);
    let (ua, mut out, mut outa, mut du, mut dout) =
        (u.clone(), vec![0.0; m], vec![0.0; m], vec![0.0; m], random_vec(m, -1.0, 1.0, 2));
    let stencil_case = Case {
        kernel: "stencil",
        path: "cpu".into(),
        size: format!("{side}x{side}"),
        primal: Box::new(move || stencil::launch_cpu(cfg, &u, &mut out, side, c).unwrap()),
        adjoint: Box::new(move || d_stencil::launch_cpu(cfg, &ua, &mut du, &mut outa, &mut dout, side, c).unwrap()),
    };
    let blocks = n / DOT_BLOCK;
    let dcfg = LaunchConfig::blocks(blocks as u32, DOT_BLOCK as u32);
    let (x, y) = (random_vec(n, -1.0, 1.0, 3), random_vec(n, -1.0, 1.0, 4));
    let (xa, ya, mut o, mut oa) = (x.clone(), y.clone(), vec![0.0; blocks], vec![0.0; blocks]);
    let (mut dx, mut dy, mut dout) = (vec![0.0; n], vec![0.0; n], random_vec(blocks, -1.0, 1.0, 5));
    let dot_case = Case {
        kernel: "dot",
        path: "cpu".into(),
        size: format!("{n}"),
        primal: Box::new(move || dot::launch_cpu(dcfg, &x, &y, &mut o).unwrap()),
        adjoint: Box::new(move || d_dot::launch_cpu(dcfg, &xa, &mut dx, &ya, &mut dy, &mut oa, &mut dout).unwrap()),
    };
    vec![stencil_case, dot_case]
}

/// The same kernels through `launch` on device buffers, each launch
/// followed by a wait for the stream; no case where there is no GPU.
#[cfg(feature = "cuda")]
fn gpu_cases() -> Vec<Case> {
    let gpu = match parad::gpu::Gpu::new(0) {
        Ok(g) => std::rc::Rc::new(g),
        Err(e) => {
            println!("no GPU ({e}): the CPU path only");
            return Vec::new();
        }
    };
    let path = format!("gpu: {}", gpu.name());
    println!("timing on the {path}");
    let (side, n) = sizes(true);
    let (m, c) = (side * side, 0.2);
    let s = gpu.stream().clone();
    let up = |v: &[f64]| s.clone_htod(v).unwrap();
    let cfg = LaunchConfig::for_num_elems(m as u32);
    let u = up(&random_vec(m, -1.0, 1.0, 1));
    let (mut out, mut outa, mut du, mut dout) =
        (up(&vec![0.0; m]), up(&vec![0.0; m]), up(&vec![0.0; m]), up(&random_vec(m, -1.0, 1.0, 2)));
    let (g1, g2) = (gpu.clone(), gpu.clone());
    let ua = u.clone();
    let stencil_case = Case {
        kernel: "stencil",
        path: path.clone(),
        size: format!("{side}x{side}"),
        primal: Box::new(move || {
            stencil::launch(&g1, cfg, &u, &mut out, side, c).unwrap();
            g1.synchronize().unwrap();
        }),
        adjoint: Box::new(move || {
            d_stencil::launch(&g2, cfg, &ua, &mut du, &mut outa, &mut dout, side, c).unwrap();
            g2.synchronize().unwrap();
        }),
    };
    let blocks = n / DOT_BLOCK;
    let dcfg = LaunchConfig::blocks(blocks as u32, DOT_BLOCK as u32);
    let (x, y) = (up(&random_vec(n, -1.0, 1.0, 3)), up(&random_vec(n, -1.0, 1.0, 4)));
    let (xa, ya) = (x.clone(), y.clone());
    let (mut o, mut oa, mut dx, mut dy) =
        (up(&vec![0.0; blocks]), up(&vec![0.0; blocks]), up(&vec![0.0; n]), up(&vec![0.0; n]));
    let mut dout = up(&random_vec(blocks, -1.0, 1.0, 5));
    let (g1, g2) = (gpu.clone(), gpu);
    let dot_case = Case {
        kernel: "dot",
        path,
        size: format!("{n}"),
        primal: Box::new(move || {
            dot::launch(&g1, dcfg, &x, &y, &mut o).unwrap();
            g1.synchronize().unwrap();
        }),
        adjoint: Box::new(move || {
            d_dot::launch(&g2, dcfg, &xa, &mut dx, &ya, &mut dy, &mut oa, &mut dout).unwrap();
            g2.synchronize().unwrap();
        }),
    };
    vec![stencil_case, dot_case]
}

#[cfg(not(feature = "cuda"))]
fn gpu_cases() -> Vec<Case> {
    println!("built without the `cuda` feature: the CPU path only");
    Vec::new()
}

/// The criterion id of a path: `cpu` or `gpu`.
fn path_id(c: &Case) -> &str {
    &c.path[..3]
}

fn main() {
    let started = SystemTime::now();
    let mut crit = Criterion::default().configure_from_args();
    let mut cases = cpu_cases();
    cases.extend(gpu_cases());
    for c in &mut cases {
        let mut g = crit.benchmark_group(format!("kernel_{}", c.kernel));
        let id = path_id(c).to_string();
        g.bench_function(BenchmarkId::new("primal", &id), |b| b.iter(&mut c.primal));
        g.bench_function(BenchmarkId::new("adjoint", &id), |b| b.iter(&mut c.adjoint));
        g.finish();
    }
    crit.final_summary();
    if measuring() {
        println!();
        println!("Medians of this run (criterion estimates); target adjoint/primal at most 3");
        println!("| kernel | path | size | primal | adjoint | adjoint/primal |");
        println!("|---|---|---|---|---|---|");
        for c in &cases {
            let group = format!("kernel_{}", c.kernel);
            let primal = median_ns(&group, &format!("primal/{}", path_id(c)), started);
            let adjoint = median_ns(&group, &format!("adjoint/{}", path_id(c)), started);
            println!(
                "| {} | {} | {} | {} | {} | {} |",
                c.kernel,
                c.path,
                c.size,
                fmt_time(primal),
                fmt_time(adjoint),
                fmt_ratio(adjoint, primal, Target::AtMost(3.0))
            );
        }
    }
}
