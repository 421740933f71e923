//! Blocking point-to-point operations: send, receive, send-receive.

use mpi::point_to_point::{send_receive_into_with_tags, Destination, Source, Status};
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::{Rank, Tag};

use super::{add_into, count_of, MpiReal, Op, Record, Shadow};

/// Sends `x` to rank `dest` of `comm` (tag 0 without a tag, as rsmpi's
/// `send`). Adjoint: receive `tmp` from `dest`, `dx += tmp`.
pub fn send<C, T>(comm: &C, dest: Rank, tag: Option<Tag>, x: &[T]) -> Record
where
    C: Communicator + ?Sized,
    T: MpiReal,
{
    let tag = tag.unwrap_or_default();
    comm.process_at_rank(dest).send_with_tag(x, tag);
    Record::new::<T>(Op::Send { dest, tag, len: x.len() })
}

/// Receives into `y` from rank `source` of `comm`, or from any rank when
/// `source` is `None`; with any tag when `tag` is `None`. The record keeps
/// the actual source, tag and length. Adjoint: send `dy` to that source,
/// `dy = 0`.
pub fn receive<C, T>(comm: &C, source: Option<Rank>, tag: Option<Tag>, y: &mut [T]) -> Record
where
    C: Communicator + ?Sized,
    T: MpiReal,
{
    let status = match (source, tag) {
        (Some(s), Some(t)) => comm.process_at_rank(s).receive_into_with_tag(y, t),
        (Some(s), None) => comm.process_at_rank(s).receive_into(y),
        (None, Some(t)) => comm.any_process().receive_into_with_tag(y, t),
        (None, None) => comm.any_process().receive_into(y),
    };
    Record::new::<T>(Op::Receive {
        source: status.source_rank(),
        tag: status.tag(),
        len: y.len(),
        count: received::<T>(&status, y.len()),
    })
}

/// Sends `a` to `dest` and receives `b` from `source` in one step
/// (`MPI_Sendrecv`; send tag 0 and any receive tag without tags, as rsmpi's
/// `send_receive_into`). Adjoint: send `db` to `source`, receive `tmp` from
/// `dest`; `da += tmp`, `db = 0`.
#[allow(clippy::too_many_arguments)]
pub fn send_receive<C, T>(
    comm: &C,
    a: &[T],
    dest: Rank,
    send_tag: Option<Tag>,
    b: &mut [T],
    source: Rank,
    recv_tag: Option<Tag>,
) -> Record
where
    C: Communicator + ?Sized,
    T: MpiReal,
{
    let send_tag = send_tag.unwrap_or_default();
    let status = send_receive_into_with_tags(
        a,
        &comm.process_at_rank(dest),
        send_tag,
        b,
        &comm.process_at_rank(source),
        recv_tag.unwrap_or_else(any_tag),
    );
    Record::new::<T>(Op::SendReceive {
        dest,
        send_tag,
        send_len: a.len(),
        source: status.source_rank(),
        recv_tag: status.tag(),
        recv_len: b.len(),
        count: received::<T>(&status, b.len()),
    })
}

/// How many elements a receive into a buffer of `len` filled.
fn received<T: MpiReal>(status: &Status, len: usize) -> usize {
    count_of::<T>(status).min(len)
}

/// `MPI_ANY_TAG`, which rsmpi exposes only as an extern static.
fn any_tag() -> Tag {
    // SAFETY: `RSMPI_ANY_TAG` is defined by rsmpi's C shim as
    // `const int RSMPI_ANY_TAG = MPI_ANY_TAG;`: an initialised, immutable
    // `int`, so reading it can neither race nor see an invalid value.
    // Tested by the `send_receive` scenarios of mpi-tests without a receive
    // tag (`mpi-tests/src/p2p.rs`).
    unsafe { mpi::ffi::RSMPI_ANY_TAG }
}

pub(super) fn adjoint_send<T: MpiReal>(
    comm: &SimpleCommunicator,
    dest: Rank,
    tag: Tag,
    len: usize,
    dx: Option<&mut [T]>,
) {
    let mut tmp = vec![T::ZERO; len];
    comm.process_at_rank(dest).receive_into_with_tag(&mut tmp[..], tag);
    add_into(dx, &tmp, None, "send");
}

pub(super) fn adjoint_receive<T: MpiReal>(
    comm: &SimpleCommunicator,
    source: Rank,
    tag: Tag,
    len: usize,
    count: usize,
    dy: Option<&mut [T]>,
) {
    let mut dy = Shadow::new(dy, len, "receive");
    comm.process_at_rank(source).send_with_tag(&dy.get()[..count], tag);
    dy.zero(count);
}

/// One side of a send-receive: the peer's rank, the tag, this rank's buffer
/// length.
pub(super) struct Peer {
    pub(super) rank: Rank,
    pub(super) tag: Tag,
    pub(super) len: usize,
}

pub(super) fn adjoint_send_receive<T: MpiReal>(
    comm: &SimpleCommunicator,
    send: Peer,
    recv: Peer,
    count: usize,
    da: Option<&mut [T]>,
    db: Option<&mut [T]>,
) {
    let mut db = Shadow::new(db, recv.len, "receive");
    let mut tmp = vec![T::ZERO; send.len];
    send_receive_into_with_tags(
        &db.get()[..count],
        &comm.process_at_rank(recv.rank),
        recv.tag,
        &mut tmp[..],
        &comm.process_at_rank(send.rank),
        send.tag,
    );
    add_into(da, &tmp, None, "send");
    db.zero(count);
}
