//! Scenarios of immediate (nonblocking) operations and of `Pending`.

use parad::mpi::rsmpi::traits::*;
use parad::mpi::{self, Record, Tag};

use crate::harness::{dot_check, random, rng, Ctx, Scenario, TestReal};

/// Elements per message in the large rings: 1 MiB of `f64`, far past
/// MPI's eager limit, so a send completes only once its receive is posted
/// and blocking adjoints in reverse order would deadlock.
const LARGE: usize = 1 << 17;

/// The immediate-operation scenarios for one element type.
pub fn scenarios<T: TestReal>(list: &mut Vec<Scenario>) {
    for (n, tags) in [(1, (None, None)), (5, (Some(11), Some(11))), (LARGE, (Some(12), None)), (LARGE, (None, None))] {
        for partial in [false, true] {
            let name = format!(
                "immediate_ring/{}/n{n}/tags{:?}{:?}/{}",
                T::NAME,
                tags.0,
                tags.1,
                if partial { "partial" } else { "all" }
            );
            let seed = name.clone();
            list.push(Scenario { name, run: Box::new(move |ctx| ring::<T>(ctx, &seed, n, tags, partial)) });
        }
    }
    let name = format!("pending_dropped/{}", T::NAME);
    let seed = name.clone();
    list.push(Scenario { name, run: Box::new(move |ctx| dropped::<T>(ctx, &seed)) });
}

/// Every rank starts sending `x` to the right and receiving `y` from the
/// left, then waits for the receive and the send. Returns the records of
/// the send and the receive.
fn forward<T: TestReal>(
    ctx: &Ctx,
    x: &[T],
    y: &mut [T],
    (send_tag, recv_tag): (Option<Tag>, Option<Tag>),
) -> (Record, Record) {
    let (send, send_record) = mpi::immediate_send(&ctx.world, ctx.right(), send_tag, x);
    let (receive, mut receive_record) = mpi::immediate_receive(&ctx.world, ctx.left(), recv_tag, y);
    let status = receive.wait_into(y);
    receive_record.received(&status);
    send.wait();
    (send_record, receive_record)
}

/// The dot-product test of the ring: state `[x, y]`; with `partial`, `x`
/// has no shadow on even ranks and `y` none on odd ones.
fn ring<T: TestReal>(
    ctx: &Ctx,
    name: &str,
    n: usize,
    tags: (Option<Tag>, Option<Tag>),
    partial: bool,
) -> Result<(), String> {
    let active = if partial { [ctx.rank % 2 == 1, ctx.rank % 2 == 0] } else { [true, true] };
    let mut rng = rng(name, ctx.rank, 0);
    let x = random::<T>(&mut rng, n);
    let mut y = vec![T::ZERO; n];
    let (send_record, receive_record) = forward(ctx, &x, &mut y, tags);
    let mut errors = String::new();
    let left = random::<T>(&mut crate::harness::rng(name, ctx.left(), 0), n);
    if y != left {
        errors.push_str("primal: y is not the left neighbour's x\n");
    }

    let fill = |rng: &mut rand::rngs::SmallRng, b: usize| {
        if active[b] {
            random::<T>(rng, n)
        } else {
            vec![T::ZERO; n]
        }
    };
    let tan_in = vec![fill(&mut rng, 0), fill(&mut rng, 1)];
    let mut tan_out = tan_in.clone();
    {
        let (x, y) = tan_out.split_at_mut(1);
        forward(ctx, &x[0], &mut y[0], tags);
    }
    let cot_out = vec![fill(&mut rng, 0), fill(&mut rng, 1)];
    let mut cot_in = cot_out.clone();
    {
        let (dx, dy) = cot_in.split_at_mut(1);
        let (dx, dy) = (&mut dx[0], &mut dy[0]);
        // Reverse order of the forward: the send's wait, the receive's wait,
        // the receive, the send.
        let send_pending = send_record.start_adjoint::<T>(&ctx.adj, active[0].then_some(&mut dx[..]));
        let receive_pending = receive_record.start_adjoint::<T>(&ctx.adj, active[1].then_some(&mut dy[..]));
        receive_pending.finish(active[1].then_some(&mut dy[..]));
        send_pending.finish(active[0].then_some(&mut dx[..]));
    }
    if let Err(e) = dot_check(ctx, &active, (&tan_in, &tan_out), (&cot_out, &cot_in), partial && ctx.size == 1) {
        errors.push_str(&e);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Both adjoint operations are started and then dropped without `finish`:
/// dropping waits for them (no request outlives its buffer, no crash), and
/// the shadows are left alone.
fn dropped<T: TestReal>(ctx: &Ctx, name: &str) -> Result<(), String> {
    let n = LARGE;
    let x = random::<T>(&mut rng(name, ctx.rank, 0), n);
    let mut y = vec![T::ZERO; n];
    let (send_record, receive_record) = forward(ctx, &x, &mut y, (None, None));
    let (mut dx, mut dy) = (vec![T::of(1.0); n], vec![T::of(2.0); n]);
    let send_pending = send_record.start_adjoint::<T>(&ctx.adj, Some(&mut dx));
    let receive_pending = receive_record.start_adjoint::<T>(&ctx.adj, Some(&mut dy));
    let debug = format!("{receive_pending:?}");
    drop(receive_pending);
    drop(send_pending);
    ctx.world.barrier();
    let mut errors = Vec::new();
    if dx.iter().any(|&v| v != T::of(1.0)) || dy.iter().any(|&v| v != T::of(2.0)) {
        errors.push("dropping a Pending changed a shadow".to_string());
    }
    if !debug.contains("in_flight: true") {
        errors.push(format!("a started Pending reads {debug}"));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("; "))
    }
}
