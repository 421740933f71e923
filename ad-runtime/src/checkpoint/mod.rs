//! Checkpointing schedules: how to reverse a loop of many steps while
//! holding only a few of its states.
//!
//! The adjoint of a loop runs its steps' adjoints from the last to the first,
//! and step `i`'s adjoint needs what step `i` computed. Taping the whole loop
//! takes memory in proportion to its length; a *schedule* instead stores a
//! few states (snapshots), runs steps again from them when needed, and tapes
//! one step at a time, right before its adjoint runs. Memory is then the
//! snapshots plus one step's tape, whatever the number of steps (design,
//! section 8).
//!
//! # Schedules
//!
//! - [`Binomial`]: Revolve's schedule (Griewank and Walther), the fewest
//!   step executions for a given number of snapshots
//!   ([`optimal_advances`]). For loops whose length is known before they
//!   start.
//! - [`Periodic`]: a snapshot every `K` steps, each segment run once more
//!   in the reverse sweep storing its states. Simple, and reads its
//!   snapshots in one backward pass.
//! - [`Online`]: for loops whose length is known only once they end
//!   (`while` loops): the forward sweep asks step by step whether to store
//!   the state, and the reverse sweep is planned once the loop is over.
//!
//! # Actions and their contract
//!
//! A schedule reverses a loop of `l` steps, where step `i` maps state `i` to
//! state `i + 1`, as a sequence of [`Action`]s that a *driver* executes on
//! the loop's state (and an adjoint state), with *slots* `0, 1, ...` to store
//! states in. The driver's contract:
//!
//! - The first action sees state 0 (state `l` for [`Online::reverse`],
//!   after the forward sweep). Every action says which state it expects:
//!   `Snapshot` and `Record` that of `step`, `Advance` that of `from`.
//! - Every step is recorded once and its adjoint runs once, in the order
//!   `l - 1, ..., 0`; each `Reverse { step }` comes right after
//!   `Record { step }`, so one step's tape is held at a time. After the
//!   last action the adjoint state is the adjoint of state 0; the primal
//!   state is then not specified.
//! - Everything before the first `Reverse` is the *forward sweep*: only
//!   `Snapshot`, `Advance` and, as its last action, `Record { step: l - 1 }`,
//!   which leaves state `l`. A driver can stop there, run the code after the
//!   loop and its adjoint (which gives the adjoint of state `l`, the seed),
//!   and go on with the `Reverse` and the rest. [`Driver`] does this.
//! - `Restore` reads only filled slots; a slot holds a state from its
//!   `Snapshot` to its `Free` (a `Snapshot` into a filled slot replaces the
//!   state, which only [`Online::forward_step`] asks for). A schedule for
//!   `S` snapshots never has more than `S` slots filled, and uses the slot
//!   numbers `0..S` (`0..`[`Periodic::slots`] for [`Periodic`]). Every slot
//!   is freed by the end.
//!
//! [`Cost::of`] counts what a schedule does.
//!
//! ```
//! # use parad_runtime as parad;
//! use parad::checkpoint::{Action, Binomial};
//!
//! // Reverse y = x^(2^5) step by step (x -> x * x, five times) with two
//! // snapshots, by hand: the state is x, its adjoint is dx.
//! let steps = 5;
//! let mut x = 1.1_f64;
//! let mut slots = [0.0_f64; 2];
//! let mut tape = None; // the recorded step and its input
//!
//! let mut actions = Binomial::new(steps, 2).unwrap().actions().peekable();
//! // The forward sweep: everything before the first `Reverse`.
//! while let Some(action) = actions.next_if(|a| !matches!(a, Action::Reverse { .. })) {
//!     match action {
//!         Action::Snapshot { slot, .. } => slots[slot] = x,
//!         Action::Advance { from, to } => (from..to).for_each(|_| x = x * x),
//!         Action::Record { step } => {
//!             tape = Some((step, x));
//!             x = x * x;
//!         }
//!         other => unreachable!("{other:?} in the forward sweep"),
//!     }
//! }
//! let y = x; // state 5
//! let mut dx = 1.0; // the seed: dy/dy
//! for action in actions {
//!     match action {
//!         Action::Snapshot { slot, .. } => slots[slot] = x,
//!         Action::Restore { slot, .. } => x = slots[slot],
//!         Action::Advance { from, to } => (from..to).for_each(|_| x = x * x),
//!         Action::Record { step } => {
//!             tape = Some((step, x));
//!             x = x * x;
//!         }
//!         Action::Reverse { step } => {
//!             let (taped, input) = tape.take().unwrap();
//!             assert_eq!(taped, step);
//!             dx *= 2.0 * input;
//!         }
//!         Action::Free { .. } => {}
//!     }
//! }
//! let x0 = 1.1_f64;
//! assert!((y - x0.powi(32)).abs() < 1e-12 * y);
//! assert!((dx - 32.0 * x0.powi(31)).abs() < 1e-12 * dx);
//! ```
//!
//! # Storage and driving
//!
//! A [`Store`] holds the snapshots: [`MemoryStore`] in memory, for states
//! that implement [`State`] (a copy and a way back), or [`DiskStore`] in
//! files of a directory, for states that implement [`Snap`]. The files are removed when the store is dropped,
//! also when a panic unwinds through it. [`Driver`] executes a schedule on a
//! state with three functions of the loop body: the step run plainly, the
//! step run with a tape, and the step's adjoint; it is what code generated
//! for `#[checkpoint(...)]` is to call.

mod actions;
mod binomial;
mod driver;
mod online;
mod periodic;
mod snap;
mod state;
mod store;
#[cfg(test)]
mod tests;

pub use actions::Actions;
pub use binomial::{beta, optimal_advances, repetitions, Binomial};
pub use driver::{plain_fn, taped_fn, Driver};
pub use online::Online;
pub use periodic::Periodic;
pub use snap::Snap;
pub use state::State;
pub use store::{DiskStore, MemoryStore, Store};

/// One thing a driver does to reverse a loop (see the [module docs](self)
/// for the contract). Steps and slots are numbered from 0; state `i` is the
/// state before step `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Store the current state, which is state `step`, in `slot`.
    Snapshot {
        /// Where to store it.
        slot: usize,
        /// Which state it is.
        step: usize,
    },
    /// Make the state stored in `slot`, state `step`, the current state.
    Restore {
        /// Where it is stored.
        slot: usize,
        /// Which state it is.
        step: usize,
    },
    /// Run the steps `from..to` plainly (no tape): the current state goes
    /// from state `from` to state `to`.
    Advance {
        /// The current state's step.
        from: usize,
        /// The step reached, `> from`.
        to: usize,
    },
    /// Run step `step` keeping what its adjoint needs (its tape): the current
    /// state goes from state `step` to state `step + 1`.
    Record {
        /// The step.
        step: usize,
    },
    /// Run step `step`'s adjoint with the tape of the `Record` just before:
    /// the adjoint state goes from that of state `step + 1` to that of state
    /// `step`. The primal state is not used.
    Reverse {
        /// The step.
        step: usize,
    },
    /// The state in `slot` is no longer needed.
    Free {
        /// The slot.
        slot: usize,
    },
}

/// Why a schedule cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScheduleError {
    /// Zero snapshots: a schedule holds at least the state before the loop.
    ZeroSnapshots,
    /// A period of zero steps for [`Periodic`].
    ZeroPeriod,
}

impl std::fmt::Display for ScheduleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScheduleError::ZeroSnapshots => {
                f.write_str("checkpointing needs at least one snapshot (the state before the loop)")
            }
            ScheduleError::ZeroPeriod => f.write_str("periodic checkpointing needs a period of at least one step"),
        }
    }
}

impl std::error::Error for ScheduleError {}

/// What a sequence of actions costs: counts of each kind, and the most
/// slots filled at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    /// Plain step executions: the steps of all `Advance`s.
    pub advances: u128,
    /// Taped step executions (`Record`s); the loop's length for a schedule.
    pub records: usize,
    /// States stored (`Snapshot`s).
    pub snapshots: usize,
    /// States read back (`Restore`s).
    pub restores: usize,
    /// The most slots filled at once.
    pub peak_slots: usize,
}

impl Cost {
    /// Counts the actions. Slots are filled by `Snapshot` (a snapshot into a
    /// filled slot replaces its state) and emptied by `Free`.
    pub fn of(actions: impl IntoIterator<Item = Action>) -> Cost {
        let mut cost = Cost::default();
        let mut filled: Vec<bool> = Vec::new();
        let mut now = 0;
        for action in actions {
            match action {
                Action::Snapshot { slot, .. } => {
                    cost.snapshots += 1;
                    if filled.len() <= slot {
                        filled.resize(slot + 1, false);
                    }
                    if !filled[slot] {
                        filled[slot] = true;
                        now += 1;
                        cost.peak_slots = cost.peak_slots.max(now);
                    }
                }
                Action::Free { slot } => {
                    if filled.get(slot).copied().unwrap_or(false) {
                        filled[slot] = false;
                        now -= 1;
                    }
                }
                Action::Restore { .. } => cost.restores += 1,
                Action::Advance { from, to } => cost.advances += (to - from) as u128,
                Action::Record { .. } => cost.records += 1,
                Action::Reverse { .. } => {}
            }
        }
        cost
    }
}
