use std::fmt;
use std::time::{Duration, Instant};

use sudokit_model::{Engine, EngineError, Mode, Request};
use sudokit_verify::check_grid;

use crate::{cases, Case};

/// How one case went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Right count, every grid valid.
    Passed,
    /// Wrong count, an invalid grid, or an engine error.
    Failed(String),
    /// The engine refused the model with `EngineError::Unsupported`.
    Unsupported(String),
    /// Marked slow and not run in this (unoptimised) build.
    Deferred,
}

/// One case's verdict and time.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// Case name.
    pub name: String,
    /// The verdict.
    pub verdict: Verdict,
    /// Wall time of the solve.
    pub time: Duration,
}

/// The results of a whole run.
#[derive(Clone, Debug)]
pub struct Report {
    engine: String,
    declared_unsupported: Vec<String>,
    /// One result per case, in file order.
    pub results: Vec<CaseResult>,
}

/// A conformance run for one engine.
pub struct Suite<'a> {
    engine: &'a dyn Engine,
    slow: Vec<String>,
    unsupported: Vec<String>,
}

impl<'a> Suite<'a> {
    /// All 61 cases for `engine`.
    pub fn new(engine: &'a dyn Engine) -> Self {
        Suite {
            engine,
            slow: Vec::new(),
            unsupported: Vec::new(),
        }
    }

    /// Cases too slow for an unoptimised build: run only when
    /// `debug_assertions` are off (`cargo test --release`), reported as
    /// deferred otherwise.
    pub fn slow(mut self, names: &[&str]) -> Self {
        self.slow.extend(names.iter().map(|s| s.to_string()));
        self
    }

    /// Case kinds (`killer`, `jigsaw` ...) or names the engine is expected
    /// to refuse; any other refusal fails the run.
    pub fn unsupported(mut self, kinds_or_names: &[&str]) -> Self {
        self.unsupported
            .extend(kinds_or_names.iter().map(|s| s.to_string()));
        self
    }

    /// Runs every case.
    pub fn run(self) -> Report {
        let optimised = !cfg!(debug_assertions);
        let results = cases()
            .iter()
            .map(|case| {
                if self.slow.contains(&case.name) && !optimised {
                    return CaseResult {
                        name: case.name.clone(),
                        verdict: Verdict::Deferred,
                        time: Duration::ZERO,
                    };
                }
                let start = Instant::now();
                let verdict = judge(self.engine, case);
                CaseResult {
                    name: case.name.clone(),
                    verdict,
                    time: start.elapsed(),
                }
            })
            .collect();
        Report {
            engine: self.engine.name(),
            declared_unsupported: self.unsupported,
            results,
        }
    }
}

/// Counts up to the cap, checks every grid, compares the count.
fn judge(engine: &dyn Engine, case: &Case) -> Verdict {
    let model = case.puzzle.to_model();
    let request = Request::new(Mode::CountUpTo(case.count_cap));
    let outcome = match engine.solve(&model, &request) {
        Ok(outcome) => outcome,
        Err(EngineError::Unsupported { what, .. }) => return Verdict::Unsupported(what),
        Err(e) => return Verdict::Failed(e.to_string()),
    };
    let n = case.puzzle.size();
    for solution in &outcome.solutions {
        let grid: Vec<u8> = solution.iter().take(n * n).map(|&v| v as u8).collect();
        let report = check_grid(&case.puzzle, &grid);
        if !report.is_valid() {
            return Verdict::Failed(format!("invalid grid: {report}"));
        }
        if let Some(expected) = &case.solution {
            if &grid != expected {
                return Verdict::Failed("valid grid differs from the unique solution".into());
            }
        }
    }
    let mut distinct = outcome.solutions.clone();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != outcome.solutions.len() {
        return Verdict::Failed("the same solution was returned twice".into());
    }
    if outcome.count != case.count || outcome.solutions.len() as u64 != case.count {
        return Verdict::Failed(format!(
            "counted {} ({} grids returned), expected {}",
            outcome.count,
            outcome.solutions.len(),
            case.count
        ));
    }
    let exhausted_expected = case.count < case.count_cap;
    if outcome.complete != exhausted_expected {
        return Verdict::Failed(format!(
            "complete = {}, expected {exhausted_expected}",
            outcome.complete
        ));
    }
    Verdict::Passed
}

impl Report {
    /// Panics with every failure (and every undeclared refusal) listed.
    pub fn assert_passed(&self) {
        let problems: Vec<String> = self
            .results
            .iter()
            .filter_map(|r| match &r.verdict {
                Verdict::Failed(why) => Some(format!("{}: {why}", r.name)),
                Verdict::Unsupported(what) if !self.declared(&r.name) => Some(format!(
                    "{}: refused ({what}) but not declared unsupported",
                    r.name
                )),
                _ => None,
            })
            .collect();
        println!("{self}");
        assert!(
            problems.is_empty(),
            "{} failed {} conformance case(s):\n{}",
            self.engine,
            problems.len(),
            problems.join("\n")
        );
    }

    /// How many cases passed.
    pub fn passed(&self) -> usize {
        self.count(|v| matches!(v, Verdict::Passed))
    }

    fn count(&self, f: impl Fn(&Verdict) -> bool) -> usize {
        self.results.iter().filter(|r| f(&r.verdict)).count()
    }

    fn declared(&self, name: &str) -> bool {
        let kind = cases()
            .into_iter()
            .find(|c| c.name == name)
            .map(|c| c.kind)
            .unwrap_or_default();
        self.declared_unsupported
            .iter()
            .any(|d| d == name || *d == kind)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in &self.results {
            let verdict = match &r.verdict {
                Verdict::Passed => "ok".to_string(),
                Verdict::Failed(why) => format!("FAILED: {why}"),
                Verdict::Unsupported(what) => format!("unsupported: {what}"),
                Verdict::Deferred => "deferred: slow, runs in `cargo test --release`".into(),
            };
            writeln!(
                f,
                "{:<24} {:>10.3} ms  {verdict}",
                r.name,
                r.time.as_secs_f64() * 1e3
            )?;
        }
        write!(
            f,
            "{}: {} passed, {} failed, {} unsupported, {} deferred",
            self.engine,
            self.passed(),
            self.count(|v| matches!(v, Verdict::Failed(_))),
            self.count(|v| matches!(v, Verdict::Unsupported(_))),
            self.count(|v| matches!(v, Verdict::Deferred)),
        )
    }
}
