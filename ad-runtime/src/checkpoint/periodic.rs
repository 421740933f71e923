//! The periodic (two-level) schedule.

use super::actions::Actions;
use super::ScheduleError;

/// Periodic checkpointing: the forward sweep stores every `every`-th state
/// (states `0, every, 2*every, ...`); the reverse sweep takes the segments
/// between them from the last to the first, restores the segment's start,
/// runs the segment once more storing each of its states, and records and
/// reverses its steps from those.
///
/// With `l` steps, `k = ceil(l / every)` segments and `K = every`:
///
/// - memory: at most `k + K - 2` states held at once (the segment starts up
///   to the segment being reversed, and the `K - 2` states inside it), see
///   [`Periodic::peak_slots`];
/// - time: `l - 1 + (k - 1)(K - 1)` plain step executions (the forward sweep,
///   then once more every segment but the last, whose states the forward
///   sweep stores directly), plus `l` recorded ones, see
///   [`Periodic::advances`]. No step runs plainly more than twice.
///
/// `K` near `sqrt(l)` gives about `2 sqrt(l)` states and one extra forward
/// sweep. [`Binomial`](super::Binomial) needs fewer states for the same
/// recomputation; this schedule is simple, predictable and reads its
/// snapshots in one backward pass, which suits slow storage.
///
/// ```
/// # use parad_runtime as parad;
/// use parad::checkpoint::{Cost, Periodic};
///
/// let schedule = Periodic::new(100, 10).unwrap();
/// let cost = Cost::of(schedule.actions());
/// assert_eq!(cost.advances, 99 + 9 * 9);
/// assert_eq!(cost.peak_slots, 10 + 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodic {
    steps: usize,
    every: usize,
}

impl Periodic {
    /// The schedule for a loop of `steps` steps with a snapshot every
    /// `every` steps.
    ///
    /// # Errors
    ///
    /// [`ScheduleError::ZeroPeriod`] when `every` is zero.
    pub fn new(steps: usize, every: usize) -> Result<Self, ScheduleError> {
        if every == 0 {
            return Err(ScheduleError::ZeroPeriod);
        }
        Ok(Periodic { steps, every })
    }

    /// The number of steps of the loop.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// The distance between two snapshots of the forward sweep.
    pub fn every(&self) -> usize {
        self.every
    }

    /// The number of segments, `ceil(steps / every)`.
    pub fn segments(&self) -> usize {
        self.steps.div_ceil(self.every)
    }

    /// The most states the schedule holds at once, at most
    /// `segments + every - 2`.
    ///
    /// While the last segment (of `r` steps) is reversed, the other
    /// segments' starts and the last segment's first `r - 1` states are
    /// held; while an earlier segment `j` is, the starts up to `j` and
    /// `every - 2` states inside it. So the peak is
    /// `segments - 2 + max(r, every - 1)`, or `steps - 1` for one segment.
    pub fn peak_slots(&self) -> usize {
        let (l, k, every) = (self.steps, self.segments(), self.every);
        match k {
            0 => 0,
            1 => l - 1,
            _ => k - 2 + (every - 1).max(l - (k - 1) * every),
        }
    }

    /// The slot numbers the schedule uses are below this:
    /// `segments + every - 2` (the segment starts, then the states inside a
    /// segment), or `steps - 1` for `every = 1`.
    pub fn slots(&self) -> usize {
        (self.segments() + self.every).saturating_sub(2)
    }

    /// The number of plain step executions: `steps - 1 +
    /// (segments - 1) * (every - 1)`.
    pub fn advances(&self) -> u128 {
        match self.steps {
            0 => 0,
            l => (l - 1) as u128 + (self.segments() - 1) as u128 * (self.every - 1) as u128,
        }
    }

    /// The schedule's actions, computed as they are taken.
    pub fn actions(&self) -> Actions {
        // A segment of `every` steps is reversed from `every - 1` stored
        // states (its last step is recorded right after the state before it
        // is reached): its own slot and `every - 2` more, after the
        // `segments` outer slots.
        Actions::periodic(self.steps, self.every, (self.every - 1).max(1))
    }
}

impl IntoIterator for Periodic {
    type Item = super::Action;
    type IntoIter = Actions;

    fn into_iter(self) -> Actions {
        self.actions()
    }
}

impl From<Periodic> for Actions {
    fn from(schedule: Periodic) -> Actions {
        schedule.actions()
    }
}
