//! Collective operations: broadcast, reduce, all-reduce, gather, all-gather,
//! scatter, barrier. All ranks of the communicator call each of them, in the
//! same order, in the forward sweep and (reversed) in the adjoint.

use mpi::collective::{CommunicatorCollectives, Root, SystemOperation};
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::Rank;

use super::{add_into, MpiReal, Op, Record, ReduceOp, Shadow};

/// Broadcasts `x` from `root` to every rank (on the root `x` is the input,
/// elsewhere it is overwritten). Adjoint: reduce-sum of `dx` to the root,
/// which keeps the sum; the others' `dx = 0`.
pub fn broadcast<C, T>(comm: &C, root: Rank, x: &mut [T]) -> Record
where
    C: Communicator + ?Sized,
    T: MpiReal,
{
    comm.process_at_rank(root).broadcast_into(x);
    Record::new::<T>(Op::Broadcast { root, is_root: comm.rank() == root, len: x.len() })
}

/// Reduces `s` of every rank with `op` into `r` on `root`; `r` is `Some`
/// exactly on the root, of the length of `s`. Adjoint: broadcast `dr` from
/// the root, the root's `dr = 0`, and `ds += it` (for max/min only where
/// this rank supplied the result).
///
/// With `Max` or `Min` this runs as an all-reduce, because every rank needs
/// the result to know which elements it supplied (see the module docs).
pub fn reduce<C, T>(comm: &C, root: Rank, op: ReduceOp, s: &[T], r: Option<&mut [T]>) -> Record
where
    C: Communicator + ?Sized,
    T: MpiReal,
{
    let is_root = comm.rank() == root;
    assert_eq!(r.is_some(), is_root, "parad::mpi::reduce: the receive buffer must be given exactly on the root");
    if let Some(r) = &r {
        assert_eq!(r.len(), s.len(), "parad::mpi::reduce: send and receive buffers differ in length");
    }
    let mask = match (op, r) {
        (ReduceOp::Sum, Some(r)) => {
            comm.process_at_rank(root).reduce_into_root(s, r, op.system());
            None
        }
        (ReduceOp::Sum, None) => {
            comm.process_at_rank(root).reduce_into(s, op.system());
            None
        }
        (_, r) => {
            let mut scratch;
            let r = match r {
                Some(r) => r,
                None => {
                    scratch = vec![T::ZERO; s.len()];
                    &mut scratch[..]
                }
            };
            comm.all_reduce_into(s, r, op.system());
            Some(supplied(comm, s, r))
        }
    };
    Record::new::<T>(Op::Reduce { root, is_root, len: s.len(), mask })
}

/// Reduces `s` of every rank with `op` into `r` on every rank. Adjoint:
/// all-reduce-sum of `dr` into `tmp`, `dr = 0`, `ds += tmp` (for max/min
/// only where this rank supplied the result).
pub fn all_reduce<C, T>(comm: &C, op: ReduceOp, s: &[T], r: &mut [T]) -> Record
where
    C: Communicator + ?Sized,
    T: MpiReal,
{
    assert_eq!(r.len(), s.len(), "parad::mpi::all_reduce: send and receive buffers differ in length");
    comm.all_reduce_into(s, r, op.system());
    let mask = (op != ReduceOp::Sum).then(|| supplied(comm, s, r));
    Record::new::<T>(Op::AllReduce { len: s.len(), mask })
}

/// For a max/min result `r`, the elements this rank supplied: those where
/// its `s` equals the result and no lower rank's does (an integer min-reduce
/// of the candidate ranks), so ties go to one rank.
fn supplied<C, T>(comm: &C, s: &[T], r: &[T]) -> Vec<bool>
where
    C: Communicator + ?Sized,
    T: MpiReal,
{
    let (rank, size) = (comm.rank(), comm.size());
    let candidate: Vec<Rank> = s.iter().zip(r).map(|(a, b)| if a == b { rank } else { size }).collect();
    if size == 1 {
        return candidate.iter().map(|&c| c == rank).collect();
    }
    let mut owner = vec![0 as Rank; s.len()];
    comm.all_reduce_into(&candidate[..], &mut owner[..], SystemOperation::min());
    owner.iter().map(|&o| o == rank).collect()
}

/// Gathers every rank's `s` into `r` on `root`, in rank order; `r` is
/// `Some` exactly on the root, `size` times the length of `s`. Adjoint:
/// scatter `dr` from the root, the root's `dr = 0`, `ds += its part`.
pub fn gather<C, T>(comm: &C, root: Rank, s: &[T], r: Option<&mut [T]>) -> Record
where
    C: Communicator + ?Sized,
    T: MpiReal,
{
    let (is_root, size) = (comm.rank() == root, comm.size() as usize);
    assert_eq!(r.is_some(), is_root, "parad::mpi::gather: the receive buffer must be given exactly on the root");
    match r {
        Some(r) => {
            assert_eq!(
                r.len(),
                s.len() * size,
                "parad::mpi::gather: the receive buffer must hold every rank's send buffer"
            );
            comm.process_at_rank(root).gather_into_root(s, r);
        }
        None => comm.process_at_rank(root).gather_into(s),
    }
    Record::new::<T>(Op::Gather { root, is_root, len: s.len(), size })
}

/// Gathers every rank's `s` into `r` on every rank, in rank order; `r` is
/// `size` times the length of `s`. Adjoint: reduce-scatter-sum of `dr`
/// (each rank gets the sum over ranks of its block), `ds += it`, `dr = 0`.
pub fn all_gather<C, T>(comm: &C, s: &[T], r: &mut [T]) -> Record
where
    C: Communicator + ?Sized,
    T: MpiReal,
{
    let size = comm.size() as usize;
    assert_eq!(
        r.len(),
        s.len() * size,
        "parad::mpi::all_gather: the receive buffer must hold every rank's send buffer"
    );
    comm.all_gather_into(s, r);
    Record::new::<T>(Op::AllGather { len: s.len(), size })
}

/// Scatters `s` from `root`, one block per rank in rank order, into every
/// rank's `r`; `s` is `Some` exactly on the root, `size` times the length of
/// `r`. Adjoint: gather `dr` to the root, the root's `ds += it`, `dr = 0`.
pub fn scatter<C, T>(comm: &C, root: Rank, s: Option<&[T]>, r: &mut [T]) -> Record
where
    C: Communicator + ?Sized,
    T: MpiReal,
{
    let (is_root, size) = (comm.rank() == root, comm.size() as usize);
    assert_eq!(s.is_some(), is_root, "parad::mpi::scatter: the send buffer must be given exactly on the root");
    match s {
        Some(s) => {
            assert_eq!(
                s.len(),
                r.len() * size,
                "parad::mpi::scatter: the send buffer must hold every rank's receive buffer"
            );
            comm.process_at_rank(root).scatter_into_root(s, r);
        }
        None => comm.process_at_rank(root).scatter_into(r),
    }
    Record::new::<T>(Op::Scatter { root, is_root, len: r.len(), size })
}

/// Blocks until every rank has called it. Adjoint: a barrier.
pub fn barrier<C>(comm: &C) -> Record
where
    C: Communicator + ?Sized,
{
    comm.barrier();
    Record { op: Op::Barrier, elem: "()", count: |_| 0 }
}

pub(super) fn adjoint_barrier(comm: &SimpleCommunicator) {
    comm.barrier();
}

pub(super) fn adjoint_broadcast<T: MpiReal>(
    comm: &SimpleCommunicator,
    root: Rank,
    is_root: bool,
    len: usize,
    dx: Option<&mut [T]>,
) {
    let mut dx = Shadow::new(dx, len, "broadcast");
    let process = comm.process_at_rank(root);
    if is_root {
        let mine = dx.get().to_vec();
        process.reduce_into_root(&mine[..], dx.get_mut(), SystemOperation::sum());
    } else {
        process.reduce_into(dx.get(), SystemOperation::sum());
        dx.zero(len);
    }
}

pub(super) fn adjoint_reduce<T: MpiReal>(
    comm: &SimpleCommunicator,
    root: Rank,
    is_root: bool,
    len: usize,
    mask: Option<&[bool]>,
    ds: Option<&mut [T]>,
    dr: Option<&mut [T]>,
) {
    let mut tmp = vec![T::ZERO; len];
    if is_root {
        let mut dr = Shadow::new(dr, len, "reduce's receive");
        tmp.copy_from_slice(dr.get());
        dr.zero(len);
    }
    comm.process_at_rank(root).broadcast_into(&mut tmp[..]);
    add_into(ds, &tmp, mask, "reduce's send");
}

pub(super) fn adjoint_all_reduce<T: MpiReal>(
    comm: &SimpleCommunicator,
    len: usize,
    mask: Option<&[bool]>,
    ds: Option<&mut [T]>,
    dr: Option<&mut [T]>,
) {
    let mut dr = Shadow::new(dr, len, "all-reduce's receive");
    let mut tmp = vec![T::ZERO; len];
    comm.all_reduce_into(dr.get(), &mut tmp[..], SystemOperation::sum());
    dr.zero(len);
    add_into(ds, &tmp, mask, "all-reduce's send");
}

pub(super) fn adjoint_gather<T: MpiReal>(
    comm: &SimpleCommunicator,
    root: Rank,
    is_root: bool,
    len: usize,
    size: usize,
    ds: Option<&mut [T]>,
    dr: Option<&mut [T]>,
) {
    let mut tmp = vec![T::ZERO; len];
    let process = comm.process_at_rank(root);
    if is_root {
        let mut dr = Shadow::new(dr, len * size, "gather's receive");
        process.scatter_into_root(dr.get(), &mut tmp[..]);
        dr.zero(len * size);
    } else {
        process.scatter_into(&mut tmp[..]);
    }
    add_into(ds, &tmp, None, "gather's send");
}

pub(super) fn adjoint_all_gather<T: MpiReal>(
    comm: &SimpleCommunicator,
    len: usize,
    size: usize,
    ds: Option<&mut [T]>,
    dr: Option<&mut [T]>,
) {
    let mut dr = Shadow::new(dr, len * size, "all-gather's receive");
    let mut tmp = vec![T::ZERO; len];
    comm.reduce_scatter_block_into(dr.get(), &mut tmp[..], SystemOperation::sum());
    dr.zero(len * size);
    add_into(ds, &tmp, None, "all-gather's send");
}

pub(super) fn adjoint_scatter<T: MpiReal>(
    comm: &SimpleCommunicator,
    root: Rank,
    is_root: bool,
    len: usize,
    size: usize,
    ds: Option<&mut [T]>,
    dr: Option<&mut [T]>,
) {
    let mut dr = Shadow::new(dr, len, "scatter's receive");
    let process = comm.process_at_rank(root);
    if is_root {
        let mut tmp = vec![T::ZERO; len * size];
        process.gather_into_root(dr.get(), &mut tmp[..]);
        add_into(ds, &tmp, None, "scatter's send");
    } else {
        process.gather_into(dr.get());
    }
    dr.zero(len);
}
