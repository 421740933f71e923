//! Immediate (nonblocking) send and receive, and their two-step adjoints.
//!
//! The forward wrappers own their buffers: [`immediate_send`] sends a copy
//! of `x`, and [`immediate_receive`] receives into a buffer of its own that
//! [`Immediate::wait_into`] copies into the user's at the wait. So the
//! requests need no rsmpi scope, and the generated code can keep them in
//! ordinary locals (what the user wrote inside `mpi::request::scope` keeps
//! its meaning: the data moves between the call and the wait).
//!
//! The adjoint of an immediate operation must itself be nonblocking: in a
//! ring where every rank sends and receives, a reverse sweep of blocking
//! operations would deadlock once messages outgrow MPI's eager buffers. So
//! [`Record::start_adjoint`], at the position of the request's `wait` in
//! the reverse sweep, posts the adjoint operation on a buffer that the
//! returned [`Pending`] owns, and [`Pending::finish`], at the position of
//! the immediate call, waits for it and updates the shadow.
//!
//! Both hold their buffer and request in a `Flight`, which outlives the
//! function that posted it, so its request cannot borrow a local buffer as
//! rsmpi's scoped requests do: it holds the buffer by raw pointer and the
//! request with a `'static` borrow of it, and guarantees the request
//! completes before the buffer is freed.

use std::fmt;

use mpi::point_to_point::{Destination, Source, Status};
use mpi::request::{Request, StaticScope};
use mpi::topology::Communicator;
use mpi::{Rank, Tag};

use super::{add_into, AdjointComm, MpiReal, Op, Record};

/// A nonblocking operation on a buffer it owns.
struct Flight<T: MpiReal> {
    /// The buffer, from `Box::into_raw`; freed by `Drop`, after `request`
    /// has completed.
    buf: *mut [T],
    /// The posted operation, borrowing `buf` for `'static`; `None` once
    /// waited for.
    request: Option<Request<'static, [T]>>,
}

impl<T: MpiReal> Flight<T> {
    fn send<C: Communicator + ?Sized>(comm: &C, dest: Rank, tag: Tag, data: Vec<T>) -> Flight<T> {
        let buf = Box::into_raw(data.into_boxed_slice());
        // SAFETY: `buf` comes from `Box::into_raw`, so it is valid, aligned
        // and not aliased. The `'static` borrow is handed only to the
        // request stored in this `Flight`; `wait` and `Drop` wait for that
        // request (consuming it) before `buf` is read again or freed. If the
        // `Flight` is leaked, the allocation is leaked too, so the borrow
        // never dangles. Tested by the `immediate_ring` and
        // `pending_dropped` scenarios of mpi-tests.
        let source: &'static [T] = unsafe { &*buf };
        let request = comm.process_at_rank(dest).immediate_send_with_tag(StaticScope, source, tag);
        Flight { buf, request: Some(request) }
    }

    /// A receive of `len` elements; any tag when `tag` is `None`.
    fn receive<C: Communicator + ?Sized>(comm: &C, source: Rank, tag: Option<Tag>, len: usize) -> Flight<T> {
        let buf = Box::into_raw(vec![T::ZERO; len].into_boxed_slice());
        // SAFETY: as in `send`; MPI writes the buffer only until the request
        // completes, and nothing reads it before.
        let target: &'static mut [T] = unsafe { &mut *buf };
        let process = comm.process_at_rank(source);
        let request = match tag {
            Some(t) => process.immediate_receive_into_with_tag(StaticScope, target, t),
            None => process.immediate_receive_into(StaticScope, target),
        };
        Flight { buf, request: Some(request) }
    }

    /// Waits for the operation if it is still in flight.
    fn wait(&mut self) -> Option<Status> {
        self.request.take().map(|r| r.wait())
    }

    /// The buffer, once the operation has completed.
    fn data(&mut self) -> &[T] {
        self.wait();
        // SAFETY: the request that borrowed `buf` has completed and was
        // consumed, so MPI no longer touches it and this is the only
        // reference; `buf` is freed only by `Drop`, after this borrow ends.
        unsafe { &*self.buf }
    }
}

impl<T: MpiReal> Drop for Flight<T> {
    fn drop(&mut self) {
        self.wait();
        // SAFETY: `buf` came from `Box::into_raw` and is freed only here,
        // once. The request borrowing it has completed (`wait` above), so
        // neither MPI nor any reference uses it any more. Tested by the
        // `pending_dropped` scenario of mpi-tests (dropped unfinished) and
        // every finished operation.
        drop(unsafe { Box::from_raw(self.buf) });
    }
}

/// A forward immediate operation in flight: [`Immediate::wait`] for a
/// send, [`Immediate::wait_into`] for a receive. Dropping it waits.
pub struct Immediate<T: MpiReal> {
    flight: Flight<T>,
}

impl<T: MpiReal> Immediate<T> {
    /// Waits for the operation (a send's: its copy of the data may go).
    pub fn wait(mut self) -> Option<Status> {
        self.flight.wait()
    }

    /// Waits for a receive and copies what arrived into `y` (a shorter
    /// message leaves the rest of `y` as it was). Returns the status.
    ///
    /// Panics if `y` is shorter than the receive's buffer.
    pub fn wait_into(mut self, y: &mut [T]) -> Status {
        let status = self.flight.wait().expect("parad::mpi: `wait_into` on a finished operation");
        let n = status.count(T::equivalent_datatype()) as usize;
        let data = self.flight.data();
        let n = n.min(data.len());
        y[..n].copy_from_slice(&data[..n]);
        status
    }
}

impl<T: MpiReal> fmt::Debug for Immediate<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Immediate")
            .field("len", &self.flight.buf.len())
            .field("in_flight", &self.flight.request.is_some())
            .finish()
    }
}

/// Starts sending a copy of `x` to `dest` (tag 0 without a tag, as rsmpi's
/// `immediate_send`). Adjoint: [`Record::start_adjoint`] at the wait posts
/// a receive of `tmp` from `dest`; [`Pending::finish`] at this call waits
/// and adds `tmp` into `dx`.
pub fn immediate_send<C, T>(comm: &C, dest: Rank, tag: Option<Tag>, x: &[T]) -> (Immediate<T>, Record)
where
    C: Communicator + ?Sized,
    T: MpiReal,
{
    let tag = tag.unwrap_or_default();
    let flight = Flight::send(comm, dest, tag, x.to_vec());
    (Immediate { flight }, Record::new::<T>(Op::ImmediateSend { dest, tag, len: x.len() }))
}

/// Starts receiving as many elements as `y` holds from `source` (any tag
/// when `tag` is `None`); [`Immediate::wait_into`] writes them into `y`.
/// When the receive has no tag, pass the status of that wait to
/// [`Record::received`], or the adjoint assumes tag 0 (what a send without
/// a tag uses). Adjoint: [`Record::start_adjoint`] at the wait posts a send
/// of a copy of `dy` to `source`; [`Pending::finish`] at this call waits
/// and sets `dy = 0`.
pub fn immediate_receive<C, T>(comm: &C, source: Rank, tag: Option<Tag>, y: &[T]) -> (Immediate<T>, Record)
where
    C: Communicator + ?Sized,
    T: MpiReal,
{
    let len = y.len();
    let flight = Flight::receive(comm, source, tag, len);
    (Immediate { flight }, Record::new::<T>(Op::ImmediateReceive { source, tag, len, count: len }))
}

impl Record {
    /// The first half of an immediate operation's adjoint, at the position
    /// of its request's `wait` in the reverse sweep: posts the adjoint's
    /// nonblocking operation on the adjoint communicator. For an immediate
    /// send, a receive into a temporary the [`Pending`] owns (`dshadow` is
    /// not read and may be `None`); for an immediate receive, a send of a
    /// copy of `dshadow` (zeros when `None`). The shadow is taken as the
    /// generated code has it at hand, `&mut`, and only read.
    ///
    /// Panics if the record is not of an immediate operation, if `T` is not
    /// its element type, or if `dshadow`'s length differs from the buffer's.
    pub fn start_adjoint<T: MpiReal>(self, adj: &AdjointComm, dshadow: Option<&mut [T]>) -> Pending<T> {
        self.check_elem::<T>();
        let dshadow = dshadow.as_deref();
        if let Some(d) = dshadow {
            let len = match self.op {
                Op::ImmediateSend { len, .. } | Op::ImmediateReceive { len, .. } => len,
                _ => d.len(),
            };
            assert_eq!(d.len(), len, "parad::mpi: the shadow of an immediate operation's buffer has the wrong length");
        }
        match self.op {
            Op::ImmediateSend { dest, tag, len } => {
                Pending { kind: Kind::Receive, flight: Flight::receive(&adj.comm, dest, Some(tag), len) }
            }
            Op::ImmediateReceive { source, tag, len, count } => {
                let data = match dshadow {
                    Some(d) => d[..count].to_vec(),
                    None => vec![T::ZERO; count],
                };
                Pending {
                    kind: Kind::Send { len, count },
                    flight: Flight::send(&adj.comm, source, tag.unwrap_or_default(), data),
                }
            }
            op => panic!(
                "parad::mpi: `start_adjoint` is for immediate operations; this record is of {op:?}, use `adjoint`"
            ),
        }
    }
}

/// An adjoint operation posted by [`Record::start_adjoint`] and not yet
/// finished. It owns the buffer the operation reads or writes; dropping it
/// unfinished waits for the operation, so no request outlives its buffer.
pub struct Pending<T: MpiReal> {
    kind: Kind,
    flight: Flight<T>,
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
    /// The second half of an immediate operation's adjoint, at the position
    /// of the immediate call in the reverse sweep: waits for the operation
    /// `start_adjoint` posted; then for an immediate send `dshadow += tmp`,
    /// for an immediate receive `dshadow = 0`. `None` when the buffer has no
    /// shadow (the wait still happens).
    ///
    /// Panics if `dshadow`'s length differs from the buffer's.
    pub fn finish(mut self, dshadow: Option<&mut [T]>) {
        match self.kind {
            Kind::Receive => add_into(dshadow, self.flight.data(), None, "immediate send"),
            Kind::Send { len, count } => {
                self.flight.wait();
                if let Some(d) = dshadow {
                    assert_eq!(
                        d.len(),
                        len,
                        "parad::mpi: the shadow of the immediate receive buffer has the wrong length"
                    );
                    d[..count].fill(T::ZERO);
                }
            }
        }
    }
}

impl<T: MpiReal> fmt::Debug for Pending<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pending")
            .field("kind", &self.kind)
            .field("len", &self.flight.buf.len())
            .field("in_flight", &self.flight.request.is_some())
            .finish()
    }
}
