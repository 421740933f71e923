//! Revolve's binomial schedule (Griewank and Walther, "Algorithm 799:
//! revolve", ACM TOMS 26(1), 2000): the fewest plain step executions that
//! reverse `l` steps with `s` snapshots.
//!
//! The theory in three facts, which the code below and its tests rely on.
//! Write `beta(s, t) = C(s + t, s)`.
//!
//! - With `s` snapshots (one of them holding state 0) a loop of
//!   `beta(s, t)` steps can be reversed with every step run plainly at most
//!   `t` times, and no longer loop can. The *repetition number* of `(l, s)`
//!   is the smallest such `t`.
//! - The fewest plain step executions (advances) is
//!   `P(l, s) = t*l - beta(s + 1, t - 1)`; it is convex and piecewise linear
//!   in `l`, with slope `t` where the repetition number is `t`, so it is also
//!   the maximum of those lines over all `t`.
//! - An optimal schedule advances `m` steps, stores state `m`, reverses the
//!   `l - m` steps after it with `s - 1` snapshots and then the `m` steps
//!   before it with `s`. Because `P` is the maximum of its lines, this costs
//!   `m + P(l - m, s - 1) + P(m, s) >= t*l - beta(s + 1, t - 1)`, with
//!   equality exactly when both parts lie on the lines of the right slope:
//!   `beta(s, t - 2) <= m <= beta(s, t - 1)` and
//!   `beta(s - 1, t - 1) <= l - m <= beta(s - 1, t)`. [`split`] picks the
//!   largest such `m`.

use super::actions::Actions;
use super::ScheduleError;

/// `beta(s, t) = C(s + t, s)`: the longest loop that `s` snapshots reverse
/// with every step run plainly at most `t` times.
///
/// Saturates at `u128::MAX` instead of overflowing, which is harmless here:
/// every caller compares it with a loop length that fits in a `usize`.
pub fn beta(s: usize, t: usize) -> u128 {
    // C(s + t, k) with k = min(s, t), built up as C(n - k + i, i) for
    // i = 1..=k; every intermediate product is divisible by i.
    let k = s.min(t) as u128;
    let n = s as u128 + t as u128;
    let mut c: u128 = 1;
    for i in 1..=k {
        match c.checked_mul(n - k + i) {
            Some(p) => c = p / i,
            None => return u128::MAX,
        }
    }
    c
}

/// `beta(s, t - 1)`, zero for `t = 0` (no loop is reversed with fewer than
/// zero repetitions).
fn beta_below(s: usize, t: usize) -> u128 {
    match t {
        0 => 0,
        _ => beta(s, t - 1),
    }
}

/// The repetition number of a loop of `steps` steps with `snapshots`
/// snapshots: the smallest `t` with `beta(snapshots, t) >= steps`. Every step
/// of the binomial schedule runs plainly at most this many times.
///
/// # Panics
///
/// If `snapshots` is zero and `steps` is more than one (no schedule exists).
pub fn repetitions(steps: usize, snapshots: usize) -> usize {
    if steps <= 1 {
        return 0;
    }
    assert!(snapshots > 0, "checkpoint: no schedule reverses {steps} steps with zero snapshots");
    let l = steps as u128;
    let mut t = 0;
    while beta(snapshots, t) < l {
        t += 1;
    }
    t
}

/// The fewest plain step executions (`Advance` steps, see
/// [`Action`](super::Action)) that reverse `steps` steps with `snapshots`
/// snapshots: `t*l - beta(s + 1, t - 1)` with `t` the
/// [repetition number](repetitions).
///
/// This is what [`Binomial`]'s schedule advances. The `steps` taped runs
/// (`Record`s) come on top: every step is recorded exactly once, right
/// before its adjoint, so the step executions in all are this plus `steps`.
/// For example 500 steps with 4 snapshots advance 3213 steps and record 500.
///
/// # Panics
///
/// If `snapshots` is zero and `steps` is more than one.
pub fn optimal_advances(steps: usize, snapshots: usize) -> u128 {
    let t = repetitions(steps, snapshots);
    if t == 0 {
        return 0;
    }
    t as u128 * steps as u128 - beta(snapshots + 1, t - 1)
}

/// Where an optimal schedule stores its next snapshot: `m` steps into a
/// segment of `n >= 2` steps reversed with `c >= 2` snapshots (see the
/// module's docs for why any `m` in the range is optimal).
///
/// Of the optimal range this takes the largest `m`: the part reversed with
/// one snapshot fewer is then as short as it may be, which keeps the
/// snapshots and restores few.
pub(crate) fn split(n: usize, c: usize) -> usize {
    debug_assert!(n >= 2 && c >= 2);
    let t = repetitions(n, c);
    let m = beta_below(c, t).min(n as u128 - beta_below(c - 1, t));
    // Both parts are non-empty (t >= 1 since n >= 2): the first term is at
    // least beta(c, 0) = 1 and below n; the second is n - beta(c - 1, t - 1)
    // > beta(c, t - 1) - beta(c - 1, t - 1) = beta(c, t - 2) >= 0.
    m as usize
}

/// Revolve's binomial schedule: reverses `steps` steps with at most
/// `snapshots` stored states at once, running the fewest plain steps
/// ([`optimal_advances`]).
///
/// ```
/// # use parad_runtime as parad;
/// use parad::checkpoint::{Binomial, Cost};
///
/// let schedule = Binomial::new(500, 4).unwrap();
/// let cost = Cost::of(schedule.actions());
/// assert_eq!(cost.advances, 3213);
/// assert_eq!(cost.records, 500);
/// assert!(cost.peak_slots <= 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binomial {
    steps: usize,
    snapshots: usize,
}

impl Binomial {
    /// The schedule for a loop of `steps` steps and at most `snapshots`
    /// states held at once (the state before the loop counts as one of
    /// them). More snapshots than `steps - 1` are never used.
    ///
    /// # Errors
    ///
    /// [`ScheduleError::ZeroSnapshots`] when `snapshots` is zero, even for a
    /// loop that a schedule could reverse without one (zero or one step): a
    /// zero is a mistake in the request, whatever the loop.
    pub fn new(steps: usize, snapshots: usize) -> Result<Self, ScheduleError> {
        if snapshots == 0 {
            return Err(ScheduleError::ZeroSnapshots);
        }
        Ok(Binomial { steps, snapshots })
    }

    /// The number of steps of the loop.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// The most snapshots held at once.
    pub fn snapshots(&self) -> usize {
        self.snapshots
    }

    /// The [repetition number](repetitions): no step runs plainly more
    /// often than this.
    pub fn repetitions(&self) -> usize {
        repetitions(self.steps, self.snapshots)
    }

    /// The number of plain step executions of the schedule,
    /// [`optimal_advances`].
    pub fn advances(&self) -> u128 {
        optimal_advances(self.steps, self.snapshots)
    }

    /// The schedule's actions, computed as they are taken: the iterator
    /// holds `O(snapshots)` words, whatever the number of steps.
    pub fn actions(&self) -> Actions {
        Actions::binomial(self.steps, self.snapshots)
    }
}

impl IntoIterator for Binomial {
    type Item = super::Action;
    type IntoIter = Actions;

    fn into_iter(self) -> Actions {
        self.actions()
    }
}

impl From<Binomial> for Actions {
    fn from(schedule: Binomial) -> Actions {
        schedule.actions()
    }
}
