//! The iterator of actions shared by every schedule.
//!
//! A schedule is a tree of *frames*. A frame reverses the steps `a..b` with
//! the state `a` stored in its own slot, and `c` slots in all: its own and
//! `c - 1` taken from a pool of free slots as its children need them. To do
//! so it either records the last step directly (one step, or one slot:
//! advance from `a` to the last step each time) or advances to a split point
//! `m`, stores state `m` in a slot from the pool, pushes a child frame for
//! `m..b` with `c - 1` slots, and once the child is done (its slot back in
//! the pool) carries on with `a..m` itself. Children are always to the right
//! of their parent and done before it goes on, so a stack of at most `c`
//! frames holds the whole state of the walk, and the pool always has the
//! `c - 1` slots the top frame may use.
//!
//! The periodic schedule adds *outer* frames: an outer frame splits `every`
//! steps after its start, whatever the snapshots, and turns into an ordinary
//! (inner) frame for its own segment once its outer child is pushed.

use std::collections::VecDeque;

use super::binomial::split;
use super::Action;

#[derive(Clone, Copy, Debug)]
struct Frame {
    /// First step of the part still to reverse; its state is in `slot` when
    /// `stored`, and is the driver's current state otherwise.
    a: usize,
    /// One past the last step still to reverse.
    b: usize,
    slot: usize,
    /// Slots this frame may use, its own included.
    c: usize,
    stored: bool,
    outer: bool,
}

/// The actions of a schedule, computed one at a time as the iterator is
/// advanced. It holds `O(snapshots)` words whatever the number of steps, so
/// schedules of any length cost no memory of their own.
///
/// Obtained from [`Binomial::actions`](super::Binomial::actions),
/// [`Periodic::actions`](super::Periodic::actions) or
/// [`Online::reverse`](super::Online::reverse); the contract its actions
/// follow is in the [module docs](super).
#[derive(Clone, Debug)]
pub struct Actions {
    stack: Vec<Frame>,
    /// Actions decided but not yet handed out: at most four, or the frees
    /// of the online schedule's unused slots at the start.
    queue: VecDeque<Action>,
    /// Free slots, the next one to use last.
    pool: Vec<usize>,
    /// The step whose state the driver holds, as far as the schedule knows.
    current: Option<usize>,
    /// Outer frames split this many steps after their start.
    every: usize,
}

impl Actions {
    /// No actions: the schedule of a loop of zero steps.
    pub fn empty() -> Self {
        Actions { stack: Vec::new(), queue: VecDeque::new(), pool: Vec::new(), current: None, every: 0 }
    }

    /// One binomial frame over the whole loop.
    pub(crate) fn binomial(steps: usize, snapshots: usize) -> Self {
        let mut actions = Actions::empty();
        actions.stack.reserve_exact(snapshots.min(steps));
        actions.pool = (1..snapshots.min(steps)).rev().collect();
        actions.current = Some(0);
        actions.start(Frame { a: 0, b: steps, slot: 0, c: snapshots, stored: false, outer: false });
        actions
    }

    /// A chain of outer frames every `every` steps, in slots `0, 1, ...`;
    /// each segment is then reversed with `inner_c` slots: its own and
    /// `inner_c - 1` from the pool, which starts with the slots after the
    /// outer ones (and gets the outer ones back as they are freed).
    pub(crate) fn periodic(steps: usize, every: usize, inner_c: usize) -> Self {
        let mut actions = Actions::empty();
        let segments = steps.div_ceil(every);
        actions.stack.reserve_exact(segments + inner_c);
        actions.pool = (segments..segments + inner_c - 1).rev().collect();
        actions.current = Some(0);
        actions.every = every;
        actions.start(Frame { a: 0, b: steps, slot: 0, c: inner_c, stored: false, outer: true });
        actions
    }

    /// The reverse sweep of the online schedule. The driver holds state
    /// `steps`; `used` lists the stored states that start segments,
    /// `(step, slot)` by increasing step from state 0, and the `j`-th
    /// segment is reversed with `snapshots - j` slots. The slots in `unused`
    /// hold states no longer needed, freed first.
    pub(crate) fn segments(steps: usize, snapshots: usize, used: &[(usize, usize)], unused: &[usize]) -> Self {
        let mut actions = Actions::empty();
        actions.stack.reserve_exact(snapshots);
        actions.queue.extend(unused.iter().map(|&slot| Action::Free { slot }));
        actions.pool = (0..snapshots).rev().filter(|slot| used.iter().all(|u| u.1 != *slot)).collect();
        actions.current = Some(steps);
        for (j, &(a, slot)) in used.iter().enumerate() {
            let b = used.get(j + 1).map_or(steps, |u| u.0);
            actions.stack.push(Frame { a, b, slot, c: snapshots - j, stored: true, outer: false });
        }
        actions
    }

    /// Pushes a frame whose start is the current state, storing that state
    /// first when the frame will need it again (more than one step).
    fn start(&mut self, mut frame: Frame) {
        if frame.b == frame.a {
            return;
        }
        if frame.b - frame.a >= 2 {
            frame.stored = true;
            self.queue.push_back(Action::Snapshot { slot: frame.slot, step: frame.a });
        }
        self.stack.push(frame);
    }

    /// Advances the current state from `from` to `to` (no action when they
    /// are equal).
    fn advance(&mut self, from: usize, to: usize) {
        if to > from {
            self.queue.push_back(Action::Advance { from, to });
        }
        self.current = Some(to);
    }

    /// Records and reverses `step`, whose state is the current one.
    fn reverse(&mut self, step: usize) {
        self.queue.push_back(Action::Record { step });
        self.queue.push_back(Action::Reverse { step });
        self.current = Some(step + 1);
    }

    /// Decides the next few actions: they go to `queue`. Returns `false`
    /// when the schedule is over.
    fn decide(&mut self) -> bool {
        let Some(&frame) = self.stack.last() else {
            return false;
        };
        let top = self.stack.len() - 1;
        let (a, b) = (frame.a, frame.b);
        if a == b {
            self.stack.pop();
            if frame.stored {
                self.queue.push_back(Action::Free { slot: frame.slot });
            }
            // The slot is free again, stored in or not.
            self.pool.push(frame.slot);
            return true;
        }
        if self.current != Some(a) {
            debug_assert!(frame.stored, "a frame's start is stored before the state moves on");
            self.queue.push_back(Action::Restore { slot: frame.slot, step: a });
            self.current = Some(a);
        }
        if frame.outer {
            // The outer chain: store the next segment's start (in the next
            // outer slot) and leave this segment to an inner frame.
            let f = &mut self.stack[top];
            f.outer = false;
            let m = a.saturating_add(self.every);
            if m < b {
                f.b = m;
                self.advance(a, m);
                self.start(Frame { a: m, b, slot: frame.slot + 1, c: frame.c, stored: false, outer: true });
            }
            return true;
        }
        if b - a == 1 || frame.c == 1 {
            // Record the last step directly: from the start when the frame
            // has no spare slot.
            self.stack[top].b = b - 1;
            self.advance(a, b - 1);
            self.reverse(b - 1);
            return true;
        }
        let m = a + split(b - a, frame.c);
        self.stack[top].b = m;
        self.advance(a, m);
        // The pool has the `c - 1` slots of this frame's descendants
        // (fewer when the segment is too short to use them all, as its
        // descendants store distinct states strictly inside it).
        let slot = self.pool.pop().expect("checkpoint: a frame's slots are in the pool");
        self.start(Frame { a: m, b, slot, c: frame.c - 1, stored: false, outer: false });
        true
    }
}

impl Iterator for Actions {
    type Item = Action;

    fn next(&mut self) -> Option<Action> {
        loop {
            if let Some(action) = self.queue.pop_front() {
                return Some(action);
            }
            if !self.decide() {
                return None;
            }
        }
    }
}

impl std::iter::FusedIterator for Actions {}
