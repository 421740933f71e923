//! Scenarios of blocking point-to-point operations.

use parad::mpi::rsmpi::request::scope;
use parad::mpi::{self, rsmpi::traits::*, Rank, Tag};

use crate::harness::{
    all_active, partly_active, push, random, rng, state, two, Activity, Ctx, Mode, Scenario, Spec, Step, TestReal,
};

/// The blocking point-to-point scenarios for one element type.
pub fn scenarios<T: TestReal>(list: &mut Vec<Scenario>) {
    let activities: [(&str, Activity); 2] = [("all", all_active), ("partial", partly_active)];
    for n in [1, 5] {
        for act in activities {
            pair::<T>(list, n, act);
            for tags in [(None, None), (Some(3), None), (Some(4), Some(4))] {
                ring::<T>(list, n, tags, act);
            }
        }
        tagged::<T>(list, n);
        for tag in [false, true] {
            any_source::<T>(list, n, tag);
        }
    }
    short_receive::<T>(list);
    isolated::<T>(list);
}

/// Partners exchange with `send` and `receive`: even ranks send first, odd
/// ranks receive first, a rank without partner sends to itself.
fn pair<T: TestReal>(list: &mut Vec<Scenario>, n: usize, (act, active): (&str, Activity)) {
    let name = format!("send_receive/{}/n{n}/{act}", T::NAME);
    let seed = name.clone();
    push(
        list,
        name,
        Spec {
            init: Box::new(move |_, r| state::<T>(&seed, r, &[n, n])),
            op: Box::new(|ctx, s, _| exchange(ctx, s)),
            expect: Box::new(|ctx, init| vec![Some(init(ctx.rank)[0].clone()), Some(init(ctx.partner())[0].clone())]),
            active,
        },
    );
}

/// Sends buffer 0 to the partner and receives its buffer 0 into buffer 1.
/// A rank that is its own partner uses `send_receive` instead (a blocking
/// send to oneself may never return).
fn exchange<T: TestReal>(ctx: &Ctx, s: &mut [Vec<T>]) -> Vec<Step> {
    let p = ctx.partner();
    let (x, y) = two(s, 0, 1);
    if p == ctx.rank {
        return vec![Step::new(mpi::send_receive(&ctx.world, x, p, None, y, p, None), Some(0), Some(1))];
    }
    let send = |x: &[T]| Step::new(mpi::send(&ctx.world, p, None, x), Some(0), None);
    if ctx.rank % 2 == 0 {
        let first = send(x);
        vec![first, Step::new(mpi::receive(&ctx.world, Some(p), None, y), None, Some(1))]
    } else {
        let first = Step::new(mpi::receive(&ctx.world, Some(p), None, y), None, Some(1));
        vec![first, send(x)]
    }
}

/// `send_receive` around a ring: send buffer 0 right, receive buffer 1 from
/// the left, with and without tags.
fn ring<T: TestReal>(
    list: &mut Vec<Scenario>,
    n: usize,
    (st, rt): (Option<Tag>, Option<Tag>),
    (act, active): (&str, Activity),
) {
    let name = format!("send_receive_ring/{}/n{n}/tags{st:?}{rt:?}/{act}", T::NAME);
    let seed = name.clone();
    push(
        list,
        name,
        Spec {
            init: Box::new(move |_, r| state::<T>(&seed, r, &[n, n])),
            op: Box::new(move |ctx, s, _| {
                let (a, b) = two(s, 0, 1);
                let record = mpi::send_receive(&ctx.world, a, ctx.right(), st, b, ctx.left(), rt);
                vec![Step::new(record, Some(0), Some(1))]
            }),
            expect: Box::new(|ctx, init| vec![Some(init(ctx.rank)[0].clone()), Some(init(ctx.left())[0].clone())]),
            active,
        },
    );
}

/// Two messages with different tags to the partner, received in the other
/// order: the adjoint must match them by tag too. (Relies on MPI buffering
/// small messages, in the forward and the adjoint alike; a rank without a
/// partner leaves its state alone.)
fn tagged<T: TestReal>(list: &mut Vec<Scenario>, n: usize) {
    let name = format!("tagged/{}/n{n}", T::NAME);
    let seed = name.clone();
    push(
        list,
        name,
        Spec {
            init: Box::new(move |_, r| state::<T>(&seed, r, &[n, n, n, n])),
            op: Box::new(|ctx, s, _| {
                let p = ctx.partner();
                if p == ctx.rank {
                    return Vec::new();
                }
                let mut steps = vec![
                    Step::new(mpi::send(&ctx.world, p, Some(7), &s[0]), Some(0), None),
                    Step::new(mpi::send(&ctx.world, p, Some(9), &s[1]), Some(1), None),
                ];
                steps.push(Step::new(mpi::receive(&ctx.world, Some(p), Some(9), &mut s[3]), None, Some(3)));
                steps.push(Step::new(mpi::receive(&ctx.world, Some(p), Some(7), &mut s[2]), None, Some(2)));
                steps
            }),
            expect: Box::new(|ctx, init| {
                let (me, p) = (init(ctx.rank), init(ctx.partner()));
                let received = if ctx.partner() == ctx.rank { [&me[2], &me[3]] } else { [&p[0], &p[1]] };
                vec![Some(me[0].clone()), Some(me[1].clone()), Some(received[0].clone()), Some(received[1].clone())]
            }),
            active: all_active,
        },
    );
}

/// Every other rank sends to rank 0 (tag 0, or a tag per rank), which
/// receives from any source with any tag: the adjoint answers the actual
/// sources with the actual tags.
fn any_source<T: TestReal>(list: &mut Vec<Scenario>, n: usize, tagged: bool) {
    let name = format!("any_source/{}/n{n}/{}", T::NAME, if tagged { "tagged" } else { "untagged" });
    let seed = name.clone();
    push(
        list,
        name,
        Spec {
            init: Box::new(move |ctx, r| {
                let buffers = if r == 0 { ctx.size as usize } else { 1 };
                state::<T>(&seed, r, &vec![n; buffers])
            }),
            op: Box::new(move |ctx, s, mode| {
                let tag = tagged.then_some(20 + ctx.rank);
                let mut steps = Vec::new();
                if ctx.rank != 0 {
                    steps.push(Step::new(mpi::send(&ctx.world, 0, tag, &s[0]), Some(0), None));
                } else {
                    for k in 1..s.len() {
                        // The linearisation matches the messages as the primal did.
                        let source = match mode {
                            Mode::Primal => None,
                            Mode::Tangent(primal) => primal[k - 1].record.source(),
                        };
                        steps.push(Step::new(mpi::receive(&ctx.world, source, None, &mut s[k]), None, Some(k)));
                    }
                }
                steps
            }),
            // Which message lands in which buffer depends on arrival order.
            expect: Box::new(|ctx, init| {
                let me = init(ctx.rank);
                std::iter::once(Some(me[0].clone())).chain((1..me.len()).map(|_| None)).collect()
            }),
            active: all_active,
        },
    );
}

/// A message shorter than the receive buffer: the rest of the buffer keeps
/// its value, and its shadow passes through the adjoint.
fn short_receive<T: TestReal>(list: &mut Vec<Scenario>) {
    let name = format!("short_receive/{}", T::NAME);
    let seed = name.clone();
    push(
        list,
        name,
        Spec {
            init: Box::new(move |_, r| state::<T>(&seed, r, &[3, 5])),
            op: Box::new(|ctx, s, _| exchange(ctx, s)),
            expect: Box::new(|ctx, init| {
                let (me, p) = (init(ctx.rank), init(ctx.partner()));
                let y = p[0].iter().chain(&me[1][3..]).copied().collect();
                vec![Some(me[0].clone()), Some(y)]
            }),
            active: all_active,
        },
    );
}

/// A user message on the user's communicator, with the tag the adjoint
/// uses, posted before the adjoint runs, is still there after it: adjoint
/// messages travel on the duplicate and cannot match it.
fn isolated<T: TestReal>(list: &mut Vec<Scenario>) {
    let name = format!("adjoint_isolated/{}", T::NAME);
    let seed = name.clone();
    let run = move |ctx: &Ctx| {
        let p: Rank = ctx.partner();
        let mut s = vec![random::<T>(&mut rng(&seed, ctx.rank, 0), 4), vec![T::ZERO; 4]];
        let steps = exchange(ctx, &mut s);
        // The marker goes out as an immediate send, received only after the
        // adjoint: with a blocking send this would rely on MPI buffering it.
        let marker = [T::of(1000.0 + ctx.rank as f64)];
        let mut got = [T::ZERO];
        let mut cot = vec![vec![T::ZERO; 4], vec![T::of(1.0); 4]];
        scope(|scope| {
            let request = ctx.world.process_at_rank(p).immediate_send(scope, &marker[..]);
            for step in steps.into_iter().rev() {
                let (a, b) = two(&mut cot, 0, 1);
                let dsend = step.send.map(|_| &mut a[..]);
                let drecv = step.recv.map(|_| &mut b[..]);
                step.record.adjoint(&ctx.adj, dsend, drecv);
            }
            ctx.world.process_at_rank(p).receive_into(&mut got[..]);
            request.wait();
        });
        let mut errors = Vec::new();
        if got[0] != T::of(1000.0 + p as f64) {
            errors.push(format!("the user message from {p} reads {:?} after the adjoint", got[0]));
        }
        if cot[0] != vec![T::of(1.0); 4] || cot[1] != vec![T::ZERO; 4] {
            errors.push(format!("adjoint gave dx = {:?}, dy = {:?}", cot[0], cot[1]));
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors.join("; "))
        }
    };
    list.push(Scenario { name, run: Box::new(run) });
}
