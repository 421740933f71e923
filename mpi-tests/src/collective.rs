//! Scenarios of collective operations.

use parad::mpi::{self, ReduceOp};

use crate::harness::{
    all_active, partly_active, push, state, two, Activity, Ctx, Mode, Scenario, Spec, Step, TestReal,
};

/// The collective scenarios for one element type.
pub fn scenarios<T: TestReal>(list: &mut Vec<Scenario>) {
    let activities: [(&str, Activity); 2] = [("all", all_active), ("partial", partly_active)];
    for n in [1, 5] {
        for act in activities {
            broadcast::<T>(list, n, act);
            for op in [ReduceOp::Sum, ReduceOp::Max, ReduceOp::Min] {
                reduce::<T>(list, n, op, act);
                all_reduce::<T>(list, n, op, act);
            }
            gather::<T>(list, n, act);
            all_gather::<T>(list, n, act);
            scatter::<T>(list, n, act);
        }
    }
    all_reduce_ties::<T>(list);
    barrier::<T>(list);
}

fn name<T: TestReal>(op: &str, n: usize, act: &str) -> String {
    format!("{op}/{}/n{n}/{act}", T::NAME)
}

/// The elementwise reduction of `op` over every rank's buffer `b`.
fn reduced<T: TestReal>(ctx: &Ctx, init: &dyn Fn(i32) -> Vec<Vec<T>>, b: usize, op: ReduceOp) -> Vec<T> {
    let all: Vec<Vec<T>> = (0..ctx.size).map(|r| init(r)[b].clone()).collect();
    (0..all[0].len())
        .map(|i| {
            let column = all.iter().map(|v| v[i]);
            match op {
                ReduceOp::Sum => T::of(column.map(Into::<f64>::into).sum()),
                ReduceOp::Max => column.reduce(|a, b| if b > a { b } else { a }).unwrap(),
                ReduceOp::Min => column.reduce(|a, b| if b < a { b } else { a }).unwrap(),
            }
        })
        .collect()
}

/// Every rank's buffer `b`, concatenated in rank order.
fn concatenated<T: TestReal>(ctx: &Ctx, init: &dyn Fn(i32) -> Vec<Vec<T>>, b: usize) -> Vec<T> {
    (0..ctx.size).flat_map(|r| init(r)[b].clone()).collect()
}

/// Broadcast from the highest even rank (rank 2 of 4).
fn broadcast<T: TestReal>(list: &mut Vec<Scenario>, n: usize, (act, active): (&str, Activity)) {
    let name = name::<T>("broadcast", n, act);
    let seed = name.clone();
    push(
        list,
        name,
        Spec {
            init: Box::new(move |_, r| state::<T>(&seed, r, &[n])),
            op: Box::new(|ctx, s, _| {
                vec![Step::new(mpi::broadcast(&ctx.world, (ctx.size - 1) & !1, &mut s[0]), None, Some(0))]
            }),
            expect: Box::new(|ctx, init| vec![Some(init((ctx.size - 1) & !1)[0].clone())]),
            active,
        },
    );
}

/// The tangent of a max/min reduction: the sum of the masked tangents.
fn masked<T: TestReal>(s: &[T], primal: &Step) -> Vec<T> {
    let mask = primal.record.mask().expect("a max/min record has a mask");
    s.iter().zip(mask).map(|(&v, &m)| if m { v } else { T::ZERO }).collect()
}

/// Reduce to the middle rank: state `[s, r]` on the root, `[s]` elsewhere.
fn reduce<T: TestReal>(list: &mut Vec<Scenario>, n: usize, op: ReduceOp, (act, active): (&str, Activity)) {
    let name = name::<T>(&format!("reduce_{op:?}"), n, act);
    let seed = name.clone();
    let root = |ctx: &Ctx| ctx.size / 2;
    push(
        list,
        name,
        Spec {
            init: Box::new(move |ctx, r| state::<T>(&seed, r, &if r == root(ctx) { vec![n, n] } else { vec![n] })),
            op: Box::new(move |ctx, s, mode| {
                let (root, is_root) = (root(ctx), ctx.rank == root(ctx));
                let (send, r) = match s {
                    [send, r] => (send, Some(&mut r[..])),
                    [send] => (send, None),
                    _ => unreachable!(),
                };
                let record = match mode {
                    Mode::Primal => mpi::reduce(&ctx.world, root, op, send, r),
                    Mode::Tangent(primal) if op != ReduceOp::Sum => {
                        mpi::reduce(&ctx.world, root, ReduceOp::Sum, &masked(send, &primal[0]), r)
                    }
                    Mode::Tangent(_) => mpi::reduce(&ctx.world, root, op, send, r),
                };
                vec![Step::new(record, Some(0), is_root.then_some(1))]
            }),
            expect: Box::new(move |ctx, init| {
                let mine = Some(init(ctx.rank)[0].clone());
                if ctx.rank == root(ctx) {
                    vec![mine, Some(reduced(ctx, init, 0, op))]
                } else {
                    vec![mine]
                }
            }),
            active,
        },
    );
}

/// All-reduce: state `[s, r]`.
fn all_reduce<T: TestReal>(list: &mut Vec<Scenario>, n: usize, op: ReduceOp, (act, active): (&str, Activity)) {
    let name = name::<T>(&format!("all_reduce_{op:?}"), n, act);
    let seed = name.clone();
    push(
        list,
        name,
        Spec {
            init: Box::new(move |_, r| state::<T>(&seed, r, &[n, n])),
            op: Box::new(move |ctx, s, mode| all_reduce_op(ctx, s, mode, op)),
            expect: Box::new(move |ctx, init| vec![Some(init(ctx.rank)[0].clone()), Some(reduced(ctx, init, 0, op))]),
            active,
        },
    );
}

fn all_reduce_op<T: TestReal>(ctx: &Ctx, s: &mut [Vec<T>], mode: Mode, op: ReduceOp) -> Vec<Step> {
    let (send, r) = two(s, 0, 1);
    let record = match mode {
        Mode::Tangent(primal) if op != ReduceOp::Sum => {
            mpi::all_reduce(&ctx.world, ReduceOp::Sum, &masked(send, &primal[0]), r)
        }
        _ => mpi::all_reduce(&ctx.world, op, send, r),
    };
    vec![Step::new(record, Some(0), Some(1))]
}

/// The maximum of a value replicated on every rank: exactly one rank (the
/// lowest) supplies each element, so the derivative is counted once.
fn all_reduce_ties<T: TestReal>(list: &mut Vec<Scenario>) {
    let name = format!("all_reduce_Max_ties/{}", T::NAME);
    let seed = name.clone();
    push(
        list,
        name,
        Spec {
            // The same values on every rank.
            init: Box::new(move |_, _| state::<T>(&seed, 0, &[3, 3])),
            op: Box::new(move |ctx, s, mode| {
                let steps = all_reduce_op(ctx, s, mode, ReduceOp::Max);
                if let Mode::Primal = mode {
                    let mask = steps[0].record.mask().unwrap();
                    let mine: Vec<f64> = mask.iter().map(|&m| if m { 1.0 } else { 0.0 }).collect();
                    let owners = ctx.sum(&mine);
                    assert!(
                        owners.iter().all(|&o| o == 1.0),
                        "a replicated maximum has owners {owners:?}, not one each"
                    );
                    assert_eq!(
                        mask.iter().all(|&m| m),
                        ctx.rank == 0,
                        "rank {} should own the tie iff it is rank 0",
                        ctx.rank
                    );
                }
                steps
            }),
            expect: Box::new(|ctx, init| {
                let me = init(ctx.rank);
                vec![Some(me[0].clone()), Some(me[0].clone())]
            }),
            active: all_active,
        },
    );
}

/// Gather to the last rank: state `[s, r]` on the root, `[s]` elsewhere.
fn gather<T: TestReal>(list: &mut Vec<Scenario>, n: usize, (act, active): (&str, Activity)) {
    let name = name::<T>("gather", n, act);
    let seed = name.clone();
    push(
        list,
        name,
        Spec {
            init: Box::new(move |ctx, r| {
                state::<T>(&seed, r, &if r == ctx.size - 1 { vec![n, n * ctx.size as usize] } else { vec![n] })
            }),
            op: Box::new(|ctx, s, _| match s {
                [send, r] => vec![Step::new(mpi::gather(&ctx.world, ctx.size - 1, send, Some(r)), Some(0), Some(1))],
                [send] => vec![Step::new(mpi::gather(&ctx.world, ctx.size - 1, send, None), Some(0), None)],
                _ => unreachable!(),
            }),
            expect: Box::new(|ctx, init| {
                let mine = Some(init(ctx.rank)[0].clone());
                if ctx.rank == ctx.size - 1 {
                    vec![mine, Some(concatenated(ctx, init, 0))]
                } else {
                    vec![mine]
                }
            }),
            active,
        },
    );
}

/// All-gather: state `[s, r]`.
fn all_gather<T: TestReal>(list: &mut Vec<Scenario>, n: usize, (act, active): (&str, Activity)) {
    let name = name::<T>("all_gather", n, act);
    let seed = name.clone();
    push(
        list,
        name,
        Spec {
            init: Box::new(move |ctx, r| state::<T>(&seed, r, &[n, n * ctx.size as usize])),
            op: Box::new(|ctx, s, _| {
                let (send, r) = two(s, 0, 1);
                vec![Step::new(mpi::all_gather(&ctx.world, send, r), Some(0), Some(1))]
            }),
            expect: Box::new(|ctx, init| vec![Some(init(ctx.rank)[0].clone()), Some(concatenated(ctx, init, 0))]),
            active,
        },
    );
}

/// Scatter from the last rank: state `[r, s]` on the root, `[r]` elsewhere.
fn scatter<T: TestReal>(list: &mut Vec<Scenario>, n: usize, (act, active): (&str, Activity)) {
    let name = name::<T>("scatter", n, act);
    let seed = name.clone();
    push(
        list,
        name,
        Spec {
            init: Box::new(move |ctx, r| {
                state::<T>(&seed, r, &if r == ctx.size - 1 { vec![n, n * ctx.size as usize] } else { vec![n] })
            }),
            op: Box::new(|ctx, s, _| {
                let root = ctx.size - 1;
                match s {
                    [r, send] => vec![Step::new(mpi::scatter(&ctx.world, root, Some(&send[..]), r), Some(1), Some(0))],
                    [r] => vec![Step::new(mpi::scatter(&ctx.world, root, None, r), None, Some(0))],
                    _ => unreachable!(),
                }
            }),
            expect: Box::new(|ctx, init| {
                let root = init(ctx.size - 1);
                let n = root[0].len();
                let part = root[1][ctx.rank as usize * n..][..n].to_vec();
                if ctx.rank == ctx.size - 1 {
                    vec![Some(part), Some(root[1].clone())]
                } else {
                    vec![Some(part)]
                }
            }),
            active,
        },
    );
}

/// A barrier between two all-reduces (its adjoint is a barrier).
fn barrier<T: TestReal>(list: &mut Vec<Scenario>) {
    let name = format!("barrier/{}", T::NAME);
    let seed = name.clone();
    push(
        list,
        name,
        Spec {
            init: Box::new(move |_, r| state::<T>(&seed, r, &[2, 2, 2])),
            op: Box::new(|ctx, s, _| {
                let (a, b) = two(s, 0, 1);
                let mut steps = vec![Step::new(mpi::all_reduce(&ctx.world, ReduceOp::Sum, a, b), Some(0), Some(1))];
                steps.push(Step::new(mpi::barrier(&ctx.world), None, None));
                let (b, c) = two(s, 1, 2);
                steps.push(Step::new(mpi::all_reduce(&ctx.world, ReduceOp::Sum, b, c), Some(1), Some(2)));
                steps
            }),
            expect: Box::new(|_, _| vec![None, None, None]),
            active: all_active,
        },
    );
}
