//! Models with no short proof, for tests that a limit stops a search from
//! inside rather than between calls.

use std::time::{Duration, Instant};

use sudokit_model::{
    CancelToken, Constraint, Domain, Engine, LimitKind, Limits, Mode, Model, Request, Status,
};

/// Thirteen pigeons, twelve holes, as one all-different: no solution, and
/// no short proof for a SAT solver (resolution needs exponentially many
/// steps) nor for Z3 (it gives up after 10 s with `:timeout 10000`).
pub fn pigeonhole() -> Model {
    let mut model = Model::new();
    let pigeons: Vec<_> = (0..13)
        .map(|i| model.new_var(format!("p{i}"), Domain::range(1, 12)))
        .collect();
    model
        .add(Constraint::AllDifferent(pigeons))
        .expect("the pigeons exist");
    model
}

/// The same pigeons with one `≠` per pair: hard for a CP engine, whose
/// all-different reasoning ([`pigeonhole`] fails at the root under arc or
/// bound consistency) never sees the pairs as one group, so it searches
/// through about 12! placements.
pub fn pairwise_pigeonhole() -> Model {
    let mut model = Model::new();
    let pigeons: Vec<_> = (0..13)
        .map(|i| model.new_var(format!("p{i}"), Domain::range(1, 12)))
        .collect();
    for (i, &x) in pigeons.iter().enumerate() {
        for &y in &pigeons[i + 1..] {
            model
                .add(Constraint::NotEqualOffset { x, y, offset: 0 })
                .expect("the pigeons exist");
        }
    }
    model
}

/// Solves [`pigeonhole`] under `limits` and asserts that the `kind` limit
/// stopped it: status, an incomplete count, and an end within a minute
/// (not a speed claim: a hang, or a limit checked only between solver
/// calls, takes hours).
pub fn assert_stopped_by(engine: &dyn Engine, limits: Limits, kind: LimitKind) {
    assert_stopped_on(engine, &pigeonhole(), limits, kind);
}

/// [`assert_stopped_by`] on another model with no short proof.
pub fn assert_stopped_on(engine: &dyn Engine, model: &Model, limits: Limits, kind: LimitKind) {
    let started = Instant::now();
    let outcome = engine
        .solve(model, &Request::new(Mode::First).with_limits(limits))
        .unwrap_or_else(|e| panic!("{}: {e}", engine.name()));
    assert_eq!(
        outcome.status,
        Status::LimitReached(kind),
        "{}",
        engine.name()
    );
    assert!(!outcome.complete, "{}", engine.name());
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "{}: {:?}",
        engine.name(),
        started.elapsed()
    );
}

/// Asserts that a deadline, then a cancellation from another thread, each
/// `after` from the start, stop a solve of [`pigeonhole`] from inside.
pub fn assert_clock_and_cancel_stop(engine: &dyn Engine, after: Duration) {
    assert_clock_and_cancel_stop_on(engine, &pigeonhole(), after);
}

/// [`assert_clock_and_cancel_stop`] on another model with no short proof.
pub fn assert_clock_and_cancel_stop_on(engine: &dyn Engine, model: &Model, after: Duration) {
    let stopped = |limits, kind| assert_stopped_on(engine, model, limits, kind);
    stopped(Limits::none().with_timeout(after), LimitKind::Time);
    let token = CancelToken::new();
    let canceller = {
        let token = token.clone();
        std::thread::spawn(move || {
            std::thread::sleep(after);
            token.cancel();
        })
    };
    stopped(Limits::none().with_cancel(token), LimitKind::Cancelled);
    canceller.join().expect("the canceller ends");
}
