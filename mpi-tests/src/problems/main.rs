//! Differentiated MPI programs, run under `mpiexec -n 1, 2, 4` by
//! `tests/mpiexec.rs`. Each distributed gradient is compared with the
//! gradient of the same problem written serially (every rank computes the
//! serial one on the whole data), with central finite differences of the
//! distributed function along random directions, and, where a forward-mode
//! derivative exists, with it. A line `ok NAME` per passing problem.

// The serial twins are called through their derivatives only. The programs
// are written the way numerical code is: index loops, `a = a + b`, copies
// element by element, `vec!` for small fixed data, test drivers taking
// closures of several slices.
#![allow(
    dead_code,
    clippy::assign_op_pattern,
    clippy::manual_memcpy,
    clippy::needless_range_loop,
    clippy::redundant_slicing,
    clippy::type_complexity,
    clippy::useless_vec
)]

#[path = "../burgers.rs"]
mod burgers;

use mpi::collective::SystemOperation;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use parad::autodiff;
use parad::check::random_vec;
use parad::mpi::rsmpi as mpi;
use rayon::prelude::*;

// ------------------------------------------------------------------ ring

/// Each rank squares and scales its block, passes it to the next rank,
/// and the ranks sum `received * own` (all-reduce).
#[autodiff(reverse, d_ring, Duplicated, Active, Const, Active)]
#[autodiff(forward, t_ring, Dual, Dual, Const, Dual)]
fn ring(x: &[f64], scale: f64, world: &SimpleCommunicator) -> f64 {
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

/// [`ring`] in single precision.
#[autodiff(reverse, d_ring32, Duplicated, Active, Const, Active)]
#[autodiff(forward, t_ring32, Dual, Dual, Const, Dual)]
fn ring32(x: &[f32], scale: f32, world: &SimpleCommunicator) -> f32 {
    let rank = world.rank();
    let size = world.size();
    let next = world.process_at_rank((rank + 1) % size);
    let prev = world.process_at_rank((rank + size - 1) % size);
    let mut y = vec![0.0f32; x.len()];
    let mut z = vec![0.0f32; x.len()];
    for i in 0..x.len() {
        y[i] = scale * x[i] * x[i];
    }
    mpi::point_to_point::send_receive_into(&y[..], &next, &mut z[..], &prev);
    let mut local = 0.0f32;
    for i in 0..z.len() {
        local += z[i] * y[i];
    }
    let mut total = 0.0f32;
    world.all_reduce_into(&local, &mut total, SystemOperation::sum());
    total
}

/// `ring` on all blocks at once: block `r` of `xs` is rank `r`'s `x`.
#[autodiff(reverse, d_ring_serial, Duplicated, Active, Const, Active)]
fn ring_serial(xs: &[f64], scale: f64, p: usize) -> f64 {
    let m = xs.len() / p;
    let mut total = 0.0;
    for r in 0..p {
        let q = (r + p - 1) % p;
        for i in 0..m {
            let own = scale * xs[r * m + i] * xs[r * m + i];
            let got = scale * xs[q * m + i] * xs[q * m + i];
            total += got * own;
        }
    }
    total
}

// ------------------------------------------------------------- 1D heat

/// Explicit 1D heat equation on a periodic ring of cells, each rank owning
/// a block; ghost values come from the neighbours by `send_receive_into`
/// every step. Energy summed by all-reduce.
#[autodiff(reverse, d_heat1d, Duplicated, Active, Const, Const, Active)]
#[autodiff(forward, t_heat1d, Dual, Dual, Const, Const, Dual)]
fn heat1d(u0: &[f64], alpha: f64, steps: usize, world: &SimpleCommunicator) -> f64 {
    let rank = world.rank();
    let size = world.size();
    let next = world.process_at_rank((rank + 1) % size);
    let prev = world.process_at_rank((rank + size - 1) % size);
    let m = u0.len();
    let mut u = vec![0.0; m + 2];
    let mut v = vec![0.0; m + 2];
    for i in 0..m {
        u[i + 1] = u0[i];
    }
    let mut left = 0.0;
    let mut right = 0.0;
    for _ in 0..steps {
        mpi::point_to_point::send_receive_into(&u[m], &next, &mut left, &prev);
        mpi::point_to_point::send_receive_into(&u[1], &prev, &mut right, &next);
        u[0] = left;
        u[m + 1] = right;
        for i in 1..m + 1 {
            v[i] = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
        }
        std::mem::swap(&mut u, &mut v);
    }
    let mut local = 0.0;
    for i in 1..m + 1 {
        local += u[i] * u[i];
    }
    let mut total = 0.0;
    world.all_reduce_into(&local, &mut total, SystemOperation::sum());
    total
}

/// [`heat1d`] with rayon inside each rank: the update and the energy are
/// rayon loops between the halo exchanges.
#[autodiff(reverse, d_heat1d_hybrid, Duplicated, Active, Const, Const, Active)]
fn heat1d_hybrid(u0: &[f64], alpha: f64, steps: usize, world: &SimpleCommunicator) -> f64 {
    let rank = world.rank();
    let size = world.size();
    let next = world.process_at_rank((rank + 1) % size);
    let prev = world.process_at_rank((rank + size - 1) % size);
    let m = u0.len();
    let mut u = vec![0.0; m + 2];
    let mut v = vec![0.0; m + 2];
    for i in 0..m {
        u[i + 1] = u0[i];
    }
    let mut left = 0.0;
    let mut right = 0.0;
    for _ in 0..steps {
        mpi::point_to_point::send_receive_into(&u[m], &next, &mut left, &prev);
        mpi::point_to_point::send_receive_into(&u[1], &prev, &mut right, &next);
        u[0] = left;
        u[m + 1] = right;
        v.par_iter_mut().enumerate().for_each(|(i, vi)| {
            if i >= 1 && i <= m {
                *vi = u[i] + alpha * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
            }
        });
        std::mem::swap(&mut u, &mut v);
    }
    let local = u[1..m + 1].par_iter().map(|x| x * x).sum::<f64>();
    let mut total = 0.0;
    world.all_reduce_into(&local, &mut total, SystemOperation::sum());
    total
}

#[autodiff(reverse, d_heat1d_serial, Duplicated, Active, Const, Active)]
fn heat1d_serial(u0: &[f64], alpha: f64, steps: usize) -> f64 {
    let n = u0.len();
    let mut u = u0.to_vec();
    let mut v = vec![0.0; n];
    for _ in 0..steps {
        for i in 0..n {
            let l = u[(i + n - 1) % n];
            let r = u[(i + 1) % n];
            v[i] = u[i] + alpha * (l - 2.0 * u[i] + r);
        }
        std::mem::swap(&mut u, &mut v);
    }
    let mut total = 0.0;
    for i in 0..n {
        total += u[i] * u[i];
    }
    total
}

// --------------------------------------------------------- least squares

/// Data-parallel least squares: the root's parameters are broadcast, each
/// rank adds its rows' squared residuals, the sum is reduced to the root.
/// The loss is the root's; other ranks return 0.
#[autodiff(reverse, d_lsq, Duplicated, Const, Const, Const, Active)]
fn lsq(w: &[f64], a: &[f64], b: &[f64], world: &SimpleCommunicator) -> f64 {
    let d = w.len();
    let mut wl = vec![0.0; d];
    for j in 0..d {
        wl[j] = w[j];
    }
    let root = world.process_at_rank(0);
    root.broadcast_into(&mut wl[..]);
    let mut local = 0.0;
    for r in 0..b.len() {
        let mut pred = 0.0;
        for j in 0..d {
            pred += a[r * d + j] * wl[j];
        }
        let e = pred - b[r];
        local += e * e;
    }
    let mut loss = 0.0;
    if world.rank() == 0 {
        root.reduce_into_root(&local, &mut loss, SystemOperation::sum());
    } else {
        root.reduce_into(&local, SystemOperation::sum());
    }
    loss
}

#[autodiff(reverse, d_lsq_serial, Duplicated, Const, Const, Active)]
fn lsq_serial(w: &[f64], a: &[f64], b: &[f64]) -> f64 {
    let d = w.len();
    let mut loss = 0.0;
    for r in 0..b.len() {
        let mut pred = 0.0;
        for j in 0..d {
            pred += a[r * d + j] * w[j];
        }
        let e = pred - b[r];
        loss += e * e;
    }
    loss
}

// ------------------------------------------------------ scatter, gather

/// The root scatters a vector, each rank maps its part, the root gathers
/// the results and weighs them. Root-only result.
#[autodiff(reverse, d_scatter_gather, Duplicated, Const, Active)]
fn scatter_gather(x: &[f64], world: &SimpleCommunicator) -> f64 {
    let rank = world.rank();
    let size = world.size() as usize;
    let m = x.len() / size;
    let root = world.process_at_rank(0);
    let mut part = vec![0.0f64; m];
    if rank == 0 {
        root.scatter_into_root(&x[..], &mut part[..]);
    } else {
        root.scatter_into(&mut part[..]);
    }
    let mut y = vec![0.0; m];
    for i in 0..m {
        y[i] = part[i].sin() * (1.0 + part[i]);
    }
    let mut all = vec![0.0; x.len()];
    if rank == 0 {
        root.gather_into_root(&y[..], &mut all[..]);
    } else {
        root.gather_into(&y[..]);
    }
    let mut s = 0.0;
    for i in 0..all.len() {
        s += all[i] * all[i] * (i as f64 + 1.0);
    }
    s
}

#[autodiff(reverse, d_scatter_gather_serial, Duplicated, Active)]
fn scatter_gather_serial(x: &[f64]) -> f64 {
    let mut s = 0.0;
    for i in 0..x.len() {
        let y = x[i].sin() * (1.0 + x[i]);
        s += y * y * (i as f64 + 1.0);
    }
    s
}

// ------------------------------------------------ max, min, all-gather

/// A max-norm and a min by all-reduce, and the blocks' means gathered on
/// every rank: a replicated result.
#[autodiff(reverse, d_extremes, Duplicated, Const, Active)]
#[autodiff(forward, t_extremes, Dual, Const, Dual)]
fn extremes(x: &[f64], world: &SimpleCommunicator) -> f64 {
    let mut big = 0.0;
    let mut small = 1.0e300;
    let mut mean = 0.0;
    for i in 0..x.len() {
        let a = (x[i] * x[i] + 0.1).sqrt();
        big = a.max(big);
        small = a.min(small);
        mean += x[i];
    }
    mean /= x.len() as f64;
    let mut top = 0.0;
    world.all_reduce_into(&big, &mut top, SystemOperation::max());
    let mut bottom = 0.0;
    world.all_reduce_into(&small, &mut bottom, SystemOperation::min());
    let mut means = vec![0.0; world.size() as usize];
    world.all_gather_into(&mean, &mut means[..]);
    let mut spread = 0.0;
    for k in 0..means.len() {
        spread += (means[k] - bottom) * (means[k] - bottom);
    }
    top * bottom + spread
}

#[autodiff(reverse, d_extremes_serial, Duplicated, Const, Active)]
fn extremes_serial(x: &[f64], p: usize) -> f64 {
    let m = x.len() / p;
    let mut top = 0.0;
    let mut bottom = 1.0e300;
    for i in 0..x.len() {
        let a = (x[i] * x[i] + 0.1).sqrt();
        top = a.max(top);
        bottom = a.min(bottom);
    }
    let mut spread = 0.0;
    for r in 0..p {
        let mut mean = 0.0;
        for i in 0..m {
            mean += x[r * m + i];
        }
        mean /= m as f64;
        spread += (mean - bottom) * (mean - bottom);
    }
    top * bottom + spread
}

// ---------------------------------------------- untagged immediates

/// Each step every rank passes its last value to the next rank with an
/// untagged immediate send and receive, then multiplies each value by its
/// left neighbour's (the first by the received one).
#[autodiff(reverse, d_halo, Duplicated, Const, Const, Active)]
fn halo(x: &[f64], steps: usize, world: &SimpleCommunicator) -> f64 {
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

#[autodiff(reverse, d_halo_serial, Duplicated, Const, Const, Active)]
fn halo_serial(xs: &[f64], p: usize, steps: usize) -> f64 {
    let n = xs.len() / p;
    let mut u = xs.to_vec();
    let mut ghost = vec![0.0; p];
    for _ in 0..steps {
        for r in 0..p {
            ghost[r] = u[((r + p - 1) % p) * n + n - 1];
        }
        for r in 0..p {
            for i in (1..n).rev() {
                u[r * n + i] = u[r * n + i] * u[r * n + i - 1];
            }
            u[r * n] = u[r * n] * ghost[r];
        }
    }
    let mut total = 0.0;
    for i in 0..u.len() {
        total += u[i];
    }
    total
}

/// Each rank sends its input itself (a `Duplicated` parameter, so the
/// companion's shadow is a parameter slice) to the next rank with immediate
/// operations, and the ranks sum `x * received`.
#[autodiff(reverse, d_pass_on, Duplicated, Const, Active)]
fn pass_on(x: &[f64], world: &SimpleCommunicator) -> f64 {
    let rank = world.rank();
    let size = world.size();
    let next = world.process_at_rank((rank + 1) % size);
    let prev = world.process_at_rank((rank + size - 1) % size);
    let mut y = vec![0.0; x.len()];
    mpi::request::scope(|scope| {
        let sent = next.immediate_send_with_tag(scope, &x[..], 3);
        let got = prev.immediate_receive_into_with_tag(scope, &mut y[..], 3);
        sent.wait();
        got.wait();
    });
    let mut local = 0.0;
    for i in 0..x.len() {
        local += x[i] * y[i] * y[i];
    }
    let mut total = 0.0;
    world.all_reduce_into(&local, &mut total, SystemOperation::sum());
    total
}

#[autodiff(reverse, d_pass_on_serial, Duplicated, Const, Active)]
fn pass_on_serial(xs: &[f64], p: usize) -> f64 {
    let m = xs.len() / p;
    let mut total = 0.0;
    for r in 0..p {
        let q = (r + p - 1) % p;
        for i in 0..m {
            total += xs[r * m + i] * xs[q * m + i] * xs[q * m + i];
        }
    }
    total
}

// ------------------------------------------- tagged sends, any source

/// Ranks pair up (0-1, 2-3, ...): the even one sends first, the odd one
/// receives first (from any process), with tags; a lone last rank keeps
/// its own values.
#[autodiff(reverse, d_pairs, Duplicated, Const, Active)]
fn pairs(x: &[f64], world: &SimpleCommunicator) -> f64 {
    let rank = world.rank();
    let size = world.size();
    let mut y = vec![0.0; x.len()];
    let mut z = vec![0.0; x.len()];
    for i in 0..x.len() {
        z[i] = x[i].exp();
    }
    if rank % 2 == 0 && rank + 1 < size {
        let peer = world.process_at_rank(rank + 1);
        peer.send_with_tag(&z[..], 7);
        peer.receive_into_with_tag(&mut y[..], 8);
    } else if rank % 2 == 1 {
        world.any_process().receive_into_with_tag(&mut y[..], 7);
        world.process_at_rank(rank - 1).send_with_tag(&z[..], 8);
    } else {
        for i in 0..x.len() {
            y[i] = z[i];
        }
    }
    let mut local = 0.0;
    for i in 0..x.len() {
        local += y[i] * x[i];
    }
    let mut total = 0.0;
    world.all_reduce_into(&local, &mut total, SystemOperation::sum());
    total
}

#[autodiff(reverse, d_pairs_serial, Duplicated, Const, Active)]
fn pairs_serial(x: &[f64], p: usize) -> f64 {
    let m = x.len() / p;
    let mut total = 0.0;
    for r in 0..p {
        let q = if r % 2 == 0 && r + 1 < p {
            r + 1
        } else if r % 2 == 1 {
            r - 1
        } else {
            r
        };
        for i in 0..m {
            total += x[q * m + i].exp() * x[r * m + i];
        }
    }
    total
}

// ---------------------------------------------------------------- driver

struct World {
    comm: SimpleCommunicator,
    rank: usize,
    size: usize,
}

impl World {
    fn sum(&self, v: f64) -> f64 {
        let mut out = 0.0;
        self.comm.all_reduce_into(&v, &mut out, SystemOperation::sum());
        out
    }

    /// Every rank's block, in rank order, on every rank.
    fn concat(&self, local: &[f64]) -> Vec<f64> {
        let mut out = vec![0.0; local.len() * self.size];
        self.comm.all_gather_into(local, &mut out[..]);
        out
    }
}

/// Whether the result is the same on every rank (seeded once, on rank 0)
/// or the root's alone (seeded on every rank: the others' are constant).
#[derive(Clone, Copy, PartialEq)]
enum Output {
    Replicated,
    Root,
}

/// A distributed problem: `x` is this rank's block of the global input
/// (or, with `global_input`, every rank holds all of it and the root's
/// counts), `s` a scalar parameter every rank holds.
struct Problem<'a> {
    name: &'a str,
    block: usize,
    global_input: bool,
    output: Output,
    primal: &'a dyn Fn(&[f64], f64) -> f64,
    /// (value, shadow of x, derivative for s) for a seed.
    reverse: &'a dyn Fn(&[f64], f64, f64) -> (f64, Vec<f64>, f64),
    /// The same problem on the whole input, serially.
    serial: &'a dyn Fn(&[f64], f64) -> (f64, Vec<f64>, f64),
    /// (value, tangent) along (dx, ds), where a forward derivative exists.
    forward: Option<&'a dyn Fn(&[f64], f64, &[f64], f64) -> (f64, f64)>,
    /// Relative agreement with the serial twin and the other mode, and the
    /// step and agreement of finite differences: double precision unless
    /// the problem computes in `f32`.
    precision: Precision,
}

#[derive(Clone, Copy)]
struct Precision {
    tol: f64,
    fd_step: f64,
    fd_tol: f64,
}

const DOUBLE: Precision = Precision { tol: 1e-10, fd_step: 1e-6, fd_tol: 1e-6 };
const SINGLE: Precision = Precision { tol: 1e-4, fd_step: 1e-2, fd_tol: 1e-2 };

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * a.abs().max(b.abs()).max(1.0)
}

fn expect(w: &World, ok: bool, name: &str, what: String) {
    assert!(ok, "rank {} of {}: {name}: {what}", w.rank, w.size);
}

fn run(w: &World, p: &Problem) {
    let n = p.block * w.size;
    let xs = random_vec(n, -1.0, 1.0, 11);
    let s = 0.3;
    let local = |v: &[f64]| -> Vec<f64> {
        if p.global_input {
            v.to_vec()
        } else {
            v[w.rank * p.block..(w.rank + 1) * p.block].to_vec()
        }
    };
    let x = local(&xs);
    let counts = |dx: &[f64]| -> Vec<f64> {
        // The gradient for the global input: the root's shadow, or the blocks.
        if p.global_input {
            let mine: Vec<f64> = if w.rank == 0 { dx.to_vec() } else { vec![0.0; dx.len()] };
            mine.iter().map(|&g| w.sum(g)).collect()
        } else {
            w.concat(dx)
        }
    };
    let seed = match p.output {
        Output::Replicated if w.rank != 0 => 0.0,
        _ => 1.0,
    };
    let (value, dx, ds) = (p.reverse)(&x, s, seed);
    let grad = counts(&dx);
    let ds_total = w.sum(ds);
    let (want_value, want_grad, want_ds) = (p.serial)(&xs, s);

    // The value: on every rank, or on the root.
    if p.output == Output::Replicated || w.rank == 0 {
        expect(w, close(value, want_value, p.precision.tol), p.name, format!("value {value:e}, serial {want_value:e}"));
    }
    // Against the serial gradient.
    for (k, (g, e)) in grad.iter().zip(&want_grad).enumerate() {
        expect(w, close(*g, *e, p.precision.tol), p.name, format!("d/dx[{k}] = {g:e}, serial {e:e}"));
    }
    expect(w, close(ds_total, want_ds, p.precision.tol), p.name, format!("d/ds = {ds_total:e}, serial {want_ds:e}"));

    // Against central differences along a random direction.
    let vs = random_vec(n, -1.0, 1.0, 23);
    let v = local(&vs);
    let vsc = 0.7;
    let h = p.precision.fd_step;
    let shift = |t: f64| -> Vec<f64> { x.iter().zip(&v).map(|(a, b)| a + t * b).collect() };
    let fp = (p.primal)(&shift(h), s + h * vsc);
    let fm = (p.primal)(&shift(-h), s - h * vsc);
    let fd_here = if w.rank == 0 { (fp - fm) / (2.0 * h) } else { 0.0 };
    let fd = w.sum(fd_here);
    let dir = grad.iter().zip(&vs).map(|(a, b)| a * b).sum::<f64>() + ds_total * vsc;
    expect(w, close(fd, dir, p.precision.fd_tol), p.name, format!("finite differences {fd:e}, gradient {dir:e}"));

    // Forward mode: the tangent of the replicated result is the directional derivative.
    if let Some(fwd) = p.forward {
        let (fv, tan) = fwd(&x, s, &v, vsc);
        expect(w, close(fv, value, p.precision.tol), p.name, format!("forward-mode value {fv:e}, reverse {value:e}"));
        expect(w, close(tan, dir, p.precision.tol), p.name, format!("forward-mode tangent {tan:e}, reverse {dir:e}"));
    }

    // The seeding convention: a replicated result seeded 1/P on every rank
    // gives the same gradient; seeded 1 on every rank, P times it.
    if p.output == Output::Replicated {
        let (_, dx_share, _) = (p.reverse)(&x, s, 1.0 / w.size as f64);
        let (_, dx_all, _) = (p.reverse)(&x, s, 1.0);
        let share = w.concat(&dx_share);
        let all = w.concat(&dx_all);
        for k in 0..grad.len() {
            expect(
                w,
                close(share[k], grad[k], p.precision.tol),
                p.name,
                format!("seed 1/P: d/dx[{k}] = {:e}, want {:e}", share[k], grad[k]),
            );
            let want = grad[k] * w.size as f64;
            expect(
                w,
                close(all[k], want, p.precision.tol),
                p.name,
                format!("seed 1 everywhere: d/dx[{k}] = {:e}, want {want:e}", all[k]),
            );
        }
    }
    if w.rank == 0 {
        println!("ok {}", p.name);
    }
}

/// The problems, in the order they run (`--list` prints them).
const NAMES: [&str; 11] = [
    "ring",
    "ring in f32",
    "heat1d",
    "heat1d with rayon inside each rank",
    "least squares (broadcast, reduce)",
    "scatter, gather",
    "max, min, all-gather",
    "tagged pairs, any source",
    "untagged immediates",
    "immediates on a parameter",
    "Burgers 2D (immediate halo exchange)",
];

fn main() {
    if std::env::args().any(|a| a == "--list") {
        NAMES.iter().for_each(|n| println!("{n}"));
        return;
    }
    let universe = mpi::initialize().expect("MPI initialises");
    let comm = universe.world();
    let w = World { rank: comm.rank() as usize, size: comm.size() as usize, comm };
    let world = &w.comm;
    let p = w.size;

    run(
        &w,
        &Problem {
            name: "ring",
            block: 5,
            global_input: false,
            output: Output::Replicated,
            primal: &|x, s| ring(x, s, world),
            reverse: &|x, s, seed| {
                let mut dx = vec![0.0; x.len()];
                let (v, ds) = d_ring(x, &mut dx, s, world, seed);
                (v, dx, ds)
            },
            serial: &|x, s| {
                let mut dx = vec![0.0; x.len()];
                let (v, ds) = d_ring_serial(x, &mut dx, s, p, 1.0);
                (v, dx, ds)
            },
            forward: Some(&|x, s, tx, ts| t_ring(x, tx, s, ts, world)),
            precision: DOUBLE,
        },
    );

    // The same in f32, against the f64 serial twin.
    let to32 = |x: &[f64]| -> Vec<f32> { x.iter().map(|&v| v as f32).collect() };
    let to64 = |x: &[f32]| -> Vec<f64> { x.iter().map(|&v| v as f64).collect() };
    run(
        &w,
        &Problem {
            name: "ring in f32",
            block: 5,
            global_input: false,
            output: Output::Replicated,
            primal: &|x, s| ring32(&to32(x), s as f32, world) as f64,
            reverse: &|x, s, seed| {
                let mut dx = vec![0.0f32; x.len()];
                let (v, ds) = d_ring32(&to32(x), &mut dx, s as f32, world, seed as f32);
                (v as f64, to64(&dx), ds as f64)
            },
            serial: &|x, s| {
                let mut dx = vec![0.0; x.len()];
                let (v, ds) = d_ring_serial(x, &mut dx, s, p, 1.0);
                (v, dx, ds)
            },
            forward: Some(&|x, s, tx, ts| {
                let (v, t) = t_ring32(&to32(x), &to32(tx), s as f32, ts as f32, world);
                (v as f64, t as f64)
            }),
            precision: SINGLE,
        },
    );

    let steps = 20;
    run(
        &w,
        &Problem {
            name: "heat1d",
            block: 6,
            global_input: false,
            output: Output::Replicated,
            primal: &|x, s| heat1d(x, s, steps, world),
            reverse: &|x, s, seed| {
                let mut dx = vec![0.0; x.len()];
                let (v, ds) = d_heat1d(x, &mut dx, s, steps, world, seed);
                (v, dx, ds)
            },
            serial: &|x, s| {
                let mut dx = vec![0.0; x.len()];
                let (v, ds) = d_heat1d_serial(x, &mut dx, s, steps, 1.0);
                (v, dx, ds)
            },
            forward: Some(&|x, s, tx, ts| t_heat1d(x, tx, s, ts, steps, world)),
            precision: DOUBLE,
        },
    );

    run(
        &w,
        &Problem {
            name: "heat1d with rayon inside each rank",
            block: 6,
            global_input: false,
            output: Output::Replicated,
            primal: &|x, s| heat1d_hybrid(x, s, steps, world),
            reverse: &|x, s, seed| {
                let mut dx = vec![0.0; x.len()];
                let (v, ds) = d_heat1d_hybrid(x, &mut dx, s, steps, world, seed);
                (v, dx, ds)
            },
            serial: &|x, s| {
                let mut dx = vec![0.0; x.len()];
                let (v, ds) = d_heat1d_serial(x, &mut dx, s, steps, 1.0);
                (v, dx, ds)
            },
            forward: None,
            precision: DOUBLE,
        },
    );

    // Least squares: 4 parameters (the root's count), 3 rows per rank.
    let d = 4;
    let rows = 3;
    let a_all = random_vec(rows * p * d, -1.0, 1.0, 5);
    let b_all = random_vec(rows * p, -1.0, 1.0, 6);
    let a = a_all[w.rank * rows * d..(w.rank + 1) * rows * d].to_vec();
    let b = b_all[w.rank * rows..(w.rank + 1) * rows].to_vec();
    run(
        &w,
        &Problem {
            name: "least squares (broadcast, reduce)",
            block: d,
            global_input: true,
            output: Output::Root,
            primal: &|x, _| lsq(&x[..d], &a, &b, world),
            reverse: &|x, _, seed| {
                let mut dx = vec![0.0; d];
                let v = d_lsq(&x[..d], &mut dx, &a, &b, world, seed);
                (v, pad(dx, x.len()), 0.0)
            },
            serial: &|x, _| {
                let mut dx = vec![0.0; d];
                let v = d_lsq_serial(&x[..d], &mut dx, &a_all, &b_all, 1.0);
                (v, pad(dx, x.len()), 0.0)
            },
            forward: None,
            precision: DOUBLE,
        },
    );

    run(
        &w,
        &Problem {
            name: "scatter, gather",
            block: 3,
            global_input: true,
            output: Output::Root,
            primal: &|x, _| scatter_gather(x, world),
            reverse: &|x, _, seed| {
                let mut dx = vec![0.0; x.len()];
                let v = d_scatter_gather(x, &mut dx, world, seed);
                (v, dx, 0.0)
            },
            serial: &|x, _| {
                let mut dx = vec![0.0; x.len()];
                let v = d_scatter_gather_serial(x, &mut dx, 1.0);
                (v, dx, 0.0)
            },
            forward: None,
            precision: DOUBLE,
        },
    );

    run(
        &w,
        &Problem {
            name: "max, min, all-gather",
            block: 4,
            global_input: false,
            output: Output::Replicated,
            primal: &|x, _| extremes(x, world),
            reverse: &|x, _, seed| {
                let mut dx = vec![0.0; x.len()];
                let v = d_extremes(x, &mut dx, world, seed);
                (v, dx, 0.0)
            },
            serial: &|x, _| {
                let mut dx = vec![0.0; x.len()];
                let v = d_extremes_serial(x, &mut dx, p, 1.0);
                (v, dx, 0.0)
            },
            forward: Some(&|x, _, tx, _| t_extremes(x, tx, world)),
            precision: DOUBLE,
        },
    );

    run(
        &w,
        &Problem {
            name: "tagged pairs, any source",
            block: 3,
            global_input: false,
            output: Output::Replicated,
            primal: &|x, _| pairs(x, world),
            reverse: &|x, _, seed| {
                let mut dx = vec![0.0; x.len()];
                let v = d_pairs(x, &mut dx, world, seed);
                (v, dx, 0.0)
            },
            serial: &|x, _| {
                let mut dx = vec![0.0; x.len()];
                let v = d_pairs_serial(x, &mut dx, p, 1.0);
                (v, dx, 0.0)
            },
            forward: None,
            precision: DOUBLE,
        },
    );

    run(
        &w,
        &Problem {
            name: "untagged immediates",
            block: 4,
            global_input: false,
            output: Output::Replicated,
            primal: &|x, _| halo(x, 3, world),
            reverse: &|x, _, seed| {
                let mut dx = vec![0.0; x.len()];
                let v = d_halo(x, &mut dx, 3, world, seed);
                (v, dx, 0.0)
            },
            serial: &|x, _| {
                let mut dx = vec![0.0; x.len()];
                let v = d_halo_serial(x, &mut dx, p, 3, 1.0);
                (v, dx, 0.0)
            },
            forward: None,
            precision: DOUBLE,
        },
    );

    run(
        &w,
        &Problem {
            name: "immediates on a parameter",
            block: 4,
            global_input: false,
            output: Output::Replicated,
            primal: &|x, _| pass_on(x, world),
            reverse: &|x, _, seed| {
                let mut dx = vec![0.0; x.len()];
                let v = d_pass_on(x, &mut dx, world, seed);
                (v, dx, 0.0)
            },
            serial: &|x, _| {
                let mut dx = vec![0.0; x.len()];
                let v = d_pass_on_serial(x, &mut dx, p, 1.0);
                (v, dx, 0.0)
            },
            forward: None,
            precision: DOUBLE,
        },
    );

    // Burgers, and the same with its time loop checkpointed (binomial, 2
    // snapshots of 12 steps): steps are recomputed in the reverse sweep,
    // messages and all.
    type Primal = fn(&[f64], usize, usize, f64, f64, &SimpleCommunicator) -> f64;
    type Reverse = fn(&[f64], &mut [f64], usize, usize, f64, f64, &SimpleCommunicator, f64) -> f64;
    type Tangent = fn(&[f64], &[f64], usize, usize, f64, f64, &SimpleCommunicator) -> (f64, f64);
    let variants: [(&str, usize, Primal, Reverse, Tangent); 2] = [
        ("Burgers 2D (immediate halo exchange)", 5, burgers::burgers, burgers::d_burgers, burgers::t_burgers),
        (
            "Burgers 2D, checkpointed time loop",
            12,
            burgers::burgers_checkpointed,
            burgers::d_burgers_checkpointed,
            burgers::t_burgers_checkpointed,
        ),
    ];
    let (nx, rows, dt, nu) = (6, 3, 0.01, 0.05);
    for (name, steps, primal, reverse, tangent) in variants {
        run(
            &w,
            &Problem {
                name,
                block: 2 * rows * nx,
                global_input: false,
                output: Output::Replicated,
                primal: &|x, _| primal(x, nx, steps, dt, nu, world),
                reverse: &|x, _, seed| {
                    let mut dx = vec![0.0; x.len()];
                    let v = reverse(x, &mut dx, nx, steps, dt, nu, world, seed);
                    (v, dx, 0.0)
                },
                serial: &|xs, _| {
                    let grid = strips_to_grid(xs, nx, rows, p, false);
                    let mut dgrid = vec![0.0; grid.len()];
                    let v = burgers::d_burgers_serial(&grid, &mut dgrid, nx, steps, dt, nu, 1.0);
                    (v, strips_to_grid(&dgrid, nx, rows, p, true), 0.0)
                },
                forward: Some(&|x, _, tx, _| tangent(x, tx, nx, steps, dt, nu, world)),
                precision: DOUBLE,
            },
        );
    }
}

/// Rank strips (each: its rows of `u`, then of `v`) laid end to end, as
/// the whole grid (all rows of `u`, then of `v`); `back` the other way.
fn strips_to_grid(xs: &[f64], nx: usize, rows: usize, p: usize, back: bool) -> Vec<f64> {
    let n = nx * rows * p;
    let mut out = vec![0.0; xs.len()];
    for r in 0..p {
        for k in 0..2 {
            for i in 0..rows * nx {
                let s = r * 2 * rows * nx + k * rows * nx + i;
                let g = k * n + r * rows * nx + i;
                if back {
                    out[s] = xs[g];
                } else {
                    out[g] = xs[s];
                }
            }
        }
    }
    out
}

/// A root-only gradient of the first `d` inputs, padded to the block.
fn pad(mut g: Vec<f64>, len: usize) -> Vec<f64> {
    g.resize(len, 0.0);
    g
}
