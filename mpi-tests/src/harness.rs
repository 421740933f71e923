//! The dot-product test of MPI adjoints, run on every rank.
//!
//! A scenario is a sequence of MPI operations acting on each rank's
//! buffers, its *state*. The operations are linear in the state (max and
//! min are linearised with the recorded mask), so with random tangents ṡ of
//! the state before and random cotangents s̄ of the state after,
//!
//! ```text
//! sum over ranks <s̄_after, J ṡ_before> == sum over ranks <Jᵀ s̄_after, ṡ_before>
//! ```
//!
//! where `J ṡ` runs the operations on the tangents and `Jᵀ s̄` runs the
//! records' adjoints, in reverse order, on the cotangents. Using the whole
//! state checks everything an adjoint must do: accumulate into inputs, zero
//! overwritten outputs, leave the rest alone. A buffer may be marked
//! inactive on a rank: it has no shadow (the adjoint gets `None`), its
//! tangent is zero and its cotangent is not counted.
//!
//! A scenario never returns early on an error: every rank must take part in
//! every collective, so errors are collected and reported at the end.

use std::fmt::Write as _;

use parad::mpi::rsmpi::collective::SystemOperation;
use parad::mpi::rsmpi::topology::SimpleCommunicator;
use parad::mpi::rsmpi::traits::*;
use parad::mpi::{AdjointComm, MpiReal, Rank, Record};
use rand::distributions::uniform::SampleUniform;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// An element type under test.
pub trait TestReal: MpiReal + Into<f64> + SampleUniform + PartialOrd {
    /// Its name in scenario names.
    const NAME: &'static str;
    /// Relative tolerance of the dot-product test.
    const TOL: f64;
    /// Converts from `f64`.
    fn of(x: f64) -> Self;
}

impl TestReal for f64 {
    const NAME: &'static str = "f64";
    const TOL: f64 = 1e-12;
    fn of(x: f64) -> Self {
        x
    }
}

impl TestReal for f32 {
    const NAME: &'static str = "f32";
    const TOL: f64 = 1e-4;
    fn of(x: f64) -> Self {
        x as f32
    }
}

/// What every scenario runs with.
pub struct Ctx {
    /// The user's communicator.
    pub world: SimpleCommunicator,
    /// Its duplicate for adjoint messages.
    pub adj: AdjointComm,
    /// This rank.
    pub rank: Rank,
    /// The number of ranks.
    pub size: Rank,
}

impl Ctx {
    /// The partner for pairwise exchanges: ranks 0-1, 2-3, ...; a rank
    /// without one is its own partner. (A blocking send to oneself may
    /// block until the matching receive, so pairwise scenarios do something
    /// else on such a rank: MPICH's ch4:ucx does block there.)
    pub fn partner(&self) -> Rank {
        let p = self.rank ^ 1;
        if p < self.size {
            p
        } else {
            self.rank
        }
    }

    /// The next rank in a ring.
    pub fn right(&self) -> Rank {
        (self.rank + 1) % self.size
    }

    /// The previous rank in a ring.
    pub fn left(&self) -> Rank {
        (self.rank + self.size - 1) % self.size
    }

    /// The sum of `x` over all ranks.
    pub fn sum(&self, x: &[f64]) -> Vec<f64> {
        let mut out = vec![0.0; x.len()];
        self.world.all_reduce_into(x, &mut out[..], SystemOperation::sum());
        out
    }
}

/// Runs a scenario on this rank: its errors, or `Ok`.
pub type RunFn = Box<dyn Fn(&Ctx) -> Result<(), String>>;
/// A rank's initial state.
pub type InitFn<T> = Box<dyn Fn(&Ctx, Rank) -> Vec<Vec<T>>>;
/// Runs a scenario's operations on a state.
pub type OpFn<T> = Box<dyn Fn(&Ctx, &mut [Vec<T>], Mode) -> Vec<Step>>;
/// The expected state after the primal pass, given every rank's initial one.
pub type ExpectFn<T> = Box<dyn Fn(&Ctx, &dyn Fn(Rank) -> Vec<Vec<T>>) -> Vec<Option<Vec<T>>>>;

/// A named scenario. It returns this rank's errors; the driver combines
/// them over the ranks.
pub struct Scenario {
    /// Unique name, printed as `ok NAME`.
    pub name: String,
    /// Runs it on every rank.
    pub run: RunFn,
}

/// A recorded operation and the buffers of the state its shadows come from.
pub struct Step {
    /// The forward wrapper's record.
    pub record: Record,
    /// The buffer whose shadow is `dsend`.
    pub send: Option<usize>,
    /// The buffer whose shadow is `drecv`.
    pub recv: Option<usize>,
}

impl Step {
    /// An operation with a send buffer and a receive buffer.
    pub fn new(record: Record, send: Option<usize>, recv: Option<usize>) -> Step {
        Step { record, send, recv }
    }
}

/// Which pass an operation runs in.
#[derive(Clone, Copy)]
pub enum Mode<'a> {
    /// On the primal state: records are kept.
    Primal,
    /// On tangents: the linearisation, given the primal steps (for max/min
    /// masks); the records it returns are dropped.
    Tangent(&'a [Step]),
}

/// Is buffer `b` of rank `r` active (has a shadow)?
pub type Activity = fn(Rank, usize) -> bool;

/// Every buffer has a shadow.
pub fn all_active(_: Rank, _: usize) -> bool {
    true
}

/// Some buffers have no shadow, differently on different ranks: buffer `b`
/// of rank `r` has one when `r + b` is even. (Scenarios pick their roots so
/// that something active still flows to something active on 2 and 4 ranks.)
pub fn partly_active(r: Rank, b: usize) -> bool {
    (r as usize + b) & 1 == 0
}

/// A dot-product test of a sequence of operations.
pub struct Spec<T> {
    /// The state of rank `r` before the operations; a pure function of the
    /// rank, so that expected results can be computed from other ranks'.
    pub init: InitFn<T>,
    /// Runs the operations on a state.
    pub op: OpFn<T>,
    /// The expected state after the primal pass, from every rank's initial
    /// state; `None` for buffers not checked.
    pub expect: ExpectFn<T>,
    /// Which buffers have shadows.
    pub active: Activity,
}

/// A scenario's random numbers: a function of its name, the rank and a salt.
pub fn rng(name: &str, rank: Rank, salt: u64) -> SmallRng {
    // FNV-1a of the name, then the rank and the salt mixed in.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    h ^= (rank as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ salt.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    SmallRng::seed_from_u64(h)
}

/// `n` uniform numbers in [-1, 1).
pub fn random<T: TestReal>(rng: &mut SmallRng, n: usize) -> Vec<T> {
    (0..n).map(|_| T::of(rng.gen_range(-1.0..1.0))).collect()
}

/// Runs a dot-product test on this rank.
pub fn dot_test<T: TestReal>(ctx: &Ctx, name: &str, spec: &Spec<T>) -> Result<(), String> {
    let mut errors = String::new();
    let init = |r: Rank| (spec.init)(ctx, r);
    let before = init(ctx.rank);
    let mut state = before.clone();
    let steps = (spec.op)(ctx, &mut state, Mode::Primal);
    // Keep the passes apart: an any-source receive of the primal pass must
    // not match a message of the tangent pass.
    ctx.world.barrier();
    check_state(&mut errors, &state, &(spec.expect)(ctx, &init));

    let active: Vec<bool> = (0..state.len()).map(|b| (spec.active)(ctx.rank, b)).collect();
    let mut rng = rng(name, ctx.rank, 1);
    let fill = |rng: &mut SmallRng, b: usize, n: usize| {
        if active[b] {
            random(rng, n)
        } else {
            vec![T::ZERO; n]
        }
    };
    let tan_in: Vec<Vec<T>> = state.iter().enumerate().map(|(b, v)| fill(&mut rng, b, v.len())).collect();
    let mut tan_out = tan_in.clone();
    (spec.op)(ctx, &mut tan_out, Mode::Tangent(&steps));
    ctx.world.barrier();
    let cot_out: Vec<Vec<T>> = state.iter().enumerate().map(|(b, v)| fill(&mut rng, b, v.len())).collect();
    let mut cot_in = cot_out.clone();
    for step in steps.into_iter().rev() {
        let (dsend, drecv) = shadows(&mut cot_in, step.send, step.recv, &active);
        step.record.adjoint(&ctx.adj, dsend, drecv);
    }
    // On one rank a partly active state may leave nothing to test.
    let vacuous_ok = ctx.size == 1 && active.iter().any(|&a| !a);
    if let Err(e) = dot_check(ctx, &active, (&tan_in, &tan_out), (&cot_out, &cot_in), vacuous_ok) {
        errors.push_str(&e);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// The two shadows of a step, `None` for no buffer or an inactive one.
pub fn shadows<'a, T>(
    cot: &'a mut [Vec<T>],
    send: Option<usize>,
    recv: Option<usize>,
    active: &[bool],
) -> (Option<&'a mut [T]>, Option<&'a mut [T]>) {
    assert!(send.is_none() || send != recv, "a step's send and receive buffers must differ");
    let (mut dsend, mut drecv) = (None, None);
    for (b, buf) in cot.iter_mut().enumerate() {
        if !active[b] {
            continue;
        }
        if Some(b) == send {
            dsend = Some(&mut buf[..]);
        } else if Some(b) == recv {
            drecv = Some(&mut buf[..]);
        }
    }
    (dsend, drecv)
}

/// Compares `sum <cot_out, tan_out>` with `sum <cot_in, tan_in>` over the
/// active buffers of all ranks; all products zero is an error unless
/// `vacuous_ok`. Collective.
pub fn dot_check<T: TestReal>(
    ctx: &Ctx,
    active: &[bool],
    (tan_in, tan_out): (&[Vec<T>], &[Vec<T>]),
    (cot_out, cot_in): (&[Vec<T>], &[Vec<T>]),
    vacuous_ok: bool,
) -> Result<(), String> {
    let dot = |a: &[Vec<T>], b: &[Vec<T>]| {
        let (mut d, mut scale) = (0.0, 0.0);
        for (k, (u, v)) in a.iter().zip(b).enumerate() {
            if active[k] {
                for (&x, &y) in u.iter().zip(v) {
                    let p = x.into() * y.into();
                    d += p;
                    scale += p.abs();
                }
            }
        }
        (d, scale)
    };
    let (lhs, s1) = dot(cot_out, tan_out);
    let (rhs, s2) = dot(cot_in, tan_in);
    let total = ctx.sum(&[lhs, rhs, s1 + s2]);
    let (lhs, rhs, scale) = (total[0], total[1], total[2]);
    if scale == 0.0 && !vacuous_ok {
        return Err("the dot-product test is vacuous: all products are zero\n".into());
    }
    let err = (lhs - rhs).abs() / scale;
    if err > T::TOL {
        return Err(format!(
            "dot-product test: <ybar, J xdot> = {lhs:e}, <J^T ybar, xdot> = {rhs:e}, relative error {err:e} > {:e}\n",
            T::TOL
        ));
    }
    Ok(())
}

/// Compares the primal state with the expectation (relative to the
/// magnitude of the values, so sums in another order pass).
fn check_state<T: TestReal>(errors: &mut String, state: &[Vec<T>], expect: &[Option<Vec<T>>]) {
    if state.len() != expect.len() {
        let _ = writeln!(errors, "primal: {} buffers, expected {}", state.len(), expect.len());
        return;
    }
    for (b, (got, want)) in state.iter().zip(expect).enumerate() {
        let Some(want) = want else { continue };
        if got.len() != want.len() {
            let _ = writeln!(errors, "primal: buffer {b} has {} elements, expected {}", got.len(), want.len());
            continue;
        }
        for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
            let (g, w): (f64, f64) = (g.into(), w.into());
            if (g - w).abs() > 10.0 * T::TOL * (1.0 + w.abs()) {
                let _ = writeln!(errors, "primal: buffer {b}[{i}] = {g}, expected {w}");
                break;
            }
        }
    }
}

/// Registers a dot-product test.
pub fn push<T: TestReal>(list: &mut Vec<Scenario>, name: String, spec: Spec<T>) {
    let seed = name.clone();
    list.push(Scenario { name, run: Box::new(move |ctx| dot_test(ctx, &seed, &spec)) });
}

/// A random initial state with buffers of the given lengths, a function of
/// the scenario's name and the rank.
pub fn state<T: TestReal>(name: &str, rank: Rank, lens: &[usize]) -> Vec<Vec<T>> {
    let mut rng = rng(name, rank, 0);
    lens.iter().map(|&n| random(&mut rng, n)).collect()
}

/// Two distinct buffers of a state, `a < b`.
pub fn two<T>(s: &mut [Vec<T>], a: usize, b: usize) -> (&mut Vec<T>, &mut Vec<T>) {
    assert!(a < b);
    let (lo, hi) = s.split_at_mut(b);
    (&mut lo[a], &mut hi[0])
}
