//! Online checkpointing: for loops whose number of steps is known only once
//! they end (`while` loops).

use super::actions::Actions;
use super::binomial::{beta, optimal_advances};
use super::{Action, ScheduleError};

/// Online checkpointing with at most `snapshots` states held at once, for
/// loops whose length is not known in advance.
///
/// The forward sweep calls [`forward_step`](Online::forward_step) before each
/// step, which says when to store the current state; once the loop has
/// ended, [`reverse`](Online::reverse) gives the actions of the reverse
/// sweep.
///
/// # How snapshots are placed
///
/// While the loop is at most `beta(S, t)` steps long, the snapshots sit
/// where the binomial schedule of exactly `beta(S, t)` steps puts them in
/// its first sweep: slot `j` holds state `q_j`, with `q_0 = 0` and
/// `q_(j+1) = q_j + beta(S - j, t - 1)`. When the loop passes `beta(S, t)`
/// steps, that is when step `beta(S, t)` is about to run, the placement
/// for `t + 1` begins: its second snapshot is the current state
/// (`q_1 = beta(S, t)`, into slot 1) and its others lie ahead; the earlier
/// placement's states in slots `2..S` stay until the new one needs their
/// slots.
///
/// Once the loop has ended, the reverse sweep picks which stored states to
/// start segments from (state 0 and any others, by dynamic programming over
/// the stored states, at most `S` of them: cubic in `S`, a few milliseconds
/// for `S = 128`; above 128 snapshots it takes the current placement's),
/// frees the others, and reverses the segments from the last to the first,
/// the `j`-th with the binomial schedule on `S - j` slots.
///
/// # What it costs
///
/// - Memory: never more than `S` states, as [`Binomial`](super::Binomial).
/// - Plain step executions, the forward sweep's `l` included: at most
///   `(t + 1) * l`, with `t` the repetition number of `(l, S)` (the smallest
///   `t` with `beta(S, t) >= l`, see [`repetitions`](super::repetitions)):
///   with the current placement's states each step runs at most once in
///   the forward sweep and `t` times in its segment's reverse, and the
///   search only takes a cheaper choice. Measured by this module's tests
///   against the offline optimum
///   ([`optimal_advances`](super::optimal_advances)`(l, S)`, plus one for
///   the last step, which the offline forward sweep records rather than
///   runs): for `10 <= l <= 20_000` and `S <= 128`, at most 1.33 times it
///   and 1.01 to 1.12 times on average; with more snapshots up to 2 times
///   for loops a little longer than `S`. The forward sweep cannot record
///   the loop's last step, which it does not know to be the last, so the
///   reverse sweep starts by restoring a snapshot.
///
/// ```
/// # use parad_runtime as parad;
/// use parad::checkpoint::{Action, Online};
///
/// let mut online = Online::new(3).unwrap();
/// let mut x = 1.0_f64;
/// let mut step = 0;
/// let mut stored = Vec::new();
/// while x < 100.0 {
///     if let Some(Action::Snapshot { slot, step }) = online.forward_step(step) {
///         stored.push((slot, step));
///     }
///     x *= 1.5;
///     step += 1;
/// }
/// assert_eq!(step, 12);
/// assert_eq!(stored, [(0, 0), (1, 1), (2, 2), (1, 4), (2, 7), (1, 10)]);
/// // The reverse sweep starts from the last snapshot; states 0, 7 and 10
/// // start its segments.
/// let mut reverse = online.reverse();
/// assert_eq!(reverse.next(), Some(Action::Restore { slot: 1, step: 10 }));
/// ```
#[derive(Clone, Debug)]
pub struct Online {
    snapshots: usize,
    /// Steps announced so far through `forward_step`.
    steps: usize,
    /// Repetition number of the current placement, which is laid out for
    /// loops of up to `beta(snapshots, t)` steps.
    t: usize,
    /// The current placement fills the slots `0..placed`.
    placed: usize,
    /// Where the next snapshot goes, when `placed < snapshots`.
    next: u128,
    /// `held[j]`: the state in slot `j`, from the current placement or
    /// (from `placed` on) an earlier one.
    held: Vec<Option<usize>>,
}

/// Above this many stored states, the reverse sweep uses those of the
/// current placement without searching for a better subset (the search
/// takes a time cubic in their number).
const SEARCH_LIMIT: usize = 128;

impl Online {
    /// An online schedule holding at most `snapshots` states at once.
    ///
    /// # Errors
    ///
    /// [`ScheduleError::ZeroSnapshots`] when `snapshots` is zero.
    pub fn new(snapshots: usize) -> Result<Self, ScheduleError> {
        if snapshots == 0 {
            return Err(ScheduleError::ZeroSnapshots);
        }
        Ok(Online { snapshots, steps: 0, t: 0, placed: 0, next: 0, held: Vec::new() })
    }

    /// The most snapshots held at once.
    pub fn snapshots(&self) -> usize {
        self.snapshots
    }

    /// The number of steps announced through
    /// [`forward_step`](Online::forward_step) so far.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// To be called in the forward sweep with the state `step` current,
    /// right before step `step` runs (plainly, no tape), for
    /// `step = 0, 1, 2, ...` in turn. Returns the snapshot to take first, if
    /// any: always an [`Action::Snapshot`] of the current state, which
    /// replaces what its slot held.
    ///
    /// # Panics
    ///
    /// If `step` is not the number of steps announced before (a step was
    /// skipped or announced twice).
    pub fn forward_step(&mut self, step: usize) -> Option<Action> {
        assert_eq!(step, self.steps, "Online::forward_step: steps must be announced in order 0, 1, 2, ...");
        self.steps += 1;
        let s = self.snapshots;
        if step == 0 {
            // State 0 is always kept: the last segment reversed starts there.
            return Some(self.store(0));
        }
        if step as u128 >= beta(s, self.t) {
            // The loop is now longer than the placement allows (step
            // `beta(s, t)` is about to run): switch to the placement for
            // `t + 1`, whose second snapshot is exactly this state. The
            // old placement's other states stay until their slots are
            // needed, for the reverse sweep to use if they help.
            self.t += 1;
            debug_assert_eq!(step as u128, beta(s, self.t - 1));
            self.placed = 1;
        } else if self.placed == s || step as u128 != self.next {
            return None;
        }
        if self.placed == s {
            return None;
        }
        Some(self.store(self.placed))
    }

    /// Stores the current state in `slot`, the next of the placement.
    fn store(&mut self, slot: usize) -> Action {
        let step = self.steps - 1;
        if self.held.len() <= slot {
            self.held.resize(slot + 1, None);
        }
        self.held[slot] = Some(step);
        self.placed = slot + 1;
        self.next = match self.t {
            0 => 1,
            t => step as u128 + beta(self.snapshots - slot, t - 1),
        };
        Action::Snapshot { slot, step }
    }

    /// The actions of the reverse sweep, once the loop has ended after
    /// [`steps`](Online::steps) steps: the driver holds state `steps` and
    /// the adjoint of state `steps`. The first actions free the slots whose
    /// states the reverse sweep does not use.
    pub fn reverse(self) -> Actions {
        if self.steps == 0 {
            return Actions::empty();
        }
        let mut stored: Vec<(usize, usize)> =
            (self.held.iter().enumerate()).filter_map(|(slot, step)| step.map(|step| (step, slot))).collect();
        stored.sort_unstable();
        let used = if stored.len() <= SEARCH_LIMIT {
            best_segments(self.steps, self.snapshots, &stored)
        } else {
            (self.held[..self.placed].iter().enumerate())
                .map(|(slot, step)| (step.expect("placed slots are filled"), slot))
                .collect()
        };
        let unused: Vec<usize> = (stored.iter()).filter(|s| !used.contains(s)).map(|&(_, slot)| slot).collect();
        Actions::segments(self.steps, self.snapshots, &used, &unused)
    }
}

/// Which stored states to reverse the loop from: the subset, state 0 first,
/// whose segments cost the fewest plain steps, segment `j` (counted from
/// the first) being reversed with the binomial schedule on
/// `snapshots - j` slots (the states before it stay stored meanwhile).
///
/// `stored` is sorted by step and starts with state 0. By dynamic
/// programming from the last stored state: `cost[i][r]` is the least cost
/// of reversing the steps from `stored[i]` to the end when `stored[i]`
/// starts the `r`-th segment.
fn best_segments(steps: usize, snapshots: usize, stored: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let k = stored.len();
    debug_assert_eq!(stored[0].0, 0);
    let ranks = k.min(snapshots);
    // cost[i * ranks + r], and the next segment's start (k for none).
    let mut cost = vec![u128::MAX; k * ranks];
    let mut then = vec![k; k * ranks];
    for i in (0..k).rev() {
        let a = stored[i].0;
        for r in 0..ranks.min(i + 1) {
            let c = snapshots - r;
            let mut best = (optimal_advances(steps - a, c), k);
            if r + 1 < ranks {
                for j in i + 1..k {
                    let rest = cost[j * ranks + r + 1];
                    let here = optimal_advances(stored[j].0 - a, c).saturating_add(rest);
                    if here < best.0 {
                        best = (here, j);
                    }
                }
            }
            (cost[i * ranks + r], then[i * ranks + r]) = best;
        }
    }
    let mut used = Vec::new();
    let (mut i, mut r) = (0, 0);
    while i < k {
        used.push(stored[i]);
        i = then[i * ranks + r];
        r += 1;
    }
    used
}
