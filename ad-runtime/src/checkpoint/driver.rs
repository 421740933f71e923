//! Executing a schedule on a loop's state.

use super::{Action, Actions, Online, Store};

/// Executes a schedule's actions with three functions of the loop body:
///
/// - `plain(&mut state, i)`: step `i`, no tape;
/// - `taped(&mut state, &mut tape, i)`: step `i`, writing what its adjoint
///   needs into `tape`;
/// - `adjoint(&mut state, &mut tape, i)`: step `i`'s adjoint from that tape,
///   run right after `taped` ran step `i`, so `state` is state `i + 1` as
///   that step left it (where an adjoint reads values it can also find
///   them there). The adjoint state is whatever `adjoint` captures (`&mut`
///   to the shadows); it runs for `i = l - 1, ..., 0` in turn.
///
/// The tape is one buffer of type `T`, given to the driver and reused by
/// every `Record`: holding one step's tape at a time is the point of
/// checkpointing, and reusing it keeps the reverse sweep free of
/// allocations.
///
/// Reversing a loop takes two calls, so that code between them can run with
/// the loop's final state: [`forward`](Driver::forward) (or
/// [`step`](Driver::step) once per step for an [`Online`] schedule) runs the
/// forward sweep and leaves state `l`; [`reverse`](Driver::reverse) then
/// runs the rest, once the adjoint of state `l` is in place. The functions
/// are passed to each call rather than kept, so that the code between can
/// use what they borrow.
///
/// Dropping the driver drops its store, which removes a
/// [`DiskStore`](super::DiskStore)'s files, also on a panic.
///
/// ```
/// # use parad_runtime as parad;
/// use parad::checkpoint::{Binomial, Driver, MemoryStore};
///
/// // y = x_100 with x_(i+1) = sin(x_i) * p: dy/dx_0 and dy/dp.
/// let (x0, p) = (0.5_f64, 1.1);
/// let mut plain = |x: &mut f64, _i: usize| *x = x.sin() * p;
/// let mut taped = |x: &mut f64, tape: &mut f64, _i: usize| {
///     *tape = *x; // the step's input is all its adjoint needs
///     *x = x.sin() * p;
/// };
/// let mut dp = 0.0;
///
/// let schedule = Binomial::new(100, 5).unwrap();
/// let mut driver = Driver::new(schedule, MemoryStore::new(), 0.0);
/// let mut x = x0;
/// driver.forward(&mut x, &mut plain, &mut taped);
/// let y = x; // code after the loop runs here; its adjoint gives the seed
/// let mut dx = 1.0;
/// driver.reverse(&mut x, &mut plain, &mut taped, |_, input: &mut f64, _i| {
///     dp += dx * input.sin();
///     dx *= input.cos() * p;
/// });
///
/// // The same derivative with every step's input kept.
/// let mut xs = vec![x0];
/// for _ in 0..100 {
///     xs.push(xs.last().unwrap().sin() * p);
/// }
/// let (mut ex, mut ep) = (1.0, 0.0);
/// for input in xs[..100].iter().rev() {
///     ep += ex * input.sin();
///     ex *= input.cos() * p;
/// }
/// assert_eq!(y, xs[100]);
/// assert!((dx - ex).abs() <= 1e-12 * ex.abs() && (dp - ep).abs() <= 1e-12 * ep.abs());
/// ```
#[derive(Debug)]
pub struct Driver<St, T> {
    plan: Plan,
    store: St,
    tape: T,
    /// The step whose tape `tape` holds and whose adjoint has not run yet.
    recorded: Option<usize>,
}

#[derive(Debug)]
enum Plan {
    /// A schedule known in full: the actions not yet executed.
    Actions(Actions),
    /// An online schedule in its forward sweep.
    Online(Online),
}

impl<St, T> Driver<St, T> {
    /// A driver for a schedule known in full ([`Binomial`](super::Binomial),
    /// [`Periodic`](super::Periodic), or their [`Actions`]), storing
    /// snapshots in `store` and recording into `tape`.
    pub fn new(schedule: impl Into<Actions>, store: St, tape: T) -> Self {
        Driver { plan: Plan::Actions(schedule.into()), store, tape, recorded: None }
    }

    /// A driver for an online schedule, whose forward sweep is run by
    /// [`step`](Driver::step), once per step.
    pub fn online(schedule: Online, store: St, tape: T) -> Self {
        Driver { plan: Plan::Online(schedule), store, tape, recorded: None }
    }

    /// The store of the snapshots.
    pub fn store(&self) -> &St {
        &self.store
    }

    /// Runs the forward sweep of a schedule known in full: from state 0
    /// (in `state`) to state `l`, storing the snapshots the schedule asks
    /// for and recording the last step.
    ///
    /// # Panics
    ///
    /// For a driver made by [`Driver::online`] (use [`step`](Driver::step)),
    /// or when called twice.
    pub fn forward<S>(
        &mut self,
        state: &mut S,
        mut plain: impl FnMut(&mut S, usize),
        mut taped: impl FnMut(&mut S, &mut T, usize),
    ) where
        St: Store<S>,
    {
        assert!(self.recorded.is_none(), "Driver::forward: called twice");
        let Plan::Actions(actions) = &mut self.plan else {
            panic!("Driver::forward: an online schedule's forward sweep is run by Driver::step");
        };
        // The forward sweep ends with the only `Record` before the first
        // `Reverse` (the module's contract).
        for action in actions.by_ref() {
            let last = matches!(action, Action::Record { .. });
            debug_assert!(
                matches!(action, Action::Snapshot { .. } | Action::Advance { .. } | Action::Record { .. }),
                "{action:?} in a forward sweep"
            );
            execute(
                action,
                &mut self.store,
                state,
                &mut self.tape,
                &mut self.recorded,
                &mut plain,
                &mut taped,
                &mut |_: &mut S, _: &mut T, _| unreachable!(),
            );
            if last {
                break;
            }
        }
    }

    /// Runs step `step` of an online schedule's forward sweep plainly,
    /// storing the current state (state `step`) first when the schedule
    /// asks. Called for `step = 0, 1, 2, ...` while the loop goes on.
    ///
    /// # Panics
    ///
    /// For a driver made by [`Driver::new`], or when steps are skipped or
    /// repeated.
    pub fn step<S>(&mut self, state: &mut S, step: usize, mut plain: impl FnMut(&mut S, usize))
    where
        St: Store<S>,
    {
        let Plan::Online(online) = &mut self.plan else {
            panic!("Driver::step: only for online schedules; use Driver::forward");
        };
        if let Some(Action::Snapshot { slot, .. }) = online.forward_step(step) {
            self.store.put(slot, state);
        }
        plain(state, step);
    }

    /// Runs the rest of the schedule: the adjoints of the steps from the
    /// last to the first, with the recomputations they need. Before, the
    /// primal state is state `l` and the adjoint state (captured by
    /// `adjoint`) that of state `l`; after, the adjoint state is that of
    /// state 0, and the primal state is what the adjoint of step 0 left
    /// (state 1, or state 0 where that adjoint undoes its step).
    pub fn reverse<S>(
        &mut self,
        state: &mut S,
        mut plain: impl FnMut(&mut S, usize),
        mut taped: impl FnMut(&mut S, &mut T, usize),
        mut adjoint: impl FnMut(&mut S, &mut T, usize),
    ) where
        St: Store<S>,
    {
        let actions = match std::mem::replace(&mut self.plan, Plan::Actions(Actions::empty())) {
            Plan::Actions(actions) => actions,
            Plan::Online(online) => online.reverse(),
        };
        for action in actions {
            execute(
                action,
                &mut self.store,
                state,
                &mut self.tape,
                &mut self.recorded,
                &mut plain,
                &mut taped,
                &mut adjoint,
            );
        }
        debug_assert!(self.recorded.is_none(), "a recorded step was not reversed");
    }
}

/// Returns `step`: gives a taped step function its argument types from
/// the state it will run on, so that generated code can name it once and
/// pass it to both sweeps of a driver. (A closure bound by `let` alone
/// would not know its state's type when its body takes the state apart.)
#[inline(always)]
pub fn taped_fn<S, T, F: Fn(&mut S, &mut T, usize)>(_state: &S, step: F) -> F {
    step
}

/// Returns `step`, a plain step function, typed as [`taped_fn`] does.
#[inline(always)]
pub fn plain_fn<S, F: Fn(&mut S, usize)>(_state: &S, step: F) -> F {
    step
}

/// Executes one action.
#[allow(clippy::too_many_arguments)]
fn execute<S, St: Store<S>, T>(
    action: Action,
    store: &mut St,
    state: &mut S,
    tape: &mut T,
    recorded: &mut Option<usize>,
    plain: &mut impl FnMut(&mut S, usize),
    taped: &mut impl FnMut(&mut S, &mut T, usize),
    adjoint: &mut impl FnMut(&mut S, &mut T, usize),
) {
    match action {
        Action::Snapshot { slot, .. } => store.put(slot, state),
        Action::Restore { slot, .. } => store.get(slot, state),
        Action::Advance { from, to } => (from..to).for_each(|i| plain(state, i)),
        Action::Record { step } => {
            debug_assert!(recorded.is_none(), "two steps recorded at once");
            taped(state, tape, step);
            *recorded = Some(step);
        }
        Action::Reverse { step } => {
            assert_eq!(recorded.take(), Some(step), "checkpoint: Reverse without the Record of its step");
            adjoint(state, tape, step);
        }
        Action::Free { slot } => store.free(slot),
    }
}
