//! Immediate (nonblocking) send and receive, and their two-step adjoints.
//!
//! The forward wrappers return rsmpi's own `Request`, which the user waits
//! on as before. The adjoint of an immediate operation must itself be
//! nonblocking: in a ring where every rank sends and receives, a reverse
//! sweep of blocking operations would deadlock once messages outgrow MPI's
//! eager buffers. So [`Record::start_adjoint`], at the position of the
//! request's `wait` in the reverse sweep, posts the adjoint operation on a
//! buffer that the returned [`Pending`] owns, and [`Pending::finish`], at the
//! position of the immediate call, waits for it and updates the shadow.
//!
//! A `Pending` outlives the function that posted it, so its request cannot
//! borrow a local buffer as rsmpi's scoped requests do: it holds the
//! buffer by raw pointer and the request with a `'static` borrow of it, and
//! guarantees the request completes before the buffer is freed.

use std::fmt;

use mpi::point_to_point::{Destination, Source};
use mpi::request::{Request, Scope, StaticScope};
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::{Rank, Tag};

use super::{add_into, AdjointComm, MpiReal, Op, Record};

/// Starts sending `x` to `dest` (tag 0 without a tag, as rsmpi's
/// `immediate_send`) within `scope`. The request is the user's to wait on.
/// Adjoint: [`Record::start_adjoint`] at the wait posts a receive of `tmp`
/// from `dest`; [`Pending::finish`] at this call waits and adds `tmp` into
/// `dx`.
pub fn immediate_send<'a, C, S, T>(
    comm: &C,
    scope: S,
    dest: Rank,
    tag: Option<Tag>,
    x: &'a [T],
) -> (Request<'a, [T], S>, Record)
where
    C: Communicator + ?Sized,
    S: Scope<'a>,
    T: MpiReal,
{
    let tag = tag.unwrap_or_default();
    let request = comm
        .process_at_rank(dest)
        .immediate_send_with_tag(scope, x, tag);
    (
        request,
        Record::new::<T>(Op::ImmediateSend {
            dest,
            tag,
            len: x.len(),
        }),
    )
}

/// Starts receiving into `y` from `source` (any tag when `tag` is `None`)
/// within `scope`. The request is the user's to wait on; when the receive
/// has no tag, pass the status of that wait to [`Record::received`].
/// Adjoint: [`Record::start_adjoint`] at the wait posts a send of a copy of
/// `dy` to `source`; [`Pending::finish`] at this call waits and sets
/// `dy = 0`.
pub fn immediate_receive<'a, C, S, T>(
    comm: &C,
    scope: S,
    source: Rank,
    tag: Option<Tag>,
    y: &'a mut [T],
) -> (Request<'a, [T], S>, Record)
where
    C: Communicator + ?Sized,
    S: Scope<'a>,
    T: MpiReal,
{
    let len = y.len();
    let process = comm.process_at_rank(source);
    let request = match tag {
        Some(t) => process.immediate_receive_into_with_tag(scope, y, t),
        None => process.immediate_receive_into(scope, y),
    };
    (
        request,
        Record::new::<T>(Op::ImmediateReceive {
            source,
            tag,
            len,
            count: len,
        }),
    )
}

impl Record {
    /// The first half of an immediate operation's adjoint, at the position
    /// of its request's `wait` in the reverse sweep: posts the adjoint's
    /// nonblocking operation on the adjoint communicator. For an immediate
    /// send, a receive into a temporary the [`Pending`] owns (`dshadow` is
    /// not read and may be `None`); for an immediate receive, a send of a
    /// copy of `dshadow` (zeros when `None`).
    ///
    /// Panics if the record is not of an immediate operation, if `T` is not
    /// its element type, or if `dshadow`'s length differs from the buffer's.
    pub fn start_adjoint<T: MpiReal>(self, adj: &AdjointComm, dshadow: Option<&[T]>) -> Pending<T> {
        self.check_elem::<T>();
        if let Some(d) = dshadow {
            let len = match self.op {
                Op::ImmediateSend { len, .. } | Op::ImmediateReceive { len, .. } => len,
                _ => d.len(),
            };
            assert_eq!(
                d.len(),
                len,
                "parad::mpi: the shadow of an immediate operation's buffer has the wrong length"
            );
        }
        match self.op {
            Op::ImmediateSend { dest, tag, len } => Pending::receive(&adj.comm, dest, tag, len),
            Op::ImmediateReceive { source, tag, len, count } => {
                let data = match dshadow {
                    Some(d) => d[..count].to_vec(),
                    None => vec![T::ZERO; count],
                };
                Pending::send(&adj.comm, source, tag.unwrap_or_default(), data, len)
            }
            op => panic!("parad::mpi: `start_adjoint` is for immediate operations; this record is of {op:?}, use `adjoint`"),
        }
    }
}

/// An adjoint operation posted by [`Record::start_adjoint`] and not yet
/// finished. It owns the buffer the operation reads or writes; dropping it
/// unfinished waits for the operation, so no request outlives its buffer.
pub struct Pending<T: MpiReal> {
    kind: Kind,
    /// The buffer, from `Box::into_raw`; freed by `Drop`, after `request`
    /// has completed.
    buf: *mut [T],
    /// The posted operation, borrowing `buf` for `'static`; `None` once
    /// waited for.
    request: Option<Request<'static, [T]>>,
}

#[derive(Debug)]
enum Kind {
    /// The adjoint of an immediate send: a receive, added into the shadow.
    Receive,
    /// The adjoint of an immediate receive into a buffer of `len`, of which
    /// the first `count` elements were received: a send; those elements of
    /// the shadow are zeroed.
    Send { len: usize, count: usize },
}

impl<T: MpiReal> Pending<T> {
    fn receive(comm: &SimpleCommunicator, source: Rank, tag: Tag, len: usize) -> Pending<T> {
        let buf = Box::into_raw(vec![T::ZERO; len].into_boxed_slice());
        // SAFETY: `buf` comes from `Box::into_raw`, so it is valid, aligned
        // and not aliased. The `'static` borrow is handed only to the
        // request stored in this `Pending`; `finish` and `Drop` both wait
        // for that request (consuming it) before touching `buf` again or
        // freeing it. If the `Pending` is leaked, the allocation is leaked
        // too, so the borrow never dangles. Tested by the `immediate_ring`
        // and `pending_dropped` scenarios of mpi-tests.
        let target: &'static mut [T] = unsafe { &mut *buf };
        let request = comm
            .process_at_rank(source)
            .immediate_receive_into_with_tag(StaticScope, target, tag);
        Pending {
            kind: Kind::Receive,
            buf,
            request: Some(request),
        }
    }

    fn send(
        comm: &SimpleCommunicator,
        dest: Rank,
        tag: Tag,
        data: Vec<T>,
        len: usize,
    ) -> Pending<T> {
        let count = data.len();
        let buf = Box::into_raw(data.into_boxed_slice());
        // SAFETY: as in `receive`: the borrow lives only in the stored
        // request, which is waited for before `buf` is read or freed.
        let source: &'static [T] = unsafe { &*buf };
        let request = comm
            .process_at_rank(dest)
            .immediate_send_with_tag(StaticScope, source, tag);
        Pending {
            kind: Kind::Send { len, count },
            buf,
            request: Some(request),
        }
    }

    /// Waits for the posted operation if it is still in flight.
    fn wait(&mut self) {
        if let Some(request) = self.request.take() {
            request.wait_without_status();
        }
    }

    /// The second half of an immediate operation's adjoint, at the position
    /// of the immediate call in the reverse sweep: waits for the operation
    /// `start_adjoint` posted; then for an immediate send `dshadow += tmp`,
    /// for an immediate receive `dshadow = 0`. `None` when the buffer has no
    /// shadow (the wait still happens).
    ///
    /// Panics if `dshadow`'s length differs from the buffer's.
    pub fn finish(mut self, dshadow: Option<&mut [T]>) {
        self.wait();
        match self.kind {
            Kind::Receive => {
                // SAFETY: the request that borrowed `buf` has completed and
                // was consumed by `wait`, so MPI no longer writes to it and
                // this is the only reference; `buf` is still allocated (it
                // is freed only by `Drop`, after this borrow ends).
                let tmp: &[T] = unsafe { &*self.buf };
                add_into(dshadow, tmp, None, "immediate send");
            }
            Kind::Send { len, count } => {
                if let Some(d) = dshadow {
                    assert_eq!(d.len(), len, "parad::mpi: the shadow of the immediate receive buffer has the wrong length");
                    d[..count].fill(T::ZERO);
                }
            }
        }
    }
}

impl<T: MpiReal> Drop for Pending<T> {
    fn drop(&mut self) {
        self.wait();
        // SAFETY: `buf` came from `Box::into_raw` and is freed only here,
        // once. The request borrowing it has completed (`wait` above), so
        // neither MPI nor any reference uses it any more. Tested by the
        // `pending_dropped` scenario of mpi-tests (dropped unfinished) and
        // every finished `Pending`.
        drop(unsafe { Box::from_raw(self.buf) });
    }
}

impl<T: MpiReal> fmt::Debug for Pending<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pending")
            .field("kind", &self.kind)
            .field("len", &self.buf.len())
            .field("in_flight", &self.request.is_some())
            .finish()
    }
}
