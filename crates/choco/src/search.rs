//! One solve in Choco: `Solver.solve()` called once per solution, as the
//! course's Choco notebook does (`while (solver.solve()) { … }`). With an
//! objective set, each call returns a better solution, until none is left:
//! the last one is optimal.
//!
//! **Limits** are Choco's own stop criteria, which it reads at every node:
//! the time left before the deadline, the node and fail budgets. A cancel
//! token cannot be read by Choco, so while a call runs a watchdog thread
//! looks at it and, once cancelled, adds a stop criterion to the running
//! search ([`Choco::stop_soon`](crate::ffi::Choco::stop_soon)); the
//! watchdog is joined before the call returns.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use sudokit_model::{CancelToken, Collector, LimitKind, Limits, Model, Outcome, Request, Stats};

use crate::ffi::{Obj, SendObj, Session};
use crate::translate::Translated;

/// How often the watchdog looks at the cancel token.
const WATCH_PERIOD: Duration = Duration::from_millis(10);

/// A time limit that never stops a solve, set when the request has none
/// but a cancel token: the watchdog's criterion then joins a list that
/// already has room for it, instead of making it grow under the search
/// that reads it.
const A_WEEK_MS: i64 = 7 * 24 * 3600 * 1000;

/// Searches the translated model as `request` asks (with the model's
/// objective set when it asks for an optimisation).
pub(crate) fn search(
    session: &Session,
    translated: &Translated<'_>,
    model: &Model,
    request: &Request,
) -> Outcome {
    let started = Instant::now();
    let limits = &request.limits;
    let solver = translated.solver;
    let mut collector = Collector::new(request, model.objective());
    let limit = match limits.checker().check_now() {
        Some(kind) => Some(kind),
        None => {
            // The criteria are added to the solver by the first call; the
            // next calls pass an empty array, made once.
            let mut stop = criteria(session, translated.model, limits);
            let none = session.criteria(translated.model, None, None, None);
            loop {
                let found = solve_watched(session, solver, stop, limits.cancel.as_ref());
                stop = none;
                if !found {
                    break stopped_by(session, solver, limits);
                }
                let values = || translated.vars.iter().map(|&var| session.value(var));
                if collector.found(values).is_break() {
                    break None;
                }
            }
        }
    };
    let [nodes, fails, backtracks, restarts] = session.counts(solver);
    let count = collector.count();
    let mut outcome = collector.finish(limit);
    outcome.stats = Stats {
        // Choco opens a node for every decision and for every solution (a
        // node with nothing left to decide): its decisions are what the
        // contract and `cp` call nodes, so a grid propagation solves takes 0.
        nodes: Some(nodes.saturating_sub(count)),
        fails: Some(fails),
        backtracks: Some(backtracks),
        restarts: Some(restarts),
        encoding_vars: Some(translated.vars.len() as u64),
        encoding_constraints: Some(model.constraints().len() as u64),
        solve_time: started.elapsed(),
        ..Stats::default()
    };
    outcome
}

/// The stop criteria of `limits`, as Choco counts them.
fn criteria<'s>(session: &'s Session, model: Obj<'s>, limits: &Limits) -> Obj<'s> {
    let time_ms = limits
        .deadline
        .map(|deadline| {
            let left = deadline.saturating_duration_since(Instant::now());
            // Whole milliseconds, rounded up: never before the deadline.
            (left.as_micros().div_ceil(1000) as i64).max(1)
        })
        .or(limits.cancel.as_ref().map(|_| A_WEEK_MS));
    let budget = |n: Option<u64>| n.map(|n| i64::try_from(n).unwrap_or(i64::MAX));
    session.criteria(model, time_ms, budget(limits.nodes), budget(limits.fails))
}

/// Which limit, if any, ended a call that found no solution.
fn stopped_by(session: &Session, solver: Obj<'_>, limits: &Limits) -> Option<LimitKind> {
    if limits
        .cancel
        .as_ref()
        .is_some_and(CancelToken::is_cancelled)
    {
        return Some(LimitKind::Cancelled);
    }
    let [nodes, fails, ..] = session.counts(solver);
    if limits.nodes.is_some_and(|budget| nodes >= budget) {
        return Some(LimitKind::Nodes);
    }
    if limits.fails.is_some_and(|budget| fails >= budget) {
        return Some(LimitKind::Fails);
    }
    if limits
        .deadline
        .is_some_and(|deadline| Instant::now() >= deadline)
    {
        return Some(LimitKind::Time);
    }
    None
}

/// `session.solve`, stopped from a watchdog thread if `cancel` is cancelled
/// meanwhile.
fn solve_watched(
    session: &Session,
    solver: Obj<'_>,
    stop: Obj<'_>,
    cancel: Option<&CancelToken>,
) -> bool {
    let Some(cancel) = cancel else {
        return session.solve(solver, stop);
    };
    if cancel.is_cancelled() {
        return false;
    }
    let choco = session.choco();
    let target = SendObj(solver);
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let target = target;
            loop {
                match finished.recv_timeout(WATCH_PERIOD) {
                    Err(RecvTimeoutError::Timeout) if cancel.is_cancelled() => {
                        // A thread that cannot attach cannot stop the
                        // search; the solve then ends at its other limits.
                        let _ = choco.stop_soon(target.0);
                        return;
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                    _ => return,
                }
            }
        });
        let found = session.solve(solver, stop);
        drop(done);
        found
    })
}
