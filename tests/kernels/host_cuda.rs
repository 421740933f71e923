//! The generated CUDA source of every kernel and adjoint, compiled by the
//! host C++ compiler against `cuda_host.h`, run on the inputs of a
//! `launch_cpu` and compared with it: the CUDA text is checked on machines
//! without a GPU. Atomic additions from threads running at once may come in
//! any order, so results agree to rounding, not bitwise.

use super::device;
use super::host::{run, Arg, Launch};
use super::programs::*;
use super::support::assert_close;
use parad::check::random_vec;
use parad::gpu::LaunchConfig;

const N: usize = 100;
const GRID: u32 = 4;
const BLOCK: u32 = 32;

fn cfg() -> LaunchConfig {
    LaunchConfig::blocks(GRID, BLOCK)
}

fn launch(kernel: &'static str, source: &'static str, args: Vec<Arg>) -> Launch {
    Launch { kernel, source, grid: GRID, block: BLOCK, args }
}

fn f64s(v: &[f64]) -> Arg {
    Arg::F64s(v.to_vec(), false)
}
fn out(v: &[f64]) -> Arg {
    Arg::F64s(v.to_vec(), true)
}

/// Every kernel and adjoint, each with the inputs of one launch and the
/// `&mut` buffers `launch_cpu` left on them.
fn cases() -> (Vec<Launch>, Vec<Vec<Vec<f64>>>) {
    let mut launches = Vec::new();
    let mut expected: Vec<Vec<Vec<f64>>> = Vec::new();
    let (x, y, w) = (random_vec(N, -1.0, 1.0, 31), random_vec(N, -1.0, 1.0, 32), random_vec(N, -1.0, 1.0, 33));

    // saxpy (f32) and its adjoint.
    let (xf, yf, wf): (Vec<f32>, Vec<f32>, Vec<f32>) = (
        x.iter().map(|&v| v as f32).collect(),
        y.iter().map(|&v| v as f32).collect(),
        w.iter().map(|&v| v as f32).collect(),
    );
    let mut ys = yf.clone();
    saxpy::launch_cpu(cfg(), 1.5, &xf, &mut ys).unwrap();
    launches.push(launch(
        "saxpy",
        saxpy::CUDA_SOURCE,
        vec![Arg::F32(1.5), Arg::F32s(xf.clone(), false), Arg::F32s(yf.clone(), true)],
    ));
    expected.push(vec![ys.iter().map(|&v| v as f64).collect()]);
    let (mut dx, mut ys, mut dy) = (vec![0.0f32; N], yf.clone(), wf.clone());
    d_saxpy::launch_cpu(cfg(), 1.5, &xf, &mut dx, &mut ys, &mut dy).unwrap();
    launches.push(launch(
        "d_saxpy",
        d_saxpy::CUDA_SOURCE,
        vec![
            Arg::F32(1.5),
            Arg::F32s(xf, false),
            Arg::F32s(vec![0.0; N], true),
            Arg::F32s(yf, true),
            Arg::F32s(wf, true),
        ],
    ));
    expected.push([dx, ys, dy].iter().map(|v| v.iter().map(|&x| x as f64).collect()).collect());

    // axpy: an Active scalar, summed over the block (the slot is the last
    // parameter of the CUDA kernel).
    let mut ys = y.clone();
    axpy::launch_cpu(cfg(), 0.7, &x, &mut ys).unwrap();
    launches.push(launch("axpy", axpy::CUDA_SOURCE, vec![Arg::F64(0.7), f64s(&x), out(&y)]));
    expected.push(vec![ys]);
    let (mut dx, mut ys, mut dy) = (vec![0.0; N], y.clone(), w.clone());
    let da = d_axpy::launch_cpu(cfg(), 0.7, &x, &mut dx, &mut ys, &mut dy).unwrap();
    launches.push(launch(
        "d_axpy",
        d_axpy::CUDA_SOURCE,
        vec![Arg::F64(0.7), f64s(&x), out(&[0.0; N]), out(&y), out(&w), out(&[0.0])],
    ));
    expected.push(vec![dx, ys, dy, vec![da]]);

    // The stencil.
    let (nx, c) = (10, 0.3);
    let mut o = vec![0.0; N];
    super::programs::stencil::launch_cpu(cfg(), &x, &mut o, nx, c).unwrap();
    launches.push(launch(
        "stencil",
        super::programs::stencil::CUDA_SOURCE,
        vec![f64s(&x), out(&[0.0; N]), Arg::Usize(nx), Arg::F64(c)],
    ));
    expected.push(vec![o]);
    let (mut du, mut o, mut dout) = (vec![0.0; N], vec![0.0; N], w.clone());
    d_stencil::launch_cpu(cfg(), &x, &mut du, &mut o, &mut dout, nx, c).unwrap();
    launches.push(launch(
        "d_stencil",
        d_stencil::CUDA_SOURCE,
        vec![f64s(&x), out(&[0.0; N]), out(&[0.0; N]), out(&w), Arg::Usize(nx), Arg::F64(c)],
    ));
    expected.push(vec![du, o, dout]);

    // The dot product: blocks of 256 threads, a barrier in a loop.
    let n = 1000;
    let (xd, yd, wd) = (random_vec(n, -1.0, 1.0, 34), random_vec(n, -1.0, 1.0, 35), random_vec(4, -1.0, 1.0, 36));
    let dcfg = LaunchConfig::blocks(4, DOT_BLOCK as u32);
    let mut o = vec![0.0; 4];
    dot::launch_cpu(dcfg, &xd, &yd, &mut o).unwrap();
    let big = |l: Launch| Launch { grid: 4, block: DOT_BLOCK as u32, ..l };
    launches.push(big(launch("dot", dot::CUDA_SOURCE, vec![f64s(&xd), f64s(&yd), out(&[0.0; 4])])));
    expected.push(vec![o]);
    let (mut dxd, mut dyd, mut o, mut dout) = (vec![0.0; n], vec![0.0; n], vec![0.0; 4], wd.clone());
    d_dot::launch_cpu(dcfg, &xd, &mut dxd, &yd, &mut dyd, &mut o, &mut dout).unwrap();
    launches.push(big(launch(
        "d_dot",
        d_dot::CUDA_SOURCE,
        vec![f64s(&xd), out(&vec![0.0; n]), f64s(&yd), out(&vec![0.0; n]), out(&[0.0; 4]), out(&wd)],
    )));
    expected.push(vec![dxd, dyd, o, dout]);

    // The gather and its scattered adjoint.
    let idx: Vec<usize> = random_vec(N, 0.0, 30.0, 37).into_iter().map(|v| v as usize).collect();
    let xg = random_vec(30, -1.0, 1.0, 38);
    let mut yg = vec![0.0; N];
    gather::launch_cpu(cfg(), &xg, &idx, &mut yg).unwrap();
    launches.push(launch("gather", gather::CUDA_SOURCE, vec![f64s(&xg), Arg::Usizes(idx.clone()), out(&[0.0; N])]));
    expected.push(vec![yg]);
    let (mut dxg, mut yg, mut dyg) = (vec![0.0; 30], vec![0.0; N], w.clone());
    d_gather::launch_cpu(cfg(), &xg, &mut dxg, &idx, &mut yg, &mut dyg).unwrap();
    launches.push(launch(
        "d_gather",
        d_gather::CUDA_SOURCE,
        vec![f64s(&xg), out(&[0.0; 30]), Arg::Usizes(idx), out(&[0.0; N]), out(&w)],
    ));
    expected.push(vec![dxg, yg, dyg]);

    // The mat-vec.
    let cols = 7;
    let (a, xm, b) =
        (random_vec(N * cols, -1.0, 1.0, 39), random_vec(cols, -1.0, 1.0, 40), random_vec(1, -1.0, 1.0, 41));
    let mut ym = vec![0.0; N];
    matvec::launch_cpu(cfg(), &a, &xm, &b, &mut ym).unwrap();
    launches.push(launch("matvec", matvec::CUDA_SOURCE, vec![f64s(&a), f64s(&xm), f64s(&b), out(&[0.0; N])]));
    expected.push(vec![ym]);
    let (mut da, mut dxm, mut db, mut ym, mut dym) =
        (vec![0.0; N * cols], vec![0.0; cols], vec![0.0], vec![0.0; N], w.clone());
    d_matvec::launch_cpu(cfg(), &a, &mut da, &xm, &mut dxm, &b, &mut db, &mut ym, &mut dym).unwrap();
    launches.push(launch(
        "d_matvec",
        d_matvec::CUDA_SOURCE,
        vec![
            f64s(&a),
            out(&vec![0.0; N * cols]),
            f64s(&xm),
            out(&[0.0; 7]),
            f64s(&b),
            out(&[0.0]),
            out(&[0.0; N]),
            out(&w),
        ],
    ));
    expected.push(vec![da, dxm, db, ym, dym]);

    // A loop carrying a nonlinear value.
    let mut yh = vec![0.0; N];
    horner::launch_cpu(cfg(), &x, &mut yh, 5).unwrap();
    launches.push(launch("horner", horner::CUDA_SOURCE, vec![f64s(&x), out(&[0.0; N]), Arg::Usize(5)]));
    expected.push(vec![yh]);
    let (mut dxh, mut yh, mut dyh) = (vec![0.0; N], vec![0.0; N], w.clone());
    d_horner::launch_cpu(cfg(), &x, &mut dxh, &mut yh, &mut dyh, 5).unwrap();
    launches.push(launch(
        "d_horner",
        d_horner::CUDA_SOURCE,
        vec![f64s(&x), out(&[0.0; N]), out(&[0.0; N]), out(&w), Arg::Usize(5)],
    ));
    expected.push(vec![dxh, yh, dyh]);

    // Tangent kernels (forward mode): the stencil and axpy.
    let (mut o, mut to) = (vec![0.0; N], vec![0.0; N]);
    t_stencil::launch_cpu(cfg(), &x, &w, &mut o, &mut to, nx, c).unwrap();
    launches.push(launch(
        "t_stencil",
        t_stencil::CUDA_SOURCE,
        vec![f64s(&x), f64s(&w), out(&[0.0; N]), out(&[0.0; N]), Arg::Usize(nx), Arg::F64(c)],
    ));
    expected.push(vec![o, to]);
    let (mut ys, mut tys) = (y.clone(), w.clone());
    t_axpy::launch_cpu(cfg(), 0.7, 0.4, &x, &mut ys, &mut tys).unwrap();
    launches.push(launch(
        "t_axpy",
        t_axpy::CUDA_SOURCE,
        vec![Arg::F64(0.7), Arg::F64(0.4), f64s(&x), out(&y), out(&w)],
    ));
    expected.push(vec![ys, tys]);

    // Single precision with float methods and an Active scalar.
    let (xa, wa): (Vec<f32>, Vec<f32>) = (x.iter().map(|&v| v as f32).collect(), w.iter().map(|&v| v as f32).collect());
    let mut ya = vec![0.0f32; N];
    act32::launch_cpu(cfg(), 0.8, &xa, &mut ya).unwrap();
    launches.push(launch(
        "act32",
        act32::CUDA_SOURCE,
        vec![Arg::F32(0.8), Arg::F32s(xa.clone(), false), Arg::F32s(vec![0.0; N], true)],
    ));
    expected.push(vec![ya.iter().map(|&v| v as f64).collect()]);
    let (mut dxa, mut ya, mut dya) = (vec![0.0f32; N], vec![0.0f32; N], wa.clone());
    let dwa = d_act32::launch_cpu(cfg(), 0.8, &xa, &mut dxa, &mut ya, &mut dya).unwrap();
    launches.push(launch(
        "d_act32",
        d_act32::CUDA_SOURCE,
        vec![
            Arg::F32(0.8),
            Arg::F32s(xa, false),
            Arg::F32s(vec![0.0; N], true),
            Arg::F32s(vec![0.0; N], true),
            Arg::F32s(wa, true),
            Arg::F32s(vec![0.0], true),
        ],
    ));
    expected.push([dxa, ya, dya, vec![dwa]].iter().map(|v| v.iter().map(|&x| x as f64).collect()).collect());
    (launches, expected)
}

fn single_precision(l: &Launch) -> bool {
    l.args.iter().all(|a| !matches!(a, Arg::F64(_) | Arg::F64s(..)))
}

#[test]
fn cuda_sources_compile_and_agree_with_launch_cpu() {
    let (launches, expected) = cases();
    let host = run(&launches);
    for ((l, h), e) in launches.iter().zip(&host).zip(&expected) {
        assert_eq!(h.len(), e.len(), "{}: outputs", l.kernel);
        // f32 results agree to f32 rounding, f64 results to f64 rounding.
        let tol = if single_precision(l) { 1e-5 } else { 1e-12 };
        for (k, (hv, ev)) in h.iter().zip(e).enumerate() {
            assert_close(&format!("{} output {k} (CUDA source on the host vs launch_cpu)", l.kernel), hv, ev, tol);
        }
    }
}

/// Each source compiled for the device (`device`): its kernel takes the
/// parameters `launch` passes (a slice as its pointer and length, a scalar
/// by value), an f32 kernel computes in f32 only, and the adjoints' atomic
/// additions are where the design puts them.
#[test]
fn cuda_sources_compile_to_ptx_for_the_device() {
    let (launches, _) = cases();
    let mut ptxs = std::collections::HashMap::new();
    for l in &launches {
        let ptx = device::ptx(l.kernel, l.source);
        let want: Vec<&str> = l
            .args
            .iter()
            .flat_map(|a| match a {
                Arg::F64(_) => vec![".f64"],
                Arg::F32(_) => vec![".f32"],
                Arg::Usize(_) => vec![".u64"],
                Arg::F64s(..) | Arg::F32s(..) | Arg::Usizes(_) => vec![".u64", ".u64"],
            })
            .collect();
        assert_eq!(device::entry_params(&ptx, l.kernel), want, "{}: the kernel's parameters in PTX", l.kernel);
        if single_precision(l) {
            assert!(!ptx.contains(".f64"), "{}: an f32 kernel computes in f64 somewhere:\n{ptx}", l.kernel);
        }
        ptxs.insert(l.kernel, ptx);
    }
    let atomics = |k: &str, op: &str| device::atomics(&ptxs[k], op);
    assert_eq!(
        atomics("d_saxpy", "atom.global.add.f32"),
        0,
        "a thread's write to its own index adjoints without atomics"
    );
    assert_eq!(atomics("d_gather", "atom.global.add.f64"), 1, "the gather's scattered adjoint adds atomically");
    assert_eq!(
        atomics("d_stencil", "atom.global.add.f64"),
        6,
        "one atomic per element a stencil thread adds to (its own, summed from three terms, and four neighbours), one on the boundary"
    );
    assert_eq!(
        atomics("d_act32", "atom.global.add.f32"),
        1,
        "only the Active scalar, once per block after its reduction"
    );
    assert!(atomics("d_dot", "atom.shared.add.f64") > 0, "the shadow of the shared tile is added to in shared memory");
    assert_eq!(atomics("t_stencil", "atom.global.add.f64"), 0, "a tangent kernel runs forward: no atomics");
}
