//! Tests of the schedules: a simulator that executes their actions on a toy
//! state and checks the contract, and counts against the theory.

mod counts;
mod driver;
mod store;

use super::{Action, Actions, Binomial, Online, Periodic};

/// Executes actions on a toy loop whose state is its step number, checking
/// the contract of the module docs at every action.
pub(super) struct Sim {
    steps: usize,
    max_slots: usize,
    /// The current primal state (its step).
    state: usize,
    slots: Vec<Option<usize>>,
    filled: usize,
    pub(super) peak: usize,
    /// The step recorded and not yet reversed.
    tape: Option<usize>,
    /// The next step whose adjoint must run.
    next_reverse: Option<usize>,
    last: Option<Action>,
    /// How often each step ran plainly.
    pub(super) plain_runs: Vec<usize>,
    pub(super) advances: u128,
    pub(super) snapshots: usize,
    pub(super) restores: usize,
}

impl Sim {
    pub(super) fn new(steps: usize, max_slots: usize) -> Self {
        Sim {
            steps,
            max_slots,
            state: 0,
            slots: vec![None; max_slots],
            filled: 0,
            peak: 0,
            tape: None,
            next_reverse: steps.checked_sub(1),
            last: None,
            plain_runs: vec![0; steps],
            advances: 0,
            snapshots: 0,
            restores: 0,
        }
    }

    pub(super) fn apply(&mut self, action: Action) {
        let ctx = format!("{action:?} (l = {}, S = {}, after {:?})", self.steps, self.max_slots, self.last);
        if let Some(step) = self.tape {
            assert_eq!(action, Action::Reverse { step }, "{ctx}: a Record must be followed by its Reverse");
        }
        match action {
            Action::Snapshot { slot, step } => {
                assert_eq!(step, self.state, "{ctx}: snapshot of another state");
                assert!(slot < self.max_slots, "{ctx}: slot out of range");
                if self.slots[slot].is_none() {
                    self.filled += 1;
                    self.peak = self.peak.max(self.filled);
                }
                self.slots[slot] = Some(step);
                self.snapshots += 1;
            }
            Action::Restore { slot, step } => {
                assert_eq!(
                    self.slots.get(slot).copied().flatten(),
                    Some(step),
                    "{ctx}: restore of an empty or other slot"
                );
                self.state = step;
                self.restores += 1;
            }
            Action::Advance { from, to } => {
                assert_eq!(from, self.state, "{ctx}: advance from another state");
                assert!(from < to && to <= self.steps, "{ctx}: bad range");
                for i in from..to {
                    self.plain_runs[i] += 1;
                }
                self.advances += (to - from) as u128;
                self.state = to;
            }
            Action::Record { step } => {
                assert_eq!(step, self.state, "{ctx}: record from another state");
                assert_eq!(Some(step), self.next_reverse, "{ctx}: record out of order");
                self.tape = Some(step);
                self.state = step + 1;
            }
            Action::Reverse { step } => {
                assert_eq!(self.tape.take(), Some(step), "{ctx}: reverse without its record");
                self.next_reverse = step.checked_sub(1);
            }
            Action::Free { slot } => {
                assert!(self.slots.get(slot).copied().flatten().is_some(), "{ctx}: free of an empty slot");
                self.slots[slot] = None;
                self.filled -= 1;
            }
        }
        self.last = Some(action);
    }

    /// The checks at the end: every step reversed, every slot freed.
    pub(super) fn finish(&self) {
        let ctx = format!("l = {}, S = {}", self.steps, self.max_slots);
        assert_eq!(self.next_reverse, None, "{ctx}: not every step was reversed");
        assert!(self.tape.is_none(), "{ctx}: a record was not reversed");
        assert_eq!(self.filled, 0, "{ctx}: slots left filled: {:?}", self.slots);
    }
}

/// Runs a schedule known in full through the simulator, checking also the
/// forward sweep's shape (only snapshots and advances, then the record of
/// the last step).
pub(super) fn simulate(actions: Actions, steps: usize, max_slots: usize) -> Sim {
    let mut sim = Sim::new(steps, max_slots);
    let mut forward = true;
    for action in actions {
        if forward {
            match action {
                Action::Snapshot { .. } | Action::Advance { .. } => {}
                Action::Record { step } => {
                    assert_eq!(
                        step,
                        steps - 1,
                        "l = {steps}, S = {max_slots}: the forward sweep records the last step"
                    );
                    forward = false;
                }
                other => panic!("l = {steps}, S = {max_slots}: {other:?} in the forward sweep"),
            }
        }
        sim.apply(action);
    }
    assert!(!forward || steps == 0, "l = {steps}: no record at all");
    sim.finish();
    sim
}

/// Runs an online schedule through the simulator: the forward sweep asks
/// before each step, the reverse sweep follows. The forward sweep's plain
/// steps count as advances.
pub(super) fn simulate_online(steps: usize, snapshots: usize) -> Sim {
    let mut online = Online::new(snapshots).unwrap();
    let mut sim = Sim::new(steps, snapshots);
    for step in 0..steps {
        if let Some(action) = online.forward_step(step) {
            assert!(matches!(action, Action::Snapshot { .. }), "{action:?} in an online forward sweep");
            sim.apply(action);
        }
        sim.apply(Action::Advance { from: step, to: step + 1 });
    }
    assert_eq!(online.steps(), steps);
    for action in online.reverse() {
        sim.apply(action);
    }
    sim.finish();
    sim
}

/// A directory of its own for a test, removed at the end.
pub(super) struct TempDir(pub(super) std::path::PathBuf);

impl TempDir {
    pub(super) fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("parad-ckpt-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        TempDir(dir)
    }

    pub(super) fn files(&self) -> usize {
        std::fs::read_dir(&self.0).map_or(0, |d| d.count())
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn binomial_follows_the_contract() {
    for steps in 0..=70 {
        for snapshots in 1..=12 {
            let sim = simulate(Binomial::new(steps, snapshots).unwrap().actions(), steps, snapshots);
            let t = super::repetitions(steps, snapshots);
            assert!(
                sim.plain_runs.iter().all(|&n| n <= t),
                "l = {steps}, S = {snapshots}: a step ran more than t = {t} times"
            );
        }
    }
}

#[test]
fn periodic_follows_the_contract() {
    for steps in 0..=60 {
        for every in 1..=12 {
            let schedule = Periodic::new(steps, every).unwrap();
            let sim = simulate(schedule.actions(), steps, schedule.slots().max(1));
            let ctx = format!("l = {steps}, K = {every}");
            assert_eq!(sim.advances, schedule.advances(), "{ctx}");
            assert_eq!(sim.peak, schedule.peak_slots(), "{ctx}");
            assert!(sim.peak <= (schedule.segments() + every).saturating_sub(2), "{ctx}");
            assert!(sim.plain_runs.iter().all(|&n| n <= 2), "{ctx}: a step ran more than twice");
            // One pass backwards over the segment starts: each restored from
            // its own slot only while its segment is reversed.
        }
    }
}

#[test]
fn online_follows_the_contract() {
    for steps in 0..=80 {
        for snapshots in 1..=10 {
            let sim = simulate_online(steps, snapshots);
            let t = super::repetitions(steps, snapshots);
            assert!(
                sim.advances <= ((t + 1) * steps) as u128,
                "l = {steps}, S = {snapshots}: {} plain steps, more than (t + 1) l",
                sim.advances
            );
        }
    }
    // Past the search limit, the current placement's states.
    for steps in [0, 1, 2, 129, 130, 131, 200, 258, 259, 1000] {
        let sim = simulate_online(steps, 129);
        let t = super::repetitions(steps, 129);
        assert!(sim.advances <= ((t + 1) * steps) as u128, "l = {steps}, S = 129");
    }
}

#[test]
fn zero_snapshots_and_zero_period_are_errors() {
    use super::ScheduleError;
    assert_eq!(Binomial::new(10, 0), Err(ScheduleError::ZeroSnapshots));
    assert_eq!(Binomial::new(0, 0), Err(ScheduleError::ZeroSnapshots));
    assert_eq!(Periodic::new(10, 0), Err(ScheduleError::ZeroPeriod));
    assert_eq!(Online::new(0).err(), Some(ScheduleError::ZeroSnapshots));
    assert!(ScheduleError::ZeroSnapshots.to_string().contains("at least one snapshot"));
}

#[test]
fn edge_cases() {
    // No steps: nothing to do.
    assert_eq!(Binomial::new(0, 3).unwrap().actions().count(), 0);
    assert_eq!(Periodic::new(0, 3).unwrap().actions().count(), 0);
    assert_eq!(Online::new(3).unwrap().reverse().count(), 0);
    // One step: recorded and reversed, nothing stored.
    let one = [Action::Record { step: 0 }, Action::Reverse { step: 0 }];
    assert_eq!(Binomial::new(1, 1).unwrap().actions().collect::<Vec<_>>(), one);
    assert_eq!(Periodic::new(1, 5).unwrap().actions().collect::<Vec<_>>(), one);
    // Enough snapshots for every state: one forward sweep storing states
    // 0..l-1, then restores only.
    let all: Vec<_> = Binomial::new(3, 8).unwrap().actions().collect();
    assert_eq!(
        all,
        [
            Action::Snapshot { slot: 0, step: 0 },
            Action::Advance { from: 0, to: 1 },
            Action::Snapshot { slot: 1, step: 1 },
            Action::Advance { from: 1, to: 2 },
            Action::Record { step: 2 },
            Action::Reverse { step: 2 },
            Action::Restore { slot: 1, step: 1 },
            Action::Record { step: 1 },
            Action::Reverse { step: 1 },
            Action::Free { slot: 1 },
            Action::Restore { slot: 0, step: 0 },
            Action::Record { step: 0 },
            Action::Reverse { step: 0 },
            Action::Free { slot: 0 },
        ]
    );
    // One snapshot: from state 0 to each step in turn.
    let cost = super::Cost::of(Binomial::new(10, 1).unwrap());
    assert_eq!((cost.advances, cost.peak_slots, cost.restores), (45, 1, 9));
}
