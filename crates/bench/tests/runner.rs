//! The runner's promises, proved with engines written for the purpose:
//! a deadline stops the work (the call returns near it and nothing keeps
//! running), wrong answers disqualify, timeouts and wrong answers are both
//! counted, and every rendering carries the same rows.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sudokit_bench::{
    baseline_messages, builtin, compare, from_json, render_html, render_table, run, to_json,
    write_csv, BenchEngine, BenchMode, BenchReport, Config, Machine, PuzzleSet, RowStatus,
    SetPuzzle, Verdict,
};
use sudokit_model::{
    Capabilities, ConstraintKind, Engine, EngineError, Model, Outcome, Request, SearchEnd,
};
use sudokit_puzzle::Puzzle;

/// Counts the solves in progress, the solves begun and the work done,
/// across every instance.
#[derive(Default)]
struct Meter {
    active: AtomicUsize,
    calls: AtomicU64,
    work: AtomicU64,
}

/// How the test engine misbehaves.
#[derive(Clone, Copy)]
enum Act {
    /// Burns CPU, checking its limits through `StopCheck` as a real search does.
    Spin,
    /// Sleeps in short slices, checking the clock and cancel flag in between.
    Sleep,
    /// Returns a grid that breaks the puzzle (every blank cell set to 1).
    Lie,
    /// Says "no solution", with a complete search.
    Deny,
    /// Returns one valid grid and claims it is the only one.
    ClaimUnique,
}

struct TestEngine {
    act: Act,
    meter: Arc<Meter>,
    /// When set, only these puzzles (by their first given cells) misbehave;
    /// the others get the lie.
    script: Option<Mutex<Vec<Act>>>,
}

impl TestEngine {
    fn new(act: Act, meter: &Arc<Meter>) -> Self {
        TestEngine {
            act,
            meter: meter.clone(),
            script: None,
        }
    }
}

fn grid_of(model: &Model) -> Vec<i32> {
    model
        .vars()
        .iter()
        .map(|v| v.domain.fixed_value().unwrap_or(1))
        .collect()
}

impl Engine for TestEngine {
    fn name(&self) -> String {
        "test".into()
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            constraints: &[ConstraintKind::AllDifferent],
            optimizes: false,
            limits: Capabilities::ALL_LIMITS,
        }
    }

    fn solve(&self, model: &Model, request: &Request) -> Result<Outcome, EngineError> {
        self.meter.active.fetch_add(1, Ordering::SeqCst);
        self.meter.calls.fetch_add(1, Ordering::SeqCst);
        let act = match &self.script {
            Some(script) => script.lock().unwrap().remove(0),
            None => self.act,
        };
        let outcome = match act {
            Act::Spin => {
                let mut check = request.limits.checker();
                let mut nodes = 0u64;
                loop {
                    nodes += 1;
                    self.meter.work.fetch_add(1, Ordering::Relaxed);
                    if let Some(kind) = check.check(nodes, 0) {
                        let mut o = finished(SearchEnd::Stopped(kind), 0, vec![]);
                        o.stats.nodes = Some(nodes);
                        break o;
                    }
                }
            }
            Act::Sleep => loop {
                std::thread::sleep(Duration::from_millis(2));
                self.meter.work.fetch_add(1, Ordering::Relaxed);
                if let Some(kind) = request.limits.checker().check_now() {
                    break finished(SearchEnd::Stopped(kind), 0, vec![]);
                }
            },
            Act::Lie => finished(SearchEnd::Capped, 1, vec![grid_of(model)]),
            Act::Deny => finished(SearchEnd::Exhausted, 0, vec![]),
            Act::ClaimUnique => finished(
                SearchEnd::Exhausted,
                1,
                vec![vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]],
            ),
        };
        self.meter.active.fetch_sub(1, Ordering::SeqCst);
        Ok(outcome)
    }
}

/// The test engine's outcomes, as every engine makes them.
fn finished(end: SearchEnd, count: u64, solutions: Vec<Vec<i32>>) -> Outcome {
    Outcome::finished(end, sudokit_model::Mode::First, count, solutions)
}

fn medium(n: usize) -> Vec<PuzzleSet> {
    let mut set = builtin("medium").unwrap();
    set.truncate(n);
    vec![set]
}

fn engine(spec: &str, e: TestEngine) -> BenchEngine {
    BenchEngine::new(spec, Arc::new(e))
}

fn real(spec: &str) -> BenchEngine {
    BenchEngine::new(spec, Arc::from(sudokit_engines::build(spec).unwrap()))
}

fn config(timeout_ms: u64, jobs: usize) -> Config {
    Config {
        timeout: Duration::from_millis(timeout_ms),
        jobs,
        warmup: false,
        ..Config::default()
    }
}

fn assert_stops_at_the_deadline(act: Act, jobs: usize) {
    let meter = Arc::new(Meter::default());
    let engines = [engine("spin", TestEngine::new(act, &meter))];
    let sets = medium(4);
    let cfg = config(150, jobs);
    let start = Instant::now();
    let rows = run(&engines, &sets, &cfg, &|_| {});
    let wall = start.elapsed();

    assert_eq!(rows.len(), 4);
    for r in &rows {
        // A timeout row means the engine's own clock saw the deadline pass.
        // No lower bound on the row's time: the deadline is set before the
        // timed call starts, so the search alone may measure under 150 ms.
        assert_eq!(r.status, RowStatus::Timeout, "{r:?}");
        let t = Duration::from_secs_f64(r.time_us / 1e6);
        assert!(t < Duration::from_millis(150 + 100), "returned late: {t:?}");
        assert!(r.detail.is_none(), "{:?}", r.detail);
    }
    // Four deadlines of 150 ms, `jobs` at a time: the whole run is bounded.
    let rounds = 4u32.div_ceil(jobs as u32);
    assert!(
        wall < Duration::from_millis(150) * rounds + Duration::from_millis(300),
        "{wall:?}"
    );
    // Nothing is running any more, and no work happens after the return.
    assert_eq!(meter.active.load(Ordering::SeqCst), 0);
    let done = meter.work.load(Ordering::SeqCst);
    std::thread::sleep(Duration::from_millis(60));
    assert_eq!(meter.work.load(Ordering::SeqCst), done, "work went on");
}

#[test]
fn a_spinning_engine_stops_at_the_deadline_and_leaves_nothing_running() {
    assert_stops_at_the_deadline(Act::Spin, 1);
}

#[test]
fn a_sleeping_engine_stops_at_the_deadline_and_leaves_nothing_running() {
    assert_stops_at_the_deadline(Act::Sleep, 1);
}

#[test]
fn parallel_runs_stop_at_the_deadline_too() {
    assert_stops_at_the_deadline(Act::Spin, 2);
}

#[test]
fn parallel_runs_warm_each_worker_up_once() {
    let meter = Arc::new(Meter::default());
    let engines = [engine("lie", TestEngine::new(Act::Lie, &meter))];
    let sets = vec![builtin("hard").unwrap()];
    let puzzles = sets[0].puzzles.len() as u64;
    for jobs in [1, 2, 4] {
        meter.calls.store(0, Ordering::SeqCst);
        let cfg = Config {
            warmup: true,
            ..config(1000, jobs)
        };
        let rows = run(&engines, &sets, &cfg, &|_| {});
        assert_eq!(rows.len() as u64, puzzles);
        // One untimed solve per worker, however rayon splits the set.
        let warmups = meter.calls.load(Ordering::SeqCst) - puzzles;
        assert!(
            (1..=jobs as u64).contains(&warmups),
            "{warmups} warm-ups on {jobs} workers"
        );
    }
}

#[test]
fn the_cancel_token_stops_a_run() {
    let meter = Arc::new(Meter::default());
    let engines = [engine("spin", TestEngine::new(Act::Spin, &meter))];
    let cfg = config(60_000, 1);
    let cancel = cfg.cancel.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        cancel.cancel();
    });
    let start = Instant::now();
    let rows = run(&engines, &medium(2), &cfg, &|_| {});
    stopper.join().unwrap();
    assert!(start.elapsed() < Duration::from_secs(2));
    assert!(rows.iter().all(|r| r.status == RowStatus::Timeout));
    assert_eq!(
        rows[0].detail.as_deref(),
        Some("stopped by the cancelled limit")
    );
    assert_eq!(meter.active.load(Ordering::SeqCst), 0);
}

#[test]
fn wrong_answers_disqualify_and_are_named() {
    let meter = Arc::new(Meter::default());
    let engines = [
        real("fast"),
        engine("liar", TestEngine::new(Act::Lie, &meter)),
        engine("denier", TestEngine::new(Act::Deny, &meter)),
    ];
    let rows = run(&engines, &medium(3), &config(2000, 1), &|_| {});
    let report = report_of(&engines, &medium(3), rows, &config(2000, 1));

    let fast = report.summary("medium", "fast").unwrap();
    assert_eq!((fast.solved, fast.verdict), (3, Verdict::AllSolved));
    assert_eq!(fast.status, "all solved");

    let liar = report.summary("medium", "liar").unwrap();
    assert_eq!((liar.wrong, liar.verdict), (3, Verdict::Disqualified));
    assert_eq!(liar.status, "DISQUALIFIED: 3 wrong answers");
    let detail = report.rows.iter().find(|r| r.engine == "liar").unwrap();
    assert!(
        detail
            .detail
            .as_deref()
            .unwrap()
            .starts_with("solution 1 breaks the puzzle"),
        "{:?}",
        detail.detail
    );

    // "No solution" is refuted by fast's verified grid.
    let denier = report.summary("medium", "denier").unwrap();
    assert_eq!((denier.wrong, denier.verdict), (3, Verdict::Disqualified));
    let row = report.rows.iter().find(|r| r.engine == "denier").unwrap();
    assert!(
        row.detail
            .as_deref()
            .unwrap()
            .starts_with("claims no solution, but 1 verified grid(s) exist (also found by fast)"),
        "{:?}",
        row.detail
    );
    assert!(report.any_wrong());
    let table = render_table(&report);
    assert!(table.contains("wrong answers:"), "{table}");
}

#[test]
fn a_timeout_and_a_wrong_answer_are_both_counted() {
    let meter = Arc::new(Meter::default());
    let mut flaky = TestEngine::new(Act::Lie, &meter);
    flaky.script = Some(Mutex::new(vec![Act::Lie, Act::Spin, Act::Spin]));
    let engines = [engine("flaky", flaky)];
    let cfg = config(50, 1);
    let rows = run(&engines, &medium(3), &cfg, &|_| {});
    let statuses: Vec<RowStatus> = rows.iter().map(|r| r.status).collect();
    assert_eq!(
        statuses,
        [RowStatus::Wrong, RowStatus::Timeout, RowStatus::Timeout]
    );
    let report = report_of(&engines, &medium(3), rows, &cfg);
    let s = report.summary("medium", "flaky").unwrap();
    assert_eq!((s.wrong, s.timeouts, s.solved), (1, 2, 0));
    assert_eq!(s.status, "DISQUALIFIED: 1 wrong answer, 2 timeouts");
}

#[test]
fn a_false_uniqueness_claim_is_refuted_in_unique_mode() {
    let blank = Puzzle::boxed(2, 2, vec![0; 16]).unwrap();
    let set = PuzzleSet {
        name: "blank4".into(),
        title: "an empty 4x4 grid".into(),
        source: "test".into(),
        puzzles: vec![SetPuzzle {
            index: 1,
            line: 1,
            text: "................".into(),
            puzzle: blank,
        }],
    };
    let meter = Arc::new(Meter::default());
    let engines = [
        real("cp"),
        engine("claims-unique", TestEngine::new(Act::ClaimUnique, &meter)),
    ];
    let cfg = Config {
        mode: BenchMode::Unique,
        ..config(2000, 1)
    };
    let rows = run(&engines, &[set], &cfg, &|_| {});
    assert_eq!(rows[0].status, RowStatus::Solved);
    assert_eq!(rows[0].solutions, 2);
    assert_eq!(rows[1].status, RowStatus::Wrong, "{:?}", rows[1]);
    let detail = rows[1].detail.as_deref().unwrap();
    assert!(
        detail.starts_with("claims exactly one solution, but ")
            && detail.contains("verified grid(s) exist (also found by cp)"),
        "{detail}"
    );
}

#[test]
fn certify_proves_true_counts_and_not_a_false_one() {
    let meter = Arc::new(Meter::default());
    let engines = [
        real("fast"),
        engine("denier", TestEngine::new(Act::Deny, &meter)),
    ];
    let cfg = Config {
        mode: BenchMode::Unique,
        certify: true,
        ..config(5000, 1)
    };
    let rows = run(&engines, &medium(3), &cfg, &|_| {});
    let report = report_of(&engines, &medium(3), rows, &cfg);
    for row in report.rows.iter().filter(|r| r.engine == "fast") {
        assert_eq!(row.certified, Some(true), "{row:?}");
        assert!(row.certify_us.is_some_and(|t| t > 0.0), "{row:?}");
    }
    let fast = report.summary("medium", "fast").unwrap();
    assert_eq!(fast.certified, Some(3));
    // "No solution" is false: the certifier finds a solution, so no proof.
    for row in report.rows.iter().filter(|r| r.engine == "denier") {
        assert_eq!(row.certified, Some(false), "{row:?}");
    }
    assert_eq!(
        report.summary("medium", "denier").unwrap().certified,
        Some(0)
    );
    let table = render_table(&report);
    let head = table
        .lines()
        .find(|l| l.trim_start().starts_with("engine"))
        .unwrap();
    assert!(head.contains("certified  certify"), "{table}");
    let fast_line = table
        .lines()
        .find(|l| l.trim_start().starts_with("fast "))
        .unwrap();
    assert!(fast_line.contains(" 3/3 "), "{table}");

    // Without it nothing is certified, and the table has no such column.
    let cfg = Config {
        mode: BenchMode::Unique,
        ..config(5000, 1)
    };
    let rows = run(&engines[..1], &medium(3), &cfg, &|_| {});
    assert!(rows
        .iter()
        .all(|r| r.certified.is_none() && r.certify_us.is_none()));
    let report = report_of(&engines[..1], &medium(3), rows, &cfg);
    assert_eq!(report.summary("medium", "fast").unwrap().certified, None);
    assert!(!render_table(&report).contains("certified"));
}

fn report_of(
    engines: &[BenchEngine],
    sets: &[PuzzleSet],
    rows: Vec<sudokit_bench::Row>,
    cfg: &Config,
) -> BenchReport {
    BenchReport::new(
        Machine::detect(),
        cfg,
        engines,
        Vec::new(),
        sets,
        rows,
        Duration::from_millis(1),
    )
}

#[test]
fn every_rendering_carries_the_same_rows() {
    let engines = [real("fast"), real("backtrack:mrv")];
    let sets = medium(4);
    let cfg = Config {
        repeat: 2,
        warmup: true,
        ..config(2000, 1)
    };
    let rows = run(&engines, &sets, &cfg, &|_| {});
    let mut report = report_of(&engines, &sets, rows, &cfg);
    assert!(report.rows.iter().all(|r| r.times_us.len() == 2));

    let json = to_json(&report);
    let back = from_json(&json, "mem").unwrap();
    assert_eq!(back, report);

    let mut csv = Vec::new();
    write_csv(&report, &mut csv).unwrap();
    let csv = String::from_utf8(csv).unwrap();
    assert_eq!(csv.lines().count(), 1 + report.rows.len());
    assert!(csv.starts_with("set,engine,puzzle,line,status,time_us,"));

    let table = render_table(&report);
    for s in &report.summaries {
        let line = table
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{} ", s.engine)))
            .unwrap();
        assert!(
            line.contains(&format!("{}/{}", s.solved, s.total)),
            "{line}"
        );
        assert!(line.ends_with(&s.status), "{line}");
    }

    report.baseline = Some(compare(&report, &back, "self.json"));
    let base = report.baseline.as_ref().unwrap();
    let messages = baseline_messages(&report, &back, base);
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].starts_with("baseline self.json (commit "),
        "{messages:?}"
    );
    assert!(
        messages[0].ends_with("): compared fast on medium, backtrack:mrv on medium"),
        "{messages:?}"
    );
    // A baseline of another mode and no pair in common says so.
    let mut other = back.clone();
    other.run.mode = "unique".into();
    other.summaries.clear();
    let nothing = compare(&report, &other, "other.json");
    assert_eq!(
        baseline_messages(&report, &other, &nothing),
        [
            "warning: --baseline other.json: no engine and set in common with this run (it has none)",
            "warning: --baseline other.json ran in mode unique and this run in mode first: \
             the ratios compare different work",
        ]
    );
    assert!(base.comparisons.iter().all(|c| c.same_puzzles));
    assert!(base
        .comparisons
        .iter()
        .all(|c| c.median_ratio.iter().all(|r| (r - 1.0).abs() < 1e-9)));
    assert!(render_table(&report).contains("1.00×"));

    let html = render_html(&report).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert_eq!(
        html.matches("<svg").count(),
        3,
        "the spread and total charts + one cactus per set"
    );
    assert!(html.contains("backtrack:mrv") && html.contains("Cactus plots"));
    // Self-contained: the one script is inline, nothing is fetched.
    assert_eq!(html.matches("<script>").count(), 1);
    assert!(!html.contains("src=") && !html.contains("href=\"http"));
}

#[test]
fn refusals_are_unsupported_not_errors() {
    // fast refuses killer cages; cp solves them.
    let puzzle = sudokit_formats::parse_puzzle(
        "size = 4\nboxes = \"2x2\"\ngivens = \"................\"\n\n[[cage]]\nsum = 3\ncells = [[1, 1], [1, 2]]\n",
        &sudokit_formats::ReadOptions::default(),
    )
    .unwrap();
    let set = PuzzleSet {
        name: "k".into(),
        title: "killer".into(),
        source: "test".into(),
        puzzles: vec![SetPuzzle {
            index: 1,
            line: 1,
            text: String::new(),
            puzzle,
        }],
    };
    let rows = run(
        &[real("fast"), real("cp")],
        &[set],
        &config(2000, 1),
        &|_| {},
    );
    assert_eq!(rows[0].status, RowStatus::Unsupported);
    assert!(rows[0]
        .detail
        .as_deref()
        .unwrap()
        .contains("does not support"));
    assert_eq!(rows[1].status, RowStatus::Solved, "{:?}", rows[1]);
}
