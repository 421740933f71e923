//! Forward mode: the tangent of a recorded operation. Every operation but
//! max and min is linear, so its tangent is the same operation applied to
//! the tangents; max and min pass on the tangent of the element that won
//! (the rank the record's mask names). Tangent messages travel on the
//! duplicated communicator, right after the operation, so they keep the
//! operations' order and never match the user's messages.

use std::borrow::Cow;

use mpi::collective::SystemOperation;
use mpi::point_to_point::{send_receive_into_with_tags, Destination, Source};
use mpi::topology::Communicator;
use mpi::traits::{CommunicatorCollectives, Root};

use super::{AdjointComm, MpiReal, Op, Record, Shadow};

/// The tangent of a send buffer: given, or zeros of the recorded length.
fn given_or_zero<T: MpiReal>(t: Option<&[T]>, len: usize) -> Cow<'_, [T]> {
    match t {
        Some(t) => {
            assert_eq!(t.len(), len, "parad::mpi: the tangent of the send buffer has the wrong length");
            Cow::Borrowed(t)
        }
        None => Cow::Owned(vec![T::ZERO; len]),
    }
}

/// The tangents an extremum passes on: this rank's where it won, else zero.
fn masked<'a, T: MpiReal>(t: Option<&'a [T]>, len: usize, mask: Option<&[bool]>) -> Cow<'a, [T]> {
    let t = given_or_zero(t, len);
    match mask {
        None => t,
        Some(mask) => Cow::Owned(t.iter().zip(mask).map(|(&v, &won)| if won { v } else { T::ZERO }).collect()),
    }
}

impl Record {
    /// Forward mode, right after the recorded operation: the operation's
    /// tangent, from `tsend` (the send buffer's tangent) into `trecv` (the
    /// receive buffer's; for a broadcast, its one buffer), on the adjoint
    /// communicator. `None` where a buffer has no tangent on this rank:
    /// zeros are sent, or what arrives is dropped. Every rank must call it
    /// for every operation, in the forward order.
    ///
    /// Panics if `T` is not the operation's element type, if a tangent's
    /// length differs from its buffer's, or for an immediate operation
    /// (whose tangent is the same immediate operation on the tangents).
    pub fn tangent<T: MpiReal>(&self, adj: &AdjointComm, tsend: Option<&[T]>, trecv: Option<&mut [T]>) {
        self.check_elem::<T>();
        let comm = &adj.comm;
        let sum = SystemOperation::sum();
        match &self.op {
            Op::Send { dest, tag, len } => {
                comm.process_at_rank(*dest).send_with_tag(&*given_or_zero(tsend, *len), *tag);
            }
            Op::Receive { source, tag, len, count } => {
                let mut r = Shadow::new(trecv, *len, "receive");
                comm.process_at_rank(*source).receive_into_with_tag(&mut r.get_mut()[..*count], *tag);
            }
            Op::SendReceive { dest, send_tag, send_len, source, recv_tag, recv_len, count } => {
                let s = given_or_zero(tsend, *send_len);
                let mut r = Shadow::new(trecv, *recv_len, "receive");
                send_receive_into_with_tags(
                    &*s,
                    &comm.process_at_rank(*dest),
                    *send_tag,
                    &mut r.get_mut()[..*count],
                    &comm.process_at_rank(*source),
                    *recv_tag,
                );
            }
            Op::Broadcast { root, len, .. } => {
                let mut r = Shadow::new(trecv, *len, "broadcast");
                comm.process_at_rank(*root).broadcast_into(r.get_mut());
            }
            Op::Reduce { root, is_root, len, mask } => {
                let s = masked(tsend, *len, mask.as_deref());
                let root = comm.process_at_rank(*root);
                if *is_root {
                    let mut r = Shadow::new(trecv, *len, "reduce");
                    root.reduce_into_root(&*s, r.get_mut(), sum);
                } else {
                    root.reduce_into(&*s, sum);
                }
            }
            Op::AllReduce { len, mask } => {
                let s = masked(tsend, *len, mask.as_deref());
                let mut r = Shadow::new(trecv, *len, "all-reduce");
                comm.all_reduce_into(&*s, r.get_mut(), sum);
            }
            Op::Gather { root, is_root, len, size } => {
                let s = given_or_zero(tsend, *len);
                let root = comm.process_at_rank(*root);
                if *is_root {
                    let mut r = Shadow::new(trecv, len * size, "gather");
                    root.gather_into_root(&*s, r.get_mut());
                } else {
                    root.gather_into(&*s);
                }
            }
            Op::AllGather { len, size } => {
                let s = given_or_zero(tsend, *len);
                let mut r = Shadow::new(trecv, len * size, "all-gather");
                comm.all_gather_into(&*s, r.get_mut());
            }
            Op::Scatter { root, is_root, len, size } => {
                let mut r = Shadow::new(trecv, *len, "scatter");
                let root = comm.process_at_rank(*root);
                if *is_root {
                    root.scatter_into_root(&*given_or_zero(tsend, len * size), r.get_mut());
                } else {
                    root.scatter_into(r.get_mut());
                }
            }
            Op::Barrier => {}
            Op::ImmediateSend { .. } | Op::ImmediateReceive { .. } => {
                panic!(
                    "parad::mpi: the tangent of an immediate operation is the same immediate operation on the tangents"
                )
            }
        }
    }
}

/// This process's rank in `comm` (rsmpi's `comm.rank()`, for generated code).
pub fn rank<C: Communicator + ?Sized>(comm: &C) -> mpi::Rank {
    comm.rank()
}

/// The number of processes in `comm` (rsmpi's `comm.size()`, for generated code).
pub fn size<C: Communicator + ?Sized>(comm: &C) -> mpi::Rank {
    comm.size()
}
