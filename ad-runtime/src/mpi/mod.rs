//! MPI adjoints: rsmpi's operations with a record of what the reverse sweep
//! needs, and the adjoint of each recorded operation.
//!
//! Each forward wrapper ([`send`], [`receive`], [`all_reduce`], ...) performs
//! exactly the user's operation on the user's communicator and returns a
//! [`Record`]: the kind of operation, its peers, tags and lengths, the actual
//! source and tag of a receive, and for `max`/`min` reductions which
//! elements this rank supplied. In the reverse sweep, [`Record::adjoint`]
//! runs the operation's adjoint on an [`AdjointComm`], a duplicate of the
//! user's communicator (`MPI_Comm_dup`), so adjoint messages never match the
//! user's own messages. The immediate operations are reversed in two steps:
//! [`Record::start_adjoint`] at the position of the request's `wait` posts
//! the adjoint's nonblocking operation, and [`Pending::finish`] at the
//! position of the immediate call completes it.
//!
//! | primal | adjoint |
//! |---|---|
//! | send x to d | receive tmp from d; x̄ += tmp |
//! | receive y from s | send ȳ to s (the actual source); ȳ = 0 |
//! | send_receive: send a to d, receive b from s | send b̄ to s, receive tmp from d; ā += tmp; b̄ = 0 |
//! | broadcast x from root | reduce-sum of x̄ to root; the root keeps the sum, the others x̄ = 0 |
//! | reduce-sum s into r at root | broadcast r̄ from root; root r̄ = 0; s̄ += it |
//! | all-reduce sum | all-reduce sum of r̄ into tmp; r̄ = 0; s̄ += tmp |
//! | reduce or all-reduce max/min | as sum, but s̄ += only where this rank supplied the result |
//! | gather s to root | scatter r̄ from root; root r̄ = 0; s̄ += its part |
//! | scatter s from root | gather r̄ to root; root s̄ += it; r̄ = 0 |
//! | all-gather | reduce-scatter-sum of r̄; s̄ += it; r̄ = 0 |
//! | barrier | barrier |
//! | immediate send x | at the wait: post a receive of tmp; at the send: wait, x̄ += tmp |
//! | immediate receive y | at the wait: post a send of a copy of ȳ; at the receive: wait, ȳ = 0 |
//!
//! Adjoint messages reuse the forward's tags (the adjoint communicator is a
//! duplicate, so they cannot collide with the user's). Every rank posts its
//! adjoint operations in the reverse order of its forward operations, so a
//! program whose forward sweep cannot deadlock has a reverse sweep that
//! cannot deadlock either.
//!
//! # Calling a derivative with MPI inside
//!
//! A differentiated function that communicates must be called by every rank
//! of its communicator, and so must its derivative: the derivative runs the
//! forward operations, which are collective or matched by other ranks, and
//! [`AdjointComm::new`] is itself collective.
//!
//! Seeding follows the SPMD view: every rank calls the derivative with its
//! own seeds. A value replicated on all ranks (the result of an all-reduce,
//! say) is one quantity whose seeds are *summed* over the ranks; that is
//! what the adjoints above compute. To differentiate a replicated loss once,
//! seed `1.0` on one rank and `0.0` on the others, or `1/P` on each of the
//! `P` ranks. A rank-local output is seeded on its own rank.
//!
//! # Conventions of the wrappers
//!
//! - `tag: None` means what the rsmpi call without `_with_tag` does: a send
//!   uses tag 0 (rsmpi's default), a receive accepts any tag (the actual tag
//!   is recorded from the status).
//! - A reduce with `max` or `min` runs as an all-reduce on the user's
//!   communicator (every rank needs the result to know whether it supplied
//!   it), followed by an integer all-reduce that breaks ties: where several
//!   ranks hold the extreme value, the lowest such rank receives the
//!   derivative, so a replicated maximum is differentiated once.
//! - A receive shorter than its buffer leaves the rest of the buffer as it
//!   was; the adjoint sends and zeroes only the received part.
//! - An immediate receive without a tag learns the actual tag only from the
//!   status of its `wait`: pass that status to [`Record::received`], or the
//!   adjoint assumes tag 0 and a full buffer.
//!
//! # Example
//!
//! Rank 0 sends `x` to rank 1, which receives it into `y`; the reverse
//! sweep sends `ȳ` back and adds it into `x̄`.
//!
//! ```no_run
//! # use parad_runtime as parad;
//! use parad::mpi::{self, rsmpi::traits::*, AdjointComm};
//!
//! let universe = mpi::rsmpi::initialize().unwrap();
//! let world = universe.world();
//! let adj = AdjointComm::new(&world);
//! let (x, mut dx) = ([1.0, 2.0], [0.0, 0.0]);
//! let (mut y, mut dy) = ([0.0; 2], [1.0, 1.0]);
//! if world.rank() == 0 {
//!     let record = mpi::send(&world, 1, None, &x);
//!     // ... the rest of the forward sweep, then in the reverse sweep:
//!     record.adjoint::<f64>(&adj, Some(&mut dx), None); // dx += dy of rank 1
//! } else if world.rank() == 1 {
//!     let record = mpi::receive(&world, Some(0), None, &mut y);
//!     record.adjoint::<f64>(&adj, None, Some(&mut dy)); // sends dy, then dy = 0
//! }
//! ```

mod collective;
mod immediate;
mod p2p;
mod tangent;
#[cfg(test)]
mod tests;

use std::fmt;
use std::ops::{Add, AddAssign};

use mpi::collective::SystemOperation;
use mpi::datatype::Equivalence;
use mpi::point_to_point::Status;
use mpi::topology::{Communicator, SimpleCommunicator};

/// The rsmpi crate that these wrappers are written against (version 0.8).
pub use mpi as rsmpi;
pub use mpi::{Rank, Tag};

pub use collective::{all_gather, all_reduce, barrier, broadcast, gather, reduce, scatter};
pub use immediate::{immediate_receive, immediate_send, Immediate, Pending};
pub use p2p::{receive, send, send_receive};
pub use tangent::{rank, size};

/// An element type that MPI adjoints move and add: `f64` and `f32`.
pub trait MpiReal: Copy + Equivalence + Add<Output = Self> + AddAssign + PartialEq + fmt::Debug + 'static {
    /// The additive identity.
    const ZERO: Self;
}

impl MpiReal for f64 {
    const ZERO: Self = 0.0;
}

impl MpiReal for f32 {
    const ZERO: Self = 0.0;
}

/// The duplicate of the user's communicator that adjoint messages travel on
/// (`MPI_Comm_dup`).
///
/// Creating it is collective: every rank of the user's communicator must
/// call [`AdjointComm::new`], in the same order relative to other
/// collectives. It is freed (`MPI_Comm_free`) when dropped, which must
/// happen before MPI is finalized (before rsmpi's `Universe` is dropped).
pub struct AdjointComm {
    comm: SimpleCommunicator,
}

impl AdjointComm {
    /// Duplicates `user`. Collective over `user`.
    pub fn new<C: Communicator + ?Sized>(user: &C) -> AdjointComm {
        AdjointComm { comm: user.duplicate() }
    }

    /// The duplicated communicator itself.
    pub fn communicator(&self) -> &SimpleCommunicator {
        &self.comm
    }
}

impl fmt::Debug for AdjointComm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AdjointComm").field("rank", &self.comm.rank()).field("size", &self.comm.size()).finish()
    }
}

/// The reduction of a `reduce` or `all_reduce`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReduceOp {
    /// Elementwise sum.
    Sum,
    /// Elementwise maximum.
    Max,
    /// Elementwise minimum.
    Min,
}

impl ReduceOp {
    fn system(self) -> SystemOperation {
        match self {
            ReduceOp::Sum => SystemOperation::sum(),
            ReduceOp::Max => SystemOperation::max(),
            ReduceOp::Min => SystemOperation::min(),
        }
    }
}

/// What the reverse sweep needs of one MPI operation: its kind, peers, tags
/// and lengths, the actual source and tag of a receive, and for `max`/`min`
/// reductions which elements this rank supplied.
///
/// Returned by the forward wrappers; consumed by [`Record::adjoint`] (or
/// [`Record::start_adjoint`] for immediate operations). It holds no buffer
/// and no communicator, so it can be kept on a tape.
pub struct Record {
    op: Op,
    /// `std::any::type_name` of the element type, checked by the adjoint.
    elem: &'static str,
    /// The number of elements a status says were received, for the element
    /// type of the forward operation.
    count: fn(&Status) -> usize,
}

/// The recorded operation. Lengths are in elements; `len` is the length of
/// this rank's buffer, `count` how much of it a receive filled.
#[derive(Debug)]
enum Op {
    Send {
        dest: Rank,
        tag: Tag,
        len: usize,
    },
    Receive {
        source: Rank,
        tag: Tag,
        len: usize,
        count: usize,
    },
    SendReceive {
        dest: Rank,
        send_tag: Tag,
        send_len: usize,
        source: Rank,
        recv_tag: Tag,
        recv_len: usize,
        count: usize,
    },
    Broadcast {
        root: Rank,
        is_root: bool,
        len: usize,
    },
    /// `mask` is `Some` for max and min, `None` for sum.
    Reduce {
        root: Rank,
        is_root: bool,
        len: usize,
        mask: Option<Vec<bool>>,
    },
    AllReduce {
        len: usize,
        mask: Option<Vec<bool>>,
    },
    /// `len` is each rank's part; `size` the number of ranks.
    Gather {
        root: Rank,
        is_root: bool,
        len: usize,
        size: usize,
    },
    AllGather {
        len: usize,
        size: usize,
    },
    Scatter {
        root: Rank,
        is_root: bool,
        len: usize,
        size: usize,
    },
    Barrier,
    ImmediateSend {
        dest: Rank,
        tag: Tag,
        len: usize,
    },
    /// `tag` is the forward's (None: any) until [`Record::received`] gives
    /// the actual one.
    ImmediateReceive {
        source: Rank,
        tag: Option<Tag>,
        len: usize,
        count: usize,
    },
}

impl fmt::Debug for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Record").field("op", &self.op).field("elem", &self.elem).finish()
    }
}

impl Record {
    fn new<T: MpiReal>(op: Op) -> Record {
        Record { op, elem: std::any::type_name::<T>(), count: count_of::<T> }
    }

    /// For a `max`/`min` reduction, which elements of this rank's send
    /// buffer supplied the result (these receive the derivative); `None`
    /// for other operations.
    pub fn mask(&self) -> Option<&[bool]> {
        match &self.op {
            Op::Reduce { mask, .. } | Op::AllReduce { mask, .. } => mask.as_deref(),
            _ => None,
        }
    }

    /// For a receive (also of a send-receive or an immediate receive), the
    /// rank the message came from: the actual source of an any-source
    /// receive. `None` for other operations.
    pub fn source(&self) -> Option<Rank> {
        match self.op {
            Op::Receive { source, .. } | Op::SendReceive { source, .. } | Op::ImmediateReceive { source, .. } => {
                Some(source)
            }
            _ => None,
        }
    }

    /// Records the status that the `wait` of an immediate receive returned:
    /// the actual tag and length of the message. Needed only when the
    /// receive had no tag or the message may be shorter than the buffer;
    /// ignored for other operations.
    pub fn received(&mut self, status: &Status) {
        let n = (self.count)(status);
        if let Op::ImmediateReceive { tag, count, len, .. } = &mut self.op {
            *tag = Some(status.tag());
            *count = n.min(*len);
        }
    }

    /// The adjoint of the recorded operation, on the adjoint communicator
    /// (see the table in the module documentation).
    ///
    /// `dsend` is the shadow of the send buffer, `drecv` the shadow of the
    /// receive buffer (for broadcast, the one buffer is `drecv`). `None`
    /// where that buffer has no shadow on this rank, or does not exist on
    /// this rank (like `r` off the root): a zeroed scratch buffer of the
    /// recorded length stands in, so the messages still match the other
    /// ranks'. Every rank must call the adjoints of its records in the
    /// reverse order of the forward operations.
    ///
    /// Panics if `T` is not the forward's element type, if a shadow's length
    /// differs from its buffer's, if a shadow is given for a buffer that the
    /// operation does not have on this rank, or for an immediate operation
    /// (whose adjoint is [`Record::start_adjoint`]).
    pub fn adjoint<T: MpiReal>(self, adj: &AdjointComm, dsend: Option<&mut [T]>, drecv: Option<&mut [T]>) {
        self.check_elem::<T>();
        let comm = &adj.comm;
        match self.op {
            Op::Send { dest, tag, len } => {
                absent(&drecv, "send", "receive");
                p2p::adjoint_send(comm, dest, tag, len, dsend);
            }
            Op::Receive { source, tag, len, count } => {
                absent(&dsend, "receive", "send");
                p2p::adjoint_receive(comm, source, tag, len, count, drecv);
            }
            Op::SendReceive { dest, send_tag, send_len, source, recv_tag, recv_len, count } => {
                let send = p2p::Peer { rank: dest, tag: send_tag, len: send_len };
                let recv = p2p::Peer { rank: source, tag: recv_tag, len: recv_len };
                p2p::adjoint_send_receive(comm, send, recv, count, dsend, drecv);
            }
            Op::Broadcast { root, is_root, len } => {
                absent(&dsend, "broadcast", "send (its one buffer is `drecv`)");
                collective::adjoint_broadcast(comm, root, is_root, len, drecv);
            }
            Op::Reduce { root, is_root, len, mask } => {
                if !is_root {
                    absent(&drecv, "reduce off the root", "receive");
                }
                collective::adjoint_reduce(comm, root, is_root, len, mask.as_deref(), dsend, drecv);
            }
            Op::AllReduce { len, mask } => {
                collective::adjoint_all_reduce(comm, len, mask.as_deref(), dsend, drecv);
            }
            Op::Gather { root, is_root, len, size } => {
                if !is_root {
                    absent(&drecv, "gather off the root", "receive");
                }
                collective::adjoint_gather(comm, root, is_root, len, size, dsend, drecv);
            }
            Op::AllGather { len, size } => collective::adjoint_all_gather(comm, len, size, dsend, drecv),
            Op::Scatter { root, is_root, len, size } => {
                if !is_root {
                    absent(&dsend, "scatter off the root", "send");
                }
                collective::adjoint_scatter(comm, root, is_root, len, size, dsend, drecv);
            }
            Op::Barrier => collective::adjoint_barrier(comm),
            Op::ImmediateSend { .. } | Op::ImmediateReceive { .. } => {
                panic!(
                    "parad::mpi: the adjoint of an immediate operation is `start_adjoint` then `finish`, not `adjoint`"
                )
            }
        }
    }

    fn check_elem<T: MpiReal>(&self) {
        let elem = std::any::type_name::<T>();
        assert!(
            elem == self.elem || matches!(self.op, Op::Barrier),
            "parad::mpi: the adjoint of an operation on `{}` buffers was called with `{elem}` shadows",
            self.elem
        );
    }
}

fn count_of<T: MpiReal>(status: &Status) -> usize {
    // A negative count (MPI_UNDEFINED) cannot come from a receive of `T`s
    // into a buffer of `T`s; read it as nothing received.
    usize::try_from(status.count(T::equivalent_datatype())).unwrap_or(0)
}

/// Panics when a shadow is given for a buffer the operation does not have.
fn absent<T>(shadow: &Option<&mut [T]>, op: &str, buffer: &str) {
    assert!(shadow.is_none(), "parad::mpi: a {op} has no {buffer} buffer on this rank, but a shadow was given for it");
}

/// A shadow, or where there is none a zeroed scratch buffer of the recorded
/// length, so that the adjoint's messages have the lengths the other ranks
/// expect.
struct Shadow<'a, T> {
    given: Option<&'a mut [T]>,
    scratch: Vec<T>,
}

impl<'a, T: MpiReal> Shadow<'a, T> {
    /// Panics if a given shadow's length is not `len`.
    fn new(given: Option<&'a mut [T]>, len: usize, what: &str) -> Shadow<'a, T> {
        if let Some(g) = &given {
            assert_eq!(g.len(), len, "parad::mpi: the shadow of the {what} buffer has the wrong length");
        }
        let scratch = if given.is_none() { vec![T::ZERO; len] } else { Vec::new() };
        Shadow { given, scratch }
    }

    fn get(&self) -> &[T] {
        match &self.given {
            Some(g) => g,
            None => &self.scratch,
        }
    }

    fn get_mut(&mut self) -> &mut [T] {
        match &mut self.given {
            Some(g) => g,
            None => &mut self.scratch,
        }
    }

    /// Zeroes the first `n` elements of a given shadow (scratch is not read
    /// again).
    fn zero(&mut self, n: usize) {
        if let Some(g) = &mut self.given {
            g[..n].fill(T::ZERO);
        }
    }
}

/// `dst += src` elementwise, only where `mask` is true when there is a mask.
/// Does nothing without a shadow.
fn add_into<T: MpiReal>(dst: Option<&mut [T]>, src: &[T], mask: Option<&[bool]>, what: &str) {
    let Some(dst) = dst else { return };
    assert_eq!(dst.len(), src.len(), "parad::mpi: the shadow of the {what} buffer has the wrong length");
    match mask {
        None => dst.iter_mut().zip(src).for_each(|(d, &s)| *d += s),
        Some(mask) => {
            for ((d, &s), &m) in dst.iter_mut().zip(src).zip(mask) {
                if m {
                    *d += s;
                }
            }
        }
    }
}
